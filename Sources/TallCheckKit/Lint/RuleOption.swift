/// A setting a rule takes from `.tallcheck.yml`, and from the command line where it has a flag.
/// The rule declares it in its own file (SwiftLint's rule configuration pattern): the config
/// file, the configuration layers and the command line find it by its key.
public protocol RuleOption: Sendable, Hashable, CustomStringConvertible {
    /// The key in `.tallcheck.yml`: `tall_variant_height`.
    static var key: String { get }
    /// What a value looks like, for messages: `extra points, such as 88, or any`.
    static var expectedValue: String { get }
    static var defaultValue: Self { get }
    /// Parses a value as the command line writes it, or its canonical text (``description``).
    init?(_ text: String)
    /// Decodes the value `.tallcheck.yml` gives. A scalar option needs not write this: the
    /// default reads a scalar with ``init(_:)``.
    static func decode(_ value: ConfigValue) throws(ConfigValue.Invalid) -> Self
}

extension RuleOption {
    public static func decode(_ value: ConfigValue) throws(ConfigValue.Invalid) -> Self {
        let text = try value.scalar(expectedValue)
        guard let option = Self(text) else { throw ConfigValue.Invalid("'\(text)' is not \(expectedValue)") }
        return option
    }

    /// The canonical text of the option `.tallcheck.yml` gives, as the configuration keeps it.
    static func canonicalText(of value: ConfigValue) throws(ConfigValue.Invalid) -> String {
        try decode(value).description
    }
}

/// An option whose value is a structure (a list, a mapping): it decodes itself from
/// ``ConfigValue`` in the rule's own file, and its canonical text is that value as YAML flow.
public protocol StructuredRuleOption: RuleOption {
    /// The option as `.tallcheck.yml` would give it.
    var value: ConfigValue { get }
}

extension StructuredRuleOption {
    public init?(_ text: String) {
        guard let value = ConfigValue(flowText: text), let option = try? Self.decode(value) else { return nil }
        self = option
    }

    public var description: String { value.flowText }
}

/// A rule with a setting.
public protocol ConfigurableRule: Rule {
    associatedtype Option: RuleOption
    init(option: Option)
}

extension ConfigurableRule {
    public init() { self.init(option: .defaultValue) }
    public init(configuration: LintConfiguration) { self.init(option: configuration.option(Option.self)) }

    /// The rule's option type, for code that sees the rule as `any Rule.Type`.
    static var optionType: any RuleOption.Type { Option.self }
}

extension Rules {
    /// The options the rules take, in `Rules.all` order.
    public static var options: [any RuleOption.Type] {
        all.compactMap { ($0 as? any ConfigurableRule.Type)?.optionType }
    }

    /// The option with this `.tallcheck.yml` key.
    public static func option(key: String) -> (any RuleOption.Type)? {
        options.first { $0.key == key }
    }
}

extension LintConfiguration {
    /// The value a layer set for the option, else its default.
    public func option<Option: RuleOption>(_ type: Option.Type) -> Option {
        ruleOptions[Option.key].flatMap(Option.init) ?? Option.defaultValue
    }

    /// Sets a rule option.
    public mutating func setOption<Option: RuleOption>(_ value: Option) {
        ruleOptions[Option.key] = value.description
    }
}

extension LintConfiguration.Layer {
    /// The value this layer sets for the option, if it sets one.
    public func option<Option: RuleOption>(_ type: Option.Type) -> Option? {
        ruleOptions?[Option.key].flatMap(Option.init)
    }

    /// Sets (or, with nil, unsets) a rule option in this layer.
    public mutating func setOption<Option: RuleOption>(_ type: Option.Type, _ value: Option?) {
        var options = ruleOptions ?? [:]
        options[Option.key] = value?.description
        ruleOptions = options.isEmpty ? nil : options
    }
}
