/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// Its place among ``allCases`` (note 0, warning 1, error 2), without making that list: reports
    /// sort their findings by it.
    var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// One problem a rule found.
public struct Finding: Hashable, Sendable, Codable {
    public var ruleID: String
    public var severity: Severity
    /// The file it is about, relative to the scanned folder.
    public var path: String
    /// What is wrong, with the actual and expected sizes, and the fix.
    public var message: String
    /// Other files that explain it (the 1x an @2x is compared with).
    public var related: [String]
    /// Where in a source file, for findings about code (1-based); nil for images, which have no lines.
    public var line: Int?
    /// The column of ``line``, 1-based, in Unicode scalars.
    public var column: Int?
    /// How many bytes the app would lose if the finding were fixed (a duplicate removed, an
    /// image compressed again), for rules that can say.
    public var savedBytes: Int?
    /// The project's targets it holds for (`App`, `Widget`), when the project has targets; one
    /// finding for a file that several targets share.
    public var targets: [String]?
    /// The build configurations it holds in (`Debug`), when it does not hold in every one.
    public var configurations: [String]?

    public init(
        ruleID: String, severity: Severity, path: String, message: String, related: [String] = [], line: Int? = nil,
        column: Int? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.line = line
        self.column = line == nil ? nil : column
        // Paths and messages carry text from files (catalog file names, property list values):
        // nothing in them may move the cursor, clear the screen or start a new line.
        self.path = escapedControls(path)
        self.message = escapedControls(message)
        self.related = related.map(escapedControls)
    }

    /// A finding in a set, hashed by its path, rule and line only (a finding's own hash covers
    /// every field, its message and lists too): equal as findings are.
    struct Identity: Hashable {
        let finding: Finding

        init(_ finding: Finding) { self.finding = finding }

        func hash(into hasher: inout Hasher) {
            hasher.combine(finding.path)
            hasher.combine(finding.ruleID)
            hasher.combine(finding.line)
        }
    }

    /// `:12:9` or `:12` after a path, or nothing for an image.
    public var lineSuffix: String {
        guard let line else { return "" }
        return ":\(line)" + (column.map { ":\($0)" } ?? "")
    }
}
