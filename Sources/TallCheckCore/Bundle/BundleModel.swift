#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a file of the scanned tree lands in the built `.app`, and why.
public struct BundlePlacement: Sendable, Hashable {
    /// The path inside the app bundle: `gear@2x.png`, `Levels/map1.png`, `en.lproj/flag.png`.
    public var bundlePath: String
    public var reason: BundleReason

    public init(bundlePath: String, reason: BundleReason) {
        self.bundlePath = bundlePath
        self.reason = reason
    }
}

/// Why a file lands where it does.
public enum BundleReason: Sendable, Hashable {
    /// An Xcode target's Copy Bundle Resources phase copies it to the bundle's top level, as
    /// every file of a group (or of a synchronized folder) is.
    case copiedFlat(target: String)
    /// Inside a folder reference (a blue folder) or a `.bundle`, copied whole with its folders.
    case insideFolder(target: String, folder: String)
    /// A child of a variant group: copied into its language's `.lproj` folder.
    case localized(target: String, language: String)
    /// A local Swift package target's resource (`resources:` or an asset catalog), in its own bundle.
    case packageResource(target: String, bundle: String)
    /// CocoaPods' resources script (`Pods-App-resources.sh`) copies it into the target.
    case copiedByCocoaPods(target: String, script: String)
    /// An MSBuild item (`BundleResource`, `Content`) of a .NET or Xamarin project.
    case msbuildItem(project: String, item: String)
    /// No project file: the file may be asked for by its name or by its path in the tree.
    case assumedFlat
    case assumedTreePath
    /// In a built `.app`: the file is where it is.
    case inBuiltApp
}

/// Where the bundle model came from.
public enum BundleSource: Sendable, Hashable, Codable {
    /// An Xcode project's app target.
    case xcodeProject(path: String, target: String, otherTargets: [String])
    /// An MSBuild project (`.csproj`).
    case msbuild(path: String, sdkStyle: Bool)
    /// No project file was found (or none could be read): every file is assumed to ship.
    case assumed
    /// The folder scanned is a built `.app`: every file ships, at its own path.
    case builtApp
    /// A local Swift package's target: its resources, in a bundle of their own.
    case swiftPackage(path: String, target: String)
}

/// What the built app contains: for every image of the tree, its paths inside the `.app` (none
/// when nothing copies it). Resolve and lint ask it; nothing else guesses at bundle paths.
public struct BundleModel: Sendable {
    public var source: BundleSource
    /// Bundle paths by tree path (relative to the scanned folder). A file absent here does not ship.
    /// Built whole when asked; ``placements(of:)`` and ``ships(_:)`` answer for one file.
    public var placements: [String: [BundlePlacement]] {
        guard let assumed else { return storedPlacements }
        return Dictionary(uniqueKeysWithValues: assumed.order.map { ($0, Self.assumedPlacements(of: $0)) })
    }
    private var storedPlacements: [String: [BundlePlacement]] = [:]

    /// Each file that ships with each of its placements, in no set order: ``placements`` without
    /// building the dictionary.
    public func forEachPlacement(_ body: (_ treePath: String, _ placement: BundlePlacement) -> Void) {
        if let assumed {
            for path in assumed.order {
                for placement in Self.assumedPlacements(of: path) { body(path, placement) }
            }
        } else {
            for (path, placements) in storedPlacements {
                for placement in placements { body(path, placement) }
            }
        }
    }
    /// Why files of the tree do not ship, by tree path.
    public private(set) var leftOut: [String: String] = [:]
    /// Tree paths by bundle path; more than one is a collision.
    public var filesAtBundlePath: [String: [String]] {
        guard let assumed else { return storedFilesAtBundlePath }
        var files: [String: [String]] = [:]
        for path in assumed.order {
            for placement in Self.assumedPlacements(of: path) where files[placement.bundlePath]?.last != path {
                files[placement.bundlePath, default: []].append(path)
            }
        }
        return files
    }
    private var storedFilesAtBundlePath: [String: [String]] = [:]

