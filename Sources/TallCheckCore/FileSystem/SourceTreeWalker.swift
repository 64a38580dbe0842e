import PNGShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file found in a tree.
///
/// A class: lists of twenty thousand are sorted, merged and handed to every core, and a
/// reference is one retain where the struct's four buffers were four.
public final class FoundFile: Sendable, Hashable {
    /// The path to open it by, as the file system spells it.
    public let location: FileSystemPath
    /// The path relative to the folder that was searched, as reports show it: escaped by
    /// ``escapedForDisplay(_:)`` (a name that is not UTF-8, or holds a newline, still reads on
    /// one line).
    public let displayPath: String

    /// The folder listing said it is a regular file (not a link, FIFO or device), so the probe
    /// may open it without a `stat` first; it still checks what it opened.
    public let isListedAsRegularFile: Bool
    /// Where it is below the scanned folder, to open it without following links; nil when links
    /// are followed (`--follow-symlinks`) or the file was named on its own.
    public let beneath: ContainedPath?
    /// Its stamp, when the walk took it (``SourceTreeWalker/stampsFiles``): from its folder,
    /// held open, before anything read it.
    public let stamp: FileStamp?

    public init(
        location: FileSystemPath, displayPath: String, isListedAsRegularFile: Bool = false,
        beneath: ContainedPath? = nil, stamp: FileStamp? = nil
    ) {
        self.location = location
        self.displayPath = displayPath
        self.isListedAsRegularFile = isListedAsRegularFile
        self.beneath = beneath
        self.stamp = stamp
    }

    public static func == (lhs: FoundFile, rhs: FoundFile) -> Bool {
        lhs === rhs
            || (lhs.location == rhs.location && lhs.displayPath == rhs.displayPath
                && lhs.isListedAsRegularFile == rhs.isListedAsRegularFile && lhs.beneath == rhs.beneath
                && lhs.stamp == rhs.stamp)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(displayPath)
    }
}

/// Something the tree walk could not do, for a path.
public struct WalkIssue: Sendable, Hashable, CustomStringConvertible, Codable {
    public enum Kind: Sendable, Hashable, Codable {
        /// A folder could not be read: part of the tree went unchecked.
        case unreadable
        /// An entry was left out on purpose (a symbolic link, say).
        case skipped
    }

    public var path: String
    public var kind: Kind
    public var message: String

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// What a walk looks for: the names of the files it keeps, and of the folders it keeps whole
/// instead of walking into them. Each input scanner is one.
public protocol WalkClaim: Sendable {
    /// Whether the walk keeps a file of this name for this claim (bytes not UTF-8 replaced).
    func claims(fileNamed name: String) -> Bool
    /// Whether the walk keeps a folder of this name whole, when non-source folders are skipped.
    func claims(folderNamed name: String) -> Bool
}

/// What a walk of an app's source folder found.
public struct SourceTree: Sendable {
    /// The walker's claims, in its order.
    public let claims: [any WalkClaim]
    /// For each claim, in the same order, the files and folders it took, sorted by path.
    public var claimed: [[FoundFile]]
    /// Every folder listed (the root included), in no particular order: what a change to the
    /// set of files would show in (``ReportSnapshot``).
    public var folders: [FileSystemPath] = []
    /// Every symbolic link met, followed or not: what a link's target appearing, vanishing or
    /// changing would show in.
    public var links: [FileSystemPath] = []
    public var issues: [WalkIssue] = []
    /// For each folder listed below the root, what the walk saw in it (``FolderListing``), when
    /// it stamped files and did not follow links: the report snapshot asks it again of a folder
    /// whose times changed.
    package var listings: [FileSystemPath: ContentDigest] = [:]

