/// One class of device: models that share idiom, portrait point size and scale.
public struct DeviceClass: Hashable, Sendable {
    /// Model names, as people say them: `iPhone 5`, `iPod touch 5`.
    public var models: [String]
    public var idiom: Idiom
    /// Portrait screen size in points.
    public var bounds: PointSize
    /// `UIScreen.scale`: the scale images are chosen for.
    public var scale: Int
    /// `UIScreen.nativeScale`: the panel's real scale (2.608 on the Plus phones).
    public var nativeScale: Double

    /// The models, shortened for messages: `iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7`.
    public var summary: String
    /// The last major iOS release of the newest model in the class, when it no longer runs
    /// current releases: a deployment target above it leaves the class out.
    public var lastMajorRelease: Int?

    public init(
        models: [String], idiom: Idiom, bounds: PointSize, scale: Int, nativeScale: Double? = nil, summary: String,
        lastMajorRelease: Int? = nil
    ) {
        self.models = models
        self.idiom = idiom
        self.bounds = bounds
        self.scale = scale
        self.nativeScale = nativeScale ?? Double(scale)
        self.summary = summary
        self.lastMajorRelease = lastMajorRelease
    }
}

/// How an app's screen looks on a device, decided at launch.
public enum LaunchPresentation: String, Sendable, Hashable {
    /// The app uses the whole screen at its size.
    case native
    /// The app runs at a smaller screen's size with black bars.
    case letterboxed
    /// The app runs at a smaller screen's size, scaled up to fill.
    case zoomed
    /// An iPhone-only app on an iPad: an iPhone-sized window in the middle of the screen.
    case compatibilityMode = "compatibility-mode"
}

/// A screen launch images are made for, and every way a launch image names it (sizes.md,
/// "Legacy launch image files" and "Asset catalog launch-image slots").
public struct LaunchScreen: Sendable, Hashable {
    public var idiom: Idiom
    /// Portrait points, as `UILaunchImageSize` gives them.
    public var points: PointSize
    /// The scales its launch images come in.
    public var scales: ClosedRange<Int>
    /// The height modifier of legacy file names (`Default-568h@2x.png`): points for the first
    /// three, pixels in Xcode's later names. Nil for the screens the plain name serves.
    public var legacyHeight: Int?
    /// The asset catalog launch image subtype (`retina4`); nil for the set's base slot.
    public var catalogSubtype: String?
    /// How an app without a launch image for this screen runs there.
    public var withoutLaunchImage: LaunchPresentation
    /// A launch image alone does not make the app native here: it also needs a
    /// `UILaunchImages` entry (or a launch storyboard).
    public var needsLaunchImagesEntry = false

    /// Whether a device of this idiom, portrait size and scale shows this screen's launch images.
    public func isShown(idiom: Idiom, points: PointSize, scale: Int) -> Bool {
        self.idiom == idiom && self.points == points && scales.contains(scale)
    }
}

