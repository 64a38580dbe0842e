import CTextScan

/// The pieces of a Swift file swift-syntax needs to see: for each place the byte search found,
/// whether it is code (not a comment or the text of a string) and the expression that starts
/// there (`UIImage(named: c ? "a" : "b")`, `Asset.Icons.star.image`), with its line and column.
///
/// Why: swift-syntax parses about 4 MB of Swift a second on one core here, so parsing every file
/// that mentions an image API took 5× the time of the whole image lint of a large app
/// (docs/performance.md). The names, their arguments, ternaries, interpolations and
/// concatenations all lie inside the expression, so parsing the expression alone gives the same
/// references; what the expression needs from the rest of the file is only whether it is code,
/// which a lexer answers. The lexer knows line and nested block comments, single-line,
/// multi-line and raw strings (`#"…"#`), and interpolations (`\(…)`, strings nested inside).
/// `SwiftReferenceScannerTests` checks that snippets and whole-file parses find the same.
package struct SwiftSnippets {
    package struct Snippet {
        /// The expression's text: an identifier, member chain or call, balanced.
        package var bytes: ArraySlice<UInt8>
        /// Where it starts in the file, 1-based; the column in UTF-8 bytes.
        package var line: Int
        package var column: Int
    }

    /// The longest expression taken as a snippet.
    static let maxLength = 8192

    /// The snippets at `candidates` (sorted byte offsets). A candidate whose expression is not
    /// one a reference can be is skipped: unbalanced or longer than ``maxLength`` (broken code),
    /// or a member of something other than a plain name (`f().UIImage(…)`, `a. UIImage(…)`,
    /// which are not UIKit's). The whole file is never parsed: swift-syntax takes time
    /// exponential in the number of unclosed `[` after a name (`s[[[[…`: 1.8 s for 22, minutes
    /// for 30; found by `Scripts/fuzz sources`), and a snippet is always balanced.
    package static func snippets(in source: [UInt8], at candidates: [Int]) -> [Snippet] {
        var snippets: [Snippet] = []
        var lexer = Lexer(source: source)
        for candidate in candidates {
            guard lexer.advance(to: candidate) else { continue }  // In a comment or a string's text.
            guard let start = expressionStart(in: source, before: candidate),
                let end = expressionEnd(in: source, from: start)
            else { continue }
            snippets.append(
                Snippet(
                    bytes: source[start..<end], line: lexer.line,
                    column: lexer.column - (candidate - start)))
        }
        return snippets
    }

    /// Back over the identifier the candidate lies in (`UI` of `UIImage`), a `#` before it, and
    /// the names it is a member of (`SwiftUI.Image`, `Foo.UIImage`, which is not UIKit's). Nil
    /// when the candidate is a member of something else (`f().UIImage`, `a. UIImage`).
    private static func expressionStart(in source: [UInt8], before offset: Int) -> Int? {
        var start = offset
        while start > 0, isIdentifierByte(source[start - 1]) { start -= 1 }
        if start > 0, source[start - 1] == UInt8(ascii: "#") { return start - 1 }
        while start > 0, source[start - 1] == UInt8(ascii: ".") {
            var base = start - 1
            while base > 0, isIdentifierByte(source[base - 1]) { base -= 1 }
            guard base < start - 1 else { return nil }
            start = base
        }
        if start > 0, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(source[start - 1]) {
            // `a. UIImage` across spaces on one line: a member of something, not UIKit's. Not across
            // a line break: the line before may be a comment ending in a full stop
            // (`// Shows the logo.` above `Image("logo")`), and no one breaks a line after a dot.
            var before = start - 1
            while before > 0, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(source[before - 1]) {
                before -= 1
            }
            if before > 0, source[before - 1] == UInt8(ascii: ".") { return nil }
        }
        return start
    }

    /// The end of a postfix expression: names, `.`, `#`, and balanced `(…)` and `[…]` groups
    /// (strings and comments inside them skipped), with spaces only inside groups.
    private static func expressionEnd(in source: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < source.count, index - start <= maxLength {
            let byte = source[index]
            if isIdentifierByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#") {
                index += 1
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                guard let close = Lexer.closingBracket(in: source, openingAt: index, limit: start + maxLength)
                else { return nil }
                index = close + 1
            } else {
                break
            }
        }
        // A dot before anything but a name starts an operator (`.+`, `./`), not a member.
        while index > start, source[index - 1] == UInt8(ascii: ".") { index -= 1 }
        guard index - start <= maxLength, index > start else { return nil }
        return index
    }

    /// Letters, digits, `_`, `$` (Swift allows it inside names: `a$Asset` is one name) and
    /// anything not ASCII.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }
}

