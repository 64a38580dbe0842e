/// The screen a launch image is for: idiom, portrait points, orientation and scale, with the
/// pixel size that follows (sizes.md).
public struct LaunchImageSlot: Hashable, Sendable {
    public var idiom: Idiom
    /// The device's portrait size in points, as `UILaunchImageSize` gives it.
    public var points: PointSize
    public var isLandscape: Bool
    public var scale: Int
    /// Other sizes iOS accepts: the iPad images without the status bar (iOS 6 and earlier).
    public var alsoAccepted: [PixelSize] = []
    /// An asset catalog's `to-status-bar` extent: 20 points off the height (portrait) or the
    /// width (landscape, as declared for portrait).
    public var excludesStatusBar = false

    /// Points × scale, width and height swapped for landscape.
    public var pixelSize: PixelSize {
        var shown = points
        if excludesStatusBar {
            if isLandscape { shown.width -= Self.statusBarPoints } else { shown.height -= Self.statusBarPoints }
        }
        let portrait = shown.pixels(atScale: scale)
        return isLandscape ? PixelSize(width: portrait.height, height: portrait.width) : portrait
    }

    /// The slot of an asset catalog launch image entry (sizes.md, "Asset catalog launch-image
    /// slots"); nil when the entry names no screen iOS has.
    public init?(catalogEntry entry: CatalogEntry) {
        guard let scale = entry.scaleFactor,
            let screen = DeviceCatalog.launchScreen(catalogIdiom: entry.idiom, subtype: entry.subtype)
        else { return nil }
        self.init(
            idiom: screen.idiom, points: screen.points, isLandscape: entry.orientation == "landscape",
            scale: scale,
            excludesStatusBar: entry.extent == "to-status-bar")
    }

    init(
        idiom: Idiom, points: PointSize, isLandscape: Bool, scale: Int, alsoAccepted: [PixelSize] = [],
        excludesStatusBar: Bool = false
    ) {
        self.idiom = idiom
        self.points = points
        self.isLandscape = isLandscape
        self.scale = scale
        self.alsoAccepted = alsoAccepted
        self.excludesStatusBar = excludesStatusBar
    }

    /// The devices that show it: `iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7`.
    public var devices: String { DeviceCatalog.describe(idiom: idiom, bounds: points, scale: scale) }

    /// Whether it is the 4-inch iPhone's slot, the one that decides between native and letterboxed.
    public var isFourInchPhone: Bool {
        DeviceCatalog.fourInch.isShown(idiom: idiom, points: points, scale: scale)
    }

    /// An iPad slot of the legacy picker, which before iOS 7 also took images without the
    /// 20-point status bar (768×1004, 1024×748 pt on a 768×1024 pt screen).
    static func legacyPad(
        isLandscape: Bool, scale: Int, points screen: PointSize = DeviceCatalog.legacyPad.points
    ) -> LaunchImageSlot {
        let withoutStatusBar = LaunchImageSlot(
            idiom: .pad, points: screen, isLandscape: isLandscape, scale: scale, excludesStatusBar: true)
        return LaunchImageSlot(
            idiom: .pad, points: screen, isLandscape: isLandscape, scale: scale,
            alsoAccepted: [withoutStatusBar.pixelSize])
    }

    /// The status bar's height in points on the screens launch images were made for.
    static let statusBarPoints: Double = 20

    /// Every pixel size iOS shows in this slot.
    public var acceptedPixelSizes: [PixelSize] { [pixelSize] + alsoAccepted }
}

