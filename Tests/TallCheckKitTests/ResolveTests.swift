import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// An index over files given by path and pixel size: no file system.
func index(_ files: [(String, Int, Int)], info: AppInfo? = nil) -> ImageResolver {
    ImageResolver(
        Inventory(
            images: files.map { ScannedImage(path: $0.0, facts: RuleExample.File.image($0.0, $0.1, $0.2).facts) },
            info: info))
}

func device(_ model: String, _ orientation: InterfaceOrientation = .portrait, ios: String? = nil) -> DeviceQuery {
    DeviceQuery(model: model, orientation: orientation, iosVersion: ios.flatMap(OSVersion.init))!
}

@Suite("resolve: which file UIImage(named:) loads")
struct ResolveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var title: String
        var files: [(String, Int, Int)]
        var request: String
        var device: DeviceQuery
        var mode: ResolveMode = .uikit
        var languages: [String] = []
        /// Nil when nothing should load.
        var file: String?
        /// Text one of the notes must contain.
        var note: String? = nil

        var testDescription: String { title }
    }

    static let button = [
        ("Images/Button.png", 44, 44), ("Images/Button@2x.png", 88, 88), ("Images/Button@3x.png", 132, 132),
    ]
    static let background = [
        ("Images/Background.png", 320, 358), ("Images/Background@2x.png", 640, 716),
        ("Images/Background-568h@2x.png", 640, 892),
    ]

    static let cases: [Case] = [
        Case(
            title: "1x phone loads the 1x", files: button, request: "Button", device: device("iPhone 3GS"),
            file: "Images/Button.png"),
        Case(
            title: "2x phone loads @2x", files: button, request: "Button", device: device("iPhone 4"),
            file: "Images/Button@2x.png"),
        Case(
            title: "3x phone loads @3x", files: button, request: "Button", device: device("iPhone X"),
            file: "Images/Button@3x.png"),
        Case(
            title: "3x phone without @3x falls back to @2x", files: Array(button.prefix(2)), request: "Button",
            device: device("iPhone 8 Plus"),
            file: "Images/Button@2x.png"),
        Case(
            title: "3x phone with only a 1x upscales it", files: [button[0]], request: "Button",
            device: device("iPhone 11 Pro"),
            file: "Images/Button.png"),
        Case(
            title: "1x phone with only @2x loads it, with a note", files: [button[1]], request: "Button",
            device: device("iPhone 3G"),
            file: "Images/Button@2x.png", note: "higher-scale"),
        Case(
            title: "explicit extension", files: [("photo.jpg", 10, 10), ("photo.png", 10, 10)], request: "photo.jpg",
            device: device("iPhone 3GS"), file: "photo.jpg"),
        Case(
            title: "non-retina iPad prefers ~ipad", files: [("Tab.png", 30, 30), ("Tab~ipad.png", 40, 40)],
            request: "Tab",
            device: device("iPad 2"), file: "Tab~ipad.png"),
        Case(
            title: "retina iPad: @2x~ipad beats @2x", files: [("Tab@2x.png", 60, 60), ("Tab@2x~ipad.png", 80, 80)],
            request: "Tab",
            device: device("iPad Air"), file: "Tab@2x~ipad.png"),
        Case(
            title: "retina iPad: @2x beats 1x~ipad", files: [("Tab~ipad.png", 40, 40), ("Tab@2x.png", 60, 60)],
            request: "Tab",
            device: device("iPad Air"), file: "Tab@2x.png"),
        Case(
            title: "~iphone-only file is invisible on iPad",
            files: [("Icon~iphone.png", 30, 30), ("Icon@2x~iphone.png", 60, 60)],
            request: "Icon", device: device("iPad Air"), file: nil),
        Case(
            title: "phone prefers ~iphone", files: [("Icon.png", 30, 30), ("Icon~iphone.png", 31, 31)], request: "Icon",
            device: device("iPhone 3GS"), file: "Icon~iphone.png"),
        Case(
            title: "misnamed ~ipad@2x is not found", files: [("Images/Button~ipad@2x.png", 88, 88)], request: "Button",
            device: device("iPad Air"), file: nil,
            note: "Images/Button~ipad@2x.png was probably meant as Button@2x~ipad.png"),
        Case(
            title: "case mismatch is not found on the device",
            files: [("Images/button@2x.png", 88, 88), ("Images/Button.png", 44, 44)],
            request: "Button", device: device("iPhone 5"), file: "Images/Button.png", note: "only when case is ignored"),
        Case(
            title: "tall-suffix on a 3.5-inch phone follows UIKit", files: background, request: "Background",
            device: device("iPhone 4S"),
            mode: .tallSuffix, file: "Images/Background@2x.png"),
        Case(
            title: "tall-suffix on a 4-inch phone loads -568h@2x", files: background, request: "Background",
            device: device("iPhone 5"),
            mode: .tallSuffix, file: "Images/Background-568h@2x.png"),
        Case(
            title: "tall-suffix on a 5.5-inch phone loads -568h@2x", files: background, request: "Background",
            device: device("iPhone 6 Plus"), mode: .tallSuffix, file: "Images/Background-568h@2x.png"),
        Case(
            title: "tall-suffix on iPad follows UIKit", files: background, request: "Background",
            device: device("iPad 3"),
            mode: .tallSuffix, file: "Images/Background@2x.png"),
        Case(
            title: "uikit mode never loads -568h", files: background, request: "Background", device: device("iPhone 5"),
            file: "Images/Background@2x.png"),
        Case(
            title: "top level before .lproj", files: [("Title@2x.png", 10, 10), ("fr.lproj/Title@2x.png", 20, 20)],
            request: "Title",
            device: device("iPhone 4"), languages: ["fr"], file: "Title@2x.png"),
        Case(
            title: "first language's .lproj before Base",
            files: [("Base.lproj/Title@2x.png", 10, 10), ("fr.lproj/Title@2x.png", 20, 20)],
            request: "Title", device: device("iPhone 4"), languages: ["fr"], file: "fr.lproj/Title@2x.png"),
        Case(
            title: "Base.lproj before other languages",
            files: [("Base.lproj/Title@2x.png", 10, 10), ("de.lproj/Title@2x.png", 20, 20)],
            request: "Title", device: device("iPhone 4"), languages: ["fr"], file: "Base.lproj/Title@2x.png"),
    ]

    @Test(arguments: cases)
    func resolvesAsUIKitWould(_ testCase: Case) {
        let resolution = index(testCase.files).resolve(
            testCase.request, on: testCase.device, mode: testCase.mode, languages: testCase.languages)
        #expect(resolution.file == testCase.file, "\(resolution.text)")
        if let note = testCase.note {
            #expect(resolution.notes.contains { $0.contains(note) }, "\(resolution.notes)")
        }
        #expect(!resolution.tried.isEmpty)
        #expect(testCase.file.map { resolution.tried.last == $0 } ?? true, "the last try is the file found")
    }

    @Test func jsonHasTheDocumentedShape() {
        let resolution = index(Self.background).resolve("Background", on: device("iPhone 5"))
        #expect(
            resolution.json.rendered()
                == #"{"device":{"name":"iPhone 5","idiom":"phone","scale":2,"bounds":[320,568]},"request":"Background","#
                + #""mode":"uikit","file":"Images/Background@2x.png","bundlePath":"Background@2x.png","scale":2,"#
                + #""pointSize":[320,358],"#
                + #""tried":["Images/Background@2x~iphone.png","Images/Background@2x.png"],"certain":true}"#)
    }

    @Test func deviceByNumbersHasNoName() throws {
        let query = try DeviceSpecification(scale: 2, bounds: "320x568").query()
        #expect(query == DeviceQuery(idiom: .phone, scale: 2, bounds: PointSize(width: 320, height: 568)))
        #expect(query.json.rendered() == #"{"name":null,"idiom":"phone","scale":2,"bounds":[320,568]}"#)
    }

    @Test(arguments: [
        (DeviceSpecification(model: "iPhone 99"), "no device named"),
        (DeviceSpecification(scale: 4, bounds: "320x568"), "scale must be"),
        (DeviceSpecification(scale: 2, bounds: "320"), "bounds must be"),
        (DeviceSpecification(scale: 2, bounds: "320x568", idiom: "desk"), "idiom must be"),
        (DeviceSpecification(model: "iPhone 5", scale: 2), "not both"),
        (DeviceSpecification(model: "iPhone 5", orientation: "sideways"), "orientation must be"),
    ])
    func badDeviceSpecificationsAreExplained(specification: DeviceSpecification, message: String) {
        #expect(throws: DeviceSpecification.Invalid.self) { try specification.query() }
        do {
            _ = try specification.query()
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test func modelNamesMatchIgnoringCase() {
        #expect(DeviceQuery(model: "IPOD TOUCH 5")?.name == "iPod touch 5")
        #expect(DeviceQuery(model: "ipad pro 12.9\"")?.bounds == PointSize(width: 1024, height: 1366))
    }
}

@Suite("resolve --launch: which launch image, and how the app looks")
struct LaunchResolveTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var title: String
        var files: [(String, Int, Int)]
        var info: AppInfo? = nil
        var device: DeviceQuery
        var file: String?
        var presentation: LaunchPresentation

        var testDescription: String { title }
    }

    static let legacy = [("Default.png", 320, 480), ("Default@2x.png", 640, 960)]
    static let tall = legacy + [("Default-568h@2x.png", 640, 1136)]
    static let entries = AppInfo(
        path: "Info.plist",
        launchImages: [
            .phone: [
                LaunchImageEntry(
                    name: "LaunchImage-700", size: PointSize(width: 320, height: 480), minimumOSVersion: OSVersion(7, 0)
                ),
                LaunchImageEntry(
                    name: "LaunchImage-700-568h", size: PointSize(width: 320, height: 568),
                    minimumOSVersion: OSVersion(7, 0)),
                LaunchImageEntry(
                    name: "LaunchImage-800-667h", size: PointSize(width: 375, height: 667),
                    minimumOSVersion: OSVersion(8, 0)),
            ]
        ])
    static let entryFiles = [
        ("LaunchImage-700@2x.png", 640, 960), ("LaunchImage-700-568h@2x.png", 640, 1136),
        ("LaunchImage-800-667h@2x.png", 750, 1334),
    ]

    static let cases: [Case] = [
        Case(
            title: "iPhone 4 shows Default@2x", files: legacy, device: device("iPhone 4"), file: "Default@2x.png",
            presentation: .native),
        Case(
            title: "iPhone 3GS shows Default", files: legacy, device: device("iPhone 3GS"), file: "Default.png",
            presentation: .native),
        Case(
            title: "iPhone 5 without -568h is letterboxed", files: legacy, device: device("iPhone 5"),
            file: "Default@2x.png",
            presentation: .letterboxed),
        Case(
            title: "iPhone 5 with -568h is native", files: tall, device: device("iPhone 5"),
            file: "Default-568h@2x.png", presentation: .native),
        Case(
            title: "iPhone 5 with a 640×1096 -568h is letterboxed",
            files: legacy + [("Default-568h@2x.png", 640, 1096)],
            device: device("iPhone 5"), file: "Default-568h@2x.png", presentation: .letterboxed),
        Case(
            title: "iPhone 6 with files only runs zoomed", files: tall, device: device("iPhone 6"),
            file: "Default-568h@2x.png", presentation: .zoomed),
        Case(
            title: "iPhone 6 Plus with files only runs zoomed", files: tall, device: device("iPhone 6 Plus"),
            file: "Default-568h@2x.png", presentation: .zoomed),
        Case(
            title: "iPhone X with files only is letterboxed", files: tall, device: device("iPhone X"),
            file: "Default-568h@2x.png", presentation: .letterboxed),
        Case(
            title: "UILaunchImageFile names the base",
            files: [("Splash@2x.png", 640, 960), ("Splash-568h@2x.png", 640, 1136)],
            info: AppInfo(path: "Info.plist", launchImageFile: [.phone: "Splash"]), device: device("iPhone 5"),
            file: "Splash-568h@2x.png",
            presentation: .native),
        Case(
            title: "UILaunchImages: iPhone 6 native through its entry", files: entryFiles, info: entries,
            device: device("iPhone 6"),
            file: "LaunchImage-800-667h@2x.png", presentation: .native),
        Case(
            title: "UILaunchImages: iPhone 5 native", files: entryFiles, info: entries, device: device("iPhone 5"),
            file: "LaunchImage-700-568h@2x.png", presentation: .native),
        Case(
            title: "UILaunchImages: no 736h entry, 6 Plus zoomed", files: entryFiles, info: entries,
            device: device("iPhone 6 Plus"),
            file: nil, presentation: .zoomed),
        Case(
            title: "UILaunchImages: the iOS 8 entry does not apply on iOS 7", files: entryFiles, info: entries,
            device: device("iPhone 6", ios: "7.1"), file: nil, presentation: .zoomed),
        Case(
            title: "storyboard: native everywhere", files: legacy,
            info: AppInfo(path: "Info.plist", launchStoryboardName: [.phone: "Launch"]),
            device: device("iPhone X"), file: nil, presentation: .native),
        Case(
            title: "storyboard is ignored before iOS 8", files: legacy,
            info: AppInfo(path: "Info.plist", launchStoryboardName: [.phone: "Launch"]),
            device: device("iPhone 5", ios: "7.0"), file: "Default@2x.png", presentation: .letterboxed),
        Case(
            title: "UILaunchScreen (even empty): native on iOS 14", files: legacy,
            info: AppInfo(dictionary: ["UILaunchScreen": [String: Any]()], path: "Info.plist"),
            device: device("iPhone 15 Pro"), file: nil, presentation: .native),
        Case(
            title: "UILaunchScreen~ipad covers the iPad alone", files: legacy,
            info: AppInfo(dictionary: ["UILaunchScreen~ipad": [String: Any]()], path: "Info.plist"),
            device: device("iPhone X"), file: "Default@2x.png", presentation: .letterboxed),
        Case(
            title: "UILaunchScreen is ignored before iOS 14", files: legacy,
            info: AppInfo(dictionary: ["UILaunchScreen": [String: Any]()], path: "Info.plist"),
            device: device("iPhone 5", ios: "10.3"), file: "Default@2x.png", presentation: .letterboxed),
        Case(
            title: "UILaunchScreen_Generation = YES: native on iOS 14",
            files: legacy, info: AppInfo.generated(from: ["UILaunchScreen_Generation": "YES"], path: "App.xcodeproj"),
            device: device("iPhone 15 Pro Max"), file: nil, presentation: .native),
        Case(
            title: "iPad portrait",
            files: [("Default-Portrait@2x~ipad.png", 1536, 2048), ("Default-Landscape@2x~ipad.png", 2048, 1536)],
            device: device("iPad Air"), file: "Default-Portrait@2x~ipad.png", presentation: .native),
        Case(
            title: "iPad landscape-left falls back to Landscape",
            files: [("Default-Portrait~ipad.png", 768, 1024), ("Default-Landscape~ipad.png", 1024, 768)],
            device: device("iPad 2", .landscapeLeft), file: "Default-Landscape~ipad.png", presentation: .native),
        Case(
            title: "iPad upside down falls back to Portrait", files: [("Default-Portrait~ipad.png", 768, 1024)],
            device: device("iPad 2", .portraitUpsideDown), file: "Default-Portrait~ipad.png", presentation: .native),
        Case(
            title: "iPad Pro 12.9 without a storyboard is zoomed",
            files: [("Default-Portrait@2x~ipad.png", 1536, 2048)],
            device: device("iPad Pro 12.9\""), file: "Default-Portrait@2x~ipad.png", presentation: .zoomed),
    ]

    @Test(arguments: cases)
    func launchIsResolvedAsTheReferenceSays(_ testCase: Case) {
        let resolution = index(testCase.files, info: testCase.info).resolveLaunch(on: testCase.device)
        #expect(resolution.file == testCase.file, "\(resolution.text)")
        #expect(resolution.presentation == testCase.presentation, "\(resolution.text)")
        #expect(resolution.request == nil)
    }
}

