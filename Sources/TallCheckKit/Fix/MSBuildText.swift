/// A `.csproj` as text, for renames by span: an item whose `Include` (or `Update`) is the renamed
/// file gets the new name there, and in its `Link` and `LogicalName` when they end in the old
/// name; MSBuild's `%XX` escapes and `\` separators are kept as the project writes them. A
/// wildcard item (`Resources\**\*.png`) still matches the renamed file and is left alone.
enum MSBuildText {
    /// ``ReadLimits/projectItemBytes``.
    static let maxElementBytes = ReadLimits.standard.projectItemBytes

    /// The most items of one project that name one file and are edited: real projects name a file
    /// once or twice. A project that names it more is left to a person.
    static let maxItemsPerFile = 100

    /// The `Include` and `Update` values (their ranges) that name the file at `path`, relative
    /// to the scanned folder, from the project at `projectPath`; nil past ``maxItemsPerFile``.
    static func items(naming path: String, in bytes: [UInt8], projectPath: String) -> [Range<Int>]? {
        let projectFolder = projectPath.lastIndex(ofByte: UInt8(ascii: "/")).map { String(projectPath[..<$0]) } ?? ""
        var found: [Range<Int>] = []
        for attribute in ["Include", "Update"] {
            for value in attributeValues(attribute, in: bytes, from: 0, to: bytes.count) {
                let decoded = unescaped(bytes[value]).replacingOccurrences(of: "\\", with: "/")
                guard XcodeProject.normalized(projectFolder.isEmpty ? decoded : projectFolder + "/" + decoded) == path
                else { continue }
                guard found.count < maxItemsPerFile else { return nil }
                found.append(value)
            }
        }
        return found
    }

    /// Nil when the project names the file more than ``maxItemsPerFile`` times.
    static func renaming(_ bytes: [UInt8], projectPath: String, path: String, to newName: String) -> [TextEdit]? {
        let oldName =
            path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) }
            ?? path
        guard let items = items(naming: path, in: bytes, projectPath: projectPath) else { return nil }
        var edits: [TextEdit] = []
        for value in items {
            edits += renamedLastComponent(bytes, value, oldName: oldName, newName: newName)
            // The item's own element: its Link and LogicalName follow.
            let element = elementRange(around: value.lowerBound, in: bytes)
            for link in attributeValues("Link", in: bytes, from: element.lowerBound, to: element.upperBound) {
                edits += renamedLastComponent(bytes, link, oldName: oldName, newName: newName)
            }
            for name in ["Link", "LogicalName"] {
                for text in elementTexts(name, in: bytes, from: element.lowerBound, to: element.upperBound) {
                    edits += renamedLastComponent(bytes, text, oldName: oldName, newName: newName)
                }
            }
        }
        return edits
    }

    /// Edits removing every item whose `Include` (or `Update`) is the file at `path`, with its
    /// lines when it has them to itself.
    static func removing(_ bytes: [UInt8], projectPath: String, path: String) -> [TextEdit]? {
        guard let items = items(naming: path, in: bytes, projectPath: projectPath) else { return nil }
        var edits: [TextEdit] = []
        for value in items {
            var range = elementRange(around: value.lowerBound, in: bytes)
            var start = range.lowerBound
            while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
                start -= 1
            }
            var end = range.upperBound
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") {
                end += 1
            }
            if (start == 0 || bytes[start - 1] == UInt8(ascii: "\n")), end < bytes.count,
                bytes[end] == UInt8(ascii: "\n")
            {
                range = start..<end + 1
            } else if end == bytes.count {
                range = start..<end
            }
            edits.append(TextEdit(range: range, replacement: []))
        }
        return edits
    }

    /// The value ranges of `name="…"` attributes between `from` and `to`.
    static func attributeValues(_ name: String, in bytes: [UInt8], from: Int, to: Int) -> [Range<Int>] {
        let pattern = Array((name + "=\"").utf8)
        var ranges: [Range<Int>] = []
        var index = from
        while index + pattern.count <= to {
            if bytes[index..<index + pattern.count].elementsEqual(pattern),
                index > 0, bytes[index - 1] == UInt8(ascii: " ") || (0x09...0x0D).contains(bytes[index - 1])
            {
                let start = index + pattern.count
                guard let end = bytes[start..<to].firstIndex(of: UInt8(ascii: "\"")) else { break }
                ranges.append(start..<end)
                index = end + 1
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// The text ranges of `<name>…</name>` elements between `from` and `to`.
    static func elementTexts(_ name: String, in bytes: [UInt8], from: Int, to: Int) -> [Range<Int>] {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        var ranges: [Range<Int>] = []
        var index = from
        while index + open.count <= to {
            guard bytes[index..<index + open.count].elementsEqual(open) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end + close.count <= to, !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
            guard end + close.count <= to else { break }
            ranges.append(start..<end)
            index = end + close.count
        }
        return ranges
    }

    /// From the `<` that opens the element holding `offset` to the end of its empty tag, or of
    /// its closing tag.
    static func elementRange(around offset: Int, in bytes: [UInt8]) -> Range<Int> {
        // Every scan stays within ``maxElementBytes`` of the value, before and after it.
        let start = bytes[max(0, offset - Self.maxElementBytes)..<offset].lastIndex(of: UInt8(ascii: "<")) ?? offset
        var nameEnd = start + 1
        while nameEnd < offset, bytes[nameEnd] != UInt8(ascii: " "), bytes[nameEnd] != UInt8(ascii: ">"),
            bytes[nameEnd] != UInt8(ascii: "/"), !(0x09...0x0D).contains(bytes[nameEnd])
        {
            nameEnd += 1
        }
        let name = Array(bytes[min(start + 1, nameEnd)..<nameEnd])
        // The end of the start tag, outside quoted values.
        var index = offset
        var quoted = true  // `offset` lies inside a value
        let tagLimit = min(bytes.count, offset + Self.maxElementBytes)
        while index < tagLimit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, byte == UInt8(ascii: ">") { break }
            index += 1
        }
        guard index < tagLimit else { return start..<tagLimit }
        if bytes[index - 1] == UInt8(ascii: "/") { return start..<index + 1 }
        let close = Array("</".utf8) + name + [UInt8(ascii: ">")]
        // An item's element is short: its closing tag is looked for within 64 KiB, so a project of
        // many unclosed items costs each one a bounded scan.
        let limit = min(bytes.count, index + Self.maxElementBytes)
        var end = index
        while end + close.count <= limit, !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
        guard end + close.count <= limit else { return start..<index + 1 }
        return start..<end + close.count
    }

    /// MSBuild's `%XX` escapes undone.
    static func unescaped(_ raw: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.endIndex,
                let value = UInt8(String(decoding: raw[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                out.append(value)
                index += 3
            } else {
                out.append(raw[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The edit giving `range`'s last path component the new name, when it is the old one;
    /// escaped as the old component was (`@` as `%40` when it wrote it so).
    static func renamedLastComponent(_ bytes: [UInt8], _ range: Range<Int>, oldName: String, newName: String)
        -> [TextEdit]
    {
        let raw = bytes[range]
        let start =
            raw.lastIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }).map { $0 + 1 }
            ?? range.lowerBound
        let component = bytes[start..<range.upperBound]
        guard unescaped(component) == oldName else { return [] }
        let escapesAt = String(decoding: component, as: UTF8.self).contains("%40")
        var written = ""
        for character in newName {
            switch character {
            case "%": written += "%25"
            case "@" where escapesAt: written += "%40"
            default: written.append(character)
            }
        }
        return [TextEdit(range: start..<range.upperBound, replacement: Array(written.utf8))]
    }
}
