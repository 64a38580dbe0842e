/// A `project.pbxproj` as text, for edits by span: every byte outside an edited value stays as
/// Xcode wrote it, comments and layout included (users review these diffs).
///
/// Xcode's own form is old-style (OpenStep) text: the tokens follow CoreFoundation's grammar
/// (`OpenStepSyntax`, `CFOldStylePList.c`): quoted strings (`"…"`, `'…'`, with `\` escapes
/// decoded as CoreFoundation decodes them), unquoted strings of letters, digits and `_$/:.-`,
/// punctuation, and `//` and `/* */` comments kept as tokens of their own. A project converted to
/// an XML property list (`plutil -convert xml1`) is read into the same tables (`readXML()`).
/// A binary property list is not text: it is kept as a project that no edit follows
/// (``uneditable``), so the items it names are left to a person.
struct ProjectText {
    enum Kind: Equatable {
        case string(String)
        case punctuation(UInt8)
        /// The comment's text, trimmed: `button@2x.png in Resources`.
        case comment(String)
    }

    struct Token {
        var kind: Kind
        /// The token's bytes in the file, quotes and comment markers included (in XML, the
        /// whole `<string>…</string>` element).
        var range: Range<Int>
        /// For a quoted string: which quote.
        var quote: UInt8?
        /// False when the string holds what is not decoded here (an octal escape CoreFoundation
        /// maps through its NeXTSTEP table, an XML comment inside a value): its value is unknown.
        var exact = true
    }

    enum Format {
        case openStep, xml, binary
    }

