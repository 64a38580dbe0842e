/// An @2x or @3x image that is not exactly 2× or 3× its 1x, or an @2x and @3x that disagree in
/// points. UIKit lays an image out by its point size, so the variants then draw at different
/// sizes on different screens, or blurred.
///
/// Lint: the variant file, with the file it was compared with as related.
struct ScaleMismatch: Rule {
    static let description = RuleDescription(
        id: "scale-mismatch",
        severity: .warning,
        summary: "An @2x/@3x variant is not exactly 2×/3× the 1x, or @2x and @3x disagree in points.",
        rationale: """
            UIImage's size is pixels ÷ scale, so Button@2x.png at 90×86 px lays out a point wider and a point \
            lower than Button.png at 44×44: a different layout on retina screens, and blurry where a view of the \
            1x's size resamples it. A difference under one point (89×88 px, an exporter's rounding) draws 1:1 at \
            each scale and moves the layout by less than a point: it is reported only where a view of the advised \
            size resamples the file. \
            An image every use draws at its view's size (SwiftUI's `.resizable()`; one stretched between caps or \
            taken as a CGImage for a layer; one a closure hands on to be drawn elsewhere; a storyboard or xib image view \
            that scales, sized by its own constraints or its container's, also one the code of the outlet's \
            class fills, through a variable, a loop over an outlet collection or a property's setter, or one its own \
            class's code fills; a view the code sizes relative to others; a XAML Image of a requested size) is reported only when a variant \
            holds under nine tenths of the pixels it should (blurred there too), or when the advised size is \
            the view's own, where it then draws 1:1. A strip one point wide or high (a gradient, a divider) is \
            stretched along it and not checked, nor is an image the app's code does not name (missing-scale \
            says why).
            """,
        triggeringExamples: [
            RuleExample([.image("Button.png", 44, 44), .image("Button@2x.png", 90, 86)], flagged: "Button@2x.png"),
            RuleExample([.image("Button.png", 44, 44), .image("Button@3x.png", 129, 132)], flagged: "Button@3x.png"),
            RuleExample([.image("Star@2x.png", 60, 60), .image("Star@3x.png", 96, 96)], flagged: "Star@3x.png"),
            // The @3x is whole points and the @2x is not: the @2x is the one to fix.
            RuleExample([.image("Seal@2x.png", 99, 96), .image("Seal@3x.png", 144, 144)], flagged: "Seal@2x.png"),
            // No device of an iOS 15 app loads the 1x, but it agrees with the @3x: the @2x is off.
            RuleExample(
                [.image("Friends.png", 40, 60), .image("Friends@2x.png", 60, 90), .image("Friends@3x.png", 120, 180)],
                deploymentTarget: OSVersion(15, 0), flagged: "Friends@2x.png"),
            // A third of the @3x's pixels: the 1x export in the @2x slot.
            RuleExample([.image("Goto@2x.png", 24, 24), .image("Goto@3x.png", 72, 72)], flagged: "Goto@2x.png"),
            RuleExample(
                [.image("Images/Tab~ipad.png", 30, 30), .image("Images/Tab@2x~ipad.png", 64, 64)],
                flagged: "Images/Tab@2x~ipad.png"),
            // The @2x export in a 1x slot of an iOS 7 iPad app: 1x iPads load it, 80 pt there and 60 pt on retina.
            RuleExample(
                padExportFiles,
                info: AppInfo(path: "Info.plist", deviceFamilies: [.pad]), deploymentTarget: OSVersion(7, 0),
                catalog: [padExportSet], flagged: "A.xcassets/Pad.imageset/pad@3x.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                .image("Button.png", 44, 44), .image("Button@2x.png", 88, 88), .image("Button@3x.png", 132, 132),
            ]),
            RuleExample([.image("Star@2x.png", 60, 60), .image("Star@3x.png", 90, 90)]),
            // Under a point apart (an exporter's rounding): each draws 1:1, the layout moves by a fraction of a point.
            RuleExample([.image("Button.png", 44, 44), .image("Button@2x.png", 89, 88)]),
            RuleExample([.image("Close@2x.png", 80, 80), .image("Close@3x.png", 119, 119)]),
            // Different devices are different assets.
            RuleExample([.image("Tab.png", 30, 30), .image("Tab@2x~ipad.png", 64, 64)]),
            // A strip one point wide is stretched along its length: no point size to agree on.
            RuleExample([.image("toolbar-bg.png", 1, 32), .image("toolbar-bg@2x.png", 2, 63)]),
            // No device of an iOS 15 app loads the 1x: the @2x and @3x that load agree.
            RuleExample(
                [.image("Logo.png", 25, 24), .image("Logo@2x.png", 48, 48), .image("Logo@3x.png", 72, 72)],
                deploymentTarget: OSVersion(15, 0)),
            // The code names another image and spells nothing else: this one is never drawn.
            RuleExample(
                [.image("Photo.png", 44, 44), .image("Photo@2x.png", 90, 86), .image("Badge@2x.png", 80, 80)],
                references: [.example("App/Menu.swift", 3, "Badge")],
                codeNames: ["App/Menu.swift": [CodeName(name: .literal("Badge"), kind: .string, line: 3)]]),
            // An odd @2x side has no exact @3x: the nearest whole pixel, either way, is right.
            RuleExample([.image("Dot@2x.png", 41, 43), .image("Dot@3x.png", 61, 65)]),
            // An iOS 12 catalog set with the @2x export in its 1x slot and the @3x one in its 2x slot: no
            // device loads the 1x, and every one loads the same retina file.
            RuleExample(
                padExportFiles,
                deploymentTarget: OSVersion(12, 0),
                catalog: [padExportSet]),
        ],
        // A variant of the wrong size often has a fractional point size too: one cause, one finding.
        supersedes: ["fractional-point-size"]
    )

    /// A set with the @2x export in its 1x slot and the @3x one in its 2x slot, for the examples.
    private static let padExportFiles: [RuleExample.File] = [
        .image("A.xcassets/Pad.imageset/pad@2x.png", 80, 80), .image("A.xcassets/Pad.imageset/pad@3x.png", 120, 120),
    ]
    private static let padExportSet = CatalogSet(
        folder: "A.xcassets/Pad.imageset",
        entries: [
            .init(filename: "pad@2x.png", idiom: "universal", scale: "1x"),
            .init(filename: "pad@3x.png", idiom: "universal", scale: "2x"),
        ])

    func findings(in inventory: Inventory) -> [Finding] {
        // An image shown only at its views' sizes (`.resizable()`, a fixed-size image view) never
        // shows a difference in point size between its variants, only one in resolution: a
        // variant with fewer pixels than the other's points need draws blurred.
        let scaledOnly = inventory.namesDrawnScaledOnly
        let neverShown = inventory.namesNeverShown
        let viewSizes = scaledOnly.isEmpty ? [:] : inventory.drawnScaledViewSizes
        /// Nil when the image is drawn at its own size somewhere; else its views' known sizes.
        func scaledSizes(_ name: String) -> Set<ViewSize>? {
            guard !scaledOnly.isEmpty else { return nil }
            let key = name.lowercased()
            return scaledOnly.contains(key) ? viewSizes[key] ?? [] : nil
        }
        lazy var use = PointSizeUse(inventory)
        let looseFamilies = inventory.ordinaryAssets.filter {
            neverShown.isEmpty || !neverShown.contains($0.key.base.lowercased())
        }.map {
            asset in
            (
                ScaleFamily(asset.image(scale: 1), asset.image(scale: 2), asset.image(scale: 3)),
                scaledSizes(asset.key.base), name: asset.requestName, inCatalog: false
            )
        }
        // A complication's sizes are ClockKit's table, not a scale of one another.
        let catalogFamilies = inventory.catalogSets.filter {
            $0.kind == .imageSet && !$0.folder.contains(bytes: ".complicationset/")
                && (neverShown.isEmpty || !neverShown.contains($0.name.lowercased()))
        }.flatMap { set in
            let sizes = scaledSizes(set.name)
            return set.scaleVariants(in: inventory.catalogImages).map {
                (ScaleFamily($0[1], $0[2], $0[3]), sizes, name: set.name, inCatalog: true)
            }
        }
        // When no device the app runs on loads 1x files, the 1x (often a designer's export a pixel
        // off) is no reference: the @2x and @3x the devices load are compared with each other.
        let oneXLoads = Idiom.iOS.contains(where: inventory.supportsOneXDevices)
        // The Apple TV HD's screen is 1x, on every tvOS release.
        let oneXMayLoad = oneXLoads || inventory.deviceFamilies.contains(.tv)
        return (looseFamilies + catalogFamilies).flatMap { family, sizes, name, inCatalog in
            let found = mismatches(in: family, oneXLoads: oneXLoads, oneXMayLoad: oneXMayLoad)
            // An image nothing draws at its point size: its variants' sizes change nothing shown.
            guard !found.isEmpty, use.mayBeDrawn(name, inCatalog: inCatalog) else { return [Finding]() }
            return found.compactMap { mismatch -> Finding? in
                guard let sizes else { return mismatch.subPoint ? nil : mismatch.finding }
                // Drawn scaled: the advice matters when the file is blurred, or when the size it
                // advises is the view's own, where it then draws 1:1.
                if let size = sizes.first(where: { mismatch.drawsOneToOne(in: $0) }) {
                    var finding = mismatch.finding
                    let file = finding.path.split(separator: "/").last.map(String.init) ?? finding.path
                    finding.message += " At \(mismatch.expected) px, \(file) draws 1:1 in its \(size)-pt view."
                    return finding
                }
                guard mismatch.blurs else { return nil }
                // Blurred in a view of a known size: the size that draws 1:1 there says more.
                var finding = mismatch.finding
                if sizes.count == 1, let view = sizes.first, view.points.width > 0, view.points.height > 0 {
                    let pixels = view.points.pixels(atScale: mismatch.scale)
                    let file = finding.path.split(separator: "/").last.map(String.init) ?? finding.path
                    finding.message += " It is drawn in a \(view)-pt view, where \(file) at \(pixels) px draws 1:1."
                }
                return finding
            }
        }
    }

    /// A finding, and whether its variant holds under nine tenths of the pixels it should on a
    /// side (a @3x of an @2x's pixels, a 1x export in the @2x slot): a difference that shows, as
    /// blur, even where the image is drawn scaled; a few pixels off do not.
    private struct Mismatch {
        var finding: Finding
        var blurs: Bool
        /// The size advised, and the scale of the file it is advised for.
        var expected: PixelSize
        var scale: Int
        /// Whether the file is under a point off the advised size on both sides: drawn at its own
        /// size it draws 1:1, a fraction of a point larger or smaller, and nothing shows.
        var subPoint: Bool

        init(_ finding: Finding, size: PixelSize, expected: PixelSize, scale: Int) {
            self.finding = finding
            self.expected = expected
            self.scale = scale
            blurs = size.width * 10 < expected.width * 9 || size.height * 10 < expected.height * 9
            subPoint = abs(size.width - expected.width) < scale && abs(size.height - expected.height) < scale
        }

        /// Whether the advised size is a view's size at the file's scale.
        /// Whether the size advised is `view`'s own at the file's scale: there it draws 1:1.
        func drawsOneToOne(in view: ViewSize) -> Bool {
            Double(expected.width) == view.points.width * Double(scale)
                && Double(expected.height) == view.points.height * Double(scale)
        }
    }

    /// One image's files at 1x, @2x and @3x: three slots, where a table for each of an app's
    /// thousands of images was most of this rule's time.
    private struct ScaleFamily {
        let images: (ScannedImage?, ScannedImage?, ScannedImage?)

        init(_ one: ScannedImage?, _ two: ScannedImage?, _ three: ScannedImage?) {
            images = (one, two, three)
        }

        subscript(scale: Int) -> ScannedImage? {
            switch scale {
            case 1: images.0
            case 2: images.1
            case 3: images.2
            default: nil
            }
        }
    }

    /// Compares the retina variants of one image with its 1x, or, without a 1x, @3x with @2x.
    /// - Parameters:
    ///   - oneXLoads: whether iPhones and iPads the app runs on load 1x files.
    ///   - oneXMayLoad: whether any device it runs on may (an Apple TV HD).
    private func mismatches(in family: ScaleFamily, oneXLoads: Bool, oneXMayLoad: Bool) -> [Mismatch] {
        // A tile one point wide or high (1 px at 1x, 2 at @2x, 3 at @3x: a gradient strip, a
        // divider) is stretched along it, as missing-scale says: its sizes are no point size.
        for scale in 1...3 {
            if let pixels = family[scale]?.facts.pixelSize, pixels.width <= scale || pixels.height <= scale {
                return []
            }
        }
        // Asked of every asset: no list is made unless something is found.
        let (twoXImage, threeXImage) = (family[2], family[3])
        let bothRetina = twoXImage != nil && threeXImage != nil
        // A catalog's 1x slot holding a file named for another scale (`button@2x.png`, the @3x export
        // in the 2x slot beside it) is a choice of sizes, not a 1x export: when no device loads it,
        // it says nothing of the size meant.
        let oneXExported = family[1].map { oneXMayLoad || ImageName(fileName: $0.fileName).scale == 1 } ?? false
        if let oneX = family[1], let base = oneX.facts.pixelSize, oneXLoads || (!bothRetina && oneXExported) {
            func mismatch(_ variant: ScannedImage) -> Mismatch? {
                let scale = variant.name.scale
                let expected = PixelSize(width: base.width * scale, height: base.height * scale)
                guard let size = variant.facts.pixelSize, size != expected else { return nil }
                return Mismatch(
                    finding(
                        variant.path, Self.notMultiple(variant, size: size, of: oneX, expected: expected),
                        related: [oneX.path]), size: size, expected: expected, scale: scale)
            }
            let (twoX, threeX) = (twoXImage.flatMap(mismatch), threeXImage.flatMap(mismatch))
            return twoX == nil && threeX == nil ? [] : [twoX, threeX].compactMap { $0 }
        }
        guard let twoXImage, let threeXImage, let twoX = twoXImage.facts.pixelSize,
            let threeX = threeXImage.facts.pixelSize,
            twoX.width * 3 != threeX.width * 2 || twoX.height * 3 != threeX.height * 2,
            // An odd @2x side has no exact @3x: the nearest whole pixel, either way, is all one can ask for.
            abs(threeX.width * 2 - twoX.width * 3) > 1 || abs(threeX.height * 2 - twoX.height * 3) > 1
        else { return [] }
        let retina = [twoXImage, threeXImage]
        let twoXExpected = PixelSize(width: threeX.width * 2 / 3, height: threeX.height * 2 / 3)
        // A 1x that no device loads still says which size was meant: when it agrees with the @3x,
        // the @2x is the file to fix.
        if let oneX = family[1], let base = oneX.facts.pixelSize, threeX.width == base.width * 3,
            threeX.height == base.height * 3
        {
            return [
                Mismatch(
                    finding(
                        retina[0].path,
                        Self.disagree(retina[0], retina[1]) + " \(oneX.fileName) agrees with the @3x.",
                        related: [retina[1].path, oneX.path]), size: twoX, expected: twoXExpected, scale: 2)
            ]
        }
        // The variant at a whole point size is the reference: when the @2x is the odd one (a
        // fractional point size) and the @3x is whole, the @2x is the file to fix.
        if twoX.width % 2 != 0 || twoX.height % 2 != 0, threeX.width % 3 == 0, threeX.height % 3 == 0 {
            return [
                Mismatch(
                    finding(retina[0].path, Self.disagree(retina[0], retina[1]), related: [retina[1].path]),
                    size: twoX, expected: twoXExpected, scale: 2)
            ]
        }
        // An @2x of a third of the @3x's pixels is the 1x export put in the @2x slot (exporters
        // write 1x, 2x and 3x from one size): the @2x is the file to fix.
        if twoX.width * 3 == threeX.width, twoX.height * 3 == threeX.height {
            let message =
                Self.disagree(retina[0], retina[1])
                + " It holds a third of the @3x's pixels, as a 1x export does; if \(retina[0].pointSize!) pt is meant, "
                + "make @3x \(PixelSize(width: twoX.width * 3 / 2, height: twoX.height * 3 / 2)) px instead."
            return [
                Mismatch(
                    finding(retina[0].path, message, related: [retina[1].path]), size: twoX, expected: twoXExpected,
                    scale: 2)
            ]
        }
        return [
            Mismatch(
                finding(retina[1].path, Self.disagree(retina[1], retina[0]), related: [retina[0].path]), size: threeX,
                expected: PixelSize(width: twoX.width * 3 / 2, height: twoX.height * 3 / 2), scale: 3)
        ]
    }
}