/// Why a file named as a launch image is never shown.
public struct LaunchImageNameProblem: Error, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A catalog launch image entry whose slot (described) is no screen iOS has.
        case noSuchCatalogSlot(String)
        /// A `UILaunchImages` entry of a size no device of the idiom has at that scale.
        case noSuchScreen(Idiom, PointSize, scale: Int)
        /// A legacy name at a scale no device of the idiom uses for launch images.
        case noSuchScale(Idiom, scale: Int)
        /// A legacy `-NNNh` height no iPhone has.
        case noSuchHeight(Int)
        /// A legacy `-NNNh` height used at another scale only.
        case heightAtOtherScale(height: Int, scale: Int)
    }

    public var kind: Kind
    /// The name iOS would use, when there is one.
    public var suggestedName: String?

    public init(kind: Kind, suggestedName: String? = nil) {
        self.kind = kind
        self.suggestedName = suggestedName
    }
}

/// Which images are launch images, found by the legacy `Default` name, the `UILaunchImageFile`
/// base, or a `UILaunchImages` entry's name (ios-image-lookup.md, "Launch images").
public struct LaunchImages: Sendable {
    private var slots: [String: LaunchImageSlot] = [:]
    /// Launch images whose names iOS does not match as written (`Default-568H@2x.png`): the slot
    /// each was meant for, which stays empty.
    private var unmatchedSlots: [String: LaunchImageSlot] = [:]
    private var problems: [String: LaunchImageNameProblem] = [:]
    /// The UTF-8 lengths of the paths in the three tables above.
    private var pathLengths = LengthBits()
    /// The base names of the loose launch images: an asset with another base has none.
    public private(set) var looseBases: Set<String> = []
    /// The entry each image was matched to, by path.
    public private(set) var entries: [String: LaunchImageEntry] = [:]
    /// The asset catalog entry each catalog launch image fills, by path.
    public private(set) var catalogEntries: [String: CatalogEntry] = [:]
    /// Catalog launch images for other platforms (a shared catalog's tvOS slots), by platform:
    /// not checked against iOS's screens.
    public private(set) var otherPlatformImages: [String: [String]] = [:]

    public init(images: [ScannedImage], info: AppInfo?, catalogSets: [CatalogSet] = []) {
        for set in catalogSets where set.kind == .launchImage {
            for (entry, path) in set.presentEntries {
                if let platform = entry.otherPlatform {
                    otherPlatformImages[platform, default: []].append(path)
                } else if let slot = LaunchImageSlot(catalogEntry: entry),
                    !DeviceCatalog.classes(idiom: slot.idiom, bounds: slot.points, scale: slot.scale).isEmpty
                {
                    slots[path] = slot
                    catalogEntries[path] = entry
                } else {
                    problems[path] = LaunchImageNameProblem(kind: .noSuchCatalogSlot(entry.slotDescription))
                }
            }
        }
        // Launch images may be localised (`en.lproj/Default-568h@2x.png`): iOS shows the user's
        // language's, or the development region's.
        for image in images {
            if let (entry, idiom) = Self.entry(for: image.name, info: info) {
                entries[image.path] = entry
                let slot = LaunchImageSlot(
                    idiom: idiom, points: entry.size, isLandscape: entry.orientation.isLandscape,
                    scale: image.name.scale)
                if DeviceCatalog.classes(idiom: idiom, bounds: entry.size, scale: slot.scale).isEmpty {
                    problems[image.path] = LaunchImageNameProblem(
                        kind: .noSuchScreen(idiom, entry.size, scale: slot.scale))
                } else {
                    slots[image.path] = slot
                }
            } else if image.name.base == Self.legacyBase(for: Self.idiom(of: image.name), info: info) {
                switch Self.legacySlot(for: image.name) {
                case .success(let slot) where !image.name.isMatchable: unmatchedSlots[image.path] = slot
                case .success(let slot): slots[image.path] = slot
                case .failure(let problem): problems[image.path] = problem
                }
            } else {
                continue
            }
            looseBases.insert(image.name.base)
        }
        pathLengths = LengthBits(
            (Array(slots.keys) + Array(unmatchedSlots.keys) + Array(problems.keys)).map(\.utf8.count))
    }

