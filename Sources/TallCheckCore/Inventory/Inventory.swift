/// An image in the scanned tree, with its name parsed and its file probed.
///
/// A class, not a struct: rules pass images around by the thousand, and a reference is one
/// retain where the struct's many strings were many.
public final class ScannedImage: Hashable, Sendable {
    /// Relative to the scanned folder.
    public let path: String
    public let name: ImageName
    public let facts: ImageFacts
    /// The `.lproj` folder it sits in (`en`, `Base`), if any.
    public let localization: String?
    /// The file name without its folder.
    public let fileName: String
    /// Which file the probe opened (device and inode), when it opened one this run: the content
    /// pass tells two paths to one file apart with it without opening the file again. Not part of
    /// what the image is (``==``): nil for facts from the cache or an archive.
    public let identity: FileIdentity?

    public convenience init(path: String, facts: ImageFacts, identity: FileIdentity? = nil) {
        let slash = path.lastIndex(ofByte: UInt8(ascii: "/"))
        let fileName = slash.map { String(path[path.utf8.index(after: $0)...]) } ?? path
        let localization = path.containsLprojFolder ? Self.localization(of: path) : nil
        self.init(
            path: path, fileName: fileName, name: ImageName(fileName: fileName), facts: facts,
            localization: localization, identity: identity)
    }

    private init(
        path: String, fileName: String, name: ImageName, facts: ImageFacts, localization: String?,
        identity: FileIdentity?
    ) {
        self.path = path
        self.fileName = fileName
        self.name = name
        self.facts = facts
        self.localization = localization
        self.identity = identity
    }

    /// The image as a catalog entry places it: at the entry's scale, whatever its file name says.
    func atScale(_ scale: Int) -> ScannedImage {
        ScannedImage(
            path: path, fileName: fileName, name: name.withScale(scale), facts: facts, localization: localization,
            identity: identity)
    }

    public static func == (lhs: ScannedImage, rhs: ScannedImage) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.name == rhs.name && lhs.facts == rhs.facts)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
    }

    /// The innermost `.lproj` folder's name without the extension.
    private static func localization(of path: String) -> String? {
        path.split(separator: "/").dropLast().last { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
    }

    /// The file's size in points at its scale; a vector's own size in points.
    public var pointSize: PointSize? { pointSize(atScale: name.scale) }

    /// The file's size in points at `scale` (`atScale(scale).pointSize`, without making the
    /// image again: asked for every load of a lint's device matrix); a vector's own size in points.
    func pointSize(atScale scale: Int) -> PointSize? {
        if let vector = facts.vectorSize { return vector }
        return facts.pixelSize.map {
            PointSize(width: Double($0.width) / Double(scale), height: Double($0.height) / Double(scale))
        }
    }
}

/// Images iOS treats as variants of one another: the same folder in the bundle, base name,
/// device and localisation. Xcode copies grouped files flat into the bundle, so the folder they
/// sit in in the tree does not count; a folder reference's folder does.
public struct AssetKey: Hashable, Sendable, Comparable {
    /// The folder inside the bundle (`Levels`), "" for the top level.
    public var folder: String = ""
    public var localization: String?
    public var base: String
    public var device: DeviceModifier?

    /// By base, device, localisation and folder. Bases nearly always differ: the other fields
    /// are compared (and their strings made) only when they do not.
    public static func < (lhs: AssetKey, rhs: AssetKey) -> Bool {
        if lhs.base != rhs.base { return lhs.base < rhs.base }
        return (lhs.device?.rawValue ?? "", lhs.localization ?? "", lhs.folder)
            < (rhs.device?.rawValue ?? "", rhs.localization ?? "", rhs.folder)
    }
}

/// The files of one asset: its scales, and tall or orientation variants.
public struct Asset: Hashable, Sendable {
    public var key: AssetKey
    /// Sorted by path.
    public var images: [ScannedImage]

    /// The plain variant (no height or orientation modifier) at `scale`.
    public func image(scale: Int) -> ScannedImage? {
        images.first { $0.name.scale == scale && $0.name.height == nil && $0.name.orientation == nil }
    }

    /// The name the app asks for it by, with the folder it sits in: `Icons/star`, `Badge`.
    public var requestName: String { key.folder.isEmpty ? key.base : "\(key.folder)/\(key.base)" }
}

