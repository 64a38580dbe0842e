/// GitHub Actions workflow commands: `::error file=…,title=…::message`, which GitHub shows as
/// annotations on the pull request, then a summary line, since GitHub shows at most ten
/// errors and ten warnings a step.
///
/// Paths are as the folder argument was given (`App/Images/a.png` for `tallcheck lint App`),
/// which is relative to the repository when the tool runs from its root.
public struct GitHubActionsReporter: LintReporter {
    public static let identifier = "github"
    public static let summary = "Actions annotations"

    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            out +=
                "::\(command) file=\(Self.escapedProperty(report.pathAsGiven(finding.path))),"
                + (finding.line.map { "line=\($0)," } ?? "") + (finding.column.map { "col=\($0)," } ?? "")
                + "title=\(Self.escapedProperty(finding.ruleID))::\(Self.escapedData(finding.message))\n"
        }
        let images = report.imageCount
        out +=
            "tallcheck: \(plural(images, "image")): "
            + [
                plural(report.count(.error), "error"), plural(report.count(.warning), "warning"),
                plural(report.count(.note), "note"),
            ].joined(separator: ", ") + "\n"
        return out
    }

    /// A command's message: `%`, CR and LF encoded, as GitHub's toolkit does (`escapeData`).
    public static func escapedData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value (`file=`, `title=`): also `:` and `,`, which end a value (`escapeProperty`).
    public static func escapedProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapedData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
