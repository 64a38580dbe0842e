import Foundation

/// What to scan, and how.
public struct ScanOptions: Sendable {
    public var root: String
    /// The app's Info.plist; found in the tree when nil.
    public var infoPlistPath: String?
    /// Overrides the Info.plist's and the Xcode project's deployment target.
    public var deploymentTarget: OSVersion?
    public var probeDepth: ProbeDepth
    /// Which files, by path relative to `root`, are scanned: images, Info.plists and Xcode projects.
    public var pathFilter: PathFilter
    /// Follow symbolic links to folders and out of the tree (loops are still walked once).
    public var followsSymbolicLinks: Bool

    public init(
        root: String, infoPlistPath: String? = nil, deploymentTarget: OSVersion? = nil,
        probeDepth: ProbeDepth = .header,
        pathFilter: PathFilter = PathFilter(), followsSymbolicLinks: Bool = false
    ) {
        self.root = root
        self.infoPlistPath = infoPlistPath
        self.deploymentTarget = deploymentTarget
        self.probeDepth = probeDepth
        self.pathFilter = pathFilter
        self.followsSymbolicLinks = followsSymbolicLinks
    }
}

/// Why a scan could not be done at all.
public enum ScanError: Error, CustomStringConvertible {
    case rootUnreadable(path: String, reason: String)
    case infoPlist(AppInfo.ReadError)

    public var description: String {
        switch self {
        case .rootUnreadable(let path, let reason): "\(escapedForDisplay(path)): cannot scan: \(reason)"
        case .infoPlist(let error): error.description
        }
    }
}

/// Which Info.plist a scan read, and why.
public enum InfoPlistChoice: Sendable, Hashable {
    /// The one the options named, shown relative to the scanned folder when it lies inside.
    case given(path: String)
    /// The most app-like one in the tree, and how many other plausible ones there were.
    case found(path: String, otherCandidates: Int)
    /// The tree has none: an iPhone app with the default launch image name is assumed.
    case none
}

/// An inventory read from disk, with how its Info.plist was chosen.
public struct ScanResult: Sendable {
    public var inventory: Inventory
    /// The folder scanned, as reports show it.
    public var folder: LintedFolder
    public var infoPlist: InfoPlistChoice
    /// Folders that could not be read, links not followed, property lists that did not parse.
    public var issues: [WalkIssue]
}

/// Reads an app's source folder: walks it, probes every image on all cores, and reads the
/// Info.plist and Xcode project settings the rules need.
public enum InventoryScanner {
    public static func scan(_ options: ScanOptions) throws(ScanError) -> ScanResult {
        var status = stat()
        guard stat(options.root, &status) == 0 else {
            throw .rootUnreadable(path: options.root, reason: errnoDescription())
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .rootUnreadable(path: options.root, reason: "not a folder")
        }
        let folder = open(options.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            throw .rootUnreadable(path: options.root, reason: errnoDescription())
        }
        close(folder)
        var tree = SourceTreeWalker(skipsNonSourceFolders: true, followsSymbolicLinks: options.followsSymbolicLinks)
            .walk(options.root)
        let filter = options.pathFilter
        tree.images.removeAll { !filter.admits($0.displayPath) }
        tree.propertyLists.removeAll { !filter.admits($0.displayPath) }
        tree.projectFiles.removeAll { !filter.admits($0.displayPath) }
        var issues = tree.issues
        let catalogs = tree.assetCatalogs.map(AssetCatalogReader.read)
        // One probe pass over loose and catalog images, on all cores.
        let files = tree.images + catalogs.flatMap(\.imageFiles)
        // Probing and parsing names both run on all cores.
        let probe = ImageProbe(depth: options.probeDepth)
        let images = files.concurrentMap { file in
            ScannedImage(
                path: file.displayPath,
                facts: probe.probe(file: file.location, listedAsRegular: file.isListedAsRegularFile))
        }

        let (info, choice) = try chooseInfoPlist(options: options, candidates: tree.propertyLists, issues: &issues)
        var deploymentTarget = options.deploymentTarget
        var source = DeploymentTargetSource.option
        if deploymentTarget == nil, info?.minimumOSVersion == nil,
            let (version, project) = projectDeploymentTarget(tree.projectFiles)
        {
            deploymentTarget = version
            source = .xcodeProject(project)
        }
        let inventory = Inventory(
            images: images, info: info, deploymentTarget: deploymentTarget, deploymentTargetSource: source,
            catalogSets: catalogs.flatMap(\.sets), catalogProblems: catalogs.flatMap(\.problems))
        let folderShown = LintedFolder(
            absolute: escapedForDisplay(realPath(options.root) ?? options.root), given: escapedForDisplay(options.root))
        return ScanResult(inventory: inventory, folder: folderShown, infoPlist: choice, issues: issues)
    }