    init(claims: [any WalkClaim]) {
        self.claims = claims
        claimed = Array(repeating: [], count: claims.count)
    }
}

/// Walks a folder with `readdir`, handing each file to the first ``WalkClaim`` that claims
/// its name.
///
/// By default symbolic links are not followed into folders, and a link to a file is followed
/// only when the file lies inside the tree. With ``followsSymbolicLinks`` every link is
/// followed; a folder reached twice (a link loop, a bind mount) is walked once.
///
/// Nothing stops the walk: a folder that cannot be read, a link that loops or leads out, a
/// name that is not UTF-8 or too long to open all become ``WalkIssue``s, and the rest of the
/// tree is walked.
public struct SourceTreeWalker: Sendable {
    /// What the walk looks for; a file nothing claims is passed over.
    public var scanners: [any WalkClaim]
    /// Folders a lint leaves out: hidden ones (`.git`) and `DerivedData`. Folders a scanner
    /// claims (asset catalogs) are listed, not walked: their images are not loose files.
    public var skipsNonSourceFolders: Bool
    /// Follow symbolic links to folders, and to files outside the tree.
    public var followsSymbolicLinks: Bool
    /// Stamp each claimed regular file as it is listed (for the cache): one `fstatat` in its
    /// open folder, cheaper than an `lstat` of its whole path later.
    public var stampsFiles = false

    public init(
        claims scanners: [any WalkClaim], skipsNonSourceFolders: Bool = false,
        followsSymbolicLinks: Bool = false
    ) {
        self.scanners = scanners
        self.skipsNonSourceFolders = skipsNonSourceFolders
        self.followsSymbolicLinks = followsSymbolicLinks
    }

    private func skips(folder name: String) -> Bool {
        skipsNonSourceFolders && (name.hasPrefix(".") || name == "DerivedData" || claimant(ofFolder: name) != nil)
    }

    /// The scanner that takes a file of this name, by its place in ``scanners``.
    private func claimant(ofFile name: String) -> Int? {
        // Asked for every file of the tree: by index, not by a closure that copied each
        // scanner (an existential) it asked.
        for index in scanners.indices where scanners[index].claims(fileNamed: name) { return index }
        return nil
    }

    /// The scanner that takes a folder of this name whole, when non-source folders are skipped.
    private func claimant(ofFolder name: String) -> Int? {
        skipsNonSourceFolders ? scanners.firstIndex { $0.claims(folderNamed: name) } : nil
    }

    /// A folder still to read.
    private struct PendingFolder: Sendable {
        var location: FileSystemPath
        /// Relative to the root, escaped for display; empty for the root.
        var relative: String
        /// Reached through a symbolic link, so opened through one.
        var throughLink: Bool
        /// Below the root, for opening its files without following links.
        var beneath: ContainedPath?
        /// Opened through ``beneath`` as well: no link on the way, not only at its end (a folder
        /// listed again on its own, whose parents the walk has not just seen).
        var opensBeneath = false
    }

    /// A folder's identity, to walk each folder once however many links lead to it.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// What reading any folder of the walk needs to know.
    private struct WalkContext: Sendable {
        let resolvedRoot: String?
        let shownRoot: String
        /// The root held open, when links are not followed.
        let root: TreeRoot?

        func shown(_ relative: String) -> String {
            relative.isEmpty ? shownRoot : shownRoot.hasSuffix("/") ? shownRoot + relative : shownRoot + "/" + relative
        }
    }

    public func walk(_ root: String) -> SourceTree {
        walk(FileSystemPath(root), shownRoot: escapedForDisplay(root))
    }

