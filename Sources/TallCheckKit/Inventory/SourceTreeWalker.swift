#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file found in a tree.
public struct FoundFile: Sendable, Hashable {
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

/// What a walk of an app's source folder found.
public struct SourceTree: Sendable {
    /// Files whose names end in an image extension, in any case, sorted by path. What each file
    /// really is, is the probe's business.
    public var images: [FoundFile] = []
    /// Files named `Info.plist` or `*-Info.plist`, sorted by path.
    public var propertyLists: [FoundFile] = []
    /// Xcode `project.pbxproj` files, sorted by path.
    public var projectFiles: [FoundFile] = []
    /// Asset catalog folders (`*.xcassets`), not descended into when non-source folders are
    /// skipped: the catalog reader reads them.
    public var assetCatalogs: [FoundFile] = []
    public var issues: [WalkIssue] = []
}

/// Walks a folder with `readdir`, classifying files by name.
///
/// Symbolic links are not followed into folders; a link to a file is followed only when the
/// file lies inside the tree.
public struct SourceTreeWalker: Sendable {
    /// Folders a lint leaves out: hidden ones (`.git`) and `DerivedData`. Asset catalogs are
    /// listed, not walked: their images are not loose files.
    public var skipsNonSourceFolders: Bool

    public init(skipsNonSourceFolders: Bool = false) {
        self.skipsNonSourceFolders = skipsNonSourceFolders
    }

    private func skips(folder name: String) -> Bool {
        skipsNonSourceFolders && (name.hasPrefix(".") || name == "DerivedData" || name.hasSuffix(".xcassets"))
    }

    public func walk(_ root: String) -> SourceTree {
        var tree = SourceTree()
        let resolvedRoot = realPath(root)
        var pending: [(path: String, relative: String)] = [(root, "")]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder.path) else {
                tree.issues.append(
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
                    tree.issues.append(
                        WalkIssue(
                            path: join(folder.path, shown), kind: .skipped, message: "name is not valid UTF-8; skipped")
                    )
                    continue
                }
                let path = join(folder.path, name)
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                switch entryKind(entry.pointee.d_type, path: path) {
                case .folder:
                    if skipsNonSourceFolders, name.hasSuffix(".xcassets") {
                        tree.assetCatalogs.append(FoundFile(path: path, displayPath: relative))
                    } else if !skips(folder: name) {
                        pending.append((path, relative))
                    }
                case .link:
                    if let issue = linkIssue(path: path, resolvedRoot: resolvedRoot) {
                        if ImageFormat.hasImageExtension(name) { tree.issues.append(issue) }
                    } else {
                        tree.add(FoundFile(path: path, displayPath: relative), named: name)
                    }
                case .other:
                    // FIFOs and devices named like images are kept: the probe reports them
                    // without opening them.
                    tree.add(FoundFile(path: path, displayPath: relative), named: name)
                }
            }
        }
        for list in [\SourceTree.images, \.propertyLists, \.projectFiles, \.assetCatalogs] {
            tree[keyPath: list].sort { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
        }
        return tree
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

extension SourceTree {
    mutating func add(_ file: FoundFile, named name: String) {
        if ImageFormat.hasImageExtension(name) {
            images.append(file)
        } else if name == "Info.plist" || name.hasSuffix("-Info.plist") {
            propertyLists.append(file)
        } else if name == "project.pbxproj" {
            projectFiles.append(file)
        }
    }
}

/// The canonical absolute path, or nil when it cannot be resolved.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
