/// A 1024×1024 App Store icon with an alpha channel, which App Store Connect rejects.
///
/// Lint: the icon file.
struct AppIconAlpha: Rule {
    static let description = RuleDescription(
        id: "app-icon-alpha",
        severity: .error,
        summary: "The 1024×1024 App Store icon has an alpha channel.",
        rationale: """
            App Store Connect rejects an app whose marketing icon has an alpha channel ("Invalid App Store \
            Icon"), even a fully opaque one. Export it as RGB without alpha.
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
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.filter { $0.kind == .appIcon }.flatMap { set in
            set.presentEntries.compactMap { entry, path in
                guard entry.idiom == "ios-marketing" || entry.size == "1024x1024",
                    let image = inventory.catalogImages[path],
                    image.facts.png?.colorType.hasAlpha == true
                else { return nil }
                return finding(path, Self.alpha(image))
            }
        }
    }
}

extension AppIconAlpha {
    fileprivate static func alpha(_ image: ScannedImage) -> String {
        "\(image.fileName) is the App Store icon and has an alpha channel (\(image.facts.png!.colorType.name)); App Store "
            + "Connect rejects it. Export it as RGB without alpha."
    }
}
