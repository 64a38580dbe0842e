/// A 1024×1024 App Store icon with an alpha channel, which App Store Connect rejects.
///
/// Only the primary icon is the App Store icon: the set `ASSETCATALOG_COMPILER_APPICON_NAME` or
/// `CFBundleIconName` names, else `AppIcon`. Alternate icons are not checked. A single-size icon
/// (Xcode 14's one `universal` 1024 image) is one Xcode turns into the store icon itself, and
/// apps on the App Store ship such icons with an alpha channel (every pixel opaque): not checked.
/// Extensions have no App Store icon: their icon sets are not checked.
///
/// Lint: the icon file.
struct AppIconAlpha: Rule {
    static let description = RuleDescription(
        id: "app-icon-alpha",
        severity: .error,
        summary: "The 1024×1024 App Store icon has an alpha channel.",
        rationale: """
            App Store Connect rejects an app whose marketing icon has an alpha channel ("Invalid App Store \
            Icon", ITMS-90717). An error when a pixel is transparent; a warning when every pixel is opaque, which \
            Apple documents as refused but apps have shipped for years. Export it as RGB without alpha. Only an iOS app's \
            primary icon (ASSETCATALOG_COMPILER_APPICON_NAME, CFBundleIconName or AppIcon) is the App Store \
            icon: alternate icons, iOS 18's dark and tinted variants, extensions' icon sets and Xcode 14's \
            single-size icon (which Xcode turns into the store icon itself) are not checked.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, colorType: .rgba)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [.init(filename: "store.png", idiom: "ios-marketing", scale: "1x", size: "1024x1024")])
                ],
                flagged: "A.xcassets/AppIcon.appiconset/store.png")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, colorType: .rgb),
                    .image("A.xcassets/AppIcon.appiconset/icon@2x.png", 120, 120, colorType: .rgba),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [
                            .init(filename: "store.png", idiom: "ios-marketing", scale: "1x", size: "1024x1024"),
                            .init(filename: "icon@2x.png", idiom: "iphone", scale: "2x", size: "60x60"),
                        ])
                ]),
            // An alternate icon is not the App Store icon.
            RuleExample(
                [
                    .image("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, colorType: .rgb),
                    .image("A.xcassets/AppIcon-Dark.appiconset/store.png", 1024, 1024, colorType: .rgba),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [.init(filename: "store.png", idiom: "ios-marketing", scale: "1x", size: "1024x1024")]),
                    CatalogSet(
                        folder: "A.xcassets/AppIcon-Dark.appiconset",
                        entries: [.init(filename: "store.png", idiom: "ios-marketing", scale: "1x", size: "1024x1024")]),
                ]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        // Only an app has an App Store icon: an extension's icon set (a template's leftover) has none.
        guard inventory.launches else { return [] }
        // A Debug build is never uploaded: its own icon (a badge saying so) may be anything.
        // Every other configuration may be (a Beta for TestFlight goes through App Store Connect).
        if let configurations = inventory.buildConfigurations,
            configurations.allSatisfy({ $0.lowercased().contains("debug") })
        {
            return []
        }
        let icons = inventory.catalogSets.filter { $0.kind == .appIcon }
        let primaryNames =
            [inventory.appIconName].compactMap { $0 } + (inventory.info?.iconSetNames.sorted() ?? [])
            + ["AppIcon"]
        // The primary icon set, when one of the names finds it; else every set, as before names were known.
        let primary = primaryNames.lazy.compactMap { name in icons.first { $0.name == name } }.first
        return (primary.map { [$0] } ?? icons).flatMap { set in
            set.presentEntries.compactMap { entry, path in
                // iOS 18's dark and tinted icons are transparent by design: only the plain icon is the store's.
                guard entry.idiom == "ios-marketing", entry.appearances?.isEmpty ?? true,
                    let image = inventory.catalogImages[path],
                    image.facts.png?.colorType.hasAlpha == true
                else { return nil }
                // Documented as refused, yet fully opaque RGBA store icons pass App Store Connect
                // (apps have shipped them for years): uncertain, a warning.
                if inventory.opaqueStoreIcons.contains(path) {
                    return finding(path, Self.opaqueAlpha(image), severity: .warning)
                }
                return finding(path, Self.alpha(image))
            }
        }
    }
}

extension AppIconAlpha {
    fileprivate static func alpha(_ image: ScannedImage) -> String {
        "\(image.fileName) is the App Store icon and has transparent pixels (\(image.facts.png!.colorType.name)); App Store "
            + "Connect rejects it (ITMS-90717). Export it as RGB without alpha, on an opaque background."
    }

    fileprivate static func opaqueAlpha(_ image: ScannedImage) -> String {
        "\(image.fileName) is the App Store icon and has an alpha channel (\(image.facts.png!.colorType.name)), though "
            + "every pixel is opaque. Apple documents such icons as refused (ITMS-90717), yet apps ship them: uncertain. "
            + "Export it as RGB without alpha to be sure."
    }
}
