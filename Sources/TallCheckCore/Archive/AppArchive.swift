import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `.ipa` (a zip holding `Payload/NAME.app`), read in place (``ZipDirectory``): entry by
/// entry, nothing extracted to disk, never more than the limits allow.
///
/// Images are probed from their first bytes (``ReadLimits/archiveHeaderBytes``, or the whole entry up to
/// ``ReadLimits/archiveHeaderRetryBytes`` when the header runs on); the Info.plist is read whole up to its limit.
/// Names that could point outside the archive (`..`, absolute, NUL) and links are not read; what
/// is not read is said, by name, in the scan's notes.
package enum AppArchive {
    /// Whether `path` names a file the lint reads as an app archive: a regular file whose name
    /// ends in `.ipa` (any case), or, unless it is named like an image (which is probed as
    /// one), that starts with a zip signature.
    package static func isArchive(_ path: String) -> Bool {
        var status = stat()
        guard FileSystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return false
        }
        if path.lowercased().hasSuffix(".ipa") { return true }
        if ImageFormat.hasImageExtension(path) { return false }
        guard case .success(let fd) = openRegularFile(FileSystemPath(path)) else { return false }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        let got = magic.withUnsafeMutableBytes { readFully(fd, into: $0) }
        return got == 4 && magic == [0x50, 0x4B, 0x03, 0x04]
    }

    /// Scans the archive at `options.root` within `limits`: the scan of any file source.
    static func scan(_ options: ScanOptions, limits: ReadLimits = .standard) throws(ScanError) -> ScanResult {
        AppScanner.assemble(try ArchiveSource(limits: limits).gather(options), options: options)
    }
}

/// An `.ipa` read in place (``AppArchive``): the first `Payload/NAME.app`'s images probed from
/// their inflated first bytes, its Info.plist and `Assets.car` read whole within the limits.
struct ArchiveSource: FileSource {
    var limits = ReadLimits.standard