/// Every iPhone, iPod touch, iPad, Apple TV and Apple Watch class, from `sizes.md` (Apple's
/// device specifications), and the screens launch images are made for.
///
/// A new device is one row in ``all``: its models, idiom, point size and scale, and the last
/// iOS release it runs when that matters for a deployment target (Apple's device support lists).
/// Every check that asks about each device the app runs on (``SupportedDevices``), every
/// resolution query by model name and `tallcheck devices` read it from there. A new device
/// needs no row in ``launchScreens``: apps built since April 2020 must launch with a storyboard,
/// and iOS shows launch images only on the screens listed. `DeviceTableTests` adds a device the
/// way a row here does, from a test target.
public enum DeviceCatalog {
    public static let all: [DeviceClass] = [
        phone(
            "iPhone (2007), 3G, 3GS; iPod touch 1–3",
            ["iPhone", "iPhone 3G", "iPhone 3GS", "iPod touch 1", "iPod touch 2", "iPod touch 3"],
            320, 480, 1),
        phone("iPhone 4, 4S; iPod touch 4", ["iPhone 4", "iPhone 4S", "iPod touch 4"], 320, 480, 2, last: 9),
        phone(
            "iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7",
            [
                "iPhone 5", "iPhone 5c", "iPhone 5s", "iPhone SE (1st generation)", "iPhone SE", "iPod touch 5",
                "iPod touch 6", "iPod touch 7",
            ],
            320, 568, 2, last: 15),
        phone(
            "iPhone 6, 6s, 7, 8, SE (2nd, 3rd)",
            [
                "iPhone 6", "iPhone 6s", "iPhone 7", "iPhone 8", "iPhone SE (2nd generation)",
                "iPhone SE (3rd generation)",
            ], 375, 667,
            2),
        phone(
            "iPhone 6/6s/7/8 Plus", ["iPhone 6 Plus", "iPhone 6s Plus", "iPhone 7 Plus", "iPhone 8 Plus"], 414, 736, 3,
            native: 2.608, last: 16),
        phone("iPhone X, XS, 11 Pro", ["iPhone X", "iPhone XS", "iPhone 11 Pro"], 375, 812, 3),
        phone("iPhone 12 mini, 13 mini", ["iPhone 12 mini", "iPhone 13 mini"], 375, 812, 3, native: 2.88),
        phone("iPhone XR, 11", ["iPhone XR", "iPhone 11"], 414, 896, 2),
        phone("iPhone XS Max, 11 Pro Max", ["iPhone XS Max", "iPhone 11 Pro Max"], 414, 896, 3),
        phone(
            "iPhone 12, 12 Pro, 13, 13 Pro, 14, 16e",
            ["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14", "iPhone 16e"], 390, 844, 3),
        phone(
            "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", ["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"], 428,
            926, 3),
        phone(
            "iPhone 14 Pro, 15, 15 Pro, 16", ["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"], 393, 852, 3),
        phone(
            "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus",
            ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus"], 430, 932, 3),
        phone("iPhone 16 Pro, 17, 17 Pro", ["iPhone 16 Pro", "iPhone 17", "iPhone 17 Pro"], 402, 874, 3),
        phone("iPhone Air", ["iPhone Air"], 420, 912, 3),
        phone("iPhone 16 Pro Max, 17 Pro Max", ["iPhone 16 Pro Max", "iPhone 17 Pro Max"], 440, 956, 3),
        pad(
            "iPad 1, 2; iPad mini (1st)", ["iPad", "iPad 1", "iPad 2", "iPad mini", "iPad mini (1st generation)"], 768,
            1024, 1),
        pad(
            "iPad 3–6; Air 1–2; Pro 9.7\"; mini 2–5",
            [
                "iPad 3", "iPad 4", "iPad 5", "iPad 6", "iPad Air", "iPad Air 2", "iPad Pro 9.7\"", "iPad mini 2",
                "iPad mini 3",
                "iPad mini 4", "iPad mini 5",
            ], 768, 1024, 2),
        pad("iPad 7–9 (10.2\")", ["iPad 7", "iPad 8", "iPad 9"], 810, 1080, 2),
        pad("iPad Air 3; Pro 10.5\"", ["iPad Air 3", "iPad Pro 10.5\""], 834, 1112, 2),
        pad(
            "iPad 10, 11; Air 4, 5; Air 11\"", ["iPad 10", "iPad 11", "iPad Air 4", "iPad Air 5", "iPad Air 11\""], 820,
            1180, 2),
        pad("iPad mini 6, 7", ["iPad mini 6", "iPad mini 7"], 744, 1133, 2),
        pad("iPad Pro 11\" (gen 1–4)", ["iPad Pro 11\"", "iPad Pro 11\" (gen 1–4)"], 834, 1194, 2),
        pad("iPad Pro 12.9\"; Air 13\"", ["iPad Pro 12.9\"", "iPad Air 13\""], 1024, 1366, 2),
        pad("iPad Pro 11\" (M4)", ["iPad Pro 11\" (M4)"], 834, 1210, 2),
        pad("iPad Pro 13\" (M4)", ["iPad Pro 13\" (M4)"], 1032, 1376, 2),
        // tvOS draws in a 1920×1080 pt space: @1x on Apple TV HD, @2x on Apple TV 4K (Apple's
        // Human Interface Guidelines, "Designing for tvOS"; docs/targets-and-platforms.md).
        device(.tv, "Apple TV HD", ["Apple TV HD", "Apple TV (4th generation)"], 1920, 1080, 1),
        device(.tv, "Apple TV 4K", ["Apple TV 4K"], 1920, 1080, 2),
        // Every Apple Watch is @2x; sizes in points by case size (HIG, "Designing for watchOS").
        device(.watch, "Apple Watch 38 mm", ["Apple Watch 38mm"], 136, 170, 2),
        device(.watch, "Apple Watch 40 mm", ["Apple Watch 40mm"], 162, 197, 2),
        device(.watch, "Apple Watch 41 mm", ["Apple Watch 41mm"], 176, 215, 2),
        device(.watch, "Apple Watch 42 mm", ["Apple Watch 42mm"], 156, 195, 2),
        device(.watch, "Apple Watch 44 mm", ["Apple Watch 44mm"], 184, 224, 2),
        device(.watch, "Apple Watch 45 mm", ["Apple Watch 45mm"], 198, 242, 2),
        device(.watch, "Apple Watch 46 mm", ["Apple Watch 46mm"], 208, 248, 2),
        device(.watch, "Apple Watch Ultra 49 mm", ["Apple Watch Ultra", "Apple Watch 49mm"], 205, 251, 2),
    ]

    /// The screens launch images name, each once.
    public static let launchScreens: [LaunchScreen] = [
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 320, height: 480), scales: 1...2, withoutLaunchImage: .native),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 320, height: 568), scales: 2...2, legacyHeight: 568,
            catalogSubtype: "retina4", withoutLaunchImage: .letterboxed),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 375, height: 667), scales: 2...2, legacyHeight: 667,
            catalogSubtype: "667h", withoutLaunchImage: .zoomed, needsLaunchImagesEntry: true),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 414, height: 736), scales: 3...3, legacyHeight: 736,
            catalogSubtype: "736h", withoutLaunchImage: .zoomed, needsLaunchImagesEntry: true),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 375, height: 812), scales: 3...3, legacyHeight: 2436,
            catalogSubtype: "2436h", withoutLaunchImage: .letterboxed),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 414, height: 896), scales: 3...3, legacyHeight: 2688,
            catalogSubtype: "2688h", withoutLaunchImage: .letterboxed),
        LaunchScreen(
            idiom: .phone, points: PointSize(width: 414, height: 896), scales: 2...2, legacyHeight: 1792,
            catalogSubtype: "1792h", withoutLaunchImage: .letterboxed),
        LaunchScreen(
            idiom: .pad, points: PointSize(width: 768, height: 1024), scales: 1...2, withoutLaunchImage: .native),
    ]

    /// The 3.5-inch iPhone screen, which every app supports and the plain `Default` name serves.
    public static let threePointFiveInch = launchScreens[0]

    /// The 4-inch iPhone screen (iPhone 5 class), whose launch image decides between native and
    /// letterboxed: `Default-568h@2x.png`, the catalog's `retina4` slot.
    public static let fourInch = launchScreens[1]

    /// The 4-inch screen's file-name suffix, `-568h@2x`: its legacy launch image's, and the one
    /// tall-suffix helpers such as `FromBundle16x9` load on every tall phone.
    public static let tallSuffix = "-\(fourInch.legacyHeight!)h@\(fourInch.scales.lowerBound)x"

    /// The iPad screen the plain `Default` name (and the catalog's base iPad slot) serves.
    public static let legacyPad = launchScreens[launchScreens.count - 1]

    /// The launch screen a legacy file name's height modifier names (`-568h`).
    public static func launchScreen(legacyHeight: Int) -> LaunchScreen? {
        launchScreens.first { $0.legacyHeight == legacyHeight }
    }

    /// The launch screen an asset catalog launch image entry names: its idiom (`iphone`,
    /// `ipad`) and subtype.
    public static func launchScreen(catalogIdiom: String?, subtype: String?) -> LaunchScreen? {
        switch catalogIdiom {
        case "iphone": subtype == nil ? threePointFiveInch : launchScreens.first { $0.catalogSubtype == subtype }
        case "ipad": subtype == nil ? legacyPad : nil
        default: nil
        }
    }

    /// How an app with no launch image for a screen runs there: older phone sizes keep their
    /// layout with bars (4-inch, X and later) or scaled up (the 6 and 6 Plus classes); iPads
    /// other than 768×1024 pt are scaled up when their shape is 3:4, else boxed.
    public static func presentationWithoutLaunchImage(idiom: Idiom, bounds: PointSize) -> LaunchPresentation {
        if let screen = launchScreens.first(where: { $0.idiom == idiom && $0.points == bounds }) {
            return screen.withoutLaunchImage
        }
        switch idiom {
        case .phone: return .letterboxed
        case .pad: return abs(bounds.width / bounds.height - 0.75) < 0.01 ? .zoomed : .letterboxed
        case .tv, .watch: return .native
        }
    }

    /// The classes with this idiom, portrait point size and scale.
    public static func classes(idiom: Idiom, bounds: PointSize, scale: Int) -> [DeviceClass] {
        all.filter { $0.idiom == idiom && $0.bounds == bounds && $0.scale == scale }
    }

    /// The class a model name belongs to, ignoring case, among `classes`.
    public static func deviceClass(named name: String, in classes: [DeviceClass] = all) -> DeviceClass? {
        let wanted = spelledOut(name)
        return classes.first { $0.models.contains { spelledOut($0) == wanted } }
    }

    /// ` (did you mean 'iPhone 15 Pro'?)` for a model name no class has, or nothing: the closest
    /// model name as `tallcheck devices` spells them.
    package static func didYouMean(_ name: String) -> String {
        TallCheckCore.didYouMean(name, among: all.flatMap(\.models))
    }

    /// A model name as `tallcheck devices` and people shorten it, ignoring case and spaces:
    /// `iPhone SE (1st)` is `iPhone SE (1st generation)`, `iPad Pro 11"` and `iPad Pro 11-inch` alike.
    static func spelledOut(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " generation)", with: ")")
            .replacingOccurrences(of: "-inch", with: "\"").replacingOccurrences(of: " ", with: "")
    }

    /// `iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7`, or the sizes when no class matches.
    package static func describe(idiom: Idiom, bounds: PointSize, scale: Int) -> String {
        let matches = classes(idiom: idiom, bounds: bounds, scale: scale)
        return matches.isEmpty ? "\(bounds) pt @\(scale)x devices" : matches.map(\.summary).joined(separator: "; ")
    }

    private static func phone(
        _ summary: String, _ models: [String], _ width: Double, _ height: Double, _ scale: Int, native: Double? = nil,
        last: Int? = nil
    ) -> DeviceClass {
        DeviceClass(
            models: models, idiom: .phone, bounds: PointSize(width: width, height: height), scale: scale,
            nativeScale: native, summary: summary, lastMajorRelease: last)
    }

    private static func device(
        _ idiom: Idiom, _ summary: String, _ models: [String], _ width: Double, _ height: Double, _ scale: Int
    ) -> DeviceClass {
        DeviceClass(
            models: models, idiom: idiom, bounds: PointSize(width: width, height: height), scale: scale,
            summary: summary)
    }

    private static func pad(_ summary: String, _ models: [String], _ width: Double, _ height: Double, _ scale: Int)
        -> DeviceClass
    {
        DeviceClass(
            models: models, idiom: .pad, bounds: PointSize(width: width, height: height), scale: scale,
            summary: summary)
    }
}
