/// How the command line sets a reporter up.
public struct ReporterOptions: Sendable, Hashable {
    /// ANSI colours, for a terminal that shows them.
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }
}

/// Turns a lint report into text for a place people read it.
///
/// A new report format is one type conforming to this protocol, added to ``Reporters/all``.
public protocol LintReporter: Sendable {
    /// The `--reporter` value that picks it: `sarif`.
    static var identifier: String { get }
    /// Where its output goes, in a few words, for `--help`: `GitHub code scanning`; may be empty.
    static var summary: String { get }
    /// The reporter with its defaults.
    init()
    /// The reporter as the command line sets it up; reporters without settings take their defaults.
    init(options: ReporterOptions)
    func render(_ report: LintReport) -> String
    /// Whether it shows more than the report holds (pictures, the device matrix): then the lint
    /// must scan (no reused report) and pass the scan to ``render(_:scan:)``.
    static var needsScan: Bool { get }
    /// The report, with what the scan found when there is one; reporters that need no more than
    /// the report render it alone.
    func render(_ report: LintReport, scan: ScanResult?) -> String
    /// Lines for standard error that go with the report but must not be mixed into it.
    func standardErrorNotes(for report: LintReport) -> [String]
}

extension LintReporter {
    public init(options: ReporterOptions) { self.init() }
    public static var needsScan: Bool { false }
    public func render(_ report: LintReport, scan: ScanResult?) -> String { render(report) }
    public func standardErrorNotes(for report: LintReport) -> [String] { [] }
}

/// Every report format, by the identifier `--reporter` takes (SwiftLint's
/// `reporterFrom(identifier:)` pattern).
public enum Reporters {
    public static let all: [any LintReporter.Type] = [
        TextReporter.self,
        XcodeReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        JUnitReporter.self,
        CheckstyleReporter.self,
        GitHubActionsReporter.self,
        HTMLReporter.self,
    ]

    /// The reporter named `identifier`, if there is one.
    public static func reporter(identifier: String) -> (any LintReporter.Type)? {
        all.first { $0.identifier == identifier }
    }

    /// Inside an Xcode build phase (`XCODE_VERSION_ACTUAL` is set) `xcode`, else `text`.
    public static func defaultIdentifier(environment: (String) -> String?) -> String {
        environment("XCODE_VERSION_ACTUAL") != nil ? XcodeReporter.identifier : TextReporter.identifier
    }

    /// `text (grouped by asset), xcode (for Run Script phases), json, …`.
    public static var helpList: String {
        all.map { $0.summary.isEmpty ? $0.identifier : "\($0.identifier) (\($0.summary))" }
            .joined(separator: ", ")
    }
}
