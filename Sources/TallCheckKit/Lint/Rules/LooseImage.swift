/// A loose image in an app whose deployment target allows asset catalogs (iOS 7 and later):
/// App Store thinning cannot strip its other scales, so every device downloads all of them.
///
/// Lint: once per asset, on its first file, with its files. Opt-in. Launch images and app
/// icons, which must stay loose for older systems, and images the code opens by path
/// (`imageWithContentsOfFile:`, which reads no catalog) are left alone.
struct LooseImage: Rule {
    static let description = RuleDescription(
        id: "loose-image",
        severity: .note,
        summary: "A loose image in an app that can use asset catalogs: every device downloads every scale of it.",
        rationale: """
            Asset catalogs exist since iOS 7 (Xcode 5). From iOS 9 the App Store thins an app for each \
            device: from a catalog it keeps only the scale and idiom that device uses, but loose files ship as \
            they are, so a phone at @3x also downloads the 1x and @2x files. Moving the image into an asset \
            catalog keeps its name (UIImage(named:) finds both) and lets thinning drop what a device does not \
            need. Launch images and app icons named in the Info.plist stay loose for older systems; images \
            read with imageWithContentsOfFile: need a file path and cannot move.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Button.png", 44, 44), .image("Button@2x.png", 88, 88), .image("Button@3x.png", 132, 132)],
                deploymentTarget: OSVersion(9, 0), flagged: "Button.png")
        ],
        nonTriggeringExamples: [
            // Before iOS 7 there are no asset catalogs to move it into.
            RuleExample(
                [.image("Button.png", 44, 44), .image("Button@2x.png", 88, 88)], deploymentTarget: OSVersion(6, 0)),
            RuleExample([.image("Default@2x.png", 640, 960)], deploymentTarget: OSVersion(9, 0)),
            RuleExample([.image("Icon-60@2x.png", 120, 120)], deploymentTarget: OSVersion(9, 0)),
            RuleExample(
                [.image("Level1@2x.png", 200, 200)], deploymentTarget: OSVersion(9, 0),
                references: [
                    ImageReference.example(
                        "App/Map.swift", 7, "Level1@2x.png", api: "UIImage(contentsOfFile:)", lookup: .file)
                ]),
        ],
        isOptIn: true
    )

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.deploymentTarget >= OSVersion(7, 0) else { return [] }
        // Names the code opens as files: those files must stay files.
        let openedByPath = Set(
            inventory.references.filter { $0.lookup == .file }.compactMap { reference in
                reference.literalName.map { ImageName(fileName: lastComponent(of: $0)).base }
            })
        return inventory.ordinaryAssets.compactMap { asset in
            guard !openedByPath.contains(asset.key.base), let first = asset.images.first else { return nil }
            return finding(
                first.path, Self.loose(asset, target: inventory.deploymentTarget),
                related: asset.images.dropFirst().map(\.path))
        }
    }
}

extension LooseImage {
    fileprivate static func loose(_ asset: Asset, target: OSVersion) -> String {
        let files = asset.images.map(\.fileName).joined(separator: ", ")
        let scales = Set(asset.images.map(\.name.scale)).count
        return "\(asset.key.base) is loose (\(files)): App Store thinning cannot strip "
            + (scales > 1
                ? "its other scales, so every device downloads all \(scales). " : "it for devices that do not use it. ")
            + "The deployment target (iOS \(target)) allows asset catalogs: move it into an image set; "
            + "UIImage(named: \"\(asset.key.base)\") still finds it."
    }
}
