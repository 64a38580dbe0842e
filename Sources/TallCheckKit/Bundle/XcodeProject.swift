import Foundation

/// An Xcode project (`*.xcodeproj/project.pbxproj`, an old-style OpenStep property list) read
/// for what its app targets copy into the bundle, and the deployment target it sets.
///
/// The object graph follows tuist/XcodeProj and R.swift (bundle-layout.md): a target's
/// `PBXResourcesBuildPhase` lists `PBXBuildFile`s whose `fileRef` is a `PBXFileReference` or a
/// `PBXVariantGroup`; paths resolve through the group tree by `sourceTree`; Xcode 16 targets
/// also list `PBXFileSystemSynchronizedRootGroup`s, whose files are members unless an exception
/// set for the target lists them.
struct XcodeProject {
    /// The `project.pbxproj`, relative to the scanned folder.
    let path: String
    /// The folder holding the `.xcodeproj`, relative to the scanned folder ("" for the top).
    let projectFolder: String
    private let objects: [String: [String: Any]]
    private let rootObject: [String: Any]

    /// The most a project may nest: real ones nest five or six levels. Checked on the text before
    /// Foundation parses it, whose parser recurses.
    static let maxDepth = 64
    /// The most values a project may hold: a large app's project holds a few hundred thousand.
    static let maxValues = 2_000_000

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(data: [UInt8], path: String) throws(Failure) {
        self.path = path
        let folders = path.split(separator: "/").dropLast(2)
        projectFolder = folders.joined(separator: "/")
        if let depth = Self.nestingDeeperThan(Self.maxDepth, in: data) {
            throw Failure(description: "nested more than \(Self.maxDepth) levels deep (at byte \(depth))")
        }
        let plist: [String: Any]
        do {
            plist = try PropertyListReader.dictionary(from: Data(data), maxValues: Self.maxValues)
        } catch {
            throw Failure(description: "not a property list: \(error)")
        }
        guard let objects = plist["objects"] as? [String: Any], let rootID = plist["rootObject"] as? String,
            let root = objects[rootID] as? [String: Any]
        else { throw Failure(description: "no objects or rootObject: not an Xcode project") }
        self.objects = objects.compactMapValues { $0 as? [String: Any] }
        rootObject = root
    }

    // MARK: Targets

    struct Target {
        let id: String
        let name: String
    }

