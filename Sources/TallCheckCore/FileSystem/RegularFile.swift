#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read, in words for a report.
package struct FileReadFailure: Error, Hashable {
    package var message: String
}

/// A regular file opened for reading, with its length when it was opened (from the `fstat`
/// that checked what was opened: no second system call).
package struct OpenedFile {
    var descriptor: Int32
    var size: Int
    var device: UInt64
    var inode: UInt64

    init(descriptor: Int32, _ status: stat) {
        self.descriptor = descriptor
        size = Int(status.st_size)
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// Opens a regular file for reading in a way that cannot block.
///
/// `stat` comes first, so a FIFO, socket or device named like an image is never opened.
/// `O_NONBLOCK` covers one swapped in between `stat` and `open`, and an `fstat` of what was
/// opened checks that it is still the same regular file.
package func openRegularFile(_ path: FileSystemPath, listedAsRegular: Bool = false) -> Result<Int32, FileReadFailure> {
    openMeasuredFile(path, listedAsRegular: listedAsRegular).map(\.descriptor)
}

/// Opens a file the walk found, as ``openRegularFile(_:)-(FoundFile)`` does.
package func openRegularFile(_ file: FoundFile) -> Result<Int32, FileReadFailure> {
    openMeasuredFile(file).map(\.descriptor)
}

/// ``openRegularFile(_:listedAsRegular:)``, with the file's length.
func openMeasuredFile(_ path: FileSystemPath, listedAsRegular: Bool = false) -> Result<OpenedFile, FileReadFailure> {
    if listedAsRegular {
        // The folder listing said regular file: open it directly (O_NONBLOCK and O_NOFOLLOW
        // cover one swapped in since), and check what was opened.
        let fd = path.withCString {
            openLeavingAccessTime($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)
        }
        guard fd >= 0 else {
            return .failure(FileReadFailure(message: "cannot open: \(errnoDescription())"))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(
                FileReadFailure(message: "cannot read: the file was replaced by something else while being opened"))
        }
        return .success(OpenedFile(descriptor: fd, status))
    }
    var before = stat()
    guard path.withCString({ stat($0, &before) }) == 0 else {
        return .failure(FileReadFailure(message: "cannot read: \(errnoDescription())"))
    }
    guard before.st_mode & S_IFMT == S_IFREG else {
        return .failure(
            FileReadFailure(message: "not a regular file: it is \(fileKindDescription(mode: before.st_mode))"))
    }
    let fd = path.withCString { openLeavingAccessTime($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
    guard fd >= 0 else {
        return .failure(FileReadFailure(message: "cannot open: \(errnoDescription())"))
    }
    var after = stat()
    guard fstat(fd, &after) == 0, after.st_mode & S_IFMT == S_IFREG, after.st_dev == before.st_dev,
        after.st_ino == before.st_ino
    else {
        close(fd)
        return .failure(FileReadFailure(message: "cannot read: the file was replaced while being opened"))
    }
    return .success(OpenedFile(descriptor: fd, after))
}

/// Opens a file the walk found: below the scanned folder without following any link when the
/// walk says where (``FoundFile/beneath``), else by its path as above; with its length.
///
/// With a `cursor`, a file in the folder of the one before it is opened by its name alone.
func openMeasuredFile(_ file: FoundFile, cursor: FolderCursor? = nil) -> Result<OpenedFile, FileReadFailure> {
    guard file.beneath != nil else {
        return openMeasuredFile(file.location, listedAsRegular: file.isListedAsRegularFile)
    }
    // Opened in place, not bound to a copy: a copy retains the root every file shares, from
    // every core at once.
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
    let fd = cursor?.open(file.beneath!, flags: flags) ?? file.beneath!.open(flags: flags)
    guard fd >= 0 else {
        if errno == ELOOP || errno == EXDEV {
            return .failure(
                FileReadFailure(
                    message: "cannot open: its path now leads through a symbolic link (changed since the walk); "
                        + "not followed"))
        }
        return .failure(FileReadFailure(message: "cannot open: \(errnoDescription())"))
    }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        let kind = fileKindDescription(mode: status.st_mode)
        close(fd)
        return .failure(FileReadFailure(message: "not a regular file: it is \(kind)"))
    }
    return .success(OpenedFile(descriptor: fd, status))
}

/// The whole contents of a file the walk found, of at most `limit` bytes, read without blocking.
package func readRegularFile(_ file: FoundFile, limit: Int) -> Result<[UInt8], FileReadFailure> {
    openMeasuredFile(file).flatMap { readOpened($0, limit: limit) }
}

/// The whole contents of a regular file of at most `limit` bytes, read without blocking.
package func readRegularFile(_ path: FileSystemPath, limit: Int) -> Result<[UInt8], FileReadFailure> {
    openMeasuredFile(path).flatMap { readOpened($0, limit: limit) }
}

/// Reads an open file to its end, at most `limit` bytes, and closes it.
///
/// The buffer is sized from the length the open measured (one allocation, no zero-filled chunk
/// per file: sources are read by the thousand). A file shorter than the limit is read to that
/// length and no further: one read, not a second that only finds its end. An empty file (a
/// length some file systems give) or one at the limit or past it is read on to its end, the
/// buffer growing as it goes, and one byte past the limit is read to tell a file at the limit
/// from a larger one.
private func readOpened(_ file: OpenedFile, limit: Int) -> Result<[UInt8], FileReadFailure> {
    let fd = file.descriptor
    defer { close(fd) }
    let measured = max(file.size, 0)
    let readToMeasured = measured > 0 && measured < limit
    var capacity = readToMeasured ? measured : min(measured, limit) + 1
    var bytes: [UInt8] = []
    while true {
        let start = bytes.count
        var failed = false
        bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[..<start]).initialize(from: bytes)
            let got = readFully(
                fd, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start...])))
            failed = got == nil
            initialized = start + (got ?? 0)
        }
        if failed { return .failure(FileReadFailure(message: "cannot read: \(errnoDescription())")) }
        if bytes.count < capacity { break }  // The end of the file came before the buffer's.
        if readToMeasured, bytes.count == measured { break }
        if bytes.count > limit { break }
        capacity = min(capacity * 2, limit + 1)
    }
    guard bytes.count <= limit else {
        return .failure(FileReadFailure(message: "larger than \(limit) bytes; not read"))
    }
    return .success(bytes)
}

/// Reads a file the walk found in pieces of at most `pieceBytes`, handing each to `body`, for a
/// reader that keeps less than it reads: the file is never held whole. Fails before reading
/// when its length when opened is over `limit` bytes, and stops, failing, if it grows past
/// the limit while read (the pieces handed over by then are the caller's to drop).
package func readRegularFile(
    _ file: FoundFile, limit: Int, pieceBytes: Int = 64 << 10, pieces body: (UnsafeRawBufferPointer) -> Void
) -> Result<Void, FileReadFailure> {
    openMeasuredFile(file).flatMap { opened in
        defer { close(opened.descriptor) }
        guard opened.size <= limit else {
            return .failure(FileReadFailure(message: "larger than \(limit) bytes; not read"))
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceBytes, alignment: 1)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            guard let got = readFully(opened.descriptor, into: buffer) else {
                return .failure(FileReadFailure(message: "cannot read: \(errnoDescription())"))
            }
            total += got
            guard total <= limit else {
                return .failure(FileReadFailure(message: "larger than \(limit) bytes; not read"))
            }
            if got > 0 { body(UnsafeRawBufferPointer(rebasing: buffer[..<got])) }
            if got < pieceBytes { return .success(()) }
        }
    }
}
