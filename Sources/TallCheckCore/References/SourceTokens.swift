import CTextScan

/// The tokens of an Objective-C or C# file, enough to find image names: identifiers, string
/// literals (with their interpolated parts unknown) and punctuation, each with its line and
/// column. Comments are dropped, so a name in a comment is never a reference.
///
/// Not a compiler's lexer: numbers, operators of several characters and keywords are not
/// told apart, which the reference scanners do not need. It never fails: an unterminated
/// string or comment ends at the end of the file.
struct SourceToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        /// Fixed text, and nil for each interpolated part (`$"flag_{code}"`).
        case string([String?])
        case punctuation(UInt8)
    }

    var kind: Kind
    /// Stored in 32 bits (a source file is at most 4 MiB): a 4 MiB file of punctuation makes
    /// millions of tokens, and the smaller stride keeps them a fifth smaller.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// 1-based.
    var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    /// 1-based, in UTF-8 bytes.
    var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    init(kind: Kind, line: Int, column: Int) {
        self.kind = kind
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    var identifier: String? {
        if case .identifier(let name) = kind { name } else { nil }
    }

    /// Whether the token is the identifier `word`: told by its length first, which most
    /// identifiers of a file differ in (a `String` comparison of each was a tenth of C#'s names).
    @inline(__always)
    func isWord(_ word: String) -> Bool {
        guard case .identifier(let name) = kind, name.utf8.count == word.utf8.count else { return false }
        return name == word
    }

    var stringParts: [String?]? {
        if case .string(let parts) = kind { parts } else { nil }
    }

    /// A comparison of one byte: the scanners ask this of every token near every candidate.
    @inline(__always)
    func isPunctuation(_ character: Unicode.Scalar) -> Bool {
        if case .punctuation(let byte) = kind { return UInt32(byte) == character.value }
        return false
    }
}

enum SourceDialect {
    /// `@"…"` strings; `'…'` characters.
    case objectiveC
    /// `@"…"` verbatim, `$"…{x}…"` interpolated and `"""…"""` raw strings.
    case cSharp
}

enum SourceTokenizer {
    /// - Parameter keepsIdentifiers: false to pass over identifiers (and punctuation) without
    ///   making tokens of them, for a reader that wants only the strings.
    static func tokens(_ bytes: [UInt8], dialect: SourceDialect, keepsIdentifiers: Bool = true) -> [SourceToken] {
        bytes.withUnsafeBufferPointer { tokens(bytes, buffer: $0, dialect: dialect, keepsIdentifiers: keepsIdentifiers) }
    }

