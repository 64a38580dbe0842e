import CTextScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tokens of an Objective-C file as byte ranges: the same tokens, in the same order, as
/// `SourceTokenizer.tokens(_:dialect: .objectiveC)`, without making a string of each name or a
/// line and column of each token. The reference scanner reads a handful of the hundreds of
/// thousands of tokens a large app's files hold, so each is made as it is read: a name is
/// compared by its bytes, a string's text is decoded, a line counted only for a reference.
///
/// Why: the tokens as values were 9 % of a large app's lint (187 M instructions for 2.9 MB of
/// Objective-C, docs/performance.md). `ObjectiveCTokenTests` checks that both tokenizers give
/// the same tokens.
struct ObjectiveCTokens {
    enum Kind: UInt8 {
        case identifier
        /// `"…"` or `@"…"`: the range holds the `@` and both quotes.
        case string
        /// One byte.
        case punctuation
    }

    /// 12 bytes: a source file is read up to 4 MiB (`ReadLimits`), far below 4 GiB.
    struct Token {
        var start: UInt32
        var end: UInt32
        var kind: Kind
    }

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []

    var count: Int { tokens.count }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // Code holds about a token every 6 bytes: room made once, not by doubling.
        tokens.reserveCapacity(bytes.count / 6)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            tokenize(base, count: buffer.count)
        }
    }

    private mutating func tokenize(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var index = 0
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            tokens.append(
                Token(start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end), kind: kind))
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                index += 1
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                index = tc_skip_to_line_end(bytes, index, count)
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                // Past the first `*/` after the opening two bytes, or to the end: `memchr` to each `*`.
                index += 2
                while index < count {
                    guard let star = memchr(bytes + index, Int32(UInt8(ascii: "*")), count - index) else {
                        index = count
                        break
                    }
                    index = bytes.distance(to: star.assumingMemoryBound(to: UInt8.self))
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") { break }
                    index += 1
                }
                index = min(index + 2, count)
            case UInt8(ascii: "\""):
                let start = index
                index = Self.stringEnd(bytes, count: count, afterQuote: index + 1, quote: byte)
                add(.string, start, index)
            case UInt8(ascii: "'"):
                index = Self.stringEnd(bytes, count: count, afterQuote: index + 1, quote: byte)
            case UInt8(ascii: "@") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "\""):
                let start = index
                index = Self.stringEnd(bytes, count: count, afterQuote: index + 2, quote: UInt8(ascii: "\""))
                add(.string, start, index)
            case _ where SourceTokenizer.startsIdentifier(byte):
                let start = index
                index += 1
                while index < count, Self.continuesIdentifier(bytes[index]) { index += 1 }
                add(.identifier, start, index)
            default:
                add(.punctuation, index, index + 1)
                index += 1
            }
        }
    }

    /// `SourceTokenizer.continuesIdentifier`, in fewer comparisons: letters are the bytes whose
    /// lower-cased form (bit 5 set) is `a`–`z`.
    @inline(__always)
    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    /// Past the closing quote, as `TextCursor.quoted` reads a string: a backslash escapes the
    /// next byte, and an unterminated string ends before its line feed.
    private static func stringEnd(_ bytes: UnsafePointer<UInt8>, count: Int, afterQuote start: Int, quote: UInt8)
        -> Int
    {
        var index = start
        while index < count {
            let byte = bytes[index]
            if byte == quote { return index + 1 }
            if byte == UInt8(ascii: "\\") {
                index = min(index + 2, count)
                continue
            }
            if byte == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return index
    }

    func kind(_ index: Int) -> Kind { tokens[index].kind }

    /// Whether token `index` is the name `name` (ASCII).
    func isIdentifier(_ index: Int, _ name: StaticString) -> Bool {
        let token = tokens[index]
        guard token.kind == .identifier, Int(token.end - token.start) == name.utf8CodeUnitCount else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            memcmpEqual(buffer.baseAddress! + Int(token.start), name.utf8Start, name.utf8CodeUnitCount)
        }
    }

    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        let token = tokens[index]
        return token.kind == .punctuation && bytes[Int(token.start)] == byte
    }

    /// The name token `index` holds, when it is one.
    func identifier(_ index: Int) -> String? {
        let token = tokens[index]
        guard token.kind == .identifier else { return nil }
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// The text of a string token (one part: Objective-C strings interpolate nothing).
    func stringParts(_ index: Int) -> [String?]? {
        let token = tokens[index]
        guard token.kind == .string else { return nil }
        var cursor = TextCursor(bytes: bytes)
        cursor.index = Int(token.start) + (bytes[Int(token.start)] == UInt8(ascii: "@") ? 2 : 1)
        return cursor.quoted(verbatim: false, interpolated: false)
    }

    /// The text of a string token.
    func string(_ index: Int) -> String? {
        stringParts(index)?.compactMap { $0 }.joined()
    }
}

/// Lines and columns of offsets asked for in increasing order, counted as `TextCursor` counts
/// them (a line ends at LF, CR or CR LF; columns in UTF-8 bytes, 1-based), from the last offset
/// asked for: a file's few references cost one pass over the bytes before the last.
struct LinePositions {
    let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The line and column of `target`; an offset before the last one asked for counts again from the start.
    mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset { (offset, line, lineStart) = (0, 1, 0) }
        while offset < target {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r")
                    && (offset + 1 >= bytes.count || bytes[offset + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        return (line, target - lineStart + 1)
    }
}

private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for index in 0..<count where a[index] != b[index] { return false }
    return true
}
