import Foundation

/// A `.csproj` read once as XML text, for edits by span.
///
/// Its items are the elements with an `Include`, `Update` or `Remove` attribute (not inside
/// another item). Each value is read as ``MSBuildProject`` reads it: the XML first (any quote,
/// spaces around `=`, the five named entities, `&#…;` and `&#x…;`, white space in a value read
/// as a space), then MSBuild's `%XX` escapes and `\` as `/`, relative to the project's folder.
///
/// A rename gives the last path component of every value naming the file the new name, and
/// the item's `Link` and `LogicalName` (attributes or child elements) too when they end in the
/// old name; the new name is written escaped for MSBuild (`@` as `%40` where the old name wrote
/// it so) and for XML in the quote that is there. A deletion takes out every item whose value
/// (its `Include`, else `Update`, else `Remove`, as the reader takes it) names the file, with
/// its line when it has one to itself. A wildcard item (`Resources\**\*.png`) is left alone, and
/// a rename is refused when one matches the old name but not the new or the other way round.
/// What cannot be edited so is refused with a reason, for that file alone.
struct MSBuildText {
    /// ``ReadLimits/projectItemBytes``: the longest value or `Link` text read.
    static let maxElementBytes = ReadLimits.standard.projectItemBytes

    /// The most items of one project that name one file and are edited: real projects name a file
    /// once or twice. A project that names it more is left to a person.
    static let maxItemsPerFile = 100

    /// The most items read: far above real projects (a few thousand); a project with more is not
    /// edited.
    static let maxItems = 200_000

