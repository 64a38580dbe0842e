import Foundation

/// A whole lint's outcome, kept beside the ``ScanCache`` so that a lint of a tree in which
/// nothing changed costs one `stat` a file and folder: no folder is listed, no file opened, no
/// rule run.
///
/// With the report it keeps a manifest: the stamp (device, inode, size, modification and change
/// times, links followed) of every folder the walk listed and every file the lint read. A file
/// added, deleted or renamed changes its folder's times; a file written changes its own change
/// time. The report is reused only when every stamp still matches and the key does: the tool
/// binary, the folder's real path, the whole configuration and the command line's settings. Any
/// difference, or a damaged file, and the lint runs as usual (with the per-file cache) and
/// writes a new snapshot.
///
/// Links count by their targets: a link retargeted changes its folder, a target rewritten its
/// own change time. A tree with a broken link gets no snapshot (nothing would tell when its
/// target appears), nor does one with a file or folder that changed while the lint ran (its
/// change time is after the lint started, less ``ScanCache/racyMargin``): the report might describe the file before
/// the change while the manifest holds its stamp after it.
struct ReportSnapshot {
    /// What a reused lint says: the report's contents and the walk's messages.
    struct Contents: Codable, Equatable {
        var findings: [Finding]
        var imageCount: Int
        var imageBytes: Int?
        var assetNames: [String: String]
        var app: AppSummary?
        var issues: [WalkIssue]
        /// What the lint said of its own report (a rule's findings capped, a content check cut short).
        var notes: [String] = []
    }

    /// A snapshot read back: its report, and the files and folders whose stamps changed but
    /// whose contents it knows, which decide whether the report still stands
    /// (``reuse(_:current:startedAt:)``).
    struct Loaded {
        var contents: Contents
        var stale: [Stale]
        /// The file as read, to write back with the stale files' new stamps.
        fileprivate let bytes: [UInt8]
    }

    /// A file or folder the last lint read whose stamp is not the one recorded, and what it
    /// held then.
    struct Stale: Sendable {
        /// Relative to the root, as the file system spells it.
        var path: [UInt8]
        var kind: RecordedKind
        /// What the last lint found in it (``AppScanner/Current``); nil for an unread file.
        var fingerprint: ContentDigest?
        /// Where its stamp lies in the snapshot file.
        fileprivate var stampOffset: Int
    }

    /// What the lint knows of the files and folders it read, beyond their stamps.
    struct Knowledge {
        /// The stamps the scan took of files before it read them (the cache's entries, by path
        /// relative to the root): used as they are, since a file changed after its stamp was taken
        /// no longer matches it next time, which is all the snapshot needs.
        var entries: [String: ScanCache.Entry] = [:]
        /// ``ScanCache/fingerprint(of:)`` of the entries whose files the lint read for nothing
        /// else (not past the header for the content pass).
        var fingerprints: [String: ContentDigest] = [:]
        /// What the walk saw in each folder below the root (``SourceTree/listings``).
        var listings: [FileSystemPath: ContentDigest] = [:]
        /// Files found but not read (``ScanResult/unread``), by path relative to the root.
        var unread: Set<String> = []
    }

    /// At most this many files and folders may have changed for the report to be checked one by
    /// one; with more, the lint runs again (with the per-file cache).
    static let maxStaleFiles = 64

    static let magic = Array("TALLCHECK-REPORT\n".utf8)
    static let formatVersion: UInt32 = 6

    /// The snapshot file, beside the folder's cache file.
    let path: String
    /// The scanned folder as given: the manifest's paths are relative to it.
    let root: FileSystemPath
    let key: String