    /// The slot of a launch image, nil for other images and for launch images iOS ignores.
    public func slot(for image: ScannedImage) -> LaunchImageSlot? { lookUp(image.path, in: slots) }

    /// The slot a launch image was meant for when iOS does not match its name as written.
    public func unmatchedSlot(for image: ScannedImage) -> LaunchImageSlot? {
        lookUp(image.path, in: unmatchedSlots)
    }

    /// Why a file named as a launch image is ignored, if it is.
    public func problem(for image: ScannedImage) -> LaunchImageNameProblem? { lookUp(image.path, in: problems) }

    /// `table[path]`, asked of every image of the app on every core: an app has a few launch
    /// images, so a path of another length is answered without hashing it or touching the
    /// tables' shared strings (copying them out retained them, from both cores at once).
    private func lookUp<Value>(_ path: String, in table: [String: Value]) -> Value? {
        guard pathLengths.contains(path.utf8.count) else { return nil }
        guard table.count > 8 else { return table.first { $0.key == path }?.value }
        return table[path]
    }

    /// The base name legacy launch images have for `idiom`: `UILaunchImageFile`, or `Default`.
    public static func legacyBase(for idiom: Idiom, info: AppInfo?) -> String {
        info?.launchImageFile[idiom] ?? "Default"
    }

    /// The idiom a legacy launch image name is for: orientation modifiers without a height
    /// were iPad-only.
    static func idiom(of name: ImageName) -> Idiom {
        switch name.device {
        case .ipad: .pad
        case .iphone: .phone
        case nil: name.orientation != nil && name.height == nil ? .pad : .phone
        }
    }

    private static func entry(for name: ImageName, info: AppInfo?) -> (LaunchImageEntry, Idiom)? {
        for idiom in Idiom.iOS where name.device == nil || name.device == idiom.deviceModifier {
            if let entry = info?.launchImages[idiom]?.first(where: { $0.name == name.launchImageName }) {
                return (entry, idiom)
            }
        }
        return nil
    }

    /// The slot a legacy launch image name implies (sizes.md, "Legacy launch image files").
    static func legacySlot(for name: ImageName) -> Result<LaunchImageSlot, LaunchImageNameProblem> {
        let isLandscape = name.orientation?.isLandscape ?? false
        func renamed(scale: Int) -> String { name.withScale(scale).canonicalFileName }
        if idiom(of: name) == .pad {
            let scales = DeviceCatalog.legacyPad.scales
            guard scales.contains(name.scale) else {
                return .failure(
                    LaunchImageNameProblem(
                        kind: .noSuchScale(.pad, scale: name.scale), suggestedName: renamed(scale: scales.upperBound)))
            }
            return .success(LaunchImageSlot.legacyPad(isLandscape: isLandscape, scale: name.scale))
        }
        guard let height = name.height else {
            let scales = DeviceCatalog.threePointFiveInch.scales
            guard scales.contains(name.scale) else {
                return .failure(
                    LaunchImageNameProblem(
                        kind: .noSuchScale(.phone, scale: name.scale), suggestedName: renamed(scale: scales.upperBound))
                )
            }
            return .success(
                LaunchImageSlot(
                    idiom: .phone, points: DeviceCatalog.threePointFiveInch.points, isLandscape: false,
                    scale: name.scale))
        }
        guard let known = DeviceCatalog.launchScreen(legacyHeight: height), let knownScale = known.scales.first,
            known.scales.count == 1
        else {
            return .failure(
                LaunchImageNameProblem(kind: .noSuchHeight(height)))
        }
        guard name.scale == knownScale else {
            return .failure(
                LaunchImageNameProblem(
                    kind: .heightAtOtherScale(height: height, scale: knownScale),
                    suggestedName: renamed(scale: knownScale)))
        }
        return .success(
            LaunchImageSlot(idiom: .phone, points: known.points, isLandscape: isLandscape, scale: knownScale))
    }
}
