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

    /// ``ReadLimits/propertyListValues``.
    static let maxValues = ReadLimits.standard.propertyListValues
    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth

    /// Every string of a property list whose top level may be anything (a data file's array),
    /// dictionary keys included, in no particular order.
    static func strings(from data: Data, maxValues: Int = maxValues) throws(Failure) -> [String] {
        var strings: [String] = []
        var pending = [try value(PropertyListValue.self, from: data, maxValues: maxValues)]
        while let value = pending.popLast() {
            switch value {
            case .string(let string): strings.append(string)
            case .array(let values): pending += values
            case .dictionary(let values):
                strings += values.keys
                pending += values.values
            default: break
            }
        }
        return strings
    }

    /// The top-level dictionary, as `PropertyListSerialization` would give it.
    static func dictionary(from data: Data, maxValues: Int = maxValues) throws(Failure) -> [String: Any] {
        try value([String: PropertyListValue].self, from: data, maxValues: maxValues).mapValues(\.object)
    }

    /// The top level decoded as `type`, within the depth and value budgets.
    private static func value<Value: Decodable>(_ type: Value.Type, from data: Data, maxValues: Int) throws(Failure)
        -> Value
    {
        // The XML decoder stops the process on some bytes that are not UTF-8 inside an element
        // (a fatal error in FoundationEssentials' BufferView, found by Scripts/fuzz info-plist),
        // so an XML plist must be UTF-8, as Xcode writes it.
        if !data.starts(with: Array("bplist".utf8)), String(validating: data, as: UTF8.self) == nil {
            throw .malformed("not a binary property list, and not UTF-8 text")
        }
        // Depth and shared-object expansion are checked before Foundation parses: its XML scanner
        // overflows the stack on deep nesting, and its binary reader expands shared objects first.
        do {
            try PropertyListPrecheck.check([UInt8](data), maxDepth: maxDepth, maxValues: maxValues)
        } catch {
            throw .malformed(error.reason)
        }
        let decoder = PropertyListDecoder()
        let budget = DecodingBudget(remaining: maxValues)
        decoder.userInfo[DecodingBudget.key] = budget
        do {
            return try decoder.decode(Value.self, from: data)
        } catch DecodingError.typeMismatch(let mismatched, _) where mismatched == Value.self {
            // Only a dictionary is asked for by type: any value is a `PropertyListValue`.
            throw .notADictionary
        } catch {
            // An exceeded budget surfaces as whatever error the value around it gave up with.
            if budget.remaining < 0 {
                throw .malformed("more than \(maxValues) values (objects shared many times?)")
            }
            throw .malformed(AssetCatalogReader.describe(error))
        }
    }
}

/// How many more values a decode may produce; shared by every value of one property list.
private final class DecodingBudget: @unchecked Sendable {
    // Used by one decode on one thread.
    static let key = CodingUserInfoKey(rawValue: "TallCheckKit.DecodingBudget")!

    var remaining: Int

    init(remaining: Int) {
        self.remaining = remaining
    }

    struct Exceeded: Error, CustomStringConvertible {
        var description: String
    }

    static func spend(_ decoder: any Decoder) throws {
        if decoder.codingPath.count > PropertyListReader.maxDepth {
            throw Exceeded(description: "nested more than \(PropertyListReader.maxDepth) levels deep")
        }
        guard let budget = decoder.userInfo[key] as? DecodingBudget else { return }
        budget.remaining -= 1
        if budget.remaining < 0 {
            throw Exceeded(description: "more than \(PropertyListReader.maxValues) values (objects shared many times?)")
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
        try DecodingBudget.spend(decoder)
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
