/// What kind of device: the user-interface idiom.
public enum Idiom: String, Sendable, Hashable, CaseIterable, Codable {
    case phone, pad, tv, watch

    /// The idioms of iOS and iPadOS, where launch images, `~iphone`/`~ipad` names and the
    /// Info.plist's per-device keys apply.
    public static let iOS: [Idiom] = [.phone, .pad]

    /// From a `UIDeviceFamily` or `TARGETED_DEVICE_FAMILY` number: 1 iPhone, 2 iPad, 3 Apple TV,
    /// 4 Apple Watch. 6 (Mac Catalyst) and 7 (Vision) have no idiom here.
    public init?(deviceFamily: Int) {
        switch deviceFamily {
        case 1: self = .phone
        case 2: self = .pad
        case 3: self = .tv
        case 4: self = .watch
        default: return nil
        }
    }

    /// The file-name device modifier that selects this idiom; nil on tvOS and watchOS, whose
    /// lookups know no such modifier.
    public var deviceModifier: DeviceModifier? {
        switch self {
        case .phone: .iphone
        case .pad: .ipad
        case .tv, .watch: nil
        }
    }

    /// The `idiom` of asset catalog entries made for this kind of device (Asset Catalog Format
    /// Reference: `iphone`, `ipad`, `tv`, `watch`).
    public var catalogIdiom: String {
        switch self {
        case .phone: "iphone"
        case .pad: "ipad"
        case .tv: "tv"
        case .watch: "watch"
        }
    }

    /// `iPhone`, `iPad`, `Apple TV`, `Apple Watch`.
    public var deviceName: String {
        switch self {
        case .phone: "iPhone"
        case .pad: "iPad"
        case .tv: "Apple TV"
        case .watch: "Apple Watch"
        }
    }

    /// `iPhones`, `iPads`, `Apple TVs`, `Apple Watches`.
    public var pluralDeviceName: String { self == .watch ? "Apple Watches" : deviceName + "s" }

    /// The operating system devices of this idiom run.
    public var platform: Platform {
        switch self {
        case .phone, .pad: .iOS
        case .tv: .tvOS
        case .watch: .watchOS
        }
    }
}

/// The operating system a target is built for (`SDKROOT`, a .NET `TargetFramework`).
public enum Platform: String, Sendable, Hashable, CaseIterable, Codable {
    case iOS, tvOS, watchOS, macOS, visionOS

    /// From an Xcode `SDKROOT` (`iphoneos`, `appletvos`, `watchos`, `macosx`, `xros`), or a
    /// `SUPPORTED_PLATFORMS` word (`iphonesimulator`, …).
    public init?(sdk: String) {
        let sdk = sdk.lowercased()
        if sdk.hasPrefix("iphone") {
            self = .iOS
        } else if sdk.hasPrefix("appletv") {
            self = .tvOS
        } else if sdk.hasPrefix("watch") {
            self = .watchOS
        } else if sdk.hasPrefix("macosx") {
            self = .macOS
        } else if sdk.hasPrefix("xr") {
            self = .visionOS
        } else {
            return nil
        }
    }

    /// The idioms a target of this platform runs on when nothing narrows them.
    public var defaultIdioms: Set<Idiom> {
        switch self {
        case .iOS: [.phone]
        case .tvOS: [.tv]
        case .watchOS: [.watch]
        case .macOS, .visionOS: []
        }
    }

    /// The build setting that holds the deployment target.
    public var deploymentTargetSetting: String {
        switch self {
        case .iOS: "IPHONEOS_DEPLOYMENT_TARGET"
        case .tvOS: "TVOS_DEPLOYMENT_TARGET"
        case .watchOS: "WATCHOS_DEPLOYMENT_TARGET"
        case .macOS: "MACOSX_DEPLOYMENT_TARGET"
        case .visionOS: "XROS_DEPLOYMENT_TARGET"
        }
    }
}
