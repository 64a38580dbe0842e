#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An image file found in a tree.
public struct FoundImage: Sendable, Hashable {
    /// The path to open it by.
    public var path: String
    /// The path relative to the folder that was searched, as reports show it.
    public var displayPath: String
}

/// Something the tree walk could not do, for a path.
public struct WalkIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// A folder could not be read: part of the tree went unchecked.
        case unreadable
        /// An entry was left out on purpose (a symbolic link, say).
        case skipped
    }

    public var path: String
    public var kind: Kind
    public var message: String

    public var description: String { "\(path): \(message)" }
}

/// Finds image files, by name, under a folder: every file whose name ends in an image
/// extension, in any case. What each file really is, is the probe's business.
///
/// Symbolic links are not followed into folders; a link to a file is followed only when the
/// file lies inside the tree.
public struct ImageFileFinder: Sendable {
    public init() {}

    public func findImages(under root: String) -> (images: [FoundImage], issues: [WalkIssue]) {
        var images: [FoundImage] = []
        var issues: [WalkIssue] = []
        let resolvedRoot = realPath(root)
        var pending: [(path: String, relative: String)] = [(root, "")]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder.path) else {
                issues.append(
                    WalkIssue(
                        path: folder.path, kind: .unreadable, message: "cannot read folder: \(errnoDescription())"))
                continue
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let rawName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix(while: { $0 != 0 }))
                }
                if rawName == [0x2E] || rawName == [0x2E, 0x2E] { continue }
                guard let name = String(validating: rawName, as: UTF8.self) else {
                    let shown = String(decoding: rawName, as: UTF8.self)
                    issues.append(
                        WalkIssue(
                            path: join(folder.path, shown), kind: .skipped, message: "name is not valid UTF-8; skipped")
                    )
                    continue
                }
                let path = join(folder.path, name)
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                switch entryKind(entry.pointee.d_type, path: path) {
                case .folder:
                    pending.append((path, relative))
                case .link:
                    if let issue = linkIssue(path: path, resolvedRoot: resolvedRoot) {
                        if ImageFormat.hasImageExtension(name) { issues.append(issue) }
                    } else if ImageFormat.hasImageExtension(name) {
                        images.append(FoundImage(path: path, displayPath: relative))
                    }
                case .other:
                    // FIFOs and devices named like images are kept: the probe reports them
                    // without opening them.
                    if ImageFormat.hasImageExtension(name) {
                        images.append(FoundImage(path: path, displayPath: relative))
                    }
                }
            }
        }
        images.sort { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
        return (images, issues)
    }

    private enum EntryKind { case folder, link, other }

    private func entryKind(_ type: UInt8, path: String) -> EntryKind {
        switch Int32(type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_UNKNOWN):
            // Some file systems do not fill d_type; ask lstat.
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }

    /// Nil when a link may be followed: it leads to a file inside the tree.
    private func linkIssue(path: String, resolvedRoot: String?) -> WalkIssue? {
        guard let target = realPath(path) else {
            return WalkIssue(path: path, kind: .skipped, message: "symbolic link is broken or loops; skipped")
        }
        guard let resolvedRoot, target.hasPrefix(resolvedRoot == "/" ? "/" : resolvedRoot + "/") else {
            return WalkIssue(path: path, kind: .skipped, message: "symbolic link leads outside the tree; not followed")
        }
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            return WalkIssue(path: path, kind: .skipped, message: "symbolic link to a folder; not followed")
        }
        return nil
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// The canonical absolute path, or nil when it cannot be resolved.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
