#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file or folder was to the last lint, as the report snapshot records it: how to tell,
/// once its stamp has changed, whether what the lint found in it changed too.
package enum RecordedKind: UInt8, Sendable {
    /// An image the probe read: its facts' ``ScanCache/fingerprint(of:)``.
    case image = 1
    /// A source the reference scanners read: its references' fingerprint.
    case source = 2
    /// A folder below the root: what the walk saw in it (``SourceTree/listings``).
    case folder = 3
    /// A file the walk found but no input read (``ScanResult/unread``): nothing to ask.
    case unread = 4

    package init(_ content: ScanCache.Content) {
        switch content {
        case .image: self = .image
        case .references: self = .source
        }
    }
}

extension AppScanner {
    /// A file or folder as it is now: its stamp, and the digest its ``RecordedKind`` records
    /// (nil for an unread file).
    package struct Current: Sendable {
        package var stamp: FileStamp
        package var fingerprint: ContentDigest?
    }

    /// What a scan with `options` would record of each file or folder now, one by one: a file
    /// opened below the root without following a link, its stamp taken before it is read; a
    /// folder listed again as the walk lists it. Missing for one that cannot be read, or that
    /// the scan would not cache (a file over a limit).
    /// - Parameter items: paths relative to the root, as the file system spells them.
    package static func current(
        _ items: [(path: [UInt8], kind: RecordedKind)], options: ScanOptions
    ) -> [[UInt8]: Current] {
        let rootPath = FileSystemPath(options.root)
        guard let root = TreeRoot(path: rootPath) else { return [:] }
        let probe = ImageInput.probe(options)
        let walker = SourceTreeWalker(
            claims: InputScanners.all + options.extraInputs, skipsNonSourceFolders: true,
            followsSymbolicLinks: options.followsSymbolicLinks)
        let found = items.concurrentMap(batchSize: 1) { item -> Current? in
            let location = rootPath.appending(item.path)
            if item.kind == .folder {
                var status = stat()
                guard location.withCString({ stat($0, &status) }) == 0 else { return nil }
                let stamp = FileStamp(status)
                return walker.listing(ofFolder: item.path, below: rootPath).map {
                    Current(stamp: stamp, fingerprint: $0)
                }
            }
            guard let stamp = FileStamp(location) else { return nil }
            let file = FoundFile(
                location: location, displayPath: escapedForDisplay(item.path),
                beneath: ContainedPath(root: root, relative: item.path))
            // Read only as what the walk would take it for (a snapshot names its kind).
            let name = String(decoding: item.path.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
            let entry: ScanCache.Entry?
            switch item.kind {
            case .image:
                guard ImageInput().claims(fileNamed: name) else { return nil }
                entry = ImageInput.read(file, stamp: stamp, probe: probe).2
            case .source:
                guard SourceInput().claims(fileNamed: name) else { return nil }
                entry = SourceInput.freshEntry(for: file, stamp: stamp, options: options)
            case .unread, .folder: return Current(stamp: stamp, fingerprint: nil)
            }
            return entry.map { Current(stamp: $0.stamp, fingerprint: ScanCache.fingerprint(of: $0)) }
        }
        var current: [[UInt8]: Current] = [:]
        for (item, now) in zip(items, found) { current[item.path] = now }
        return current
    }
}