/// A Swift lexer that tracks only what decides whether a byte is code: comments, strings and
/// the interpolations inside strings.
private struct Lexer {
    enum Frame {
        /// Code, with the `(` opened since it began (an interpolation ends at its own `)`).
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int)
    }

    private var cursor: TextCursor
    /// The file's bytes, also held here so the tight loops read them without going through the cursor.
    private let bytes: [UInt8]
    var source: [UInt8] { bytes }
    var index: Int { cursor.index }
    var line: Int { cursor.line }
    var column: Int { cursor.column }
    private var frames: [Frame] = [.code(parentheses: 0)]
    private var blockCommentDepth = 0
    private var inLineComment = false

    init(source: [UInt8]) {
        cursor = TextCursor(bytes: source)
        bytes = source
        // A script's `#!` line at the very start is a comment to the compiler.
        inLineComment = source.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")])
    }

    /// Lexes up to `offset`; whether the byte there is code.
    mutating func advance(to offset: Int) -> Bool {
        let end = min(offset, source.count)
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }  // No bytes: nothing to pass.
            while index < end {
                // Line comments and most bytes of code change nothing: passed sixteen at a time
                // (CTextScan), the line feeds of code counted on the way.
                if inLineComment {
                    let stop = tc_skip_to_line_end(base, index, end)
                    cursor.column += stop - cursor.index
                    cursor.index = stop
                } else if blockCommentDepth == 0 {
                    var feeds = 0
                    var lastFeed = 0
                    let stop: Int
                    switch frames[frames.count - 1] {
                    case .code(let parentheses):
                        // Parentheses are counted on the way; a `)` that closes none stops only
                        // where it may end an interpolation.
                        var depth = parentheses
                        stop = tc_skip_swift_code(base, index, end, &feeds, &lastFeed, &depth, frames.count > 1 ? 1 : 0)
                        if depth != parentheses { frames[frames.count - 1] = .code(parentheses: depth) }
                    case .string(let multiline, _):
                        stop = tc_skip_swift_string(base, index, end, multiline ? 1 : 0, &feeds, &lastFeed)
                    }
                    if feeds > 0 {
                        cursor.line += feeds
                        cursor.column = stop - lastFeed
                    } else {
                        cursor.column += stop - cursor.index
                    }
                    cursor.index = stop
                }
                if index == end { break }
                step()
            }
        }
        guard case .code = frames.last, blockCommentDepth == 0, !inLineComment else { return false }
        return true
    }

    private func at(_ offset: Int) -> UInt8? { cursor.peek(offset - cursor.index) }

    private mutating func move(_ count: Int = 1) { cursor.advance(count) }

    private mutating func step() {
        let byte = source[index]
        if inLineComment {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { inLineComment = false }
            move()
            return
        }
        if blockCommentDepth > 0 {
            if byte == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                blockCommentDepth -= 1
                move(2)
            } else if byte == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                blockCommentDepth += 1
                move(2)
            } else {
                move()
            }
            return
        }
        switch frames.last! {
        case .code(let parentheses):
            stepInCode(byte, parentheses: parentheses)
        case .string(let multiline, let hashes):
            stepInString(byte, multiline: multiline, hashes: hashes)
        }
    }

    private mutating func stepInCode(_ byte: UInt8, parentheses: Int) {
        switch byte {
        case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
            inLineComment = true
            move(2)
        case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
            blockCommentDepth = 1
            move(2)
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            var hashes = 0
            while at(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard at(index + hashes) == UInt8(ascii: "\"") else {
                move(max(hashes, 1))
                return
            }
            let multiline = at(index + hashes + 1) == UInt8(ascii: "\"") && at(index + hashes + 2) == UInt8(ascii: "\"")
            frames.append(.string(multiline: multiline, hashes: hashes))
            move(hashes + (multiline ? 3 : 1))
        case UInt8(ascii: "("):
            frames[frames.count - 1] = .code(parentheses: parentheses + 1)
            move()
        case UInt8(ascii: ")"):
            if parentheses == 0, frames.count > 1 {
                frames.removeLast()  // The end of an interpolation: back in its string.
            } else {
                frames[frames.count - 1] = .code(parentheses: max(parentheses - 1, 0))
            }
            move()
        default:
            move()
        }
    }

    private mutating func stepInString(_ byte: UInt8, multiline: Bool, hashes: Int) {
        if byte == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ at(index + 1 + $0) == UInt8(ascii: "#") }) {
            if at(index + 1 + hashes) == UInt8(ascii: "(") {
                frames.append(.code(parentheses: 0))
                move(hashes + 2)
            } else {
                move(hashes + 2)  // An escape: the escaped byte is text.
            }
            return
        }
        if byte == UInt8(ascii: "\"") {
            let quotes = multiline ? 3 : 1
            let closes =
                (0..<quotes).allSatisfy { at(index + $0) == UInt8(ascii: "\"") }
                && (0..<hashes).allSatisfy { at(index + quotes + $0) == UInt8(ascii: "#") }
            if closes {
                frames.removeLast()
                move(quotes + hashes)
                return
            }
        }
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), !multiline {
            frames.removeLast()  // An unterminated single-line string ends with its line.
        }
        move()
    }

    /// The offset of the bracket that closes the one at `open`, strings and comments skipped.
    static func closingBracket(in source: [UInt8], openingAt open: Int, limit: Int) -> Int? {
        var lexer = Lexer(source: source)
        lexer.cursor.index = open
        lexer.inLineComment = false  // `open` is code: not in a `#!` line.
        var stack: [UInt8] = []
        while lexer.index < min(source.count, limit) {
            let offset = lexer.index
            let isCode = lexer.advance(to: offset)
            let byte = source[offset]
            if isCode, lexer.frames.count == 1 {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    stack.append(byte == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]"))
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                    guard stack.last == byte else { return nil }
                    stack.removeLast()
                    if stack.isEmpty { return offset }
                }
            }
            lexer.step()
        }
        return nil
    }
}
