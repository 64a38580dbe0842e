import Foundation

/// One self-contained HTML page for people, designers included, that reads as well with 5
/// findings as with 500: a summary first (counts by severity, rule and target, each a link), then
/// the findings by rule, each rule's text said once and its assets folded past the first few, with
/// thumbnails of every variant at its pixel size on a checkerboard; the device matrix of the names
/// the code asks for, only the names and devices with a problem unless unfolded; each device's
/// launch screen; and the documentation of every rule that found something. No script, no network:
/// styles are inline and pictures are `data:` URIs, so it works from `file://`, as a CI artifact
/// and as a mail attachment.
///
/// With the scan (``render(_:scan:)``) it reads the images for thumbnails; without it (a report
/// reused from the last lint) it shows the summary and findings only, and says so.
public struct HTMLReporter: LintReporter {
    public static let identifier = "html"
    public static let summary = "one page with thumbnails, device matrix and launch previews"
    public static let needsScan = true

    /// How thumbnails are made.
    public var thumbnails = ThumbnailMaker()
    /// Assets past this many (in page order) are listed without thumbnails, so that the report
    /// of a large app stays small enough to mail and quick to write.
    public var maxAssetsWithThumbnails = 300
    /// The longest side, in CSS pixels, an asset's largest variant is drawn at (one CSS pixel a
    /// pixel below it); smaller variants keep their size relative to it.
    public var maxDrawnSide = 160.0
    /// A rule's assets past this many are folded under "show all".
    public var assetsShownPerRule = 5
    /// An asset's findings (of one rule) past this many are folded under "show all": a source
    /// file may ask for dozens of missing names.
    public var findingsShownPerAsset = 8

    public init() {}

    public func render(_ report: LintReport) -> String { render(report, scan: nil) }

    public func render(_ report: LintReport, scan: ScanResult?) -> String {
        let inventory = scan?.inventory
        let sections = RuleSection.sections(of: report, in: inventory)
        let byTarget = Self.findingsByTarget(report.findings)
        let launches = inventory.map { LaunchPreview.previews(of: $0) } ?? []
        let matrix = inventory.flatMap { $0.references.isEmpty ? nil : NameMatrix(ReferenceMatrix($0)) }
        // Each asset's pictures once, for the first assets in page order: at a card that shows
        // unfolded when it has one, so that the other cards' links never lead into a fold.
        var drawnAt: [AssetGroup.Kind: CardPlace] = [:]
        var drawnImages: [ScannedImage] = []
        for folded in [false, true] {
            for (sectionIndex, section) in sections.enumerated() {
                for (index, group) in section.groups.enumerated()
                where (index >= assetsShownPerRule) == folded && drawnAt[group.kind] == nil
                    && drawnAt.count < maxAssetsWithThumbnails && !group.variants.isEmpty
                {
                    drawnAt[group.kind] = CardPlace(section: sectionIndex, index: index)
                    drawnImages += group.variants.map(\.image)
                }
            }
        }
        let pictures = Pictures.make(
            for: drawnImages
                + launches.compactMap { if case .image(let image) = $0.content { image } else { nil } },
            root: report.root,
            isCompiled: { inventory?.isCompiled($0) ?? false }, maker: thumbnails)

        var page = HTMLPage()
        page.open(title: "TallCheck: \(report.folder.given)")
        page += "<header><h1>TallCheck report</h1>"
        page += "<p class=\"root\"><code>\(html(report.root))</code></p>"
        page += "<p class=\"meta\">tallcheck \(html(TallCheckVersion.current)) · \(plural(report.imageCount, "image"))"
        page += " · \(plural(report.findings.count, "finding"))</p>"
        page += "<nav><a href=\"#summary\">Summary</a> <a href=\"#findings\">Findings</a>"
        if !byTarget.isEmpty { page += " <a href=\"#targets\">By target</a>" }
        if matrix != nil { page += " <a href=\"#matrix\">Device matrix</a>" }
        if !launches.isEmpty { page += " <a href=\"#launch\">Launch screens</a>" }
        page += " <a href=\"#rules\">Rules</a></nav></header>\n<main>\n"
        summary(report, sections: sections, byTarget: byTarget, scan: scan, into: &page)
        findings(sections, drawnAt: drawnAt, pictures: pictures, into: &page)
        targets(byTarget, into: &page)
        if let matrix { self.matrix(matrix, into: &page) }
        if !launches.isEmpty { self.launches(launches, pictures: pictures, into: &page) }
        rules(report, into: &page)
        page += "</main>\n"
        page.close()
        return page.text
    }

