/// An image without a retina variant; retina variants without the 1x while the app still runs
/// on 1x devices; or an @2x without @3x while the app targets @3x phones (a note).
///
/// Lint: the variant that exists, naming the one that is missing.
struct MissingScale: Rule {
    static let description = RuleDescription(
        id: "missing-scale",
        severity: .warning,
        summary: "An image lacks a scale its devices need: retina variants, the 1x, or @3x.",
        rationale: """
            iOS loads the closest scale it finds: a 1x-only image is upscaled and blurry on every retina screen; \
            a 1x iPhone given only @2x downsamples it at every load, at four times the memory (1x iPads, with twice \
            an iPhone 3GS's memory, are not reported; nor is a name every reference asks for with its @2x, which \
            loads at its scale everywhere); an @3x phone given @2x upscales it. \
            Which scales are needed follows from the deployment target (--deployment-target, the Info.plist's \
            MinimumOSVersion or the Xcode project's IPHONEOS_DEPLOYMENT_TARGET; iOS 7.0 when none says): 1x \
            iPhones run iOS 6 at most, 1x iPads iOS 9 at most, and @3x phones came with iOS 8. A 1x image larger \
            than every screen the app runs on, in points, is always drawn scaled down, and a tile one pixel wide \
            or high is stretched: neither is blurry for want of a retina file, nor is an image every use draws \
            into image views of a set size (a storyboard's aspect-fit view 100 pt wide) whose pixels cover those \
            views at @2x (@3x for the @3x note), nor one stretched to fill views at least eight times its size along \
            both sides (a button's 4×4 background tile: a button draws its background image filling its bounds), \
            which a retina file would leave as stretched. Code that asks for the @2x file itself, by a name it builds \
            with `@2x.` (filename + "@2x.png", as helpers did before @3x phones), would never load an @3x: no @3x \
            note for what it can name. With unused-image on, which reads \
            every name the code spells, an image that the code, Interface Builder files and Info.plist do not name \
            (a favicon named in a JSON file, under a path the code builds) is loaded as data or not at all, as far \
            as the code shows: it gets no size advice. Nor does one the code spells only away from an image API \
            (a list of slides) in a target whose code never hands `UIImage(named:)`, `imageNamed:`, SwiftUI's \
            `Image(_:)`, `UIImage(contentsOfFile:)` or `UIImage.FromBundle` a name it does not spell there: such a \
            name reaches the screen, if at all, as a file read by its path (`UIImage(data:)`), at scale 1 on every \
            screen, where an @2x beside it would never load.
            """,
        triggeringExamples: [
            RuleExample([.image("Logo.png", 100, 40)], flagged: "Logo.png"),
            // An iOS 9 app runs on @3x phones, which upscale the @2x.
            RuleExample(
                [.image("Images/Back@2x.png", 60, 60)], deploymentTarget: OSVersion(9, 0), flagged: "Images/Back@2x.png"),
            RuleExample(
                [.image("Logo.png", 100, 40)], references: [.example("App/Menu.swift", 3, "Logo")], flagged: "Logo.png"),
            // A constant the code spells may well be shown, where the code hands `UIImage(named:)`
            // names it does not spell there.
            RuleExample(
                [.image("Logo.png", 100, 40)], references: [.example("App/Menu.swift", 3, "Badge")],
                codeNames: ["App/Theme.swift": [CodeName(name: .literal("Logo"), kind: .string, line: 2)]],
                codePassingNames: ["App/Images.swift"], flagged: "Logo.png"),
            // Taller than the iPhone 6 Plus (414×736 pt), but it fits the iPhone 17 Pro Max (440×956 pt).
            RuleExample([.image("Wallpaper.png", 400, 800)], flagged: "Wallpaper.png"),
            // Fitted into a view 100 pt wide, it needs 200 px there at @2x.
            RuleExample(
                [.image("Promo.png", 150, 150)],
                references: [promoInAView("Promo")], flagged: "Promo.png"),
            RuleExample([.image("Logo@2x.png", 200, 80)], deploymentTarget: OSVersion(6, 0), flagged: "Logo@2x.png"),
            RuleExample(
                [.image("Logo.png", 100, 40), .image("Logo@2x.png", 200, 80)], deploymentTarget: OSVersion(8, 0),
                flagged: "Logo@2x.png",
                severities: [.note]),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Logo.png", 100, 40), .image("Logo@2x.png", 200, 80)]),
            // A helper that asks for `name + "@2x.png"` on retina screens never loads an @3x.
            RuleExample(
                [.image("Images/Back@2x.png", 60, 60)], deploymentTarget: OSVersion(9, 0),
                references: [
                    ImageReference(
                        path: "App/ImageHelper.cs", line: 36, column: 54, name: .pattern(NamePattern(pieces: ["", "@2x.", ""])),
                        api: "UIImage.FromFile", lookup: .file)
                ]),
            // The code names the badge, and spells no other name but a path it builds: the favicons are
            // files it loads as data (scale and point size do not matter there), if at all.
            RuleExample(
                [.image("TopSites/apple-com.png", 64, 64), .image("Badge@2x.png", 80, 80),
                 .image("Badge@3x.png", 120, 120)],
                references: [.example("App/Menu.swift", 3, "Badge")],
                codeNames: ["App/Favicons.swift": [
                    CodeName(name: .pattern(NamePattern(pieces: ["TopSites/", ""])), kind: .string, line: 7)
                ]]),
            // The code hands image APIs no name it does not spell there (`UIImage(named: "Badge")` is
            // all): the slide it spells in a list reaches the screen as a file read by its path
            // (`url(forResource:withExtension:)`, then `UIImage(data:)`), at scale 1 on every screen.
            RuleExample(
                [.image("Slide.jpg", 300, 200)], references: [.example("App/Menu.swift", 3, "Badge")],
                codeNames: ["App/Slides.swift": [CodeName(name: .literal("Slide.jpg"), kind: .string, line: 4)]],
                codePassingNames: []),
            // A broken file is image-format's business, not a missing scale.
            RuleExample([.corrupt("x.png", "not a regular file: it is a FIFO")]),
            RuleExample(
                [.image("Logo@2x.png", 200, 80), .image("Logo@3x.png", 300, 120)], deploymentTarget: OSVersion(9, 0)),
            // The 1x iPads (iPad 2, iPad mini) of iOS 9 downsample the @2x: not reported.
            RuleExample(
                [.image("Logo@2x~ipad.png", 200, 80), .image("Logo@3x.png", 300, 120)],
                info: AppInfo(path: "Info.plist", deviceFamilies: [.pad]), deploymentTarget: OSVersion(9, 0)),
            // The storyboard asks for the @2x file itself: it loads at 2x on a 1x iPhone too.
            RuleExample(
                [.image("Mug@2x.png", 60, 60), .image("Mug@3x.png", 90, 90)], deploymentTarget: OSVersion(6, 0),
                references: [
                    .example("App/Main.storyboard", 37, "Mug@2x.png", api: "storyboard image", lookup: .interfaceBuilder)
                ]),
            // Fitted into a view 100 pt wide (an aspect-fit image view of a set width), its 512 px are
            // more than the 200 a @2x screen draws there: no retina file would be sharper.
            RuleExample(
                [.image("Promo.png", 512, 512)],
                references: [promoInAView("Promo.png")]),
            // A button's background fills its 208×80-pt bounds: a 4×4 tile is stretched 52 times
            // across and 20 times down, and would be half as far from an @2x.
            RuleExample(
                [.image("Tile.png", 4, 4)],
                references: [
                    .example(
                        "App/Main.storyboard", 12, "Tile.png", api: "storyboard backgroundImage", lookup: .interfaceBuilder,
                        drawnIn: ViewSize(width: 208, height: 80))
                ]),
            // Larger than every screen the app runs on: always drawn scaled down, sharp at any scale.
            RuleExample([.image("Backdrop.png", 2048, 1536)]),
            // A 1-pixel tile is stretched: the same at every scale.
            RuleExample([.image("Divider.png", 1, 40)]),
            // App icons and launch images follow their own tables.
            RuleExample(
                [.image("Icon-60@2x.png", 120, 120), .image("Default.png", 320, 480)], deploymentTarget: OSVersion(8, 0)
            ),
        ]
    )