    /// Walks a folder named by its bytes (one the walk found); issues name it as `shownRoot`.
    func walk(_ root: FileSystemPath, shownRoot: String? = nil) -> SourceTree {
        var tree = SourceTree(claims: scanners)
        let held = followsSymbolicLinks ? nil : TreeRoot(path: root)
        let context = WalkContext(
            resolvedRoot: realPath(root), shownRoot: shownRoot ?? root.displayString, root: held)
        var walked: Set<FolderIdentity> = []
        var pending = [
            PendingFolder(
                location: root, relative: "", throughLink: true,
                beneath: held.map { ContainedPath(root: $0, relative: []) })
        ]
        if !followsSymbolicLinks {
            // Breadth-first until there is a subtree for every core to take, then the subtrees in
            // parallel. Links to folders are not followed, so no folder lies in two subtrees and
            // they need not share what they have walked.
            while !pending.isEmpty, pending.count < 16 {
                read(pending.removeFirst(), into: &tree, pending: &pending, walked: &walked, context: context)
            }
            // Each subtree sorts its own files, on its core.
            var subtrees = pending.concurrentMap(batchSize: 1) { folder in
                var subtree = SourceTree(claims: scanners)
                var subtreePending = [folder]
                var subtreeWalked: Set<FolderIdentity> = []
                while let next = subtreePending.popLast() {
                    read(next, into: &subtree, pending: &subtreePending, walked: &subtreeWalked, context: context)
                }
                for index in subtree.claimed.indices {
                    subtree.claimed[index].sort { $0.displayPath < $1.displayPath }
                }
                return subtree
            }
            // Every path of a subtree starts with its folder's path and a slash, and no folder's
            // is another's start: in that order, the subtrees' sorted lists follow each other.
            let order = subtrees.indices.sorted { pending[$0].relative + "/" < pending[$1].relative + "/" }
            pending = []
            for index in tree.claimed.indices {
                var below: [FoundFile] = []
                below.reserveCapacity(subtrees.reduce(0) { $0 + $1.claimed[index].count })
                for subtree in order {
                    below += subtrees[subtree].claimed[index]
                    subtrees[subtree].claimed[index] = []
                }
                tree.claimed[index].sort { $0.displayPath < $1.displayPath }
                tree.claimed[index] = Self.merged(tree.claimed[index], below)
            }
            for subtree in subtrees { tree.merge(subtree) }
        } else {
            while let folder = pending.popLast() {
                read(folder, into: &tree, pending: &pending, walked: &walked, context: context)
            }
            for index in tree.claimed.indices {
                tree.claimed[index].sort { $0.displayPath < $1.displayPath }
            }
        }
        tree.issues.sort { $0.path < $1.path }
        return tree
    }

    /// Puts the files one folder's listing added to a claim's list (from `start`; their paths
    /// share the folder's `folderBytes`) in the order of their names' first 16 bytes, which a
    /// comparison of two numbers decides. The walk's sort by path then meets them in runs, each
    /// passed with one comparison a file (Swift's sort merges the runs it finds), where the
    /// listing's hashed order took 12 String comparisons a file. Only a head start: names that
    /// share 16 bytes, or are not ASCII, are put right by that sort.
    private static func orderByName(_ files: inout [FoundFile], from start: Int, folderBytes: Int) {
        var keyed = files[start...].map { file -> (high: UInt64, low: UInt64, file: FoundFile) in
            let (high, low) =
                file.displayPath.utf8.withContiguousStorageIfAvailable { path -> (UInt64, UInt64) in
                    var (high, low): (UInt64, UInt64) = (0, 0)
                    for offset in 0..<Swift.max(0, Swift.min(16, path.count - folderBytes)) {
                        let byte = UInt64(path[folderBytes + offset])
                        if offset < 8 { high |= byte << (56 - 8 * offset) } else { low |= byte << (120 - 8 * offset) }
                    }
                    return (high, low)
                } ?? (0, 0)
            return (high, low, file)
        }
        keyed.sort { ($0.high, $0.low) < ($1.high, $1.low) }
        files.replaceSubrange(start..., with: keyed.lazy.map(\.file))
    }

