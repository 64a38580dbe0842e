/// An asset catalog set's `Contents.json` as text, for edits by span: the `images` array's
/// entries in order (as ``CatalogSet/entries`` holds them), each with its members' spans, so a
/// `filename` can be removed or added and every other byte stays as Xcode wrote it.
struct CatalogContentsText {
    struct Member {
        var key: String
        /// From the key's opening quote to the value's end.
        var range: Range<Int>
    }

    struct Entry {
        /// From `{` to `}`.
        var range: Range<Int>
        var members: [Member]
    }

    let bytes: [UInt8]
    private(set) var entries: [Entry] = []

    /// Nil when the text is not a JSON object with an `images` array of objects. With two, the
    /// last is read, as `JSONDecoder` reads the catalog.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        var reader = Reader(bytes: bytes)
        guard reader.skipSpace(), reader.take(UInt8(ascii: "{")) else { return nil }
        while true {
            guard reader.skipSpace() else { return nil }
            if reader.take(UInt8(ascii: "}")) { break }
            _ = reader.take(UInt8(ascii: ","))
            guard reader.skipSpace(), let key = reader.string(), reader.skipSpace(), reader.take(UInt8(ascii: ":")),
                reader.skipSpace()
            else { return nil }
            if key == "images" {
                guard let entries = reader.images() else { return nil }
                self.entries = entries
            } else {
                guard reader.skipValue() else { return nil }
            }
        }
    }

    /// How many `filename` members the entry has. With more than one, the scan reads the last,
    /// and clearing it would leave another for the next run to read: neither is edited.
    func filenameCount(ofEntry index: Int) -> Int {
        entries.indices.contains(index) ? entries[index].members.count { $0.key == "filename" } : 0
    }

    /// The edit that removes the entry's one `filename` member with its line, keeping the slot.
    func removingFilename(ofEntry index: Int) -> TextEdit? {
        guard filenameCount(ofEntry: index) == 1 else { return nil }
        let members = entries[index].members
        guard let at = members.firstIndex(where: { $0.key == "filename" }) else { return nil }
        let member = members[at]
        if at + 1 < members.count {
            // `  "filename" : "x",\n` up to the next member's key.
            let lineStart = bytes[..<member.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let onlySpaceBefore = bytes[lineStart..<member.range.lowerBound].allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            let next = members[at + 1].range.lowerBound
            let nextLineStart = bytes[..<next].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? next
            if onlySpaceBefore, nextLineStart > member.range.upperBound {
                return TextEdit(range: lineStart..<nextLineStart, replacement: [])
            }
            return TextEdit(range: member.range.lowerBound..<next, replacement: [])
        }
        // The last member: from the end of the one before (or the brace) to its end.
        let start = at > 0 ? members[at - 1].range.upperBound : entries[index].range.lowerBound + 1
        return TextEdit(range: start..<member.range.upperBound, replacement: [])
    }

    /// The edit that names `filename` in an entry without one: a first member, indented as the
    /// entry's members are (Xcode sorts keys, and `filename` comes first).
    func addingFilename(_ filename: String, toEntry index: Int) -> TextEdit? {
        guard entries.indices.contains(index), let first = entries[index].members.first,
            !entries[index].members.contains(where: { $0.key == "filename" })
        else { return nil }
        let lineStart = bytes[..<first.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let indent = bytes[lineStart..<first.range.lowerBound]
        let separator: [UInt8] =
            indent.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            ? [UInt8(ascii: ","), UInt8(ascii: "\n")] + indent : Array(", ".utf8)
        let member = Array("\"filename\" : ".utf8) + Self.quoted(filename)
        return TextEdit(range: first.range.lowerBound..<first.range.lowerBound, replacement: member + separator)
    }

    /// A JSON string.
    static func quoted(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }

    /// A cursor over JSON text that records spans and never recurses more than the bounded
    /// nesting of ``ReadLimits/nestingDepth``.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// Skips white space; false at the end.
        mutating func skipSpace() -> Bool {
            while index < bytes.count,
                bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n")
                    || bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\t")
            {
                index += 1
            }
            return index < bytes.count
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func string() -> String? { jsonString(bytes, at: &index) }

        /// Skips any value: brackets counted outside strings, up to the nesting limit.
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                guard skipSpace() else { return false }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    guard string() != nil else { return false }
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                    guard depth <= ReadLimits.standard.nestingDepth else { return false }
                    index += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    guard depth > 0 else { return true }
                    depth -= 1
                    index += 1
                } else if depth > 0 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") {
                    if depth == 0 { return true }
                    index += 1
                } else {
                    // A number, true, false or null.
                    while index < bytes.count, !",}] \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                }
            } while depth > 0
            return true
        }

        /// `[ { "key" : value, … }, … ]`, each object's members with their spans.
        mutating func images() -> [Entry]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var entries: [Entry] = []
            while true {
                guard skipSpace() else { return nil }
                if take(UInt8(ascii: "]")) { return entries }
                _ = take(UInt8(ascii: ","))
                guard skipSpace() else { return nil }
                let start = index
                guard take(UInt8(ascii: "{")) else { return nil }
                var members: [Member] = []
                while true {
                    guard skipSpace() else { return nil }
                    if take(UInt8(ascii: "}")) { break }
                    _ = take(UInt8(ascii: ","))
                    guard skipSpace() else { return nil }
                    let keyStart = index
                    guard let key = string(), skipSpace(), take(UInt8(ascii: ":")), skipValue() else { return nil }
                    members.append(Member(key: key, range: keyStart..<index))
                }
                entries.append(Entry(range: start..<index, members: members))
            }
        }
    }
}