    /// A xib's aspect-fit image view 100 pt wide asking for `name`, for the examples.
    private static func promoInAView(_ name: String) -> ImageReference {
        .example(
            "App/Promo.xib", 12, name, api: "xib image", lookup: .interfaceBuilder, drawnIn: ViewSize(width: 100, height: 0, fits: true))
    }

    func findings(in inventory: Inventory) -> [Finding] {
        // The largest screen the app runs on, in points: a 1x image that fits none is always
        // drawn scaled down, never up, so it is sharp at every scale.
        // Every class's screen, not only each representative's: the iPhone 6 Plus stands for the
        // @3x phones, but the iPhone 17 Pro Max's 440×956 pt is the largest of them.
        let screens = SupportedDevices(inventory).representatives.flatMap(\.classes).map(\.bounds)
        let longest = screens.map { max($0.width, $0.height) }.max() ?? 0
        let shortest = screens.map { min($0.width, $0.height) }.max() ?? 0
        func neverDrawnAtItsSize(_ image: ScannedImage) -> Bool {
            guard let pixels = image.facts.pixelSize else { return false }
            // A 1-pixel-wide or -high tile is stretched: the same at every scale.
            if pixels.width == 1 || pixels.height == 1 { return true }
            let long = Double(max(pixels.width, pixels.height))
            let short = Double(min(pixels.width, pixels.height))
            return !screens.isEmpty && (long > longest || short > shortest)
        }
        // Names every reference spells with a scale (`image="beer-mug@2x.png"`): that file loads,
        // at its scale, on every device, and a 1x file would never be asked for.
        // Worked out only when an asset lacks its 1x on a 1x iPhone.
        lazy var namedOnlyWithScale: Set<String> = {
            var scaled: Set<String> = []
            var plain: Set<String> = []
            for reference in inventory.references {
                guard let literal = reference.literalName, let last = literal.split(separator: "/").last else { continue }
                let name = ImageName(fileName: last.contains(".") ? String(last) : last + ".png")
                if literal.contains("@\(name.scale)x") && name.scale > 1 {
                    scaled.insert(name.base.lowercased())
                } else {
                    plain.insert(name.base.lowercased())
                }
            }
            return scaled.subtracting(plain)
        }()
        // Tiles a CATiledLayer draws (PhotoScroller's, named by level, column and row) are drawn
        // into rects the zoom decides: their levels of detail are their resolution.
        let tiles = TiledReferences(inventory.references)
        // Built only when some asset lacks a scale.
        lazy var viewPixels = ViewPixels(inventory)
        // Names the code builds with `@2x` before the extension (CodeHub's `filename + "@2x." + ext`,
        // a helper from before @3x phones): it loads the @2x file itself on every retina screen,
        // so an @3x would never be asked for.
        let explicitTwoX = inventory.references.compactMap { reference -> NamePattern? in
            guard case .pattern(let pattern) = reference.name,
                pattern.pieces.contains(where: { $0.lowercased().contains("@2x.") })
            else { return nil }
            return NamePattern(pieces: pattern.pieces.map { $0.lowercased() })
        }
        func askedAsTwoX(_ image: ScannedImage, folder: String) -> Bool {
            guard !explicitTwoX.isEmpty else { return false }
            let file = image.fileName.lowercased()
            let names = folder.isEmpty ? [file] : [file, folder.lowercased() + "/" + file]
            return explicitTwoX.contains { pattern in names.contains(where: pattern.matches) }
        }
        func missing(_ asset: Asset) -> Finding? {
            let oneX = asset.image(scale: 1)
            let twoX = asset.image(scale: 2)
            let threeX = asset.image(scale: 3)
            let idioms: [Idiom] = asset.key.device.map { [$0 == .ipad ? .pad : .phone] } ?? Idiom.iOS
            // A file that is no valid image is image-format's finding, not a missing scale.
            if let oneX, oneX.facts.isValid, twoX == nil, threeX == nil, !neverDrawnAtItsSize(oneX),
                !viewPixels.holds(oneX, atScale: 2, name: asset.requestName),
                !viewPixels.stretchesFar(oneX, name: asset.requestName)
            {
                return finding(oneX.path, Self.noRetina(oneX))
            }
            // A 1x device downsamples an @2x exactly (2:1); what it costs is memory, which the 1x
            // iPhones (iPhone 3GS, 256 MB) were short of and the 1x iPads (512 MB) ran with.
            if oneX == nil, let lowest = twoX ?? threeX, lowest.facts.isValid,
                let idiom = idioms.first(where: { $0 == .phone && inventory.supportsOneXDevices($0) }),
                !namedOnlyWithScale.contains(asset.key.base.lowercased())
            {
                return finding(lowest.path, Self.noOneX(lowest, idiom: idiom, target: inventory.deploymentTarget))
            }
            if let twoX, twoX.facts.isValid, threeX == nil, asset.key.device != .ipad, inventory.targetsThreeXPhones,
                !viewPixels.holds(twoX, atScale: 3, name: asset.requestName), !askedAsTwoX(twoX, folder: asset.key.folder)
            {
                return finding(twoX.path, Self.noThreeX(twoX, target: inventory.deploymentTarget), severity: .note)
            }
            return nil
        }
        // Built only when some asset lacks a scale.
        lazy var use = PointSizeUse(inventory)
        return inventory.ordinaryAssets.compactMap { asset -> Finding? in
            guard let finding = missing(asset) else { return nil }
            if !tiles.isEmpty, tiles.reachOnly(asset.requestName) { return nil }
            return use.mayBeDrawn(asset.requestName, inCatalog: false) ? finding : nil
        }
    }
}