    /// ``tokens(_:dialect:keepsIdentifiers:)``, with the runs of a name or of spaces read through
    /// `buffer` (the same bytes): a bounds check a byte was most of a C# file's tokenizing.
    private static func tokens(
        _ bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, dialect: SourceDialect, keepsIdentifiers: Bool
    ) -> [SourceToken] {
        var scanner = TextCursor(bytes: bytes)
        var tokens: [SourceToken] = []
        // Code holds about a token every 7 bytes: room made once, not by doubling as it grows.
        tokens.reserveCapacity(bytes.count / 8)
        let count = buffer.count
        while let byte = scanner.peek() {
            let line = scanner.line
            let column = scanner.column
            func add(_ kind: SourceToken.Kind) { tokens.append(SourceToken(kind: kind, line: line, column: column)) }
            switch byte {
            case UInt8(ascii: "/") where scanner.peek(1) == UInt8(ascii: "/"):
                // To the line's end, sixteen bytes at a time (CTextScan): no line break passed.
                let end = bytes.withUnsafeBufferPointer {
                    tc_skip_to_line_end($0.baseAddress!, scanner.index, $0.count)
                }
                scanner.advanceInLine(end - scanner.index)
            case UInt8(ascii: "/") where scanner.peek(1) == UInt8(ascii: "*"):
                scanner.advance(2)
                while scanner.peek() != nil,
                    !(scanner.peek() == UInt8(ascii: "*") && scanner.peek(1) == UInt8(ascii: "/"))
                {
                    scanner.advance()
                }
                scanner.advance(2)
            case UInt8(ascii: "\""):
                if dialect == .cSharp, scanner.peek(1) == UInt8(ascii: "\""), scanner.peek(2) == UInt8(ascii: "\"") {
                    add(.string([scanner.rawString()]))
                } else {
                    scanner.advance()
                    add(.string(scanner.quoted(verbatim: false, interpolated: false)))
                }
            case UInt8(ascii: "'"):
                scanner.advance()
                _ = scanner.quoted(verbatim: false, interpolated: false, quote: UInt8(ascii: "'"))
            case UInt8(ascii: "@") where scanner.peek(1) == UInt8(ascii: "\""):
                scanner.advance(2)
                add(.string(scanner.quoted(verbatim: dialect == .cSharp, interpolated: false)))
            case UInt8(ascii: "$") where dialect == .cSharp:
                // `$"…"`, `$@"…"`, `@$"…"` (the last reaches here through `@` below).
                var prefix = 1
                var verbatim = false
                if scanner.peek(1) == UInt8(ascii: "@") {
                    prefix = 2
                    verbatim = true
                }
                guard scanner.peek(prefix) == UInt8(ascii: "\"") else {
                    scanner.advance()
                    add(.punctuation(byte))
                    continue
                }
                scanner.advance(prefix + 1)
                add(.string(scanner.quoted(verbatim: verbatim, interpolated: true)))
            case UInt8(ascii: "@")
            where dialect == .cSharp && scanner.peek(1) == UInt8(ascii: "$") && scanner.peek(2) == UInt8(ascii: "\""):
                scanner.advance(3)
                add(.string(scanner.quoted(verbatim: true, interpolated: true)))
            case _ where Self.startsIdentifier(byte):
                // A name holds no line break: passed in one move.
                let start = scanner.index
                var end = start + 1
                while end < count, Self.continuesIdentifier(buffer[end]) { end += 1 }
                scanner.advanceInLine(end - start)
                // Made from the bytes in place: no array grown a byte at a time, and a name of up
                // to 15 bytes is held in the string itself.
                if keepsIdentifiers {
                    add(.identifier(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)))
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                // A run of spaces and tabs (an indent, mostly): passed in one move.
                var end = scanner.index + 1
                while end < count, buffer[end] == UInt8(ascii: " ") || buffer[end] == UInt8(ascii: "\t") { end += 1 }
                scanner.advanceInLine(end - scanner.index)
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                scanner.advance()
            default:
                scanner.advance()
                if keepsIdentifiers { add(.punctuation(byte)) }
            }
        }
        return tokens
    }

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

/// A position in a file's bytes that counts lines and columns as it moves (1-based; columns
/// in UTF-8 bytes, as compilers count them). The source lexers move through files with it.
struct TextCursor {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Moves past `count` bytes that hold no line break (a name, a comment's rest of line),
    /// without looking at each.
    mutating func advanceInLine(_ count: Int) {
        index += count
        column += count
    }

    /// Moves on; a line ends at LF, CR or CR LF, as compilers (and swift-syntax) count lines.
    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && peek(1) != UInt8(ascii: "\n")) {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
    }
}

/// Strings as Objective-C and C# write them.
extension TextCursor {
    /// The rest of a string after its opening quote, up to and past the closing one.
    mutating func quoted(verbatim: Bool, interpolated: Bool, quote: UInt8 = UInt8(ascii: "\"")) -> [String?] {
        var parts: [String?] = []
        var text: [UInt8] = []
        while let byte = peek() {
            if byte == quote {
                if verbatim, peek(1) == quote {
                    text.append(quote)
                    advance(2)
                    continue
                }
                advance()
                break
            }
            if !verbatim, byte == UInt8(ascii: "\\") {
                if let escaped = peek(1) {
                    text.append(escaped == UInt8(ascii: "n") ? UInt8(ascii: "\n") : escaped)
                }
                advance(2)
                continue
            }
            if !verbatim, byte == UInt8(ascii: "\n") { break }  // An unterminated string ends its line.
            if interpolated, byte == UInt8(ascii: "{") {
                if peek(1) == UInt8(ascii: "{") {
                    text.append(byte)
                    advance(2)
                    continue
                }
                parts.append(String(decoding: text, as: UTF8.self))
                parts.append(nil)
                text = []
                skipInterpolation()
                continue
            }
            if interpolated, byte == UInt8(ascii: "}"), peek(1) == UInt8(ascii: "}") {
                text.append(byte)
                advance(2)
                continue
            }
            text.append(byte)
            advance()
        }
        parts.append(String(decoding: text, as: UTF8.self))
        return parts
    }

    /// Past the `}` that closes an interpolation, nested braces and strings included.
    private mutating func skipInterpolation() {
        advance()
        var depth = 1
        while let byte = peek(), depth > 0 {
            switch byte {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: "\""):
                advance()
                _ = quoted(verbatim: false, interpolated: false)
                continue
            default: break
            }
            advance()
        }
    }

    /// A C# 11 raw string: three or more quotes, closed by as many.
    mutating func rawString() -> String {
        var quotes = 0
        while peek() == UInt8(ascii: "\"") {
            quotes += 1
            advance()
        }
        var text: [UInt8] = []
        while let byte = peek() {
            if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }) {
                advance(quotes)
                break
            }
            text.append(byte)
            advance()
        }
        return String(decoding: text, as: UTF8.self)
    }
}