    // MARK: - Sections

    /// What a reader sees first: counts by severity, by rule and by target, each a link.
    private func summary(
        _ report: LintReport, sections: [RuleSection], byTarget: [(String, [Finding])], scan: ScanResult?,
        into page: inout HTMLPage
    ) {
        page += "<section id=\"summary\"><h2>Summary</h2>\n<p class=\"counts\">"
        for severity in Severity.allCases.sorted(by: >) {
            let count = report.count(severity)
            let text = plural(count, severity.rawValue)
            page +=
                count > 0
                ? "<a class=\"count \(severity.rawValue)\" href=\"#severity-\(severity.rawValue)\">\(text)</a> "
                : "<span class=\"count none\">\(text)</span> "
        }
        page += "</p>\n<div class=\"tables\">"
        if !sections.isEmpty {
            page +=
                "<table class=\"by-rule\"><thead><tr><th>rule</th><th>severity</th><th>findings</th></tr></thead><tbody>"
            for section in sections {
                page +=
                    "<tr><td><a href=\"#\(htmlIdentifier("findings", section.rule))\">\(html(section.rule))</a></td>"
                page += "<td class=\"\(section.severity.rawValue)\">\(section.severity.rawValue)</td>"
                page += "<td class=\"number\">\(section.findings.count)</td></tr>"
            }
            page += "</tbody></table>\n"
        }
        if !byTarget.isEmpty {
            page += "<table class=\"by-target\"><thead><tr><th>target</th><th>errors</th><th>warnings</th>"
            page += "<th>notes</th></tr></thead><tbody>"
            for (target, findings) in byTarget {
                page += "<tr><td><a href=\"#\(htmlIdentifier("target", target))\">\(html(target))</a></td>"
                for severity in Severity.allCases.sorted(by: >) {
                    page += "<td class=\"number\">\(findings.filter { $0.severity == severity }.count)</td>"
                }
                page += "</tr>"
            }
            page += "</tbody></table>\n"
        }
        page += "</div>\n"
        if report.findings.isEmpty { page += "<p class=\"clean\">No findings.</p>\n" }
        if let leftOut = report.app?.leftOut, !leftOut.isEmpty {
            page += "<p class=\"left-out\">Not checked, as they do not ship: "
            page += leftOut.map { "\(plural($0.count, "image")) \(html($0.why))" }.joined(separator: "; ") + ".</p>\n"
        }
        if let app = report.app {
            page += "<details class=\"app\"><summary>The app as linted</summary><ul class=\"app\">"
            for line in app.preamble { page += "<li>\(html(line))</li>" }
            if let inventory = scan?.inventory {
                let devices = SupportedDevices(inventory).representatives
                page += "<li>Device classes checked: "
                page += devices.map { html($0.shortDescription) }.joined(separator: "; ") + "</li>"
            }
            page += "</ul></details>\n"
        }
        if scan == nil {
            page += "<p class=\"note\">This report was reused from the last lint of an unchanged tree: "
            page += "thumbnails, the device matrix and launch previews need a fresh scan (run with --no-cache).</p>\n"
        }
        page += "</section>\n"
    }

    /// The findings of each target, most findings first.
    static func findingsByTarget(_ findings: [Finding]) -> [(String, [Finding])] {
        var byTarget: [String: [Finding]] = [:]
        for finding in findings {
            for target in finding.targets ?? [] { byTarget[target, default: []].append(finding) }
        }
        return byTarget.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { ($0.key, $0.value) }
    }