    let bytes: [UInt8]
    let format: Format
    /// Why no edit follows this project (a binary property list, XML this does not read), in
    /// words after its path: `is a binary property list, which fix does not edit`.
    private(set) var uneditable: String?
    private(set) var tokens: [Token] = []
    /// For each object of the `objects` dictionary, by identifier: the token of each of its keys'
    /// values that is a string (`path`, `name`, `isa`).
    private(set) var objects: [String: [String: Int]] = [:]
    /// Each object's definitions (one, unless the text repeats its identifier), from its
    /// identifier to the `;` after its closing brace.
    private(set) var definitions: [String: [Range<Int>]] = [:]
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
        if bytes.starts(with: Array("bplist".utf8)) {
            format = .binary
            uneditable = "is a binary property list, which fix does not edit"
            return
        }
        // XML, after a byte order mark if there is one.
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if let first = body.first(where: { !Self.isXMLSpace($0) }), first == UInt8(ascii: "<") {
            format = .xml
            if let reason = readXML() { uneditable = reason }
            return
        }
        format = .openStep
        guard tokenize() else { return nil }
        indexObjects()
        indexComments()
    }

    /// The most tokens read from one project: eight a value of ``ReadLimits/projectTextValues``,
    /// which a real project (a few tokens a value with its comments) stays far below, so that a
    /// text of nothing but comments cannot make the token list large.
    static let maxTokens = ReadLimits.standard.projectTextValues * 8

    /// Whether U+2028 or U+2029 starts at `index`: CoreFoundation counts them as space.
    private func isLineSeparator(at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
            && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
    }

    private mutating func tokenize() -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            guard tokens.count < Self.maxTokens else { return false }
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D) {
                index += 1
            } else if isLineSeparator(at: index) {
                index += 3
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                // To the line's end, as CoreFoundation reads it: \n, \r, U+2028 or U+2029.
                let start = index
                while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r"),
                    !isLineSeparator(at: index)
                {
                    index += 1
                }
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
                guard let (value, exact) = quotedString(from: &index, quote: byte) else { return false }
                tokens.append(Token(kind: .string(value), range: start..<index, quote: byte, exact: exact))
            } else if Self.isUnquoted(byte) {
                let start = index
                while index < count, Self.isUnquoted(bytes[index]) { index += 1 }
                tokens.append(
                    Token(kind: .string(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index))
            } else {
                tokens.append(Token(kind: .punctuation(byte), range: index..<index + 1))
                index += 1
            }
        }
        return true
    }

    /// The quoted string opening at `index`, decoded as CoreFoundation's `getSlashedChar` does:
    /// `\a \b \f \n \r \t \v`, `\U` and up to four hex digits (one UTF-16 unit), up to three octal
    /// digits (ASCII below 0x80; above, NeXTSTEP's table, not decoded here: not exact), and any
    /// other character escaped is itself. `index` ends after the closing quote; nil when none.
    private func quotedString(from index: inout Int, quote: UInt8) -> (String, exact: Bool)? {
        let count = bytes.count
        var units: [UInt16] = []
        var exact = true
        index += 1
        var plain = index
        func flush(_ end: Int) { units += String(decoding: bytes[plain..<end], as: UTF8.self).utf16 }
        while index < count, bytes[index] != quote {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < count else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var number = escaped - UInt8(ascii: "0")
                for _ in 0..<2 {
                    guard index < count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) else { break }
                    number = (number &<< 3) &+ (bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                if number < 0x80 {
                    units.append(UInt16(number))
                } else {
                    units.append(0xFFFD)
                    exact = false
                }
            case UInt8(ascii: "U"):
                var number: UInt16 = 0
                var digits = 0
                while digits < 4, index < count, let digit = Self.hexValue(bytes[index]) {
                    number = number << 4 | UInt16(digit)
                    index += 1
                    digits += 1
                }
                units.append(number)
            case UInt8(ascii: "a"): units.append(0x07)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "v"): units.append(0x0B)
            case 0x80...:
                // A character past ASCII is itself: its bytes stay in the plain run.
                index -= 1
                plain = index
                continue
            default: units.append(UInt16(escaped))
            }
            plain = index
        }
        guard index < count else { return nil }
        flush(index)
        index += 1
        // A lone surrogate (`\\UD800`) is no character: not exact.
        guard let value = String(validating: units, as: UTF16.self) else {
            return (String(decoding: units, as: UTF16.self), false)
        }
        return (value, exact)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes as text, without the spaces and tabs around them.
    private func text(_ range: Range<Int>) -> String {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isUnquoted(_ byte: UInt8) -> Bool { OpenStepSyntax.isUnquoted(byte) }

    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }

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
                    definitions[open.id, default: []].append(open.start..<end)
                    current = nil
                }
                if let level = objectsDepth, depth < level { objectsDepth = nil }
            case .string(let key) where isPunctuation(position + 1, UInt8(ascii: "=")):
                if key == "objects", objectsDepth == nil, isPunctuation(position + 2, UInt8(ascii: "{")) {
                    objectsDepth = depth + 1
                } else if let level = objectsDepth, depth == level, isPunctuation(position + 2, UInt8(ascii: "{")) {
                    // A repeated identifier: CoreFoundation keeps the last definition's values.
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

    /// The edits that remove an object's every definition and every list entry naming it.
    func removing(object id: String) -> [TextEdit] {
        var edits: [TextEdit] = []
        for definition in definitions[id] ?? [] { edits.append(removal(of: definition)) }
        for entry in listEntries[id] ?? [] { edits.append(removal(of: entry)) }
        return edits
    }

    /// Whether object `id` has a string value for `key`, decoded or not.
    func hasValue(_ key: String, of id: String) -> Bool { objects[id]?[key] != nil }

    /// The string value of `key` in object `id`; nil too when it holds what is not decoded here.
    func value(_ key: String, of id: String) -> String? {
        guard let token = objects[id]?[key], tokens[token].exact, case .string(let value) = tokens[token].kind else {
            return nil
        }
        return value
    }

    /// An edit replacing `key`'s value in object `id` with `value`, written as the text writes
    /// strings: in OpenStep text quoted as the old one was when it must or it was; in XML as a
    /// `<string>` element. Nil when there is no such value, when the old one is not known
    /// exactly, or when `value` cannot be written there.
    func replacing(_ key: String, of id: String, with value: String) -> TextEdit? {
        guard let index = objects[id]?[key], tokens[index].exact else { return nil }
        let token = tokens[index]
        switch format {
        case .openStep:
            return TextEdit(range: token.range, replacement: Array(Self.written(value, quote: token.quote).utf8))
        case .xml:
            guard let element = Self.xmlString(value) else { return nil }
            return TextEdit(range: token.range, replacement: element)
        case .binary:
            return nil
        }
    }

    /// `value` as the project writes a string: bare when every byte may be, else quoted, with
    /// the escapes CoreFoundation reads back to the same characters (`\Uxxxx` for other controls).
    static func written(_ value: String, quote: UInt8?) -> String {
        if quote == nil, !value.isEmpty, value.utf8.allSatisfy(isUnquoted) { return value }
        let mark = Unicode.Scalar(quote ?? UInt8(ascii: "\""))
        var out = String(mark)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case mark: out += "\\" + String(mark)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
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

extension ProjectText {
    /// Reads an XML property list into the tables OpenStep text fills: each object of
    /// `objects` with its string values (a `<string>` element each, as a token), its definition
    /// (from `<key>ID</key>` to the end of its `</dict>`), and the `<string>` elements of its
    /// arrays. A key given twice makes its value unknown: which one a reader keeps is not
    /// assumed. Returns why the text cannot be followed, or nil.
    fileprivate mutating func readXML() -> String? {
        let tree: PlistXMLTree
        do { tree = try PlistXMLTree(bytes) } catch {
            return "is an XML property list fix cannot follow (\(error.reason))"
        }
        let elements = tree.elements
        /// The key and value pairs of a `dict`.
        func pairs(_ dict: Int) -> [(key: String, keyElement: Int, value: Int)]? {
            let children = elements[dict].children
            guard children.count % 2 == 0 else { return nil }
            var out: [(String, Int, Int)] = []
            for at in stride(from: 0, to: children.count, by: 2) {
                let key = elements[children[at]]
                guard key.name == "key", key.exact else { return nil }
                out.append((String(decoding: key.text, as: UTF8.self), children[at], children[at + 1]))
            }
            return out
        }
        guard tree.roots.count == 1, elements[tree.roots[0]].name == "plist",
            let top = elements[tree.roots[0]].children.first, elements[top].name == "dict",
            let topPairs = pairs(top)
        else { return "is an XML property list fix cannot follow (no dictionary at its top)" }
        let objectsValues = topPairs.filter { $0.key == "objects" }
        guard objectsValues.count == 1, elements[objectsValues[0].value].name == "dict",
            let entries = pairs(objectsValues[0].value)
        else { return "is an XML property list fix cannot follow (no one objects dictionary)" }
        var seen: [String: Int] = [:]
        for entry in entries { seen[entry.key, default: 0] += 1 }
        for entry in entries {
            definitions[entry.key, default: []].append(
                elements[entry.keyElement].range.lowerBound..<elements[entry.value].range.upperBound)
            guard elements[entry.value].name == "dict", seen[entry.key] == 1, let members = pairs(entry.value) else {
                continue
            }
            var values: [String: Int] = [:]
            var keys: [String: Int] = [:]
            for member in members { keys[member.key, default: 0] += 1 }
            for member in members {
                let element = elements[member.value]
                if element.name == "string" {
                    let value = String(decoding: element.text, as: UTF8.self)
                    values[member.key] = tokens.count
                    tokens.append(
                        Token(
                            kind: .string(value), range: element.range,
                            exact: element.exact && keys[member.key] == 1
                                && String(validating: element.text, as: UTF8.self) != nil))
                }
                // Every array below the member: its strings are list entries.
                var pending = [member.value]
                while let next = pending.popLast() {
                    let container = elements[next]
                    for child in container.children {
                        if container.name == "array", elements[child].name == "string" {
                            let value = String(decoding: elements[child].text, as: UTF8.self)
                            listEntries[value, default: []].append(elements[child].range)
                        } else if elements[child].name == "array" || elements[child].name == "dict" {
                            pending.append(child)
                        }
                    }
                }
            }
            objects[entry.key] = values
        }
        return nil
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
