/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem a rule found.
public struct Finding: Hashable, Sendable {
    public var ruleID: String
    public var severity: Severity
    /// The file it is about, relative to the scanned folder.
    public var path: String
    /// What is wrong, with the actual and expected sizes, and the fix.
    public var message: String
    /// Other files that explain it (the 1x an @2x is compared with).
    public var related: [String]

    public init(ruleID: String, severity: Severity, path: String, message: String, related: [String] = []) {
        self.ruleID = ruleID
        self.severity = severity
        // Paths and messages carry text from files (catalog file names, property list values):
        // nothing in them may move the cursor, clear the screen or start a new line.
        self.path = escapedControls(path)
        self.message = escapedControls(message)
        self.related = related.map(escapedControls)
    }
}