    /// One folding section a rule, most severe rules first; its summary said once, its first
    /// assets shown and the rest under "show all".
    private func findings(
        _ sections: [RuleSection], drawnAt: [AssetGroup.Kind: CardPlace], pictures: Pictures,
        into page: inout HTMLPage
    ) {
        page += "<section id=\"findings\"><h2>Findings by rule</h2>\n"
        if sections.isEmpty { page += "<p>None.</p>\n" }
        var anchoredSeverities: Set<Severity> = []
        for (sectionIndex, section) in sections.enumerated() {
            // A severity's link leads to the first section with a finding of it.
            for severity in Set(section.findings.map(\.severity)).sorted(by: >)
            where anchoredSeverities.insert(severity).inserted {
                page += "<a class=\"anchor\" id=\"severity-\(severity.rawValue)\"></a>"
            }
            page += "<details class=\"rule-findings \(section.severity.rawValue)\" "
            page += "id=\"\(htmlIdentifier("findings", section.rule))\" open>"
            page += "<summary><code class=\"rule-id\">\(html(section.rule))</code> "
            page += "<span class=\"\(section.severity.rawValue)\">\(section.severity.rawValue)</span> · "
            page += "\(plural(section.findings.count, "finding")) in \(plural(section.groups.count, "asset"))"
            if let description = Rules.description(id: section.rule) {
                page += "<br><span class=\"rule-summary\">\(html(description.summary))</span>"
            }
            page += "</summary>\n"
            for (index, group) in section.groups.enumerated() {
                if index == assetsShownPerRule {
                    page += "<details class=\"more\"><summary>Show all \(section.groups.count) assets ("
                    page += "\(section.groups.count - assetsShownPerRule) more)</summary>\n"
                }
                // The card that draws the pictures carries the asset's id; the others link to it.
                let drawing = drawnAt[group.kind]
                let drawsHere = drawing == CardPlace(section: sectionIndex, index: index)
                card(
                    group, id: drawsHere ? group.identifier : nil,
                    drawnElsewhere: drawing != nil && !drawsHere ? group.identifier : nil,
                    drawn: drawsHere, pictures: pictures, into: &page)
            }
            if section.groups.count > assetsShownPerRule { page += "</details>\n" }
            page += "<p class=\"rule-link\"><a href=\"#\(htmlIdentifier("rule", section.rule))\">Why "
            page += "\(html(section.rule)) matters, and how to fix it</a></p></details>\n"
        }
        page += "</section>\n"
    }

