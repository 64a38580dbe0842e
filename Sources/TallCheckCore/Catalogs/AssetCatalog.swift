/// A folder of an asset catalog that holds images: an image set, a launch image set or an app
/// icon set, with its `Contents.json` and the image files beside it.
public struct CatalogSet: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case imageSet = "imageset"
        case launchImage = "launchimage"
        case appIcon = "appiconset"
    }

    public var kind: Kind
    /// The set's folder, relative to the scanned folder: `Assets.xcassets/Icons/star.imageset`.
    public var folder: String
    /// The name code asks for: the folder name without extension, with the names of enclosing
    /// groups that provide a namespace (`Icons/star`).
    public var name: String
    public var entries: [CatalogEntry]
    /// Image files in the folder, by file name.
    public var fileNames: [String] {
        didSet { index = FileNameIndex(fileNames) }
    }
    /// ``fileNames`` for lookups: a set of thousands of files is asked about each entry.
    private var index: FileNameIndex
    /// False when its `Contents.json` could not be read: then its entries are unknown.
    public var hasReadableContents = true
    /// The compiled catalog (`Payload/Demo.app/Assets.car`) the set was read from; nil for a
    /// set folder in an `.xcassets`.
    public var compiledCatalog: String?

    /// A set as examples and tests write it: kind and name from the folder.
    public init(folder: String, entries: [CatalogEntry], fileNames: [String] = []) {
        let last = String(folder.split(separator: "/").last ?? "")
        let dot = last.lastIndex(of: ".") ?? last.endIndex
        self.init(
            kind: Kind(rawValue: String(last[last.index(after: dot)...])) ?? .imageSet, folder: folder,
            name: String(last[..<dot]),
            entries: entries, fileNames: fileNames)
    }

    public init(kind: Kind, folder: String, name: String, entries: [CatalogEntry], fileNames: [String]) {
        self.kind = kind
        self.folder = folder
        self.name = name
        self.entries = entries
        self.fileNames = fileNames
        index = FileNameIndex(fileNames)
    }

    private struct FileNameIndex: Sendable, Hashable {
        var names: Set<String>
        /// Lower-cased name → the first file with it.
        var byLowercased: [String: String]

        init(_ fileNames: [String]) {
            names = Set(fileNames)
            byLowercased = Dictionary(fileNames.map { ($0.lowercased(), $0) }) { first, _ in first }
        }
    }

    /// Where an entry's file is.
    public enum EntryFile: Hashable, Sendable {
        /// An empty slot: no `filename`.
        case none
        /// The file, relative to the scanned folder.
        case present(String)
        /// Only a file whose name differs in case exists.
        case caseMismatch(named: String, actual: String)
        case missing(String)
        /// `filename` leaves the set folder; it is never read.
        case escapes(String)
    }

    public func file(for entry: CatalogEntry) -> EntryFile {
        guard let filename = entry.filename, !filename.isEmpty else { return .none }
        if filename.hasPrefix("/") || filename.split(separator: "/").contains(where: { $0 == ".." }) {
            return .escapes(filename)
        }
        if index.names.contains(filename) { return .present(folder + "/" + filename) }
        if let actual = index.byLowercased[filename.lowercased()] {
            return .caseMismatch(named: filename, actual: folder + "/" + actual)
        }
        return .missing(filename)
    }

    /// The entries whose files exist, with the files' paths.
    public var presentEntries: [(entry: CatalogEntry, path: String)] {
        entries.compactMap { entry in
            if case .present(let path) = file(for: entry) { return (entry, path) }
            return nil
        }
    }
}

extension CatalogSet {
    /// The set's `Contents.json`, where findings about entries are reported; the compiled
    /// catalog for a set read from one.
    public var contentsPath: String { compiledCatalog ?? folder + "/Contents.json" }
}

/// A `Contents.json` that could not be read.
public struct CatalogProblem: Error, Sendable, Hashable {
    /// The `Contents.json`, relative to the scanned folder.
    public var path: String
    public var reason: String
    /// The set folder has no `Contents.json` at all.
    public var isMissing = false

    public init(path: String, reason: String, isMissing: Bool = false) {
        self.path = path
        self.reason = reason
        self.isMissing = isMissing
    }
}

/// A custom symbol (`.symbolset`, an SVG template): `Image("name")` and `UIImage(named:)` load it
/// by its name at any size and scale, so it answers a name as an image set does.
public struct SymbolSet: Sendable, Hashable {
    public var name: String
    /// `App/Assets.xcassets/discord.fill.symbolset`.
    public var folder: String

    public init(name: String, folder: String) {
        self.name = name
        self.folder = folder
    }
}
