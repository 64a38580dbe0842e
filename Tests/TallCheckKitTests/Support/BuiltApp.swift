import Foundation

/// The built example app under `Fixtures/BuiltApp/Example.app`, for the README's built-app
/// example: what Xcode would have made of a small app whose catalog has mistakes. Loose CgBI
/// PNGs (the launch images and the app icon actool writes out), a binary Info.plist and an
/// `Assets.car` written by ``CARWriter`` (the published description the reader follows: no
/// proof of Apple's format). This list is its only source; `Scripts/make-fixtures` writes it.
enum BuiltApp {
    static let folder = "Fixtures/BuiltApp/Example.app"

    static var info: [String: Any] {
        [
            "CFBundleIdentifier": "com.example.built", "CFBundleExecutable": "Example", "CFBundleName": "Example",
            "MinimumOSVersion": "9.0", "UIDeviceFamily": [1],
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"]]
            ],
            "UILaunchImages": [
                [
                    "UILaunchImageName": "LaunchImage-700", "UILaunchImageSize": "{320, 480}",
                    "UILaunchImageOrientation": "Portrait", "UILaunchImageMinimumOSVersion": "7.0",
                ],
                [
                    "UILaunchImageName": "LaunchImage-700-568h", "UILaunchImageSize": "{320, 568}",
                    "UILaunchImageOrientation": "Portrait", "UILaunchImageMinimumOSVersion": "7.0",
                ],
            ],
        ]
    }

    /// The compiled catalog: an app icon one pixel off at 40 pt @3x (its slot listed, as actool
    /// does, by an icon index into a multisize image set), a button whose @3x is a pixel too
    /// wide, and a background with 4-inch and dark variants.
    static let catalog = CARWriter(
        renditions: [
            .init(
                asset: "AppIcon", fileName: "AppIcon", width: 0, height: 0, scale: 0, idiom: 1,
                iconSizes: [(40, 40, 1), (60, 60, 2)]),
            .init(
                asset: "AppIcon", fileName: "AppIcon", width: 0, height: 0, scale: 0, idiom: 6,
                iconSizes: [(1024, 1024, 5)]),
            .init(
                asset: "AppIcon", fileName: "Icon-60@2x.png", width: 120, height: 120, scale: 2, idiom: 1,
                other: [9: 2]),
            .init(
                asset: "AppIcon", fileName: "Icon-60@3x.png", width: 180, height: 180, scale: 3, idiom: 1,
                other: [9: 2]),
            .init(
                asset: "AppIcon", fileName: "Icon-40@3x.png", width: 120, height: 121, scale: 3, idiom: 1,
                other: [9: 1]),
            .init(
                asset: "AppIcon", fileName: "Icon-1024.png", width: 1024, height: 1024, scale: 1, idiom: 6,
                other: [9: 5]),
            .init(asset: "Button", fileName: "button@2x.png", width: 88, height: 88, scale: 2),
            .init(asset: "Button", fileName: "button@3x.png", width: 128, height: 132, scale: 3),
            .init(asset: "Background", fileName: "background@2x.png", width: 640, height: 960, scale: 2),
            .init(
                asset: "Background", fileName: "background-568h@2x.png", width: 640, height: 1136, scale: 2, idiom: 1,
                subtype: 568),
            .init(asset: "Background", fileName: "background@3x.png", width: 960, height: 1440, scale: 3),
            .init(
                asset: "Background", fileName: "background-dark@2x.png", width: 640, height: 960, scale: 2,
                appearance: 1),
        ], keyFormat: [1, 7, 9, 12, 15, 16, 17])

    /// Path and bytes of every file, sorted by path.
    static func files() throws -> [(path: String, bytes: [UInt8])] {
        let cgbi = { (width: Int, height: Int) in PNGBuilder(width: width, height: height, cgbi: true).encoded() }
        let plist = try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)
        return [
            ("AppIcon60x60@2x.png", cgbi(120, 120)),
            ("Assets.car", catalog.bytes()),
            ("Info.plist", [UInt8](plist)),
            ("LaunchImage-700-568h@2x.png", cgbi(640, 1096)),
            ("LaunchImage-700@2x.png", cgbi(640, 960)),
        ]
    }
}
