/// One thing a project builds: an app, an extension, a watch app, a framework. Each app-like
/// target is its own bundle, on its own platform and devices, and is linted as its own app
/// (docs/targets-and-platforms.md).
public struct ProjectTarget: Sendable, Hashable, Codable {
    /// What a target builds, from its Xcode `productType` or .NET project type.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An app that launches: iOS, tvOS, watchOS (single-target) or Mac Catalyst.
        case app
        /// An App Clip: launches, and ships apart from its app.
        case appClip
        /// A WatchKit app (`watchapp`, `watchapp2`): storyboards and catalogs, no code.
        case watchApp
        /// A WatchKit extension: the watch app's code.
        case watchExtension
        /// An app extension (widget, share, Top Shelf, iMessage, intents): its own bundle, embedded.
        case appExtension
        /// An iMessage sticker pack: stickers the system shows, no code.
        case stickerPack
        /// A local Swift package's target: its resources ship in a bundle of their own (`Bundle.module`).
        case package
        case framework
        case bundle
        case test
        case other

        /// From an Xcode product type (`com.apple.product-type.app-extension`).
        init(productType: String) {
            let type =
                productType.hasPrefix("com.apple.product-type.")
                ? String(productType.dropFirst("com.apple.product-type.".count)) : productType
            switch type {
            case "application", "application.messages": self = .app
            case "application.on-demand-install-capable": self = .appClip
            case "application.watchapp", "application.watchapp2", "application.watchapp2-container": self = .watchApp
            case "watchkit-extension", "watchkit2-extension": self = .watchExtension
            case "app-extension.messages-sticker-pack": self = .stickerPack
            case "framework", "framework.static", "library.static", "library.dynamic", "xcframework": self = .framework
            case "bundle": self = .bundle
            case "bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test": self = .test
            default: self = type.contains("extension") ? .appExtension : .other
            }
        }
    }

    public var name: String
    /// The project file that defines it, relative to the scanned folder.
    public var project: String
    public var kind: Kind
    public var platform: Platform
    /// The devices it runs on: `TARGETED_DEVICE_FAMILY` within the platform (iPhone when unset on iOS).
    public var deviceFamilies: Set<Idiom>
    /// The platform's deployment target build setting (`TVOS_DEPLOYMENT_TARGET`, …), the
    /// target's over the project's.
    public var deploymentTarget: OSVersion?
    /// `INFOPLIST_FILE`, relative to the scanned folder; nil when generated or outside the tree.
    public var infoPlist: String?
    /// `ASSETCATALOG_COMPILER_APPICON_NAME`: the catalog set that is the app icon.
    public var appIconName: String?
    /// With `GENERATE_INFOPLIST_FILE = YES`, the `INFOPLIST_KEY_*` settings, named without the
    /// prefix (`UILaunchScreen_Generation`, `UISupportedInterfaceOrientations_iPad`): the keys
    /// Xcode writes into the built Info.plist (``AppInfo/generated(from:)``). Nil otherwise.
    public var generatedInfoPlist: [String: String]? = nil
    /// Icon files the project names outside the Info.plist, which its build writes into
    /// `CFBundleIconFiles` (MonoTouch's `BundleIcon*` properties), by file name.
    public var iconFiles: [String] = []
    /// The names of its Run Script phases that write into the app's bundle or a catalog it
    /// compiles (their script or outputs name `WRAPPER_NAME`, `UNLOCALIZED_RESOURCES_FOLDER_PATH`,
    /// `CONTENTS_FOLDER_PATH` or an `.xcassets`; or the phase runs a script file and its name
    /// speaks of assets, images, icons or resources): what ships then is not all in the project.
    public var bundleScripts: [String] = []
    /// Image set folders its Run Script phases copy files into (`cp … A.xcassets/x.imageset/x.png`),
    /// relative to the scanned folder: what they hold in the tree is replaced at build time.
    public var scriptWrittenSets: [String] = []
    /// Code it compiles (Compile Sources, synchronized folders), relative to the scanned folder.
    public var sources: Set<String>
    /// Storyboards and xibs it copies (and so compiles), relative to the scanned folder.
    public var interfaceFiles: Set<String>
    /// The targets it depends on, by name: extensions an app embeds, a watch app's extension.
    public var dependencies: [String]
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`: catalog icon sets the app offers as alternates.
    public var alternateAppIconNames: [String] = []
    /// The build configurations this model holds for, when they differ (an icon of its own in
    /// Debug, say): findings of only some configurations name them. Nil when every configuration
    /// agrees, or for projects without configurations.
    public var configurations: [String]? = nil
    /// Every build setting of those configurations, with each value it takes: what `$(NAME)` in
    /// the target's Info.plist expands to.
    public var variables: [String: [String]] = [:]

    public init(
        name: String, project: String, kind: Kind, platform: Platform, deviceFamilies: Set<Idiom>,
        deploymentTarget: OSVersion? = nil, infoPlist: String? = nil, appIconName: String? = nil,
        sources: Set<String> = [], interfaceFiles: Set<String> = [], dependencies: [String] = []
    ) {
        self.name = name
        self.project = project
        self.kind = kind
        self.platform = platform
        self.deviceFamilies = deviceFamilies
        self.deploymentTarget = deploymentTarget
        self.infoPlist = infoPlist
        self.appIconName = appIconName
        self.sources = sources
        self.interfaceFiles = interfaceFiles
        self.dependencies = dependencies
    }

    /// Whether it is a bundle of its own that holds images for its own code and the system:
    /// linted as an app.
    public var isAppLike: Bool {
        switch kind {
        case .app, .appClip, .watchApp, .watchExtension, .appExtension, .package: !deviceFamilies.isEmpty
        case .stickerPack, .framework, .bundle, .test, .other: false
        }
    }

    /// Whether the system launches it, showing a launch screen: an iOS app or App Clip.
    public var launches: Bool { (kind == .app || kind == .appClip) && platform == .iOS }

    /// Whether it is the watch app whose code the WatchKit extension `name` is.
    public func embeds(watchExtension name: String) -> Bool { kind == .watchApp && dependencies.contains(name) }

    /// Whether it compiles or copies `path` as code or an Interface Builder file.
    public func owns(source path: String) -> Bool { sources.contains(path) || interfaceFiles.contains(path) }

    /// `Widget (iOS app extension; iPhone, iPad; iOS 14.0)`, for reports.
    public var summary: String {
        let devices = Idiom.allCases.filter(deviceFamilies.contains).map(\.deviceName).joined(separator: ", ")
        let version = deploymentTarget.map { "; \(platform.rawValue) \($0)" } ?? ""
        return
            "\(name) (\(platform.rawValue) \(kind.description); \(devices.isEmpty ? "no devices" : devices)\(version))"
    }
}

extension ProjectTarget.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .app: "app"
        case .appClip: "App Clip"
        case .watchApp: "watch app"
        case .watchExtension: "WatchKit extension"
        case .appExtension: "app extension"
        case .stickerPack: "sticker pack"
        case .package: "Swift package target"
        case .framework: "framework"
        case .bundle: "bundle"
        case .test: "test bundle"
        case .other: "target"
        }
    }
}
