import Foundation

/// Data files an app ships and reads at run time (menus, onboarding pages, partner tables in
/// JSON, property lists, `.strings` and XML), the scripts of its web views, and web pages it
/// shows (HTML and CSS, whose `src`, `href` and `url(…)` load images from the bundle): every
/// string value in them may be an image name, so an image whose name appears there is never
/// called unused. Text is read, not parsed: quoted strings (JSON, `.strings`, scripts,
/// attributes), XML property lists' `<string>` elements and XML files' element text. Binary
/// property lists are read whole by ``PropertyListReader``. Each file and the whole pass are
/// bounded. The data files are read only when something asks for their names
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
                } else if path.hasSuffix(".css") {
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
    }

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file no other input claimed: the last byte first.
        Kind(path: name) != nil
    }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        var total = 0
        for file in files where !SourceInput.isVendoredOrTest(file.displayPath) && !Self.isTooling(file.displayPath) {
            guard let kind = Kind(path: file.displayPath) else { continue }
            // A data file holds names for unused-image alone: not read when no one asks.
            guard options.readsDataNames || kind.isWebPage else { continue }
            guard total < Self.maxTotalBytes else {
                facts.issues.append(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "data files past \(Self.maxTotalBytes >> 20) MiB in all are not read for image names"))
                break
            }
            switch readRegularFile(file, limit: Self.maxBytes) {
            case .success(let bytes):
                total += bytes.count
                // Xcode writes property lists (and `.strings`) as binary ones in a built app.
                if bytes.starts(with: Self.binaryPropertyList) {
                    do {
                        for name in try PropertyListReader.strings(from: Data(bytes))
                        where !name.isEmpty && name.utf8.count <= Self.maxNameBytes {
                            facts.dataNames.insert(name)
                        }
                    } catch {
                        facts.issues.append(
                            WalkIssue(
                                path: file.displayPath, kind: .skipped,
                                message: "not a property list: \(error); the image names it may hold are not read"))
                    }
                    continue
                }
                let text = Self.utf8(bytes)
                if kind.isWebPage {
                    var names: Set<String> = []
                    Self.names(in: text, kind: kind, into: &names)
                    Self.webNames(in: text, kind: kind, into: &names)
                    if options.readsDataNames { facts.dataNames.formUnion(names) }
                    for name in names where ImageFormat.hasImageExtension(name) {
                        facts.webImageNames.insert(String(name.split(separator: "/").last ?? "").lowercased())
                    }
                } else {
                    Self.names(in: text, kind: kind, into: &facts.dataNames)
                }
            case .failure(let failure):
                facts.issues.append(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "\(failure.message); the image names it may hold are not read"))
            }
        }
    }

    static let binaryPropertyList = Array("bplist".utf8)

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
        let units = stride(from: 2, to: bytes.count, by: 2).map { index in
            littleEndian
                ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The double-quoted strings of the text and the `<string>` elements of an XML property
    /// list, in one pass; a script's single-quoted and backtick strings too, and an XML file's
    /// single-quoted attributes and element text, as written.
    static func names(in bytes: [UInt8], kind: Kind = .json, into names: inout Set<String>) {
        guard !bytes.starts(with: binaryPropertyList) else { return }
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
    static func webNames(in bytes: [UInt8], kind: Kind = .page, into names: inout Set<String>) {
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
                add(Self.unquoted(bytes[start..<min(end, bytes.count)]), kind: kind, to: &names)
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

    private static func add(_ text: ArraySlice<UInt8>, kind: Kind, to names: inout Set<String>) {
        guard !text.isEmpty, text.count <= maxNameBytes else { return }
        names.insert(String(decoding: text, as: UTF8.self))
    }
}
