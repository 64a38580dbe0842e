#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the content pass reads files: as the walk found them below the scanned folder, or an
/// app archive's entries, each read whole in memory within its limits.
enum ContentFiles: Sendable {
    case folder([[FoundFile]])
    case archive(ArchiveEntries)
}

/// The content pass: after the probe, reads past the header only the files a check needs.
///
/// Duplicates are searched for the way Android Lint's `IconDuplicates` does, cheapest test
/// first: images are grouped by pixel size (from the header), and a group with no two assets
/// in it is left at that; in the others, files of equal length are hashed whole, and where a
/// group still holds files with different bytes, one file of each is decoded and its pixels
/// hashed, since one picture can be written many ways (other filters, zlib levels, chunks):
/// down to its top rows first (``leadingRows(of:)``), and whole only where another file's top
/// rows are the same; under `--verify` the probe has hashed most of them already
/// (``ImageFacts/pixelDigest``).
/// Variants of one asset (`Button.png`, `Button@2x.png`, one catalog set's files) are never
/// each other's duplicates, so a group of one asset's files is not read at all.
///
/// Decoding is bounded for a lint that runs before every build: a pixel size shared by more
/// than ``maxDecodedContents`` different files (forty 50×50 icons) is compared by bytes only,
/// which finds copies but not re-encodings, unless `decodesEveryGroup` (`lint --verify`, which
/// reads every image's data anyway).
package struct ContentScanner: Sendable {
    var checks: ContentChecks
    var decodesEveryGroup = false
    var reader = PNGContent()

    /// The most different files of one pixel size whose pixels are decoded by default.
    package static let maxDecodedContents = 16

    /// PNGs shorter than this are not deflated again for `image-weight`: they cannot save much.
    static let minRecompressionBytes = 4096

    /// What each file holds, by path, and how many files each stage looked at.
    /// - Parameter cached: what earlier passes found in files that have not changed since.
    func scan(
        _ inventory: Inventory, files source: ContentFiles, cached: [String: ScanCache.ContentRead] = [:]
    ) -> (
        contents: [String: ImageContent], survey: ContentSurvey
    ) {
        var survey = ContentSurvey()
        var groups: [[ScannedImage]] = []
        var toHash: Set<String> = []
        // Digests of files the probe read whole; opened only for their identity (a link?), unless
        // the probe kept which file it opened.
        var known: [String: (digest: ContentDigest, identity: FileIdentity?)] = [:]
        if checks.contains(.duplicates) {
            let candidates = Self.duplicateCandidates(in: inventory)
            survey.candidates = candidates.count
            // Made at their size: most candidates of a tree of copies are known from the first read.
            known.reserveCapacity(candidates.count)
            // Each size's files on either core (which assets they span, which may be alike), put
            // together here.
            let sizes = Array(Dictionary(grouping: candidates, by: { $0.facts.pixelSize! }).values)
            for (members, alike) in zip(sizes, sizes.concurrentMap(batchSize: 1) { Self.mayBeAlike($0, in: inventory) })
            {
                guard let alike else {
                    survey.excludedBySize += members.count
                    continue
                }
                groups.append(members)
                for image in alike {
                    if let digest = image.facts.wholeFileDigest {
                        known[image.path] = (digest, image.identity)
                    } else {
                        toHash.insert(image.path)
                    }
                }
            }
        }
        var weighed: [String: Int] = [:]
        var toWeigh: Set<String> = []
        if checks.contains(.recompression) {
            for image in inventory.allImages
            where image.facts.format == .png && image.facts.isValid
                && (image.facts.byteCount ?? 0) >= Self.minRecompressionBytes
            {
                if let bytes = cached[image.path]?.recompressedBytes {
                    weighed[image.path] = bytes
                } else {
                    toWeigh.insert(image.path)
                }
            }
        }
        survey.hashed = toHash.count
        survey.weighed = toWeigh.count
        survey.knownFromFirstRead = known.count
        // Files the first read held whole and alike: opened again only for their identity, when
        // the probe did not keep it (facts from the cache). Opening 20,000 copies again for it
        // was most of a lint of a tree of copies.
        var toIdentify: Set<String> = []
        var contents: [String: ImageContent] = [:]
        contents.reserveCapacity(known.count + toHash.count + toWeigh.count)
        for alike in Dictionary(grouping: known, by: \.value.digest).values where alike.count > 1 {
            for (path, (_, identity)) in alike {
                if let identity {
                    contents[path] = ImageContent(identity: identity)
                } else {
                    toIdentify.insert(path)
                }
            }
        }
        // The files to open, as the walk found them: only those the stages picked.
        func locate(_ paths: Set<String>) -> [String: FoundFile] {
            guard !paths.isEmpty, case .folder(let found) = source else { return [:] }
            var files: [String: FoundFile] = [:]
            // By index: binding each file would copy it (four references retained and released).
            for list in found {
                for index in list.indices where paths.contains(list[index].displayPath) {
                    files[list[index].displayPath] = list[index]
                }
            }
            return files
        }

        // First read: bytes hashed, image data deflated again.
        let firstPaths: [String]
        let firstFiles: [FoundFile?]
        let firstStages: [(hash: Bool, weigh: Bool)]
        if let inWalkOrder = Self.inWalkOrder(source, hash: toHash, weigh: toWeigh, identify: toIdentify) {
            firstPaths = inWalkOrder.map { $0.file.displayPath }
            firstFiles = inWalkOrder.map(\.file)
            firstStages = inWalkOrder.map { ($0.hash, $0.weigh) }
        } else {
            firstPaths = toHash.union(toWeigh).union(toIdentify).sorted()
            let files = locate(Set(firstPaths))
            firstFiles = firstPaths.map { files[$0] }
            firstStages = firstPaths.map { (toHash.contains($0), toWeigh.contains($0)) }
        }
        // In an archive, what decoding or deflating an entry again costs: its pixels.
        let pixels: [String: Int64] =
            if case .archive = source {
                Dictionary(
                    inventory.allImages.compactMap { image in
                        image.facts.pixelSize.map { (image.path, Int64($0.width) * Int64($0.height)) }
                    }
                ) { first, _ in first }
            } else { [:] }
        let first = Array(firstPaths.indices).concurrentMap(batchSize: 4) { index in
            let path = firstPaths[index]
            let (hash, weigh) = firstStages[index]
            if case .archive(let archive) = source {
                return read(archive, path: path, hash: hash, weigh: weigh, pixels: weigh ? pixels[path] ?? 0 : 0)
            }
            return read(firstFiles[index], path: path, hash: hash, weigh: weigh)
        }
        for (path, outcome) in zip(firstPaths, first) {
            contents[path] = outcome.content
            if let failure = outcome.failure { survey.unreadable[path] = failure }
        }
        for (path, (digest, _)) in known { contents[path, default: ImageContent()].digest = digest }
        for (path, bytes) in weighed { contents[path, default: ImageContent()].recompressedBytes = bytes }

        // Second read: one file of each set of equal bytes decoded, in groups that still hold
        // more than one.
        // Per pixel size, its sets of equal bytes.
        var classGroups: [[[ScannedImage]]] = []
        for members in groups {
            // Counted before any list is made: most sizes of a large app hold too many classes
            // to decode, and are compared by their bytes only.
            var digests: Set<ContentDigest> = []
            var aloneCount = 0
            for image in members {
                if let digest = contents[image.path]?.digest {
                    digests.insert(digest)
                } else if !toHash.contains(image.path) {
                    aloneCount += 1
                }
            }
            let classCount = digests.count + aloneCount
            guard classCount > 1 else { continue }
            guard decodesEveryGroup || classCount <= Self.maxDecodedContents else {
                survey.bytesOnly += members.count
                survey.bytesOnlySizes += 1
                continue
            }
            var byDigest: [ContentDigest: [ScannedImage]] = [:]
            var alone: [[ScannedImage]] = []
            for image in members {
                if let digest = contents[image.path]?.digest {
                    byDigest[digest, default: []].append(image)
                } else if toHash.contains(image.path) {
                    continue  // its length was tied but it could not be read
                } else {
                    alone.append([image])
                }
            }
            let groupClasses = Array(byDigest.values) + alone
            guard groupClasses.count > 1 else { continue }
            guard decodesEveryGroup || groupClasses.count <= Self.maxDecodedContents else {
                survey.bytesOnly += members.count
                survey.bytesOnlySizes += 1
                continue
            }
            classGroups.append(groupClasses)
        }
        // A class one of whose files was decoded before, unchanged since, or by the probe's
        // verify pass, is not decoded again.
        var decodable: [[ScannedImage]] = []
        // Sizes none of whose classes is known: their classes are first told apart by their top
        // rows, and only those whose top rows match another's are decoded whole. (Where one class
        // is known, the others are decoded whole, to compare with it.)
        var screened: [[[ScannedImage]]] = []
        for group in classGroups {
            var unknown: [[ScannedImage]] = []
            var anyKnown = false
            for images in group where images[0].facts.format == .png {
                let known = images.lazy.compactMap {
                    (cached.isEmpty ? nil : cached[$0.path]?.pixelDigest) ?? probedDigest(of: $0)
                }
                if let digest = known.first {
                    for image in images { contents[image.path, default: ImageContent()].digest = digest }
                    anyKnown = true
                } else {
                    unknown.append(images)
                }
            }
            if anyKnown || unknown.count < 2 {
                decodable += unknown
            } else {
                screened.append(unknown)
            }
        }
        let toScreen = screened.flatMap { $0 }
        let screenFiles = locate(Set(toScreen.map(\.[0].path)))
        let topRows = toScreen.concurrentMap(batchSize: 4) { images in
            digest(
                images[0], file: screenFiles[images[0].path], leadingRows: Self.leadingRows(of: images[0]),
                source: source, pixels: pixels)
        }
        let screenedDigests = Dictionary(uniqueKeysWithValues: zip(toScreen.map(\.[0].path), topRows))
        for group in screened {
            var seen: [ContentDigest: Int] = [:]
            for images in group {
                if case .success(let (digest, _)) = screenedDigests[images[0].path]! { seen[digest, default: 0] += 1 }
            }
            for images in group {
                guard case .success(let (digest, identity)) = screenedDigests[images[0].path]!, seen[digest] == 1
                else {
                    decodable.append(images)  // alike at the top, or unreadable: decoded whole
                    continue
                }
                survey.decodedTopRowsOnly += 1
                for image in images {
                    var content = contents[image.path] ?? ImageContent()
                    content.digest = digest
                    if image === images[0], content.identity == nil { content.identity = identity }
                    contents[image.path] = content
                }
            }
        }
        survey.decoded = decodable.count
        let representatives = locate(Set(decodable.map(\.[0].path)))
        let decoded = decodable.concurrentMap(batchSize: 4) { images in
            digest(images[0], file: representatives[images[0].path], leadingRows: nil, source: source, pixels: pixels)
        }
        for (images, outcome) in zip(decodable, decoded) {
            switch outcome {
            case .success(let (digest, identity)):
                for image in images {
                    var content = contents[image.path] ?? ImageContent()
                    content.digest = digest
                    if image === images[0], content.identity == nil { content.identity = identity }
                    contents[image.path] = content
                }
            case .failure(let failure):
                survey.unreadable[images[0].path] = failure.message
            }
        }
        return (contents, survey)
    }

    /// The files of a folder the first read opens, in the walk's order, with what it does with
    /// each: each file's path looked up in the three sets once, where sorting the paths, and
    /// a table of the files by path, cost more than reading them (20,000 copies). Nil for an
    /// archive, or when a path of the sets is not among the walk's files (then the paths are
    /// sorted and looked up as before). A walk lists each path once: one claim takes each file.
    private static func inWalkOrder(
        _ source: ContentFiles, hash: Set<String>, weigh: Set<String>, identify: Set<String>
    ) -> [(file: FoundFile, hash: Bool, weigh: Bool)]? {
        guard case .folder(let found) = source else { return nil }
        var work: [(file: FoundFile, hash: Bool, weigh: Bool)] = []
        var counts = (hash: 0, weigh: 0, identify: 0)
        for list in found {
            for index in list.indices {
                let path = list[index].displayPath
                let hashes = !hash.isEmpty && hash.contains(path)
                let weighs = !weigh.isEmpty && weigh.contains(path)
                let identifies = !identify.isEmpty && identify.contains(path)
                guard hashes || weighs || identifies else { continue }
                counts.hash += hashes ? 1 : 0
                counts.weigh += weighs ? 1 : 0
                counts.identify += identifies ? 1 : 0
                work.append((list[index], hashes, weighs))
            }
        }
        // Every path of the sets found: the same files as a lookup by path would open.
        guard counts == (hash.count, weigh.count, identify.count) else { return nil }
        return work
    }

    /// The pixel digest the probe took while verifying, where decoding would have given one: an
    /// image within the limits decoding keeps to.
    private func probedDigest(of image: ScannedImage) -> ContentDigest? {
        guard let digest = image.facts.pixelDigest, let size = image.facts.pixelSize,
            size.width <= reader.limits.maxSide, size.height <= reader.limits.maxSide,
            size.pixelCount <= reader.limits.maxPixels
        else { return nil }
        return digest
    }

    /// The images of one pixel size that may be alike; nil when there are not two, or they are
    /// all of one asset. Only files of one length whose first reads (hashed by the probe) are
    /// alike may be alike (files the probe did not hash are read whole, as if alike). Sorted by
    /// both, the files that may be alike are the runs of more than one, and no list or table is
    /// made for a file alone.
    private static func mayBeAlike(_ members: [ScannedImage], in inventory: Inventory) -> [ScannedImage]? {
        guard members.count > 1, spansAssets(members, in: inventory) else { return nil }
        let keys = members.indices.map { (AlikeKey(members[$0]), $0) }.sorted { $0.0 < $1.0 }
        var alike: [ScannedImage] = []
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].0 == keys[start].0 { end += 1 }
            if end - start > 1 {
                for (_, index) in keys[start..<end] { alike.append(members[index]) }
            }
            start = end
        }
        return alike
    }

    /// Whether the images belong to more than one asset, looking no further than needed.
    package static func spansAssets(_ images: [ScannedImage], in inventory: Inventory) -> Bool {
        let first = inventory.variantFamily(of: images[0])
        return images.dropFirst().contains { inventory.variantFamily(of: $0) != first }
    }

    /// Sound raster images whose header gave a pixel size and whose length is known. Loose
    /// app icons and launch images are left out: iOS asks for each slot by its own name, and
    /// one picture in two slots (a 120-pixel icon at 60 pt @2x and 40 pt @3x) is expected.
    package static func duplicateCandidates(in inventory: Inventory) -> [ScannedImage] {
        let icons = AppIconNames(info: inventory.info)
        // Each app icon and launch image set must have files of its own (alternate icons that
        // share a picture still need one file each): not duplicates to remove.
        let ownFiles = Set(inventory.catalogSets.filter { $0.kind != .imageSet }.map(\.folder))
        return inventory.allImages.filter { image in
            if !ownFiles.isEmpty, let slash = image.path.lastIndex(ofByte: UInt8(ascii: "/")),
                ownFiles.contains(String(image.path[..<slash]))
            {
                return false
            }
            return
                image.facts.isValid && image.facts.pixelSize != nil && image.facts.byteCount != nil
                && !image.facts.format.isVector
                && !((inventory.catalogImages.isEmpty || inventory.catalogImages[image.path] == nil)
                    && (icons.contains(image, in: inventory.bundle) || inventory.launchImages.slot(for: image) != nil))
        }
    }

    /// What files that may be alike share: their length and the hash of their first read (none
    /// sorts first).
    private struct AlikeKey: Comparable {
        var byteCount: Int
        /// 0 without a hash, else 1 + the digest's kind.
        var head: Int
        var high: UInt64
        var low: UInt64

        init(_ image: ScannedImage) {
            byteCount = image.facts.byteCount!
            let digest = image.facts.head?.digest
            head =
                switch digest?.kind {
                case nil: 0
                case .bytes: 1
                case .pixels: 2
                case .leadingRows: 3
                }
            high = digest?.high ?? 0
            low = digest?.low ?? 0
        }

        static func < (lhs: AlikeKey, rhs: AlikeKey) -> Bool {
            (lhs.byteCount, lhs.head, lhs.high, lhs.low) < (rhs.byteCount, rhs.head, rhs.high, rhs.low)
        }
    }

    private struct FirstRead: Sendable {
        var content: ImageContent
        var failure: String?
    }

    /// Opens a file once for its byte hash and its recompression estimate.
    private func read(_ file: FoundFile?, path: String, hash: Bool, weigh: Bool) -> FirstRead {
        let opened: OpenedFile
        switch Self.open(file, path: path) {
        case .success(let success): opened = success
        case .failure(let failure): return FirstRead(content: ImageContent(), failure: failure.message)
        }
        let fd = opened.descriptor
        defer { close(fd) }
        var content = ImageContent(identity: opened.identity)
        var failure: String?
        if hash {
            switch PNGContent.byteDigest(ofOpenFile: fd, length: opened.size) {
            case .success(let digest): content.digest = digest
            case .failure(let error): failure = error.message
            }
        }
        if weigh, lseek(fd, 0, SEEK_SET) == 0 {
            switch reader.recompression(ofOpenFile: fd) {
            case .success(let sizes):
                // The rest of the file stays as it is: only the image data's bytes change.
                content.recompressedBytes = opened.size - sizes.stored + min(sizes.recompressed, sizes.stored)
            case .failure(let error): failure = failure ?? error.message
            }
        }
        return FirstRead(content: content, failure: failure)
    }

    /// ``read(_:path:hash:weigh:)`` of an archive's entry, read whole in memory; not read at
    /// all when only its identity (its place in the archive) is wanted.
    private func read(_ archive: ArchiveEntries, path: String, hash: Bool, weigh: Bool, pixels: Int64) -> FirstRead {
        guard hash || weigh else { return FirstRead(content: ImageContent(identity: archive.identity(path))) }
        var failure: String?
        let outcome = archive.withEntry(path, pixels: pixels) {
            bytes, identity -> Result<ImageContent, FileReadFailure> in
            var content = ImageContent(identity: identity)
            if hash { content.digest = bytes.withUnsafeBytes { PNGContent.digest(of: $0) } }
            if weigh {
                switch reader.recompression(ofMemory: &bytes) {
                case .success(let sizes):
                    content.recompressedBytes = bytes.count - sizes.stored + min(sizes.recompressed, sizes.stored)
                case .failure(let error): failure = error.message
                }
            }
            return .success(content)
        }
        switch outcome {
        case .success(let content): return FirstRead(content: content, failure: failure)
        case .failure(let error): return FirstRead(content: ImageContent(), failure: error.message)
        }
    }

    /// The digest of an image's pixels (its top `leadingRows` rows only, when given), from the
    /// archive's entry or the file as the walk found it, with the identity of what was read.
    private func digest(
        _ image: ScannedImage, file: FoundFile?, leadingRows: Int?, source: ContentFiles, pixels: [String: Int64]
    ) -> Result<(ContentDigest, FileIdentity), FileReadFailure> {
        if case .archive(let archive) = source {
            return archive.withEntry(image.path, pixels: pixels[image.path] ?? 0) { bytes, identity in
                reader.pixelDigest(ofMemory: &bytes, leadingRows: leadingRows).map { ($0, identity) }
            }
        }
        return Self.open(file, path: image.path).flatMap { file in
            defer { close(file.descriptor) }
            return reader.pixelDigest(ofOpenFile: file.descriptor, leadingRows: leadingRows).map { ($0, file.identity) }
        }
    }

    /// How many rows from the top tell files of one pixel size apart first: an eighth of the
    /// picture, at least 16 rows (a margin of one colour is common at the top of an icon).
    static func leadingRows(of image: ScannedImage) -> Int {
        max(16, ((image.facts.pixelSize?.height ?? 0) + 7) / 8)
    }

    /// Opens a file as the scan found it: below the scanned folder, without following links.
    private static func open(_ file: FoundFile?, path: String) -> Result<OpenedFile, FileReadFailure> {
        guard let file else { return .failure(FileReadFailure(message: "not found by the walk")) }
        return openMeasuredFile(file)
    }
}

extension OpenedFile {
    /// Which file this is: two paths to one file have one identity.
    var identity: FileIdentity { FileIdentity(device: device, inode: inode) }
}

extension Inventory {
    /// The asset an image is a variant of: its catalog set, or its bundle folder and base name
    /// (whatever its scale, device, height or localisation: Xcode makes each language its own
    /// copy of one name). Files of one family are never each other's duplicates.
    package func variantFamily(of image: ScannedImage) -> String {
        let slash = image.path.lastIndex(ofByte: UInt8(ascii: "/"))
        if catalogImages[image.path] != nil, let slash { return "set\u{0}" + image.path[..<slash] }
        return "loose\u{0}\(bundle.assetFolder(of: image.path))\u{0}\(image.name.base)"
    }
}