    func gather(_ options: ScanOptions) throws(ScanError) -> GatheredFiles {
        let archive: ZipDirectory
        do {
            archive = try ZipDirectory(
                path: options.root, maxEntries: limits.archiveEntries, maxNameBytes: limits.archiveNameBytes)
        } catch {
            throw .rootUnreadable(path: options.root, reason: "not a readable zip archive: \(error.reason)")
        }
        // Notes on the archive as a whole name it.
        let archiveName = escapedForDisplay(options.root.split(separator: "/").last.map(String.init) ?? options.root)
        var issues = archive.notes.map { WalkIssue(path: archiveName, kind: .unreadable, message: $0) }
        // What is said of single entries: at most so many, then a count.
        var notes = EntryNotes(limit: limits.archiveEntryNotes)
        var imageEntries: [ZipDirectory.Entry] = []
        var imagesLeft = 0
        var imageNameBytes = 0
        var imagePaths: Set<String> = []
        var infoPlists: [ZipDirectory.Entry] = []
        var appRoot: String?
        var compiledStoryboards: Set<String> = []
        var assetsCar: ZipDirectory.Entry?
        for entry in archive.entries {
            let path = entry.path
            if let refusal = AppArchive.refusal(of: path, hasNUL: entry.hasNUL) {
                notes.append(WalkIssue(path: path, kind: .skipped, message: refusal))
                continue
            }
            if entry.isDirectory { continue }
            if entry.isLink {
                notes.append(
                    WalkIssue(path: path, kind: .skipped, message: "a symbolic link in the archive; not followed"))
                continue
            }
            // Payload/NAME.app/…: the first app found is the one read.
            guard let place = AppArchive.place(of: path) else { continue }
            if appRoot == nil { appRoot = String(place.root) }
            guard appRoot?.utf8.elementsEqual(place.root.utf8) == true else { continue }
            let inApp = place.inApp
            if let storyboard = place.storyboard {
                if compiledStoryboards.count < limits.archiveEntryNotes || compiledStoryboards.contains(storyboard) {
                    compiledStoryboards.insert(storyboard)
                }
                continue
            }
            // Every entry of the app's Info.plist name counts, read or not: two are one too many.
            if inApp == "Info.plist" { infoPlists.append(entry) }
            let isImage = ImageFormat.hasImageExtension(place.fileName)
            guard isImage || inApp == "Info.plist" || inApp == "Assets.car" else { continue }
            if let refusal = entry.refusal {
                notes.append(WalkIssue(path: path, kind: .skipped, message: refusal.description))
                continue
            }
            if inApp == "Assets.car" {
                // Two entries of one name: the first is read, as for images.
                if assetsCar == nil {
                    assetsCar = entry
                } else {
                    notes.append(
                        WalkIssue(path: path, kind: .skipped, message: "a second entry of this name; the first is read")
                    )
                }
            }
            guard isImage, options.pathFilter.admits(path) else { continue }
            // Each image costs the lint some KB and its name some twenty copies: both are capped,
            // and past them an image is only counted.
            guard imageEntries.count < limits.archiveImages,
                path.utf8.count <= limits.archiveImageNameBytes - imageNameBytes
            else {
                imagesLeft += 1
                continue
            }
            // Two entries of one name: the first is read, as an extraction would keep one.
            guard imagePaths.insert(path).inserted else {
                notes.append(
                    WalkIssue(path: path, kind: .skipped, message: "a second entry of this name; the first is read"))
                continue
            }
            imageEntries.append(entry)
            imageNameBytes += path.utf8.count
        }
        if imagesLeft > 0 {
            issues.append(
                WalkIssue(
                    path: "", kind: .skipped,
                    message:
                        "\(imagesLeft) of the archive's images were not read, past the first \(imageEntries.count): "
                        + "at most \(limits.archiveImages) are, with names of \(limits.archiveImageNameBytes) bytes in all"
                ))
        }
        // The images, probed on all cores from their first bytes (with --verify, read whole and
        // decoded), within the byte budget.
        let probe = ImageProbe()
        // The duplicate search groups files by the hash of their first read, and takes the
        // pixel digest of files read whole from the verify pass.
        let hashesHead = options.contentChecks.contains(.duplicates)
        let verifier = {
            var verifier = ImageProbe(depth: .verify)
            verifier.digestsPixels = hashesHead
            return verifier
        }()
        // The bytes inflated and the pixels decoded, for the probe and the content pass alike.
        let budget = ArchiveBudget()
        let oneAtATime = ArchiveBudget.Lock()
        // PNGs read whole and decoded with --verify (the other formats' readers look at headers
        // only); the reason any is not.
        var toVerify: Set<String> = []
        if options.probeDepth == .verify {
            for entry in imageEntries where entry.path.lowercased().hasSuffix(".png") {
                if let reason = AppArchive.notVerified(entry, limits: limits) {
                    notes.append(WalkIssue(path: entry.path, kind: .skipped, message: "not verified: \(reason)"))
                } else {
                    toVerify.insert(entry.path)
                }
            }
        }
        let verified = toVerify
        // Entries read whole above 1 MiB are read and decoded one at a time: their bytes, and
        // what the decoder holds, stay within the memory bound whatever the core count.
        let probed = imageEntries.concurrentMap(batchSize: 16) { entry -> (facts: ImageFacts?, unverified: Bool) in
            if verified.contains(entry.path) {
                // Counted before it is tried: a whole read makes no more than the entry claims.
                if budget.spend(
                    bytes: AppArchive.cost(entry, limit: limits.archiveVerifyBytes, read: 0),
                    within: limits.archiveInflatedBytes)
                {
                    func verify() -> ImageFacts {
                        AppArchive.probe(
                            entry, in: archive, limit: limits.archiveVerifyBytes, whole: true, probe: verifier,
                            hashesHead: hashesHead
                        ).facts
                    }
                    var facts =
                        entry.uncompressedSize > limits.archiveConcurrentEntryBytes
                        ? oneAtATime.mutex.withLock { _ in verify() } : verify()
                    facts.byteCount = Int(clamping: entry.uncompressedSize)
                    return (facts, false)
                }
            }
            // Past the budget, a verified lint still reads each image's header (counted).
            guard budget.hasBytes(within: limits.archiveInflatedBytes) || !verified.isEmpty else { return (nil, false) }
            var (facts, read) = AppArchive.probe(
                entry, in: archive, limit: limits.archiveHeaderBytes, probe: probe, hashesHead: hashesHead)
            var spent = AppArchive.cost(entry, limit: limits.archiveHeaderBytes, read: read)
            // A PNG whose header runs past the first read: once more, with room for its chunks.
            if facts.png == nil, facts.format == .png || facts.format == .unknown,
                case .invalid(let reason)? = facts.problem, reason.contains("(truncated)"),
                entry.uncompressedSize > UInt64(limits.archiveHeaderBytes)
            {
                let again = AppArchive.probe(
                    entry, in: archive, limit: limits.archiveHeaderRetryBytes, probe: probe, hashesHead: hashesHead)
                facts = again.facts
                spent += AppArchive.cost(entry, limit: limits.archiveHeaderRetryBytes, read: again.read)
            }
            budget.spend(bytes: spent)
            facts.byteCount = Int(clamping: entry.uncompressedSize)
            return (facts, verified.contains(entry.path))
        }
        var images: [ScannedImage] = []
        for (entry, probed) in zip(imageEntries, probed) {
            if probed.unverified {
                notes.append(
                    WalkIssue(
                        path: entry.path, kind: .skipped,
                        message:
                            "not verified: the archive's reads already came to \(limits.archiveInflatedBytes) bytes; "
                            + "checked from its header"))
            }
            if let facts = probed.facts {
                images.append(ScannedImage(path: entry.path, facts: facts))
            } else {
                notes.append(
                    WalkIssue(
                        path: entry.path, kind: .skipped,
                        message:
                            "not read: the archive's images already inflated to \(limits.archiveInflatedBytes) bytes"))
            }
        }
        var info: AppInfo?
        var choice = InfoPlistChoice.none
        var infoPlist = infoPlists.first
        if infoPlists.count > 1, let first = infoPlist {
            // Which one an install keeps is not known: reading either could check the app against
            // settings it does not have.
            issues.append(
                WalkIssue(
                    path: first.path, kind: .skipped,
                    message:
                        "\(infoPlists.count) entries of this name in the archive: which one an install keeps is not "
                        + "known, so none is read; the lint goes on without the app's Info.plist"))
            infoPlist = nil
        } else if infoPlist?.refusal != nil {
            infoPlist = nil
        }
        if let entry = infoPlist {
            switch AppArchive.readWhole(entry, in: archive, limit: limits.propertyListBytes, ratio: limits.inflateRatio)
            {
            case .success(let bytes):
                do {
                    info = try AppInfo(data: Data(bytes), reportedPath: entry.path)
                    choice = .found(path: entry.path, otherCandidates: 0)
                } catch {
                    issues.append(WalkIssue(path: entry.path, kind: .skipped, message: "\(error)"))
                }
            case .failure(let failure):
                issues.append(WalkIssue(path: entry.path, kind: .skipped, message: failure.message))
            }
        }
        var renditions: [(catalog: String, rendition: CompiledCatalog.Rendition)] = []
        var compiled = CompiledCatalog.Sets(sets: [], images: [])
        if let entry = assetsCar {
            let assetsCar = entry.path
            switch AppArchive.readWhole(
                entry, in: archive, limit: limits.compiledCatalogBytes, ratio: limits.inflateRatio)
            {
            case .success(let bytes):
                do {
                    let catalog = try CompiledCatalog(bytes: bytes)
                    renditions = catalog.renditions.map { (assetsCar, $0) }
                    compiled = catalog.catalogSets(at: assetsCar, info: info, admits: options.pathFilter.admits)
                    issues.append(CompiledCatalog.readNote(path: assetsCar, catalog, compiled))
                } catch {
                    issues.append(
                        WalkIssue(
                            path: assetsCar, kind: .skipped,
                            message: "compiled asset catalog not readable: \(error.reason)"))
                }
            case .failure(let failure):
                issues.append(WalkIssue(path: assetsCar, kind: .skipped, message: failure.message))
            }
        }
        for path in compiledStoryboards.sorted() {
            notes.append(
                WalkIssue(
                    path: path, kind: .skipped,
                    message: "compiled storyboard: it holds no image names TallCheck can read"))
        }
        if appRoot == nil {
            issues.append(
                WalkIssue(
                    path: archiveName, kind: .unreadable, message: "no Payload/NAME.app in the archive: not an app's .ipa")
            )
        }
        issues += notes.issues
        var facts = ScanFacts()
        facts.images = images.sorted { $0.path < $1.path } + compiled.images
        facts.info = info
        facts.infoPlist = choice
        facts.catalogSets = compiled.sets
        facts.bundle = .builtApp(images: images.map(\.path), prefix: appRoot ?? "")
        facts.issues = issues
        let entries = ArchiveEntries(
            zip: archive, entries: imageEntries, limits: limits, budget: budget, lock: oneAtATime)
        return GatheredFiles(facts: facts, content: .archive(entries), renditions: renditions)
    }
}