@Suite("resolve with asset catalogs")
struct CatalogResolveTests {
    let index: ImageResolver

    init() throws {
        let root = ScenarioTests.repository + "/Fixtures/Scenarios/catalog-correct"
        index = ImageResolver(try InventoryScanner.scan(ScanOptions(root: root)).inventory)
    }
    static let sets = "App/Assets.xcassets"

    @Test(arguments: [
        ("iPhone 3GS", "Icons/star", "\(sets)/Icons/star.imageset/star.png", 1, PointSize(width: 20, height: 20)),
        ("iPhone 4", "Icons/star", "\(sets)/Icons/star.imageset/star@2x.png", 2, PointSize(width: 20, height: 20)),
        ("iPhone 6 Plus", "Icons/star", "\(sets)/Icons/star.imageset/star@3x.png", 3, PointSize(width: 20, height: 20)),
        ("iPad Air", "Icons/star", "\(sets)/Icons/star.imageset/star@2x.png", 2, PointSize(width: 20, height: 20)),
        ("iPad 2", "Icons/star", "\(sets)/Icons/star.imageset/star.png", 1, PointSize(width: 20, height: 20)),
        ("iPhone 5", "Background", "\(sets)/Background.imageset/bg-568h@2x.png", 2, PointSize(width: 320, height: 446)),
        ("iPhone 4S", "Background", "\(sets)/Background.imageset/bg@2x.png", 2, PointSize(width: 320, height: 358)),
        // The 3x slot is empty: the @2x is used.
        ("iPhone X", "Background", "\(sets)/Background.imageset/bg@2x.png", 2, PointSize(width: 320, height: 358)),
    ])
    func imageSetEntriesAreChosenForTheDevice(model: String, name: String, file: String, scale: Int, points: PointSize)
    {
        let resolution = index.resolve(name, on: device(model))
        #expect(resolution.file == file, "\(resolution.text)")
        #expect(resolution.scale == scale)
        #expect(resolution.pointSize == points)
    }