    /// One asset's card: its variants (drawn here, or a link to where they are drawn) and its
    /// findings of one rule.
    private func card(
        _ group: AssetGroup, id: String?, drawnElsewhere: String?, drawn: Bool, pictures: Pictures,
        into page: inout HTMLPage
    ) {
        page += "<article class=\"asset \(group.severity.rawValue)\" data-asset=\"\(group.identifier)\""
        page += "\(id.map { " id=\"\($0)\"" } ?? "")>"
        page += "<h3>\(html(group.title))"
        if !group.folder.isEmpty { page += " <span class=\"where\">\(html(group.folder))</span>" }
        page += "</h3>\n"
        if !group.variants.isEmpty {
            if let drawnElsewhere {
                page += "<p class=\"drawn-elsewhere\"><a href=\"#\(drawnElsewhere)\">See its variants</a> "
                page += "(drawn with another rule's findings)</p>"
            } else {
                variants(group, drawn: drawn, pictures: pictures, into: &page)
            }
        }
        page += "<ul class=\"findings\">"
        for (index, finding) in group.findings.enumerated() {
            if index == findingsShownPerAsset {
                page += "</ul><details class=\"more\"><summary>Show all \(group.findings.count) findings ("
                page += "\(group.findings.count - findingsShownPerAsset) more)</summary><ul class=\"findings\">"
            }
            page += "<li class=\"finding \(finding.severity.rawValue)\"><span class=\"severity\">"
            page += "\(finding.severity.rawValue)</span> <code>\(html(finding.path + finding.lineSuffix))</code> "
            page += "<span class=\"message\">\(html(finding.message))</span>"
            if let targets = finding.targets, !targets.isEmpty {
                page += " <span class=\"targets\">(\(html(targets.joined(separator: ", "))))</span>"
            }
            for related in finding.related { page += "<br><span class=\"related\">see \(html(related))</span>" }
            page += "</li>"
        }
        page += group.findings.count > findingsShownPerAsset ? "</ul></details></article>\n" : "</ul></article>\n"
    }

    /// Every variant side by side at its pixel size, one CSS pixel a pixel, the whole asset scaled
    /// down together when its largest variant is over ``maxDrawnSide``: an @2x of the wrong size
    /// breaks the 1 : 2 : 3 steps. Transparent pixels show the checkerboard.
    private func variants(_ group: AssetGroup, drawn: Bool, pictures: Pictures, into page: inout HTMLPage) {
        let largest =
            group.variants.compactMap { $0.image.facts.pixelSize }.map { Double(max($0.width, $0.height)) }
            .max() ?? 0
        let factor = largest > maxDrawnSide ? maxDrawnSide / largest : 1
        page += "<div class=\"variants\">"
        for variant in group.variants {
            let image = variant.image
            page += "<figure class=\"variant\(variant.isFlagged ? " flagged" : "")\">"
            if drawn {
                let pixels = image.facts.pixelSize
                let width = pixels.map { max(Double($0.width) * factor, 2) } ?? 64
                let height = pixels.map { max(Double($0.height) * factor, 2) } ?? 64
                picture(pictures[image.path], alt: image.fileName, width: width, height: height, into: &page)
            }
            page += "<figcaption><code>\(html(image.fileName))</code>"
            if let pixels = image.facts.pixelSize {
                page += "<br>\(pixels.width)×\(pixels.height) px"
                if let points = image.pointSize { page += " · \(html(points.description)) pt @\(image.name.scale)x" }
            } else {
                page += "<br>size unknown"
            }
            page += "</figcaption></figure>"
        }
        page += "</div>\n"
    }

    /// Every finding of each target, one line each, folded.
    private func targets(_ byTarget: [(String, [Finding])], into page: inout HTMLPage) {
        guard !byTarget.isEmpty else { return }
        page += "<section id=\"targets\"><h2>Findings by target</h2>\n"
        page += "<p>A finding on a file two targets ship is listed under each.</p>\n"
        for (target, findings) in byTarget {
            page += "<details class=\"target\" id=\"\(htmlIdentifier("target", target))\"><summary>"
            page +=
                "<strong>\(html(target))</strong>: \(plural(findings.count, "finding"))</summary><ul class=\"lines\">"
            for finding in findings {
                page += "<li><span class=\"\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
                page += "<code>\(html(finding.path + finding.lineSuffix))</code> "
                page += "<a href=\"#\(htmlIdentifier("findings", finding.ruleID))\">\(html(finding.ruleID))</a></li>"
            }
            page += "</ul></details>\n"
        }
        page += "</section>\n"
    }

    private func picture(
        _ outcome: ThumbnailOutcome?, alt: String, width: Double, height: Double, into page: inout HTMLPage
    ) {
        let size = "width:\(cssPixels(width));height:\(cssPixels(height))"
        switch outcome {
        case .image(let thumbnail)?:
            page += "<img class=\"thumb\" style=\"\(size)\" alt=\"\(html(alt))\" "
            page += "src=\"data:image/png;base64,\(Data(thumbnail.png).base64EncodedString())\">"
        case .unavailable(let why)?:
            page += "<span class=\"placeholder\" style=\"\(size)\" title=\"\(html(why))\">"
            page += "<span>no picture: \(html(why))</span></span>"
        case nil:
            page += "<span class=\"placeholder\" style=\"\(size)\"><span>no picture</span></span>"
        }
    }

    /// The names with a problem on some device, in the columns of the devices with a problem; the
    /// names native everywhere (and every device) folded below.
    private func matrix(_ matrix: NameMatrix, into page: inout HTMLPage) {
        page += "<section id=\"matrix\"><h2>Device matrix</h2>\n"
        page += "<p>What each supported device class loads for every name the code asks for: "
        page += "<span class=\"cell native\">native</span> <span class=\"cell downscaled\">downscaled</span> "
        page += "<span class=\"cell upscaled\">upscaled from a lower scale</span> "
        page += "<span class=\"cell missing\">missing</span>; † rests on reports, not documents.</p>\n"
        let problems = matrix.rows.filter { $0.worst != .native }
        let problemColumns = matrix.devices.indices.filter { column in
            problems.contains { $0.cells[column].outcome != .native }
        }
        if problems.isEmpty {
            page += "<p class=\"clean\">Every name loads a native file on every device "
            page += "(\(plural(matrix.rows.count, "name")), \(plural(matrix.devices.count, "device class"))).</p>\n"
        } else {
            if problemColumns.count < matrix.devices.count {
                let hidden = matrix.devices.count - problemColumns.count
                page += "<p>Shown: the \(plural(problems.count, "name")) with a problem, on the "
                page += "\(plural(problemColumns.count, "device class")) where one shows; \(hidden) more load every "
                page += "one of these natively.</p>\n"
            }
            matrixTable(matrix, rows: problems, columns: problemColumns, into: &page)
        }
        let native = matrix.rows.filter { $0.worst == .native }
        if !problems.isEmpty, !native.isEmpty || problemColumns.count < matrix.devices.count {
            page += "<details class=\"matrix-all\"><summary>Show every name on every device "
            page += "(\(plural(native.count, "name")) native everywhere)</summary>\n"
            matrixTable(matrix, rows: matrix.rows, columns: Array(matrix.devices.indices), into: &page)
            page += "</details>\n"
        } else if problems.isEmpty, !native.isEmpty {
            page += "<details class=\"matrix-all\"><summary>Show them</summary>\n"
            matrixTable(matrix, rows: native, columns: Array(matrix.devices.indices), into: &page)
            page += "</details>\n"
        }
        if !matrix.dynamic.isEmpty {
            page += "<details class=\"dynamic\"><summary>Names built at run time (\(matrix.dynamic.count))</summary>"
            page += "<ul class=\"dynamic\">"
            for item in matrix.dynamic {
                page += "<li><code>\(html(item.shown))</code> in \(places(item.references)): "
                page +=
                    item.matches.isEmpty
                    ? "matches no image"
                    : "can mean " + item.matches.prefix(8).map { "<code>\(html($0))</code>" }.joined(separator: ", ")
                        + (item.matches.count > 8 ? " and \(item.matches.count - 8) more" : "")
                page += "</li>"
            }
            page += "</ul></details>\n"
        }
        page += "</section>\n"
    }

    private func matrixTable(_ matrix: NameMatrix, rows: [NameMatrix.Row], columns: [Int], into page: inout HTMLPage) {
        page += "<table class=\"matrix\"><thead><tr><th>name</th><th>asked for in</th>"
        for column in columns {
            let device = matrix.devices[column]
            page += "<th title=\"\(html(device.summary))\">\(html(device.shortDescription))</th>"
        }
        page += "</tr></thead>\n"
        let titles: [NameMatrix.Outcome: String] = [
            .missing: "Missing on some device", .upscaled: "Upscaled on some device",
            .downscaled: "Downscaled on some device", .native: "Native everywhere",
        ]
        for outcome in [NameMatrix.Outcome.missing, .upscaled, .downscaled, .native] {
            let group = rows.filter { $0.worst == outcome }
            guard !group.isEmpty else { continue }
            page += "<tbody><tr class=\"group\"><th colspan=\"\(columns.count + 2)\">"
            page += "\(titles[outcome] ?? "") (\(group.count))</th></tr>\n"
            for row in group {
                page += "<tr><th scope=\"row\"><code>\(html(row.name))</code><br><small>\(html(row.api))</small></th>"
                page += "<td class=\"places\">\(places(row.references))</td>"
                for column in columns {
                    let cell = row.cells[column]
                    page += "<td class=\"cell \(cell.outcome.word)\" title=\"\(html(cell.resolution.explanation))\">"
                    page += cell.resolution.file.map { "<code>\(html(lastComponent(of: $0)))</code>" } ?? "—"
                    if let scale = cell.resolution.scale, cell.resolution.file != nil { page += " @\(scale)x" }
                    if cell.isUncertain { page += " †" }
                    page += "</td>"
                }
                page += "</tr>\n"
            }
            page += "</tbody>\n"
        }
        page += "</table>\n"
    }

    private func places(_ references: [ImageReference]) -> String {
        let shown = references.prefix(3).map { "<code>\(html("\($0.path):\($0.line)"))</code>" }
        return shown.joined(separator: ", ") + (references.count > 3 ? " and \(references.count - 3) more" : "")
    }

    /// A screen outline a quarter of its point size, with the app's layouts inside it.
    private func launches(_ previews: [LaunchPreview], pictures: Pictures, into page: inout HTMLPage) {
        let scale = 0.25
        page += "<section id=\"launch\"><h2>Launch screens</h2>\n"
        page += "<p>Each supported device class as the app launches there: native, letterboxed (the app keeps a "
        page += "smaller screen's layout, with black bars) or zoomed (that layout scaled up to fill). * marks a "
        page += "layout inferred, not documented.</p>\n<div class=\"screens\">"
        // A text that several devices share is said once, below them.
        let counts = Dictionary(previews.map { ($0.resolution.explanation, 1) }, uniquingKeysWith: +)
        var sharedNotes: [String] = []
        for preview in previews where counts[preview.resolution.explanation, default: 0] > 1 {
            if !sharedNotes.contains(preview.resolution.explanation) {
                sharedNotes.append(preview.resolution.explanation)
            }
        }
        for preview in previews {
            let screen = preview.deviceClass.bounds
            page += "<figure class=\"launch \(preview.presentation.rawValue)\">"
            page += "<div class=\"device\" style=\"width:\(cssPixels(screen.width * scale));"
            page += "height:\(cssPixels(screen.height * scale))\">"
            // Each layer's size on the page: the next one fitted (letterboxed) or filling the width (zoomed).
            var drawn = PointSize(width: screen.width * scale, height: screen.height * scale)
            for (index, layer) in preview.layers.enumerated().dropFirst() {
                let outer = preview.layers[index - 1]
                let fit = min(drawn.width / layer.size.width, drawn.height / layer.size.height)
                let factor = outer.presentation == .zoomed ? drawn.width / layer.size.width : fit
                drawn = PointSize(width: layer.size.width * factor, height: layer.size.height * factor)
                page +=
                    "<div class=\"layout\" style=\"width:\(cssPixels(drawn.width));height:\(cssPixels(drawn.height))\">"
            }
            switch preview.content {
            case .image(let image):
                picture(
                    pictures[image.path], alt: image.fileName, width: drawn.width, height: drawn.height, into: &page)
            case .storyboard(let name):
                page += "<span class=\"storyboard\" style=\"width:\(cssPixels(drawn.width));"
                page += "height:\(cssPixels(drawn.height))\"><span>\(html(name))</span></span>"
            case .nothing:
                page += "<span class=\"blank\" style=\"width:\(cssPixels(drawn.width));"
                page += "height:\(cssPixels(drawn.height))\"><span>no launch image</span></span>"
            }
            page += String(repeating: "</div>", count: preview.layers.count)
            page += "<figcaption><strong>\(html(preview.deviceClass.summary))</strong><br>"
            page += "\(Int(screen.width))×\(Int(screen.height)) pt @\(preview.deviceClass.scale)x: "
            page +=
                "<span class=\"presentation\">\(preview.presentation.rawValue)\(preview.isInferred ? "*" : "")</span>"
            if preview.layers.count > 1 {
                let kept = preview.layers.dropFirst().map { "\(Int($0.size.width))×\(Int($0.size.height))" }
                page += " (keeps the \(kept.joined(separator: " then ")) pt layout)"
            }
            if case .image(let shown) = preview.content {
                page += "<br>shows <code>\(html(shown.fileName))</code>"
                if let pixels = shown.facts.pixelSize { page += " \(pixels.width)×\(pixels.height) px" }
            }
            let explanation = preview.resolution.explanation
            if let number = sharedNotes.firstIndex(of: explanation) {
                page += "<br><small>why: see note \(number + 1) below</small></figcaption></figure>\n"
            } else {
                page += "<br><small>\(html(explanation))</small></figcaption></figure>\n"
            }
        }
        page += "</div>\n"
        if !sharedNotes.isEmpty {
            page += "<ol class=\"launch-notes\">"
            for note in sharedNotes { page += "<li>\(html(note))</li>" }
            page += "</ol>\n"
        }
        page += "</section>\n"
    }

    /// Each rule that found something, documented in the page itself (a report uploaded as a CI
    /// artifact or mailed has no repository beside it to link to).
    private func rules(_ report: LintReport, into page: inout HTMLPage) {
        let fired = Set(report.findings.map(\.ruleID))
        page += "<section id=\"rules\"><h2>Rules</h2>\n<dl class=\"rules\">"
        for rule in report.rules where fired.contains(rule.id) {
            page += "<dt id=\"\(htmlIdentifier("rule", rule.id))\"><code>\(html(rule.id))</code> "
            page += "<span class=\"\(rule.severity.rawValue)\">\(rule.severity.rawValue)</span> "
            page += "<a href=\"#\(htmlIdentifier("findings", rule.id))\">its findings</a></dt>"
            page += "<dd><p>\(html(rule.summary))</p><p class=\"rationale\">\(html(rule.rationale))</p></dd>\n"
        }
        page += "</dl>\n<p>Every rule, with examples: <code>tallcheck rules</code>, or "
        page += "<code>tallcheck rules ID</code> for one.</p></section>\n"
    }
}