/// The views an image is drawn scaled into, where every one has a set size: such an image needs
/// the views' pixels at a screen's scale, not its own point size's.
struct ViewPixels {
    private let scaledOnly: Set<String>
    private let sizes: [String: Set<ViewSize>]
    /// Names some reference draws scaled into a view of no known size.
    private let unsized: Set<String>

    init(_ inventory: Inventory) {
        scaledOnly = inventory.namesDrawnScaledOnly
        guard !scaledOnly.isEmpty else {
            (sizes, unsized) = ([:], [])
            return
        }
        sizes = inventory.drawnScaledViewSizes
        unsized = Set(
            inventory.references.lazy.filter { $0.drawnScaled && $0.viewSize == nil }.compactMap {
                $0.literalName.map(Inventory.drawnKey)
            })
    }

    /// Whether every view that draws `name` is of a set size (a side of 0: an aspect-fit view
    /// with only the other side set, which bounds the image along it) and `image` holds its
    /// pixels at `scale` along each side that is set.
    func holds(_ image: ScannedImage, atScale scale: Int, name: String) -> Bool {
        let key = Inventory.drawnKey(name)
        guard scaledOnly.contains(key), !unsized.contains(key), let views = sizes[key], !views.isEmpty,
            let pixels = image.facts.pixelSize
        else { return false }
        return views.allSatisfy { $0.isHeld(by: pixels, atScale: scale) }
    }

