/// Loose image files, by extension in any case, probed on all cores together with the image
/// files other inputs found (catalog sets): what each file really is, is the probe's business.
package struct ImageInput: InputScanner {
    package init() {}

    package func claims(fileNamed name: String) -> Bool { ImageFormat.hasImageExtension(name) }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        let probe = Self.probe(options)
        let cache = options.cache
        let wanted = cache == nil ? options.probedNames.map(Candidates.init) : nil
        let found = Self.listed(files, options: options, facts: facts, wanted: wanted)
        if !options.contentChecks.isEmpty { facts.imageFiles += [files, facts.embeddedImageFiles] }
        defer { facts.embeddedImageFiles = [] }
        // One probe pass over loose and catalog images; probing and parsing names both run on all cores.
        guard let cache else {
            // The images alone: a list of references, not of cache entries (a few hundred bytes
            // each, all of them empty, written and copied for every image).
            // Batches of 64, each with a folder held open from one file to the next.
            let images = found.concurrentMap(batchSize: 64, eachBatch: FolderCursor.init) { cursor, file in
                guard wanted?.contains(file.displayPath) ?? true else {
                    return ScannedImage(path: file.displayPath, facts: Self.unread(file.displayPath))
                }
                let (facts, identity) = probe.probeWithIdentity(found: file, cursor: cursor)
                return ScannedImage(path: file.displayPath, facts: facts, identity: identity)
            }
            // Taken as it is when it is all there is (no 20,000 retains for a copy).
            if facts.images.isEmpty { facts.images = images } else { facts.images += images }
            return
        }
        let probed = found.concurrentMap(batchSize: 64, eachBatch: FolderCursor.init) {
            cursor, file -> (ScannedImage, ScanCache.Entry?, hit: Bool) in
            // The stamp comes before the read: a file changed in between is read again next time.
            guard let stamp = file.stamp ?? ScanCache.Stamp(file.location) else {
                let (facts, identity) = probe.probeWithIdentity(found: file, cursor: cursor)
                return (ScannedImage(path: file.displayPath, facts: facts, identity: identity), nil, false)
            }
            // A cached answer without the hash of the first read asked for is read again.
            if let entry = cache.entry(of: file.displayPath, stamp: stamp), case .image(let known) = entry.content,
                known.head != nil || !probe.hashesHead || !known.isValid
            {
                return (ScannedImage(path: file.displayPath, facts: known), entry, true)
            }
            let (found, identity, entry) = Self.read(file, stamp: stamp, probe: probe, cursor: cursor)
            return (ScannedImage(path: file.displayPath, facts: found, identity: identity), entry, false)
        }
        facts.images += probed.map(\.0)
        for (image, entry, _) in probed {
            guard let entry else { continue }
            facts.cacheEntries[image.path] = entry
            if let read = entry.read { facts.cachedReads[image.path] = read }
        }
        facts.cacheHits += probed.count { $0.hit }
    }
}

extension ImageInput {
    /// The image files a scan lists, in the order of ``ScanFacts/images``: the loose files
    /// given, then those of catalog sets (less those a resolution of ``ScanOptions/probedNames``
    /// cannot reach, when it lists only those).
    static func listed(
        _ files: [FoundFile], options: ScanOptions, facts: ScanFacts, wanted: Candidates? = nil
    ) -> [FoundFile] {
        let found = facts.embeddedImageFiles.isEmpty ? files : files + facts.embeddedImageFiles
        guard options.listsOnlyProbed, options.cache == nil,
            let wanted = wanted ?? options.probedNames.map(Candidates.init)
        else { return found }
        return found.filter { wanted.contains($0.displayPath) }
    }

    /// The paths of the images a scan of `files` lists (``ScannedImage/path``), known before
    /// any is probed.
    static func listedPaths(_ files: [FoundFile], options: ScanOptions, facts: ScanFacts) -> [String] {
        listed(files, options: options, facts: facts).map(\.displayPath)
    }

    /// The probe a scan with `options` reads each image with.
    static func probe(_ options: ScanOptions) -> ImageProbe {
        var probe = ImageProbe(depth: options.probeDepth)
        probe.hashesHead = options.contentChecks.contains(.duplicates)
        probe.digestsPixels = options.contentChecks.contains(.duplicates)
        probe.seenHeads = ImageProbe.SeenHeads()
        return probe
    }

