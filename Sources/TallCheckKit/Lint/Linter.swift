/// The tool's version, as reports give it.
public enum TallCheckVersion {
    public static let current = "0.1.0"
}

/// The outcome of a lint: the inventory and what the rules found in it.
public struct LintReport: Sendable {
    /// The scanned folder, absolute and escaped like every path in reports, for reporters that
    /// need absolute paths.
    public var root: String
    /// The scanned folder as the user gave it (`.`, `App`), for reporters whose paths are
    /// read relative to the working directory.
    public var givenRoot: String
    public var inventory: Inventory
    /// Sorted by path, then severity (most severe first), then rule.
    public var findings: [Finding]

    public init(root: String, inventory: Inventory, findings: [Finding], givenRoot: String? = nil) {
        self.root = root
        self.givenRoot = givenRoot ?? root
        self.inventory = inventory
        self.findings = findings
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// 0 with no error-severity finding, 1 with one (with `strict`, warnings count too).
    public func exitCode(strict: Bool) -> Int32 {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) } ? 1 : 0
    }

    /// A finding's path prefixed with the folder as given: `App/Images/a.png`, or
    /// `Images/a.png` for `.`.
    public func pathAsGiven(_ path: String) -> String {
        var folder = givenRoot
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        if folder == "." || folder.isEmpty { return path }
        return folder == "/" ? "/" + path : folder + "/" + path
    }
}

/// Runs rules over an inventory.
public struct Linter: Sendable {
    public var rules: [any Rule]
    /// Severities that replace a rule's default one.
    public var severities: [String: Severity]

    /// The rules and severities a configuration asks for.
    public init(configuration: LintConfiguration = LintConfiguration()) {
        rules = configuration.enabledRules.map { $0.init(configuration: configuration) }
        severities = configuration.severities
    }

    /// Exactly these rules, with their defaults.
    public init(rules: [any Rule.Type]) {
        self.rules = rules.map { $0.init() }
        severities = [:]
    }

    public func findings(in inventory: Inventory) -> [Finding] {
        // Rules are pure functions of the inventory: run them on all cores.
        rules.concurrentMap(batchSize: 1) { rule in
            let description = type(of: rule).description
            return rule.findings(in: inventory).map { finding in
                var finding = finding
                if let severity = severities[description.id], finding.severity == description.severity {
                    finding.severity = severity
                }
                return finding
            }
        }.joined().sorted {
            ($0.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $0.severity)!, $0.ruleID, $0.message)
                < (
                    $1.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $1.severity)!, $1.ruleID,
                    $1.message
                )
        }
    }

    public func lint(_ inventory: Inventory, root: String) -> LintReport {
        LintReport(
            root: escapedForDisplay(realPath(root) ?? root), inventory: inventory, findings: findings(in: inventory),
            givenRoot: escapedForDisplay(root))
    }
}