    /// Whether every view that draws `name` fills a set size at least ``ViewSize/stretchFactor``
    /// times `image`'s along both sides: a texture stretched so far that a retina file would
    /// change nothing seen.
    func stretchesFar(_ image: ScannedImage, name: String) -> Bool {
        let key = Inventory.drawnKey(name)
        guard scaledOnly.contains(key), !unsized.contains(key), let views = sizes[key], !views.isEmpty,
            let pixels = image.facts.pixelSize
        else { return false }
        return views.allSatisfy { $0.stretchesFar(pixels) }
    }
}

extension MissingScale {
    private static func renamed(_ image: ScannedImage, scale: Int) -> String {
        image.name.withScale(scale).canonicalFileName
    }

    fileprivate static func noRetina(_ image: ScannedImage) -> String {
        let doubled =
            image.facts.pixelSize.map { " at \(PixelSize(width: $0.width * 2, height: $0.height * 2)) px" } ?? ""
        return "\(image.fileName) has no retina variant, so every retina screen upscales it and it looks blurry. "
            + "Add \(renamed(image, scale: 2))\(doubled)."
    }

    fileprivate static func noOneX(_ image: ScannedImage, idiom: Idiom, target: OSVersion) -> String {
        let devices = idiom == .phone ? "1x iPhones and iPod touches" : "1x iPads (iPad 2, iPad mini)"
        return "\(image.fileName) has no 1x variant, and with deployment target iOS \(target) the app still runs on "
            + "\(devices), which then downsample it at every load. Add \(renamed(image, scale: 1))."
    }

    fileprivate static func noThreeX(_ image: ScannedImage, target: OSVersion) -> String {
        let tripled = image.pointSize.map { " at \($0.pixels(atScale: 3)) px" } ?? ""
        return "\(image.fileName) has no @3x variant; with deployment target iOS \(target) the app runs on @3x phones, "
            + "which upscale the @2x. Add \(renamed(image, scale: 3))\(tripled)."
    }
}
