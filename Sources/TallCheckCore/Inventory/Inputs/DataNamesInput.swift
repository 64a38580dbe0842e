import Foundation

/// Data files an app ships and reads at run time (menus, onboarding pages, partner tables in
/// JSON, property lists and `.strings`) and web pages it shows (HTML and CSS, whose `src`,
/// `href` and `url(…)` load images from the bundle): every string value in them may be an image
/// name, so an image whose name appears there is never called unused. Read as text, not parsed:
/// JSON and `.strings` strings between quotes, XML property lists' `<string>` elements; binary
/// property lists whole, by ``PropertyListReader``. Each file and the whole pass are bounded. The
/// data files are read only when something asks for their names (``ScanOptions/readsDataNames``:
/// `unused-image`, `references`); web pages always, for the images they load.
package struct DataNamesInput: InputScanner {
    package init() {}

    /// ``ReadLimits/dataFileBytes``.
    static let maxBytes = ReadLimits.standard.dataFileBytes
    /// ``ReadLimits/dataFilesTotalBytes``.
    static let maxTotalBytes = ReadLimits.standard.dataFilesTotalBytes
    /// ``ReadLimits/dataNameBytes``.
    static let maxNameBytes = ReadLimits.standard.dataNameBytes

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file no other input claimed: the last byte first.
        switch name.utf8.last {
        case UInt8(ascii: "n"): name.hasSuffix(".json")
        case UInt8(ascii: "t"): name.hasSuffix(".plist")
        case UInt8(ascii: "s"): name.hasSuffix(".strings") || name.hasSuffix(".css")
        case UInt8(ascii: "l"): name.hasSuffix(".html")
        case UInt8(ascii: "m"): name.hasSuffix(".htm")
        default: false
        }
    }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        var total = 0
        for file in files where !SourceInput.isVendoredOrTest(file.displayPath) && !Self.isTooling(file.displayPath) {
            let isWebPage =
                !file.displayPath.hasSuffix(".json") && !file.displayPath.hasSuffix(".plist")
                && !file.displayPath.hasSuffix(".strings")
            // A data file holds names for unused-image alone: not read when no one asks.
            guard options.readsDataNames || isWebPage else { continue }
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
                if isWebPage {
                    var names: Set<String> = []
                    Self.names(in: text, into: &names)
                    Self.webNames(in: text, into: &names)
                    if options.readsDataNames { facts.dataNames.formUnion(names) }
                    for name in names where ImageFormat.hasImageExtension(name) {
                        facts.webImageNames.insert(String(name.split(separator: "/").last ?? "").lowercased())
                    }
                } else {
                    Self.names(in: text, into: &facts.dataNames)
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

    /// The quoted strings of JSON and `.strings` text and the `<string>` elements of an XML
    /// property list, in one pass; escapes are kept as written.
    static func names(in bytes: [UInt8], into names: inout Set<String>) {
        guard !bytes.starts(with: binaryPropertyList) else { return }
        let open = Array("<string>".utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                add(bytes[(index + 1)..<min(end, bytes.count)], to: &names)
                index = end + 1
            } else if byte == UInt8(ascii: "<"), bytes[index...].starts(with: open) {
                let start = index + open.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                add(bytes[start..<end], to: &names)
                index = end
            } else {
                index += 1
            }
        }
    }

    /// What a web page or style sheet loads besides its double-quoted attributes: single-quoted
    /// ones and CSS `url(…)`, quoted or not.
    static func webNames(in bytes: [UInt8], into names: inout Set<String>) {
        let url = Array("url(".utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "'") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "'"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                add(bytes[(index + 1)..<min(end, bytes.count)], to: &names)
                index = end + 1
            } else if bytes[index] == UInt8(ascii: "u"), bytes[index...].starts(with: url) {
                var start = index + url.count
                while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var value = bytes[start..<min(end, bytes.count)]
                while let last = value.last,
                    last == UInt8(ascii: " ") || last == UInt8(ascii: "\"") || last == UInt8(ascii: "'")
                {
                    value = value.dropLast()
                }
                while let first = value.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                    value = value.dropFirst()
                }
                add(value, to: &names)
                index = end
            } else {
                index += 1
            }
        }
    }

    private static func add(_ text: ArraySlice<UInt8>, to names: inout Set<String>) {
        guard !text.isEmpty, text.count <= maxNameBytes else { return }
        names.insert(String(decoding: text, as: UTF8.self))
    }
}
