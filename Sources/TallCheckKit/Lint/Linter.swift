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

    /// The findings in a scanned tree, with what a report needs to say about it.
    public func lint(_ scan: ScanResult) -> LintReport {
        let findings = findings(in: scan.inventory)
        return LintReport(
            folder: scan.folder, findings: findings, rules: rules.map { type(of: $0).description },
            imageCount: scan.inventory.allImages.count,
            assetNames: LintReport.assetNames(of: findings, in: scan.inventory),
            app: AppSummary(scan.inventory, infoPlist: scan.infoPlist))
    }
}
