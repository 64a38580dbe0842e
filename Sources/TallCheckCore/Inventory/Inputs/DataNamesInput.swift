import CTextScan
import Foundation

/// Data files an app ships and reads at run time (menus, onboarding pages, partner tables in
/// JSON, property lists, `.strings` and XML), the scripts of its web views, and web pages it
/// shows (HTML and CSS, whose `src`, `href` and `url(…)` load images from the bundle): every
/// string value in them may be an image name, so an image whose name appears there is never
/// called unused. Text is read, not parsed: quoted strings (JSON, `.strings`, scripts,
/// attributes), XML property lists' `<string>` elements and XML files' element text, each also
/// taken as its file's syntax decodes it (`\u00e9` and surrogate pairs, `&amp;` and `&#x41;`).
/// Binary property lists are read whole by ``PropertyListReader``. Each file and the whole pass
/// are bounded. The data files are read only when something asks for their names
/// (``ScanOptions/readsDataNames``: `unused-image`, `references`); web pages always, for the
/// images they load.
package struct DataNamesInput: InputScanner {
    package init() {}

    /// ``ReadLimits/dataFileBytes``.
    static let maxBytes = ReadLimits.standard.dataFileBytes
    /// ``ReadLimits/dataFilesTotalBytes``.
    static let maxTotalBytes = ReadLimits.standard.dataFilesTotalBytes
    /// ``ReadLimits/dataNameBytes``.
    static let maxNameBytes = ReadLimits.standard.dataNameBytes

    /// What a file is, by its extension: where its strings are and how they are escaped.
    enum Kind {
        /// JSON and `.strings`: double-quoted strings with backslash escapes.
        case json
        /// An XML property list: `<string>` elements (and attributes) with XML entities.
        case propertyList
        /// Any other XML: attributes and element text, with entities.
        case xml
        /// JavaScript: strings in double or single quotes or backticks, with backslash escapes.
        case script
        /// HTML: attributes (entities; an inline script's escapes too), and CSS `url(…)`.
        case page
        /// CSS: quoted strings and `url(…)`.
        case styleSheet

        init?(path: String) {
            switch path.utf8.last {
            case UInt8(ascii: "n"): if path.hasSuffix(".json") { self = .json } else { return nil }
            case UInt8(ascii: "t"): if path.hasSuffix(".plist") { self = .propertyList } else { return nil }
            case UInt8(ascii: "s"):
                if path.hasSuffix(".strings") {
                    self = .json
                } else if path.hasSuffix(".css") || path.hasSuffix(".less") || path.hasSuffix(".scss")
                    || path.hasSuffix(".sass")
                {
                    // Style sheets, and the sources (Less, Sass) an app compiles into them.
                    self = .styleSheet
                } else if path.hasSuffix(".js") {
                    self = .script
                } else {
                    return nil
                }
            case UInt8(ascii: "l"):
                if path.hasSuffix(".html") {
                    self = .page
                } else if path.hasSuffix(".xml") {
                    self = .xml
                } else {
                    return nil
                }
            case UInt8(ascii: "m"): if path.hasSuffix(".htm") { self = .page } else { return nil }
            default: return nil
            }
        }

        /// Whether the images it names are a web page's (``ScanFacts/webImageNames``), read on
        /// every lint.
        var isWebPage: Bool { self == .page || self == .styleSheet }
        var backslashEscapes: Bool { self == .json || self == .script || self == .page }
        var entities: Bool { self == .propertyList || self == .xml || self == .page }
    }

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file no other input claimed: the last byte first.
        Kind(path: name) != nil
    }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        let wanted = files.compactMap { file -> (FoundFile, Kind)? in
            guard !SourceInput.isVendoredOrTest(file.displayPath), !Self.isTooling(file.displayPath),
                let kind = Kind(path: file.displayPath),
                // A data file holds names for unused-image alone: not read when no one asks.
                options.readsDataNames || kind.isWebPage
            else { return nil }
            return (file, kind)
        }
        // Read on every core, a few files at a time in the walk's order, so that the bound on
        // the bytes read in all is kept within a batch.
        var total = 0
        var next = 0
        while next < wanted.count {
            guard total < Self.maxTotalBytes else {
                facts.issues.append(
                    WalkIssue(
                        path: wanted[next].0.displayPath, kind: .skipped,
                        message: "data files past \(Self.maxTotalBytes >> 20) MiB in all are not read for image names"))
                break
            }
            let batch = Array(wanted[next..<min(wanted.count, next + Self.filesInFlight)])
            next += batch.count
            let (readsDataNames, filter) = (options.readsDataNames, options.namesFilter)
            for read in batch.concurrentMap(batchSize: 1, {
                Self.read($0.0, kind: $0.1, readsDataNames: readsDataNames, keeping: filter)
            }) {
                total += read.bytes
                facts.dataNames.append(contentsOf: read.names)
                facts.webImageNames.formUnion(read.webImageNames)
                if let issue = read.issue { facts.issues.append(issue) }
            }
        }
    }

    /// Files read at once: past ``maxTotalBytes``, at most this many more are read.
    static let filesInFlight = 8

    /// What one data file gives.
    struct FileRead: Sendable {
        var bytes = 0
        var names = DataStrings()
        var webImageNames: [String] = []
        var issue: WalkIssue?
    }

    /// - Parameter filter: keeps only the strings that may reach an image it knows.
    static func read(_ file: FoundFile, kind: Kind, readsDataNames: Bool, keeping filter: LooseKeyFilter? = nil)
        -> FileRead
    {
        var read = FileRead()
        switch readRegularFile(file, limit: Self.maxBytes) {
        case .success(let bytes):
            read.bytes = bytes.count
            // Xcode writes property lists (and `.strings`) as binary ones in a built app.
            if bytes.starts(with: Self.binaryPropertyList) {
                do {
                    for string in try PropertyListReader.strings(from: Data(bytes))
                    where !string.isEmpty && string.utf8.count <= Self.maxNameBytes && filter?.mayMatch(string) != false {
                        read.names.insert(string)
                    }
                } catch {
                    read.issue = WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "not a property list: \(error); the image names it may hold are not read")
                }
                return read
            }
            let text = Self.validUTF8(Self.utf8(bytes))
            if kind.isWebPage {
                // Few and small: read into a set, whose image names the page loads.
                var names: Set<String> = []
                Self.names(in: text, kind: kind, into: &names)
                Self.webNames(in: text, kind: kind, into: &names)
                read.webImageNames = names.filter(ImageFormat.hasImageExtension).map {
                    String($0.split(separator: "/").last ?? "").lowercased()
                }
                if readsDataNames {
                    for name in names where filter?.mayMatch(name) != false { read.names.insert(name) }
                }
            } else if let filter {
                var kept = FilteringSink(base: read.names, filter: filter)
                Self.names(in: text, kind: kind, into: &kept)
                read.names = kept.base
            } else {
                // Kept as bytes, no `String` made: the asked keys pick the strings later.
                Self.names(in: text, kind: kind, into: &read.names)
            }
        case .failure(let failure):
            read.issue = WalkIssue(
                path: file.displayPath, kind: .skipped,
                message: "\(failure.message); the image names it may hold are not read")
        }
        return read
    }

    static let binaryPropertyList = Array("bplist".utf8)

    /// The text, or where it is not valid UTF-8 the text as a `String` repairs it (each bad
    /// sequence a U+FFFD): the strings are kept as bytes, and must be a `String`'s.
    static func validUTF8(_ text: [UInt8]) -> [UInt8] {
        // Told in C, sixteen ASCII bytes at a time: a byte at a time here, and then the standard
        // library's check, were a tenth of the data files' read in a localized app.
        if text.withUnsafeBufferPointer({ tc_utf8_valid($0.baseAddress, $0.count) }) { return text }
        return Array(String(decoding: text, as: UTF8.self).utf8)
    }

    /// Folders of build tools and documentation, whose data files never ship (an icon font's
    /// name list under `Tools/`, a CI matrix): their strings name nothing the app loads.
    static let toolingFolders: Set<String> = [
        "tools", "tool", "scripts", "script", ".github", "fastlane", "docs", "doc", "documentation", "screenshots",
    ]

    static func isTooling(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { folder in
            toolingFolders.contains(folder.lowercased()) || folder.lowercased().hasSuffix(".docc")
        }
    }

    /// The text as UTF-8: `.strings` files are often UTF-16 with a byte order mark.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2, bytes.count % 2 == 0 else { return bytes }
        let littleEndian = bytes[0] == 0xFF && bytes[1] == 0xFE
        guard littleEndian || (bytes[0] == 0xFE && bytes[1] == 0xFF) else { return bytes }
        // Transcoded here, a unit at a time: through a String it was a fifth of a lint of an
        // app whose `.strings` are UTF-16 (VLC's). A lone surrogate becomes U+FFFD.
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 2)
        return bytes.withUnsafeBufferPointer { input in
            func unit(at index: Int) -> UInt32 {
                littleEndian
                    ? UInt32(input[index]) | UInt32(input[index + 1]) << 8
                    : UInt32(input[index]) << 8 | UInt32(input[index + 1])
            }
            var index = 2
            while index + 1 < input.count {
                var value = unit(at: index)
                index += 2
                if value < 0x80 {
                    output.append(UInt8(value))
                    continue
                }
                if (0xD800...0xDBFF).contains(value) {
                    if index + 1 < input.count, case let low = unit(at: index), (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        index += 2
                    } else {
                        value = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(value) {
                    value = 0xFFFD
                }
                UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
            }
            return output
        }
    }

    /// The double-quoted strings of the text and the `<string>` elements of an XML property
    /// list, in one pass; a script's single-quoted and backtick strings too, and an XML file's
    /// single-quoted attributes and element text. Each is taken as written and, when its kind
    /// escapes, decoded.
    static func names(in bytes: [UInt8], kind: Kind = .json, into names: inout some DataStringSink) {
        guard !bytes.starts(with: binaryPropertyList) else { return }
        // JSON and `.strings`, most of a tree's data: the strings are found in CTextScan, sixteen
        // bytes at a time, as the loop below finds them.
        if kind == .json {
            jsonNames(in: bytes, into: &names)
            return
        }
        namesByteByByte(in: bytes, kind: kind, into: &names)
    }

    /// ``names(in:kind:into:)`` of JSON or `.strings` text, by `tc_data_strings`.
    static func jsonNames(in bytes: [UInt8], into names: inout some DataStringSink) {
        let capacity = 1_024
        var spans = [tc_data_span](repeating: tc_data_span(), count: capacity)
        var index = 0
        let admission = names.admission
        let walker = admission?.walker
        defer { withExtendedLifetime(admission) {} }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while index < buffer.count {
                var written = 0
                index = spans.withUnsafeMutableBufferPointer {
                    tc_data_strings(base, index, buffer.count, $0.baseAddress!, capacity, &written)
                }
                for span in spans[..<written] {
                    let (start, end) = (Int(span.start), Int(span.end))
                    // Turned away by its bytes, before a slice of the file is made.
                    if let walker, span.has_backslash == 0, end - start <= maxNameBytes,
                        !walker.mayMatch(utf8: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                    {
                        continue
                    }
                    add(bytes[start..<end], kind: .json, backslash: span.has_backslash != 0, to: &names)
                }
                if written < capacity { break }
            }
        }
    }

    /// ``names(in:kind:into:)`` a byte at a time, for every kind: also what ``jsonNames(in:into:)``
    /// is tested against.
    static func namesByteByByte(in bytes: [UInt8], kind: Kind, into names: inout some DataStringSink) {
        let open = Array("<string>".utf8)
        // The quotes that open a string: three compares a byte, the same one thrice for most kinds.
        let quote = UInt8(ascii: "\"")
        let (second, third) =
            switch kind {
            case .script: (UInt8(ascii: "'"), UInt8(ascii: "`"))
            case .xml: (UInt8(ascii: "'"), quote)
            default: (quote, quote)
            }
        let elementText = kind == .xml
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote || byte == second || byte == third {
                var end = index + 1
                while end < bytes.count, bytes[end] != byte, bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                let string = bytes[(index + 1)..<min(end, bytes.count)]
                add(string, kind: kind, to: &names)
                // A script's style: `el.style.backgroundImage = 'url(banner@2x.png)'`.
                if kind == .script, string.count <= maxNameBytes, string.contains(UInt8(ascii: "(")) {
                    webNames(in: Array(string), kind: kind, into: &names)
                }
                index = end + 1
            } else if elementText, byte == UInt8(ascii: ">") {
                // Element text, without the spaces around it.
                var start = index + 1
                while start < bytes.count, Self.isSpace(bytes[start]) { start += 1 }
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                var last = end
                while last > start, Self.isSpace(bytes[last - 1]) { last -= 1 }
                add(bytes[start..<last], kind: kind, to: &names)
                index = end
            } else if byte == UInt8(ascii: "<"), bytes[index...].starts(with: open) {
                let start = index + open.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                add(bytes[start..<end], kind: kind, to: &names)
                index = end
            } else {
                index += 1
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }

    /// What a web page or style sheet loads besides its double-quoted attributes: single-quoted
    /// ones and CSS `url(…)`, quoted or not.
    static func webNames(in bytes: [UInt8], kind: Kind = .page, into names: inout some DataStringSink) {
        let url = Array("url(".utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "'") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "'"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                add(bytes[(index + 1)..<min(end, bytes.count)], kind: kind, to: &names)
                index = end + 1
            } else if bytes[index] == UInt8(ascii: "u"), bytes[index...].starts(with: url) {
                var start = index + url.count
                while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let raw = bytes[start..<min(end, bytes.count)]
                if kind.entities, raw.contains(UInt8(ascii: "&")) {
                    // `url(&quot;a.png&quot;)` in an attribute: its quotes are entities, decoded once.
                    let decoded = ArraySlice(Array(Self.decodingEntities(raw).utf8))
                    add(Self.unquoted(decoded), kind: .styleSheet, to: &names)
                }
                add(Self.unquoted(raw), kind: kind, to: &names)
                index = end
            } else {
                index += 1
            }
        }
    }

    /// A `url(…)` value without the spaces and quotes around it.
    private static func unquoted(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var value = value
        while let last = value.last,
            last == UInt8(ascii: " ") || last == UInt8(ascii: "\"") || last == UInt8(ascii: "'")
        {
            value = value.dropLast()
        }
        while let first = value.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            value = value.dropFirst()
        }
        return value
    }

    /// Adds a string as written and, when its kind escapes and it holds an escape, decoded:
    /// the name the app gets is the decoded one.
    private static func add(
        _ text: ArraySlice<UInt8>, kind: Kind, backslash: Bool? = nil, to names: inout some DataStringSink
    ) {
        guard !text.isEmpty, text.count <= maxNameBytes else { return }
        names.add(utf8: text)
        if kind.backslashEscapes, backslash ?? text.contains(UInt8(ascii: "\\")) {
            names.add(decodingBackslashes(text))
        }
        if kind.entities, text.contains(UInt8(ascii: "&")) {
            names.add(decodingEntities(text))
        }
    }

    /// A string with its backslash escapes decoded: JSON's (`\"`, `\/`, `\n`, `\u00e9`, a
    /// surrogate pair as two `\u`), `.strings`' `\U00e9`, JavaScript's `\xE9` and `\u{1F31F}`.
    /// A lone surrogate becomes U+FFFD; an escape that is not one leaves its character.
    static func decodingBackslashes(_ text: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var high: UInt32?
        func flush() {
            guard high != nil else { return }
            high = nil
            UTF8.encode("\u{FFFD}") { output.append($0) }
        }
        func append(_ value: UInt32) {
            if let pending = high, (0xDC00...0xDFFF).contains(value) {
                high = nil
                return append(0x10000 + ((pending - 0xD800) << 10) + (value - 0xDC00))
            }
            flush()
            if (0xD800...0xDBFF).contains(value) {
                high = value
            } else {
                UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
            }
        }
        /// The value of exactly `count` hex digits at `start`, or of 1 to `count` when `upTo`.
        func hex(_ start: Int, _ count: Int, upTo: Bool = false) -> (value: UInt32, end: Int)? {
            var value: UInt32 = 0
            var end = start
            while end < text.endIndex, end - start < count, let digit = hexDigit(text[end]) {
                value = value << 4 | digit
                end += 1
            }
            return end - start == count || (upTo && end > start) ? (value, end) : nil
        }
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < text.endIndex else {
                flush()
                output.append(byte)
                index += 1
                continue
            }
            let escaped = text[index + 1]
            guard escaped < 0x80 else {
                // A backslash before a character beyond ASCII stands for that character.
                index += 1
                continue
            }
            if escaped == UInt8(ascii: "u"), index + 2 < text.endIndex, text[index + 2] == UInt8(ascii: "{"),
                let found = hex(index + 3, 6, upTo: true), found.end < text.endIndex,
                text[found.end] == UInt8(ascii: "}")
            {
                append(found.value)
                index = found.end + 1
            } else if escaped == UInt8(ascii: "u") || escaped == UInt8(ascii: "U") || escaped == UInt8(ascii: "x"),
                let found = hex(index + 2, escaped == UInt8(ascii: "x") ? 2 : 4)
            {
                append(found.value)
                index = found.end
            } else {
                append(UInt32(controlEscapes[escaped] ?? escaped))
                index += 2
            }
        }
        flush()
        return String(decoding: output, as: UTF8.self)
    }

    /// `\n` and the other escapes of a control character.
    private static let controlEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B,
    ]

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A string with its character references decoded: `&#233;`, `&#xE9;`, XML's five named
    /// ones and HTML's Latin-1 names (`&eacute;`). One that is not known is kept as written.
    static func decodingEntities(_ text: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            // The longest reference is `&#x10FFFF;`, ten bytes.
            guard byte == UInt8(ascii: "&"),
                let semicolon = text[(index + 1)..<min(index + 10, text.endIndex)].firstIndex(of: UInt8(ascii: ";")),
                let scalar = reference(text[(index + 1)..<semicolon])
            else {
                output.append(byte)
                index += 1
                continue
            }
            UTF8.encode(scalar) { output.append($0) }
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The character `&body;` stands for.
    private static func reference(_ body: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard body.first == UInt8(ascii: "#") else { return namedEntities[String(decoding: body, as: UTF8.self)] }
        let digits = body.dropFirst()
        let isHex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
        let number = isHex ? digits.dropFirst() : digits
        guard !number.isEmpty,
            let value = UInt32(String(decoding: number, as: UTF8.self), radix: isHex ? 16 : 10), value != 0
        else { return nil }
        return Unicode.Scalar(value)
    }

    /// XML's named references and HTML's for U+00A0 to U+00FF, in that order.
    static let namedEntities: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
            acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
            Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc \
            Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml \
            aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc \
            otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
            """
        for (offset, name) in latin1.split(separator: " ").enumerated() {
            table[String(name)] = Unicode.Scalar(UInt8(0xA0 + offset))
        }
        return table
    }()
}

/// A sink that passes on only the strings that may reach an image ``filter`` knows.
struct FilteringSink<Base: DataStringSink>: DataStringSink {
    var base: Base
    let filter: LooseKeyFilter

    mutating func add(_ string: String) {
        if filter.mayMatch(string) { base.add(string) }
    }

    mutating func add(utf8 text: ArraySlice<UInt8>) {
        if text.withUnsafeBufferPointer(filter.mayMatch(utf8:)) { base.add(utf8: text) }
    }

    var admission: LooseKeyFilter? { filter }
}
