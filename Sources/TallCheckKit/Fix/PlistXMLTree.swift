/// An XML property list's elements with their byte spans, for ``ProjectText``'s edits of a
/// project converted to XML (`plutil -convert xml1`): each element's span from its start tag to
/// the end of its end tag, its children, and for `key` and `string` the text it holds, decoded.
///
/// What it reads is the XML a property list writer makes: a declaration, a `DOCTYPE` without an
/// internal subset, comments, elements with attributes, character data with the five named
/// entities and character references, and CDATA sections. Anything else fails with a reason;
/// the nesting is bounded by ``ReadLimits/nestingDepth`` and the elements by
/// ``ProjectText/maxTokens``, and nothing recurses.
struct PlistXMLTree {
    struct Element {
        var name: String
        var range: Range<Int>
        var children: [Int] = []
        /// The decoded text of a `key` or `string` element.
        var text: [UInt8] = []
        /// False when the text holds what is not decoded exactly here (a comment or an element
        /// inside it, a carriage return that XML turns into a line feed).
        var exact = true
    }

    private(set) var elements: [Element] = []
    /// The top-level elements (a property list has one, `plist`).
    private(set) var roots: [Int] = []

    struct Failure: Error {
        var reason: String
    }

    init(_ bytes: [UInt8]) throws(Failure) {
        var index = 0
        var stack: [Int] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func find(_ marker: String, from start: Int) throws(Failure) -> Int {
            let needle = Array(marker.utf8)
            var at = start
            while at + needle.count <= bytes.count {
                if bytes[at] == needle[0], bytes[at..<at + needle.count].elementsEqual(needle) { return at }
                at += 1
            }
            throw Failure(reason: "`\(marker)` never comes")
        }
        func holdsText(_ element: Int) -> Bool { elements[element].name == "key" || elements[element].name == "string" }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                let run = bytes[index..<end]
                if let top = stack.last {
                    if holdsText(top) {
                        guard let decoded = Self.decoded(run) else {
                            throw Failure(reason: "an entity that is not XML's own")
                        }
                        elements[top].text += decoded
                        if run.contains(UInt8(ascii: "\r")) { elements[top].exact = false }
                    } else if !run.allSatisfy(ProjectText.isXMLSpace) {
                        throw Failure(reason: "text inside <\(elements[top].name)>")
                    }
                } else if !run.allSatisfy(ProjectText.isXMLSpace) {
                    throw Failure(reason: "text outside the property list")
                }
                index = end
                continue
            }
            let rest = bytes[index...]
            if rest.starts(with: Array("<?".utf8)) {
                index = try find("?>", from: index + 2) + 2
                if let top = stack.last { elements[top].exact = false }
            } else if rest.starts(with: Array("<!--".utf8)) {
                index = try find("-->", from: index + 4) + 3
                if let top = stack.last { elements[top].exact = false }
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                let end = try find("]]>", from: index + 9)
                guard let top = stack.last, holdsText(top) else {
                    throw Failure(reason: "a CDATA section outside a string")
                }
                elements[top].text += bytes[index + 9..<end]
                if bytes[index + 9..<end].contains(UInt8(ascii: "\r")) { elements[top].exact = false }
                index = end + 3
            } else if rest.starts(with: Array("<!".utf8)) {
                // `<!DOCTYPE plist PUBLIC "…" "…">`, before the elements, without an internal subset.
                guard stack.isEmpty, roots.isEmpty else { throw Failure(reason: "a declaration inside the elements") }
                let end = try find(">", from: index)
                guard !bytes[index..<end].contains(UInt8(ascii: "[")) else {
                    throw Failure(reason: "a DOCTYPE with its own declarations")
                }
                index = end + 1
            } else if rest.starts(with: Array("</".utf8)) {
                let end = try find(">", from: index)
                var nameEnd = end
                while nameEnd > index + 2, ProjectText.isXMLSpace(bytes[nameEnd - 1]) { nameEnd -= 1 }
                let name = String(decoding: bytes[index + 2..<nameEnd], as: UTF8.self)
                guard let top = stack.last, elements[top].name == name else {
                    throw Failure(reason: "</\(name)> closes no open element")
                }
                elements[top].range = elements[top].range.lowerBound..<end + 1
                stack.removeLast()
                index = end + 1
            } else {
                // A start tag, its attributes quoted, `/>` for an empty element.
                var end = index + 1
                while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[index + 1..<end], as: UTF8.self)
                guard !name.isEmpty else { throw Failure(reason: "a `<` that opens no element") }
                var quote: UInt8?
                while end < bytes.count {
                    let byte = bytes[end]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                        break
                    }
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: ">") else {
                    throw Failure(reason: "<\(name) is never closed by `>`")
                }
                let empty = bytes[end - 1] == UInt8(ascii: "/")
                guard elements.count < ProjectText.maxTokens else { throw Failure(reason: "too many elements") }
                guard stack.count < ReadLimits.standard.nestingDepth else {
                    throw Failure(reason: "nested more than \(ReadLimits.standard.nestingDepth) levels deep")
                }
                if let top = stack.last {
                    if holdsText(top) { elements[top].exact = false }
                    elements[top].children.append(elements.count)
                } else {
                    roots.append(elements.count)
                }
                elements.append(Element(name: name, range: index..<end + 1))
                if !empty { stack.append(elements.count - 1) }
                index = end + 1
            }
        }
        guard stack.isEmpty else { throw Failure(reason: "<\(elements[stack.last!].name)> is never closed") }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        OpenStepSyntax.isUnquoted(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: "$")
    }

    /// Character data with its references decoded; nil for an entity XML does not define.
    static func decoded(_ run: ArraySlice<UInt8>) -> [UInt8]? {
        guard run.contains(UInt8(ascii: "&")) else { return Array(run) }
        var out: [UInt8] = []
        var index = run.startIndex
        while index < run.endIndex {
            guard run[index] == UInt8(ascii: "&") else {
                out.append(run[index])
                index += 1
                continue
            }
            guard let semicolon = run[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let name = String(decoding: run[index + 1..<semicolon], as: UTF8.self)
            switch name {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let number =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16)
                    : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
                guard let number, number > 0, let scalar = Unicode.Scalar(number) else { return nil }
                out += Array(String(scalar).utf8)
            }
            index = semicolon + 1
        }
        return out
    }
}

extension ProjectText {
    /// `value` as a property list's `<string>` element; nil for a character XML cannot carry
    /// back unchanged (a control character, a carriage return, U+FFFE, U+FFFF).
    static func xmlString(_ value: String) -> [UInt8]? {
        var out = Array("<string>".utf8)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += Array("&amp;".utf8)
            case "<": out += Array("&lt;".utf8)
            case ">": out += Array("&gt;".utf8)
            case "\t", "\n": out.append(UInt8(scalar.value))
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: return nil
            default: out += Array(String(scalar).utf8)
            }
        }
        return out + Array("</string>".utf8)
    }
}
