import CTextScan

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
        // Written as bytes and made a string once: a report holds thousands of strings.
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .bool(let value): Self.append(value ? "true" : "false", to: &out)
        case .int(let value): Self.append(String(value), to: &out)
        case .double(let value):
            Self.append(
                value.isFinite
                    ? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)) : "null",
                to: &out)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private static func writeString(_ value: String, to out: inout [UInt8]) {
        var value = value
        out.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes in
            // Every escape is ASCII, and no byte of a longer UTF-8 sequence is one: runs of bytes
            // that need none are found sixteen bytes at a time (`tc_json_plain_prefix`) and
            // copied whole.
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let index = start + tc_json_plain_prefix(base + start, bytes.count - start)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                guard index < bytes.count else { break }
                let byte = bytes[index]
                start = index + 1
                out.append(0x5C)
                switch byte {
                case 0x22, 0x5C: out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    let hex = "0123456789abcdef".utf8
                    out.append(contentsOf: "u00".utf8)
                    out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
                    out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONValue {
    /// `.null` for nil, else the wrapped value.
    package static func optional<T>(_ value: T?, _ wrap: (T) -> JSONValue) -> JSONValue {
        value.map(wrap) ?? .null
    }
}