    @Test func namespacedSetsNeedTheirNamespace() {
        #expect(index.resolve("star", on: device("iPhone 4")).file == nil)
    }

    @Test func aCatalogImageWinsOverALooseFileAndTriedSaysSo() {
        let files: [(String, Int, Int)] = [
            ("Images/star@2x.png", 40, 40), ("A.xcassets/star.imageset/s@2x.png", 40, 40),
        ]
        let example = RuleExample(
            files.map { .image($0.0, $0.1, $0.2) },
            catalog: [
                CatalogSet(folder: "A.xcassets/star.imageset", entries: [.init(filename: "s@2x.png", scale: "2x")])
            ])
        let resolution = ImageResolver(example.inventory).resolve("star", on: device("iPhone 4"))
        #expect(resolution.file == "A.xcassets/star.imageset/s@2x.png")
        #expect(resolution.tried.contains("Images/star@2x.png (loose file; the catalog image set wins)"))
    }

    @Test(
        arguments: [
            ("iPhone 4", "phone@2x.png", LaunchPresentation.native),
            ("iPhone 5", "tall@2x.png", .native),
            ("iPhone 6", "667h@2x.png", .native),
            ("iPhone 6 Plus", "736h@3x.png", .native),
            ("iPhone X", nil, .letterboxed),
            ("iPad 2", "pad-portrait.png", .native),
        ] as [(String, String?, LaunchPresentation)])
    func theLaunchImageSetDecidesTheLaunch(model: String, file: String?, presentation: LaunchPresentation) {
        let resolution = index.resolveLaunch(on: device(model))
        #expect(resolution.file == file.map { "\(Self.sets)/LaunchImage.launchimage/\($0)" }, "\(resolution.text)")
        #expect(resolution.presentation == presentation)
    }

