/// Loose image files, by extension in any case, probed on all cores together with the image
/// files other inputs found (catalog sets): what each file really is, is the probe's business.
package struct ImageInput: InputScanner {
    package init() {}

    package func claims(fileNamed name: String) -> Bool { ImageFormat.hasImageExtension(name) }

    package func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        let probe = {
            var probe = ImageProbe(depth: options.probeDepth)
            probe.hashesHead = options.contentChecks.contains(.duplicates)
            probe.digestsPixels = options.contentChecks.contains(.duplicates)
            probe.seenHeads = ImageProbe.SeenHeads()
            return probe
        }()
        let cache = options.cache
        // One probe pass over loose and catalog images; probing and parsing names both run on all cores.
        let probed = (files + facts.embeddedImageFiles).concurrentMap {
            file -> (ScannedImage, ScanCache.Entry?, hit: Bool) in
            // The stamp comes before the read: a file changed in between is read again next time.
            guard let cache, let stamp = file.stamp ?? ScanCache.Stamp(file.location) else {
                return (ScannedImage(path: file.displayPath, facts: probe.probe(found: file)), nil, false)
            }
            // A cached answer without the hash of the first read asked for is read again.
            if let entry = cache.entry(of: file.displayPath, stamp: stamp), case .image(let known) = entry.content,
                known.head != nil || !probe.hashesHead || !known.isValid
            {
                return (ScannedImage(path: file.displayPath, facts: known), entry, true)
            }
            let found = probe.probe(found: file)
            // A file that could not be read is tried again next time.
            let entry =
                found.problem?.isUnreadable == true ? nil : ScanCache.Entry(stamp: stamp, content: .image(found))
            return (ScannedImage(path: file.displayPath, facts: found), entry, false)
        }
        facts.images += probed.map(\.0)
        if !options.contentChecks.isEmpty { facts.imageFiles += [files, facts.embeddedImageFiles] }
        if cache != nil {
            for (image, entry, _) in probed {
                guard let entry else { continue }
                facts.cacheEntries[image.path] = entry
                if let read = entry.read { facts.cachedReads[image.path] = read }
            }
            facts.cacheHits += probed.count { $0.hit }
        }
        facts.embeddedImageFiles = []
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