    init(folder: String, request: LintRequest, configuration: LintConfiguration) {
        let realRoot = realPath(request.root) ?? request.root
        path = CacheFrame.path(in: folder, realRoot: realRoot, suffix: "report")
        root = FileSystemPath(request.root)
        // A file named on the command line (the Info.plist) is part of the key with its stamp.
        let infoPlist = request.infoPlistPath.map { given in
            var status = stat()
            let stamp = FileSystemPath.withCString(given) { stat($0, &status) } == 0 ? Self.text(status) : "absent"
            return "\(realPath(given) ?? given) \(stamp)"
        }
        key = [
            TallCheckVersion.current, Self.executableStamp, realRoot, "\(request.probeDepth)",
            "follows links: \(request.followsSymbolicLinks)", "target: \(request.target ?? "")",
            "build configuration: \(request.buildConfiguration ?? "")",
            "Info.plist: \(infoPlist ?? "")", canonicalDescription(configuration),
        ].joined(separator: "\n")
    }

    /// The running binary's stamp: a rebuilt TallCheck of the same version may find other things.
    private static let executableStamp: String = {
        var status = stat()
        return stat("/proc/self/exe", &status) == 0 ? text(status) : "unknown binary"
    }()

    private static func text(_ status: stat) -> String {
        let stamp = ScanCache.Stamp(status)
        return "\(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modified) \(stamp.changed)"
    }

    // MARK: Reading

    /// The saved contents when the snapshot's key matches and every stamp of its manifest does,
    /// or differs only for files whose facts it knows (at most ``maxStaleFiles``); nil otherwise.
    /// `note` says why a snapshot file that exists is damaged.
    func load(note: (String) -> Void) -> Loaded? {
        var status = stat()
        guard FileSystemPath.withCString(path, { lstat($0, &status) }) == 0 else { return nil }
        let bytes: [UInt8]
        switch readRegularFile(FileSystemPath(path), limit: ScanCache.maxBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            note("cache \(escapedForDisplay(path)): \(failure.message); ignored")
            return nil
        }
        do {
            return try PhaseTimings.shared.measure("  snapshot: stamps and report") { () throws(DecodeFailure) in
                try decode(bytes)
            }
        } catch .otherKey, .changed {
            return nil
        } catch {
            note("cache \(escapedForDisplay(path)) is damaged (\(error.reason)); ignored, and rewritten")
            return nil
        }
    }

    enum DecodeFailure: Error {
        case otherKey
        /// A file or folder of the manifest is not as it was.
        case changed
        case malformed(String)

        var reason: String {
            switch self {
            case .otherKey: "written for another binary, folder or configuration"
            case .changed: "the tree changed"
            case .malformed(let reason): reason
            }
        }
    }