    /// The model without a project, kept as the paths that ship: each lands under its flat name
    /// and its tree path, which are worked out when asked instead of stored twice for every
    /// image (on the 20,000-image benchmark tree a cold lint is 3 % faster). `sharedFlatNames`
    /// are the flat names more than one file lands on (a tree path can equal one only as
    /// `x.lproj/file`, whose flat name it is); most trees have none.
    /// `paths` is nil when `order` is increasing (what a walk gives): a path is then found in it
    /// by halving (``isAssumed(_:)``).
    private var assumed: (order: [String], paths: Set<String>?, sharedFlatNames: Set<Substring>)?

    /// Where the file at `treePath` lands; empty when it does not ship.
    public func placements(of treePath: String) -> [BundlePlacement] {
        guard let assumed else { return storedPlacements[treePath] ?? [] }
        return isAssumed(treePath) ? Self.assumedPlacements(of: treePath) : []
    }

    /// Whether the model without a project has `treePath`. Paths in increasing order are
    /// looked up by halving the list: a lint asks about a few hundred at most
    /// (``shipsEach(_:)`` needs none), and putting 20,000 in a set cost 12 M instructions beside
    /// the probe. `<` and `==` agree (both compare canonically), so the search finds what a set
    /// would.
    private func isAssumed(_ treePath: String) -> Bool {
        guard let assumed else { return false }
        if let paths = assumed.paths { return paths.contains(treePath) }
        let order = assumed.order
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            if order[middle] < treePath { low = middle + 1 } else { high = middle }
        }
        return low < order.count && order[low] == treePath
    }

    /// The bundle paths of ``placements(of:)`` for an image known to ship (one of an
    /// inventory's ``Inventory/looseImages``, which this model decided), one at a time: the
    /// model without a project works them out without looking the path up or making a list,
    /// and takes the flat name from the image's own file name (the resolver asks this for
    /// thousands of images, before the device matrix can start).
    func forEachBundlePath(ofShipping image: ScannedImage, _ body: (String) -> Void) {
        guard assumed != nil else {
            for placement in placements(of: image.path) { body(placement.bundlePath) }
            return
        }
        // Without a `.lproj/` folder in the path (``ScannedImage/localization`` nil), the flat
        // name is the file's name.
        body(
            image.localization == nil
                ? image.fileName : Self.flatBundlePath(treePath: image.path, fileName: image.fileName))
        if image.path.utf8.count != image.fileName.utf8.count { body(image.path) }
    }

    private static func assumedPlacements(of treePath: String) -> [BundlePlacement] {
        let slash = treePath.lastIndex(ofByte: UInt8(ascii: "/"))
        let fileName = slash.map { String(treePath[treePath.utf8.index(after: $0)...]) } ?? treePath
        let flat = BundlePlacement(
            bundlePath: flatBundlePath(treePath: treePath, fileName: fileName), reason: .assumedFlat)
        guard slash != nil else { return [flat] }
        return [flat, BundlePlacement(bundlePath: treePath, reason: .assumedTreePath)]
    }

    /// Turns the assumed model into stored tables before one is changed.
    private mutating func storeAssumed() {
        guard assumed != nil else { return }
        storedPlacements = placements
        storedFilesAtBundlePath = filesAtBundlePath
        assumed = nil
    }
    /// The asset catalogs (`App/Assets.xcassets`) the target compiles; empty when the source does
    /// not say, and then every catalog of the tree is taken to ship.
    public private(set) var compiledCatalogs: Set<String> = []

    public init(source: BundleSource) {
        self.source = source
    }

    package mutating func place(_ treePath: String, at bundlePath: String, because reason: BundleReason) {
        storeAssumed()
        let placement = BundlePlacement(bundlePath: bundlePath, reason: reason)
        // Each dictionary is looked up once (this runs twice for every image of the app).
        guard Self.append(placement, to: &storedPlacements[treePath, default: []]) else { return }
        Self.append(treePath, to: &storedFilesAtBundlePath[bundlePath, default: []])
        if !leftOut.isEmpty { leftOut[treePath] = nil }
    }

    /// Appends `element` unless `list` holds it; whether it did.
    @discardableResult
    private static func append<Element: Equatable>(_ element: Element, to list: inout [Element]) -> Bool {
        guard !list.contains(element) else { return false }
        list.append(element)
        return true
    }

    mutating func compile(catalog treePath: String) {
        compiledCatalogs.insert(treePath)
    }

    /// The bundle's top folders (`SampleData`) that the project ships data files into (text,
    /// JSON, documents, sounds): their images are content the app reads by path, as it reads the
    /// data, more than images it asks UIKit for by name.
    public private(set) var dataFolders: Set<String> = []

    /// Records that the file at `bundlePath` (not an image) ships: its top folder, if any, holds data.
    mutating func shipsData(at bundlePath: String) {
        guard let slash = bundlePath.firstIndex(of: "/"), slash != bundlePath.startIndex,
            dataFolders.count < Self.maxDataFolders
        else { return }
        dataFolders.insert(String(bundlePath[..<slash]))
    }

    /// Data folders remembered; a project naming more says nothing the first ones do not.
    static let maxDataFolders = 256

    /// The data folder a file at `bundlePath` ships inside (``dataFolders``), if any.
    public func dataFolder(ofBundlePath bundlePath: String) -> String? {
        guard !dataFolders.isEmpty, let slash = bundlePath.firstIndex(of: "/") else { return nil }
        let top = String(bundlePath[..<slash])
        return dataFolders.contains(top) ? top : nil
    }

    /// Whether ``compiledCatalogs`` is all the app compiles, even when empty: an Xcode target's
    /// phases say so. Without a project, every catalog of the tree is taken to ship.
    public private(set) var catalogsAreKnown = false

    mutating func knowsCatalogs() { catalogsAreKnown = true }

    /// Whether the catalog set in `folder` (`App/Assets.xcassets/star.imageset`) is compiled into the app.
    public func ships(catalogSetIn folder: String) -> Bool {
        guard !compiledCatalogs.isEmpty || catalogsAreKnown, let catalog = folder.prefix(beforeBytes: ".xcassets/") else {
            return true
        }
        return compiledCatalogs.contains(catalog + ".xcassets")
    }

    mutating func leaveOut(_ treePath: String, because why: String) {
        // The first reason given stands: it is the most particular (a development asset).
        if !ships(treePath), leftOut[treePath] == nil { leftOut[treePath] = why }
    }

    /// Whether the file at `treePath` is in the built app.
    public func ships(_ treePath: String) -> Bool {
        assumed != nil ? isAssumed(treePath) : storedPlacements[treePath] != nil
    }

    /// Whether every one of `images` ships, known without a lookup each: their paths are the
    /// very paths the assumed model was made from, in its order (none left out, none twice).
    /// False says only that ``ships(_:)`` must be asked.
    func shipsEach(_ images: [ScannedImage]) -> Bool {
        guard let assumed, assumed.order.count == images.count else { return false }
        // The same strings, most often: each comparison sees that at once. By index, with no
        // sequence of paths made (it retained and released each).
        for index in images.indices where images[index].path != assumed.order[index] { return false }
        return true
    }

    /// Bundle paths that more than one file lands on, with the files (Xcode: "Multiple commands
    /// produce"); the assumed model's flat names are not counted, since folder references keep
    /// same-named files apart.
    public var collisions: [(bundlePath: String, files: [String])] {
        // The assumed model's placements are never known ones.
        guard assumed == nil else { return [] }
        return storedFilesAtBundlePath.compactMap { path, files in
            guard files.count > 1,
                files.contains(where: {
                    storedPlacements[$0]?.contains { $0.bundlePath == path && $0.isKnown } ?? false
                })
            else { return nil }
            return (path, files.sorted())
        }.sorted { $0.bundlePath < $1.bundlePath }
    }
}

