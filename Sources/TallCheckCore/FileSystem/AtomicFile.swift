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
/// The new file gets the permissions a plain create would (0666 less the umask).
public func writeAtomically(_ text: String, to path: String) throws(FileWriteError) {
    try writeAtomically(bytes: Array(text.utf8), to: path)
}

/// The same for bytes. `durable: false` skips the `fsync`: for files whose loss costs nothing
/// (a cache), a reader still sees the old file or the whole new one.
package func writeAtomically(bytes contents: [UInt8], to path: String, durable: Bool = true) throws(FileWriteError) {
    let bytes = FileSystemPath(path).bytes
    let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
    let folder = slash.map { Array(bytes[...$0]) } ?? []
    let name = slash.map { Array(bytes[($0 + 1)...]) } ?? bytes
    var template = (folder + [UInt8(ascii: ".")] + name + Array(".tmp-XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
    let temporary = template
    func fail(_ reason: String) -> FileWriteError {
        close(descriptor)
        unlink(temporary)
        return FileWriteError(path: path, reason: reason)
    }
    guard writeAll(contents, to: descriptor) else { throw fail(errnoDescription()) }
    let mask = umask(0)
    umask(mask)
    guard fchmod(descriptor, 0o666 & ~mask) == 0, !durable || fsync(descriptor) == 0 else {
        throw fail(errnoDescription())
    }
    guard close(descriptor) == 0 else {
        unlink(temporary)
        throw FileWriteError(path: path, reason: errnoDescription())
    }
    guard FileSystemPath.withCString(path, { rename(temporary, $0) }) == 0 else {
        let reason = errnoDescription()
        unlink(temporary)
        throw FileWriteError(path: path, reason: reason)
    }
}

/// Where `--output` sends a report.
public enum OutputTarget: Equatable, Sendable {
    /// `-` or `/dev/stdout`: standard output.
    case standardOutput
    /// A path to write atomically (a regular file, a new name, or the file a link inside the
    /// named folder points to).
    case file(String)
    /// A character device or a FIFO with a reader, written to as it is (`/dev/null`).
    case stream(String)

    /// Decides how to write to `path` without destroying what is there: a device, a FIFO or a
    /// link is never replaced by a regular file.
    public init(path: String) throws(FileWriteError) {
        if path == "-" || path == "/dev/stdout" || path == "/proc/self/fd/1" {
            self = .standardOutput
            return
        }
        var status = stat()
        guard FileSystemPath.withCString(path, { lstat($0, &status) }) == 0 else {
            guard errno == ENOENT else { throw FileWriteError(path: path, reason: errnoDescription()) }
            self = .file(path)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            self = .file(path)
        case S_IFCHR, S_IFIFO:
            self = .stream(path)
        case S_IFLNK:
            // Written through to its target when the target stays in the folder the link is in.
            let slash = path.lastIndex(ofByte: UInt8(ascii: "/"))
            let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
            guard let base = realPath(folder) else { throw FileWriteError(path: path, reason: errnoDescription()) }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = FileSystemPath.withCString(path) { readlink($0, &target, Int(PATH_MAX)) }
            guard length > 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
            let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let joined = text.hasPrefix("/") ? text : base + "/" + text
            let resolved = realPath(joined)
            let inside = (resolved ?? joined).hasPrefix(base == "/" ? "/" : base + "/")
            guard inside, !text.split(separator: "/").contains("..") || resolved != nil else {
                throw FileWriteError(
                    path: path, reason: "a symbolic link to \(escapedForDisplay(text)), outside its folder; not written"
                )
            }
            self = try OutputTarget(path: resolved ?? joined)
        case S_IFDIR:
            throw FileWriteError(path: path, reason: "a folder")
        default:
            throw FileWriteError(
                path: path, reason: "not a regular file: it is \(fileKindDescription(mode: status.st_mode))")
        }
    }

    /// Writes `text` there; for `.standardOutput`, nothing: the caller prints it.
    public func write(_ text: String) throws(FileWriteError) {
        switch self {
        case .standardOutput:
            return
        case .file(let path):
            try writeAtomically(text, to: path)
        case .stream(let path):
            // O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of hanging.
            let descriptor = FileSystemPath.withCString(path) { open($0, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
            guard descriptor >= 0 else {
                throw FileWriteError(
                    path: path, reason: errno == ENXIO ? "a FIFO that nobody reads" : errnoDescription())
            }
            defer { close(descriptor) }
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
            guard writeAll(Array(text.utf8), to: descriptor) else {
                throw FileWriteError(path: path, reason: errnoDescription())
            }
        }
    }
}

/// Writes every byte, retrying after signals; false on an error (errno says which).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        written += count
    }
    return true
}
