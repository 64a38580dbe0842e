import Foundation

/// Reads an asset catalog folder: its sets, their `Contents.json` and image files. Symbolic
/// links are not followed, and nothing outside the catalog is read.
public enum AssetCatalogReader {
    public struct Result: Sendable {
        public var sets: [CatalogSet] = []
        public var problems: [CatalogProblem] = []
        /// Every image file inside a set, to be probed.
        public var imageFiles: [FoundFile] = []
    }

    /// - Parameter catalog: the `.xcassets` folder, with its path relative to the scanned folder.
    public static func read(_ catalog: FoundFile) -> Result {
        var result = Result()
        var pending: [(path: String, relative: String, namespace: [String])] = [(catalog.path, catalog.displayPath, [])]
        while let folder = pending.popLast() {
            let listing = list(folder.path)
            let contents = readContents(folder, listing: listing, into: &result)
            let folderName = String(folder.relative.split(separator: "/").last ?? "")
            if let kind = setKind(of: folderName) {
                let name = (folder.namespace + [String(folderName.prefix(upTo: folderName.lastIndex(of: ".")!))])
                    .joined(separator: "/")
                let images = listing.files.filter { ImageFormat.hasImageExtension($0) }
                var set = CatalogSet(
                    kind: kind, folder: folder.relative, name: name, entries: contents?.images ?? [], fileNames: images)
                set.hasReadableContents = !result.problems.contains { $0.path == set.contentsPath }
                result.sets.append(set)
                result.imageFiles += images.map {
                    FoundFile(path: folder.path + "/" + $0, displayPath: folder.relative + "/" + $0)
                }
                continue
            }
            // A group, or the catalog itself; other set kinds (colours, data, symbols) hold no images we check.
            if folder.relative != catalog.displayPath, folderName.contains(".") { continue }
            let namespace =
                contents?.properties?.providesNamespace == true && folder.relative != catalog.displayPath
                ? folder.namespace + [folderName] : folder.namespace
            for child in listing.folders.reversed() {
                pending.append((folder.path + "/" + child, folder.relative + "/" + child, namespace))
            }
        }
        result.sets.sort { $0.folder < $1.folder }
        return result
    }

    private static func setKind(of folderName: String) -> CatalogSet.Kind? {
        guard let dot = folderName.lastIndex(of: ".") else { return nil }
        return CatalogSet.Kind(rawValue: String(folderName[folderName.index(after: dot)...]))
    }

    private static func readContents(
        _ folder: (path: String, relative: String, namespace: [String]), listing: Listing, into result: inout Result
    ) -> CatalogContents? {
        guard listing.files.contains("Contents.json") else { return nil }
        let path = folder.relative + "/Contents.json"
        guard let data = FileManager.default.contents(atPath: folder.path + "/Contents.json") else {
            result.problems.append(CatalogProblem(path: path, reason: "cannot be read"))
            return nil
        }
        do {
            return try JSONDecoder().decode(CatalogContents.self, from: data)
        } catch {
            result.problems.append(CatalogProblem(path: path, reason: describe(error)))
            return nil
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

    private struct Listing {
        var files: [String] = []
        var folders: [String] = []
    }

    /// Regular files and real folders (not links), sorted.
    private static func list(_ path: String) -> Listing {
        var listing = Listing()
        guard let stream = opendir(path) else { return listing }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard lstat(path + "/" + name, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: listing.folders.append(name)
            case S_IFREG: listing.files.append(name)
            default: continue
            }
        }
        listing.files.sort()
        listing.folders.sort()
        return listing
    }
}
