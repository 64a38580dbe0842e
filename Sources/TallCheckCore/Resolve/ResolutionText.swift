extension DeviceQuery {
    /// `{"name":"iPhone 5","idiom":"phone","scale":2,"bounds":[320,568]}`.
    public var json: JSONValue {
        .object([
            ("name", .optional(name, JSONValue.string)), ("idiom", .string(idiom.rawValue)), ("scale", .int(scale)),
            ("bounds", .array([.double(bounds.width), .double(bounds.height)])),
        ])
    }
}

extension Resolution {
    /// The documented shape; `presentation` only for launch questions.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("device", device.json), ("request", .optional(request, JSONValue.string)),
            ("mode", .string(mode.rawValue)),
            ("file", .optional(file, JSONValue.string)), ("bundlePath", .optional(bundlePath, JSONValue.string)),
            ("scale", .optional(scale, JSONValue.int)),
            ("pointSize", .optional(pointSize) { .array([.double($0.width), .double($0.height)]) }),
            ("tried", .array(tried.map(JSONValue.string))),
            // Whether the answer rests only on documented behaviour (docs/names-with-extensions.md).
            ("certain", .bool(isCertain)),
        ]
        if let presentation { members.append(("presentation", .string(presentation.rawValue))) }
        return .object(members)
    }

    /// A sentence or two on why.
    public var explanation: String {
        let device = device.describedName
        let asked = "UIImage(named: \"\(request ?? "")\")"
        let loads = "On \(device), \(asked) loads \(file ?? "nothing")."
        switch reason {
        case .tallSuffix(let variant):
            let bounds = self.device.bounds
            let scale = self.device.scale
            return loads + " On a tall phone (\(bounds) pt @\(scale)x, \(Int(bounds.height) * scale) px high) "
                + "the tall-suffix convention loads \(variant) first."
        case .scaleOrder(let found):
            let screen = self.device.scale
            return loads + " UIKit tries scales from @\(screen)x down"
                + (self.device.idiom.deviceModifier.map { ", the \($0.rawValue)-specific name first at each" } ?? "")
                + (found < screen
                    ? "; nothing was found at @\(screen)x, so the @\(found)x file loads and is upscaled." : ".")
        case .higherScaleOnly(let found):
            return loads + " Nothing exists at @\(self.device.scale)x or below; the @\(found)x file is downscaled."
        case .namedScale(let scale):
            return loads + " The name states its scale, so UIKit loads that file at @\(scale)x on any screen."
        case .noFile:
            return "On \(device), no file matches: \(asked) returns nil."
        case .uncertainCatalogName(let set):
            return "On \(device), no file matches \(asked); the asset catalog has an image set \(set). "
                + "Uncertain: whether UIKit finds a set by a name with an extension is not documented, and "
                + "reports say it does not (docs/names-with-extensions.md). Ask for \"\(set)\" to be sure."
        case .symbolImage(let set):
            return "On \(device), \(asked) loads the custom symbol \(set) from the asset catalog: a vector template, "
                + "sharp at every scale."
        case .catalogEntry(let slot, let isRetina4):
            return "On \(device), \(asked) loads \(file ?? "nothing") from the asset catalog. "
                + (isRetina4
                    ? "On a 4-inch phone the set's retina4 entry is chosen." : "The set's \(slot) entry fits best.")
        case .singleScaleEntry(let slot, let vector):
            return "On \(device), \(asked) loads \(file ?? "nothing") from the asset catalog: the set's \(slot) entry "
                + "has no scale and serves every screen"
                + (vector
                    ? ", drawn from its vectors at @\(self.device.scale)x (pre-rendered at build time, or at run time with Preserve Vector Data)."
                    : ", scaled from its one bitmap.")
        case .emptyCatalogSet(let folder):
            return "On \(device), the image set \(folder) has no file for this device: \(asked) returns nil."
        case .launch(let presentation, let why):
            let runs = presentation == .compatibilityMode ? "in iPhone compatibility mode" : presentation.rawValue
            return "On \(device) the app runs \(runs). \(launchSentence(why))"
        }
    }

    private func launchSentence(_ reason: LaunchReason) -> String {
        switch reason {
        case .storyboard(let name):
            "It shows the launch storyboard \(name) (UILaunchStoryboardName), which fits every screen."
        case .launchScreenKey:
            "It shows the launch screen its Info.plist's UILaunchScreen describes (iOS 14 and later), which fits "
                + "every screen."
        case .noCatalogSlot:
            "The catalog launch image set has no filled slot for \(device.bounds) pt @\(device.scale)x."
        case .noLaunchImagesEntry:
            "UILaunchImages has no entry for \(device.bounds) pt\(device.iosVersion.map { " on iOS \($0)" } ?? "") "
                + "in this orientation."
        case .entryWithoutFile(let name): "The UILaunchImages entry \(name) matches, but no file for it is found."
        case .noLegacyImage(let source): "No launch image is found for \(source)."
        case .everyAppFits: "It has no launch image, but every app supports this screen."
        case .shows(let source): "It shows \(source)."
        case .showsFile(let fileName, let source): "It shows \(fileName), found through \(source)."
        case .wrongSize(let fileName, let source, let actual, let expected):
            "It finds \(fileName) through \(source), but that is \(actual.map { "\($0) px" } ?? "unreadable"), "
                + "not \(expected) px, so iOS does not accept it."
        case .noTallVariant(let base): "There is no \(base)-568h@2x.png, so iOS keeps the app at 320×480 pt."
        case .filesAloneNotEnough:
            "Launch image files alone do not make an app native here: it needs UILaunchImages entries or a launch "
                + "storyboard."
        }
    }

    /// Surprises worth knowing, in words.
    public var notes: [String] { remarks.map(\.description) }

    /// The same for people: the answer, why, and anything surprising.
    public var text: String {
        var lines = [explanation]
        if let file, let pointSize, let scale {
            lines.append("\(file): @\(scale)x, \(pointSize) pt.")
        }
        lines += notes.map { "Note: \($0)" }
        if !tried.isEmpty {
            lines.append("Tried, in order: " + tried.joined(separator: ", "))
        }
        // Names come from Info.plists and requests: no line of theirs may forge another.
        return lines.map(escapedControls).joined(separator: "\n")
    }
}