    /// Two lists sorted by path, as one.
    private static func merged(_ first: [FoundFile], _ second: [FoundFile]) -> [FoundFile] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        var result: [FoundFile] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j].displayPath < first[i].displayPath {
                result.append(second[j])
                j += 1
            } else {
                result.append(first[i])
                i += 1
            }
        }
        result += first[i...]
        result += second[j...]
        return result
    }

    /// Lists one folder: files go into `tree`, subfolders onto `pending`.
    private func read(
        _ folder: PendingFolder, into tree: inout SourceTree, pending: inout [PendingFolder],
        walked: inout Set<FolderIdentity>, context: WalkContext
    ) {
        // O_NOFOLLOW: a folder swapped for a link since it was listed is not entered.
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | (folder.throughLink ? 0 : O_NOFOLLOW)
        let fd =
            folder.opensBeneath
            ? folder.beneath?.open(flags: flags) ?? -1
            : folder.location.withCString { openLeavingAccessTime($0, flags) }
        guard fd >= 0 else {
            tree.issues.append(
                WalkIssue(
                    path: context.shown(folder.relative), kind: .unreadable,
                    message: "cannot read folder: \(errnoDescription())"))
            return
        }
        var status = stat()
        fstat(fd, &status)
        let identity = FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        guard walked.insert(identity).inserted else {
            close(fd)
            tree.issues.append(
                WalkIssue(
                    path: context.shown(folder.relative), kind: .skipped,
                    message: "symbolic link to a folder already walked (a loop); not walked again"))
            return
        }
        guard let stream = fdopendir(fd) else {
            close(fd)
            tree.issues.append(
                WalkIssue(
                    path: context.shown(folder.relative), kind: .unreadable,
                    message: "cannot read folder: \(errnoDescription())"))
            return
        }
        defer { closedir(stream) }
        tree.folders.append(folder.location)
        var listing = stampsFiles && !followsSymbolicLinks && !folder.relative.isEmpty ? FolderListing() : nil
        let listedFrom = tree.claimed.map(\.count)
        defer {
            let folderBytes = folder.relative.isEmpty ? 0 : folder.relative.utf8.count + 1
            for claim in tree.claimed.indices where tree.claimed[claim].count - listedFrom[claim] > 1 {
                Self.orderByName(&tree.claimed[claim], from: listedFrom[claim], folderBytes: folderBytes)
            }
        }
        let failure = forEachEntry(of: stream) { rawName, type in
            // Classified by name with bytes that are not UTF-8 replaced: extensions are ASCII.
            let name = String(decoding: rawName, as: UTF8.self)
            // Plain names show as they are: no second decoding.
            let shownName = rawName.allSatisfy(isPlainPathByte) ? name : escapedForDisplay(rawName)
            let location = folder.location.appending(rawName)
            let displayPath = String.joinedPath(folder.relative, shownName)
            let isRegular = Int32(type) == Int32(DT_REG)
            /// The file as found, made only for an entry something claims.
            func found(beneath: ContainedPath?, stamp: FileStamp? = nil) -> FoundFile {
                FoundFile(
                    location: location, displayPath: displayPath, isListedAsRegularFile: isRegular, beneath: beneath,
                    stamp: stamp)
            }
            switch entryKind(type, name: rawName, in: dirfd(stream)) {
            case .folder:
                if let claimant = claimant(ofFolder: name) {
                    listing?.add(.claimedFolder, claimant: claimant, name: rawName)
                    tree.claimed[claimant].append(found(beneath: folder.beneath?.appending(rawName)))
                } else if !skips(folder: name) {
                    listing?.add(.folder, claimant: 0, name: rawName)
                    pending.append(
                        PendingFolder(
                            location: location, relative: displayPath, throughLink: false,
                            beneath: folder.beneath?.appending(rawName)))
                }
            case .link:
                if listing != nil {
                    // What it points to: a link turned elsewhere may lead out of the tree.
                    listing?.add(.link, claimant: 0, name: rawName, target: Self.linkText(rawName, in: dirfd(stream)))
                }
                tree.links.append(location)
                switch follow(link: location, resolvedRoot: context.resolvedRoot) {
                case .file(let target):
                    // Opened as the file the link leads to, by its own path: a link changed since
                    // leads nowhere else.
                    if let claimant = claimant(ofFile: name) {
                        tree.claimed[claimant].append(
                            found(
                                beneath: context.root.flatMap { root in
                                    target.map { ContainedPath(root: root, relative: $0) }
                                }))
                    }
                case .folder:
                    if !skips(folder: name) {
                        pending.append(PendingFolder(location: location, relative: displayPath, throughLink: true))
                        // Only with --follow-symlinks: nothing below is opened beneath the root.
                    }
                case .skipped(let reason, let alwaysReported):
                    if alwaysReported || claimant(ofFile: name) != nil {
                        tree.issues.append(
                            WalkIssue(path: context.shown(displayPath), kind: .skipped, message: reason))
                    }
                }
            case .other:
                // FIFOs and devices named like images are kept: the probe reports them
                // without opening them.
                if let claimant = claimant(ofFile: name) {
                    listing?.add(isRegular ? .file : .special, claimant: claimant, name: rawName)
                    tree.claimed[claimant].append(
                        found(
                            beneath: folder.beneath?.appending(rawName),
                            stamp: stampsFiles ? FileStamp(name: rawName, in: dirfd(stream)) : nil))
                }
            }
        }
        if let failure {
            tree.issues.append(
                WalkIssue(
                    path: context.shown(folder.relative), kind: .unreadable,
                    message: "cannot read folder to the end: \(errnoDescription(failure))"))
        } else if let listing {
            tree.listings[folder.location] = listing.digest
        }
    }

    /// What a walk that stamps files sees in the folder `relative` (bytes, `/`-separated) below
    /// `root` now: its ``SourceTree/listings`` entry, listed again; nil when it cannot be read.
    package func listing(ofFolder relative: [UInt8], below root: FileSystemPath) -> ContentDigest? {
        guard !relative.isEmpty, !followsSymbolicLinks, let held = TreeRoot(path: root) else { return nil }
        var walker = self
        walker.stampsFiles = true
        let location = root.appending(relative)
        var tree = SourceTree(claims: scanners)
        var pending: [PendingFolder] = []
        var walked: Set<FolderIdentity> = []
        walker.read(
            PendingFolder(
                location: location, relative: escapedForDisplay(relative), throughLink: false,
                beneath: ContainedPath(root: held, relative: relative), opensBeneath: true),
            into: &tree, pending: &pending, walked: &walked,
            context: WalkContext(resolvedRoot: realPath(root), shownRoot: root.displayString, root: held))
        return tree.issues.contains { $0.kind == .unreadable } ? nil : tree.listings[location]
    }

    /// The text of the link `name` in the open `folder`: at most 4,096 bytes.
    private static func linkText(_ name: [UInt8], in folder: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = (name + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { path in
                buffer.withUnsafeMutableBufferPointer { out in
                    out.withMemoryRebound(to: CChar.self) {
                        readlinkat(folder, path.baseAddress!, $0.baseAddress!, $0.count)
                    }
                }
            }
        }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    private enum EntryKind { case folder, link, other }

    private func entryKind(_ type: UInt8, name: [UInt8], in folder: Int32) -> EntryKind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            // Some file systems do not fill d_type; ask lstat.
            var status = stat()
            let found = (name + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    fstatat(folder, $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW)
                }
            }
            guard found == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }

    private enum LinkDecision {
        /// A file; inside the tree, its real path relative to the root (nil when links are followed).
        case file([UInt8]?)
        case folder
        /// Not followed. `alwaysReported`: worth a note even when the link's name is not one
        /// the walk looks for (a loop, a folder).
        case skipped(String, alwaysReported: Bool)
    }

    private func follow(link: FileSystemPath, resolvedRoot: String?) -> LinkDecision {
        var status = stat()
        guard link.withCString({ stat($0, &status) }) == 0 else {
            return errno == ELOOP
                ? .skipped("symbolic link loops; skipped", alwaysReported: true)
                : .skipped("symbolic link is broken; skipped", alwaysReported: false)
        }
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        if followsSymbolicLinks { return isFolder ? .folder : .file(nil) }
        let inside: Bool
        var relative: [UInt8]?
        if let target = link.withCString({ realpath($0, nil) }), let resolvedRoot {
            defer { free(target) }
            let resolved = String(cString: target)
            let prefix = resolvedRoot == "/" ? "/" : resolvedRoot + "/"
            inside = resolved == resolvedRoot || resolved.hasPrefix(prefix)
            // The raw bytes: a name that is not UTF-8 must open as it is spelled.
            let bytes = UnsafeRawBufferPointer(start: target, count: strlen(target))
            relative = Array(bytes.dropFirst(prefix.utf8.count))
        } else {
            inside = false
        }
        switch (isFolder, inside) {
        case (true, true):
            return .skipped(
                "symbolic link to a folder; not followed (--follow-symlinks follows it)", alwaysReported: true)
        case (true, false):
            return .skipped(
                "symbolic link to a folder outside the tree; not followed (--follow-symlinks follows it)",
                alwaysReported: true)
        case (false, false):
            return .skipped("symbolic link leads outside the tree; not followed", alwaysReported: false)
        case (false, true):
            return .file(relative)
        }
    }
}

