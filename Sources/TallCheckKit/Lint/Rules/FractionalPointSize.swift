/// An @2x image with an odd dimension, or an @3x one whose dimensions are not multiples of 3:
/// its point size is fractional, so UIKit draws it across pixel boundaries.
///
/// Lint: the image file, with its point size.
struct FractionalPointSize: Rule {
    static let description = RuleDescription(
        id: "fractional-point-size",
        severity: .warning,
        summary: "An @2x image with an odd dimension, or an @3x image with a dimension that is not a multiple of 3.",
        rationale: """
            A 101 px wide @2x image is 50.5 pt wide. Centred or laid out on whole points, its edges fall \
            between pixels and it is resampled, which blurs it; its 1x counterpart cannot match it either. \
            Opt-in: on real apps most such images never blur (drawn scaled to a frame, or placed on the pixel \
            grid by Auto Layout), and maintainers judged most of these findings not worth acting on. An image \
            the app's code does not name is not checked (missing-scale says why).
            """,
        triggeringExamples: [
            RuleExample([.image("Avatar@2x.png", 101, 100)], flagged: "Avatar@2x.png"),
            RuleExample([.image("Avatar@3x.png", 150, 151)], flagged: "Avatar@3x.png"),
            RuleExample([.image("Panel-568h@2x.png", 640, 893)], flagged: "Panel-568h@2x.png"),
            RuleExample(
                [.image("A.xcassets/star.imageset/star.png", 44, 45)],
                catalog: [
                    CatalogSet(folder: "A.xcassets/star.imageset", entries: [.init(filename: "star.png", scale: "3x")])
                ],
                flagged: "A.xcassets/star.imageset/star.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Avatar@2x.png", 100, 100), .image("Avatar@3x.png", 150, 150)]),
            RuleExample([.image("Avatar.png", 51, 51)]),
            // Launch images follow their own size table.
            RuleExample([.image("Default@2x.png", 640, 961)]),
            // No device loads @4x.
            RuleExample([.image("Badge@4x.png", 81, 81)]),
        ],
        isOptIn: true
    )

    func findings(in inventory: Inventory) -> [Finding] {
        // An image shown only at its views' sizes never draws at its own fractional size.
        // Nor does one no screen shows (only uncalled functions name it).
        let scaledOnly = inventory.namesDrawnScaledOnly.union(inventory.namesNeverShown)
        // An image nothing draws at its point size (``PointSizeUse``) has no size to be fractional.
        lazy var use = PointSizeUse(inventory)
        let catalogImages = inventory.catalogSets.filter {
            $0.kind == .imageSet && !scaledOnly.contains($0.name.lowercased())
        }.flatMap { set in
            set.scaleVariants(in: inventory.catalogImages).flatMap(\.values).map { (image: $0, name: set.name, inCatalog: true) }
        }
        let looseImages = inventory.ordinaryAssets.filter { !scaledOnly.contains($0.key.base.lowercased()) }
            .flatMap { asset in asset.images.map { (image: $0, name: asset.requestName, inCatalog: false) } }
        return (looseImages + catalogImages).compactMap { image, name, inCatalog in
            let scale = image.name.scale
            // No device loads @4x; a complication's sizes are ClockKit's table (203 px for Extra
            // Large on 40/42 mm), not a choice.
            guard scale > 1, scale <= 3, !image.path.contains(".complicationset/"), let size = image.facts.pixelSize,
                size.width % scale != 0 || size.height % scale != 0
            else { return nil }
            guard use.mayBeDrawn(name, inCatalog: inCatalog) else { return nil }
            return finding(image.path, Self.fractional(image, size: size))
        }
    }
}

extension FractionalPointSize {
    fileprivate static func fractional(_ image: ScannedImage, size: PixelSize) -> String {
        let scale = image.name.scale
        func fixed(_ value: Int) -> Int { (value + scale - 1) / scale * scale }
        return "\(image.fileName) is \(size) px, \(image.pointSize!) pt at @\(scale)x: a fractional point size draws "
            + "between pixels. Make both sides multiples of \(scale), such as \(PixelSize(width: fixed(size.width), height: fixed(size.height))) px."
    }
}
