import Foundation
import ZIPFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `.ipa` (a zip holding `Payload/NAME.app`), read in place with ZIPFoundation: entry by
/// entry, nothing extracted to disk, never more than the limits allow.
///
/// Images are probed from their first bytes (``Limits/headerBytes``, or the whole entry up to
/// ``Limits/retryBytes`` when the header runs on); the Info.plist is read whole up to its limit.
/// Names that could point outside the archive (`..`, absolute, NUL) and links are not read; what
/// is not read is said, by name, in the scan's notes.
enum AppArchive {
    /// Bounds on what an archive may make the lint read.
    struct Limits: Sendable {
        /// Entries looked at; the rest are not, with a note.
        var maxEntries = 200_000
        /// Bytes of an image read for its header.
        var headerBytes = 64 * 1024
        /// Bytes read of an image whose header did not fit in ``headerBytes``.
        var retryBytes = 8 << 20
        /// The largest property list read.
        var maxPropertyListBytes = 8 << 20
        /// Inflated bytes read from the whole archive.
        var maxTotalBytes: Int64 = 1 << 30
        /// An entry read whole that claims to inflate to more than this many times its stored
        /// size is refused (a decompression bomb).
        var maxRatio: UInt64 = 1000

        static let standard = Limits()
    }

    /// Whether `path` names a file the lint reads as an app archive: a regular file whose name
    /// ends in `.ipa` (any case), or that starts with a zip signature.
    static func isArchive(_ path: String) -> Bool {
        var status = stat()
        guard FileSystemPath.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return false
        }
        if path.lowercased().hasSuffix(".ipa") { return true }
        guard case .success(let fd) = openRegularFile(FileSystemPath(path)) else { return false }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        let got = magic.withUnsafeMutableBytes { readFully(fd, into: $0) }
        return got == 4 && magic == [0x50, 0x4B, 0x03, 0x04]
    }

    private struct StopReading: Error {}

    /// An image entry, probed (nil: the byte budget ran out first).
    private struct ProbedEntry: Sendable {
        var index: Int
        var path: String
        var facts: ImageFacts?
    }

    static func scan(_ options: ScanOptions, limits: Limits = .standard) throws(ScanError) -> ScanResult {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: options.root), accessMode: .read)
        } catch {
            throw .rootUnreadable(
                path: options.root, reason: "not a readable zip archive (\(error)); is the .ipa complete?")
        }
        var issues: [WalkIssue] = []
        var images: [ScannedImage] = []
        var infoPlist: (path: String, entry: Entry)?
        var appRoot: String?
        var compiledStoryboards: Set<String> = []
        var assetsCar: String?
        var imageEntries: [(String, Entry)] = []
        let probe = ImageProbe()
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.maxEntries else {
                issues.append(
                    WalkIssue(
                        path: "", kind: .unreadable,
                        message: "the archive has more than \(limits.maxEntries) entries; the rest were not read"))
                break
            }
            let path = entry.path
            if let refusal = Self.refusal(of: path) {
                issues.append(WalkIssue(path: escapedForDisplay(path), kind: .skipped, message: refusal))
                continue
            }
            let type = entry.type
            guard type == .file else {
                if type == .symlink {
                    issues.append(
                        WalkIssue(path: path, kind: .skipped, message: "a symbolic link in the archive; not followed"))
                }
                continue
            }
            // Payload/NAME.app/…: the first app found is the one read.
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            guard components.count >= 3, components[0] == "Payload", components[1].hasSuffix(".app") else { continue }
            let root = "Payload/\(components[1])/"
            if appRoot == nil { appRoot = root }
            guard appRoot == root else { continue }
            let inApp = String(path.dropFirst(root.count))
            let name = String(components.last!)
            if let storyboard = components.dropLast().first(where: { $0.hasSuffix(".storyboardc") }) {
                compiledStoryboards.insert(String(storyboard.dropLast(".storyboardc".count)))
                continue
            }
            if inApp == "Assets.car" { assetsCar = path }
            if inApp == "Info.plist" { infoPlist = (path, entry) }
            guard ImageFormat.hasImageExtension(name) else { continue }
            imageEntries.append((path, entry))
        }
        // The images, probed on all cores: each core reads its share through its own handle on
        // the archive, within its share of the byte budget.
        let cores = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let shares = (0..<cores).map { core in stride(from: core, to: imageEntries.count, by: cores).map { $0 } }
        nonisolated(unsafe) let entries = imageEntries
        let url = URL(fileURLWithPath: options.root)
        let probed = shares.concurrentMap(batchSize: 1) { share -> [ProbedEntry] in
            guard let archive = try? Archive(url: url, accessMode: .read) else { return [] }
            var budget = limits.maxTotalBytes / Int64(cores)
            return share.map { index in
                let (path, entry) = entries[index]
                guard budget > 0 else { return ProbedEntry(index: index, path: path, facts: nil) }
                var facts = Self.probe(entry, in: archive, limit: limits.headerBytes, probe: probe, budget: &budget)
                if !facts.isValid, entry.uncompressedSize > UInt64(limits.headerBytes) {
                    // The header ran past the first read: once more, with room for it.
                    facts = Self.probe(entry, in: archive, limit: limits.retryBytes, probe: probe, budget: &budget)
                }
                facts.byteCount = Int(clamping: entry.uncompressedSize)
                return ProbedEntry(index: index, path: path, facts: facts)
            }
        }.joined().sorted { $0.index < $1.index }
        for entry in probed {
            if let facts = entry.facts {
                images.append(ScannedImage(path: entry.path, facts: facts))
            } else {
                issues.append(
                    WalkIssue(
                        path: entry.path, kind: .skipped,
                        message: "not read: the archive's images already inflated to \(limits.maxTotalBytes) bytes"))
            }
        }
        var info: AppInfo?
        var choice = InfoPlistChoice.none
        if let (path, entry) = infoPlist {
            switch Self.readWhole(entry, in: archive, limit: limits.maxPropertyListBytes, ratio: limits.maxRatio) {
            case .success(let bytes):
                do {
                    info = try AppInfo(data: bytes, reportedPath: path)
                    choice = .found(path: path, otherCandidates: 0)
                } catch {
                    issues.append(WalkIssue(path: path, kind: .skipped, message: "\(error)"))
                }
            case .failure(let failure):
                issues.append(WalkIssue(path: path, kind: .skipped, message: failure.message))
            }
        }
        if let assetsCar {
            issues.append(
                WalkIssue(
                    path: assetsCar, kind: .skipped,
                    message: "compiled asset catalog: not read yet, so the images in it are not checked"))
        }
        for name in compiledStoryboards.sorted() {
            issues.append(
                WalkIssue(
                    path: (appRoot ?? "") + name + ".storyboardc", kind: .skipped,
                    message: "compiled storyboard: it holds no image names TallCheck can read"))
        }
        if appRoot == nil {
            issues.append(
                WalkIssue(path: "", kind: .unreadable, message: "no Payload/NAME.app in the archive: not an app's .ipa")
            )
        }
        let paths = images.map(\.path)
        let inventory = Inventory(
            images: images.sorted { $0.path < $1.path }, info: info, deploymentTarget: options.deploymentTarget,
            deploymentTargetSource: .option,
            bundle: .builtApp(images: paths, prefix: appRoot ?? ""))
        return ScanResult(
            inventory: inventory, folder: ScannedFolder(root: options.root), infoPlist: choice, issues: issues)
    }

    /// Why an entry's name is not read, or nil: names that would leave a folder they were
    /// extracted into.
    static func refusal(of path: String) -> String? {
        if path.contains("\u{0}") { return "a name with a NUL byte; not read" }
        if path.hasPrefix("/") || path.hasPrefix("\\") { return "an absolute name; not read" }
        let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if parts.contains("..") { return "a name that climbs out of the archive (..); not read" }
        return nil
    }

    /// Probes the first `limit` bytes of an image entry.
    private static func probe(
        _ entry: Entry, in archive: Archive, limit: Int, probe: ImageProbe, budget: inout Int64
    ) -> ImageFacts {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit, Int(clamping: entry.uncompressedSize)))
        do {
            _ = try archive.extract(entry, bufferSize: 16 * 1024, skipCRC32: true) { data in
                bytes += data.prefix(limit - bytes.count)
                if bytes.count >= limit { throw StopReading() }
            }
        } catch is StopReading {
        } catch {
            return ImageFacts(format: .unknown, problem: .invalid("cannot be read from the archive: \(error)"))
        }
        budget -= Int64(bytes.count)
        return probe.probe(memory: bytes)
    }

    /// The whole entry, when it is within `limit` and its claimed ratio: whatever it claims,
    /// reading stops at the limit.
    private static func readWhole(_ entry: Entry, in archive: Archive, limit: Int, ratio: UInt64) -> Result<
        Data, FileReadFailure
    > {
        if entry.uncompressedSize > UInt64(limit) {
            return .failure(FileReadFailure(message: "claims \(entry.uncompressedSize) bytes, over \(limit); not read"))
        }
        if entry.compressedSize > 0, entry.uncompressedSize / entry.compressedSize > ratio {
            return .failure(
                FileReadFailure(
                    message: "inflates \(entry.uncompressedSize / entry.compressedSize) times its stored size "
                        + "(a decompression bomb?); not read"))
        }
        var bytes = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 16 * 1024) { data in
                guard bytes.count + data.count <= limit else { throw StopReading() }
                bytes += data
            }
        } catch is StopReading {
            return .failure(FileReadFailure(message: "inflates to more than its \(limit)-byte limit; not read"))
        } catch {
            return .failure(FileReadFailure(message: "cannot be read from the archive: \(error)"))
        }
        return .success(bytes)
    }
}
