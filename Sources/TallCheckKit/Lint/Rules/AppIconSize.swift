/// An app icon whose pixels differ from its slot's size × scale: a catalog app icon set's
/// entry (source or compiled), or a loose icon whose name gives its points as actool writes
/// them (`AppIcon60x60@2x.png`, `AppIcon83.5x83.5@2x~ipad.png`).
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
            RuleExample([.image("AppIcon60x60@2x.png", 120, 121)], flagged: "AppIcon60x60@2x.png"),
            RuleExample(
                [.image("A.xcassets/AppIcon.appiconset/icon-40@3x.png", 120, 121)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/AppIcon.appiconset",
                        entries: [.init(filename: "icon-40@3x.png", idiom: "iphone", scale: "3x", size: "40x40")])
                ],
                flagged: "A.xcassets/AppIcon.appiconset/icon-40@3x.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                .image("AppIcon60x60@2x.png", 120, 120), .image("AppIcon83.5x83.5@2x~ipad.png", 167, 167),
                .image("AppIcon76x76~ipad.png", 76, 76),
            ]),
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
                ]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        let icons = AppIconNames(info: inventory.info)
        let loose = inventory.looseImages.compactMap { image -> Finding? in
            guard icons.contains(image, in: inventory.bundle), let points = Self.pointSize(named: image.name.base),
                let size = image.facts.pixelSize
            else { return nil }
            let expected = Self.pixels(points, scale: image.name.scale)
            guard size != expected else { return nil }
            return finding(
                image.path,
                "\(image.fileName) is \(size) px but its name makes it the \(points) pt @\(image.name.scale)x app icon, "
                    + "which needs \(expected) px. Export it at \(expected) px.")
        }
        return loose + catalogFindings(in: inventory)
    }

    /// The points a generated icon name ends with, read as a catalog's `size`:
    /// `AppIcon83.5x83.5` → 83.5×83.5; nil for other names.
    static func pointSize(named base: String) -> PointSize? {
        let dimensions = base.reversed().prefix { $0.isNumber || $0 == "." || $0 == "x" }.reversed()
        return AppInfo.parsePointSize(fromDimensions: String(dimensions))
    }

    /// Points × scale in whole pixels.
    static func pixels(_ points: PointSize, scale: Int) -> PixelSize {
        PixelSize(
            width: wholePixels(points.width * Double(scale)), height: wholePixels(points.height * Double(scale)))
    }

    private func catalogFindings(in inventory: Inventory) -> [Finding] {
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
        return pixels(size, scale: entry.scaleFactor ?? 1)
    }
}

extension AppIconSize {
    fileprivate static func wrongSize(_ image: ScannedImage, size: PixelSize, expected: PixelSize, entry: CatalogEntry)
        -> String
    {
        "\(image.fileName) is \(size) px but its app icon slot (\(entry.slotDescription)) needs \(expected) px. Export it at \(expected) px."
    }
}