extension DeviceClass {
    public var json: JSONValue {
        .object([
            ("models", .array(models.map(JSONValue.string))), ("idiom", .string(idiom.rawValue)),
            ("bounds", .array([.double(bounds.width), .double(bounds.height)])), ("scale", .int(scale)),
            ("nativeScale", .double(nativeScale)),
        ])
    }
}

extension LaunchImageSource: CustomStringConvertible {
    /// `the UILaunchImages entry LaunchImage-568h (320×568 pt)`, `the default name Default with -568h@2x`.
    public var description: String {
        switch self {
        case .catalogSet: return "the catalog launch image set"
        case .launchImagesEntry(let name, let size): return "the UILaunchImages entry \(name) (\(size) pt)"
        case .legacyName(let base, let fromInfoPlist, let variant):
            let name = fromInfoPlist ? "UILaunchImageFile \(base)" : "the default name \(base)"
            switch variant {
            case nil: return name
            case .padOrientationFallback?: return "\(name), the iPad orientation fallback"
            case .tallVariant?: return "\(name) with -568h@2x"
            }
        }
    }
}

extension ResolutionNote: CustomStringConvertible {
    public var description: String {
        switch self {
        case .caseMismatch(let path, let wanted):
            "\(path) matches \(wanted) only when case is ignored: the simulator on a Mac may load it, a device will not."
        case .misnamed(let path, let wanted):
            "\(path) was probably meant as \(wanted), but iOS does not find it under its name."
        case .onlyHigherScale(let scale):
            "Only a higher-scale file exists; iOS has been seen to load it on a @\(scale)x screen, but do not rely on it."
        case .shadowedBySet(let loosePath, let set):
            "\(loosePath) has the same name as the image set \(set), which wins; the loose file never loads."
        case .elsewhereInBundle(let path, let bundlePath, let askFor):
            "\(path) is in the app as \(bundlePath)\(bundlePath.contains("/") ? " (its folder is kept)" : " (its group is copied flat)"): "
                + "ask for \"\(askFor)\"."
        case .notShipped(let path, let why):
            "\(path) is in the tree but not in the app: \(why)."
        case .extensionOnCatalogName(let set):
            "Asset catalog names have no extension: UIImage(named: \"\(set)\") finds the image set \(set)."
        case .setNotCompiled(let set, let folder):
            "The image set \(set) is in \(folder), a catalog this target does not compile: add the set to a catalog "
                + "it builds, or the catalog to its Copy Bundle Resources."
        case .tallBranchWithoutFallback(let variant):
            "The helper loads \(variant) on tall phones and does not fall back when it is missing: add \(variant) "
                + "(640×1136 px for a full screen), or make the helper fall back to the plain name."
        case .looseFileForCatalogAPI(let path):
            "\(path) is a loose file: SwiftUI's Image(_:) looks only in asset catalogs (reported, not documented by "
                + "Apple; uncertain); UIImage(named:) would load it, or move it into a catalog."
        case .fileNeedsExtension(let wanted):
            "imageWithContentsOfFile: takes a file's path with its extension (Apple's documentation); "
                + "\"\(wanted)\" has none."
        case .namespacedSet(let set):
            "The image set \(set) is in a group that provides a namespace: ask for \"\(set)\"."
        case .otherDevice(let path, let modifier):
            "\(path) is for \(modifier == "ipad" ? "iPad" : "iPhone") only (~\(modifier))."
        case .iPhoneAppOnIPad(let device, let scale, let bounds):
            "The app runs on iPhone only: on \(device) it runs in iPhone compatibility mode, as an iPhone of "
                + "\(bounds) pt at @\(scale)x, and loads iPhone images, never ~ipad ones (the points are those "
                + "iPadOS has shown such apps: 320×480, 375×667 on 12.9-inch iPads; uncertain on newer ones)."
        case .otherExtension(let path, let askFor):
            "\(path) has another extension: without one, the name means a PNG; ask for \"\(askFor)\"."
        case .appIconSet(let set):
            "\(set) is an app icon set: UIImage(named:) returns nil for it (iOS 18 release notes, 130491812) and "
                + "SwiftUI never finds it; copy the image into an image set."
        }
    }
}