extension AppArchive {
    /// Why a PNG is not read whole for --verify, or nil.
    fileprivate static func notVerified(_ entry: ZipDirectory.Entry, limits: ReadLimits) -> String? {
        notReadWhole(entry, limit: limits.archiveVerifyBytes, ratio: limits.inflateRatio).map {
            $0 + "; checked from its header"
        }
    }

    /// What a read of up to `limit` bytes counts against the archive's budget: what it may
    /// inflate (the entry's claim, up to the limit) or what it did (`read`), the larger, whether
    /// it succeeds or not, so that reads that fail at once still reach the budget.
    fileprivate static func cost(_ entry: ZipDirectory.Entry, limit: Int, read: Int) -> Int64 {
        Int64(max(read, Int(min(UInt64(limit), entry.uncompressedSize))))
    }

    /// Why an entry is not read whole, or nil: it claims more than `limit` bytes, or more than
    /// `ratio` times its stored size (a decompression bomb).
    static func notReadWhole(_ entry: ZipDirectory.Entry, limit: Int, ratio: UInt64) -> String? {
        if entry.uncompressedSize > UInt64(limit) {
            return "claims \(entry.uncompressedSize) bytes, over \(limit)"
        }
        if entry.compressedSize > 0, entry.uncompressedSize / entry.compressedSize > ratio {
            return "inflates \(entry.uncompressedSize / entry.compressedSize) times its stored size "
                + "(a decompression bomb?)"
        }
        return nil
    }