    /// The most distinct wildcard values a rename is checked against.
    static let maxWildcards = 256

    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A value as written: the bytes between its quotes (or an element's text), and the quote
    /// (0 for text).
    struct Value: Hashable {
        var range: Range<Int>
        var quote: UInt8
    }

    enum Attribute: Int, CaseIterable {
        case include, update, remove, link, logicalName

        init?(_ name: ArraySlice<UInt8>) {
            switch String(decoding: name, as: UTF8.self) {
            case "Include": self = .include
            case "Update": self = .update
            case "Remove": self = .remove
            case "Link": self = .link
            case "LogicalName": self = .logicalName
            default: return nil
            }
        }

        var name: String { ["Include", "Update", "Remove", "Link", "LogicalName"][rawValue] }
    }

    struct Item {
        /// From its `<` to the end of its empty tag or closing tag.
        var range: Range<Int>
        /// By ``Attribute``'s raw value.
        var attributes: [Value?] = Array(repeating: nil, count: Attribute.allCases.count)
        /// The text of its `Link` and `LogicalName` child elements.
        var metadataTexts: [Value] = []
        /// A `Link` or `LogicalName` child holds markup (a comment, CDATA, an element): not
        /// edited.
        var metadataHasMarkup = false

        /// The attribute the reader takes the item's file from.
        var effective: Attribute? {
            [Attribute.include, .update, .remove].first { attributes[$0.rawValue] != nil }
        }
    }

    let bytes: [UInt8]
    let projectPath: String
    private(set) var items: [Item] = []
    /// The tree paths the items' `Include`, `Update` and `Remove` values name, with the items.
    private(set) var named: [String: [(item: Int, attribute: Attribute)]] = [:]
    /// The wildcard values, as tree patterns, with one value as written for messages.
    private(set) var wildcards: [String: String] = [:]

    init(_ bytes: [UInt8], projectPath: String) throws(Failure) {
        self.bytes = bytes
        self.projectPath = projectPath
        try read()
    }

    private var projectFolder: String {
        projectPath.lastIndex(ofByte: UInt8(ascii: "/")).map { String(projectPath[..<$0]) } ?? ""
    }

    // MARK: Reading

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// One pass over the text: start and end tags, comments, CDATA and declarations; the items
    /// and their metadata children.
    private mutating func read() throws(Failure) {
        struct Open {
            var name: ArraySlice<UInt8>
            var start: Int
            /// The item it is, or the item it is a `Link`/`LogicalName` child of.
            var item: Int?
            var isMetadata = false
            var contentStart = 0
            var hasMarkup = false
        }
        var stack: [Open] = []
        var index = 0
        let count = bytes.count
        func find(_ pattern: String, from: Int) throws(Failure) -> Int {
            guard let found = bytes[from...].firstRange(of: Array(pattern.utf8)) else {
                throw Failure(description: "an unclosed \(pattern == "-->" ? "comment" : "section") at byte \(from)")
            }
            return found.upperBound
        }
        func markMarkup() {
            if !stack.isEmpty { stack[stack.count - 1].hasMarkup = true }
        }
        while index < count {
            guard let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { break }
            index = open
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                index = try find("-->", from: index + 4)
                markMarkup()
                continue
            }
            if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                index = try find("]]>", from: index + 9)
                markMarkup()
                continue
            }
            if bytes[index...].starts(with: Array("<?".utf8)) {
                index = try find("?>", from: index + 2)
                continue
            }
            if index + 1 < count, bytes[index + 1] == UInt8(ascii: "!") {
                throw Failure(description: "a declaration at byte \(index), which MSBuild never writes")
            }
            if index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                // An end tag: it closes the element open last.
                var nameEnd = index + 2
                while nameEnd < count, !Self.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ">") {
                    nameEnd += 1
                }
                var end = nameEnd
                while end < count, Self.isSpace(bytes[end]) { end += 1 }
                guard end < count, bytes[end] == UInt8(ascii: ">"), let top = stack.popLast(),
                    top.name.elementsEqual(bytes[(index + 2)..<nameEnd])
                else { throw Failure(description: "an end tag that closes no open element at byte \(index)") }
                if let item = top.item {
                    if top.isMetadata {
                        if top.hasMarkup {
                            items[item].metadataHasMarkup = true
                        } else {
                            items[item].metadataTexts.append(Value(range: top.contentStart..<index, quote: 0))
                        }
                    } else {
                        items[item].range = top.start..<end + 1
                        try file(item: item)
                    }
                }
                index = end + 1
                continue
            }
            // A start tag: its name, then `name = 'value'` pairs, then `>` or `/>`.
            markMarkup()
            var at = index + 1
            while at < count, !Self.isSpace(bytes[at]), bytes[at] != UInt8(ascii: ">"),
                bytes[at] != UInt8(ascii: "/")
            {
                at += 1
            }
            let name = bytes[(index + 1)..<at]
            guard !name.isEmpty else { throw Failure(description: "a tag without a name at byte \(index)") }
            var attributes: [Value?] = Array(repeating: nil, count: Attribute.allCases.count)
            var seen: Set<ArraySlice<UInt8>> = []
            var selfClosing = false
            while true {
                while at < count, Self.isSpace(bytes[at]) { at += 1 }
                guard at < count else { throw Failure(description: "an unclosed tag at byte \(index)") }
                if bytes[at] == UInt8(ascii: ">") {
                    at += 1
                    break
                }
                if bytes[at] == UInt8(ascii: "/") {
                    guard at + 1 < count, bytes[at + 1] == UInt8(ascii: ">") else {
                        throw Failure(description: "a stray / in a tag at byte \(at)")
                    }
                    selfClosing = true
                    at += 2
                    break
                }
                let nameStart = at
                while at < count, !Self.isSpace(bytes[at]), bytes[at] != UInt8(ascii: "="),
                    bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/")
                {
                    at += 1
                }
                let attributeName = bytes[nameStart..<at]
                while at < count, Self.isSpace(bytes[at]) { at += 1 }
                guard !attributeName.isEmpty, at < count, bytes[at] == UInt8(ascii: "=") else {
                    throw Failure(description: "an attribute without a value at byte \(nameStart)")
                }
                at += 1
                while at < count, Self.isSpace(bytes[at]) { at += 1 }
                guard at < count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                    throw Failure(description: "an attribute value without quotes at byte \(at)")
                }
                let quote = bytes[at]
                guard let close = bytes[(at + 1)...].firstIndex(of: quote) else {
                    throw Failure(description: "an unclosed attribute value at byte \(at)")
                }
                guard seen.insert(attributeName).inserted else {
                    throw Failure(description: "an attribute given twice at byte \(nameStart)")
                }
                let value = Value(range: (at + 1)..<close, quote: quote)
                if let attribute = Attribute(attributeName) {
                    // The values read are checked now: one the XML reader would refuse is not edited.
                    guard value.range.count <= Self.maxElementBytes else {
                        throw Failure(description: "an attribute value longer than \(Self.maxElementBytes) bytes")
                    }
                    guard Self.decoded(bytes, value) != nil else {
                        throw Failure(description: "an attribute value XML does not allow at byte \(at + 1)")
                    }
                    attributes[attribute.rawValue] = value
                }
                at = close + 1
            }
            let parent = stack.last
            var opened = Open(name: name, start: index, contentStart: at)
            let insideItem = stack.contains { $0.item != nil }
            if !insideItem, attributes[0...2].contains(where: { $0 != nil }) {
                guard items.count < Self.maxItems else {
                    throw Failure(description: "more than \(Self.maxItems) items, which no real project has")
                }
                items.append(Item(range: index..<at, attributes: attributes))
                opened.item = items.count - 1
            } else if let parent, let item = parent.item, !parent.isMetadata,
                name.elementsEqual("Link".utf8) || name.elementsEqual("LogicalName".utf8)
            {
                opened.item = item
                opened.isMetadata = true
            }
            if selfClosing {
                if let item = opened.item, !opened.isMetadata { try file(item: item) }
            } else {
                guard stack.count < Self.maxDepth else {
                    throw Failure(description: "elements nested more than \(Self.maxDepth) levels deep")
                }
                stack.append(opened)
            }
            index = at
        }
        guard stack.isEmpty else { throw Failure(description: "an element that is never closed") }
    }

    /// Files the item's values by the tree path each names, or as a wildcard.
    private mutating func file(item: Int) throws(Failure) {
        for attribute in [Attribute.include, .update, .remove] {
            guard let value = items[item].attributes[attribute.rawValue],
                let path = treePath(value)
            else { continue }
            if path.contains("*") || path.contains("?") {
                guard attribute == items[item].effective else { continue }
                if wildcards[path] == nil {
                    guard wildcards.count < Self.maxWildcards else {
                        throw Failure(
                            description: "more than \(Self.maxWildcards) wildcard items, which no real project has")
                    }
                    wildcards[path] = String(decoding: bytes[value.range], as: UTF8.self)
                }
            } else {
                named[path, default: []].append((item, attribute))
            }
        }
    }

    /// The tree path a value names, as ``MSBuildProject`` resolves it.
    private func treePath(_ value: Value) -> String? {
        guard let decoded = Self.decoded(bytes, value) else { return nil }
        let text = String(decoding: decoded.bytes, as: UTF8.self)
        let folder = projectFolder
        return XcodeProject.normalized(folder.isEmpty ? text : folder + "/" + text)
    }

    // MARK: Decoding

    /// A value's bytes as the project reader sees them, each with the offset in the file where
    /// its spelling starts: XML's entities and white space first, then MSBuild's `%XX` escapes
    /// and `\` as `/`. Element text (quote 0) has its line ends read as XML reads them and is
    /// not trimmed here. Nil when XML does not allow the value.
    static func decoded(_ bytes: [UInt8], _ value: Value) -> (bytes: [UInt8], starts: [Int])? {
        guard let xml = xmlDecoded(bytes, value) else { return nil }
        var out: [UInt8] = []
        var starts: [Int] = []
        var index = 0
        while index < xml.bytes.count {
            let byte = xml.bytes[index]
            // As MSBuildProject.unescaped reads `%XX`.
            if byte == UInt8(ascii: "%"), index + 2 < xml.bytes.count,
                let escaped = UInt8(String(decoding: xml.bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                out.append(escaped)
                starts.append(xml.starts[index])
                index += 3
            } else {
                out.append(byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte)
                starts.append(xml.starts[index])
                index += 1
            }
        }
        return (out, starts)
    }

    /// XML's reading of a value: entities replaced; in an attribute each literal tab, line end
    /// (`\r\n` as one) and space read as a space, in text `\r\n` and `\r` as `\n`.
    static func xmlDecoded(_ bytes: [UInt8], _ value: Value) -> (bytes: [UInt8], starts: [Int])? {
        guard value.range.count <= maxElementBytes else { return nil }
        var out: [UInt8] = []
        var starts: [Int] = []
        out.reserveCapacity(value.range.count)
        starts.reserveCapacity(value.range.count)
        let isAttribute = value.quote != 0
        var index = value.range.lowerBound
        let end = value.range.upperBound
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"):
                guard let semicolon = bytes[index..<min(end, index + 12)].firstIndex(of: UInt8(ascii: ";")),
                    let scalar = entity(bytes[(index + 1)..<semicolon])
                else { return nil }
                for unit in String(scalar).utf8 {
                    out.append(unit)
                    starts.append(index)
                }
                index = semicolon + 1
            case UInt8(ascii: "<") where isAttribute:
                return nil
            case 0x0D:
                out.append(isAttribute ? 0x20 : 0x0A)
                starts.append(index)
                index += index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                out.append(isAttribute ? 0x20 : byte)
                starts.append(index)
                index += 1
            default:
                out.append(byte)
                starts.append(index)
                index += 1
            }
        }
        return (out, starts)
    }

    /// The character an entity's name (between `&` and `;`) stands for: one of XML's five, or a
    /// character reference to a character XML allows.
    static func entity(_ name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.first == UInt8(ascii: "#") else { return nil }
        let digits = name.dropFirst()
        let hex = digits.first == UInt8(ascii: "x")
        let number = hex ? digits.dropFirst() : digits
        guard !number.isEmpty,
            number.allSatisfy({
                hex
                    ? ($0 >= 0x30 && $0 <= 0x39) || (($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x66)
                    : ($0 >= 0x30 && $0 <= 0x39)
            }),
            let code = UInt32(String(decoding: number, as: UTF8.self), radix: hex ? 16 : 10),
            code == 0x09 || code == 0x0A || code == 0x0D || (0x20...0xD7FF).contains(code)
                || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code)
        else { return nil }
        return Unicode.Scalar(code)
    }

    // MARK: Edits

    /// The edits renaming the file at `path` (relative to the scanned folder) to `newName` in
    /// its folder, or why they cannot be made.
    func renaming(_ path: String, to newName: String) -> Result<[TextEdit], Failure> {
        let oldName = Self.fileName(of: path)
        let folder = path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
        let newPath = folder.isEmpty ? newName : folder + "/" + newName
        let oldParts = path.split(separator: "/")
        let newParts = newPath.split(separator: "/")
        for (pattern, written) in wildcards.sorted(by: { $0.key < $1.key })
        where PathFilter.matches(pattern: pattern, oldParts) != PathFilter.matches(pattern: pattern, newParts) {
            return .failure(
                Failure(
                    description: "its wildcard item \(escapedControls(written)) would match the new name differently"))
        }
        let naming = named[path] ?? []
        guard naming.count <= Self.maxItemsPerFile else {
            return .failure(Failure(description: "names \(path) more than \(Self.maxItemsPerFile) times"))
        }
        var edits: [TextEdit] = []
        for (index, attribute) in naming {
            let item = items[index]
            guard let value = item.attributes[attribute.rawValue],
                let edit = renamedLastComponent(value, oldName: oldName, newName: newName)
            else {
                return .failure(Failure(description: "names \(path) in an item whose value does not end in its name"))
            }
            edits.append(edit)
            guard !item.metadataHasMarkup else {
                return .failure(Failure(description: "names \(path) in an item whose Link or LogicalName holds markup"))
            }
            // Its Link and LogicalName follow when they end in the old name.
            let metadata = [item.attributes[Attribute.link.rawValue], item.attributes[Attribute.logicalName.rawValue]]
                .compactMap { $0 }
            for value in metadata + item.metadataTexts {
                if let edit = renamedLastComponent(value, oldName: oldName, newName: newName) { edits.append(edit) }
            }
        }
        return .success(edits)
    }

    /// The edits removing every item whose value is the file at `path`, with its line when it has
    /// one to itself, or why they cannot be made.
    func removing(_ path: String) -> Result<[TextEdit], Failure> {
        let naming = named[path] ?? []
        guard naming.count <= Self.maxItemsPerFile else {
            return .failure(Failure(description: "names \(path) more than \(Self.maxItemsPerFile) times"))
        }
        var edits: [TextEdit] = []
        for (index, attribute) in naming {
            let item = items[index]
            guard attribute == item.effective else {
                return .failure(
                    Failure(description: "names \(path) in the \(attribute.name) of another file's item"))
            }
            var start = item.range.lowerBound
            while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
                start -= 1
            }
            var end = item.range.upperBound
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
                end += 1
            }
            let lineEnd: Int? =
                end == bytes.count
                ? end
                : bytes[end] == 0x0A
                    ? end + 1
                    : bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A
                        ? end + 2 : nil
            let range =
                if start == 0 || bytes[start - 1] == 0x0A, let lineEnd { start..<lineEnd } else { item.range }
            edits.append(TextEdit(range: range, replacement: []))
        }
        return .success(edits)
    }

    /// ``renaming(_:to:)`` for a caller that holds the bytes alone (the fuzz target): nil when
    /// the text cannot be read or the edits are refused.
    static func renaming(_ bytes: [UInt8], projectPath: String, path: String, to newName: String) -> [TextEdit]? {
        try? MSBuildText(bytes, projectPath: projectPath).renaming(path, to: newName).get()
    }

    /// ``removing(_:)`` for a caller that holds the bytes alone: nil as ``renaming(_:projectPath:path:to:)``.
    static func removing(_ bytes: [UInt8], projectPath: String, path: String) -> [TextEdit]? {
        try? MSBuildText(bytes, projectPath: projectPath).removing(path).get()
    }

    static func fileName(of path: String) -> String {
        path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
    }

    /// The edit giving a value's last path component the new name, when it is the old one (text
    /// is read trimmed of white space, as the reader trims it).
    func renamedLastComponent(_ value: Value, oldName: String, newName: String) -> TextEdit? {
        guard let xml = Self.xmlDecoded(bytes, value), let decoded = Self.decoded(bytes, value) else { return nil }
        var end = decoded.bytes.count
        if value.quote == 0 {
            // The end of the text less trailing white space, as Foundation trims it.
            let text = String(decoding: decoded.bytes, as: UTF8.self)
            var trimmed = text.utf8.count
            for scalar in text.unicodeScalars.reversed() {
                guard CharacterSet.whitespacesAndNewlines.contains(scalar) else { break }
                trimmed -= String(scalar).utf8.count
            }
            end = trimmed
        }
        var componentStart = decoded.bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        if value.quote == 0, componentStart == 0 {
            // The whole text is the name: leading white space is trimmed too.
            let text = String(decoding: decoded.bytes[..<end], as: UTF8.self)
            for scalar in text.unicodeScalars {
                guard CharacterSet.whitespacesAndNewlines.contains(scalar) else { break }
                componentStart += String(scalar).utf8.count
            }
        }
        guard String(decoding: decoded.bytes[componentStart..<end], as: UTF8.self) == oldName else { return nil }
        let rawStart = componentStart < decoded.starts.count ? decoded.starts[componentStart] : value.range.upperBound
        let rawEnd = end < decoded.starts.count ? decoded.starts[end] : value.range.upperBound
        // `@` stays `%40` where the old name wrote it so.
        let xmlStart = xml.starts.firstIndex { $0 >= rawStart } ?? xml.bytes.count
        let xmlEnd = xml.starts.firstIndex { $0 >= rawEnd } ?? xml.bytes.count
        let escapesAt = xml.bytes[xmlStart..<xmlEnd].firstRange(of: Array("%40".utf8)) != nil
        return TextEdit(
            range: rawStart..<rawEnd, replacement: Self.written(newName, quote: value.quote, escapesAt: escapesAt))
    }

    /// A file name as an item value writes it: MSBuild's escapes for the characters it reads
    /// specially, then XML's for the quote, markup and white space.
    static func written(_ name: String, quote: UInt8, escapesAt: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "%"): out += Array("%25".utf8)
            case UInt8(ascii: ";"): out += Array("%3B".utf8)
            case UInt8(ascii: "*"): out += Array("%2A".utf8)
            case UInt8(ascii: "?"): out += Array("%3F".utf8)
            case UInt8(ascii: "$"): out += Array("%24".utf8)
            case UInt8(ascii: "\\"): out += Array("%5C".utf8)
            case UInt8(ascii: "@") where escapesAt: out += Array("%40".utf8)
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\"") where quote == UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'") where quote == UInt8(ascii: "'"): out += Array("&apos;".utf8)
            case 0x09, 0x0A, 0x0D: out += Array("&#\(byte);".utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}
