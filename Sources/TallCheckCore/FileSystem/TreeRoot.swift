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
        // A NUL-terminated copy on the stack, not a new array for every file.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: relative.count + 1) { buffer in
            relative.withUnsafeBytes { bytes in
                _ = UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, from: bytes)
            }
            buffer[relative.count] = 0
            return tc_open_beneath(root.descriptor, buffer.baseAddress!, flags | tc_o_noatime())
        }
    }

    /// The same folder, one name further down.
    func appending(_ name: [UInt8]) -> ContainedPath {
        guard !relative.isEmpty else { return ContainedPath(root: root, relative: name) }
        var joined: [UInt8] = []
        joined.reserveCapacity(relative.count + 1 + name.count)
        joined += relative
        joined.append(UInt8(ascii: "/"))
        joined += name
        return ContainedPath(root: root, relative: joined)
    }
}
