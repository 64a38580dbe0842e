import CZlibSystem
import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The files around the images, made hostile (issue 14): each case crashed, hung, read without
/// a bound or left the tree before.
@Suite("Hostile files around the images")
struct HostileFilesAroundImagesTests {
    static func lint(_ folder: TemporaryDirectory, follows: Bool = false) throws -> LintOutcome {
        try LintSession.run(LintRequest(root: folder.path, followsSymbolicLinks: follows)) { _ in }
    }

    /// How long `work` took, in seconds.
    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func deepXMLPlist(_ depth: Int) -> [UInt8] {
        Array(
            (#"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key>"#
                + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
                + "</dict></plist>").utf8)
    }

    /// A binary plist whose top dictionary holds an array that holds the next one twice, `levels`
    /// times: a few hundred bytes that expand to 2^levels values.
    static func sharedObjectPlist(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0xD1, 1, 2], [0x51, UInt8(ascii: "a")]]
        for level in 0..<levels { objects.append([0xA2, UInt8(3 + level), UInt8(3 + level)]) }
        objects.append([0xA0])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(0) + be64(table)
        return bytes
    }

    @Test func aDeeplyNestedXMLInfoPlistIsRefusedNotACrash() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        try folder.write(Self.deepXMLPlist(10_000), to: "Sub/Info.plist")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(scan.issues.contains { $0.message.contains("nested more than 64 levels deep") })
        #expect(throws: (any Error).self) {
            try AppInfo(contentsOfFile: folder.path + "/Sub/Info.plist", reportedPath: "Sub/Info.plist")
        }
    }

    @Test func aBinaryPlistOfSharedObjectsIsRefusedQuickly() throws {
        let bytes = Self.sharedObjectPlist(levels: 60)
        #expect(bytes.count < 700)
        let elapsed = Self.seconds {
            #expect(throws: PropertyListReader.Failure.self) { try PropertyListReader.dictionary(from: Data(bytes)) }
        }
        print("shared-object plist of \(bytes.count) bytes refused in \(elapsed) s")
        #expect(elapsed < 1)
        // A few levels are fine: 2^5 values.
        #expect((try? PropertyListReader.dictionary(from: Data(Self.sharedObjectPlist(levels: 5)))) != nil)
    }

    @Test func aBinaryPlistThatContainsItselfIsRefused() {
        var bytes = Self.sharedObjectPlist(levels: 2)
        // Make the last array refer back to the first: a cycle.
        let lastArray = 8 + 3 + 2 + 3 + 3
        bytes[lastArray] = 0xA1
        bytes.insert(2, at: lastArray + 1)
        #expect(throws: PropertyListPrecheck.Refusal.self) {
            try PropertyListPrecheck.check(bytes, maxDepth: 64, maxValues: 100_000)
        }
    }

    @Test(arguments: [
        "included: " + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000),
        "a: " + String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000),
        (0..<1_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined(),
        String(repeating: "- ", count: 500) + "x\n",
        "a: &a [x, x]\n" + (0..<100).map { "b\($0): [*a, *a]\n" }.joined(),
    ])
    func aDeeplyNestedOrAliasHeavyConfigIsRefusedNotACrash(_ yaml: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array(yaml.utf8), to: ".tallcheck.yml")
        let elapsed = Self.seconds {
            #expect(throws: LintFailure.self) { try Self.lint(folder) }
        }
        #expect(elapsed < 1)
        #expect(YAMLPrecheck.refusal(yaml) != nil)
    }

    @Test func anOrdinaryConfigPassesThePrecheck() {
        let yaml = """
            # comment with [ brackets { and * stars
            included:
              - "Images/**"
              - 'Art/*.png'
            excluded: [Pods, "Vendor/**"]
            severity: {missing-scale: error}
            disabled_rules:
              - tall-variant
            """
        #expect(YAMLPrecheck.refusal(yaml) == nil)
    }

    @Test func aConfigLinkingOutOfTheTreeIsNotFollowedUnlessAsked() throws {
        let outside = try TemporaryDirectory()
        try outside.write(Array("excluded: [\"**\"]\n".utf8), to: "shared.yml")
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/.tallcheck.yml", withDestinationPath: outside.path + "/shared.yml")
        #expect {
            try Self.lint(folder)
        } throws: { error in
            "\(error)".contains("a symbolic link out of the scanned folder")
        }
        #expect(try Self.lint(folder, follows: true).report.imageCount == 0, "followed when asked: it excludes all")
    }

    @Test func globsWithManyDoubleStarsMatchInLinearTime() throws {
        let path = (0..<30).map { _ in Substring("d") } + ["b.png"]
        let elapsed = Self.seconds {
            for stars in [6, 7, 12] {
                let pattern = Array(repeating: "**", count: stars).joined(separator: "/") + "/b.png"
                #expect(PathFilter.matches(pattern: pattern, path))
                #expect(!PathFilter.matches(pattern: pattern + "/x", path))
            }
        }
        #expect(elapsed < 1)
        #expect(PathFilter.matches(pattern: "d/**/b.png", path))
        #expect(PathFilter.matches(pattern: "d", path), "a folder pattern matches what is inside")
        #expect(!PathFilter.matches(pattern: "e/**", path))
        #expect(PathFilter.matches(pattern: "**", path))
    }
    // MARK: Images

    static func probe(_ bytes: [UInt8], depth: ProbeDepth = .verify) throws -> ImageFacts {
        let folder = try TemporaryDirectory()
        let path = try folder.write(bytes, to: "image")
        return ImageProbe(depth: depth).probe(fileAtPath: path)
    }

    @Test(arguments: ["tEXt", "gAMA", "zTXt", "iTXt", "pHYs", "iCCP", "prVt"], [true, false])
    func verifyChecksTheCRCOfEveryAncillaryChunk(type: String, afterImageData: Bool) throws {
        var chunks = PNGBuilder(width: 4, height: 4).chunks
        let broken = PNGChunk(type: type, data: Array("some data".utf8), crc: 0x1234_5678)
        chunks.insert(broken, at: afterImageData ? chunks.count - 1 : 1)
        let bytes = PNGBuilder.encode(chunks)
        let verified = try Self.probe(bytes)
        #expect(verified.problem?.description.lowercased().contains("crc") == true, "\(verified)")
        #expect(try Self.probe(bytes, depth: .header).problem == nil, "header mode reads no more than it did")
    }

    /// A 1×1 PNG whose image data goes on inflating: `megabytes` MiB of zeros after the one row.
    static func bombPNG(megabytes: Int) -> [UInt8] {
        var stream = z_stream()
        deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var compressed: [UInt8] = []
        var output = [UInt8](repeating: 0, count: 1 << 16)
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        for index in 0..<megabytes {
            zeros.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                repeat {
                    output.withUnsafeMutableBufferPointer { buffer in
                        stream.next_out = buffer.baseAddress
                        stream.avail_out = UInt32(buffer.count)
                        deflate(&stream, index == megabytes - 1 ? Z_FINISH : Z_NO_FLUSH)
                        compressed += buffer[0..<(buffer.count - Int(stream.avail_out))]
                    }
                } while stream.avail_out == 0
            }
        }
        var png = PNGBuilder(width: 1, height: 1, colorType: 0)
        png.colorType = 0
        let chunks = png.chunks.map { chunk in
            chunk.type == "IDAT" ? PNGChunk(type: "IDAT", data: compressed) : chunk
        }
        return PNGBuilder.encode(chunks)
    }

    @Test func verifyStopsWhenTheImageDataGoesOnPastTheImage() throws {
        let bytes = Self.bombPNG(megabytes: 256)
        var facts: ImageFacts?
        let elapsed = try Self.seconds { facts = try Self.probe(bytes) }
        print("a \(bytes.count)-byte PNG inflating to 256 MiB: \(elapsed) s in verify mode")
        #expect(facts?.problem?.description.contains("decompression bomb") == true, "\(String(describing: facts))")
        #expect(elapsed < 1)
        // A sound file of the same kind still verifies.
        #expect(try Self.probe(PNGBuilder(width: 300, height: 300, noisy: true).encoded()).problem == nil)
    }

    @Test func aLongRunOfJPEGFillBytesIsSkippedInBulk() throws {
        let frame: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 30, 0, 40, 1, 1, 0x11, 0]
        let bytes = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 16 << 20) + Array(frame.dropFirst()) + [0xFF, 0xD9]
        var facts: ImageFacts?
        let elapsed = try Self.seconds { facts = try Self.probe(bytes, depth: .header) }
        print("16 MiB of JPEG fill bytes: \(elapsed) s in header mode")
        #expect(facts?.pixelSize == PixelSize(width: 40, height: 30))
        #expect(elapsed < 1)
    }

    /// A BMP with a 40-byte info header of the given width and height.
    static func bmp(width: Int32, height: Int32) -> [UInt8] {
        func le32(_ value: Int32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Array("BM".utf8) + le32(54) + le32(0) + le32(54) + le32(40) + le32(width) + le32(height)
            + [1, 0, 24, 0] + [UInt8](repeating: 0, count: 24)
    }

    @Test func sizesNoImageHasAndSizesOverTheLimitsAreInvalidInEveryFormat() throws {
        #expect(try Self.probe(Self.bmp(width: -10, height: 10), depth: .header).problem != nil)
        #expect(try Self.probe(Self.bmp(width: 0, height: 10), depth: .header).problem != nil)
        #expect(
            try Self.probe(Self.bmp(width: 10, height: -10), depth: .header).pixelSize
                == PixelSize(width: 10, height: 10))
        let huge = try Self.probe(Self.bmp(width: 100_000, height: 10), depth: .header)
        #expect(huge.problem?.description.contains("over the probe's limit") == true)
        // VP8X: a 16,777,216 × 16,777,216 canvas.
        let webp =
            Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        #expect(try Self.probe(webp, depth: .header).problem?.description.contains("over the probe's limit") == true)
    }
    // MARK: Output

    @Test func catalogFileNamesCannotDriveTheTerminalInAnyReport() throws {
        let folder = try TemporaryDirectory()
        // ESC [2J (clear the screen), an OSC title, BEL and a right-to-left override, as JSON escapes.
        let escaped = "\\u001B[2J\\u001B]0;owned\\u0007x\\u202Egnp.png"
        try folder.write(
            Array(#"{"images":[{"idiom":"universal","filename":"\#(escaped)","scale":"2x"}]}"#.utf8),
            to: "A.xcassets/s.imageset/Contents.json")
        let report = try Self.lint(folder).report
        #expect(!report.findings.isEmpty)
        for reporter in Reporters.all.map({ $0.init(options: ReporterOptions(colored: false)) }) {
            let text = reporter.render(report)
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        }
    }

    @Test func aFileNameCannotForgeAnXcodeDiagnostic() throws {
        let finding = Finding(
            ruleID: "missing-scale", severity: .warning, path: "a: error: injected@2x.png", message: "m")
        let line = XcodeReporter().render(
            LintReport(root: "/r", inventory: Inventory(images: []), findings: [finding], givenRoot: "."))
        #expect(line == "/r/a%3A error%3A injected@2x.png: warning: m (missing-scale)\n")
    }

    @Test func aLaunchImageNameFromTheInfoPlistCannotForgeResolveOutput() throws {
        var info = AppInfo(path: "Info.plist")
        info.launchImages = [
            .phone: [
                LaunchImageEntry(
                    name: "Evil\r\nOn iPhone 5 the app runs native.", size: PointSize(width: 320, height: 568))
            ]
        ]
        let resolver = ImageResolver(Inventory(images: [], info: info))
        let text = resolver.resolveLaunch(on: try #require(DeviceQuery(model: "iPhone 5"))).text
        #expect(!text.contains("\r"))
        #expect(text.split(separator: "\n").count == text.components(separatedBy: "\n").count)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("On iPhone 5 the app runs native") })
    }

    @Test func bidirectionalOverridesAndByteOrderMarksInNamesAreShownEscaped() {
        #expect(escapedForDisplay(Array("\u{FEFF}a\u{202E}gnp.png".utf8)) == #"\u{FEFF}a\u{202E}gnp.png"#)
        #expect(escapedControls(#"already \x1B escaped"#) == #"already \x1B escaped"#)
    }

    /// Printable ASCII is passed through by its bytes; anything else still goes a scalar at a time.
    @Test func controlsAreEscapedWhateverTheRestOfTheText() {
        #expect(escapedControls("Images/Asset12@2x.png is 640×1136") == "Images/Asset12@2x.png is 640×1136")
        #expect(escapedControls("plain ASCII, ~ and space") == "plain ASCII, ~ and space")
        #expect(escapedControls("tab\there") == #"tab\there"#)
        #expect(escapedControls("del\u{7F}") == #"del\x7F"#)
        #expect(escapedControls("bom\u{FEFF}é") == #"bom\u{FEFF}é"#)
        #expect(escapedControls("line\u{2028}sep") == #"line\u{2028}sep"#)
        #expect(escapedControls("") == "")
    }

    @Test func aBaselineMatchesExactBytes() throws {
        let composed = Finding(ruleID: "r", severity: .warning, path: "caf\u{E9}.png", message: "m")
        let decomposed = Finding(ruleID: "r", severity: .warning, path: "cafe\u{301}.png", message: "m")
        let baseline = try Baseline(json: Baseline.document(for: [composed]), path: "b.json")
        #expect(baseline.newFindings(in: [composed]).known == 1)
        #expect(baseline.newFindings(in: [decomposed]).new.count == 1, "canonically equal is not the same name")
        let bom = Finding(ruleID: "r", severity: .warning, path: "\u{FEFF}a.png", message: "m")
        let withBOM = try Baseline(json: Baseline.document(for: [bom]), path: "b.json")
        #expect(withBOM.newFindings(in: [bom]).known == 1)
    }
    @Test func outputNeverReplacesADeviceAFIFOOrALinkOutOfItsFolder() throws {
        #expect(try OutputTarget(path: "-") == .standardOutput)
        #expect(try OutputTarget(path: "/dev/stdout") == .standardOutput)
        #expect(try OutputTarget(path: "/dev/stderr") == .standardError)
        #expect(try OutputTarget(path: "/dev/null") == .stream("/dev/null"))
        try OutputTarget(path: "/dev/null").write("report\n")
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)

        let folder = try TemporaryDirectory()
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        #expect(throws: FileWriteError.self) { try OutputTarget(path: folder.path + "/fifo").write("x") }
        #expect(lstat(folder.path + "/fifo", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)

        let outside = try TemporaryDirectory()
        let victim = try outside.write(Array("keep".utf8), to: "victim.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/out.json", withDestinationPath: victim)
        #expect(throws: FileWriteError.self) { try OutputTarget(path: folder.path + "/out.json") }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")

        try folder.write(Array("old".utf8), to: "reports/latest.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/report.json", withDestinationPath: "reports/latest.json")
        try OutputTarget(path: folder.path + "/report.json").write("new")
        #expect(try String(contentsOfFile: folder.path + "/reports/latest.json", encoding: .utf8) == "new")
        #expect(lstat(folder.path + "/report.json", &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func batchLinesAreReadInBoundedMemoryAndEveryLineIsAnswered() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let input = Array("a\n\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 300_000) + Array("\nb".utf8)
        let writeEnd = fds[1]
        let writer = Thread {
            _ = input.withUnsafeBytes { write(writeEnd, $0.baseAddress!, $0.count) }
            close(writeEnd)
        }
        writer.start()
        var reader = LineReader(descriptor: fds[0], maxLineBytes: 1_000)
        var lines: [LineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        close(fds[0])
        #expect(lines == [.text(Array("a".utf8)), .text([]), .tooLong, .text(Array("b".utf8))])
    }

    @Test func anAppIconScaleNoScreenHasIsNotReadAsOneX() {
        let huge = CatalogEntry(filename: "i.png", idiom: "iphone", scale: "18446744073709551617x", size: "60x60")
        #expect(AppIconSize.pixelSize(of: huge) == nil)
        let plain = CatalogEntry(filename: "i.png", idiom: "ios-marketing", size: "1024x1024")
        #expect(AppIconSize.pixelSize(of: plain) == PixelSize(width: 1024, height: 1024))
    }

    @Test func aContentsJSONLinkingOutOfTheTreeIsNamedNotSilentlySkipped() throws {
        let outside = try TemporaryDirectory()
        let target = try outside.write(
            Array(#"{"images":[{"idiom":"universal","filename":"s.png","scale":"1x"}]}"#.utf8), to: "Contents.json")
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "A.xcassets/s.imageset/s.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/A.xcassets/s.imageset/Contents.json", withDestinationPath: target)
        let findings = try Self.lint(folder).report.findings
        #expect(findings.map(\.ruleID) == ["catalog-malformed"])
        #expect(findings.first?.message.contains("a symbolic link; not followed") == true)
    }

    @Test func lintLeavesEveryAccessTimeAsItWas() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "Images/a.png")
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "A.xcassets/s.imageset/s.png")
        try folder.write(
            Array(#"{"images":[{"idiom":"universal","filename":"s.png","scale":"1x"}]}"#.utf8),
            to: "A.xcassets/s.imageset/Contents.json")
        try folder.write(Array("strict: false\n".utf8), to: ".tallcheck.yml")
        let paths = [
            "", "Images", "Images/a.png", "A.xcassets", "A.xcassets/s.imageset", "A.xcassets/s.imageset/s.png",
            "A.xcassets/s.imageset/Contents.json", ".tallcheck.yml",
        ].map { folder.path + "/" + $0 }
        // An access time older than a day is updated on every read, relatime or not.
        var old = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_500_000_000, tv_nsec: 0)]
        for path in paths { #expect(utimensat(AT_FDCWD, path, &old, 0) == 0) }
        _ = try LintSession.run(LintRequest(root: folder.path, probeDepth: .verify)) { _ in }
        for path in paths {
            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_atim.tv_sec == 1_600_000_000, "\(path)")
        }
    }

    /// Set by one thread, read by another.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    @Test func filesAndFoldersSwappedForLinksDuringTheRunNeverLeadOutOfTheTree() throws {
        let outside = try TemporaryDirectory()
        let secret = PNGBuilder(width: 77, height: 77).encoded()
        let secretPath = try outside.write(secret, to: "secret.png")
        try outside.write(secret, to: "Images/a.png")
        let folder = try TemporaryDirectory()
        let root = folder.path
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "Images/a.png")
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "Images/a.real")
        try folder.write(PNGBuilder(width: 12, height: 12).encoded(), to: "b.png")
        try FileManager.default.createSymbolicLink(atPath: root + "/link.png", withDestinationPath: "b.png")
        let found = SourceTreeWalker(claims: [ImageInput()]).walk(root).claimed[0]
        #expect(found.map(\.displayPath) == ["Images/a.png", "b.png", "link.png"])

        let done = Flag()
        let outsideImages = outside.path + "/Images"
        let swapper = Thread {
            for _ in 0..<1_000 {
                // A file swapped for a link out; an in-tree link pointed out; a folder swapped for a link out.
                symlink(secretPath, root + "/tmp-a")
                rename(root + "/tmp-a", root + "/Images/a.png")
                symlink(secretPath, root + "/tmp-link")
                rename(root + "/tmp-link", root + "/link.png")
                rename(root + "/Images", root + "/Images.real")
                symlink(outsideImages, root + "/Images")
                unlink(root + "/Images")
                rename(root + "/Images.real", root + "/Images")
                link(root + "/Images/a.real", root + "/tmp-real")
                rename(root + "/tmp-real", root + "/Images/a.png")
                symlink("b.png", root + "/tmp-link")
                rename(root + "/tmp-link", root + "/link.png")
            }
            done.set()
        }
        swapper.start()
        var probes = 0
        var outsideReads = 0
        let probe = ImageProbe()
        while !done.isSet {
            for file in found {
                probes += 1
                if probe.probe(found: file).pixelSize == PixelSize(width: 77, height: 77) { outsideReads += 1 }
            }
        }
        print("\(probes) probes during 1,000 swaps: \(outsideReads) read outside the tree")
        #expect(outsideReads == 0)
        #expect(probes > 100)
    }

    enum ConfigOrBaseline: String, CaseIterable, Sendable {
        case linkToDevZero, fifo, configDevZero, baselineDevZero, hugeConfig, hugeBaseline
    }

    @Test(arguments: ConfigOrBaseline.allCases)
    func configsAndBaselinesAreReadWithABoundAndNeverBlock(_ kind: ConfigOrBaseline) throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        var request = LintRequest(root: folder.path)
        switch kind {
        case .linkToDevZero:
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/.tallcheck.yml", withDestinationPath: "/dev/zero")
        case .fifo: #expect(mkfifo(folder.path + "/.tallcheck.yml", 0o600) == 0)
        case .configDevZero: request.configPath = "/dev/zero"
        case .baselineDevZero: request.baselinePath = "/dev/zero"
        case .hugeConfig:
            try folder.write([UInt8](repeating: UInt8(ascii: "#"), count: 98 << 20), to: "big.yml")
            request.configPath = folder.path + "/big.yml"
        case .hugeBaseline:
            try folder.write([UInt8](repeating: UInt8(ascii: " "), count: 123 << 20), to: "big.json")
            request.baselinePath = folder.path + "/big.json"
        }
        let prepared = request
        let finished = finishing(within: 5) { () -> String in
            do {
                _ = try LintSession.run(prepared) { _ in }
                return "ran"
            } catch {
                return "\(error)"
            }
        }
        let outcome = try #require(finished, "did not finish in 5 s")
        #expect(
            ["not a regular file", "larger than", "a symbolic link out of the scanned folder"].contains {
                outcome.contains($0)
            }, "\(outcome)")
    }
}
