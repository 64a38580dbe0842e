/// A JSON document with object keys in the order they were given, so reports keep the
/// field order their documentation shows.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// Compact JSON text (RFC 8259), no whitespace.
    public func rendered() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            out +=
                value.isFinite
                ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null"
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        // Most strings need no escaping: append them whole.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F }) {
            out += value
            out += "\""
            return
        }
        // Byte by byte: every escape is ASCII, and no byte of a longer UTF-8 sequence is one.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count + 16)
        let hex = Array("0123456789abcdef".utf8)
        for byte in value.utf8 {
            switch byte {
            case 0x22, 0x5C:
                escaped.append(0x5C)
                escaped.append(byte)
            case 0x0A:
                escaped.append(0x5C)
                escaped.append(UInt8(ascii: "n"))
            case 0x0D:
                escaped.append(0x5C)
                escaped.append(UInt8(ascii: "r"))
            case 0x09:
                escaped.append(0x5C)
                escaped.append(UInt8(ascii: "t"))
            case 0..<0x20, 0x7F:
                for character in "\\u00".utf8 { escaped.append(character) }
                escaped.append(hex[Int(byte >> 4)])
                escaped.append(hex[Int(byte & 0xF)])
            default:
                escaped.append(byte)
            }
        }
        out += String(decoding: escaped, as: UTF8.self)
        out += "\""
    }
}

extension JSONValue {
    /// `.null` for nil, else the wrapped value.
    package static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
        value.map(wrap) ?? .null
    }
}
