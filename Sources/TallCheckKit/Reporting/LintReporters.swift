/// `/abs/path/file: warning: message (rule-id)`: Xcode shows these inline when the tool runs
/// as a Run Script build phase.
public struct XcodeReporter: LintReporter {
    public static let identifier = "xcode"
    public static let summary = "for Run Script phases"

    public init() {}

    /// Xcode reads standard output line by line, so the Info.plist choice goes to standard error.
    public func standardErrorNotes(for report: LintReport) -> [String] {
        report.app?.infoPlist.map { [$0.description] } ?? []
    }

    public func render(_ report: LintReport) -> String {
        report.findings.map { finding in
            let severity = finding.severity == .note ? "note" : finding.severity.rawValue
            return
                "\(Self.unforgeable(report.root + "/" + finding.path))\(finding.lineSuffix): \(severity): "
                + "\(oneLine(finding.message)) (\(finding.ruleID))\n"
        }.joined()
    }

    /// Xcode reads `PATH: error: MESSAGE`: a file named `a: error: b.png` would read as an error
    /// on a file `a`. A colon followed by a space in a path is written `%3A`.
    static func unforgeable(_ path: String) -> String {
        path.contains(": ") ? path.replacingOccurrences(of: ": ", with: "%3A ") : path
    }
}

/// `{"tool":…,"summary":…,"diagnostics":[…]}` with paths relative to the scanned folder.
public struct JSONReporter: LintReporter {
    public static let identifier = "json"
    public static let summary = ""

    public init() {}

    public func render(_ report: LintReport) -> String {
        let document: JSONValue = .object([
            ("tool", .object([("name", .string("tallcheck")), ("version", .string(TallCheckVersion.current))])),
            (
                "summary",
                .object([
                    ("images", .int(report.imageCount)), ("errors", .int(report.count(.error))),
                    ("warnings", .int(report.count(.warning))), ("notes", .int(report.count(.note))),
                    ("imageBytes", .optional(report.imageBytes, JSONValue.int)),
                    // What fixing the findings of duplicate-image, image-weight, … would save.
                    ("savedBytes", .object(report.savedBytes.map { ($0.rule, .int($0.bytes)) })),
                ])
            ),
            (
                "diagnostics",
                .array(
                    report.findings.map { finding in
                        var members: [(String, JSONValue)] = [
                            ("rule", .string(finding.ruleID)), ("severity", .string(finding.severity.rawValue)),
                            ("path", .string(finding.path)),
                        ]
                        // Only findings about code have lines; image findings keep their shape.
                        if let line = finding.line {
                            members.append(("line", .int(line)))
                            if let column = finding.column { members.append(("column", .int(column))) }
                        }
                        members += [
                            ("message", .string(finding.message)),
                            ("related", .array(finding.related.map(JSONValue.string))),
                        ]
                        if let saved = finding.savedBytes { members.append(("savedBytes", .int(saved))) }
                        if let targets = finding.targets {
                            members.append(("targets", .array(targets.map(JSONValue.string))))
                        }
                        if let configurations = finding.configurations {
                            members.append(("configurations", .array(configurations.map(JSONValue.string))))
                        }
                        return .object(members)
                    })
            ),
        ])
        return document.rendered() + "\n"
    }
}

/// Findings grouped by asset, for people at a terminal, in colour when asked.
public struct TextReporter: LintReporter {
    public static let identifier = "text"
    public static let summary = "grouped by asset"

    public var colored: Bool
    /// Lines printed before the findings: which Info.plist was used, the deployment target.
    /// Nil: the report's ``AppSummary/preamble``.
    public var preamble: [String]?

    public init(colored: Bool, preamble: [String]? = []) {
        self.colored = colored
        self.preamble = preamble
    }

    public init(options: ReporterOptions) {
        self.init(colored: options.colored, preamble: nil)
    }

    public init() { self.init(colored: false) }

    public func render(_ report: LintReport) -> String {
        let preamble = preamble ?? report.app?.preamble ?? []
        var out = preamble.map { paint($0, .dim) + "\n" }.joined()
        // With several targets, a heading per target (or set of targets sharing the findings).
        let byTargets = Dictionary(grouping: report.findings) { finding in
            (finding.targets?.joined(separator: ", ") ?? "")
                + (finding.configurations.map { " (\($0.joined(separator: ", ")) only)" } ?? "")
        }
        for targets in byTargets.keys.sorted() {
            if byTargets.count > 1 || (report.app?.targets.count ?? 0) > 1
                || byTargets[targets]?.first?.configurations != nil
            {
                let label =
                    targets.isEmpty
                    ? "No target"
                    : ((byTargets[targets]?.first?.targets?.count ?? 0) > 1 ? "Targets " : "Target ") + targets
                out += "\n" + paint("== \(label) ==", .bold) + "\n"
            }
            out += renderGroups(byTargets[targets]!, of: report)
        }
        let images = report.imageCount
        out +=
            "\n\(images) \(images == 1 ? "image" : "images"): "
            + [
                plural(report.count(.error), "error"), plural(report.count(.warning), "warning"),
                plural(report.count(.note), "note"),
            ].joined(separator: ", ") + "\n"
        if let savings = report.savingsSummary { out += savings + "\n" }
        return out
    }

    /// Findings grouped by asset.
    private func renderGroups(_ findings: [Finding], of report: LintReport) -> String {
        var out = ""
        // Files that are not images (Contents.json, Info.plist) are their own group.
        let groups = Dictionary(grouping: findings) {
            report.assetNames[$0.path] ?? String($0.path.split(separator: "/").last ?? "")
        }
        for name in groups.keys.sorted() {
            out += "\n" + paint(name, .bold) + "\n"
            for finding in groups[name]! {
                let label = paint(
                    finding.severity.rawValue,
                    finding.severity == .error ? .red : finding.severity == .warning ? .yellow : .cyan)
                out +=
                    "  \(label) \(finding.path)\(finding.lineSuffix): \(oneLine(finding.message)) "
                    + paint("[\(finding.ruleID)]", .dim)
                    + "\n"
                for related in finding.related { out += paint("      see \(related)", .dim) + "\n" }
            }
        }
        return out
    }

    private enum Style: String {
        case bold = "1", dim = "2", red = "31", yellow = "33", cyan = "36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// Messages go on one line in line-oriented reports.
private func oneLine(_ text: String) -> String {
    // Most messages hold no line break: checked by bytes, they are returned as they are (mapping
    // every character was a tenth of a lint reporting 4,000 findings).
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return text }
    return String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
}
