/// The outcome of a lint: what the rules found, and the facts a report states beside them.
/// Reporters read this, never the inventory.
public struct LintReport: Sendable {
    public var folder: ScannedFolder
    /// Sorted by path, then severity (most severe first), then rule.
    public var findings: [Finding]
    /// The rules that ran, in `Rules.all` order.
    public var rules: [RuleDescription]
    /// How many images were checked: loose ones and those in catalog sets.
    public var imageCount: Int
    /// Their files' lengths added up (the app's images, loose and in catalogs, as they are in
    /// the tree); nil when not known (a report saved by an older version).
    public var imageBytes: Int?
    /// The asset each finding's file belongs to (its base name), by path, for reports that
    /// group findings; files that are not images are absent.
    public var assetNames: [String: String]
    /// The app the findings are about: its Info.plist, deployment target and devices.
    public var app: AppSummary?
    /// The rules that found more than ``Linter/maxFindingsPerRule`` (in one target), with how
    /// many they found; only the first that many are in ``findings``.
    public var cappedRules: [String: Int] = [:]

    public init(
        folder: ScannedFolder, findings: [Finding], rules: [RuleDescription] = Rules.descriptions, imageCount: Int,
        assetNames: [String: String] = [:], app: AppSummary? = nil, imageBytes: Int? = nil
    ) {
        self.imageBytes = imageBytes
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
            folder: ScannedFolder(absolute: root, given: givenRoot), findings: findings,
            imageCount: inventory.allImages.count, assetNames: Self.assetNames(of: findings, in: inventory),
            app: AppSummary(inventory), imageBytes: inventory.imageBytes)
    }

    /// `Fixing duplicate-image (1.2 MB) and image-weight (300 KB) would save 1.5 MB of the 19.9 MB
    /// of images.`; nil when no finding says what it would save.
    public var savingsSummary: String? {
        let saved = savedBytes
        guard !saved.isEmpty else { return nil }
        let rules = saved.map { "\($0.rule) (\(byteCountText($0.bytes)))" }
        let total = saved.reduce(0) { $0 + $1.bytes }
        return "Fixing "
            + (rules.count == 1 ? rules[0] : rules.dropLast().joined(separator: ", ") + " and " + rules.last!)
            + " would save \(byteCountText(total))"
            + (imageBytes.map { " of the \(byteCountText($0)) of images" } ?? "")
            + "."
    }

    /// The bytes fixing the findings would save, by rule, for the rules that say.
    public var savedBytes: [(rule: String, bytes: Int)] {
        let byRule = Dictionary(grouping: findings.filter { $0.savedBytes != nil }, by: \.ruleID)
        return byRule.map { ($0.key, $0.value.reduce(0) { $0 + $1.savedBytes! }) }.sorted { $0.rule < $1.rule }
    }

    /// The scanned folder, absolute: see ``ScannedFolder/absolute``.
    public var root: String { folder.absolute }

    public func count(_ severity: Severity) -> Int { findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }

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

    /// The asset each finding is on: the catalog set for its `Contents.json` and files, else the
    /// base name of its image.
    static func assetNames(of findings: [Finding], in inventory: Inventory) -> [String: String] {
        var names: [String: String] = [:]
        let sets = Dictionary(inventory.catalogSets.map { ($0.folder, $0.name) }) { first, _ in first }
        for finding in findings where names[finding.path] == nil {
            let slash = finding.path.lastIndex(ofByte: UInt8(ascii: "/"))
            if let slash, let set = sets[String(finding.path[..<slash])] {
                names[finding.path] = set
                continue
            }
            let fileName = slash.map { String(finding.path[finding.path.index(after: $0)...]) } ?? finding.path
            if ImageFormat.hasCatalogImageExtension(fileName) {
                names[finding.path] = ImageName(fileName: fileName).base
            }
        }
        return names
    }
}

/// The app a lint looked at, as a report's preamble states it.
public struct AppSummary: Sendable, Hashable, Codable {
    public var deploymentTarget: OSVersion
    public var deploymentTargetSource: DeploymentTargetSource
    /// The idioms the app runs on.
    public var deviceFamilies: Set<Idiom>
    /// Which Info.plist was read, and why.
    public var infoPlist: InfoPlistChoice?
    /// Where the bundle model came from.
    public var bundleSource: BundleSource
    /// Why images of the tree were left out of the app (`in Screenshots/, which no app ships`),
    /// with how many each.
    public var leftOut: [LeftOut]

    /// How many images were left out of the app, and why.
    public struct LeftOut: Sendable, Hashable, Codable {
        public var why: String
        public var count: Int
    }
    /// Catalog launch images of other platforms, by platform, which are not checked.
    public var otherPlatformLaunchImages: [String: Int]
    /// The project's targets that were linted, each as its own app (``ProjectTarget/summary``).
    public var targets: [String] = []
    /// The platform the deployment target is of: iOS unless the one target linted says otherwise.
    public var platform: Platform = .iOS

    public init(_ inventory: Inventory, infoPlist: InfoPlistChoice? = nil) {
        deploymentTarget = inventory.deploymentTarget
        deploymentTargetSource = inventory.deploymentTargetSource
        deviceFamilies = inventory.deviceFamilies
        self.infoPlist = infoPlist
        bundleSource = inventory.bundle.source
        leftOut = Dictionary(
            grouping: inventory.unshippedImages.map { inventory.bundle.leftOut[$0.path] ?? "not copied into the app" }
                + inventory.systemImages.map { image in
                    "in \(Inventory.systemReadFolder(of: image.path) ?? ""), which the system reads itself"
                }
        ) { $0 }
        .map { LeftOut(why: $0.key, count: $0.value.count) }.sorted { ($1.count, $0.why) < ($0.count, $1.why) }
        otherPlatformLaunchImages = inventory.launchImages.otherPlatformImages.mapValues(\.count)
    }
}