    func decode(_ bytes: [UInt8]) throws(DecodeFailure) -> Loaded {
        var reader: CacheReader
        do {
            reader = try CacheFrame.open(
                bytes, magic: Self.magic, version: Self.formatVersion, key: key, kind: "report snapshot")
        } catch {
            switch error {
            case .otherKey: throw .otherKey
            case .malformed(let reason): throw .malformed(reason)
            }
        }
        do {
            let count = Int(try reader.integer(UInt32.self))
            // Each entry takes at least 45 bytes: a count beyond that is a lie.
            guard count <= (bytes.count - reader.offset) / 45 else { throw CacheReader.Malformed() }
            var manifest: [Recorded] = []
            manifest.reserveCapacity(count)
            for _ in 0..<count {
                let path = try reader.rawBytesRange()
                guard Self.isRelativeBelow(bytes[path]) else {
                    throw DecodeFailure.malformed("a path leads out of the folder")
                }
                let offset = reader.offset
                let stamp = ScanCache.Stamp(
                    device: try reader.uint64(), inode: try reader.uint64(), size: try reader.uint64(),
                    modified: try reader.uint64(), changed: try reader.uint64())
                let kind = try reader.byte()
                var known: (RecordedKind, ContentDigest?)?
                if kind != 0 {
                    guard let kind = RecordedKind(rawValue: kind) else { throw CacheReader.Malformed() }
                    known = (
                        kind,
                        kind == .unread
                            ? nil : ContentDigest(kind: .bytes, high: try reader.uint64(), low: try reader.uint64())
                    )
                }
                manifest.append(Recorded(path: path, stamp: stamp, stampOffset: offset, known: known))
            }
            let payload = try reader.rawBytes()
            var findings: [Finding] = []
            for _ in 0..<Int(try reader.integer(UInt32.self)) { findings.append(try Self.decodeFinding(&reader)) }
            var assetNames: [String: String] = [:]
            for _ in 0..<Int(try reader.integer(UInt32.self)) { assetNames[try reader.string()] = try reader.string() }
            guard reader.isAtEnd else { throw CacheReader.Malformed() }
            // Sound as a file: now ask whether the tree is as it was, half of it on each of two cores.
            let half = (manifest.count + 1) / 2
            let halves = [manifest[..<half], manifest[half...]]
            let found = PhaseTimings.shared.measure("    stamps") {
                halves.concurrentMap(batchSize: 1) { Self.staleFiles($0, names: bytes, root: root) }
            }
            guard let first = found[0], let second = found[1], first.count + second.count <= Self.maxStaleFiles
            else { throw DecodeFailure.changed }
            let stale = (first + second).map { recorded in
                let (kind, fingerprint) = recorded.known!
                return Stale(
                    path: Array(bytes[recorded.path]), kind: kind, fingerprint: fingerprint,
                    stampOffset: recorded.stampOffset)
            }
            var contents = try JSONDecoder().decode(Contents.self, from: Data(payload))
            contents.findings = findings
            contents.assetNames = assetNames
            return Loaded(contents: contents, stale: stale, bytes: bytes)
        } catch let failure as DecodeFailure {
            throw failure
        } catch {
            throw .malformed("an entry does not read back")
        }
    }

    /// A file or folder of the manifest, as recorded.
    private struct Recorded: Sendable {
        /// A range of the snapshot file's bytes.
        var path: Range<Int>
        var stamp: ScanCache.Stamp
        var stampOffset: Int
        /// What it was to the lint, and the digest of what the lint found in it, when that is known.
        var known: (RecordedKind, ContentDigest?)?
    }

