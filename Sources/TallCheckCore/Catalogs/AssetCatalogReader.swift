import Foundation

/// Reads an asset catalog folder: its sets, their `Contents.json` and image files. Symbolic
/// links are not followed, and nothing outside the catalog is read.
public enum AssetCatalogReader {
    public struct Result: Sendable {
        public var sets: [CatalogSet] = []
        public var problems: [CatalogProblem] = []
        /// Every image file inside a set, to be probed.
        public var imageFiles: [FoundFile] = []
        /// Custom symbol sets (`.symbolset`): names `Image(_:)` and `UIImage(named:)` load, by
        /// name, with their folders. Their SVG templates are not checked as images.
        public var symbolSets: [(name: String, folder: String)] = []
    }

    /// - Parameter catalog: the `.xcassets` folder, with its path relative to the scanned folder.
    public static func read(_ catalog: FoundFile) -> Result {
        var result = Result()
        var pending: [Folder] = [
            Folder(location: catalog.location, relative: catalog.displayPath, namespace: [], beneath: catalog.beneath)
        ]
        while let folder = pending.popLast() {
            let listing = list(folder)
            let contents = readContents(folder, listing: listing, into: &result)
            let folderName = String(folder.relative.split(separator: "/").last ?? "")
            if let kind = setKind(of: folderName) {
                let name = (folder.namespace + [String(folderName.prefix(upTo: folderName.lastIndex(of: ".")!))])
                    .joined(separator: "/")
                // And a file an entry names by a name without an image extension (`iTunesArtwork@2x`,
                // a 1024 px PNG in ConceptDev's icon sets): it exists, whatever Xcode makes of it.
                let named = Set((contents?.images ?? []).compactMap(\.filename))
                let imageEntries = listing.files.filter {
                    ImageFormat.hasCatalogImageExtension($0.name) || named.contains($0.name) && !Self.isContents($0.name)
                }
                let images = imageEntries.map(\.name)
                var set = CatalogSet(
                    kind: kind, folder: folder.relative, name: name, entries: contents?.images ?? [], fileNames: images)
                if listing.links.contains(where: { Self.isContents($0.name) }) {
                    result.problems.append(
                        CatalogProblem(
                            path: set.contentsPath,
                            reason: "a symbolic link; not followed (a catalog's files are read only as they are in it)")
                    )
                } else if !listing.files.contains(where: { Self.isContents($0.name) }) {
                    // One finding for the set, not one "unassigned" file per image.
                    result.problems.append(
                        CatalogProblem(
                            path: set.contentsPath, reason: "the \(kind.rawValue) has no Contents.json", isMissing: true
                        ))
                }
                set.hasReadableContents = !result.problems.contains { $0.path == set.contentsPath }
                result.sets.append(set)
                result.imageFiles += imageEntries.map {
                    FoundFile(
                        location: folder.location.appending($0.bytes), displayPath: folder.relative + "/" + $0.shown,
                        isListedAsRegularFile: true, beneath: folder.beneath?.appending($0.bytes))
                }
                continue
            }
            if folderName.hasSuffix(".symbolset") {
                let name = folder.namespace + [String(folderName.dropLast(".symbolset".count))]
                result.symbolSets.append((name.joined(separator: "/"), folder.relative))
                continue
            }
            // A watch complication set holds image sets the system shows and code loads by
            // `Complication/Circular` (Xcode's ComplicationController template): a namespace.
            let isComplications = folderName.hasSuffix(".complicationset")
            // A group, or the catalog itself; other set kinds (colours, data) hold no images we check.
            if folder.relative != catalog.displayPath, folderName.contains("."), !isComplications { continue }
            let namespace =
                isComplications
                ? folder.namespace + [String(folderName.dropLast(".complicationset".count))]
                : contents?.properties?.providesNamespace == true && folder.relative != catalog.displayPath
                    ? folder.namespace + [folderName] : folder.namespace
            for child in listing.folders.reversed() {
                pending.append(
                    Folder(
                        location: folder.location.appending(child.bytes), relative: folder.relative + "/" + child.shown,
                        namespace: namespace, beneath: folder.beneath?.appending(child.bytes)))
            }
        }
        result.sets.sort { $0.folder < $1.folder }
        return result
    }

