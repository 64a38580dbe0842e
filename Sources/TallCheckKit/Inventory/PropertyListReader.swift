import Foundation

/// Reads a property list (XML or binary) into the `[String: Any]` shape the Info.plist code
/// works with.
///
/// It decodes with `PropertyListDecoder`, whose parsers are Swift, rather than
/// `PropertyListSerialization`: on Linux the latter bridges a binary plist's set object through
/// a path that crashes the process (found by `Scripts/fuzz info-plist`), and leaks an error
/// object for every malformed file. A set, which no Info.plist holds, is then an error.
enum PropertyListReader {
    enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        case notADictionary

        var description: String {
            switch self {
            case .malformed(let reason): reason
            case .notADictionary: "the top level is not a dictionary"
            }
        }
    }

    static func dictionary(from data: Data) throws(Failure) -> [String: Any] {
        do {
            return try PropertyListDecoder().decode([String: PropertyListValue].self, from: data).mapValues(\.object)
        } catch DecodingError.typeMismatch(let type, _) where type == [String: PropertyListValue].self {
            throw .notADictionary
        } catch {
            throw .malformed("\(error)")
        }
    }
}

/// Any property list value.
private indirect enum PropertyListValue: Decodable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let dictionary = try? single.decode([String: PropertyListValue].self) {
            self = .dictionary(dictionary)
        } else if let array = try? single.decode([PropertyListValue].self) {
            self = .array(array)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int.self) {
            self = .integer(integer)
        } else if let real = try? single.decode(Double.self) {
            self = .real(real)
        } else if let date = try? single.decode(Date.self) {
            self = .date(date)
        } else {
            self = .data(try single.decode(Data.self))
        }
    }

    /// As `PropertyListSerialization` would give it.
    var object: Any {
        switch self {
        case .string(let value): value
        case .bool(let value): value
        case .integer(let value): value
        case .real(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let values): values.map(\.object)
        case .dictionary(let values): values.mapValues(\.object)
        }
    }
}