    /// Why an entry's name is not read, or nil: names that would leave a folder they were
    /// extracted into. Asked of every entry, so read by its bytes.
    static func refusal(of path: String, hasNUL: Bool = false) -> String? {
        let bytes = path.utf8
        if hasNUL || bytes.contains(0) { return "a name with a NUL byte; not read" }
        if let first = bytes.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") {
            return "an absolute name; not read"
        }
        // A part of exactly two dots, between separators (`/` or `\`) or the name's ends.
        var part = 0
        var dots = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                if part == 2, dots == 2 { return "a name that climbs out of the archive (..); not read" }
                (part, dots) = (0, 0)
            } else {
                part += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return part == 2 && dots == 2 ? "a name that climbs out of the archive (..); not read" : nil
    }

    /// Where an entry lies in `Payload/NAME.app/`, read by its bytes (asked of every entry).
    struct Place {
        /// `Payload/NAME.app/`.
        var root: Substring
        /// The path after the root.
        var inApp: Substring
        /// The last part of the path.
        var fileName: Substring
        /// The compiled storyboard folder (`Payload/NAME.app/Main.storyboardc`) it lies in.
        var storyboard: String?
    }

    /// Where `path` lies in an app of the archive's `Payload`, or nil when it is not in one.
    static func place(of path: String) -> Place? {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        guard bytes.starts(with: "Payload/".utf8) else { return nil }
        let name = bytes.index(bytes.startIndex, offsetBy: 8)
        guard let end = bytes[name...].firstIndex(of: slash), bytes[name..<end].reversed().starts(with: "ppa.".utf8)
        else { return nil }
        let inApp = bytes.index(after: end)
        let last = bytes[inApp...].lastIndex(of: slash).map { bytes.index(after: $0) } ?? inApp
        // The first folder whose name ends in `.storyboardc` (not the file's own name).
        var storyboard: String?
        let suffix = Array(".storyboardc".utf8)
        var at = inApp
        while let next = bytes[at..<last].firstIndex(of: slash) {
            if bytes[at..<next].reversed().starts(with: suffix.reversed()) {
                storyboard = String(path[..<next])
                break
            }
            at = bytes.index(after: next)
        }
        return Place(
            root: path[..<inApp], inApp: path[inApp...], fileName: path[last...], storyboard: storyboard)
    }

    /// Probes the first `limit` bytes of an image entry; how many it read.
    fileprivate static func probe(
        _ entry: ZipDirectory.Entry, in zip: ZipDirectory, limit: Int, whole: Bool = false, probe: ImageProbe,
        hashesHead: Bool = false
    ) -> (facts: ImageFacts, read: Int) {
        // Taken out of the result before it is probed, so that the bytes have one owner and are
        // probed in place (no copy of an entry read whole).
        var bytes: [UInt8]
        switch zip.read(entry, limit: limit, whole: whole) {
        case .success(let read): bytes = read
        case .failure(let failure): return (ImageFacts(format: .unknown, problem: .invalid(failure.message)), 0)
        }
        let count = bytes.count
        // Hashed before the probe, which may write into the bytes.
        let head = hashesHead ? bytes.withUnsafeBytes { PNGContent.digest(of: $0) } : nil
        var facts = probe.probe(memory: &bytes)
        if let head { facts.head = ImageFacts.Head(digest: head, length: count) }
        return (facts, count)
    }

    /// The whole entry, when it claims no more than `limit` bytes and no more than `ratio` times
    /// its stored size; whatever it claims, reading stops at the limit.
    fileprivate static func readWhole(_ entry: ZipDirectory.Entry, in zip: ZipDirectory, limit: Int, ratio: UInt64)
        -> Result<[UInt8], FileReadFailure>
    {
        if let reason = notReadWhole(entry, limit: limit, ratio: ratio) {
            return .failure(FileReadFailure(message: reason + "; not read"))
        }
        return zip.read(entry, limit: limit, whole: true)
    }
}

