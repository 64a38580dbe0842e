import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("HTML report")
struct HTMLReporterTests {
    static func lint(_ root: String, depth: ProbeDepth = .verify) throws -> (report: LintReport, scan: ScanResult) {
        let scan = try InventoryScanner.scan(ScanOptions(root: root, probeDepth: depth))
        return (Linter(configuration: LintConfiguration()).lint(scan), scan)
    }

    static func example() throws -> (report: LintReport, scan: ScanResult, html: String) {
        let (report, scan) = try lint(ExampleAppFixtureTests.folder)
        return (report, scan, HTMLReporter().render(report, scan: scan))
    }

    /// The bytes of every `data:image/png;base64,` picture in the page.
    static func pictures(in html: String) -> [[UInt8]] {
        let marker = "data:image/png;base64,"
        return html.components(separatedBy: marker).dropFirst().compactMap { tail in
            let encoded = tail.prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "/" || $0 == "=" }
            return Data(base64Encoded: String(encoded)).map { Array($0) }
        }
    }

    static func thumbnail(of bytes: [UInt8], maker: ThumbnailMaker = ThumbnailMaker()) throws -> ThumbnailOutcome {
        let directory = try TemporaryDirectory()
        let path = try directory.write(bytes, to: "image.png")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        return maker.thumbnail(ofOpenFile: fd)
    }

    @Test func everyFindingOfTheLintIsInTheReportWithALinkToItsRule() throws {
        let (report, _, html) = try Self.example()
        #expect(report.findings.count >= 5)
        for finding in report.findings {
            #expect(html.contains(TallCheckKit.html(finding.message)), "\(finding.message)")
            // In its rule's section: its path and its message on one line.
            let line =
                "<code>\(TallCheckKit.html(finding.path))</code> <span class=\"message\">"
                + "\(TallCheckKit.html(finding.message))</span>"
            let section = try #require(html.range(of: "id=\"findings-\(finding.ruleID)\" open>"))
            let end =
                html.range(of: "</details>\n<", range: section.upperBound..<html.endIndex)?.lowerBound ?? html.endIndex
            #expect(html[section.upperBound..<end].contains(line), "\(finding.path)")
            // The section links to the rule's text, which is in the page itself.
            #expect(html.contains("<dt id=\"rule-\(finding.ruleID)\">"), "the rule is explained in the page")
            #expect(html.contains("href=\"#rule-\(finding.ruleID)\""))
        }
        #expect(html.contains("\(report.count(.error)) error"))
    }

    @Test func thePageIsSelfContained() throws {
        let html = try Self.example().html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for external in ["<script", "<link", "http://", "https://", "src=\"file:", "@import", "url("] {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(
            html.components(separatedBy: " src=\"").dropFirst().allSatisfy { $0.hasPrefix("data:image/png;base64,") })
    }

    @Test func everyThumbnailDecodesAsAnOrdinaryPNGWithinTheMaximum() throws {
        let html = try Self.example().html
        let pictures = Self.pictures(in: html)
        // Default ×3 (and again in the launch previews), Button ×3, Icon-60.
        #expect(pictures.count >= 7)
        let maxSide = HTMLReporter().thumbnails.maxSide
        for png in pictures {
            let pixels = try #require(PNGPixels(png), "decodes as 8-bit RGBA")
            #expect(max(pixels.width, pixels.height) <= maxSide)
            #expect(!png.contains(subsequence: Array("CgBI".utf8)))
        }
    }

    @Test func corruptAndForeignFilesGetAPlaceholderThatSaysWhy() throws {
        let html = try Self.example().html
        #expect(html.contains("no picture: file ends early at byte"), "the truncated Banner@2x.png")
        #expect(html.contains("no picture: a JPEG file"), "Photo@2x.png is a JPEG")
        guard case .unavailable(let why) = try Self.thumbnail(of: Array("not a png at all".utf8)) else {
            Issue.record("text made a thumbnail")
            return
        }
        #expect(!why.isEmpty)
    }

    @Test func aCgBIFileBecomesAnOrdinaryPNGWithItsColoursAndAlphaBack() throws {
        // Left half opaque red, right half half-transparent blue: Xcode stores BGRA, premultiplied.
        let cgbi = PNGBuilder(width: 40, height: 20, cgbi: true) { x, _ in
            x < 20 ? (255, 0, 0, 255) : (0, 0, 200, 128)
        }
        let outcome = try Self.thumbnail(of: cgbi.encoded())
        guard case .image(let thumbnail) = outcome else {
            Issue.record("no thumbnail: \(outcome)")
            return
        }
        #expect(thumbnail.fromCgBI)
        #expect(!thumbnail.png.contains(subsequence: Array("CgBI".utf8)))
        let pixels = try #require(PNGPixels(thumbnail.png))
        #expect(pixels.width == 40 && pixels.height == 20)
        #expect(pixels.pixel(5, 10) == [255, 0, 0, 255])
        let blue = pixels.pixel(30, 10)
        #expect(blue[0] == 0 && blue[1] == 0 && abs(Int(blue[2]) - 200) <= 2 && blue[3] == 128, "\(blue)")
        // Downscaled, the averaged colours stay unpremultiplied.
        let small = try Self.thumbnail(of: cgbi.encoded(), maker: ThumbnailMaker(maxSide: 10))
        guard case .image(let smaller) = small, let tiny = PNGPixels(smaller.png) else {
            Issue.record("no small thumbnail: \(small)")
            return
        }
        #expect(tiny.width == 10 && tiny.height == 5)
        #expect(tiny.pixel(1, 2) == [255, 0, 0, 255])
        let averaged = tiny.pixel(8, 2)
        #expect(averaged[0] == 0 && abs(Int(averaged[2]) - 200) <= 2 && averaged[3] == 128, "\(averaged)")
    }

    /// zlib can fill the output buffer exactly as the input runs out, with more output pending:
    /// the last IDAT's data must be drained, or a sound file reads as truncated (1 CgBI file in
    /// 80 did, at the header probe's verify depth and for thumbnails).
    @Test(arguments: [(1100, 551), (640, 1136), (300, 301)])
    func aCgBIFileWhoseLastInflateFillsTheBufferIsSound(width: Int, height: Int) throws {
        let cgbi = PNGBuilder(width: width, height: height, cgbi: true) { _, _ in (10, 20, 30, 255) }.encoded()
        let directory = try TemporaryDirectory()
        let path = try directory.write(cgbi, to: "icon.png")
        let facts = ImageProbe(depth: .verify).probe(fileAtPath: path)
        #expect(facts.isValid, "\(String(describing: facts.problem))")
        guard case .image(let thumbnail) = try Self.thumbnail(of: cgbi), let pixels = PNGPixels(thumbnail.png) else {
            Issue.record("no thumbnail of a sound \(width)×\(height) CgBI file")
            return
        }
        #expect(pixels.pixel(0, 0) == [10, 20, 30, 255])
    }

    @Test func aLargeImageMakesASmallThumbnail() throws {
        let large = PNGBuilder(width: 4096, height: 4096, colorType: 0).encoded()
        guard case .image(let thumbnail) = try Self.thumbnail(of: large) else {
            Issue.record("no thumbnail of a 4096² image")
            return
        }
        #expect(thumbnail.size == PixelSize(width: 160, height: 160))
        #expect(thumbnail.png.count < 120_000, "\(thumbnail.png.count) bytes")
    }

    @Test func interlacedAndPaletteImagesAreDecoded() throws {
        let interlaced = PNGBuilder(width: 33, height: 17, interlaced: true) { _, _ in (0, 200, 0, 255) }
        guard case .image(let thumbnail) = try Self.thumbnail(of: interlaced.encoded()),
            let pixels = PNGPixels(thumbnail.png)
        else {
            Issue.record("no thumbnail of an interlaced image")
            return
        }
        #expect(pixels.width == 33 && pixels.pixel(32, 16) == [0, 200, 0, 255])
        let palette = PNGBuilder(width: 8, height: 8, bitDepth: 4, colorType: 3)
        guard case .image(let fromPalette) = try Self.thumbnail(of: palette.encoded()) else {
            Issue.record("no thumbnail of a palette image")
            return
        }
        #expect(PNGPixels(fromPalette.png)?.pixel(0, 0) == [0x80, 0x80, 0x80, 255])
    }

    @Test func anImageOverTheLimitIsNotDecoded() throws {
        let huge = PNGBuilder(width: 100_000, height: 100_000, colorType: 0)
        // Header and a token of image data: the limit must stop it before any row is read.
        let bytes = PNGBuilder.encode([
            huge.ihdr, PNGChunk(type: "IDAT", data: [0x78, 0x9C, 0x03, 0x00]), PNGChunk(type: "IEND", data: []),
        ])
        guard case .unavailable(let why) = try Self.thumbnail(of: bytes) else {
            Issue.record("a 10-gigapixel header made a thumbnail")
            return
        }
        #expect(why.contains("100000×100000"), "\(why)")
    }

    @Test func theFourInchLaunchPreviewIsLetterboxedAroundThe35InchImage() throws {
        let (_, scan, html) = try Self.example()
        let inventory = scan.inventory
        let previews = LaunchPreview.previews(of: inventory)
        let fourInch = try #require(previews.first { $0.deviceClass.models.contains("iPhone 5") })
        #expect(fourInch.layers.map(\.presentation) == [.letterboxed, .native])
        #expect(
            fourInch.layers.map(\.size) == [PointSize(width: 320, height: 568), PointSize(width: 320, height: 480)])
        guard case .image(let shown) = fourInch.content else {
            Issue.record("nothing shown on the 4-inch phone")
            return
        }
        #expect(shown.path == "Default@2x.png")
        let threePointFive = try #require(previews.first { $0.deviceClass.models.contains("iPhone 4") })
        #expect(threePointFive.layers.map(\.presentation) == [.native])
        #expect(html.contains("<figure class=\"launch letterboxed\">"))
        #expect(html.contains("<figure class=\"launch native\">"))
    }

    @Test func theDeviceMatrixColoursEachNameAndGroupsByProblem() throws {
        let directory = try TemporaryDirectory()
        try directory.write(PNGBuilder(width: 20, height: 20).encoded(), to: "App/Star@2x.png")
        try directory.write(PNGBuilder(width: 10, height: 10).encoded(), to: "App/Sun.png")
        try directory.write(PNGBuilder(width: 20, height: 20).encoded(), to: "App/Sun@2x.png")
        try directory.write(PNGBuilder(width: 30, height: 30).encoded(), to: "App/Sun@3x.png")
        let code = #"let a = UIImage(named: "Star"); let b = UIImage(named: "Moon"); let c = UIImage(named: "Sun")"#
        try directory.write(Array(code.utf8), to: "App/View.swift")
        let (report, scan) = try Self.lint(directory.path)
        let matrix = NameMatrix(ReferenceMatrix(scan.inventory))
        #expect(matrix.rows.map(\.name) == ["Moon", "Star", "Sun"], "worst first")
        #expect(matrix.rows.map(\.worst) == [.missing, .upscaled, .native])
        let star = try #require(matrix.rows.first { $0.name == "Star" })
        let threeX = try #require(matrix.devices.firstIndex { $0.device.scale == 3 })
        #expect(star.cells[threeX].outcome == .upscaled)
        let html = HTMLReporter().render(report, scan: scan)
        #expect(html.contains("Missing on some device (1)") && html.contains("Native everywhere (1)"))
        #expect(html.contains("<td class=\"cell missing\""))
        #expect(html.contains("<td class=\"cell upscaled\""))
    }

    @Test func aLaunchImageIOSRefusesIsNotDrawn() throws {
        let directory = try TemporaryDirectory()
        let plist = "<plist><dict><key>UIDeviceFamily</key><array><integer>2</integer></array></dict></plist>"
        try directory.write(Array(plist.utf8), to: "App/Info.plist")
        try directory.write(PNGBuilder(width: 700, height: 1000, colorType: 2).encoded(), to: "App/Default~ipad.png")
        let (_, scan) = try Self.lint(directory.path)
        let previews = LaunchPreview.previews(of: scan.inventory)
        let pad = try #require(previews.first { $0.deviceClass.models.contains("iPad 2") })
        guard case .launch(_, .wrongSize) = pad.resolution.reason else {
            Issue.record("expected a wrong-size answer: \(pad.resolution.reason)")
            return
        }
        guard case .nothing = pad.content else {
            Issue.record("a 700×1000 image iOS refuses is drawn as the launch screen")
            return
        }
    }

    @Test func identifiersOfDistinctNamesDiffer() {
        #expect(htmlIdentifier("asset", "é1") != htmlIdentifier("asset", "\u{E91}"))
        #expect(htmlIdentifier("asset", "a_b") != htmlIdentifier("asset", "a b"))
        #expect(htmlIdentifier("rule", "scale-mismatch") == "rule-scale-mismatch")
    }

    @Test func hostileNamesInCodeAndCatalogsRenderAsText() throws {
        let directory = try TemporaryDirectory()
        let hostile = #"<b onload='x'>&q</b>"#
        try directory.write(
            Array(#"{"images":[{"idiom":"universal","filename":"a.png","scale":"2x"}]}"#.utf8),
            to: "App/Assets.xcassets/\(hostile).imageset/Contents.json")
        try directory.write(
            PNGBuilder(width: 3, height: 3).encoded(), to: "App/Assets.xcassets/\(hostile).imageset/a.png")
        let code = "let a = UIImage(named: \"\(hostile)\")\nlet b = UIImage(named: \"x<\\(n)>&\")\n"
        try directory.write(Array(code.utf8), to: "App/View.swift")
        let (report, scan) = try Self.lint(directory.path)
        let html = HTMLReporter().render(report, scan: scan)
        #expect(scan.inventory.references.count == 2)
        for raw in ["<b onload", "&q</b>", "x<*>&"] {
            #expect(!html.contains(raw), "\(raw) appears unescaped")
        }
        #expect(html.contains("&lt;b onload=&#39;x&#39;&gt;&amp;q&lt;/b&gt;"))
        #expect(html.contains("<code>x&lt;*&gt;&amp;</code>"), "the name built at run time")
        #expect(html.contains("id=\"matrix\""))
    }

    @Test func hostileNamesRenderAsText() throws {
        let fixture = try HostileFixture()
        let (report, scan) = try Self.lint(fixture.root, depth: .header)
        let html = HTMLReporter().render(report, scan: scan)
        for raw in [#"<x&y>"#, #"<a&b>"#, #""50%""#, #""a:b""#] {
            #expect(!html.contains(raw), "\(raw) appears unescaped")
        }
        #expect(html.contains("&lt;x&amp;y&gt;") && html.contains("&lt;a&amp;b&gt;"))
        #expect(html.contains("&quot;a:b&quot;") && html.contains("Déjà"))
        #expect(report.findings.allSatisfy { html.contains(TallCheckKit.html($0.message)) })
    }

    @Test func aReusedReportStillListsTheFindingsAndSaysWhatIsMissing() throws {
        let (report, _, _) = try Self.example()
        let html = HTMLReporter().render(report)
        #expect(html.contains("reused from the last lint"))
        #expect(report.findings.allSatisfy { html.contains(TallCheckKit.html($0.message)) })
        #expect(!html.contains("data:image/png"))
    }

    @Test(.enabled(if: HTML5Parser.command != nil, "python3 with html5lib is missing; the HTML5 parse test is skipped"))
    func theReportsParseAsHTML5WithoutErrors() throws {
        let fixture = try HostileFixture()
        let (report, scan) = try Self.lint(fixture.root, depth: .header)
        for html in [try Self.example().html, HTMLReporter().render(report, scan: scan)] {
            let (status, output) = try HTML5Parser.parse(html)
            #expect(status == 0, "\(output)")
        }
    }
}

/// html5lib's strict parser (python3-html5lib), which raises on the first parse error.
enum HTML5Parser {
    static let command: String? = ["python3", "/usr/bin/python3"].first { python in
        (try? runSubprocess([python, "-c", "import html5lib"]).status) == 0
    }

    static func parse(_ html: String) throws -> (status: Int32, output: String) {
        let script = """
            import sys, html5lib
            parser = html5lib.HTMLParser(strict=True)
            parser.parse(sys.stdin.buffer.read())
            print("parsed")
            """
        return try runSubprocess([command ?? "python3", "-c", script], input: html)
    }
}

extension Array where Element: Equatable {
    func contains(subsequence: [Element]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains {
            self[$0..<($0 + subsequence.count)].elementsEqual(subsequence)
        }
    }
}