extension BundlePlacement {
    /// Read from a project, not assumed.
    public var isKnown: Bool {
        switch reason {
        case .assumedFlat, .assumedTreePath: false
        default: true
        }
    }
}

extension BundleModel {
    /// Folders that never ship in an app when no project says otherwise: documentation, App
    /// Store artwork and screenshots, fastlane, DocC catalogs and tests. Matched against each
    /// folder of a path, ignoring case.
    public static let neverShippedFolders: Set<String> = [
        "docs", "doc", "documentation", "screenshots", "fastlane", "appstore", "app store", "marketing",
        "artwork", "press", "design", "mockups",
    ]

    /// Why a folder never ships, or nil: `Screenshots`, `*.docc`, `*Tests`.
    static func neverShipped(folder: Substring) -> String? {
        let lowered = folder.lowercased()
        if neverShippedFolders.contains(lowered) { return "in \(folder)/, which no app ships" }
        if lowered.hasSuffix(".docc") { return "in the documentation catalog \(folder)" }
        if lowered.hasSuffix("tests") || lowered == "test" || lowered == "tests" {
            return "in the test folder \(folder)"
        }
        return nil
    }

    /// The model without a project file: every loose image ships under its flat name and its path
    /// in the tree, except those in folders that plainly never ship.
    public static func assumed(images: [String]) -> BundleModel {
        var model = BundleModel(source: .assumed)
        var order: [String] = []
        // Paths in increasing order are there once each (what a walk gives), and are looked up
        // in that order; others are put in a set.
        let increasing = zip(images, images.dropFirst()).allSatisfy { $0 < $1 }
        var paths: Set<String> = []
        // Parts of the paths, not copies: a flat name is the end of its tree path. ASCII names
        // are found by the hash of their bytes (a set hashed each again, 12 M instructions beside
        // the probe on 20,000 images); once a name is not ASCII, every name goes into a set, which
        // compares as `String` does (canonically: `\u{212A}` is `K`).
        var flatNames: [Substring] = []
        var flatSlots = HashSlots(capacity: images.count)
        var flatSet: Set<Substring>?
        var sharedFlatNames: Set<Substring> = []
        order.reserveCapacity(images.count)
        if !increasing { paths.reserveCapacity(images.count) }
        flatNames.reserveCapacity(images.count)
        /// Whether another file has the flat name `flat`; notes `flat` as taken.
        func isTaken(_ flat: Substring) -> Bool {
            if flatSet == nil, let (hash, isASCII) = FNV1a.asciiHash(of: flat), isASCII {
                let position = flatNames.count
                if flatSlots.firstMatch(hash, orInsert: position, matches: { flatNames[$0] == flat }) != nil {
                    return true
                }
                flatNames.append(flat)
                return false
            }
            if flatSet == nil { flatSet = Set(flatNames) }
            return !flatSet!.insert(flat).inserted
        }
        var leftOut: [String: String] = [:]
        // Images come by the hundred per folder: decide each folder once, and the previous
        // image's folder (most often this one's too) without a lookup.
        var verdicts: [Substring: String?] = [:]
        var previous: (folder: Substring, why: String?)?
        for path in images {
            let slash = path.lastIndex(ofByte: UInt8(ascii: "/"))
            let folder = slash.map { path[..<$0] } ?? ""
            let why: String?
            if let previous, previous.folder == folder {
                why = previous.why
            } else if let known = verdicts[folder] {
                why = known
            } else {
                why = folder.split(separator: "/").lazy.compactMap(neverShipped).first
                verdicts[folder] = why
            }
            previous = (folder, why)
            if let why {
                leftOut[path] = why
                continue
            }
            guard increasing || paths.insert(path).inserted else { continue }
            order.append(path)
            let flat = flatBundleName(
                treePath: path, fileName: slash.map { path[path.utf8.index(after: $0)...] } ?? path[...])
            if isTaken(flat) { sharedFlatNames.insert(flat) }
        }
        // A path left out is never one that ships: one path, one folder, one verdict.
        model.assumed = (order, increasing ? nil : paths, sharedFlatNames)
        model.leftOut = leftOut
        return model
    }

