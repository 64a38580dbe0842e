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
        let findings = rules.concurrentMap(batchSize: 1) { rule in
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
        return Self.droppingSuperseded(findings)
    }

    /// One cause, one finding: drops a finding when a rule that supersedes its rule found the same file.
    static func droppingSuperseded(_ findings: [Finding]) -> [Finding] {
        let superseding = Dictionary(
            uniqueKeysWithValues: Rules.all.map { ($0.description.id, $0.description.supersedes) }
        ).filter { !$0.value.isEmpty }
        guard !superseding.isEmpty else { return findings }
        var replaced: Set<[String]> = []
        for finding in findings {
            for id in superseding[finding.ruleID] ?? [] { replaced.insert([finding.path, id]) }
        }
        return replaced.isEmpty ? findings : findings.filter { !replaced.contains([$0.path, $0.ruleID]) }
    }

    /// The findings in a scanned tree, with what a report needs to say about it.
    public func lint(_ scan: ScanResult) -> LintReport {
        let findings = findings(in: scan.inventory)
        return LintReport(
            folder: scan.folder, findings: findings, rules: rules.map { type(of: $0).description },
            imageCount: scan.inventory.allImages.count,
            assetNames: LintReport.assetNames(of: findings, in: scan.inventory),
            app: AppSummary(scan.inventory, infoPlist: scan.infoPlist), imageBytes: scan.inventory.imageBytes)
    }
}
