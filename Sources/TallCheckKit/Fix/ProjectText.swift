/// A `project.pbxproj` as text, for edits by span: every byte outside an edited value stays as
/// Xcode wrote it, comments and layout included (users review these diffs).
///
/// The tokens follow CoreFoundation's old-style grammar (`OpenStepSyntax`): quoted strings
/// (`"…"`, `'…'`, `\` escapes), unquoted strings of letters, digits and `_$/:.-`, punctuation, and
/// `//` and `/* */` comments kept as tokens of their own.
struct ProjectText {
    enum Kind: Equatable {
        case string(String)
        case punctuation(UInt8)
        /// The comment's text, trimmed: `button@2x.png in Resources`.
        case comment(String)
    }

    struct Token {
        var kind: Kind
        /// The token's bytes in the file, quotes and comment markers included.
        var range: Range<Int>
        /// For a quoted string: which quote.
        var quote: UInt8?
    }

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []
    /// For each object of the `objects` dictionary, by identifier: the token of each of its keys'
    /// values that is a string (`path`, `name`, `isa`).
    private(set) var objects: [String: [String: Int]] = [:]
    /// Each object's definition, from its identifier to the `;` after its closing brace.
    private(set) var definitions: [String: Range<Int>] = [:]
    /// Each string of a list (`children = ( … )`, `files = ( … )`) inside an object, by its
    /// value: from the string to its comma, with the comment between.
    private(set) var listEntries: [String: [Range<Int>]] = [:]
    /// The file names comments give, each with the spans that spell it: `/* a.png */` and
    /// `/* a.png in Resources */` both give `a.png`. Keys compare as Swift strings do, by
    /// canonical equivalence, so a name in NFC finds its comments written in NFD; each span is
    /// the comment's own bytes.
    private(set) var commentNames: [String: [Range<Int>]] = [:]

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard tokenize() else { return nil }
        indexObjects()
        indexComments()
    }

    /// The most tokens read from one project: eight a value of ``ReadLimits/projectTextValues``,
    /// which a real project (a few tokens a value with its comments) stays far below, so that a
    /// text of nothing but comments cannot make the token list large.
    static let maxTokens = ReadLimits.standard.projectTextValues * 8

    private mutating func tokenize() -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            guard tokens.count < Self.maxTokens else { return false }
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                let start = index
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                tokens.append(Token(kind: .comment(text(start + 2..<index)), range: start..<index))
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < count else { return false }
                index += 2
                tokens.append(Token(kind: .comment(text(start + 2..<index - 2)), range: start..<index))
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let start = index
                var value: [UInt8] = []
                index += 1
                while index < count, bytes[index] != byte {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < count {
                        index += 1
                        switch bytes[index] {
                        case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                        default: value.append(bytes[index])
                        }
                    } else {
                        value.append(bytes[index])
                    }
                    index += 1
                }
                guard index < count else { return false }
                index += 1
                tokens.append(
                    Token(kind: .string(String(decoding: value, as: UTF8.self)), range: start..<index, quote: byte))
            } else if Self.isUnquoted(byte) {
                let start = index
                while index < count, Self.isUnquoted(bytes[index]) { index += 1 }
                tokens.append(Token(kind: .string(text(start..<index)), range: start..<index))
            } else {
                tokens.append(Token(kind: .punctuation(byte), range: index..<index + 1))
                index += 1
            }
        }
        return true
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    static func isUnquoted(_ byte: UInt8) -> Bool { OpenStepSyntax.isUnquoted(byte) }

    /// Finds `objects = { ID = { key = value; … }; … }` and records each object's string values.
    private mutating func indexObjects() {
        // The tokens without comments, with their indices.
        let plain = tokens.indices.filter {
            if case .comment = tokens[$0].kind { return false }
            return true
        }
        func string(_ at: Int) -> String? {
            guard at < plain.count, case .string(let value) = tokens[plain[at]].kind else { return nil }
            return value
        }
        func isPunctuation(_ at: Int, _ byte: UInt8) -> Bool {
            at < plain.count && tokens[plain[at]].kind == .punctuation(byte)
        }
        var depth = 0
        var position = 0
        var objectsDepth: Int?
        var current: (id: String, depth: Int, start: Int)?
        /// Whether each open bracket is a list.
        var lists: [Bool] = []
        while position < plain.count {
            let token = tokens[plain[position]]
            switch token.kind {
            case .punctuation(let bracket) where bracket == UInt8(ascii: "{") || bracket == UInt8(ascii: "("):
                depth += 1
                lists.append(bracket == UInt8(ascii: "("))
            case .punctuation(UInt8(ascii: "}")), .punctuation(UInt8(ascii: ")")):
                depth -= 1
                if !lists.isEmpty { lists.removeLast() }
                if let open = current, depth < open.depth {
                    // The definition ends at the `;` after its brace.
                    let end =
                        isPunctuation(position + 1, UInt8(ascii: ";"))
                        ? tokens[plain[position + 1]].range.upperBound : token.range.upperBound
                    definitions[open.id] = open.start..<end
                    current = nil
                }
                if let level = objectsDepth, depth < level { objectsDepth = nil }
            case .string(let key) where isPunctuation(position + 1, UInt8(ascii: "=")):
                if key == "objects", objectsDepth == nil, isPunctuation(position + 2, UInt8(ascii: "{")) {
                    objectsDepth = depth + 1
                } else if let level = objectsDepth, depth == level, isPunctuation(position + 2, UInt8(ascii: "{")) {
                    current = (key, depth + 1, token.range.lowerBound)
                    objects[key] = [:]
                } else if let open = current, depth == open.depth, string(position + 2) != nil {
                    objects[open.id]![key] = plain[position + 2]
                    position += 2
                }
            case .string(let value) where current != nil && lists.last == true:
                // The entry runs to its comma (comments between included), or to its own end.
                let end =
                    isPunctuation(position + 1, UInt8(ascii: ","))
                    ? tokens[plain[position + 1]].range.upperBound : token.range.upperBound
                listEntries[value, default: []].append(token.range.lowerBound..<end)
            default: break
            }
            position += 1
        }
    }

    /// Records the names block comments give: the comment's text, and each part before an
    /// ` in ` (`a.png in Resources`; a name may itself hold ` in `), as byte spans.
    private mutating func indexComments() {
        let space: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t")]
        let marker = Array(" in ".utf8)
        for token in tokens {
            guard case .comment = token.kind, bytes[token.range.lowerBound + 1] == UInt8(ascii: "*") else { continue }
            var start = token.range.lowerBound + 2
            var end = token.range.upperBound - 2
            while start < end, space.contains(bytes[start]) { start += 1 }
            while end > start, space.contains(bytes[end - 1]) { end -= 1 }
            guard start < end else { continue }
            commentNames[String(decoding: bytes[start..<end], as: UTF8.self), default: []].append(start..<end)
            var at = start + 1
            while at + marker.count <= end {
                if bytes[at] == marker[0], bytes[at..<at + marker.count].elementsEqual(marker) {
                    commentNames[String(decoding: bytes[start..<at], as: UTF8.self), default: []].append(start..<at)
                }
                at += 1
            }
        }
    }

    /// `range` widened to its whole lines when nothing else shares them: what removing a
    /// definition or a list entry takes away, so no empty line is left. A line ends in `\n`,
    /// `\r\n` or `\r`.
    func removal(of range: Range<Int>) -> TextEdit {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        let lineStart = start == 0 || bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r")
        let lineEnd: Int? =
            if end == bytes.count {
                0
            } else if bytes[end] == UInt8(ascii: "\r") {
                end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else if bytes[end] == UInt8(ascii: "\n") {
                1
            } else {
                nil
            }
        if lineStart, let lineEnd {
            return TextEdit(range: start..<end + lineEnd, replacement: [])
        }
        return TextEdit(range: range, replacement: [])
    }

    /// The edits that remove an object's definition and every list entry naming it.
    func removing(object id: String) -> [TextEdit] {
        var edits: [TextEdit] = []
        if let definition = definitions[id] { edits.append(removal(of: definition)) }
        for entry in listEntries[id] ?? [] { edits.append(removal(of: entry)) }
        return edits
    }

    /// The string value of `key` in object `id`.
    func value(_ key: String, of id: String) -> String? {
        guard let token = objects[id]?[key], case .string(let value) = tokens[token].kind else { return nil }
        return value
    }

    /// An edit replacing `key`'s value in object `id` with `value`, quoted as the old one was
    /// when it must or it was.
    func replacing(_ key: String, of id: String, with value: String) -> TextEdit? {
        guard let index = objects[id]?[key] else { return nil }
        let token = tokens[index]
        return TextEdit(range: token.range, replacement: Array(Self.written(value, quote: token.quote).utf8))
    }

    /// `value` as the project writes a string: bare when every byte may be, else quoted.
    static func written(_ value: String, quote: UInt8?) -> String {
        if quote == nil, !value.isEmpty, value.utf8.allSatisfy(isUnquoted) { return value }
        let mark = Character(Unicode.Scalar(quote ?? UInt8(ascii: "\"")))
        var out = String(mark)
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case mark: out += "\\" + String(mark)
            default: out.append(character)
            }
        }
        return out + String(mark)
    }

    /// Edits that rename `old` to `new` inside comments that name a file: `/* old */` and
    /// `/* old in Resources */`, as Xcode writes them after identifiers. The span replaced is the
    /// comment's own spelling, in whichever normal form it is written. A name that would end
    /// the comment (`*/`) is not written into one.
    func commentEdits(renaming old: String, to new: String) -> [TextEdit] {
        guard !new.contains("*/"), !new.utf8.contains(UInt8(ascii: "\n")), !new.utf8.contains(UInt8(ascii: "\r"))
        else { return [] }
        return (commentNames[old] ?? []).map { TextEdit(range: $0, replacement: Array(new.utf8)) }
    }
}

/// One replacement of a byte range in a text file.
struct TextEdit: Hashable, Sendable {
    var range: Range<Int>
    var replacement: [UInt8]

    /// `bytes` with `edits` made; edits that overlap an earlier one are dropped.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= at {
            out += bytes[at..<edit.range.lowerBound]
            out += edit.replacement
            at = edit.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}
