/// What kind of device: the user-interface idiom.
public enum Idiom: String, Sendable, Hashable, CaseIterable {
    case phone, pad

    /// The file-name device modifier that selects this idiom.
    public var deviceModifier: DeviceModifier { self == .phone ? .iphone : .ipad }
}

/// A size in points.
public struct PointSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `320×568`, without decimals for whole numbers.
    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }

    /// The pixel size at `scale`, when it is whole.
    public func pixels(atScale scale: Int) -> PixelSize {
        PixelSize(width: wholePixels(width * Double(scale)), height: wholePixels(height * Double(scale)))
    }

    /// The largest point size any screen or icon slot has, with room to spare: sizes read from
    /// files (Info.plist, Contents.json) beyond it are refused, so pixel arithmetic cannot overflow.
    static let largestPlausible: Double = 100_000
}

/// Points × scale rounded to whole pixels; values no `Int` can hold (which parsing refuses
/// anyway) clamp instead of trapping.
func wholePixels(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(min(max(value.rounded(), -1e15), 1e15))
}

/// A number of points as people write it: `568`, `43.5`, `43.67`.
func formatPoints(_ value: Double) -> String {
    if value == value.rounded() { return String(Int(value)) }
    let hundredths = (value * 100).rounded() / 100
    return String(hundredths)
}

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

    /// The models, shortened for messages: `iPhone 5, 5c, 5s, SE (1st), iPod touch 5–7`.
    public var summary: String
}

/// Every iPhone, iPod touch and iPad class, from `sizes.md` (Apple's device specifications).
public enum DeviceCatalog {
    public static let all: [DeviceClass] = [
        phone(
            "iPhone (2007), 3G, 3GS; iPod touch 1–3",
            ["iPhone", "iPhone 3G", "iPhone 3GS", "iPod touch 1", "iPod touch 2", "iPod touch 3"],
            320, 480, 1),
        phone("iPhone 4, 4S; iPod touch 4", ["iPhone 4", "iPhone 4S", "iPod touch 4"], 320, 480, 2),
        phone(
            "iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7",
            [
                "iPhone 5", "iPhone 5c", "iPhone 5s", "iPhone SE (1st generation)", "iPhone SE", "iPod touch 5",
                "iPod touch 6", "iPod touch 7",
            ],
            320, 568, 2),
        phone(
            "iPhone 6, 6s, 7, 8, SE (2nd, 3rd)",
            [
                "iPhone 6", "iPhone 6s", "iPhone 7", "iPhone 8", "iPhone SE (2nd generation)",
                "iPhone SE (3rd generation)",
            ], 375, 667,
            2),
        phone(
            "iPhone 6/6s/7/8 Plus", ["iPhone 6 Plus", "iPhone 6s Plus", "iPhone 7 Plus", "iPhone 8 Plus"], 414, 736, 3,
            native: 2.608),
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
    ]

    /// The classes with this idiom, portrait point size and scale.
    public static func classes(idiom: Idiom, bounds: PointSize, scale: Int) -> [DeviceClass] {
        all.filter { $0.idiom == idiom && $0.bounds == bounds && $0.scale == scale }
    }

    /// The class a model name belongs to, ignoring case.
    public static func deviceClass(named name: String) -> DeviceClass? {
        let wanted = name.lowercased()
        return all.first { $0.models.contains { $0.lowercased() == wanted } }
    }

    /// `iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7`, or the sizes when no class matches.
    static func describe(idiom: Idiom, bounds: PointSize, scale: Int) -> String {
        let matches = classes(idiom: idiom, bounds: bounds, scale: scale)
        return matches.isEmpty ? "\(bounds) pt @\(scale)x devices" : matches.map(\.summary).joined(separator: "; ")
    }

    private static func phone(
        _ summary: String, _ models: [String], _ width: Double, _ height: Double, _ scale: Int, native: Double? = nil
    ) -> DeviceClass {
        DeviceClass(
            models: models, idiom: .phone, bounds: PointSize(width: width, height: height), scale: scale,
            nativeScale: native ?? Double(scale), summary: summary)
    }

    private static func pad(_ summary: String, _ models: [String], _ width: Double, _ height: Double, _ scale: Int)
        -> DeviceClass
    {
        DeviceClass(
            models: models, idiom: .pad, bounds: PointSize(width: width, height: height), scale: scale,
            nativeScale: Double(scale), summary: summary)
    }
}