extension ScaleMismatch {
    /// `, a fractional point size that draws between pixels,` when it is one; else nothing.
    fileprivate static func fractional(_ image: ScannedImage) -> String {
        let scale = image.name.scale
        guard let size = image.facts.pixelSize, size.width % scale != 0 || size.height % scale != 0 else { return "" }
        return " (a fractional point size, drawn between pixels)"
    }

    fileprivate static func notMultiple(
        _ variant: ScannedImage, size: PixelSize, of oneX: ScannedImage, expected: PixelSize
    )
        -> String
    {
        "\(variant.fileName) is \(size) px, \(variant.pointSize!) pt at @\(variant.name.scale)x\(fractional(variant)), but "
            + "\(oneX.fileName) is \(oneX.pointSize!) pt: @\(variant.name.scale)x must be exactly \(expected) px. Resize "
            + "it to \(expected) px."
    }

    /// `off` disagrees with `reference`, the other retina variant: resize `off` to match it.
    fileprivate static func disagree(_ off: ScannedImage, _ reference: ScannedImage) -> String {
        let (scale, referenceScale) = (off.name.scale, reference.name.scale)
        let size = reference.facts.pixelSize!
        let expected = PixelSize(
            width: size.width * scale / referenceScale, height: size.height * scale / referenceScale)
        return
            "\(off.fileName) is \(off.facts.pixelSize!) px, \(off.pointSize!) pt at @\(scale)x\(fractional(off)), but "
            + "\(reference.fileName) is \(reference.pointSize!) pt at @\(referenceScale)x: the variants draw at different "
            + "sizes. Make @\(scale)x \(expected) px."
    }
}