/// The notes on an archive's entries (not read, not verified, compiled storyboards): the first
/// `limit` name their entry; the rest are counted in one note, so that an archive of 200,000
/// refused entries says so in a bounded report.
struct EntryNotes {
    let limit: Int
    private var named: [WalkIssue] = []
    private var unnamed = 0

    init(limit: Int) { self.limit = limit }

    mutating func append(_ issue: WalkIssue) {
        if named.count < limit { named.append(issue) } else { unnamed += 1 }
    }

    var issues: [WalkIssue] {
        guard unnamed > 0 else { return named }
        return named + [
            WalkIssue(
                path: "", kind: .skipped,
                message: "\(unnamed) more entries not read or not verified, past the \(limit) named above")
        ]
    }
}

/// What reading an archive may cost, shared by the probe and the content pass: the bytes
/// inflated, and the pixels decoded or deflated again.
final class ArchiveBudget: Sendable {
    private let bytes = Mutex<Int64>(0)
    private let pixels = Mutex<Int64>(0)

    /// A lock for work that holds a large entry, so that one such entry is in memory at a time.
    final class Lock: Sendable {
        let mutex = Mutex<Void>(())
    }

    func hasBytes(within limit: Int64) -> Bool { bytes.withLock { $0 < limit } }
    func spend(bytes count: Int64) { bytes.withLock { $0 += count } }

