/// A `-568h@2x` variant of an ordinary image, the common convention for 4-inch screens:
/// its width must match the @2x, its height is expected to be 176 px (88 pt) taller, it needs
/// a base image and the @2x scale, and UIKit never loads it by itself.
///
/// Lint: the `-568h` file, with the @2x it is compared with as related.
struct TallVariant: Rule {
    static let description = RuleDescription(
        id: "tall-variant",
        severity: .warning,
        summary: "A -568h@2x variant whose size does not fit its @2x image, or that nothing will load.",
        rationale: """
            UIKit ignores -568h for ordinary images: the app must ask for Name-568h on 4-inch phones itself. \
            The variant replaces the @2x there, so it should be as wide and 176 px (the 88 extra points of a \
            4-inch screen) taller. Without an @2x base, or at another scale, the convention breaks down.
            """,
        triggeringExamples: [
            // The classic iPhone 5 migration: sizes right, so only the note.
            RuleExample(
                [
                    .image("Images/TableViewBackground.png", 320, 358),
                    .image("Images/TableViewBackground@2x.png", 640, 716),
                    .image("Images/TableViewBackground-568h@2x.png", 640, 892),
                ],
                flagged: "Images/TableViewBackground-568h@2x.png", severities: [.note]),
            RuleExample(
                [.image("Background@2x.png", 640, 716), .image("Background-568h@2x.png", 620, 892)],
                flagged: "Background-568h@2x.png", severities: [.warning, .note]),
            RuleExample(
                [.image("Background@2x.png", 640, 716), .image("Background-568h@2x.png", 640, 900)],
                flagged: "Background-568h@2x.png", severities: [.warning, .note]),
            RuleExample(
                [.image("Orphan-568h@2x.png", 640, 1000)], flagged: "Orphan-568h@2x.png", severities: [.warning]),
            RuleExample(
                [.image("Banner.png", 320, 100), .image("Banner-568h.png", 320, 188)], flagged: "Banner-568h.png",
                severities: [.warning]),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Background.png", 320, 358), .image("Background@2x.png", 640, 716)]),
            // Launch images are the launch-image rules' business.
            RuleExample([.image("Default@2x.png", 640, 960), .image("Default-568h@2x.png", 640, 1136)]),
        ]
    )

    /// A 4-inch screen is 88 points taller than a 3.5-inch one: 176 px at @2x.
    static let extraHeight = 176

    func findings(in inventory: Inventory) -> [Finding] {
        inventory.ordinaryAssets.flatMap { asset -> [Finding] in
            let base = asset.image(scale: 2) ?? asset.image(scale: 1)
            return asset.images.filter { $0.name.height == 568 }.flatMap { tall -> [Finding] in
                guard tall.name.scale == 2 else { return [finding(tall.path, Self.wrongScale(tall))] }
                guard let base else { return [finding(tall.path, Self.noBase(tall))] }
                var findings: [Finding] = []
                if let twoX = asset.image(scale: 2), let size = tall.facts.pixelSize,
                    let twoXSize = twoX.facts.pixelSize
                {
                    let expected = PixelSize(width: twoXSize.width, height: twoXSize.height + Self.extraHeight)
                    if size.width != expected.width {
                        findings.append(
                            finding(tall.path, Self.width(tall, size, twoX, twoXSize), related: [twoX.path]))
                    } else if size.height != expected.height {
                        findings.append(
                            finding(tall.path, Self.height(tall, size, twoX, expected), related: [twoX.path]))
                    }
                }
                findings.append(finding(tall.path, Self.loadedByCode(tall), related: [base.path], severity: .note))
                return findings
            }
        }
    }
}

extension TallVariant {
    fileprivate static func wrongScale(_ tall: ScannedImage) -> String {
        "\(tall.fileName) is a -568h variant at @\(tall.name.scale)x; only 4-inch phones use -568h, and they are @2x. "
            + "Name it \(tall.name.base)-568h@2x.\(tall.name.pathExtension.lowercased())."
    }

    fileprivate static func noBase(_ tall: ScannedImage) -> String {
        "\(tall.fileName) is a -568h variant of an image that does not exist: there is no \(tall.name.base)@2x or "
            + "\(tall.name.base) for other screens. Add \(tall.name.base)@2x.\(tall.name.pathExtension.lowercased())."
    }

    fileprivate static func width(_ tall: ScannedImage, _ size: PixelSize, _ twoX: ScannedImage, _ twoXSize: PixelSize)
        -> String
    {
        "\(tall.fileName) is \(size.width) px wide but \(twoX.fileName) is \(twoXSize.width) px: a 4-inch screen is "
            + "no wider than a 3.5-inch one. Make it \(twoXSize.width) px wide."
    }

    fileprivate static func height(_ tall: ScannedImage, _ size: PixelSize, _ twoX: ScannedImage, _ expected: PixelSize)
        -> String
    {
        "\(tall.fileName) is \(size) px; \(twoX.fileName) plus the 176 px (88 pt) a 4-inch screen adds is \(expected) px. "
            + "Check that it fills the taller screen as intended."
    }

    fileprivate static func loadedByCode(_ tall: ScannedImage) -> String {
        "UIKit does not load \(tall.fileName) by itself: UIImage(named: \"\(tall.name.base)\") never picks a -568h "
            + "variant, so the code must ask for \"\(tall.name.base)-568h\" on 4-inch phones."
    }
}
