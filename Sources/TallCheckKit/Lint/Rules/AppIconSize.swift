/// An app icon whose pixels differ from its slot's size × scale.
///
/// Lint: the icon file, with both sizes.
struct AppIconSize: Rule {
    static let description = RuleDescription(
        id: "app-icon-size",
        severity: .error,
        summary: "An app icon's pixel size differs from its slot's size × scale.",
        rationale: """
            Each app icon slot needs exactly its points × scale (60×60 pt @3x is 180×180 px; 83.5 pt @2x is \
            167 px). Xcode says "… is 120x121 but should be 120x120", and App Store validation rejects it.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("A.xcassets/AppIcon.appiconset/icon-40@3x.png", 120, 121)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [.init(filename: "icon-40@3x.png", idiom: "iphone", scale: "3x", size: "40x40")])
                ],
                flagged: "A.xcassets/AppIcon.appiconset/icon-40@3x.png")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [
                    .image("A.xcassets/AppIcon.appiconset/icon-40@3x.png", 120, 120),
                    .image("A.xcassets/AppIcon.appiconset/ipad-pro.png", 167, 167),
                    .image("A.xcassets/AppIcon.appiconset/store.png", 1024, 1024, colorType: .rgb),
                ],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [
                            .init(filename: "icon-40@3x.png", idiom: "iphone", scale: "3x", size: "40x40"),
                            .init(filename: "ipad-pro.png", idiom: "ipad", scale: "2x", size: "83.5x83.5"),
                            .init(filename: "store.png", idiom: "universal", size: "1024x1024"),
                        ])
                ])
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.filter { $0.kind == .appIcon }.flatMap { set in
            set.presentEntries.compactMap { entry, path in
                guard let expected = Self.pixelSize(of: entry), let image = inventory.catalogImages[path],
                    let size = image.facts.pixelSize, size != expected
                else { return nil }
                var message = Self.wrongSize(image, size: size, expected: expected, entry: entry)
                if entry.slotIsInferred {
                    message +=
                        " (Assets.car does not record an icon's slot: this is the nearest one for its idiom and scale.)"
                }
                return finding(path, message)
            }
        }
    }

    /// Size in points × scale (1x when the entry has none, as the single-size form); nil when
    /// the scale is there but no scale iOS has (`18446744073709551617x` is not 1x).
    static func pixelSize(of entry: CatalogEntry) -> PixelSize? {
        guard let size = entry.size.flatMap(AppInfo.parsePointSize(fromDimensions:)),
            entry.scale == nil || entry.scaleFactor != nil
        else { return nil }
        let scale = Double(entry.scaleFactor ?? 1)
        return PixelSize(width: wholePixels(size.width * scale), height: wholePixels(size.height * scale))
    }
}

extension AppIconSize {
    fileprivate static func wrongSize(_ image: ScannedImage, size: PixelSize, expected: PixelSize, entry: CatalogEntry)
        -> String
    {
        "\(image.fileName) is \(size) px but its app icon slot (\(entry.slotDescription)) needs \(expected) px. Export it at \(expected) px."
    }
}
