import Foundation
import Testing

/// The HTML report of a tree with more than 500 findings across 10 rules (what
/// `Scripts/make-report-tree` writes): its summary comes first and fits the first screen, its
/// sections fold, and every link stays inside the page.
@Suite(
    "The HTML report at 500 findings",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct HTMLReportScaleTests {
    struct LargeReport {
        var folder: String
        var html: String
        /// Findings by rule, from the JSON report of the same tree.
        var counts: [String: Int]
    }

    /// Writes the tree into a new temporary folder and lints it twice (JSON, HTML).
    static func largeReport() throws -> LargeReport {
        let folder = NSTemporaryDirectory() + "tallcheck-report-\(UUID().uuidString)"
        let script = try CommandLine.run(
            executable: "/usr/bin/env",
            ["python3", CommandRunTests.repository + "/Scripts/make-report-tree", folder + "/App"])
        try #require(script.status == 0, "Scripts/make-report-tree failed: \(script.standardError)")
        let json = try CommandLine.run(["lint", folder + "/App", "--no-cache", "--reporter", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        var counts: [String: Int] = [:]
        for finding in (report?["diagnostics"] as? [[String: Any]]) ?? [] {
            counts[finding["rule"] as? String ?? "", default: 0] += 1
        }
        let html = try CommandLine.run(["lint", folder + "/App", "--no-cache", "--reporter", "html"])
        return LargeReport(folder: folder, html: html.standardOutput, counts: counts)
    }

    @Test func theSummaryComesFirstAndEverySectionFolds() throws {
        let large = try Self.largeReport()
        defer { try? FileManager.default.removeItem(atPath: large.folder) }
        #expect(large.counts.values.reduce(0, +) >= 500 && large.counts.count >= 10, "\(large.counts)")
        let html = large.html
        let summary = try #require(html.range(of: "<section id=\"summary\">"))
        let findings = try #require(html.range(of: "<section id=\"findings\">"))
        #expect(summary.upperBound < findings.lowerBound)
        let summaryText = String(html[summary.upperBound..<findings.lowerBound])
        for (rule, count) in large.counts {
            // Each rule's row in the summary: its link to its section, which exists, and its count.
            #expect(
                summaryText.contains(
                    "<tr><td><a href=\"#findings-\(rule)\">\(rule)</a></td><td class=\"warning\">warning</td>"
                        + "<td class=\"number\">\(count)</td></tr>")
                    || summaryText.contains(
                        "<tr><td><a href=\"#findings-\(rule)\">\(rule)</a></td><td class=\"error\">error</td>"
                            + "<td class=\"number\">\(count)</td></tr>"),
                "\(rule): \(count)")
            #expect(html.contains("id=\"findings-\(rule)\" open>"), "\(rule)")
        }
        // Rules with many assets fold past the first few; a source file's many findings fold too.
        #expect(html.contains("<details class=\"more\"><summary>Show all 101 assets (96 more)</summary>"))
        #expect(html.contains("<summary>Show all 60 findings (52 more)</summary>"))
        // Every link stays in the page (a CI artifact has no repository beside it), and each target exists.
        let links = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!links.isEmpty)
        for link in Set(links) {
            #expect(link.hasPrefix("#"), "\(link)")
            let targets = html.components(separatedBy: "id=\"\(link.dropFirst())\"").count - 1
            #expect(targets == 1, "\(link) leads to \(targets) places")
        }
        #expect(!html.contains("<script"))
        // Pictures are drawn at most once per asset, so the page stays small enough to mail.
        #expect(html.utf8.count < 4_000_000, "\(html.utf8.count) bytes")
    }

    /// Chromium, headless, at 1280×800 CSS pixels: the whole summary table is on the first screen.
    @Test(.enabled(if: Self.chromium != nil, "no chromium (apt-get install chromium)"))
    func theFirstScreenHoldsTheSummary() throws {
        let large = try Self.largeReport()
        defer { try? FileManager.default.removeItem(atPath: large.folder) }
        // A copy of the page with a probe that writes where the summary ends into the DOM.
        let probe = """
            <script>
            const rows = document.querySelectorAll('#summary table.by-rule tbody tr');
            const counts = document.querySelector('#summary .counts').getBoundingClientRect();
            // A link to an asset's pictures leads into a fold only when every card of it is folded.
            let intoFolds = 0, links = 0;
            for (const link of document.querySelectorAll('.drawn-elsewhere a')) {
              links++;
              const target = document.getElementById(link.getAttribute('href').slice(1));
              const cards = document.querySelectorAll('article[data-asset="' + target.dataset.asset + '"]');
              if (target.closest('details.more') && [...cards].some(card => !card.closest('details.more'))) intoFolds++;
            }
            document.body.setAttribute('data-probe', [rows.length, Math.ceil(rows[rows.length - 1]
              .getBoundingClientRect().bottom), Math.ceil(counts.top), window.innerHeight, links, intoFolds].join(' '));
            </script>
            """
        let page = large.folder + "/probe.html"
        try Data((large.html + probe).utf8).write(to: URL(fileURLWithPath: page))
        // Under timeout: a browser that never ends must not stall the test run.
        let chrome = try CommandLine.run(
            executable: "/usr/bin/timeout",
            [
                "120", try #require(Self.chromium), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--user-data-dir=\(large.folder)/profile", "--window-size=1280,800", "--virtual-time-budget=5000",
                "--dump-dom", "file://" + page,
            ])
        let dom = chrome.standardOutput
        let attribute = try #require(dom.range(of: "data-probe=\""), "no probe in \(dom.prefix(300))")
        let values = dom[attribute.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Int($0) }
        try #require(values.count == 6, "\(values)")
        let (rows, lastRowBottom, countsTop, viewport) = (values[0], values[1], values[2], values[3])
        // The catalog sets two rules flag (a missing file and an unassigned one) link to their pictures.
        #expect(values[4] > 0 && values[5] == 0, "\(values[4]) links to pictures, \(values[5]) of them into a fold")
        #expect(rows == large.counts.count)
        #expect(
            countsTop > 0 && lastRowBottom <= viewport, "the last rule's row ends at \(lastRowBottom) of \(viewport)")
    }

    /// html5lib's strict parser raises on the first parse error: the folds, tables and cards of a
    /// large report nest as HTML5 says.
    @Test(
        .enabled(
            if: Self.pythonWithHTML5Lib != nil, "python3 with html5lib is missing (apt-get install python3-html5lib)"))
    func theLargeReportParsesAsStrictHTML5() throws {
        let large = try Self.largeReport()
        defer { try? FileManager.default.removeItem(atPath: large.folder) }
        let script =
            "import sys, html5lib\nhtml5lib.HTMLParser(strict=True).parse(sys.stdin.buffer.read())\nprint('ok')"
        let python = try #require(Self.pythonWithHTML5Lib)
        let run = try CommandLine.run(
            executable: python.first!, Array(python.dropFirst()) + ["-c", script], input: large.html)
        #expect(run.status == 0 && run.standardOutput == "ok\n", "\(run.standardError.suffix(600))")
    }

    /// A python3 with html5lib: the one on the PATH, or Debian's (python3-html5lib) beside another.
    static let pythonWithHTML5Lib: [String]? = [["/usr/bin/env", "python3"], ["/usr/bin/python3"]].first { python in
        (try? CommandLine.run(executable: python[0], Array(python.dropFirst()) + ["-c", "import html5lib"]).status) == 0
    }

    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
