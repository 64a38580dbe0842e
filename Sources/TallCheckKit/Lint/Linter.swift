/// The tool's version, as reports give it.
public enum TallCheckVersion {
    public static let current = "0.1.0"
}

/// Where a lint looked, as reports show it.
public struct LintedFolder: Sendable, Hashable {
    /// The scanned folder, absolute and escaped like every path in reports, for reporters that
    /// need absolute paths.
    public var absolute: String
    /// The scanned folder as the user gave it (`.`, `App`), escaped, for reporters whose paths
    /// are read relative to the working directory.
    public var given: String

    public init(absolute: String, given: String? = nil) {
        self.absolute = absolute
        self.given = given ?? absolute
    }
}

/// The outcome of a lint: what the rules found, and the facts a report states beside them.
/// Reporters read this, never the inventory.
public struct LintReport: Sendable {
    public var folder: LintedFolder
    /// Sorted by path, then severity (most severe first), then rule.
    public var findings: [Finding]
    /// The rules that ran, in `Rules.all` order.
    public var rules: [RuleDescription]
    /// How many images were checked: loose ones (catalog images are counted with their sets).
    public var imageCount: Int
    /// The asset each finding's file belongs to (its base name), by path, for reports that
    /// group findings; files that are not images are absent.
    public var assetNames: [String: String]
    /// The app the findings are about: its Info.plist, deployment target and devices.
    public var app: AppSummary?

    public init(
        folder: LintedFolder, findings: [Finding], rules: [RuleDescription] = Rules.descriptions, imageCount: Int,
        assetNames: [String: String] = [:], app: AppSummary? = nil
    ) {
        self.folder = folder
        self.findings = findings
        self.rules = rules
        self.imageCount = imageCount
        self.assetNames = assetNames
        self.app = app
    }

    /// A report on `inventory`'s findings with every rule listed, for tests and examples.
    public init(root: String, inventory: Inventory, findings: [Finding], givenRoot: String? = nil) {
        self.init(
            folder: LintedFolder(absolute: root, given: givenRoot), findings: findings,
            imageCount: inventory.looseImages.count, assetNames: Self.assetNames(of: findings, in: inventory),
            app: AppSummary(inventory))
    }

    /// The scanned folder, absolute: see ``LintedFolder/absolute``.
    public var root: String { folder.absolute }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// 0 with no error-severity finding, 1 with one (with `strict`, warnings count too).
    public func exitCode(strict: Bool) -> Int32 {
        findings.contains { $0.severity == .error || (strict && $0.severity == .warning) } ? 1 : 0
    }

    /// A finding's path prefixed with the folder as given: `App/Images/a.png`, or
    /// `Images/a.png` for `.`.
    public func pathAsGiven(_ path: String) -> String {
        var folder = folder.given
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        if folder == "." || folder.isEmpty { return path }
        return folder == "/" ? "/" + path : folder + "/" + path
    }

    /// The base name of each image a finding is on.
    static func assetNames(of findings: [Finding], in inventory: Inventory) -> [String: String] {
        var names: [String: String] = [:]
        for finding in findings where names[finding.path] == nil {
            let fileName = String(finding.path.split(separator: "/").last ?? "")
            if ImageFormat.hasImageExtension(fileName) { names[finding.path] = ImageName(fileName: fileName).base }
        }
        return names
    }
}

/// The app a lint looked at, as a report's preamble states it.
public struct AppSummary: Sendable, Hashable {
    public var deploymentTarget: OSVersion
    public var deploymentTargetSource: DeploymentTargetSource
    /// The idioms the app runs on.
    public var deviceFamilies: Set<Idiom>
    /// Which Info.plist was read, and why.
    public var infoPlist: InfoPlistChoice?

    public init(_ inventory: Inventory, infoPlist: InfoPlistChoice? = nil) {
        deploymentTarget = inventory.deploymentTarget
        deploymentTargetSource = inventory.deploymentTargetSource
        deviceFamilies = inventory.deviceFamilies
        self.infoPlist = infoPlist
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

    /// The findings in a scanned tree, with what a report needs to say about it.
    public func lint(_ scan: ScanResult) -> LintReport {
        let findings = findings(in: scan.inventory)
        return LintReport(
            folder: scan.folder, findings: findings, rules: rules.map { type(of: $0).description },
            imageCount: scan.inventory.looseImages.count,
            assetNames: LintReport.assetNames(of: findings, in: scan.inventory),
            app: AppSummary(scan.inventory, infoPlist: scan.infoPlist))
    }
}
