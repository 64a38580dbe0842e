import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Changes files beneath a folder opened once. Every step opens the folder of the file it
/// changes from that descriptor, one component at a time without following a link
/// (``tc_open_beneath``), and acts on the file's name in that folder (`unlinkat`, `renameat`),
/// so a folder of the tree swapped for a link between a check and an act makes the act fail
/// (ELOOP) instead of leading it out of the tree. Names are never followed either: a file
/// swapped for a link is renamed or removed as the link itself.
///
/// Paths are relative to the root, `/`-separated, without `..`.
package final class TreeWriter {
    package let rootPath: String
    private let root: TreeRoot

    /// A file's identity, to tell that the file acted on is the one checked.
    package struct Identity: Hashable, Sendable {
        package var device: UInt64
        package var inode: UInt64

        package init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// A step that failed: the path and why.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package var description: String { "\(escapedForDisplay(path)): \(reason)" }

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Opens the folder at `path` (links in `path` itself are followed: the user named it).
    package init?(rootPath: String) {
        guard let root = TreeRoot(path: FileSystemPath(rootPath)) else { return nil }
        self.rootPath = rootPath
        self.root = root
    }

    /// The folder part and the name of `path`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(ofByte: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }

    /// Runs `body` with the folder holding `path` open beneath the root, and the file's name.
    private func inFolder<Result>(
        of path: String, _ body: (Int32, String) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let (folder, name) = Self.split(path)
        guard !name.isEmpty, name != ".", name != "..", !path.split(separator: "/").contains("..") else {
            throw Failure(path: path, reason: "not a name inside the folder")
        }
        let descriptor: Int32
        if folder.isEmpty {
            descriptor = dup(root.descriptor)
        } else {
            descriptor = FileSystemPath.withCString(folder) {
                tc_open_beneath(root.descriptor, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
        }
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: Self.describe(errno, opening: folder))
        }
        defer { close(descriptor) }
        return try body(descriptor, name)
    }

    private static func describe(_ code: Int32, opening folder: String) -> String {
        switch code {
        // A link on the way is ELOOP, or ENOTDIR where the link is the last component.
        case ELOOP, EXDEV, ENOTDIR:
            "its folder \(escapedForDisplay(folder)) is no longer a folder reached without a symbolic link; not changed"
        default: "cannot open its folder: \(errnoDescription(code))"
        }
    }

    /// What `path` is now, without following a link; nil when it does not exist.
    package func status(_ path: String) throws(Failure) -> stat? {
        try inFolder(of: path) { folder, name throws(Failure) in
            var status = stat()
            guard FileSystemPath.withCString(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                guard errno == ENOENT else { throw Failure(path: path, reason: errnoDescription()) }
                return nil
            }
            return status
        }
    }

    /// The identity and mode of the regular file at `path`; a link, a folder or a special file
    /// is refused.
    package func regularFile(_ path: String) throws(Failure) -> (identity: Identity, mode: mode_t) {
        guard let status = try status(path) else { throw Failure(path: path, reason: errnoDescription(ENOENT)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(
                path: path,
                reason: "not a regular file (\(fileKindDescription(mode: status.st_mode))); a link or a special file is never changed")
        }
        return (Identity(status), status.st_mode)
    }

    /// Whether `path` is a folder, reached without a link.
    package func isFolder(_ path: String) -> Bool {
        guard let status = try? status(path) else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// At most `limit` bytes of the regular file at `path`.
    package func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        try inFolder(of: path) { folder, name throws(Failure) in
            let descriptor = FileSystemPath.withCString(name) {
                openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            }
            guard descriptor >= 0 else { throw Failure(path: path, reason: errnoDescription()) }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(path: path, reason: "not a regular file")
            }
            var bytes = [UInt8](repeating: 0, count: min(limit, Int(max(status.st_size, 0)) + 1))
            guard let count = bytes.withUnsafeMutableBytes({ readFully(descriptor, into: $0) }) else {
                throw Failure(path: path, reason: errnoDescription())
            }
            return Array(bytes[..<count])
        }
    }

    /// Writes `bytes` to a new file at `path` (never one that exists: `O_EXCL`), with `mode`,
    /// and flushes it to disk; its identity. On failure no file is left.
    package func create(_ path: String, bytes: [UInt8], mode: mode_t) throws(Failure) -> Identity {
        try inFolder(of: path) { folder, name throws(Failure) in
            let descriptor = FileSystemPath.withCString(name) {
                openat(folder, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else {
                throw Failure(path: path, reason: errno == EEXIST ? "exists already; not written over" : errnoDescription())
            }
            var written = 0
            var ok = bytes.withUnsafeBytes { buffer -> Bool in
                while written < buffer.count {
                    let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return false }
                    written += count
                }
                return true
            }
            ok = ok && fchmod(descriptor, mode & 0o7777) == 0 && fsync(descriptor) == 0
            var status = stat()
            ok = ok && fstat(descriptor, &status) == 0
            let reason = errnoDescription()
            ok = close(descriptor) == 0 && ok
            guard ok else {
                _ = FileSystemPath.withCString(name) { unlinkat(folder, $0, 0) }
                throw Failure(path: path, reason: "cannot write: \(reason)")
            }
            return Identity(status)
        }
    }

    /// Renames `from` to `to` in the same folder. With `replacing`, what `to` names goes (the
    /// staged edit of a file taking its place); without, an existing `to` fails the rename.
    package func rename(_ from: String, to: String, replacing: Bool) throws(Failure) {
        guard Self.split(from).folder == Self.split(to).folder else {
            throw Failure(path: to, reason: "not in the folder of \(escapedForDisplay(from)); not renamed")
        }
        let newName = Self.split(to).name
        try inFolder(of: from) { folder, name throws(Failure) in
            let result = FileSystemPath.withCString(name) { old in
                FileSystemPath.withCString(newName) { new in
                    replacing ? renameat(folder, old, folder, new) : tc_rename_noreplace(folder, old, folder, new)
                }
            }
            guard result == 0 else {
                throw Failure(path: from, reason: errno == EEXIST ? "\(escapedForDisplay(to)) exists; not renamed over" : errnoDescription())
            }
        }
    }

    /// Removes the file at `path` when it is still the one identified (a regular file).
    package func remove(_ path: String, expecting identity: Identity) throws(Failure) {
        try inFolder(of: path) { folder, name throws(Failure) in
            var status = stat()
            guard FileSystemPath.withCString(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                throw Failure(path: path, reason: errnoDescription())
            }
            guard status.st_mode & S_IFMT == S_IFREG, Identity(status) == identity else {
                throw Failure(path: path, reason: "replaced since it was checked; not deleted")
            }
            guard FileSystemPath.withCString(name, { unlinkat(folder, $0, 0) }) == 0 else {
                throw Failure(path: path, reason: errnoDescription())
            }
        }
    }

    /// Removes the name `path` whatever file it is (never a folder): for this tool's own
    /// temporary files.
    package func removeName(_ path: String) {
        _ = try? inFolder(of: path) { folder, name throws(Failure) in
            _ = FileSystemPath.withCString(name) { unlinkat(folder, $0, 0) }
        }
    }

    /// Removes the folder at `path` if it is empty; false when it is not or cannot be.
    @discardableResult
    package func removeEmptyFolder(_ path: String) -> Bool {
        (try? inFolder(of: path) { folder, name throws(Failure) in
            FileSystemPath.withCString(name) { unlinkat(folder, $0, AT_REMOVEDIR) } == 0
        }) ?? false
    }

    /// Flushes the folder holding `path`, so that the renames in it are on disk.
    package func syncFolder(of path: String) {
        _ = try? inFolder(of: path) { folder, _ throws(Failure) in _ = fsync(folder) }
    }
}