    /// The model of a built `.app`: every image ships at the path it has, less `prefix` (the
    /// app's folder inside an `.ipa`: `Payload/Demo.app/`).
    public static func builtApp(images: [String], prefix: String = "") -> BundleModel {
        var model = BundleModel(source: .builtApp)
        for path in images where path.hasPrefix(prefix) {
            model.place(path, at: String(path.dropFirst(prefix.count)), because: .inBuiltApp)
        }
        return model
    }

    /// Whether `root` is a built iOS app: a folder whose name ends in `.app` (as given, or once
    /// `.` and links are resolved) with its `Info.plist` at the top (a macOS app keeps it in
    /// `Contents/`).
    static func isBuiltApp(root: String) -> Bool {
        var status = stat()
        guard FileSystemPath.withCString(root + "/Info.plist", { stat($0, &status) }) == 0,
            status.st_mode & S_IFMT == S_IFREG
        else { return false }
        func named(_ path: String) -> Bool {
            var trimmed = Substring(path)
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            return trimmed.split(separator: "/").last?.hasSuffix(".app") == true
        }
        return named(root) || realPath(root).map(named) == true
    }

    /// A file copied flat keeps its `.lproj` folder: `Resources/en.lproj/a.png` → `en.lproj/a.png`.
    static func flatBundlePath(treePath: String, fileName: String) -> String {
        let flat = flatBundleName(treePath: treePath, fileName: fileName[...])
        return flat.utf8.count == fileName.utf8.count ? fileName : String(flat)
    }

