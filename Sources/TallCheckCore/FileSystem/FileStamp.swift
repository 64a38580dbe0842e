#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's identity and times: any write changes the change time, even one that restores the
/// size and modification time. What the cache keys a file's facts by (``ScanCache/Stamp``).
public struct FileStamp: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: UInt64
    package var modified: UInt64
    package var changed: UInt64

    /// The stamp of a regular file, without following a link; nil for anything else.
    init?(_ location: FileSystemPath) {
        var status = stat()
        guard location.withCString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        self.init(status)
    }

    /// The stamp of the regular file `name` in the open `folder`, without following a link
    /// (one name to look up, not a whole path); nil for anything else.
    init?(name: [UInt8], in folder: Int32) {
        var status = stat()
        let found = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fstatat(folder, $0.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) }
        }
        guard found == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(status)
    }

    /// The stamp of what `stat` or `lstat` described.
    package init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = UInt64(status.st_size)
        modified = UInt64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ UInt64(status.st_mtim.tv_nsec)
        changed = UInt64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ UInt64(status.st_ctim.tv_nsec)
    }

    package init(device: UInt64, inode: UInt64, size: UInt64, modified: UInt64, changed: UInt64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }
}
