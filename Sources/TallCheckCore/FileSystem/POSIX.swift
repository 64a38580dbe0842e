import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of the C library's current `errno`.
package func errnoDescription(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

/// What kind of file a `stat` mode describes, in words for messages.
func fileKindDescription(mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
}

/// Reads until `buffer` is full or the file ends, retrying interrupted reads.
/// Returns the byte count, or nil with `errno` set on an I/O error.
func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    var filled = 0
    while filled < buffer.count {
        let got = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
        if got > 0 {
            filled += got
        } else if got == 0 {
            break
        } else if errno != EINTR {
            return nil
        }
    }
    return filled
}

/// Reads `count` bytes at `offset` without moving the file position.
/// Returns fewer bytes at the end of the file, nil on an I/O error.
func readBytes(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = bytes.withUnsafeMutableBytes { raw in
            pread(fd, raw.baseAddress! + filled, count - filled, off_t(offset + filled))
        }
        if got > 0 {
            filled += got
        } else if got == 0 {
            break
        } else if errno != EINTR {
            return nil
        }
    }
    return Array(bytes[..<filled])
}

/// `open`, asking the kernel not to update the access time (`O_NOATIME`, Linux; allowed for
/// the file's owner and for root), so that a lint leaves every file's times as they were. Where
/// the kernel refuses it (EPERM: another user's file), the file is opened without it.
func openLeavingAccessTime(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    let noAccessTime = tc_o_noatime()
    if noAccessTime != 0 {
        let fd = open(path, flags | noAccessTime)
        if fd >= 0 || errno != EPERM { return fd }
    }
    return open(path, flags)
}