/// Where a card is in the findings: its rule's section and its place there.
struct CardPlace: Hashable {
    var section: Int
    var index: Int
}

/// The thumbnails of a report, by path, made on all cores.
struct Pictures: Sendable {
    private var byPath: [String: ThumbnailOutcome]

    subscript(path: String) -> ThumbnailOutcome? { byPath[path] }

    /// - Parameter isCompiled: whether an image is a compiled catalog's rendition: a size without
    ///   pixels TallCheck can draw.
    static func make(
        for images: [ScannedImage], root: String, isCompiled: (ScannedImage) -> Bool = { _ in false },
        maker: ThumbnailMaker
    ) -> Pictures {
        var seen: Set<String> = []
        var undrawn: [String: ThumbnailOutcome] = [:]
        let inArchive = AppArchive.isArchive(root)
        let unique = images.filter { image in
            guard seen.insert(image.path).inserted else { return false }
            if isCompiled(image) {
                undrawn[image.path] = .unavailable("compiled into Assets.car: its size is read, not its pixels")
            } else if inArchive {
                undrawn[image.path] = .unavailable("inside the archive: thumbnails are drawn from folders only")
            }
            return undrawn[image.path] == nil
        }
        guard !unique.isEmpty, let tree = TreeRoot(path: FileSystemPath(root)) else {
            return Pictures(byPath: undrawn)
        }
        // At most four decoders at once, whatever the core count: each may hold a whole
        // interlaced image or CgBI file (``ThumbnailMaker``'s limits).
        let lanes = Swift.min(4, unique.count)
        let byLane = Array(0..<lanes).concurrentMap(batchSize: 1) { lane in
            stride(from: lane, to: unique.count, by: lanes).map { index -> (String, ThumbnailOutcome) in
                let image = unique[index]
                switch image.facts.format {
                case .png: return (image.path, maker.thumbnail(of: image.path, in: tree))
                case .unknown: return (image.path, .unavailable("not an image TallCheck can read"))
                case let format:
                    return (
                        image.path,
                        .unavailable("a \(format.rawValue.uppercased()) file; thumbnails are made of PNGs only")
                    )
                }
            }
        }
        return Pictures(
            byPath: Dictionary(byLane.joined()) { first, _ in first }.merging(undrawn) { drawn, _ in drawn })
    }
}

