import Foundation

/// One self-contained HTML page for people, designers included: a summary, the findings grouped
/// by asset with thumbnails of every variant at its point size, the device matrix of the names
/// the code asks for, and each device's launch screen drawn as iOS shows it. No script, no
/// network: styles are inline and pictures are `data:` URIs, so it works from `file://`, as a CI
/// artifact and as a mail attachment.
///
/// With the scan (``render(_:scan:)``) it reads the images for thumbnails; without it (a report
/// reused from the last lint) it shows the summary and findings only, and says so.
public struct HTMLReporter: LintReporter {
    public static let identifier = "html"
    public static let summary = "one page with thumbnails, device matrix and launch previews"
    public static let needsScan = true

    /// How thumbnails are made.
    public var thumbnails = ThumbnailMaker()
    /// Assets past this many (most severe first) are listed without thumbnails, so that the
    /// report of a large app stays small enough to mail and quick to write.
    public var maxAssetsWithThumbnails = 300
    /// The longest side, in CSS pixels, an asset's largest variant is drawn at; smaller
    /// variants keep their size relative to it.
    public var maxDrawnSide = 160.0

    public init() {}

    public func render(_ report: LintReport) -> String { render(report, scan: nil) }

    public func render(_ report: LintReport, scan: ScanResult?) -> String {
        let inventory = scan?.inventory
        let groups = AssetGroup.groups(of: report.findings, in: inventory)
        let launches = inventory.map { LaunchPreview.previews(of: $0) } ?? []
        let matrix = inventory.flatMap { $0.references.isEmpty ? nil : NameMatrix(ReferenceMatrix($0)) }
        let pictures = Pictures.make(
            for: groups.prefix(maxAssetsWithThumbnails).flatMap { $0.variants.map(\.image) }
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
        if matrix != nil { page += " <a href=\"#matrix\">Device matrix</a>" }
        if !launches.isEmpty { page += " <a href=\"#launch\">Launch screens</a>" }
        page += " <a href=\"#rules\">Rules</a></nav></header>\n<main>\n"
        summary(report, scan: scan, into: &page)
        findings(groups, pictures: pictures, into: &page)
        if let matrix { self.matrix(matrix, into: &page) }
        if !launches.isEmpty { self.launches(launches, pictures: pictures, into: &page) }
        rules(report, into: &page)
        page += "</main>\n"
        page.close()
        return page.text
    }

    // MARK: - Sections

    private func summary(_ report: LintReport, scan: ScanResult?, into page: inout HTMLPage) {
        page += "<section id=\"summary\"><h2>Summary</h2>\n<p class=\"counts\">"
        for severity in Severity.allCases.sorted(by: >) {
            page +=
                "<span class=\"count \(severity.rawValue)\">\(plural(report.count(severity), severity.rawValue))</span> "
        }
        page += "</p>\n"
        let byRule = Dictionary(grouping: report.findings, by: \.ruleID)
        if !byRule.isEmpty {
            page +=
                "<table class=\"by-rule\"><thead><tr><th>rule</th><th>severity</th><th>findings</th></tr></thead><tbody>"
            for (rule, findings) in byRule.sorted(by: { ($0.value.count, $1.key) > ($1.value.count, $0.key) }) {
                let severity = findings.map(\.severity).max() ?? .note
                page += "<tr><td><a href=\"#\(htmlIdentifier("rule", rule))\">\(html(rule))</a></td>"
                page += "<td class=\"\(severity.rawValue)\">\(severity.rawValue)</td><td>\(findings.count)</td></tr>"
            }
            page += "</tbody></table>\n"
        }
        if let app = report.app {
            page += "<ul class=\"app\">"
            for line in app.preamble { page += "<li>\(html(line))</li>" }
            page += "</ul>\n"
        }
        if let inventory = scan?.inventory {
            page += "<p>Device classes checked:</p><ul class=\"devices\">"
            for device in SupportedDevices(inventory).representatives {
                page += "<li>\(html(device.shortDescription))</li>"
            }
            page += "</ul>\n"
        } else {
            page += "<p class=\"note\">This report was reused from the last lint of an unchanged tree: "
            page += "thumbnails, the device matrix and launch previews need a fresh scan (run with --no-cache).</p>\n"
        }
        page += "</section>\n"
    }

    private func findings(_ groups: [AssetGroup], pictures: Pictures, into page: inout HTMLPage) {
        page += "<section id=\"findings\"><h2>Findings by asset</h2>\n"
        if groups.isEmpty { page += "<p>No findings.</p>\n" }
        if groups.count > maxAssetsWithThumbnails {
            page += "<p class=\"note\">Thumbnails are shown for the first \(maxAssetsWithThumbnails) of "
            page += "\(groups.count) assets (most severe first); the others list their variants' sizes.</p>\n"
        }
        for (index, group) in groups.enumerated() {
            let id: String
            switch group.kind {
            case .catalogSet(let folder): id = htmlIdentifier("set", folder)
            case .loose(let folder, let base): id = htmlIdentifier("asset", folder + "/" + base)
            case .file(let path): id = htmlIdentifier("file", path)
            }
            page += "<article class=\"asset \(group.severity.rawValue)\" id=\"\(id)\"><h3>\(html(group.title))"
            if !group.folder.isEmpty { page += " <span class=\"where\">\(html(group.folder))</span>" }
            page += "</h3>\n"
            if !group.variants.isEmpty {
                variants(group, drawn: index < maxAssetsWithThumbnails, pictures: pictures, into: &page)
            }
            page += "<ul class=\"findings\">"
            for finding in group.findings {
                page += "<li class=\"finding \(finding.severity.rawValue)\"><span class=\"severity\">"
                page += "\(finding.severity.rawValue)</span> <code>\(html(finding.path + finding.lineSuffix))</code> "
                page += "<span class=\"message\">\(html(finding.message))</span> "
                page +=
                    "<a class=\"rule\" href=\"#\(htmlIdentifier("rule", finding.ruleID))\">\(html(finding.ruleID))</a>"
                for related in finding.related { page += "<br><span class=\"related\">see \(html(related))</span>" }
                page += "</li>"
            }
            page += "</ul></article>\n"
        }
        page += "</section>\n"
    }

    /// Every variant side by side at its point size (the largest fitted to ``maxDrawnSide``):
    /// an @2x of the wrong size is drawn at a visibly different size.
    private func variants(_ group: AssetGroup, drawn: Bool, pictures: Pictures, into page: inout HTMLPage) {
        let largest = group.variants.compactMap { $0.image.pointSize }.map { max($0.width, $0.height) }.max() ?? 0
        let factor = largest > maxDrawnSide ? maxDrawnSide / largest : 1
        page += "<div class=\"variants\">"
        for variant in group.variants {
            let image = variant.image
            page += "<figure class=\"variant\(variant.isFlagged ? " flagged" : "")\">"
            if drawn {
                let points = image.pointSize
                let width = points.map { max($0.width * factor, 4) } ?? 64
                let height = points.map { max($0.height * factor, 4) } ?? 64
                picture(
                    pictures[image.path], alt: image.fileName, width: width, height: height, into: &page)
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

    private func matrix(_ matrix: NameMatrix, into page: inout HTMLPage) {
        page += "<section id=\"matrix\"><h2>Device matrix</h2>\n"
        page += "<p>What each supported device class loads for every name the code asks for: "
        page += "<span class=\"cell native\">native</span> <span class=\"cell downscaled\">downscaled</span> "
        page += "<span class=\"cell upscaled\">upscaled from a lower scale</span> "
        page += "<span class=\"cell missing\">missing</span>; † rests on reports, not documents.</p>\n"
        page += "<table class=\"matrix\"><thead><tr><th>name</th><th>asked for in</th>"
        for device in matrix.devices {
            page += "<th title=\"\(html(device.summary))\">\(html(device.shortDescription))</th>"
        }
        page += "</tr></thead>\n"
        let titles: [NameMatrix.Outcome: String] = [
            .missing: "Missing on some device", .upscaled: "Upscaled on some device",
            .downscaled: "Downscaled on some device", .native: "Native everywhere",
        ]
        for outcome in [NameMatrix.Outcome.missing, .upscaled, .downscaled, .native] {
            let rows = matrix.rows.filter { $0.worst == outcome }
            guard !rows.isEmpty else { continue }
            page += "<tbody><tr class=\"group\"><th colspan=\"\(matrix.devices.count + 2)\">"
            page += "\(titles[outcome] ?? "") (\(rows.count))</th></tr>\n"
            for row in rows {
                page += "<tr><th scope=\"row\"><code>\(html(row.name))</code><br><small>\(html(row.api))</small></th>"
                page += "<td class=\"places\">\(places(row.references))</td>"
                for cell in row.cells {
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
        if !matrix.dynamic.isEmpty {
            page += "<h3>Names built at run time</h3><ul class=\"dynamic\">"
            for item in matrix.dynamic {
                page += "<li><code>\(html(item.shown))</code> in \(places(item.references)): "
                page +=
                    item.matches.isEmpty
                    ? "matches no image"
                    : "can mean " + item.matches.prefix(8).map { "<code>\(html($0))</code>" }.joined(separator: ", ")
                        + (item.matches.count > 8 ? " and \(item.matches.count - 8) more" : "")
                page += "</li>"
            }
            page += "</ul>\n"
        }
        page += "</section>\n"
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
                page += "height:\(cssPixels(drawn.height))\"><span>launch storyboard \(html(name))</span></span>"
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
            page += "<br><small>\(html(preview.resolution.explanation))</small></figcaption></figure>\n"
        }
        page += "</div></section>\n"
    }

    private func rules(_ report: LintReport, into page: inout HTMLPage) {
        let fired = Set(report.findings.map(\.ruleID))
        page += "<section id=\"rules\"><h2>Rules</h2>\n<dl class=\"rules\">"
        for rule in report.rules where fired.contains(rule.id) {
            page += "<dt id=\"\(htmlIdentifier("rule", rule.id))\"><code>\(html(rule.id))</code> "
            page += "<span class=\"\(rule.severity.rawValue)\">\(rule.severity.rawValue)</span> "
            page += "<a href=\"docs/rules.md#\(html(rule.id))\">docs/rules.md#\(html(rule.id))</a> "
            page += "<small>(in TallCheck's repository)</small></dt>"
            page += "<dd><p>\(html(rule.summary))</p><p class=\"rationale\">\(html(rule.rationale))</p></dd>\n"
        }
        page += "</dl>\n<p>Every rule: <a href=\"docs/rules.md\">docs/rules.md</a> in TallCheck's repository, "
        page += "or <code>tallcheck rules</code>.</p></section>\n"
    }
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
        .note{color:#3a3a3c;background:#fff8e1;padding:6px 10px;border-left:3px solid #f5b400}
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

        """
}