    /// The file's facts, read now, and what the cache keeps of them: nothing for a file that
    /// could not be read, which is tried again next time.
    static func read(_ file: FoundFile, stamp: ScanCache.Stamp, probe: ImageProbe, cursor: FolderCursor? = nil) -> (
        ImageFacts, FileIdentity?, ScanCache.Entry?
    ) {
        let (found, identity) = probe.probeWithIdentity(found: file, cursor: cursor)
        return (
            found, identity,
            found.problem?.isUnreadable == true ? nil : ScanCache.Entry(stamp: stamp, content: .image(found))
        )
    }

    /// The files a resolution of some names can load or mention: those whose base name, or the
    /// name of the catalog set they are in, has one of the names' keys; and every file in an
    /// `.lproj` folder, which tells the resolver where that localisation's files are.
    struct Candidates {
        let keys: Set<UInt64>
        /// The names' bases, as written: a file's name must start with one (ASCII letters compared
        /// without case; where either side has other bytes, the name is checked in full).
        let prefixes: [[UInt8]]

        init(_ names: [String]) {
            keys = Set(names.map(ImageResolver.candidateKey(name:)))
            prefixes = names.map { name in
                let base = ImageResolver.split(name).base
                let last = base.split(separator: "/").last.map(String.init) ?? base
                return Array(ImageName(fileName: last + ".png").base.utf8)
            }
        }

        func contains(_ path: String) -> Bool {
            guard !keys.isEmpty else { return false }
            let bytes = path.utf8
            let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
            let nameStart = slash.map { bytes.index(after: $0) } ?? path.startIndex
            let fileName = path[nameStart...]
            if mayStart(fileName), keys.contains(ImageName(fileName: String(fileName)).base.caseFoldedHash) {
                return true
            }
            guard let slash else { return false }
            let folderPath = path[..<slash]
            let folderSlash = folderPath.lastIndex(ofByte: UInt8(ascii: "/"))
            let folderStart = folderSlash.map { folderPath.utf8.index(after: $0) } ?? folderPath.startIndex
            let folder = folderPath[folderStart...]
            let lproj = ".lproj".utf8
            if folderPath.utf8.split(separator: UInt8(ascii: "/")).contains(where: {
                $0.count > lproj.count && $0.suffix(lproj.count).elementsEqual(lproj)
            }) {
                return true
            }
            // A catalog image: its set folder (`Button.imageset`) names it.
            guard let dot = folder.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
            let set = folder[..<dot]
            return mayStart(set) && keys.contains(ImageResolver.candidateKey(name: String(set)))
        }

        /// False only when `name` cannot have one of the bases as its base: it does not start with
        /// any, compared without ASCII case.
        private func mayStart(_ name: Substring) -> Bool {
            let bytes = name.utf8
            return prefixes.contains { prefix in
                guard bytes.count >= prefix.count else { return false }
                for (a, b) in zip(bytes, prefix) where a != b {
                    guard a < 0x80, b < 0x80 else { return true }  // folding beyond ASCII: check in full
                    if a | 0x20 != b | 0x20 || !((a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A) { return false }
                }
                return true
            }
        }
    }

    /// What a scan that probes only some files lists for the others: the format its name says,
    /// nothing read.
    static func unread(_ path: String) -> ImageFacts {
        let format = path.utf8.lastIndex(of: UInt8(ascii: ".")).flatMap {
            ImageFormat(fileExtension: String(path[path.utf8.index(after: $0)...]))
        }
        return ImageFacts(format: format ?? .unknown)
    }
}

extension SourceTreeWalker {
    /// A walker that keeps image files only, as `inspect` walks.
    package init(skipsNonSourceFolders: Bool = false, followsSymbolicLinks: Bool = false) {
        self.init(
            claims: [ImageInput()], skipsNonSourceFolders: skipsNonSourceFolders,
            followsSymbolicLinks: followsSymbolicLinks)
    }
}

extension SourceTree {
    /// The image files the walk found: names ending in an image extension, in any case,
    /// sorted by path.
    package var images: [FoundFile] {
        claims.firstIndex { $0 is ImageInput }.map { claimed[$0] } ?? []
    }
}