/// Where the deployment target came from, for messages.
public enum DeploymentTargetSource: Hashable, Sendable, Codable {
    case option, infoPlist, xcodeProject(String), assumed
}

/// Everything the rules look at: the images that ship, grouped into assets, and the app's
/// Info.plist.
public struct Inventory: Sendable {
    /// Loose image files (not in catalog sets) that ship, sorted by path: ``allImages`` has both.
    public var looseImages: [ScannedImage]
    /// Loose image files inside folders the system reads itself (``systemReadFolder(of:)``): not checked.
    public let systemImages: [ScannedImage]

    /// Folders whose images the system reads, not code: ClockKit complications
    /// (`.ckcomplication`), iMessage sticker packs (`.stickerpack`, `.stickersequence`) and Icon
    /// Composer documents (`.icon`). The folder's name, or nil.
    public static func systemReadFolder(of path: String) -> Substring? {
        // Runs for every image: most paths have no `.ck`, `.st` or `.ic` anywhere, found in one pass.
        let mayHold =
            path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.count > 3 else { return false }
                for index in 0..<(bytes.count - 3) where bytes[index] == UInt8(ascii: ".") {
                    switch (bytes[index + 1], bytes[index + 2]) {
                    case (UInt8(ascii: "c"), UInt8(ascii: "k")), (UInt8(ascii: "s"), UInt8(ascii: "t")),
                        (UInt8(ascii: "i"), UInt8(ascii: "c")):
                        return true
                    default: continue
                    }
                }
                return false
            } ?? true
        guard mayHold else { return nil }
        let bytes = path.utf8
        var start = bytes.startIndex
        var found: Substring?
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            let folder = bytes[start..<index]
            if systemReadSuffixes.contains(where: {
                folder.count > $0.count && folder.reversed().starts(with: $0.reversed())
            }) {
                found = path[start..<index]
            }
            start = bytes.index(after: index)
        }
        return found
    }

    private static let systemReadSuffixes = [".ckcomplication", ".stickerpack", ".stickersequence", ".icon"].map {
        Array($0.utf8)
    }

    /// Loose image files that nothing copies into the app (``bundle`` says why): not checked.
    public let unshippedImages: [ScannedImage]
    /// What the built app contains, and where each file lands in it.
    public let bundle: BundleModel
    public var info: AppInfo?
    public var deploymentTarget: OSVersion
    public var deploymentTargetSource: DeploymentTargetSource
    /// The idioms the app runs on: `UIDeviceFamily`, or iPhone when the key is absent.
    public var deviceFamilies: Set<Idiom>
    /// Every device class there is (``DeviceCatalog/all``, or what the scan was given): the
    /// app's devices are those of its families and deployment target (``SupportedDevices``).
    public var deviceClasses = DeviceCatalog.all
    /// Whether the system launches this bundle with a launch screen: an iOS app, not an
    /// extension, a watch or tvOS app. Launch image rules look only at such bundles.
    public let launches: Bool
    /// The build configurations this inventory holds for, when the target's differ (nil: every one).
    public var buildConfigurations: [String]?
    /// Image names (lower case) that every reference shows at its view's size, never its own
    /// (``ImageReference/drawnScaled``): their size findings do not show.
    /// A generated symbol (`Asset.Icons.star.name`) counts for the sets its generator names.
    public var namesDrawnScaledOnly: Set<String> {
        guard references.contains(where: \.drawnScaled) || !namesShownScaled.isEmpty else { return [] }
        var scaled: Set<String> = []
        var plain: Set<String> = []
        var symbols: AssetSymbolNaming.Index?
        var plainPatterns: [NamePattern] = []
        var scaledPatterns: [NamePattern] = []
        // Code compiled for none of the app's platforms (`#if TARGET_OS_TV` in an iOS app) draws nothing here.
        let platforms = Set(deviceFamilies.map(\.platform))
        for reference in references where !reference.isInterfaceBuilderMetadata {
            if let compiled = reference.platforms, compiled.isDisjoint(with: platforms) { continue }
            let names: [String]
            switch reference.name {
            case .literal(let name): names = [name]
            case .symbol(let symbol):
                if symbols == nil { symbols = AssetSymbolNaming.Index(catalogSets) }
                names = symbols!.sets(for: symbol).map(\.name)
            case .pattern(let pattern):
                if reference.drawnScaled { scaledPatterns.append(pattern) } else { plainPatterns.append(pattern) }
                continue
            }
            for name in names where !name.isEmpty {
                let key = Self.drawnKey(name)
                if reference.drawnScaled { scaled.insert(key) } else { plain.insert(key) }
            }
        }
        // A name built at run time (`"\(icon)_preview"`) drawn scaled: the images it may name. Each
        // such pattern is matched once against the names; a plain pattern only against those found.
        if !scaledPatterns.isEmpty {
            // Each once, at most ``ReadLimits/keyedNamePatterns``.
            scaledPatterns = Array(Set(scaledPatterns).sorted { $0.description < $1.description }
                .prefix(ReadLimits.standard.keyedNamePatterns))
            let names = Set(catalogSets.lazy.filter { $0.kind == .imageSet }.map(\.name) + ordinaryAssets.map(\.key.base))
            let matched = names.filter { name in scaledPatterns.contains { $0.matches(name) } }
            scaled.formUnion(matched.map(Self.drawnKey))
            plain.formUnion(matched.filter { name in plainPatterns.contains { $0.matches(name) } }.map(Self.drawnKey))
        }
        return scaled.union(namesShownScaled.keys.map(Self.drawnKey)).subtracting(plain)
    }

    /// The key of ``namesDrawnScaledOnly`` and ``drawnScaledViewSizes`` for a name as asked for:
    /// lower case, and a file's name as its image's base (`Briefcase.png`, `Mug@2x.png` →
    /// `briefcase`, `mug`), as the rules look up assets and sets by their base names.
    public static func drawnKey(_ name: String) -> String {
        let lower = name.lowercased()
        guard [".png", ".jpg", ".jpeg", ".gif"].contains(where: lower.hasSuffix) else { return lower }
        return ImageName(fileName: lower).base
    }

    /// The sizes of the views that draw an image scaled (``namesDrawnScaledOnly``), where their
    /// constraints fix them, by lower-cased name.
    public var drawnScaledViewSizes: [String: Set<ViewSize>] {
        var sizes: [String: Set<ViewSize>] = [:]
        for (name, shown) in namesShownScaled { sizes[Self.drawnKey(name), default: []].formUnion(shown) }
        let platforms = Set(deviceFamilies.map(\.platform))
        for reference in references where reference.drawnScaled {
            guard let size = reference.viewSize, let name = reference.literalName,
                reference.platforms?.isDisjoint(with: platforms) != true
            else { continue }
            sizes[Self.drawnKey(name), default: []].insert(size)
        }
        return sizes
    }

    /// Names the code puts only into image views of a fixed size that scale their image
    /// (``OutletFlows``), lower-cased.
    public let namesShownScaled: [String: Set<ViewSize>]
    /// Names (lower-cased) that only functions nothing calls return (``OutletFlows``).
    public let namesOnlyUncalled: Set<String>

    /// Image names (lower case) no screen shows: only uncalled functions return them, and no
    /// reference names them. Their size findings say nothing; they are not called unused either,
    /// since a call may hide where TallCheck does not look (a selector, a key path).
    public var namesNeverShown: Set<String> {
        guard !namesOnlyUncalled.isEmpty else { return [] }
        var never = namesOnlyUncalled
        var symbols: AssetSymbolNaming.Index?
        for reference in references {
            switch reference.name {
            case .literal(let name): never.remove(name.lowercased())
            case .symbol(let symbol):
                if symbols == nil { symbols = AssetSymbolNaming.Index(catalogSets) }
                for set in symbols!.sets(for: symbol) { never.remove(set.name.lowercased()) }
            case .pattern(let pattern):
                never = never.filter { !pattern.matches($0) }
            }
        }
        return never
    }

    /// Whether ``deviceFamilies`` comes from the app (its target or Info.plist), not assumed.
    public let knowsDeviceFamilies: Bool
    /// The catalog set the target's build settings name as its app icon
    /// (`ASSETCATALOG_COMPILER_APPICON_NAME`), when it names one.
    public let appIconName: String?
    /// Image paths by asset, for rules that compare variants.
    public let assets: [Asset]
    /// Which files are launch images, and for which slot.
    public let launchImages: LaunchImages

    /// The deployment target assumed when neither the options, the Info.plist nor an Xcode
    /// project gives one: iOS 7, the first release without 1x iPhones and the last before
    /// @3x ones. Documented in the README.
    public static let assumedDeploymentTarget = OSVersion(7, 0)

    /// The image, launch image and app icon sets of the app's asset catalogs.
    public var catalogSets: [CatalogSet]
    /// Sets of catalogs in the tree that this app does not compile (another target's), for
    /// messages that say where a name the code asks for lives instead.
    public let uncompiledSets: [CatalogSet]
    /// The string values of the tree's data files, which may name images (``DataNamesInput``).
    public var dataNames: DataNames = []
    /// The names each source file of the tree spells (any target's), by path, when the scan read
    /// them (``CodeName``): what keeps an image from being called unused by a path not followed.
    public package(set) var codeNames: [String: [CodeName]]
    /// The loose keys of ``codeNames``' words, shared by every target's inventory.
    public var codeWordKeys = LooseKeyTable()
    /// ``codeNames`` by the keys they may reach an image under, shared by every target's
    /// inventory; nil: built from ``codeNames`` when asked.
    public var codeNameIndex: CodeNameIndex? = nil
    /// The keys its images and sets, and every other target's, may be asked for by
    /// (``LooseKeyFilter``): what the names spelled are indexed for. Nil: every name.
    public var askedKeys: LooseKeyFilter? = nil
    /// Whether the scan read every name the code spells (``codeNames``, for `unused-image`): a
    /// name not among them is then known to be spelled nowhere in the code.
    public var readCodeNames = false
    /// The source files the target compiles, when the inventory is one target's of a project;
    /// nil: every source file of the tree is the app's.
    public var ownSourcePaths: Set<String>? = nil
    /// The source files that hand an image API a name they do not spell (``LoaderArguments``);
    /// nil when not known.
    public var codePassingNames: Set<String>? = nil
    /// Whether a name the code spells only as a bare string may reach an image API that picks
    /// the screen's variant: some file of the target's code hands such an API a name it does
    /// not spell there, or that is not known.
    public var spelledNamesMayReachLoaders: Bool {
        guard let codePassingNames else { return true }
        guard let ownSourcePaths else { return !codePassingNames.isEmpty }
        return !codePassingNames.isDisjoint(with: ownSourcePaths)
    }
    /// The custom symbols of the app's catalogs.
    public let symbolSets: [SymbolSet]
    /// Symbol sets of catalogs in the tree that this app does not compile, as ``uncompiledSets``.
    public let uncompiledSymbolSets: [SymbolSet]
    /// `Contents.json` files that could not be read.
    public var catalogProblems: [CatalogProblem]
    /// The image files inside catalog sets, by path.
    public let catalogImages: [String: ScannedImage]

    /// - Parameter images: loose images and the files of catalog sets; those inside a set's
    ///   folder go to ``catalogImages``.
    public init(
        images: [ScannedImage], info: AppInfo? = nil, deploymentTarget: OSVersion? = nil,
        deploymentTargetSource: DeploymentTargetSource = .assumed, catalogSets: [CatalogSet] = [],
        catalogProblems: [CatalogProblem] = [], bundle: BundleModel? = nil, references: [ImageReference] = [],
        sourceFileCount: Int? = nil, deviceFamilies: Set<Idiom>? = nil, launches: Bool = true,
        appIconName: String? = nil, symbolSets: [SymbolSet] = [],
        codeNames: [String: [CodeName]] = [:], webImageNames: Set<String> = [],
        namesShownScaled: [String: Set<ViewSize>] = [:], namesOnlyUncalled: Set<String> = [],
        groupsAssets: Bool = true
    ) {
        self.namesOnlyUncalled = namesOnlyUncalled
        self.namesShownScaled = namesShownScaled
        self.codeNames = codeNames
        self.symbolSets =
            bundle.map { bundle in symbolSets.filter { bundle.ships(catalogSetIn: $0.folder) } } ?? symbolSets
        uncompiledSymbolSets =
            bundle.map { bundle in symbolSets.filter { !bundle.ships(catalogSetIn: $0.folder) } } ?? []
        self.launches = launches
        self.appIconName = appIconName
        self.references = references
        self.sourceFileCount = sourceFileCount ?? Set(references.map(\.path)).count
        // Catalogs another target compiles are not this app's (an iOS and a tvOS target, say):
        // their sets and files are left out whole, not taken for loose files.
        let otherSets = bundle.map { bundle in catalogSets.filter { !bundle.ships(catalogSetIn: $0.folder) } } ?? []
        uncompiledSets = otherSets
        let otherFolders = Set(otherSets.map(\.folder))
        let images =
            otherFolders.isEmpty
            ? images
            : images.filter {
                !otherFolders.contains(
                    String($0.path[..<($0.path.lastIndex(ofByte: UInt8(ascii: "/")) ?? $0.path.startIndex)]))
            }
        let catalogSets =
            bundle.map { bundle in catalogSets.filter { bundle.ships(catalogSetIn: $0.folder) } } ?? catalogSets
        let catalogProblems =
            bundle.map { bundle in catalogProblems.filter { bundle.ships(catalogSetIn: $0.path) } } ?? catalogProblems
        let setFolders = Set(catalogSets.map(\.folder))
        let inSets =
            setFolders.isEmpty
            ? []
            : images.filter { image in
                setFolders.contains(
                    String(image.path[..<(image.path.lastIndex(ofByte: UInt8(ascii: "/")) ?? image.path.startIndex)]))
            }
        let catalogPaths = Set(inSets.map(\.path))
        self.catalogSets = catalogSets
        compiledSetFolders = Set(catalogSets.filter { $0.compiledCatalog != nil }.map(\.folder))
        self.catalogProblems = catalogProblems
        catalogImages = Dictionary(inSets.map { ($0.path, $0) }) { first, _ in first }
        // The scanner hands them over sorted but for the catalog images at the end.
        let sorted = PhaseTimings.shared.measure("    inventory: images in order") {
            zip(images, images.dropFirst()).allSatisfy { $0.path < $1.path }
                ? images : images.sorted { $0.path < $1.path }
        }
        let loose = catalogPaths.isEmpty ? sorted : sorted.filter { !catalogPaths.contains($0.path) }
        let bundle = bundle ?? .assumed(images: loose.map(\.path))
        self.bundle = bundle
        // Files the system reads itself (a ClockKit complication bundle, a sticker pack, an Icon
        // Composer document) are no images the code loads by name: not checked as such.
        // One pass, one bundle lookup an image: this runs for every image of every target.
        var system: [ScannedImage] = []
        var shipped: [ScannedImage] = []
        var unshipped: [ScannedImage] = []
        shipped.reserveCapacity(loose.count)
        // Each image's place asked on all cores (a folder's name and a bundle lookup), the lists made here.
        enum Place { case system, shipped, unshipped }
        let eachShips = PhaseTimings.shared.measure("    inventory: the model's own images") { bundle.shipsEach(loose) }
        let places = PhaseTimings.shared.measure("    inventory: which images ship (both cores)") {
            loose.concurrentMap(batchSize: 256) { image -> Place in
                Self.systemReadFolder(of: image.path) != nil
                    ? .system : eachShips || bundle.ships(image.path) ? .shipped : .unshipped
            }
        }
        for (image, place) in zip(loose, places) {
            switch place {
            case .system: system.append(image)
            case .shipped: shipped.append(image)
            case .unshipped: unshipped.append(image)
            }
        }
        systemImages = system
        looseImages = shipped
        unshippedImages = unshipped
        // Catalog images, and the loose images that ship and are not read by the system.
        let leftOut = Set((system + unshipped).map(\.path))
        allImages = leftOut.isEmpty ? sorted : sorted.filter { !leftOut.contains($0.path) }
        self.info = info
        if let deploymentTarget {
            self.deploymentTarget = deploymentTarget
            self.deploymentTargetSource = deploymentTargetSource
        } else if let minimum = info?.minimumOSVersion {
            self.deploymentTarget = minimum
            self.deploymentTargetSource = .infoPlist
        } else {
            self.deploymentTarget = Self.assumedDeploymentTarget
            self.deploymentTargetSource = .assumed
        }
        // Xcode writes UIDeviceFamily from the target's TARGETED_DEVICE_FAMILY: the target's wins.
        self.deviceFamilies = deviceFamilies ?? info?.deviceFamilies ?? [.phone]
        // An Info.plist without UIDeviceFamily is iPhone only; no Info.plist and no target says nothing.
        knowsDeviceFamilies = deviceFamilies != nil || info != nil
        // `bundle` asks only where files land: no assets, no launch images.
        guard groupsAssets else {
            assets = []
            launchImages = LaunchImages(images: [], info: info, catalogSets: [])
            ordinaryAssets = []
            return
        }
        // The keys on all cores (each asks the bundle where its file lands), grouped on one.
        let keys = PhaseTimings.shared.measure("    inventory: asset keys (both cores)") {
            shipped.concurrentMap(batchSize: 256) {
                AssetKey(
                    folder: bundle.assetFolder(of: $0.path, fileName: $0.fileName, ships: true),
                    localization: $0.localization, base: $0.name.base,
                    device: $0.name.device)
            }
        }
        let looseImages = self.looseImages
        // The launch images beside the grouping.
        let (launchImages, assets) = PhaseTimings.shared.measure("    inventory: assets beside launch images") {
            inParallel({
                LaunchImages(images: looseImages, info: info, catalogSets: catalogSets)
            }) { Self.assets(keys: keys, images: looseImages) }
        }
        self.assets = assets
        self.launchImages = launchImages
        let icons = AppIconNames(info: info)
        // A web page's images follow the page's rules (`srcset`), not UIKit's names and scales.
        ordinaryAssets = assets.filter { asset in
            !icons.contains(base: asset.key.base, images: asset.images, in: bundle)
                && (webImageNames.isEmpty
                    || !asset.images.contains { webImageNames.contains($0.fileName.lowercased()) })
                && !(!launchImages.looseBases.isEmpty && launchImages.looseBases.contains(asset.key.base)
                    && asset.images.contains {
                        launchImages.slot(for: $0) != nil || launchImages.problem(for: $0) != nil
                            || launchImages.unmatchedSlot(for: $0) != nil
                    })
        }
    }

    /// The images grouped by key, sorted by base, then by key.
    private static func assets(keys: [AssetKey], images: [ScannedImage]) -> [Asset] {
        // An asset's files mostly follow one another in path order: an image whose key is the
        // last one's joins that group without a lookup.
        var groups: [(key: AssetKey, images: [ScannedImage])] = []
        var groupIndex: [AssetKey: Int] = [:]
        groupIndex.reserveCapacity(keys.count / 2)
        for (key, image) in zip(keys, images) {
            if let last = groups.indices.last, groups[last].key == key {
                groups[last].images.append(image)
            } else if let index = groupIndex[key] {
                groups[index].images.append(image)
            } else {
                groupIndex[key] = groups.count
                groups.append((key, [image]))
            }
        }
        // Sorted as indices: moving an Int is cheaper than moving an asset (its strings and
        // array). Bases nearly always differ, compared from a list of their own: no key copied;
        // ASCII bases by their first 16 bytes first.
        let bases = groups.map(\.key.base)
        let prefixes = bases.map(ASCIISortPrefix.init)
        return groups.indices.sorted {
            if let first = prefixes[$0], let second = prefixes[$1], first != second { return first < second }
            return bases[$0] != bases[$1] ? bases[$0] < bases[$1] : groups[$0].key < groups[$1].key
        }.map {
            Asset(key: groups[$0].key, images: groups[$0].images)
        }
    }

    /// Loose images that ship and catalog images, sorted by path.
    public let allImages: [ScannedImage]

    /// The folders of sets read from a compiled catalog (`Assets.car/Star`).
    private let compiledSetFolders: Set<String>

    /// Whether an image is a rendition of a compiled catalog: a size without a file of its own,
    /// so file checks (format, integrity, weight) do not apply.
    public func isCompiled(_ image: ScannedImage) -> Bool {
        guard !compiledSetFolders.isEmpty, let slash = image.path.lastIndex(ofByte: UInt8(ascii: "/")) else {
            return false
        }
        return compiledSetFolders.contains(String(image.path[..<slash]))
    }

    /// The launch images the app declares for `idiom`: its `UILaunchImages` entries, and the
    /// slots of its catalog launch image sets (which Xcode compiles into such entries). Nil
    /// when it has neither.
    public func launchEntries(for idiom: Idiom) -> [LaunchImageEntry]? {
        var entries = info?.launchImages[idiom]
        for set in catalogSets where set.kind == .launchImage {
            for (entry, _) in set.presentEntries {
                guard let slot = LaunchImageSlot(catalogEntry: entry), slot.idiom == idiom else { continue }
                let orientation: LaunchOrientation = slot.isLandscape ? .landscape : .portrait
                let minimum = entry.minimumSystemVersion.flatMap(OSVersion.init)
                entries =
                    (entries ?? []) + [
                        LaunchImageEntry(
                            name: set.name, size: slot.points, orientation: orientation, minimumOSVersion: minimum)
                    ]
            }
        }
        return entries
    }

    /// Whether the app still runs on devices with 1x screens: iPhones before iOS 7, iPads
    /// (iPad 2 and mini) before iOS 10.
    public func supportsOneXDevices(_ idiom: Idiom) -> Bool {
        // tvOS and watchOS lookups are not modelled by deployment target: never assumed.
        guard deviceFamilies.contains(idiom), idiom.platform == .iOS else { return false }
        return deploymentTarget < (idiom == .phone ? OSVersion(7, 0) : OSVersion(10, 0))
    }

    /// Whether @3x phones are among the app's targets: an iPhone app for iOS 8 or later,
    /// the first release for @3x phones. Older apps run there, but were made before them.
    public var targetsThreeXPhones: Bool {
        deviceFamilies.contains(.phone) && deploymentTarget >= OSVersion(8, 0)
    }

    /// Assets that are not launch images or app icons: the ones the scale rules look at.
    public let ordinaryAssets: [Asset]

    /// The image names the app's code and Interface Builder files ask for, by path and line.
    public let references: [ImageReference]
    /// How many source and Interface Builder files were read for references: with none, no
    /// image can be called unused.
    public let sourceFileCount: Int

    /// What the content pass read from image files, by path (``ContentScanner``); empty when no
    /// rule asked for it.
    public var contents: [String: ImageContent] = [:]
    /// How many files each stage of the duplicate search looked at, when it ran.
    public var contentSurvey: ContentSurvey?
    /// The App Store icons (`ios-marketing` entries of app icon sets) that have an alpha channel
    /// and whose every pixel is opaque, by path: what `app-icon-alpha` tells from a transparent
    /// one. Read in a folder's scan; empty for a built app.
    public var opaqueStoreIcons: Set<String> = []
    /// The target's Run Script phases that write into its bundle or a catalog it compiles
    /// (``ProjectTarget/bundleScripts``): an image missing from the tree may be made there.
    public var bundleScripts: [String] = []
    /// Image set folders the target's Run Script phases copy files into
    /// (``ProjectTarget/scriptWrittenSets``).
    public var scriptWrittenSets: [String] = []

    /// The lengths of ``allImages``' files added up (those that could be opened); nil when no
    /// length is known (an inventory made up for a rule's example).
    public var imageBytes: Int? {
        let lengths = allImages.compactMap(\.facts.byteCount)
        return allImages.isEmpty || !lengths.isEmpty ? lengths.saturatingSum() : nil
    }
}

