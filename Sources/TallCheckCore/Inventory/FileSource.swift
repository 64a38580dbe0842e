#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one scan's files come from: a folder (a source tree or a built `.app`,
/// ``FolderSource``) or an `.ipa` read in place (``ArchiveSource``). Each lists and reads its
/// files its own way, within the same ``ReadLimits``, and hands the scan the same facts; the
/// scan then builds the targets, the inventory and the content pass one way for all
/// (``AppScanner/assemble(_:options:)``).
package protocol FileSource {
    func gather(_ options: ScanOptions) throws(ScanError) -> GatheredFiles
}

/// What a file source found, for the scan to build the inventory from.
package struct GatheredFiles {
    var facts: ScanFacts
    /// How the content pass opens an image again.
    var content: ContentFiles
    /// Every folder listed and file read, for the report snapshot; empty without a cache.
    var read: [FileSystemPath] = []
    /// What the walk saw in each folder it listed below the root (``SourceTree/listings``).
    var listings: [FileSystemPath: ContentDigest] = [:]
    /// A compiled asset catalog's renditions, with its path (for `inspect`).
    var renditions: [(catalog: String, rendition: CompiledCatalog.Rendition)] = []
    /// What the walk found, kept with the scan's leftovers (``ScanLeftovers``): freeing every
    /// source file's entry took a millisecond and a half before the inventory.
    var walk: SourceTree?
}

enum FileSources {
    /// The source `root` names: a folder, or a file that is an app archive.
    static func source(of root: String) throws(ScanError) -> any FileSource {
        var status = stat()
        guard FileSystemPath.withCString(root, { stat($0, &status) }) == 0 else {
            throw .rootUnreadable(path: root, reason: errnoDescription())
        }
        if status.st_mode & S_IFMT == S_IFDIR { return FolderSource() }
        if AppArchive.isArchive(root) { return ArchiveSource() }
        throw .rootUnreadable(path: root, reason: "not a folder, nor an .ipa")
    }
}
