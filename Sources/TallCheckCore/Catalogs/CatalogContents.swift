/// A `Contents.json` of an asset catalog folder (Apple's Asset Catalog Format Reference).
/// Unknown keys are ignored, so newer catalogs still read.
public struct CatalogContents: Decodable, Sendable, Hashable {
    public var images: [CatalogEntry]?
    public var properties: Properties?

    public init(images: [CatalogEntry]? = nil, properties: Properties? = nil) {
        self.images = images
        self.properties = properties
    }

    public struct Properties: Decodable, Sendable, Hashable {
        /// On a group folder: its name becomes part of the names of the sets inside.
        public var providesNamespace: Bool?

        public init(providesNamespace: Bool? = nil) {
            self.providesNamespace = providesNamespace
        }

        enum CodingKeys: String, CodingKey {
            case providesNamespace = "provides-namespace"
        }
    }
}

/// One `images[]` entry of an image set, launch image set or app icon set.
public struct CatalogEntry: Decodable, Sendable, Hashable {
    /// Absent for an empty slot.
    public var filename: String?
    public var idiom: String?
    /// `"1x"`, `"2x"`, `"3x"`; absent for a single vector image.
    public var scale: String?
    /// `retina4` in image sets; `retina4`, `667h`, `736h`, `2436h`, `2688h`, `1792h` in launch image sets.
    public var subtype: String?
    /// Launch images: `portrait` or `landscape`.
    public var orientation: String?
    /// Launch images: `full-screen` or `to-status-bar`.
    public var extent: String?
    public var minimumSystemVersion: String?
    /// App icons: points, `"60x60"`, `"83.5x83.5"`.
    public var size: String?
    public var platform: String?
    /// Variant keys that make two entries different slots.
    public var appearances: [Appearance]?
    public var widthClass: String?
    public var heightClass: String?
    public var displayGamut: String?
    public var languageDirection: String?
    /// A localized image's language (`"locale" : "fr"`, Xcode 11): each locale its own slot.
    public var locale: String?
    public var memory: String?
    public var graphicsFeatureSet: String?
    /// watchOS: `<=145`, `>183` (Xcode 6: `{130,145}`): watch sizes that share an idiom.
    public var screenWidth: String?
    /// watchOS app icons: `notificationCenter`, `appLauncher`, `quickLook`.
    public var role: String?
    /// A compiled catalog's rendition key attributes that have no name here (`24=1`): they
    /// tell its slots apart. Never in a `Contents.json`.
    public var compiledTraits: String? = nil
    /// A compiled app icon whose slot is not recorded (no multisize image set lists its index):
    /// its `size` is the nearest slot's, a guess the findings say.
    public var slotIsInferred = false

    public struct Appearance: Decodable, Sendable, Hashable {
        public var appearance: String?
        public var value: String?
    }

    public init(
        filename: String? = nil, idiom: String? = "universal", scale: String? = nil, subtype: String? = nil,
        orientation: String? = nil, extent: String? = nil, size: String? = nil, minimumSystemVersion: String? = nil
    ) {
        self.filename = filename
        self.idiom = idiom
        self.scale = scale
        self.subtype = subtype
        self.orientation = orientation
        self.extent = extent
        self.size = size
        self.minimumSystemVersion = minimumSystemVersion
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filename = try container.decodeIfPresent(String.self, forKey: .filename)
        idiom = try container.decodeIfPresent(String.self, forKey: .idiom)
        scale = try container.decodeIfPresent(String.self, forKey: .scale)
        subtype = try container.decodeIfPresent(String.self, forKey: .subtype)
        orientation = try container.decodeIfPresent(String.self, forKey: .orientation)
        extent = try container.decodeIfPresent(String.self, forKey: .extent)
        minimumSystemVersion = try container.decodeIfPresent(String.self, forKey: .minimumSystemVersion)
        size = try container.decodeIfPresent(String.self, forKey: .size)
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        appearances = try container.decodeIfPresent([Appearance].self, forKey: .appearances)
        widthClass = try container.decodeIfPresent(String.self, forKey: .widthClass)
        heightClass = try container.decodeIfPresent(String.self, forKey: .heightClass)
        displayGamut = try container.decodeIfPresent(String.self, forKey: .displayGamut)
        languageDirection = try container.decodeIfPresent(String.self, forKey: .languageDirection)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        memory = try container.decodeIfPresent(String.self, forKey: .memory)
        graphicsFeatureSet = try container.decodeIfPresent(String.self, forKey: .graphicsFeatureSet)
        role = try container.decodeIfPresent(String.self, forKey: .role)
        // Xcode 6's WatchKit catalogs spell it `screenWidth`, with a range: `{130,145}`.
        screenWidth =
            try container.decodeIfPresent(String.self, forKey: .screenWidth)
            ?? container.decodeIfPresent(String.self, forKey: .legacyScreenWidth)
    }

