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
}

/// Writes `text` to `path` so that readers see the old file or the whole new one, never a
/// part: into a temporary file in the same folder, flushed to disk, then renamed over `path`.
/// The new file gets the permissions a plain create would (0666 less the umask).
public func writeAtomically(_ text: String, to path: String) throws(FileWriteError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((folder + "." + name + ".tmp-XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw FileWriteError(path: path, reason: errnoDescription()) }
    let temporary = String(cString: template)
    func fail(_ reason: String) -> FileWriteError {
        close(descriptor)
        unlink(temporary)
        return FileWriteError(path: path, reason: reason)
    }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw fail(errnoDescription()) }
        written += count
    }
    let mask = umask(0)
    umask(mask)
    guard fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0 else { throw fail(errnoDescription()) }
    guard close(descriptor) == 0 else {
        unlink(temporary)
        throw FileWriteError(path: path, reason: errnoDescription())
    }
    guard rename(temporary, path) == 0 else {
        let reason = errnoDescription()
        unlink(temporary)
        throw FileWriteError(path: path, reason: reason)
    }
}
