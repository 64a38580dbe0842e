/// A name the app's code or Interface Builder files ask for that loads nothing on at least one
/// device the app supports: a blank image view, a missing button icon, or `nil` where the code
/// expects an image.
///
/// Lint: the source file and line, with the devices that get nothing, what the others load,
/// and the nearest file iOS would not take (wrong case, wrong device, misnamed, not shipped).
struct MissingImage: MatrixRule {
    static let description = RuleDescription(
        id: "missing-image",
        severity: .error,
        summary: "A name the code asks for loads nothing on a device the app supports.",
        rationale: """
            UIImage(named:) returns nil, and an image view stays empty, when no file or image set answers the name \
            on the device in hand: Badge~ipad.png serves iPads only, Badge.PNG is not Badge.png on a device's \
            case-sensitive disk, imageNamed: adds .png and never .jpg, SwiftUI's Image looks only in asset \
            catalogs, and an app icon set's name loads nothing. Each is found only on the device that shows it. \
            Every static name in Swift, Objective-C, C#, storyboards and xibs is looked up on one device of each \
            class the app supports (idiom, scale, tall or not); names built at run time are never reported. \
            Where a Run Script phase of the target writes into the app or its catalogs, a name found nowhere is \
            a warning that says the script may make it, and one that a file or set of the tree the target does \
            not ship answers is not reported: the script's source, most likely. Code that another target also \
            compiles, and where the name loads, may run only there (an app's settings in a file its extensions \
            share): a warning that names those targets. An Interface Builder image on a view whose outlet an \
            image loader fills from a URL and clears first (Nuke's loadImage(with:into:), Kingfisher's \
            kf.setImage, SDWebImage's sd_setImage) is a preview no one sees: not reported.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Badge~ipad.png", 40, 40), .image("Badge@2x~ipad.png", 80, 80)],
                info: AppInfo(path: "Info.plist", deviceFamilies: [.phone, .pad]),
                references: [.example("App/Menu.swift", 12, "Badge")], flagged: "App/Menu.swift"),
            RuleExample(
                [.image("photo.jpg", 100, 100)],
                references: [.example("App/Gallery.m", 3, "photo", api: "imageNamed:")],
                flagged: "App/Gallery.m"),
            RuleExample(
                [.image("badge@2x.png", 80, 80)], references: [.example("App/Menu.swift", 7, "Badge")],
                flagged: "App/Menu.swift"),
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("Badge.png", 40, 40), .image("Badge@2x.png", 80, 80), .image("Badge@3x.png", 120, 120)],
                references: [.example("App/Menu.swift", 12, "Badge")]),
            RuleExample(
                [.image("photo.jpg", 100, 100)], references: [.example("App/Gallery.m", 3, "photo.jpg")]),
            // A name built at run time is a pattern: never reported missing.
            RuleExample(
                [.image("flag_fr@2x.png", 40, 30)],
                references: [
                    ImageReference(
                        path: "App/Flags.swift", line: 4, column: 9,
                        name: .pattern(NamePattern(pieces: ["flag_", ""])), api: "UIImage(named:)", lookup: .named)
                ]),
        ]
    )

    func needsMatrix(_ inventory: Inventory) -> Bool { !inventory.references.isEmpty }

    func findings(in inventory: Inventory, matrix: ReferenceMatrix) -> [Finding] {
        // WatchKit names that may be an animation's prefix, and the names of the tree's images:
        // `LoadingIndicator` is no missing image where `LoadingIndicator1`, … exist.
        let animationSites = Set(
            inventory.references.filter(InterfaceBuilderReferenceScanner.isAnimationPrefix).map {
                "\($0.path):\($0.line):\($0.column)"
            })
        let imageNames =
            animationSites.isEmpty
            ? [] : Set(inventory.catalogSets.map { $0.name.lowercased() } + inventory.assets.map { $0.key.base.lowercased() })
        func isAnimation(_ reference: ImageReference) -> Bool {
            guard !animationSites.isEmpty, animationSites.contains("\(reference.path):\(reference.line):\(reference.column)"),
                let name = reference.literalName?.lowercased()
            else { return false }
            return (0...9).contains { imageNames.contains(name + String($0)) }
        }
        // actool writes an app icon set's iPhone and iPad icons as loose files too, named by the
        // set and the size (`AppIcon60x60@2x.png`): code may load them by that name.
        let iconFileNames = Set(
            inventory.catalogSets.filter { $0.kind == .appIcon }.flatMap { set in
                set.entries.compactMap { $0.size.map { "\(set.name)\($0)".lowercased() } }
            })
        return matrix.rows.filter(\.isMissingSomewhere).compactMap { row -> Finding? in
            let reference = row.reference
            if isAnimation(reference) { return nil }
            if !iconFileNames.isEmpty, let name = reference.literalName,
                iconFileNames.contains(ImageName(fileName: name.contains(".") ? name : name + ".png").base.lowercased())
            {
                return nil
            }
            let nilDevices = matrix.devices.representatives.indices.filter { row.loads[$0].file == nil }
            let certain = nilDevices.contains { !row.uncertain.contains(matrix.devices.representatives[$0].name) }
            // A name with an extension where only an image set has the name: UIKit's answer is
            // not documented, and real apps ship such names for years (docs/names-with-extensions.md).
            let catalogSet = nilDevices.lazy.compactMap { index -> String? in
                if case .uncertainCatalogName(let set) = row.loads[index].reason { return set }
                return nil
            }.first
            // "gear.png" where only the image set gear exists: apps have shipped such names for
            // years with the image showing (docs/names-with-extensions.md). Shipped apps win: only
            // other extensions ("photo.jpg") are reported, as uncertain.
            if catalogSet != nil, reference.literalName?.lowercased().hasSuffix(".png") == true,
                nilDevices.allSatisfy({ row.loads[$0].reason.isUncertain })
            {
                return nil
            }
            var message =
                "\(reference.api) \"\(reference.shownName)\" \(!certain && catalogSet != nil ? "may be" : "is") nil on "
                + Self.devices(nilDevices, of: matrix.devices)
            let loaded = Dictionary(
                grouping: matrix.devices.representatives.indices.filter { row.loads[$0].file != nil }
            ) {
                row.loads[$0].file!
            }
            for (file, indices) in loaded.sorted(by: { $0.key < $1.key }) {
                message += "; loads \(file) on " + Self.devices(indices, of: matrix.devices)
            }
            message += "."
            if let symbol = reference.name.symbolDescription, let name = row.lookedUp {
                message += " \(symbol) is the image set \(name)."
            }
            var remarks: [String] = []
            for index in nilDevices {
                for remark in row.loads[index].remarks where !remarks.contains(remark.description) {
                    remarks.append(remark.description)
                }
            }
            // The resolver says where the name is instead (another target's catalog, another case).
            let elsewhere = !remarks.isEmpty
            if remarks.isEmpty, reference.lookup == .named || reference.lookup == .interfaceBuilder,
                let name = row.lookedUp, nilDevices.count == row.loads.count
            {
                remarks.append("No image set or loose file named \(name) ships with the app.")
            }
            // A Run Script phase that writes into the bundle (branding assets copied in, a
            // generated catalog) may make what no file of the project ships: not known here.
            var madeByScript = false
            if nilDevices.count == row.loads.count, let script = inventory.bundleScripts.first {
                // The set is in a catalog of the tree the target does not compile, or the file in a
                // folder it does not copy, beside a script that writes catalogs or the bundle (Loop's
                // DerivedAssetsBase.xcassets, copied to the DerivedAssets.xcassets it compiles;
                // ownCloud's branding-*.png, copied into the app): the script's source, most likely.
                let inTreeNotShipped = nilDevices.contains { index in
                    row.loads[index].remarks.contains {
                        switch $0 {
                        case .setNotCompiled, .notShipped: true
                        default: false
                        }
                    }
                }
                if inTreeNotShipped { return nil }
                madeByScript = true
                remarks.append(
                    "Uncertain: the Run Script phase \"\(script)\" writes into the app or one of its catalogs "
                        + "and may add it; if it does, nothing is wrong.")
            }
            if !certain, let catalogSet {
                remarks.append(
                    "Uncertain: whether UIKit finds an image set by a name with an extension is not documented "
                        + "(docs/names-with-extensions.md), and apps ship such names; ask for \"\(catalogSet)\" "
                        + "without the extension to be sure.")
            } else if !certain {
                remarks.append(
                    "Uncertain: a storyboard or xib is reported to show nothing on a 1x screen when only @2x or @3x "
                        + "files exist, although code finds them; add the 1x file to be sure.")
            }
            // A watch set with images for some case sizes only: complication families and layouts
            // differ by watch (graphic families need a Series 4 or later), so the gap may be meant.
            let watchGap =
                nilDevices.allSatisfy { matrix.devices.representatives[$0].device.idiom == .watch }
                && matrix.devices.representatives.indices.contains {
                    matrix.devices.representatives[$0].device.idiom == .watch && row.loads[$0].file != nil
                }
            // Judged on real apps, such gaps were always meant (the graphic complication families
            // need a Series 4 or later): not reported.
            if watchGap { return nil }
            // A placeholder the code replaces, of an image the tree has elsewhere (another
            // target's catalog, another case): it shows in Interface Builder only, which is meant.
            if reference.codeSetsImage, elsewhere { return nil }
            // A view an image loader fills from a URL, clearing it first: Interface Builder's
            // image there is a preview nobody sees (a sample avatar).
            if reference.loaderClearsImage { return nil }
            if reference.codeSetsImage {
                remarks.append(
                    "The code sets this view's image through its outlet, so the name is a placeholder of a file that "
                        + "no longer exists: remove it from the \(reference.path.hasSuffix(".xib") ? "xib" : "storyboard")."
                )
            } else if reference.codeMayReplace {
                remarks.append(
                    "Uncertain: the code holds this view through an outlet, or the view is a cell's template, so it "
                        + "may set another image before it shows; if it always does, remove the name from the "
                        + "\(reference.path.hasSuffix(".xib") ? "xib" : "storyboard").")
            }
            message += remarks.map { " " + $0 }.joined()
            return Finding(
                ruleID: Self.description.id,
                severity: certain && !reference.codeMayReplace && !watchGap && !madeByScript ? .error : .warning,
                path: reference.path,
                message: message, line: reference.line, column: reference.column)
        }
    }

    /// `every iPhone`, `4-inch iPhones (iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7) and @2x iPads`.
    static func devices(_ indices: [Int], of devices: SupportedDevices) -> String {
        var parts: [String] = []
        for idiom in Idiom.allCases {
            let all = devices.representatives.indices.filter { devices.representatives[$0].device.idiom == idiom }
            let chosen = indices.filter { devices.representatives[$0].device.idiom == idiom }
            guard !chosen.isEmpty else { continue }
            if chosen.count == all.count {
                parts.append("every \(idiom.deviceName)")
            } else if idiom == .watch {
                // `Apple Watch 38 mm, 42 mm`: the sizes, each class one case size.
                let sizes = chosen.map {
                    devices.representatives[$0].name.replacingOccurrences(of: "Apple Watch ", with: "")
                }
                parts.append("Apple Watch \(sizes.joined(separator: ", "))")
            } else {
                parts += chosen.map { devices.representatives[$0].shortDescription }
            }
        }
        return parts.joined(separator: " and ")
    }
}

extension ImageReference {
    /// A reference for rule examples: `UIImage(named:)` unless told otherwise.
    static func example(
        _ path: String, _ line: Int, _ name: String, api: String = "UIImage(named:)", lookup: ImageLookup = .named,
        mode: ResolveMode = .uikit, drawnIn view: ViewSize? = nil
    ) -> ImageReference {
        var reference = ImageReference(
            path: path, line: line, column: 9, name: .literal(name), api: api, lookup: lookup, mode: mode)
        if let view {
            reference.drawnScaled = true
            reference.viewSize = view
        }
        return reference
    }
}

extension ImageReference.Name {
    /// `.heroImage` for a generated symbol; nil for names written out.
    var symbolDescription: String? {
        if case .symbol(let symbol) = self { symbol.description } else { nil }
    }
}
