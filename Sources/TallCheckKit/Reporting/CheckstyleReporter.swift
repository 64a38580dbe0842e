/// Checkstyle XML, which Jenkins and many CI dashboards read: one `<file>` per image, by
/// absolute path, with an `<error>` per finding. Images have no lines; `line="1"` keeps
/// readers that require the attribute happy. Findings about code have their line and column.
/// Notes have Checkstyle's severity `info`.
public struct CheckstyleReporter: LintReporter {
    public static let identifier = "checkstyle"
    public static let summary = ""

    public init() {}

    public func render(_ report: LintReport) -> String {
        var order: [String] = []
        var byPath: [String: [Finding]] = [:]
        for finding in report.findings {
            if byPath[finding.path] == nil { order.append(finding.path) }
            byPath[finding.path, default: []].append(finding)
        }
        let files = order.map { path in
            XMLMarkup.element(
                "file", attributes: [("name", report.root + "/" + path)],
                children: byPath[path]!.map { finding in
                    .element(
                        "error",
                        attributes: (finding.column.map { [("column", "\($0)")] } ?? []) + [
                            ("line", "\(finding.line ?? 1)"),
                            ("severity", finding.severity == .note ? "info" : finding.severity.rawValue),
                            ("message", finding.message), ("source", "tallcheck.\(finding.ruleID)"),
                        ])
                })
        }
        return XMLMarkup.element("checkstyle", attributes: [("version", "4.3")], children: files).document()
    }
}
