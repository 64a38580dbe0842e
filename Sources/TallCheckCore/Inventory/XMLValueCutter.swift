/// XML text taken in pieces, with every value longer than ``maxValueBytes`` cut to that length:
/// attribute values, text between tags, comments and CDATA sections. What is kept is what the
/// readers use (MSBuild's values are paths and short settings; ``MSBuildProject`` keeps 4 KiB
/// of a text node), so a project whose one attribute or text node fills 60 MiB is parsed from
/// a few hundred KiB and never held whole, by this reader or by libxml2, which buffers a text
/// node to its end.
///
/// A cut never splits a UTF-8 character or an entity reference (`&amp;`), and a comment cut
/// never ends in `-`, so text well-formed before is well-formed after. Markup is copied as it
/// is; only the inside of a long value is shortened. ``XMLPrecheck`` then checks what is kept.
struct XMLValueCutter {
    /// ``ReadLimits/xmlValueBytes``.
    static let maxValueBytes = ReadLimits.standard.xmlValueBytes

    /// What the text is inside of, at the current byte.
    private enum Place {
        case text
        /// In a tag (`<…>`, `<?…?>`, `</…>`), outside quotes.
        case tag
        case quoted(UInt8)
        case comment
        case characterData
    }

    /// The first value cut: what it was, the line it began on and its length in bytes.
    struct Cut: Equatable {
        var what: String
        var line: Int
        var bytes: Int
    }

    private(set) var kept: [UInt8] = []
    private(set) var firstCut: Cut?
    private var place = Place.text
    /// Where in ``kept`` the current tag begins, to tell `<!--` and `<![CDATA[` from a tag.
    private var tagStart = 0
    /// The current value's start in ``kept``, its length so far, and the line it began on.
    private var valueStart = 0
    private var valueLength = 0
    private var valueLine = 1
    private var line = 1
    /// The last three bytes read, newest lowest: ends `-->` and `]]>` even where they are not kept.
    private var recent: UInt32 = 0

    private static let commentOpen = Array("<!--".utf8)
    private static let characterDataOpen = Array("<![CDATA[".utf8)

    /// The whole text at once.
    static func cut(_ bytes: [UInt8]) -> (kept: [UInt8], firstCut: Cut?) {
        var cutter = XMLValueCutter()
        bytes.withUnsafeBytes { cutter.take($0) }
        cutter.finish()
        return (cutter.kept, cutter.firstCut)
    }

    mutating func take(_ piece: UnsafeRawBufferPointer) {
        for byte in piece {
            if byte == UInt8(ascii: "\n") { line += 1 }
            recent = (recent << 8 | UInt32(byte)) & 0xFF_FFFF
            switch place {
            case .text:
                if byte == UInt8(ascii: "<") {
                    endValue(what: "text node")
                    tagStart = kept.count
                    kept.append(byte)
                    place = .tag
                } else {
                    keepInValue(byte)
                }
            case .tag:
                kept.append(byte)
                if byte == UInt8(ascii: ">") {
                    place = .text
                    beginValue()
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    place = .quoted(byte)
                    beginValue()
                } else if kept.count - tagStart == Self.commentOpen.count, kept[tagStart...].elementsEqual(Self.commentOpen) {
                    place = .comment
                    beginValue()
                } else if kept.count - tagStart == Self.characterDataOpen.count,
                    kept[tagStart...].elementsEqual(Self.characterDataOpen)
                {
                    place = .characterData
                    beginValue()
                }
            case .quoted(let quote):
                if byte == quote {
                    endValue(what: "attribute value")
                    kept.append(byte)
                    place = .tag
                } else {
                    keepInValue(byte)
                }
            case .comment:
                keepInValue(byte)
                // `-->`: the `--` may have been dropped; the value then ends before it.
                if recent == 0x2D2D3E { endMarkedValue(what: "comment", marker: Array("-->".utf8)) }
            case .characterData:
                keepInValue(byte)
                if recent == 0x5D5D3E { endMarkedValue(what: "CDATA section", marker: Array("]]>".utf8)) }
            }
        }
    }

    /// Ends the text: a value still open (the text after the last tag) is cut like any other.
    mutating func finish() {
        if case .text = place { endValue(what: "text node") }
    }

    private mutating func beginValue() {
        valueStart = kept.count
        valueLength = 0
        valueLine = line
    }

    private mutating func keepInValue(_ byte: UInt8) {
        valueLength += 1
        if valueLength <= Self.maxValueBytes { kept.append(byte) }
    }

    /// Ends a value at the byte that closes it (not yet kept): a value over the bound is trimmed
    /// back to a whole character and a whole entity reference, and the first such is recorded.
    private mutating func endValue(what: String) {
        guard valueLength > Self.maxValueBytes else { return }
        if firstCut == nil { firstCut = Cut(what: what, line: valueLine, bytes: valueLength) }
        trimToWholeCharacter()
        // An entity reference cut before its `;` is dropped whole.
        if let ampersand = kept[valueStart...].lastIndex(of: UInt8(ascii: "&")),
            !kept[ampersand...].contains(UInt8(ascii: ";"))
        {
            kept.removeSubrange(ampersand...)
        }
    }

    /// Ends a comment or CDATA section at its closing `marker`, read just now: kept whole when
    /// short, else trimmed to its bound and closed again.
    private mutating func endMarkedValue(what: String, marker: [UInt8]) {
        place = .text
        defer { beginValue() }
        guard valueLength > Self.maxValueBytes else { return }
        // What was kept ends inside the value or its marker: keep the value's part, then close it.
        let length = valueLength - marker.count
        kept.removeSubrange((valueStart + min(length, Self.maxValueBytes))...)
        if length > Self.maxValueBytes {
            if firstCut == nil { firstCut = Cut(what: what, line: valueLine, bytes: length) }
            trimToWholeCharacter()
            while what == "comment", kept.count > valueStart, kept.last == UInt8(ascii: "-") { kept.removeLast() }
        }
        kept += marker
    }

    private mutating func trimToWholeCharacter() {
        var end = kept.count
        while end > valueStart, kept[end - 1] & 0xC0 == 0x80 { end -= 1 }
        // `end - 1` is now an ASCII byte or a lead byte; a lead byte whose character ran past
        // the bound goes with its continuation bytes.
        if end > valueStart, kept[end - 1] >= 0xC0 {
            let lead = kept[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if kept.count - (end - 1) < length { kept.removeSubrange((end - 1)...) }
        }
    }
}
