import CFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scanned folder, held open for as long as files found in it may be opened, so that
/// each is opened relative to it and never through a link (``ContainedPath``).
public final class TreeRoot: Sendable, Hashable {
    let descriptor: Int32

    /// Opens the folder at `path`; nil when it cannot be opened.
    package init?(path: FileSystemPath) {
        let fd = path.withCString { openLeavingAccessTime($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit { close(descriptor) }

    public static func == (lhs: TreeRoot, rhs: TreeRoot) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A file as a path below the scanned folder, to be opened without following any link: a
/// file or folder swapped for a link after the walk saw it cannot lead the open elsewhere.
public struct ContainedPath: Sendable, Hashable {
    public let root: TreeRoot
    /// Relative to the root, `/`-separated, as the file system spells it; no `..`.
    public let relative: [UInt8]

    package init(root: TreeRoot, relative: [UInt8]) {
        self.root = root
        self.relative = relative
    }

    /// Opens it with `flags` (O_NOATIME added and dropped where refused).
    func open(flags: Int32) -> Int32 {
        relative.withUnsafeBytes { bytes in
            withCString(bytes) { tc_open_beneath(root.descriptor, $0, flags | tc_o_noatime()) }
        }
    }

    /// The same folder, one name further down.
    func appending(_ name: [UInt8]) -> ContainedPath {
        guard !relative.isEmpty else { return ContainedPath(root: root, relative: name) }
        return ContainedPath(root: root, relative: joinedPathBytes(relative, name, slash: true))
    }
}

/// `bytes` as a NUL-terminated C string on the stack (one copy, no array made), for `body`.
private func withCString<Result>(
    _ bytes: UnsafeRawBufferPointer, _ body: (UnsafePointer<CChar>) -> Result
) -> Result {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
        if !bytes.isEmpty {
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
        buffer[bytes.count] = 0
        return body(buffer.baseAddress!)
    }
}

/// Opens files below a root folder by folder: the folder of the last file stays open, and each
/// file after it in that folder is opened by its name alone, one path component for the kernel
/// to look up instead of the whole path from the root (a cold lint opens 20,000 files, most
/// in runs of hundreds per folder). The folder is opened as ``ContainedPath/open(flags:)``
/// opens a file, beneath the root without following a link, and the name without following
/// one either, so what is opened lies beneath the root as before; a folder that cannot be
/// opened so leaves each of its files to ``ContainedPath/open(flags:)``, with its errors. A
/// folder held open stays the one that was opened: renamed or moved meanwhile, its next files
/// are opened in it (for at most one batch), as a walk lists a folder it holds open; a link
/// put in its place is never followed.
///
/// One per batch of files on one thread, never shared: it is not Sendable.
final class FolderCursor {
    private var root: TreeRoot?
    private var folder: [UInt8] = []
    private var descriptor: Int32 = -1

    init() {}

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Opens `path` with `flags`, as ``ContainedPath/open(flags:)`` does.
    func open(_ path: ContainedPath, flags: Int32) -> Int32 {
        path.relative.withUnsafeBytes { relative in
            // A file at the top of the root is one component already.
            guard let slash = relative.lastIndex(of: UInt8(ascii: "/")), slash > 0, slash < relative.count - 1 else {
                return path.open(flags: flags)
            }
            let folderBytes = UnsafeRawBufferPointer(rebasing: relative[..<slash])
            if root !== path.root || !folder.withUnsafeBytes({ Self.same($0, folderBytes) }) {
                if descriptor >= 0 { close(descriptor) }
                root = path.root
                folder = Array(folderBytes)
                descriptor = withCString(folderBytes) {
                    tc_open_beneath(path.root.descriptor, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC | tc_o_noatime())
                }
            }
            guard descriptor >= 0 else { return path.open(flags: flags) }
            return withCString(UnsafeRawBufferPointer(rebasing: relative[(slash + 1)...])) {
                tc_open_in_folder(descriptor, $0, flags | tc_o_noatime())
            }
        }
    }

    private static func same(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        first.count == second.count
            && (first.isEmpty || memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0)
    }
}