    enum CodingKeys: String, CodingKey {
        case legacyScreenWidth = "screenWidth"
        case filename, idiom, scale, subtype, orientation, extent, size, platform, appearances, memory, locale
        case minimumSystemVersion = "minimum-system-version"
        case widthClass = "width-class"
        case heightClass = "height-class"
        case displayGamut = "display-gamut"
        case languageDirection = "language-direction"
        case graphicsFeatureSet = "graphics-feature-set"
        case screenWidth = "screen-width"
        case role
    }

    /// The platform an entry's idiom belongs to when it is not iOS's (`tvOS` for `tv`), else nil.
    /// TallCheck's screen tables are iOS's: such slots are not checked against them.
    public var otherPlatform: String? {
        switch idiom {
        case "tv": "tvOS"
        case "watch", "watch-marketing": "watchOS"
        case "mac": "macOS"
        case "car": "CarPlay"
        case "vision": "visionOS"
        default: nil
        }
    }

    /// Whether a watch entry's `screen-width` (`<=145`, `>183`: points) admits a screen this wide;
    /// true for entries without one, and for a predicate that does not parse.
    public func fitsScreen(width: Double) -> Bool {
        guard let predicate = screenWidth?.trimmingSpaces, !predicate.isEmpty else { return true }
        // `{130,145}`: from 130 to 145 points.
        if predicate.hasPrefix("{"), predicate.hasSuffix("}") {
            let bounds = predicate.dropFirst().dropLast().split(separator: ",").compactMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            guard bounds.count == 2 else { return true }
            return width >= bounds[0] && width <= bounds[1]
        }
        for (symbol, test) in [
            ("<=", { (a: Double, b: Double) in a <= b }), (">=", { $0 >= $1 }), ("<", { $0 < $1 }), (">", { $0 > $1 }),
        ] as [(String, (Double, Double) -> Bool)] where predicate.hasPrefix(symbol) {
            guard let bound = Double(predicate.dropFirst(symbol.count)) else { return true }
            return test(width, bound)
        }
        return true
    }

    /// 1, 2 or 3 from `"2x"`; nil when absent or unreadable.
    public var scaleFactor: Int? {
        guard let scale, scale.hasSuffix("x"), let value = Int(scale.dropLast()), (1...3).contains(value) else {
            return nil
        }
        return value
    }

    /// What makes a slot apart from the scale: entries with the same key are scale variants.
    var variantKey: String {
        var unscaled = self
        unscaled.scale = nil
        unscaled.filename = nil
        return unscaled.slotKey
    }

    /// What makes a slot: two entries with the same key fill the same slot.
    package var slotKey: String {
        let appearance = (appearances ?? []).map { "\($0.appearance ?? ""):\($0.value ?? "")" }.sorted().joined(
            separator: ",")
        return [
            idiom, scale, subtype, orientation, extent, minimumSystemVersion, size, platform, appearance, widthClass,
            heightClass,
            displayGamut, languageDirection, memory, graphicsFeatureSet, screenWidth, role, compiledTraits, locale,
        ].map { $0 ?? "" }.joined(separator: "|")
    }

    /// `iphone 2x retina4`, for messages.
    package var slotDescription: String {
        [
            idiom, size.map { "\($0) pt" }, scale, subtype, orientation, extent,
            minimumSystemVersion.map { "iOS \($0)+" }, screenWidth.map { "screen-width \($0)" }, role,
        ]
        .compactMap { $0 }.joined(separator: " ")
    }
}
