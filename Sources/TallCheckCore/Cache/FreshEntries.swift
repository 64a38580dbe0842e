/// What a file the cache knows is: an image the probe reads, or a source the reference
/// scanners read. Kept with a file's fingerprint in the ``ScanCache`` user's records (TallCheckKit's
/// report snapshot), to read that one file again as the scan would.
package enum CachedFileKind: UInt8, Sendable {
    case image = 1
    case source = 2

    package init(_ content: ScanCache.Content) {
        switch content {
        case .image: self = .image
        case .references: self = .source
        }
    }
}

extension AppScanner {
    /// What a scan with `options` would cache for each file, read now, one by one: each opened
    /// below the root without following a link, its stamp taken before it is read. A file that
    /// cannot be read, or that the scan would not cache (one over a limit), has no entry.
    /// - Parameter files: paths relative to the root, as the cache spells them.
    package static func freshEntries(
        _ files: [(path: String, kind: CachedFileKind)], options: ScanOptions
    ) -> [String: ScanCache.Entry] {
        guard let root = TreeRoot(path: FileSystemPath(options.root)) else { return [:] }
        let probe = ImageInput.probe(options)
        let base = options.root.hasSuffix("/") ? options.root : options.root + "/"
        let read = files.concurrentMap(batchSize: 1) { file -> ScanCache.Entry? in
            let found = FoundFile(
                location: FileSystemPath(base + file.path), displayPath: file.path,
                beneath: ContainedPath(root: root, relative: Array(file.path.utf8)))
            guard let stamp = ScanCache.Stamp(found.location) else { return nil }
            switch file.kind {
            case .image: return ImageInput.read(found, stamp: stamp, probe: probe).1
            case .source: return SourceInput.freshEntry(for: found, stamp: stamp, options: options)
            }
        }
        var entries: [String: ScanCache.Entry] = [:]
        for (file, entry) in zip(files, read) { entries[file.path] = entry }
        return entries
    }
}