    /// The given Info.plist, or the most app-like one in the tree: not in a test, bundle or
    /// framework folder; with app keys (launch, device family, icons, package type APPL);
    /// then the shallowest; then by name.
    private static func chooseInfoPlist(options: ScanOptions, candidates: [FoundFile], issues: inout [WalkIssue])
        throws(ScanError) -> (AppInfo?, InfoPlistChoice)
    {
        if let given = options.infoPlistPath {
            let shown = relativePath(given, to: options.root) ?? escapedForDisplay(given)
            do {
                return (try AppInfo(contentsOfFile: given, reportedPath: shown), .given(path: shown))
            } catch {
                throw .infoPlist(error)
            }
        }
        let plausible = candidates.filter { file in
            !file.displayPath.split(separator: "/").dropLast().contains { folder in
                folder.contains("Tests")
                    || [".bundle", ".framework", ".appex", ".xctest"].contains { folder.hasSuffix($0) }
            }
        }
        var best: (score: Int, depth: Int, info: AppInfo)?
        for file in plausible {
            let dictionary: [String: Any]
            switch readDictionary(file.location) {
            case .success(let read): dictionary = read
            case .failure(let failure):
                issues.append(WalkIssue(path: file.displayPath, kind: .skipped, message: "\(failure.message); skipped"))
                continue
            }
            let appKeys = [
                "UILaunchImageFile", "UILaunchImages", "UILaunchStoryboardName", "UIDeviceFamily", "CFBundleIcons",
                "CFBundleIconFiles",
            ]
            let score =
                (dictionary["CFBundlePackageType"] as? String == "APPL" ? 2 : 0)
                + (dictionary.keys.contains { key in appKeys.contains { key.hasPrefix($0) } } ? 1 : 0)
            let depth = file.displayPath.split(separator: "/").count
            if best == nil || score > best!.score || (score == best!.score && depth < best!.depth) {
                best = (score, depth, AppInfo(dictionary: dictionary, path: file.displayPath))
            }
        }
        guard let best else { return (nil, .none) }
        return (best.info, .found(path: best.info.path, otherCandidates: plausible.count - 1))
    }

    /// The largest Info.plist or Xcode project read: far above real ones, and it keeps a
    /// stray disk image named `Info.plist` from being read whole.
    static let maxPropertyListBytes = 16 << 20

    private static func readDictionary(_ path: FileSystemPath) -> Result<[String: Any], FileReadFailure> {
        readRegularFile(path, limit: maxPropertyListBytes).flatMap { bytes in
            guard let dictionary = try? PropertyListReader.dictionary(from: Data(bytes)) else {
                return .failure(FileReadFailure(message: "not a property list dictionary"))
            }
            return .success(dictionary)
        }
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` in the Xcode projects, if any.
    private static func projectDeploymentTarget(_ projects: [FoundFile]) -> (OSVersion, String)? {
        var lowest: (OSVersion, String)?
        for project in projects {
            guard case .success(let bytes) = readRegularFile(project.location, limit: maxPropertyListBytes),
                let text = String(validating: bytes, as: UTF8.self)
            else { continue }
            for line in text.split(separator: "\n") where line.contains("IPHONEOS_DEPLOYMENT_TARGET") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let value = line[line.index(after: equals)...].filter { $0 != ";" && $0 != "\"" }
                if let version = OSVersion(value), lowest == nil || version < lowest!.0 {
                    lowest = (version, project.displayPath)
                }
            }
        }
        return lowest
    }

    /// `path` relative to `root` when it lies inside it.
    static func relativePath(_ path: String, to root: String) -> String? {
        guard let resolved = realPath(path), let resolvedRoot = realPath(root),
            resolved.hasPrefix(resolvedRoot + "/")
        else { return nil }
        return String(resolved.dropFirst(resolvedRoot.count + 1))
    }
}