/// The references of files that draw a `CATiledLayer` (``SourceInput/isInTiledLayer(_:)``), to
/// tell the images only they reach: tiles, drawn into rects the zoom decides, never at their
/// point size. Split once; each question checks the few tiled references first.
public struct TiledReferences: Sendable {
    let tiled: [ImageReference]
    let others: [ImageReference]

    public init(_ references: [ImageReference]) {
        tiled = references.filter(SourceInput.isInTiledLayer)
        others = tiled.isEmpty ? [] : references.filter { !SourceInput.isInTiledLayer($0) }
    }

    public var isEmpty: Bool { tiled.isEmpty }

    /// Whether the image named `name` (a loose asset's `folder/base`, or a set's name) is
    /// reached by tiled references and by no other.
    public func reachOnly(_ name: String) -> Bool {
        guard !tiled.isEmpty else { return false }
        let last = String(name.split(separator: "/").last ?? "")
        let candidates = [name, last, name + ".png", last + ".png", name + ".jpg", last + ".jpg"]
        func reaches(_ reference: ImageReference) -> Bool {
            switch reference.name {
            case .literal(let literal):
                let stem =
                    literal.hasSuffix(".png") || literal.hasSuffix(".jpg") ? String(literal.dropLast(4)) : literal
                return stem.lowercased() == name.lowercased() || stem.lowercased() == last.lowercased()
            case .pattern(let pattern): return candidates.contains(where: pattern.matches)
            case .symbol: return false
            }
        }
        return tiled.contains(where: reaches) && !others.contains(where: reaches)
    }
}
