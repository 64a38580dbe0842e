import Yams

/// A value of `.tallcheck.yml`, as a rule option decodes it: a scalar, a list or a mapping (in
/// the file's order). Options see this, not the YAML library's nodes.
public indirect enum ConfigValue: Sendable, Hashable {
    case scalar(String)
    case sequence([ConfigValue])
    case mapping([Entry])

    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: ConfigValue

        public init(_ key: String, _ value: ConfigValue) {
            self.key = key
            self.value = value
        }
    }

    /// Why a value cannot be used; the config file's message adds its path and key.
    public struct Invalid: Error, Sendable, Equatable {
        public var reason: String

        public init(_ reason: String) { self.reason = reason }
    }

    /// The text, when this is a scalar.
    public func scalar(_ what: String) throws(Invalid) -> String {
        guard case .scalar(let text) = self else { throw Invalid("expected \(what)") }
        return text
    }

    /// One string or a list of them.
    public func strings(_ what: String) throws(Invalid) -> [String] {
        switch self {
        case .scalar(let text): return [text]
        case .sequence(let items):
            var values: [String] = []
            for item in items { values.append(try item.scalar(what)) }
            return values
        case .mapping: throw Invalid("expected \(what)")
        }
    }

    /// The entries of a mapping whose keys are all among `keys`: an unknown key is refused with
    /// the known ones, and the one it most likely meant.
    public func entries(_ keys: [String]) throws(Invalid) -> [Entry] {
        let expected = keys.joined(separator: ", ")
        guard case .mapping(let entries) = self else { throw Invalid("expected a mapping of \(expected)") }
        for entry in entries where !keys.contains(entry.key) {
            throw Invalid("unknown key '\(entry.key)'\(didYouMean(entry.key, among: keys)); expected \(expected)")
        }
        return entries
    }

    /// A whole number above 0.
    public func positiveInteger(_ key: String) throws(Invalid) -> Int {
        let text = try scalar("a whole number for \(key)")
        guard let number = Int(text), number > 0 else {
            throw Invalid("'\(text)' for \(key) is not a whole number above 0")
        }
        return number
    }

    /// The value as YAML flow text (JSON, which YAML reads): a structured option's canonical text.
    public var flowText: String { json.rendered() }

    private var json: JSONValue {
        switch self {
        case .scalar(let text): .string(text)
        case .sequence(let items): .array(items.map(\.json))
        case .mapping(let entries): .object(entries.map { ($0.key, $0.value.json) })
        }
    }

    /// The value of a YAML node: scalars as their text, keys as plain names.
    init(_ node: Node) throws(Invalid) {
        switch node {
        case .scalar(let scalar): self = .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [ConfigValue] = []
            for item in sequence { items.append(try ConfigValue(item)) }
            self = .sequence(items)
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else { throw Invalid("keys must be plain names") }
                entries.append(Entry(name, try ConfigValue(value)))
            }
            self = .mapping(entries)
        }
    }

    /// Parses YAML text (a structured option's canonical text); nil when it is not a value.
    init?(yaml text: String) {
        guard YAMLPrecheck.refusal(text) == nil, let node = try? Yams.compose(yaml: text),
            let value = try? ConfigValue(node)
        else { return nil }
        self = value
    }
}