/// The page being written: its head, styles and body text.
struct HTMLPage {
    private(set) var text = ""

    static func += (page: inout HTMLPage, markup: String) { page.text += markup }

    mutating func open(title: String) {
        text += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        text += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        text += "<title>\(html(title))</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
    }

    mutating func close() {
        text += "</body>\n</html>\n"
    }

    static let style = """
        body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d1d1f;background:#f5f5f7}
        header{background:#1d1d1f;color:#f5f5f7;padding:16px 24px}
        header h1{margin:0;font-size:22px}header .root,header .meta{margin:4px 0;color:#c7c7cc}
        header code{color:#fff}nav a{color:#8ab4ff;margin-right:14px}
        main{padding:8px 24px 40px;max-width:1280px}
        h2{margin:28px 0 10px;font-size:18px;border-bottom:1px solid #d2d2d7;padding-bottom:4px}
        h3{margin:0 0 8px;font-size:15px}h3 .where{font-weight:normal;color:#6e6e73;font-size:13px}
        code{font:12px ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
        .count{display:inline-block;padding:3px 10px;border-radius:12px;margin-right:6px;font-weight:600}
        .count.error{background:#ffd7d5;color:#a1140c}.count.warning{background:#ffefc2;color:#7a5200}
        .count.note{background:#dbeafe;color:#1e4e9c}
        td.error,span.error{color:#c5221f;font-weight:600}td.warning,span.warning{color:#8a5a00;font-weight:600}
        td.note,span.note{color:#1e4e9c;font-weight:600}
        table{border-collapse:collapse;background:#fff;margin:6px 0}
        th,td{border:1px solid #d2d2d7;padding:4px 8px;text-align:left;vertical-align:top}
        p.note{color:#3a3a3c;background:#fff8e1;padding:6px 10px;border-left:3px solid #f5b400}
        article.asset{background:#fff;border-radius:10px;padding:12px 16px;margin:12px 0;border-left:5px solid #8e8e93}
        article.error{border-left-color:#e0352b}article.warning{border-left-color:#f5b400}article.note{border-left-color:#4a8af4}
        .variants{display:flex;flex-wrap:wrap;align-items:flex-end;gap:14px;margin:4px 0 10px}
        figure{margin:0}.variant figcaption{font-size:12px;color:#3a3a3c;margin-top:4px}
        .variant.flagged figcaption code{color:#c5221f;font-weight:700}
        .thumb{display:block;background:repeating-conic-gradient(#e5e5ea 0 25%,#fff 0 50%) 0 0/12px 12px;outline:1px solid #c7c7cc}
        .variant.flagged .thumb,.variant.flagged .placeholder{outline:2px solid #e0352b}
        .placeholder,.blank,.storyboard{display:flex;align-items:center;justify-content:center;box-sizing:border-box;
        background:repeating-linear-gradient(45deg,#f2f2f7 0 6px,#e5e5ea 6px 12px);color:#6e6e73;font-size:10px;
        text-align:center;overflow:hidden;outline:1px dashed #8e8e93}
        .placeholder span,.blank span,.storyboard span{padding:2px}
        ul.findings{list-style:none;padding:0;margin:0}.finding{padding:4px 0;border-top:1px solid #f2f2f7}
        .finding .severity{font-weight:700;text-transform:uppercase;font-size:11px;margin-right:4px}
        .finding.error .severity{color:#c5221f}.finding.warning .severity{color:#8a5a00}.finding.note .severity{color:#1e4e9c}
        a.rule{font:12px ui-monospace,Menlo,monospace;color:#0a58ca;margin-left:4px}.related{color:#6e6e73;font-size:12px}
        table.matrix td.cell,span.cell{font-size:12px;white-space:nowrap}
        .cell.native{background:#d9f2dd}.cell.downscaled{background:#e3ecff}.cell.upscaled{background:#ffe7b8}
        .cell.missing{background:#ffc9c5;font-weight:600}span.cell{padding:1px 6px;border-radius:4px}
        tr.group th{background:#f2f2f7;font-weight:600}td.places{font-size:12px;max-width:220px}
        .screens{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
        figure.launch{width:min-content;min-width:150px;max-width:280px}
        .device{box-sizing:content-box;background:#000;border:6px solid #3a3a3c;border-radius:12px;
        display:flex;align-items:center;justify-content:center;overflow:hidden}
        .layout{display:flex;align-items:center;justify-content:center;overflow:hidden;flex:none;background:#000}
        .device>.thumb,.layout>.thumb{outline:none}
        .launch figcaption{font-size:12px;margin-top:6px}.launch .presentation{font-weight:700}
        .launch.letterboxed .presentation{color:#c5221f}.launch.zoomed .presentation{color:#8a5a00}
        .launch.native .presentation{color:#1b7f35}
        dl.rules dt{margin-top:10px}dl.rules dd{margin:2px 0 0 16px}.rationale{color:#3a3a3c}
        a.count{text-decoration:none}.count.none{background:#e5e5ea;color:#6e6e73;font-weight:400}
        .tables{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}td.number{text-align:right}
        details.rule-findings{background:#fff;border-radius:10px;margin:10px 0;padding:8px 14px;border-left:5px solid #8e8e93}
        details.rule-findings.error{border-left-color:#e0352b}details.rule-findings.warning{border-left-color:#f5b400}
        details.rule-findings.note{border-left-color:#4a8af4}
        details>summary{cursor:pointer}details.rule-findings>summary{font-size:15px;padding:4px 0}
        .rule-id{font-size:14px;font-weight:700}.rule-summary{color:#3a3a3c;font-size:13px}
        details.rule-findings article.asset{border:1px solid #e5e5ea;border-left-width:5px;margin:8px 0}
        details.more>summary,details.matrix-all>summary,details.dynamic>summary,details.target>summary,
        details.app>summary{color:#0a58ca;padding:4px 0}
        .rule-link{margin:6px 0 2px;font-size:13px}.drawn-elsewhere{font-size:12px;margin:0 0 6px}
        .targets{color:#6e6e73;font-size:12px}ul.lines{list-style:none;padding-left:8px;font-size:13px}
        .clean{color:#1b7f35;font-weight:600}.left-out{color:#3a3a3c;font-size:13px}ol.launch-notes{font-size:12px;color:#3a3a3c}

        """
}