    /// ``flatBundlePath(treePath:fileName:)`` as the part of `treePath` it is (the file's name,
    /// or `x.lproj/` and the name), not a copy.
    static func flatBundleName(treePath: String, fileName: Substring) -> Substring {
        // Only a folder named *.lproj right above the file counts: look at that one component.
        guard treePath.utf8.count > fileName.utf8.count + 1 else { return fileName }
        // Asked for every image: most folders do not end in `j`, seen in place.
        var path = treePath
        let lastOfFolder = path.withUTF8 { $0[$0.count - fileName.utf8.count - 2] }
        guard lastOfFolder == UInt8(ascii: "j") else { return fileName }
        let folderPath = treePath.utf8.dropLast(fileName.utf8.count + 1)
        let start =
            folderPath.lastIndex(of: UInt8(ascii: "/")).map { treePath.utf8.index(after: $0) } ?? folderPath.startIndex
        return treePath[start..<folderPath.endIndex].hasSuffix(".lproj") ? treePath[start...] : fileName
    }
}

extension BundleModel {
    /// The bundle folder an image's variants are grouped by: where its first placement lands, less
    /// a `.lproj` folder (localisations are grouped apart anyway). Without a project, files that
    /// share a name in different folders keep their tree folder, so that each copy is checked.
    package func assetFolder(of treePath: String) -> String {
        let slash = treePath.lastIndex(ofByte: UInt8(ascii: "/"))
        let fileName = slash.map { String(treePath[treePath.utf8.index(after: $0)...]) } ?? treePath
        return assetFolder(of: treePath, fileName: fileName, ships: nil)
    }

    /// ``assetFolder(of:)`` for a file whose name is known (`fileName`, the last component of
    /// `treePath`) and, for `ships`, whether it ships (``ships(_:)``, asked already): each of
    /// these is a lookup or a copy saved, for every image of the app.
    func assetFolder(of treePath: String, fileName: String, ships: Bool?) -> String {
        var path: String
        if let assumed {
            // Its flat name, unless other files land there too (no placements made: this runs
            // twice for every image).
            guard ships ?? isAssumed(treePath) else { return "" }
            // A flat name no other file has lands at the bundle's top, or in an `.lproj` folder
            // there: grouped with no folder either way.
            guard !assumed.sharedFlatNames.isEmpty,
                assumed.sharedFlatNames.contains(Self.flatBundleName(treePath: treePath, fileName: fileName[...]))
            else { return "" }
            path = treePath
        } else {
            guard let placement = storedPlacements[treePath]?.first else { return "" }
            path = placement.bundlePath
            if placement.reason == .assumedFlat, (storedFilesAtBundlePath[path]?.count ?? 0) > 1 { path = treePath }
        }
        // Most images land in the bundle's top folder: nothing to split.
        let bytes = path.utf8
        guard let lastSlash = path.lastIndex(ofByte: UInt8(ascii: "/")) else { return "" }
        // The folder part of a plain relative path is a slice of it: no splitting and joining.
        let isPlain =
            bytes.first != UInt8(ascii: "/") && lastSlash != bytes.index(before: bytes.endIndex)
            && !zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") }
        guard isPlain else {
            var folders = path.split(separator: "/").dropLast()
            if folders.last?.hasSuffix(".lproj") == true { folders = folders.dropLast() }
            return folders.joined(separator: "/")
        }
        var folder = path[..<lastSlash]
        if folder.hasSuffix(".lproj") {
            folder = folder.lastIndex(ofByte: UInt8(ascii: "/")).map { folder[..<$0] } ?? ""
        }
        return String(folder)
    }
}