extension SourceTree {
    /// Adds what a walk of a subtree found.
    mutating func merge(_ other: SourceTree) {
        for index in claimed.indices { claimed[index] += other.claimed[index] }
        folders += other.folders
        links += other.links
        issues += other.issues
        listings.merge(other.listings) { first, _ in first }
    }
}

/// What a walk saw in one folder, as one digest that does not depend on the listing's order:
/// the names it claimed (and for which input), the folders it walked or took whole, the links.
/// Files no input claims and folders it skips are not in it: a folder whose times changed but
/// whose listing did not (a file saved by writing a new one and renaming it over the old, an
/// editor's temporary file come and gone) holds the same files, each checked by its own stamp.
struct FolderListing {
    enum Entry: UInt8 {
        case file = 1, special, folder, claimedFolder, link
    }

    /// Each entry's hash; sorted and hashed in turn for the digest (a sum of them would be
    /// order-free too, but names can be made whose hashes sum to nothing).
    private var entries: [(UInt64, UInt64)] = []

    /// - Parameter name: the entry's name; for a link, also what it points to.
    mutating func add(_ entry: Entry, claimant: Int, name: [UInt8], target: [UInt8] = []) {
        var hash = tc_hash()
        tc_hash_init(&hash)
        // As bytes, one by one: a tuple's padding would hash whatever the stack held.
        let count = UInt32(truncatingIfNeeded: name.count)
        let tag: [UInt8] = [
            entry.rawValue, UInt8(truncatingIfNeeded: claimant), UInt8(truncatingIfNeeded: count),
            UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count >> 16),
            UInt8(truncatingIfNeeded: count >> 24),
        ]
        tag.withUnsafeBytes { tc_hash_update(&hash, $0.baseAddress, $0.count) }
        name.withUnsafeBytes { tc_hash_update(&hash, $0.baseAddress, $0.count) }
        target.withUnsafeBytes { tc_hash_update(&hash, $0.baseAddress, $0.count) }
        entries.append(Self.finished(hash))
    }

    var digest: ContentDigest {
        var hash = tc_hash()
        tc_hash_init(&hash)
        // In order, whatever order the folder listed them in.
        for entry in entries.sorted(by: { $0 < $1 }) {
            for var word in [entry.0.littleEndian, entry.1.littleEndian] {
                withUnsafeBytes(of: &word) { tc_hash_update(&hash, $0.baseAddress, $0.count) }
            }
        }
        let (high, low) = Self.finished(hash)
        return ContentDigest(kind: .bytes, high: high, low: low)
    }

    private static func finished(_ hash: tc_hash) -> (UInt64, UInt64) {
        var hash = hash
        var out: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &out) { tc_hash_final(&hash, $0.baseAddress!.assumingMemoryBound(to: UInt64.self)) }
        return out
    }
}

/// The canonical absolute path, or nil when it cannot be resolved.
package func realPath(_ path: String) -> String? {
    realPath(FileSystemPath(path))
}

/// The canonical absolute path, or nil when it cannot be resolved.
package func realPath(_ path: FileSystemPath) -> String? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
