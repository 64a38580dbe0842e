/// A small asset tree that shows a rule at work: files with pixel sizes, and the Info.plist
/// facts that matter. Rule tests run every rule over its own examples, and `tallcheck rules`
/// documents them, so the two cannot drift apart.
public struct RuleExample: Sendable {
    public struct File: Sendable {
        public var path: String
        public var facts: ImageFacts
        /// What the content pass would read from it (``ImageContent``).
        public var content: ImageContent?

        /// A sound PNG (or, with `format`, another image) of the given size; with `endIsMissing`,
        /// one whose last bytes lack its format's end (cut off).
        /// - Parameters:
        ///   - bytes: the file's length.
        ///   - pixels: files with the same number show the same pixels (a digest of them).
        ///   - file: files with the same number are one file reached by two paths (a link).
        ///   - recompressed: its length with its image data deflated again at level 9.
        public static func image(
            _ path: String, _ width: Int, _ height: Int, format: ImageFormat = .png, cgbi: Bool = false,
            colorType: PNGColorType = .rgba, bytes: Int? = nil, pixels: UInt64? = nil, file: UInt64? = nil,
            recompressed: Int? = nil, endIsMissing: Bool = false
        ) -> File {
            let png =
                format == .png ? PNGHeader(bitDepth: 8, colorType: colorType, isInterlaced: false, isCgBI: cgbi) : nil
            var content: ImageContent?
            if pixels != nil || file != nil || recompressed != nil {
                content = ImageContent(
                    identity: file.map { FileIdentity(device: 1, inode: $0) },
                    digest: pixels.map { ContentDigest(kind: .pixels, high: $0, low: $0) },
                    recompressedBytes: recompressed)
            }
            var facts = ImageFacts(
                format: format, pixelSize: PixelSize(width: width, height: height), png: png, byteCount: bytes)
            facts.endIsMissing = endIsMissing
            return File(path: path, facts: facts, content: content)
        }

        /// A file the probe rejects.
        public static func corrupt(_ path: String, _ reason: String) -> File {
            File(path: path, facts: ImageFacts(format: .png, problem: .invalid(reason)))
        }
    }

    public var files: [File]
    public var info: AppInfo?
    public var deploymentTarget: OSVersion?
    /// For triggering examples: the file the finding must be on.
    public var flaggedPath: String?
    /// For triggering examples: the severities of all the rule's findings, most severe first,
    /// when the example pins them down.
    public var severities: [Severity]?

    /// Asset catalog sets; their file names come from `files` inside each set's folder.
    public var catalogSets: [CatalogSet]
    public var catalogProblems: [CatalogProblem]
    /// Where an Xcode project copies each file, by tree path; nil: no project, every file ships.
    public var bundlePaths: [String: String]?
    /// The image names the example's code asks for.
    public var references: [ImageReference]
    /// What the example's code spells away from an image API, by file (``Inventory/codeNames``);
    /// empty: the scan did not read them.
    public var codeNames: [String: [CodeName]]
    /// The example's source files that hand an image API a name they do not spell
    /// (``Inventory/codePassingNames``); nil: not known.
    public var codePassingNames: Set<String>?

    public init(
        _ files: [File], info: AppInfo? = nil, deploymentTarget: OSVersion? = nil,
        catalog catalogSets: [CatalogSet] = [],
        catalogProblems: [CatalogProblem] = [], bundlePaths: [String: String]? = nil,
        references: [ImageReference] = [], codeNames: [String: [CodeName]] = [:],
        codePassingNames: Set<String>? = nil,
        flagged flaggedPath: String? = nil,
        severities: [Severity]? = nil
    ) {
        self.references = references
        self.codeNames = codeNames
        self.codePassingNames = codePassingNames
        self.bundlePaths = bundlePaths
        self.files = files
        self.info = info
        self.deploymentTarget = deploymentTarget
        self.catalogSets = catalogSets
        self.catalogProblems = catalogProblems
        self.flaggedPath = flaggedPath
        self.severities = severities
    }

