/// The settings a lint runs with: which rules, at which severity, over which files.
///
/// Defaults come first, then `.tallcheck.yml`, then the command line: each layer is a
/// ``LintConfiguration/Layer`` whose set values replace the ones below it.
public struct LintConfiguration: Sendable, Equatable {
    /// Globs, relative to the scanned folder, that a file must match to be checked. Empty: every file.
    public var included: [String] = []
    /// Globs of files left out; they win over `included`.
    public var excluded: [String] = []
    /// Rule ids that do not run.
    public var disabledRules: Set<String> = []
    /// Opt-in rules that do run.
    public var optInRules: Set<String> = []
    /// The only rules that run (`--only-rule`), opt-in or not, whatever else says; nil: the
    /// enabled ones.
    public var onlyRules: Set<String>?
    /// The severity a rule's findings get in place of the rule's default one. Findings the rule
    /// raises at another severity (its notes, say) keep theirs.
    public var severities: [String: Severity] = [:]
    /// Overrides the Info.plist's and the Xcode project's deployment target.
    public var deploymentTarget: OSVersion?
    /// Rule options (``RuleOption``) by their `.tallcheck.yml` key, as canonical text; a rule
    /// option not given takes its default.
    public var ruleOptions: [String: String] = [:]
    /// Warnings fail the run too.
    public var strict = false
    /// A tree with no image to lint passes (`allow_zero_lintable_files`); by default it is exit
    /// status 2, so a CI step pointed at the wrong folder does not pass forever.
    public var allowsZeroLintableFiles = false
    /// C# helpers that load `name-568h@2x` files on tall phones, besides `FromBundle16x9`.
    public var tallSuffixFunctions: [String] = []
    /// Tall-suffix helpers whose tall branch has no fallback (their body is not in the tree):
    /// a missing `-568h@2x` file is nil on tall phones.
    public var tallSuffixWithoutFallback: [String] = []
    public init() {}

    /// Globs of images and image sets `unused-image` never reports (its option).
    public var unusedImageIgnore: [String] {
        get { option(UnusedImageIgnore.self).globs }
        set { setOption(UnusedImageIgnore(newValue)) }
    }
    /// How heavy an image may be (`image-weight`'s option).
    public var imageWeight: ImageWeightBudget {
        get { option(ImageWeightBudget.self) }
        set { setOption(newValue) }
    }

    /// One source of settings: the config file or the command line. Nil means "not said here".
    public struct Layer: Sendable, Equatable {
        public var included: [String]?
        public var excluded: [String]?
        public var disabledRules: Set<String>?
        public var optInRules: Set<String>?
        public var onlyRules: Set<String>?
        /// Opt-in rules this layer turns on besides the ones the layers below chose (where
        /// ``optInRules`` replaces them): what a command needs whatever the config says.
        public var additionalOptInRules: Set<String>?
        public var severities: [String: Severity]?
        public var deploymentTarget: OSVersion?
        /// Rule options by key, as canonical text.
        public var ruleOptions: [String: String]?
        public var strict: Bool?
        public var allowsZeroLintableFiles: Bool?
        public var tallSuffixFunctions: [String]?
        public var tallSuffixWithoutFallback: [String]?
        /// `unused-image`'s option, when this layer sets it.
        public var unusedImageIgnore: [String]? {
            get { option(UnusedImageIgnore.self)?.globs }
            set { setOption(UnusedImageIgnore.self, newValue.map(UnusedImageIgnore.init)) }
        }
        /// `image-weight`'s option, when this layer sets it.
        public var imageWeight: ImageWeightBudget? {
            get { option(ImageWeightBudget.self) }
            set { setOption(ImageWeightBudget.self, newValue) }
        }

        public init(
            included: [String]? = nil, excluded: [String]? = nil, disabledRules: Set<String>? = nil,
            optInRules: Set<String>? = nil, severities: [String: Severity]? = nil, deploymentTarget: OSVersion? = nil,
            ruleOptions: [String: String]? = nil, strict: Bool? = nil, tallSuffixFunctions: [String]? = nil,
            unusedImageIgnore: [String]? = nil
        ) {
            self.tallSuffixFunctions = tallSuffixFunctions
            self.included = included
            self.excluded = excluded
            self.disabledRules = disabledRules
            self.optInRules = optInRules
            self.severities = severities
            self.deploymentTarget = deploymentTarget
            self.ruleOptions = ruleOptions
            self.strict = strict
            if let unusedImageIgnore { self.unusedImageIgnore = unusedImageIgnore }
        }
    }

    /// The defaults, overlaid with each layer in turn: later layers win.
    public static func resolved(_ layers: Layer...) -> LintConfiguration {
        layers.reduce(into: LintConfiguration()) { configuration, layer in configuration.apply(layer) }
    }

    /// Replaces every setting the layer gives. Per-rule severities and rule options merge one by one.
    public mutating func apply(_ layer: Layer) {
        if let value = layer.included { included = value }
        if let value = layer.excluded { excluded = value }
        if let value = layer.disabledRules { disabledRules = value }
        if let value = layer.optInRules { optInRules = value }
        if let value = layer.onlyRules { onlyRules = value }
        if let value = layer.additionalOptInRules { optInRules.formUnion(value) }
        if let value = layer.severities { severities.merge(value) { _, new in new } }
        if let value = layer.deploymentTarget { deploymentTarget = value }
        if let value = layer.ruleOptions { ruleOptions.merge(value) { _, new in new } }
        if let value = layer.strict { strict = value }
        if let value = layer.allowsZeroLintableFiles { allowsZeroLintableFiles = value }
        if let value = layer.tallSuffixFunctions { tallSuffixFunctions = value }
        if let value = layer.tallSuffixWithoutFallback { tallSuffixWithoutFallback = value }
    }

    /// The rules that run: every rule that is not opt-in, plus the opt-in ones asked for,
    /// minus the disabled ones, in `Rules.all` order.
    public var enabledRules: [any Rule.Type] {
        if let onlyRules { return Rules.all.filter { onlyRules.contains($0.description.id) } }
        return Rules.all.filter { rule in
            let description = rule.description
            return (!description.isOptIn || optInRules.contains(description.id))
                && !disabledRules.contains(description.id)
        }
    }

    /// What the enabled rules need read of image files beyond their headers.
    public var contentChecks: ContentChecks {
        enabledRules.reduce(into: []) { $0.formUnion($1.contentChecks) }
    }

    /// Whether an enabled rule needs every name the code spells (`unused-image`).
    public var readsCodeNames: Bool {
        enabledRules.contains { $0.description.id == UnusedImage.description.id }
    }

    /// Which files the scan looks at.
    public var pathFilter: PathFilter { PathFilter(included: included, excluded: excluded) }
}
