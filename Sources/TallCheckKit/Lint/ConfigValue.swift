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

    /// Parses a value's canonical text (``flowText``: JSON strings, arrays and objects, keys in
    /// order); nil when it is not one. Nested at most ``ReadLimits/nestingDepth`` deep.
    init?(flowText text: String) {
        var reader = FlowReader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0), reader.atEnd else { return nil }
        self = value
    }
}

/// Reads ``ConfigValue/flowText``: JSON's strings, arrays and objects, objects kept in order.
private struct FlowReader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        index -= 1
        return jsonString(bytes, at: &index)
    }

    mutating func value(depth: Int) -> ConfigValue? {
        guard depth < ReadLimits.standard.nestingDepth else { return nil }
        if take(UInt8(ascii: "[")) {
            var items: [ConfigValue] = []
            if take(UInt8(ascii: "]")) { return .sequence(items) }
            repeat {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? .sequence(items) : nil
        }
        if take(UInt8(ascii: "{")) {
            var entries: [ConfigValue.Entry] = []
            if take(UInt8(ascii: "}")) { return .mapping(entries) }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), let item = value(depth: depth + 1) else {
                    return nil
                }
                entries.append(ConfigValue.Entry(key, item))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? .mapping(entries) : nil
        }
        return string().map(ConfigValue.scalar)
    }
}

/// The JSON string whose opening quote is at `index`, its escapes undone (`\n`, `\t`, `\r`,
/// `\uXXXX`, and any other escaped byte as itself); `index` moves past its closing quote. Nil
/// when it is not closed or an escape is broken.
func jsonString(_ bytes: [UInt8], at index: inout Int) -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    var out: [UInt8] = []
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        if bytes[index] == UInt8(ascii: "\\") {
            index += 1
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "u"):
                guard index + 4 < bytes.count,
                    let code = UInt32(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { return nil }
                out += Array(String(Character(scalar)).utf8)
                index += 4
            default: out.append(bytes[index])
            }
        } else {
            out.append(bytes[index])
        }
        index += 1
    }
    guard index < bytes.count else { return nil }
    index += 1
    return String(decoding: out, as: UTF8.self)
}