    /// The app targets (`com.apple.product-type.application`), in the project's order.
    var appTargets: [Target] {
        (rootObject["targets"] as? [String] ?? []).compactMap { id in
            guard let target = objects[id], target["isa"] as? String == "PBXNativeTarget",
                target["productType"] as? String == "com.apple.product-type.application"
            else { return nil }
            return Target(id: id, name: target["name"] as? String ?? id)
        }
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` any build configuration sets.
    var lowestDeploymentTarget: OSVersion? {
        objects.values.compactMap { object -> OSVersion? in
            guard object["isa"] as? String == "XCBuildConfiguration",
                let settings = object["buildSettings"] as? [String: Any],
                let value = settings["IPHONEOS_DEPLOYMENT_TARGET"] as? String
            else { return nil }
            return OSVersion(value)
        }.min()
    }

    // MARK: What a target copies

    /// Places the files `target` copies into the bundle. `images` are the tree's loose image
    /// paths; `catalogs` its `.xcassets` folders, which the target compiles when it lists them.
    func place(target: Target, images: [String], catalogs: [String] = [], into model: inout BundleModel) {
        let parents = parentGroups()
        let byFolder = ImagesByFolder(images)
        guard let object = objects[target.id] else { return }
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID], phase["isa"] as? String == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let fileRef = objects[buildFileID]?["fileRef"] as? String, let element = objects[fileRef]
                else { continue }
                place(element, id: fileRef, target: target.name, parents: parents, images: byFolder, into: &model)
            }
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            placeSynchronized(groupID, target: target, parents: parents, images: byFolder, into: &model)
            // A catalog inside a synchronized folder is compiled unless an exception leaves it out.
            guard let group = objects[groupID], let folder = treePath(of: groupID, parents: parents) else { continue }
            let excluded = synchronizedExceptions(group, target: target)
            for catalog in catalogs where catalog.hasPrefix(folder + "/") {
                if !excluded.contains(String(catalog.dropFirst(folder.count + 1))) { model.compile(catalog: catalog) }
            }
        }
    }

    private func place(
        _ element: [String: Any], id: String, target: String, parents: [String: String], images: ImagesByFolder,
        into model: inout BundleModel
    ) {
        switch element["isa"] as? String {
        case "PBXVariantGroup":
            for childID in element["children"] as? [String] ?? [] {
                guard let child = objects[childID], let treePath = treePath(of: childID, parents: parents) else {
                    continue
                }
                let language = child["name"] as? String ?? "Base"
                let fileName = String(treePath.split(separator: "/").last ?? "")
                if images.contains(treePath) {
                    model.place(
                        treePath, at: "\(language).lproj/\(fileName)",
                        because: .localized(target: target, language: language))
                }
            }
        case "PBXFileReference":
            guard let treePath = treePath(of: id, parents: parents) else { return }
            let type = (element["lastKnownFileType"] ?? element["explicitFileType"]) as? String ?? ""
            let name = String(treePath.split(separator: "/").last ?? "")
            if name.hasSuffix(".xcassets") {
                model.compile(catalog: treePath)
            } else if type == "folder" || type.hasPrefix("wrapper.") || name.hasSuffix(".bundle") {
                // A folder reference or a bundle: copied whole, keeping its folders.
                for image in images.below(treePath) {
                    let inside = image.dropFirst(treePath.count + 1)
                    model.place(image, at: "\(name)/\(inside)", because: .insideFolder(target: target, folder: name))
                }
            } else if images.contains(treePath) {
                model.place(
                    treePath, at: BundleModel.flatBundlePath(treePath: treePath, fileName: name),
                    because: .copiedFlat(target: target))
            }
        default:
            return
        }
    }

    /// The paths, relative to a synchronized folder, that its exception sets leave out of `target`.
    private func synchronizedExceptions(_ group: [String: Any], target: Target) -> Set<String> {
        var excluded: Set<String> = []
        for exceptionID in group["exceptions"] as? [String] ?? [] {
            guard let exception = objects[exceptionID],
                exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                exception["target"] as? String == target.id
            else { continue }
            excluded.formUnion(exception["membershipExceptions"] as? [String] ?? [])
        }
        return excluded
    }

    /// Xcode 16 synchronized folders: every file below the folder is a member of the target,
    /// except those its exception sets list for the target; files are copied flat.
    private func placeSynchronized(
        _ groupID: String, target: Target, parents: [String: String], images: ImagesByFolder,
        into model: inout BundleModel
    ) {
        guard let group = objects[groupID], let folder = treePath(of: groupID, parents: parents) else { return }
        let excluded = synchronizedExceptions(group, target: target)
        let explicitFolders = group["explicitFolders"] as? [String] ?? []
        for image in images.below(folder) {
            let inside = String(image.dropFirst(folder.count + 1))
            guard !excluded.contains(inside) else { continue }
            let fileName = String(inside.split(separator: "/").last ?? "")
            if let kept = explicitFolders.first(where: { inside.hasPrefix($0 + "/") }) {
                let keptName = kept.split(separator: "/").last.map(String.init) ?? kept
                model.place(
                    image, at: "\(keptName)/\(inside.dropFirst(kept.count + 1))",
                    because: .insideFolder(target: target.name, folder: keptName))
            } else {
                model.place(
                    image, at: BundleModel.flatBundlePath(treePath: inside, fileName: fileName),
                    because: .copiedFlat(target: target.name))
            }
        }
    }

    // MARK: Paths

    /// Each group's and file's parent group.
    private func parentGroups() -> [String: String] {
        var parents: [String: String] = [:]
        for (id, object) in objects {
            guard let children = object["children"] as? [String] else { continue }
            for child in children { parents[child] = id }
        }
        return parents
    }

    /// An element's path relative to the scanned folder, through its groups; nil for paths
    /// outside the tree (absolute, SDK, built products) or with `..` leading out of it.
    private func treePath(of id: String, parents: [String: String], depth: Int = 0) -> String? {
        guard depth < Self.maxDepth, let element = objects[id] else { return nil }
        let own = element["path"] as? String
        let base: String?
        switch element["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                base = treePath(of: parent, parents: parents, depth: depth + 1)
            } else {
                // The main group: the project folder, moved by its projectDirPath.
                base = Self.join(projectFolder, rootObject["projectDirPath"] as? String ?? "")
            }
        case "SOURCE_ROOT": base = Self.join(projectFolder, rootObject["projectDirPath"] as? String ?? "")
        default: return nil
        }
        guard let base else { return nil }
        return Self.normalized(Self.join(base, own ?? ""))
    }

    private static func join(_ folder: String, _ path: String) -> String {
        if path.isEmpty { return folder }
        if folder.isEmpty { return path }
        return folder + "/" + path
    }

    /// `a/./b/../c` → `a/c`; nil when it climbs out of the tree or is absolute.
    static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The byte offset where brackets nest deeper than `limit` outside strings and comments,
    /// or nil when they never do.
    static func nestingDeeperThan(_ limit: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
                    depth += 1
                    if depth > limit { return index }
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: ">"):
                    depth -= 1
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}

/// Image tree paths, to ask which lie below a folder.
struct ImagesByFolder {
    private let sorted: [String]
    private let set: Set<String>

    init(_ paths: [String]) {
        sorted = paths.sorted()
        set = Set(paths)
    }

    func contains(_ path: String) -> Bool { set.contains(path) }

    /// The images inside `folder` (at any depth), by binary search over the sorted paths.
    func below(_ folder: String) -> ArraySlice<String> {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }
}