    @Test func landscapeIPadGetsTheLandscapeSlot() {
        let resolution = index.resolveLaunch(on: device("iPad 2", .landscapeRight))
        #expect(resolution.file == "\(Self.sets)/LaunchImage.launchimage/pad-landscape.png")
        #expect(resolution.presentation == .native)
    }
}

extension ResolveTests {
    /// The candidate names, joined by appending, are the names their definition spells:
    /// `base@2x~iphone.png`, then `base@2x.png` (ios-image-lookup.md, rule 3).
    @Test(arguments: ["Button", "Levels/map1", "émoji", "Default-568h", ""])
    func candidateNamesAreSpeltAsDefined(base: String) {
        for ext in ["png", "jpg"] {
            for scale in 1...3 {
                let scaleText = scale == 1 ? "" : "@\(scale)x"
                #expect(
                    ImageResolver.candidates(base: base, ext: ext, scale: scale, device: nil) == [
                        "\(base)\(scaleText).\(ext)"
                    ])
                for device in DeviceModifier.allCases {
                    #expect(
                        ImageResolver.candidates(base: base, ext: ext, scale: scale, device: device) == [
                            "\(base)\(scaleText)~\(device.rawValue).\(ext)", "\(base)\(scaleText).\(ext)",
                        ])
                }
            }
        }
    }

    /// A file's size in points at a scale is its size once placed at that scale.
    @Test func pointSizeAtAScaleIsThatOfTheImagePlacedThere() {
        let image = ScannedImage(path: "a/b@2x.png", facts: RuleExample.File.image("b@2x.png", 90, 61).facts)
        for scale in 1...3 {
            #expect(image.pointSize(atScale: scale) == image.atScale(scale).pointSize)
        }
        #expect(image.pointSize(atScale: 2) == PointSize(width: 45, height: 30.5))
        #expect(image.pointSize == image.pointSize(atScale: 2))
    }
}
