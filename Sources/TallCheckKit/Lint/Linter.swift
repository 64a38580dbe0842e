/// The tool's version, as reports give it.
public enum TallCheckVersion {
    public static let current = "0.1.0"
}

/// The outcome of a lint: the inventory and what the rules found in it.
public struct LintReport: Sendable {
    /// The scanned folder, absolute and escaped like every path in reports, for reporters that
    /// need absolute paths.
    public var root: String
    public var inventory: Inventory
    /// Sorted by path, then severity (most severe first), then rule.
    public var findings: [Finding]

    public init(root: String, inventory: Inventory, findings: [Finding]) {
        self.root = root
        self.inventory = inventory
        self.findings = findings
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// 0 with no error-severity finding, 1 with one (with `strict`, warnings count too).
    public func exitCode(strict: Bool) -> Int32 {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) } ? 1 : 0
    }
}

/// Runs rules over an inventory.
public struct Linter: Sendable {
    public var rules: [any Rule.Type]

    public init(rules: [any Rule.Type] = Rules.all) {
        self.rules = rules
    }

    public func findings(in inventory: Inventory) -> [Finding] {
        rules.flatMap { $0.init().findings(in: inventory) }.sorted {
            ($0.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $0.severity)!, $0.ruleID, $0.message)
                < (
                    $1.path, Severity.allCases.count - Severity.allCases.firstIndex(of: $1.severity)!, $1.ruleID,
                    $1.message
                )
        }
    }

    public func lint(_ inventory: Inventory, root: String) -> LintReport {
        LintReport(
            root: escapedForDisplay(realPath(root) ?? root), inventory: inventory, findings: findings(in: inventory))
    }
}