    /// The inventory the example describes, with no file on disk.
    public var inventory: Inventory {
        let sets = catalogSets.map { set in
            var filled = set
            filled.fileNames = files.map(\.path).filter { $0.hasPrefix(set.folder + "/") }.map {
                String($0.dropFirst(set.folder.count + 1))
            }
            return filled
        }
        var bundle: BundleModel?
        if let bundlePaths {
            var model = BundleModel(
                source: .xcodeProject(path: "App.xcodeproj/project.pbxproj", target: "App", otherTargets: []))
            for (treePath, bundlePath) in bundlePaths.sorted(by: { $0.key < $1.key }) {
                model.place(treePath, at: bundlePath, because: .copiedFlat(target: "App"))
            }
            bundle = model
        }
        var inventory = Inventory(
            images: files.map { ScannedImage(path: $0.path, facts: $0.facts) }, info: info,
            deploymentTarget: deploymentTarget,
            deploymentTargetSource: deploymentTarget == nil ? .assumed : .option, catalogSets: sets,
            catalogProblems: catalogProblems, bundle: bundle, references: references, codeNames: codeNames)
        for file in files { if let content = file.content { inventory.contents[file.path] = content } }
        inventory.readCodeNames = !codeNames.isEmpty
        inventory.codePassingNames = codePassingNames
        return inventory
    }
}

/// What a rule is, for people and for its tests.
public struct RuleDescription: Sendable {
    /// Stable, kebab-case: `launch-image-size`.
    public var id: String
    public var severity: Severity
    /// One line.
    public var summary: String
    /// Why it matters.
    public var rationale: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    /// Runs only when a config's `opt_in_rules` names it.
    public var isOptIn = false
    /// Rules whose findings on a file this rule's finding on the same file replaces: one cause,
    /// one finding (its message says the other fact).
    public var supersedes: [String] = []
    /// Whether a finding stands only when every target that ships the file finds it: a finding
    /// that says "delete this" is wrong if another target still uses the file.
    public var needsEveryTarget = false
}

/// A check over the inventory. One rule, one file, named for what it enforces; its messages
/// sit at the bottom of the same file.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// What the rule needs read of image files beyond their headers; most need nothing.
    static var contentChecks: ContentChecks { get }
    /// The rule with its default settings.
    init()
    /// The rule with the settings a configuration gives it. Rules without settings take the default.
    init(configuration: LintConfiguration)
    func findings(in inventory: Inventory) -> [Finding]
}

/// A rule that reads the device matrix: what every device loads for every name the code asks
/// for. The linter builds the matrix once, outside the other rules, where its lookups run on
/// every core (a rule's own parallel work runs on one core while the rules run side by side).
protocol MatrixRule: Rule {
    /// Whether the rule has anything to ask of the matrix in this inventory.
    func needsMatrix(_ inventory: Inventory) -> Bool
    func findings(in inventory: Inventory, matrix: ReferenceMatrix) -> [Finding]
}

extension MatrixRule {
    func findings(in inventory: Inventory) -> [Finding] {
        guard needsMatrix(inventory) else { return [] }
        return findings(
            in: inventory, matrix: ReferenceMatrix(inventory, matchingPatterns: false, recordingTries: false))
    }
}

extension Rule {
    public init(configuration: LintConfiguration) { self.init() }
    public static var contentChecks: ContentChecks { [] }
}

extension Rule {
    /// A finding of this rule, at its default severity unless told otherwise.
    func finding(
        _ path: String, _ message: String, related: [String] = [], severity: Severity? = nil, savedBytes: Int? = nil
    ) -> Finding {
        var finding = Finding(
            ruleID: Self.description.id, severity: severity ?? Self.description.severity, path: path, message: message,
            related: related)
        finding.savedBytes = savedBytes
        return finding
    }
}

/// Every rule, in the order `tallcheck rules` lists them.
public enum Rules {
    public static let all: [any Rule.Type] = [
        LaunchImageSize.self,
        LaunchImageMemory.self,
        TallLaunchImageMissing.self,
        ScaleMismatch.self,
        FractionalPointSize.self,
        MissingScale.self,
        TallVariant.self,
        MisnamedVariant.self,
        CaseMismatch.self,
        ImageFormatMismatch.self,
        LFSPointer.self,
        BundlePathCollision.self,
        CatalogMissingFile.self,
        CatalogUnassignedFile.self,
        CatalogDuplicateSlot.self,
        CatalogPathEscape.self,
        CatalogMalformed.self,
        AppIconSize.self,
        AppIconAlpha.self,
        MissingImage.self,
        TallSuffixFallback.self,
        UnusedImage.self,
        DuplicateImage.self,
        ImageWeight.self,
        LooseImage.self,
    ]

    /// The descriptions of every rule, in the same order.
    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static func description(id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// Every rule's id, in the same order.
    public static var ids: [String] { descriptions.map(\.id) }
}
