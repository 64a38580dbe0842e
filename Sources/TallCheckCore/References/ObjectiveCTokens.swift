import CTextScan

/// The tokens of an Objective-C file as byte ranges: the same tokens, in the same order, as
/// `SourceTokenizer.tokens(_:dialect: .objectiveC)`, without making a string of each name or a
/// line and column of each token. The reference scanner reads a handful of the hundreds of
/// thousands of tokens a large app's files hold, so each is made as it is read: a name is
/// compared by its bytes, a string's text is decoded, a line counted only for a reference.
///
/// Why: the tokens as values were 9 % of a large app's lint (187 M instructions for 2.9 MB of
/// Objective-C, docs/performance.md). `ObjectiveCTokenTests` checks that both tokenizers give
/// the same tokens. The bytes are read in C (`tc_objc_tokenize`), writing each token in place:
/// the same loop in Swift took 41 M instructions on that app, most of them in appending.
struct ObjectiveCTokens {
    enum Kind: UInt8 {
        case identifier = 0  // TC_OBJC_IDENTIFIER
        /// `"…"` or `@"…"`: the range holds the `@` and both quotes.
        case string = 1  // TC_OBJC_STRING
        /// One byte.
        case punctuation = 2  // TC_OBJC_PUNCTUATION
    }

    /// 12 bytes: a source file is read up to 4 MiB (`ReadLimits`), far below 4 GiB. `kind` is a
    /// ``Kind``'s raw value.
    typealias Token = tc_objc_token

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []

    var count: Int { tokens.count }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        tokens = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            // Code holds about a token every 6 bytes: room for one every 4 first. Text with
            // more (punctuation on end) goes on into room for one a byte, which always suffices.
            var index = 0
            var tokens = Self.tokens(base, from: &index, count: buffer.count, room: buffer.count / 4 + 64)
            if index < buffer.count {
                tokens += Self.tokens(base, from: &index, count: buffer.count, room: buffer.count - index)
            }
            return tokens
        }
    }

    /// Up to `room` tokens from `index`, which is moved past them.
    private static func tokens(_ bytes: UnsafePointer<UInt8>, from index: inout Int, count: Int, room: Int)
        -> [Token]
    {
        [Token](unsafeUninitializedCapacity: room) { buffer, initialized in
            var written = 0
            index = tc_objc_tokenize(bytes, index, count, buffer.baseAddress!, room, &written)
            initialized = written
        }
    }

    /// `SourceTokenizer.continuesIdentifier`, in fewer comparisons: letters are the bytes whose
    /// lower-cased form (bit 5 set) is `a`–`z`.
    @inline(__always)
    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    func kind(_ index: Int) -> Kind { Kind(rawValue: tokens[index].kind) ?? .punctuation }

    /// Whether token `index` is the name `name` (ASCII).
    func isIdentifier(_ index: Int, _ name: StaticString) -> Bool {
        let token = tokens[index]
        guard token.kind == Kind.identifier.rawValue, Int(token.end - token.start) == name.utf8CodeUnitCount else {
            return false
        }
        return bytes.withUnsafeBufferPointer { buffer in
            memcmpEqual(buffer.baseAddress! + Int(token.start), name.utf8Start, name.utf8CodeUnitCount)
        }
    }

    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        let token = tokens[index]
        return token.kind == Kind.punctuation.rawValue && bytes[Int(token.start)] == byte
    }

    /// The name token `index` holds, when it is one.
    func identifier(_ index: Int) -> String? {
        let token = tokens[index]
        guard token.kind == Kind.identifier.rawValue else { return nil }
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// The text of a string token (one part: Objective-C strings interpolate nothing).
    func stringParts(_ index: Int) -> [String?]? {
        let token = tokens[index]
        guard token.kind == Kind.string.rawValue else { return nil }
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
