import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be written.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "\(path): cannot write: \(reason)" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Writes `text` to `path` so that readers see the old file or the whole new one, never a
/// part: into a temporary file in the same folder, flushed to disk, then renamed over `path`.
/// Only a regular file is ever replaced (``WriteDestination``). The new file gets the
/// permissions a plain create would (0666 less the umask).
public func writeAtomically(_ text: String, to path: String) throws(FileWriteError) {
    try writeAtomically(bytes: Array(text.utf8), to: path)
}

/// The same for bytes. `durable: false` skips the `fsync`: for files whose loss costs nothing
/// (a cache), a reader still sees the old file or the whole new one.
package func writeAtomically(bytes contents: [UInt8], to path: String, durable: Bool = true) throws(FileWriteError) {
    try WriteDestination(path: path).replace(with: contents, durable: durable)
}

/// Where a file the tool writes outside `fix` goes (a report, a stamp, a baseline, a cache
/// file): a name in a folder held open.
///
/// The folder is opened once, by the path the user gave less its last component (links on the
/// way are followed: the user typed that folder); every later step is relative to it and
/// follows no link. What the name may be:
///
/// - absent: it is created;
/// - a regular file: it is replaced, through a temporary file made beside it with `O_EXCL` and
///   renamed over it (``tc_replace_in_folder``);
/// - a character device or a FIFO: written to as a stream, only when the caller allows streams
///   (`--output /dev/null`); a stamp, a baseline or a cache file never replaces one;
/// - a symbolic link: written through only when its text, resolved from the same folder
///   descriptor without `..`, without a leading `/` and without following another link, names a
///   regular file that exists. Anything else is refused, a link to a missing file too: creating
///   the file a link names would let whoever wrote the link choose where a new file appears,
///   while replacing an existing regular file inside the folder the user named only ever
///   changes a file already there;
/// - anything else (a folder, a socket, a block device): refused.
///
/// A refusal throws a ``FileWriteError`` naming the path and what it is; nothing is removed.
package final class WriteDestination {
    package enum Kind: Equatable, Sendable {
        case absent, regularFile, stream
    }

    /// The path as given, for messages.
    package let path: String
    /// What the name was when the destination was opened.
    package let kind: Kind
    private let allowsStreams: Bool
    /// The folder the path names, held open.
    private let folder: Int32
    /// The last component of the path: one name in `folder`.
    private let name: [UInt8]

    /// Opens the folder `path` names and looks at its last component.
    /// - Parameter allowsStreams: whether a character device or a FIFO may be written to (`--output`).
    package init(path: String, allowsStreams: Bool = false) throws(FileWriteError) {
        self.path = path
        self.allowsStreams = allowsStreams
        let bytes = FileSystemPath(path).bytes
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let name = Array(slash.map { bytes[($0 + 1)...] } ?? bytes[...])
        guard !name.isEmpty, name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else {
            throw FileWriteError(path: path, reason: "a folder, not a file")
        }
        let folderPath: [UInt8] = slash.map { $0 == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<$0]) } ?? [UInt8(ascii: ".")]
        let folder = FileSystemPath(bytes: folderPath).withCString { tc_open_folder($0) }
        guard folder >= 0 else {
            throw FileWriteError(path: path, reason: "cannot open its folder: \(errnoDescription())")
        }
        self.folder = folder
        self.name = name
        do {
            let target = try Self.resolve(name, in: folder, path: path, allowsStreams: allowsStreams)
            kind = target.kind
            target.release(unless: folder)
        } catch {
            close(folder)
            throw error
        }
    }

    deinit { close(folder) }

    /// The file a write changes: a folder descriptor (`folder` itself, or one opened beneath it
    /// for a link's target), a name in it and what that name is.
    private struct Target {
        var folder: Int32
        var name: [UInt8]
        var kind: Kind

        /// Closes the folder when it is one opened for a link's target.
        func release(unless held: Int32) {
            if folder != held { close(folder) }
        }
    }

    /// What `name` in `folder` is, and where a write to it goes (see the type's rules).
    private static func resolve(
        _ name: [UInt8], in folder: Int32, path: String, allowsStreams: Bool
    ) throws(FileWriteError) -> Target {
        var status = stat()
        guard withCName(name, { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            guard errno == ENOENT else { throw FileWriteError(path: path, reason: errnoDescription()) }
            return Target(folder: folder, name: name, kind: .absent)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return Target(folder: folder, name: name, kind: .regularFile)
        case S_IFCHR where allowsStreams, S_IFIFO where allowsStreams:
            return Target(folder: folder, name: name, kind: .stream)
        case S_IFLNK:
            return try linkTarget(name, in: folder, path: path)
        case S_IFDIR:
            throw FileWriteError(path: path, reason: "a folder, not a file")
        default:
            throw FileWriteError(
                path: path,
                reason: "\(fileKindDescription(mode: status.st_mode)), not a regular file; only a regular file is "
                    + "ever replaced")
        }
    }

    /// Where the link `name` in `folder` leads, when that is a regular file that exists beneath
    /// `folder`, reached without `..`, an absolute path or another link.
    private static func linkTarget(_ name: [UInt8], in folder: Int32, path: String) throws(FileWriteError) -> Target {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let length = withCName(name) { link in
            buffer.withUnsafeMutableBufferPointer { out in
                out.withMemoryRebound(to: CChar.self) { readlinkat(folder, link, $0.baseAddress!, $0.count) }
            }
        }
        guard length >= 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
        let text = Array(buffer[..<length])
        func refused(_ why: String) -> FileWriteError {
            FileWriteError(path: path, reason: "a symbolic link to \(escapedForDisplay(text)), \(why); not written")
        }
        let components = text.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard text.first != UInt8(ascii: "/"), length < buffer.count,
            !components.contains(where: { $0.elementsEqual("..".utf8) })
        else { throw refused("outside its folder") }
        let slash = text.lastIndex(of: UInt8(ascii: "/"))
        let targetName = Array(slash.map { text[($0 + 1)...] } ?? text[...])
        guard !targetName.isEmpty, !targetName.elementsEqual(".".utf8) else { throw refused("a folder") }
        var targetFolder = folder
        if let slash, slash > 0 {
            targetFolder = withCName(Array(text[..<slash])) {
                tc_open_beneath(folder, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            }
            guard targetFolder >= 0 else {
                throw refused("whose folder cannot be reached inside its own without a link (\(errnoDescription()))")
            }
        }
        var status = stat()
        let found = withCName(targetName) { fstatat(targetFolder, $0, &status, AT_SYMLINK_NOFOLLOW) }
        guard found == 0, status.st_mode & S_IFMT == S_IFREG else {
            let saved = errno
            if targetFolder != folder { close(targetFolder) }
            throw refused(
                found == 0
                    ? "\(fileKindDescription(mode: status.st_mode)), not a regular file"
                    : saved == ENOENT ? "a file that does not exist" : errnoDescription(saved))
        }
        return Target(folder: targetFolder, name: targetName, kind: .regularFile)
    }

    /// Writes `bytes` there: a stream as it is; otherwise the file is replaced whole
    /// (``tc_replace_in_folder``), `fsync`ed unless `durable` is false.
    package func write(_ bytes: [UInt8], durable: Bool = true) throws(FileWriteError) {
        let target = try Self.resolve(name, in: folder, path: path, allowsStreams: allowsStreams)
        defer { target.release(unless: folder) }
        if target.kind == .stream {
            try writeStream(bytes, to: target)
        } else {
            try replace(bytes, in: target, durable: durable)
        }
    }

    /// Replaces or creates the file with `bytes`; a stream is refused.
    package func replace(with bytes: [UInt8], durable: Bool = true) throws(FileWriteError) {
        let target = try Self.resolve(name, in: folder, path: path, allowsStreams: false)
        defer { target.release(unless: folder) }
        try replace(bytes, in: target, durable: durable)
    }

    private func replace(_ bytes: [UInt8], in target: Target, durable: Bool) throws(FileWriteError) {
        let result = withCName(target.name) { name in
            bytes.withUnsafeBytes { tc_replace_in_folder(target.folder, name, $0.baseAddress, $0.count, durable ? 1 : 0) }
        }
        if result == TC_REPLACE_NOT_REGULAR {
            throw FileWriteError(path: path, reason: "it stopped being a regular file while it was written; not replaced")
        }
        guard result == 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
    }

    /// Removes the name the path gives, when it is a regular file or a link to one (the link,
    /// not its target); a name that is not there is no error.
    package func remove() throws(FileWriteError) {
        let target = try Self.resolve(name, in: folder, path: path, allowsStreams: false)
        target.release(unless: folder)
        guard target.kind != .absent else { return }
        guard withCName(name, { unlinkat(folder, $0, 0) }) == 0 || errno == ENOENT else {
            throw FileWriteError(path: path, reason: "cannot remove it: \(errnoDescription())")
        }
    }

    /// Writes to a character device or a FIFO. O_NONBLOCK for the open: a FIFO nobody reads
    /// fails at once (ENXIO) instead of hanging.
    private func writeStream(_ bytes: [UInt8], to target: Target) throws(FileWriteError) {
        let fd = withCName(target.name) {
            openat(target.folder, $0, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            throw FileWriteError(path: path, reason: errno == ENXIO ? "a FIFO that nobody reads" : errnoDescription())
        }
        var status = stat()
        guard fstat(fd, &status) == 0, [S_IFCHR, S_IFIFO].contains(status.st_mode & S_IFMT) else {
            close(fd)
            throw FileWriteError(path: path, reason: "it stopped being a device or a FIFO; not written")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let written = bytes.withUnsafeBytes { tc_write_all(fd, $0.baseAddress, $0.count) }
        let saved = errno
        let closed = close(fd)
        guard written == 0 else { throw FileWriteError(path: path, reason: errnoDescription(saved)) }
        guard closed == 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
    }
}

/// `name` (one path component, bytes) as a C string, for `body`.
private func withCName<Result>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
    FileSystemPath(bytes: name).withCString(body)
}

/// Where `--output` sends a report.
public enum OutputTarget: Equatable, Sendable {
    /// `-` or `/dev/stdout`: standard output.
    case standardOutput
    /// `/dev/stderr`: standard error, written to as it is.
    case standardError
    /// A path to write atomically: a regular file, a new name, or the regular file a link
    /// leads to inside its own folder (``WriteDestination``).
    case file(String)
    /// A character device or a FIFO with a reader, written to as it is (`/dev/null`).
    case stream(String)

    /// Decides how to write to `path` without destroying what is there: a device, a FIFO or a
    /// link is never replaced by a regular file, and nothing is written out of the folder the
    /// path names.
    public init(path: String) throws(FileWriteError) {
        if path == "-" || path == "/dev/stdout" || path == "/proc/self/fd/1" || path == "/dev/fd/1" {
            self = .standardOutput
            return
        }
        if path == "/dev/stderr" || path == "/proc/self/fd/2" || path == "/dev/fd/2" {
            self = .standardError
            return
        }
        let destination = try WriteDestination(path: path, allowsStreams: true)
        self = destination.kind == .stream ? .stream(path) : .file(path)
    }

    /// Writes `text` there; for `.standardOutput`, nothing: the caller prints it.
    public func write(_ text: String) throws(FileWriteError) {
        switch self {
        case .standardOutput:
            return
        case .standardError:
            let written = Array(text.utf8).withUnsafeBytes { tc_write_all(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard written == 0 else { throw FileWriteError(path: "standard error", reason: errnoDescription()) }
        case .file(let path), .stream(let path):
            // The folder is opened again and the name looked at again: it may have changed.
            try WriteDestination(path: path, allowsStreams: true).write(Array(text.utf8))
        }
    }
}