    /// Adds `count` to a total when it stays within `limit`.
    func spend(bytes count: Int64, within limit: Int64) -> Bool { Self.add(count, to: bytes, within: limit) }
    func spend(pixels count: Int64, within limit: Int64) -> Bool { Self.add(count, to: pixels, within: limit) }

    private static func add(_ count: Int64, to total: borrowing Mutex<Int64>, within limit: Int64) -> Bool {
        total.withLock { total in
            guard count <= limit - total else { return false }
            total += count
            return true
        }
    }
}

/// An archive's image entries for the content pass (``ContentScanner``): each read whole in
/// memory and used, one entry at a time, within the archive's limits: its size and ratio, the
/// bytes inflated (shared with the probe) and the pixels decoded or deflated again.
struct ArchiveEntries: Sendable {
    let zip: ZipDirectory
    /// Entries by path, with their place in the archive (their identity: two entries are never
    /// one file).
    let entries: [String: (index: Int, entry: ZipDirectory.Entry)]
    let limits: ReadLimits
    let budget: ArchiveBudget
    let lock: ArchiveBudget.Lock

    /// ``ReadLimits/archiveDecodedPixels``.
    static let maxPixels: Int64 = ReadLimits.standard.archiveDecodedPixels

    /// The decoder's limits in an archive (``ReadLimits/archiveDecodeBytes``).
    static let reader = PNGContent(
        maxDecodedBytes: ReadLimits.standard.archiveDecodeBytes,
        maxCgBIFileBytes: ReadLimits.standard.archiveDecodeBytes)

    init(
        zip: ZipDirectory, entries: [ZipDirectory.Entry], limits: ReadLimits, budget: ArchiveBudget,
        lock: ArchiveBudget.Lock
    ) {
        self.zip = zip
        self.limits = limits
        self.budget = budget
        self.lock = lock
        var byPath: [String: (index: Int, entry: ZipDirectory.Entry)] = [:]
        for (index, entry) in entries.enumerated() where byPath[entry.path] == nil {
            byPath[entry.path] = (index, entry)
        }
        self.entries = byPath
    }

    /// Which file an entry is, without reading it: its place in the archive.
    func identity(_ path: String) -> FileIdentity? {
        entries[path].map { FileIdentity(device: UInt64.max, inode: UInt64($0.index)) }
    }

    /// Runs `body` on the entry's bytes, read whole, one entry at a time, once the bytes and
    /// `pixels` (what `body` decodes or deflates) fit the budgets.
    func withEntry<T>(
        _ path: String, pixels: Int64, _ body: (inout [UInt8], FileIdentity) -> Result<T, FileReadFailure>
    ) -> Result<T, FileReadFailure> {
        guard let (index, entry) = entries[path] else {
            return .failure(FileReadFailure(message: "not in the archive"))
        }
        if let reason = AppArchive.notReadWhole(entry, limit: limits.archiveVerifyBytes, ratio: limits.inflateRatio) {
            return .failure(FileReadFailure(message: reason))
        }
        guard budget.spend(bytes: Int64(clamping: entry.uncompressedSize), within: limits.archiveInflatedBytes) else {
            return .failure(
                FileReadFailure(message: "the archive's reads reached \(limits.archiveInflatedBytes) bytes"))
        }
        guard budget.spend(pixels: pixels, within: Self.maxPixels) else {
            return .failure(
                FileReadFailure(message: "the archive's images compared already came to \(Self.maxPixels) pixels"))
        }
        return lock.mutex.withLock { _ in
            // Taken out of the result, so that the bytes have one owner and are used in place.
            var bytes: [UInt8]
            switch zip.read(entry, limit: limits.archiveVerifyBytes, whole: true) {
            case .success(let read): bytes = read
            case .failure(let failure): return .failure(failure)
            }
            return body(&bytes, FileIdentity(device: UInt64.max, inode: UInt64(index)))
        }
    }
}
