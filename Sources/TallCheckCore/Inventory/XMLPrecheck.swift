/// What a storyboard, xib or MSBuild project must be before Foundation's `XMLParser` sees it.
///
/// - UTF-8 throughout: swift-corelibs-foundation's `XMLParser` traps (the process dies with
///   SIGILL) on an element name that is not UTF-8, such as a lone Latin-1 byte in
///   `<\u{E9}imageView>` (found by `Scripts/fuzz sources`; the input is in
///   `Fuzz/regressions/sources`). Interface Builder and MSBuild write UTF-8.
/// - No document type or entity declarations, which neither writes and which entity expansion
///   attacks need, and no processing instructions but the XML declaration.
/// - At most ``maxAttributes`` attributes on one element: libxml2 checks each new attribute
///   against those before it, so an element with 300,000 takes minutes.
/// - No NUL byte, and no encoding declared but UTF-8 or ASCII: libxml2 2.9.14 (Debian 12) dereferences a null
///   pointer switching to some others (`encoding="utf-32"`, `"HZ"`, and `"utf-7"` in one project
///   `Scripts/fuzz csproj` found), which ends the process.
package enum XMLPrecheck {
    /// ``ReadLimits/xmlAttributes``.
    static let maxAttributes = ReadLimits.standard.xmlAttributes

    static let declarations = ["<!DOCTYPE", "<!ENTITY"].map { Array($0.utf8) }

    /// The encodings a declaration may name: the text is checked to be UTF-8 already.
    static let safeEncodings: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// The `encoding` an XML declaration at the start names (after an optional byte order
    /// mark), as written; nil without one. Only the declaration's first 1 KiB is looked at.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes[start...].starts(with: Array("<?xml".utf8)) else { return nil }
        let window = bytes[start..<min(bytes.count, start + 1024)]
        let end = window.firstRange(of: Array("?>".utf8))?.lowerBound ?? window.endIndex
        let declaration = window[..<end]
        guard var at = declaration.firstRange(of: Array("encoding".utf8))?.upperBound else { return nil }
        let spaces: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        while at < end, spaces.contains(bytes[at]) { at += 1 }
        guard at < end, bytes[at] == UInt8(ascii: "=") else { return nil }
        at += 1
        while at < end, spaces.contains(bytes[at]) { at += 1 }
        guard at < end, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[at]
        let value = bytes[(at + 1)..<end].prefix { $0 != quote }
        return String(decoding: value, as: UTF8.self)
    }

    /// Why the bytes are not handed to the XML parser, or nil when they may be.
    package static func refusal(_ bytes: [UInt8]) -> String? {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return "not UTF-8 text, which Interface Builder and MSBuild always write"
        }
        // XML allows no NUL, and NULs among the first bytes make libxml2 take the text for
        // UCS-4 or UTF-16 (`00 00 00 3C`), whose switch ends the process as above.
        if bytes.contains(0) {
            return "holds a NUL byte, which XML does not allow"
        }
        if declarations.contains(where: { bytes.containsBytes($0) }) {
            return "has a document type or entity declaration, which Interface Builder and MSBuild never write"
        }
        if let encoding = declaredEncoding(bytes), !safeEncodings.contains(encoding.lowercased()) {
            return "declares the encoding '\(encoding)', and Interface Builder and MSBuild write UTF-8"
        }
        if hasProcessingInstruction(bytes) {
            return "has a processing instruction other than the XML declaration, which Interface Builder and MSBuild "
                + "never write"
        }
        if mostAttributes(bytes) > maxAttributes {
            return "has an element with more than \(maxAttributes) attributes, which Interface Builder and MSBuild "
                + "never write"
        }
        return nil
    }

    /// The most attributes on one start tag: its `=` signs outside quoted values. Comments,
    /// CDATA and declarations (`<!…`) are passed over. One pass, stopping past the limit.
    static func mostAttributes(_ bytes: [UInt8]) -> Int {
        var most = 0
        var index = 0
        let count = bytes.count
        while let open = bytes.firstOffset(of: [UInt8(ascii: "<")], from: index) {
            index = open + 1
            guard index < count, bytes[index] != UInt8(ascii: "!"), bytes[index] != UInt8(ascii: "?") else { continue }
            var attributes = 0
            var quote: UInt8?
            while index < count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "=") {
                    attributes += 1
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                index += 1
            }
            most = max(most, attributes)
            if most > maxAttributes { return most }
        }
        return most
    }

    /// Whether `<?` appears outside CDATA sections anywhere but as the XML declaration at the start
    /// (`<?xml version="1.0"?>`, after an optional byte order mark). swift-corelibs-foundation's
    /// `XMLParser` reads a null pointer for a processing instruction without data (`<?xml0.?>`,
    /// found by `Scripts/fuzz sources`), so none reaches it.
    static func hasProcessingInstruction(_ bytes: [UInt8]) -> Bool {
        let opener = Array("<?".utf8)
        let cdataStart = Array("<![CDATA[".utf8)
        let cdataEnd = Array("]]>".utf8)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let declaration = Array("<?xml".utf8)
        if bytes[start...].starts(with: declaration), bytes.count > start + declaration.count,
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(
                bytes[start + declaration.count]),
            let close = bytes.firstOffset(of: Array("?>".utf8), from: start)
        {
            start = close + 2
        }
        while let found = bytes.firstOffset(of: opener, from: start) {
            // Inside a CDATA section that opened before it, `<?` is text.
            if let cdata = bytes.firstOffset(of: cdataStart, from: start), cdata < found {
                guard let end = bytes.firstOffset(of: cdataEnd, from: cdata + cdataStart.count) else { return false }
                start = end + cdataEnd.count
                continue
            }
            return true
        }
        return false
    }
}