    /// The files of `manifest` (paths as ranges of `names`) whose stamps are not the recorded
    /// ones, when each is a file whose facts are known and there are at most ``maxStaleFiles``;
    /// nil when anything else differs (a folder, a file whose facts are not known, one gone).
    /// Each file is asked of its folder, held open: one name to look up, not the whole path.
    private static func staleFiles(
        _ manifest: ArraySlice<Recorded>, names: [UInt8], root: FileSystemPath
    ) -> [Recorded]? {
        var stale: [Recorded] = []
        let rootFolder = root.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard rootFolder >= 0 else { return nil }
        defer { close(rootFolder) }
        var folder = rootFolder
        var folderPath: Range<Int> = 0..<0
        defer { if folder != rootFolder { close(folder) } }
        var name: [UInt8] = []
        for entry in manifest {
            let (path, recorded) = (entry.path, entry.stamp)
            var status = stat()
            if path.isEmpty {
                guard fstat(rootFolder, &status) == 0, ScanCache.Stamp(status) == recorded else { return nil }
                continue
            }
            let slash = names[path].lastIndex(of: UInt8(ascii: "/"))
            let parent = path.lowerBound..<(slash ?? path.lowerBound)
            if names[parent] != names[folderPath] || (folder == rootFolder) != parent.isEmpty {
                if folder != rootFolder { close(folder) }
                folder = rootFolder
                folderPath = 0..<0
                if !parent.isEmpty {
                    name.removeAll(keepingCapacity: true)
                    name += names[parent]
                    name.append(0)
                    folder = name.withUnsafeBufferPointer { buffer in
                        buffer.withMemoryRebound(to: CChar.self) {
                            openat(rootFolder, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                        }
                    }
                    guard folder >= 0 else {
                        folder = rootFolder
                        return nil
                    }
                    folderPath = parent
                }
            }
            name.removeAll(keepingCapacity: true)
            name += names[(slash.map { $0 + 1 } ?? path.lowerBound)..<path.upperBound]
            name.append(0)
            let found = name.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &status, 0) }
            }
            guard found == 0 else { return nil }
            if ScanCache.Stamp(status) != recorded {
                guard entry.known != nil, stale.count < maxStaleFiles else { return nil }
                stale.append(entry)
            }
        }
        return stale
    }

    /// The loaded report, when each stale file and folder still holds what the last lint found
    /// in it: `current` is what the scan would record of each now (``AppScanner/current(_:options:)``).
    /// The new stamps of those that changed before `startedAt` (ns since 1970) less
    /// ``ScanCache/racyMargin`` are written into the snapshot, so the next lint need not read
    /// them again; the others are read again next time.
    func reuse(_ loaded: Loaded, current: [[UInt8]: AppScanner.Current], startedAt: UInt64) -> Contents? {
        var bytes = loaded.bytes
        var settled = 0
        for stale in loaded.stale {
            guard let now = current[stale.path], now.fingerprint == stale.fingerprint else { return nil }
            guard now.stamp.changed &+ ScanCache.racyMargin < startedAt else { continue }
            var writer = CacheWriter()
            for value in [now.stamp.device, now.stamp.inode, now.stamp.size, now.stamp.modified, now.stamp.changed] {
                writer.integer(value)
            }
            bytes.replaceSubrange(stale.stampOffset..<(stale.stampOffset + 40), with: writer.bytes)
            settled += 1
        }
        if settled > 0 {
            // Only a shortcut: when it cannot be written, the next lint checks these files again.
            try? writeAtomically(bytes: CacheFrame.resealed(bytes), to: path, durable: false)
        }
        return loaded.contents
    }

    /// No `..`, no leading `/`, no NUL: a path the manifest may stat below the root.
    private static func isRelativeBelow(_ path: ArraySlice<UInt8>) -> Bool {
        guard path.first != UInt8(ascii: "/") else { return false }
        // Scans for NUL and for `..` between slashes (or the ends) without splitting.
        var dots = 0
        for byte in path {
            switch byte {
            case 0: return false
            case UInt8(ascii: "."): dots = dots < 0 ? -1 : dots + 1
            case UInt8(ascii: "/"):
                if dots == 2 { return false }
                dots = 0
            default: dots = -1
            }
        }
        return dots != 2
    }

    // MARK: Writing

    /// Writes `contents` with the stamps of `read` (every folder listed and file read, as the walk
    /// spelled them from the root), unless one of them changed after `startedAt` (ns since 1970)
    /// less ``ScanCache/racyMargin``, or lies outside the root. Returns whether it wrote one.
    /// The rest of `read` (folders, files no entry holds) is stamped now. With each it keeps
    /// what `knowing` says was found in it, so that a later lint in which only such files and
    /// folders changed can ask whether each still holds the same.
    @discardableResult
    func save(
        _ contents: Contents, read: [FileSystemPath], knowing: Knowledge = Knowledge(), startedAt: UInt64
    ) throws(FileWriteError) -> Bool {
        let known = knowing.entries
        // A file changed just before or during the run: its stamp cannot tell a later change.
        if known.values.contains(where: { $0.stamp.changed &+ ScanCache.racyMargin >= startedAt }) { return false }
        var writer = CacheFrame.writer(magic: Self.magic, version: Self.formatVersion, key: key)
        writer.integer(UInt32(read.count + 1))
        let rootLength = root.bytes.count
        for location in [root] + read.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            guard location.bytes.starts(with: root.bytes) else { return false }
            var relative = location.bytes[rootLength...]
            if relative.first == UInt8(ascii: "/") { relative = relative.dropFirst() }
            let stamp: ScanCache.Stamp
            var recorded: (RecordedKind, ContentDigest?)?
            // As the scan spells paths: a name that is not UTF-8 is escaped, not decoded.
            let key = relative.isEmpty ? nil : escapedForDisplay(Array(relative))
            if let key, let entry = known[key] {
                stamp = entry.stamp
                recorded = knowing.fingerprints[key].map { (entry.kind, $0) }
            } else {
                var status = stat()
                guard location.withCString({ stat($0, &status) }) == 0 else { return false }
                stamp = ScanCache.Stamp(status)
                if let listing = knowing.listings[location] {
                    recorded = (.folder, listing)
                } else if let key, knowing.unread.contains(key), status.st_mode & S_IFMT == S_IFREG {
                    recorded = (.unread, nil)
                }
            }
            guard stamp.changed &+ ScanCache.racyMargin < startedAt else { return false }
            writer.rawBytes(Array(relative))
            for value in [stamp.device, stamp.inode, stamp.size, stamp.modified, stamp.changed] {
                writer.integer(value)
            }
            writer.byte(recorded?.0.rawValue ?? 0)
            if let digest = recorded?.1 {
                writer.integer(digest.high)
                writer.integer(digest.low)
            }
        }
        // The findings and asset names in the cache's binary form (as JSON, 900 findings took
        // 7 ms to read back); the rest, small, as JSON.
        var rest = contents
        rest.findings = []
        rest.assetNames = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let payload = try? encoder.encode(rest) else { return false }
        writer.rawBytes(Array(payload))
        writer.integer(UInt32(contents.findings.count))
        for finding in contents.findings { Self.encode(finding, into: &writer) }
        writer.integer(UInt32(contents.assetNames.count))
        for (path, name) in contents.assetNames {
            writer.string(path)
            writer.string(name)
        }
        let bytes = CacheFrame.sealed(writer)
        guard bytes.count <= ScanCache.maxBytes else {
            throw FileWriteError(
                path: path, reason: "the report snapshot would be \(bytes.count) bytes, above its limit")
        }
        try ScanCache.createFolder(of: path)
        try writeAtomically(bytes: bytes, to: path, durable: false)
        return true
    }

    private static func encode(_ finding: Finding, into writer: inout CacheWriter) {
        writer.string(finding.ruleID)
        writer.string(finding.severity.rawValue)
        writer.string(finding.path)
        writer.string(finding.message)
        writer.strings(finding.related)
        for number in [finding.line, finding.column, finding.savedBytes] {
            writer.bool(number != nil)
            if let number { writer.integer(Int64(number)) }
        }
        for list in [finding.targets, finding.configurations] {
            writer.bool(list != nil)
            if let list { writer.strings(list) }
        }
    }

    private static func decodeFinding(_ reader: inout CacheReader) throws(CacheReader.Malformed) -> Finding {
        let ruleID = try reader.string()
        guard let severity = Severity(rawValue: try reader.string()) else { throw CacheReader.Malformed() }
        // Escaped when the finding was made, and again here: the snapshot is a file like another.
        var finding = Finding(ruleID: ruleID, severity: severity, path: "", message: "")
        finding.path = escapedControls(try reader.string())
        finding.message = escapedControls(try reader.string())
        finding.related = try reader.strings().map(escapedControls)
        var numbers: [Int?] = []
        for _ in 0..<3 { numbers.append(try reader.bool() ? Int(try reader.integer(Int64.self)) : nil) }
        (finding.line, finding.column, finding.savedBytes) = (numbers[0], numbers[1], numbers[2])
        // A saving is part of an image's length (the report adds them up): one no file has is forged.
        guard (0...ScanCache.maxFileBytes).contains(finding.savedBytes ?? 0) else { throw CacheReader.Malformed() }
        finding.targets = try reader.bool() ? try reader.strings() : nil
        finding.configurations = try reader.bool() ? try reader.strings() : nil
        return finding
    }

    /// Now, in ns since 1970, as file times count.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