    /// Whether a file is a folder's `Contents.json`, in any case.
    private static func isContents(_ name: String) -> Bool {
        name.utf8.count == 13 && name.lowercased() == "contents.json"
    }

    private static func setKind(of folderName: String) -> CatalogSet.Kind? {
        guard let dot = folderName.lastIndex(of: ".") else { return nil }
        return CatalogSet.Kind(rawValue: String(folderName[folderName.index(after: dot)...]))
    }

    /// A folder still to read.
    private struct Folder {
        var location: FileSystemPath
        /// Relative to the scanned folder, escaped for display.
        var relative: String
        /// The names of enclosing groups that provide a namespace.
        var namespace: [String]
        /// Below the scanned folder, to open without following links.
        var beneath: ContainedPath?
    }

    private static func readContents(_ folder: Folder, listing: Listing, into result: inout Result) -> CatalogContents?
    {
        // `Contents.json`, or in another case (`contents.json`), which a Mac's file system, where
        // actool runs, finds under that name.
        guard
            let file = listing.files.first(where: { $0.name == "Contents.json" })
                ?? listing.files.first(where: { isContents($0.name) })
        else { return nil }
        let path = folder.relative + "/Contents.json"
        let found = FoundFile(
            location: folder.location.appending(file.bytes), displayPath: path,
            beneath: folder.beneath?.appending(file.bytes))
        guard case .success(let bytes) = readRegularFile(found, limit: ReadLimits.standard.catalogContentsBytes) else {
            result.problems.append(CatalogProblem(path: path, reason: "cannot be read"))
            return nil
        }
        switch decodeContents(bytes) {
        case .success(let contents):
            return contents
        case .failure(let problem):
            result.problems.append(CatalogProblem(path: path, reason: problem.reason))
            return nil
        }
    }

    /// A `Contents.json`'s bytes as its model, or the decoding error in a sentence.
    static func decodeContents(_ bytes: [UInt8]) -> Swift.Result<CatalogContents, CatalogProblem> {
        do {
            return .success(try JSONDecoder().decode(CatalogContents.self, from: Data(bytes)))
        } catch {
            return .failure(CatalogProblem(path: "Contents.json", reason: describe(error)))
        }
    }

    /// A decoding error in a sentence: where, and what.
    static func describe(_ error: Error) -> String {
        func location(_ path: [CodingKey]) -> String {
            let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "" : " at \(text.hasPrefix(".") ? String(text.dropFirst()) : text)"
        }
        switch error as? DecodingError {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "invalid JSON\(location(context.codingPath)): \(underlying ?? context.debugDescription)"
        case .typeMismatch(let type, let context):
            return "wrong type\(location(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "missing value\(location(context.codingPath)): expected \(type)"
        case .keyNotFound(let key, let context):
            return "missing key \(key.stringValue)\(location(context.codingPath))"
        default:
            return "\(error)"
        }
    }

    /// A folder entry: its bytes to open it by, its name, and its name as reports show it.
    private struct Entry {
        var bytes: [UInt8]
        var name: String
        var shown: String
    }

    private struct Listing {
        var files: [Entry] = []
        var folders: [Entry] = []
        /// Symbolic links, which are never followed inside a catalog.
        var links: [Entry] = []
    }

    /// Regular files and real folders (not links), sorted by name.
    private static func list(_ folder: Folder) -> Listing {
        var listing = Listing()
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW
        let fd =
            folder.beneath?.open(flags: flags)
            ?? folder.location.withCString { openLeavingAccessTime($0, flags) }
        guard fd >= 0, let stream = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return listing
        }
        defer { closedir(stream) }
        // A folder cut short lists what it could: its sets' files are checked against their
        // Contents.json all the same.
        _ = forEachEntry(of: stream) { bytes, _ in
            var status = stat()
            let found = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    fstatat(dirfd(stream), $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW)
                }
            }
            guard found == 0 else { return }
            let item = Entry(
                bytes: bytes, name: String(decoding: bytes, as: UTF8.self), shown: escapedForDisplay(bytes))
            switch status.st_mode & S_IFMT {
            case S_IFDIR: listing.folders.append(item)
            case S_IFREG: listing.files.append(item)
            case S_IFLNK: listing.links.append(item)
            default: return
            }
        }
        listing.files.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        listing.folders.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        return listing
    }
}
