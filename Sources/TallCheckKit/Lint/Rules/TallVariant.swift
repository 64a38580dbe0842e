/// A `-568h@2x` variant of an ordinary image, the common convention for 4-inch screens:
/// its width must match the @2x, its height is expected to be 176 px (88 pt) taller (the
/// config's `tall_variant_height` changes or lifts that), it needs
/// a base image and the @2x scale, and UIKit never loads it by itself.
///
/// Lint: the `-568h` file, with the @2x it is compared with as related.
struct TallVariant: ConfigurableRule {
    static let description = RuleDescription(
        id: "tall-variant",
        severity: .warning,
        summary: "A -568h@2x variant whose size does not fit its @2x image, or that nothing will load.",
        rationale: """
            UIKit ignores -568h for ordinary images: the app must ask for Name-568h on 4-inch phones itself. \
            The variant replaces the @2x there, so it should be as wide and 176 px (the 88 extra points of a \
            4-inch screen) taller; `tall_variant_height` in .tallcheck.yml sets another number of points, or \
            `any` for images that only stretch. Without an @2x base, or at another scale, the convention breaks \
            down.
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

    /// How much taller than the @2x the variant must be.
    var heightPolicy: TallVariantHeightPolicy

    init(option: TallVariantHeightPolicy) { heightPolicy = option }

    func findings(in inventory: Inventory) -> [Finding] {
        // Bases the code already asks for in tall form: a tall-suffix helper, or `-568h` spelt out.
        let loadedByCode = Set(
            inventory.references.compactMap { reference -> String? in
                guard let name = reference.literalName else { return nil }
                // The file name's base: `Images/Header.png` asks for the asset Header.
                let path = ImageResolver.split(name).base
                // The last component, found by bytes where they answer.
                let base = ImageName(fileName: String(path.lastSplitComponent ?? Substring(path)) + ".png")
                if reference.mode != .uikit { return base.base }
                return base.height == 568 ? base.base : nil
            })
        return inventory.ordinaryAssets.flatMap { asset -> [Finding] in
            let base = asset.image(scale: 2) ?? asset.image(scale: 1)
            return asset.images.filter { $0.name.height == 568 }.flatMap { tall -> [Finding] in
                guard tall.name.scale == 2 else { return [finding(tall.path, Self.wrongScale(tall))] }
                guard let base else { return [finding(tall.path, Self.noBase(tall))] }
                var findings: [Finding] = []
                if let twoX = asset.image(scale: 2), let size = tall.facts.pixelSize,
                    let twoXSize = twoX.facts.pixelSize
                {
                    if size.width != twoXSize.width {
                        findings.append(
                            finding(tall.path, Self.width(tall, size, twoX, twoXSize), related: [twoX.path]))
                    } else if case .extraPoints(let points) = heightPolicy, size.height != twoXSize.height + points * 2
                    {
                        let expected = PixelSize(width: twoXSize.width, height: twoXSize.height + points * 2)
                        findings.append(
                            finding(
                                tall.path, Self.height(tall, size, twoX, expected, extraPoints: points),
                                related: [twoX.path]))
                    }
                }
                if !loadedByCode.contains(tall.name.base) {
                    findings.append(finding(tall.path, Self.loadedByCode(tall), related: [base.path], severity: .note))
                }
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

    fileprivate static func height(
        _ tall: ScannedImage, _ size: PixelSize, _ twoX: ScannedImage, _ expected: PixelSize, extraPoints: Int
    ) -> String {
        let added =
            extraPoints == TallVariantHeightPolicy.fourInchExtraPoints
            ? "the 176 px (88 pt) a 4-inch screen adds"
            : "the \(extraPoints * 2) px (\(extraPoints) pt) tall_variant_height adds"
        return "\(tall.fileName) is \(size) px; \(twoX.fileName) plus \(added) is \(expected) px. "
            + "Check that it fills the taller screen as intended."
    }

    fileprivate static func loadedByCode(_ tall: ScannedImage) -> String {
        "UIKit does not load \(tall.fileName) by itself: UIImage(named: \"\(tall.name.base)\") never picks a -568h "
            + "variant, so the code must ask for \"\(tall.name.base)-568h\" on 4-inch phones."
    }
}

/// How much taller than its @2x a `-568h@2x` variant must be: `tall_variant_height` in
/// `.tallcheck.yml`, `--tall-variant-height` on the command line.
public enum TallVariantHeightPolicy: RuleOption {
    /// This many points taller: 88 for an image that fills the 4-inch screen as its @2x fills a
    /// 3.5-inch one; less for one that sits below a bar that did not grow.
    case extraPoints(Int)
    /// Any height: only the width is checked.
    case any

    /// A 4-inch screen is 88 points taller than a 3.5-inch one: 176 px at @2x.
    public static var fourInchExtraPoints: Int {
        Int(DeviceCatalog.fourInch.points.height - DeviceCatalog.threePointFiveInch.points.height)
    }
    public static let `default` = TallVariantHeightPolicy.extraPoints(fourInchExtraPoints)

    public static let key = "tall_variant_height"
    public static let expectedValue = "a number of points such as 88, or any"
    public static var defaultValue: TallVariantHeightPolicy { .default }

    /// `88` (points, 0 or more) or `any`.
    public init?(_ text: String) {
        if text == "any" {
            self = .any
        } else if let points = Int(text), points >= 0, points <= 10_000 {
            self = .extraPoints(points)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .extraPoints(let points): "\(points)"
        case .any: "any"
        }
    }
}

extension LintConfiguration {
    /// The tall-variant rule's option.
    public var tallVariantHeight: TallVariantHeightPolicy {
        get { option(TallVariantHeightPolicy.self) }
        set { setOption(newValue) }
    }
}

extension LintConfiguration.Layer {
    /// The tall-variant rule's option, when this layer sets it.
    public var tallVariantHeight: TallVariantHeightPolicy? {
        get { option(TallVariantHeightPolicy.self) }
        set { setOption(TallVariantHeightPolicy.self, newValue) }
    }
}
