/// An image set or loose image that nothing asks for: no static name in the code or Interface
/// Builder files, no name built at run time can match it, and no Info.plist key, launch rule or
/// icon uses it. It costs download size on every device.
///
/// Lint: once per asset (the image set's folder, or the asset's first file), with how many files
/// it holds. Opt-in, and silent when the scan read no source file at all.
struct UnusedImage: Rule {
    static let description = RuleDescription(
        id: "unused-image",
        severity: .warning,
        summary: "An image or image set nothing in the code, storyboards or Info.plist asks for.",
        rationale: """
            Images outlive the screens that used them. Unused ones cost download size on every device, and \
            loose ones escape App Store thinning. But the rule recommends deleting a file that ships, so it calls \
            an image unused only when nothing could name it: no static reference (Swift, Objective-C, C#, \
            storyboards, xibs), no name built at run time that can match it ("flag_\\(code)" uses every flag_*), \
            no Info.plist key, launch rule or icon, no string in a JSON, property list or .strings file of the \
            tree (a menu the app reads at run time), and no name spelled anywhere in the code of any target that \
            may reach an image API by a path TallCheck does not follow: a string in a constant, an enum's raw \
            value or case name, a function's return, a wrapper's argument, a member that may be a generated \
            asset symbol (.heroImage), a name built away from the image API ("AppIcon-\\(style)"). A name built \
            with almost nothing fixed ("%@.png") could be any image: it keeps none, and the finding names it. \
            `tallcheck references --image NAME` lists every place that names or may name an image. Names the \
            code gets from elsewhere (a server) are invisible: list them in unused_image_ignore. With several \
            targets, an image is unused only when every target that ships it finds it so.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Old.png", 40, 40), .image("Old@2x.png", 80, 80), .image("Badge@2x.png", 80, 80)],
                references: [.example("App/Menu.swift", 3, "Badge")], flagged: "Old.png")
        ],
        nonTriggeringExamples: [
            RuleExample(
                [.image("flag_fr@2x.png", 40, 30), .image("flag_de@2x.png", 40, 30)],
                references: [
                    ImageReference(
                        path: "App/Flags.swift", line: 4, column: 9,
                        name: .pattern(NamePattern(pieces: ["flag_", ""])), api: "UIImage(named:)", lookup: .named)
                ]),
            RuleExample(
                [.image("Badge@2x.png", 80, 80), .image("Badge@3x.png", 120, 120)],
                references: [.example("App/Menu.swift", 3, "Badge")]),
        ],
        isOptIn: true,
        // An image no one loads is deleted, not resized: its size findings say nothing more.
        supersedes: ["scale-mismatch", "fractional-point-size", "missing-scale", "duplicate-image"],
        needsEveryTarget: true
    )

    var ignored: [String] = []

    init() {}

    init(configuration: LintConfiguration) {
        ignored = configuration.unusedImageIgnore
    }

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.sourceFileCount > 0 else { return [] }
        let usage = ImageUsage(inventory)
        let filter = PathFilter(excluded: ignored)
        /// Nil when the image is used or maybe used; else what the finding adds, if anything.
        func unused(_ name: String, inCatalog: Bool) -> String? {
            guard let evidence = usage.evidence(for: name, inCatalog: inCatalog) else { return "" }
            guard evidence.strength == .anyName else { return nil }
            return
                " Only the name built at \(evidence.site) (\(evidence.what)) could reach it, and it could be any image's."
        }
        var findings: [Finding] = []
        // A complication's images are the system's too (its gallery placeholders): never unused.
        for set in inventory.catalogSets where set.kind == .imageSet && !set.folder.contains(".complicationset/") {
            guard filter.admits(set.folder), filter.admits(set.name), let caveat = unused(set.name, inCatalog: true)
            else { continue }
            findings.append(
                finding(
                    set.folder,
                    "No code, storyboard, data file or Info.plist key names the image set \(set.name) "
                        + "(\(set.fileNames.count) file\(set.fileNames.count == 1 ? "" : "s"))." + caveat))
        }
        for asset in inventory.ordinaryAssets {
            let name = asset.key.folder.isEmpty ? asset.key.base : "\(asset.key.folder)/\(asset.key.base)"
            guard let first = asset.images.first, filter.admits(first.path), filter.admits(name),
                let caveat = unused(name, inCatalog: false)
            else { continue }
            let files = asset.images.map(\.fileName)
            findings.append(
                finding(
                    first.path,
                    "No code, storyboard, data file or Info.plist key names \(name) (\(files.joined(separator: ", ")))."
                        + caveat))
        }
        return findings
    }

    /// The keys a name is used under, lower-cased: `Badge@2x~ipad.png` and `Badge` both use
    /// `badge`; `Levels/map1` uses `levels/map1` and `map1`.
    static func lookupKeys(_ name: String) -> Set<String> {
        let last = String(name.split(separator: "/").last ?? "")
        let base = ImageName(fileName: last.contains(".") ? last : last + ".png").base
        var keys: Set<String> = [base.lowercased(), last.lowercased()]
        if name.utf8.contains(UInt8(ascii: "/")) {
            let folder = name[..<name.lastIndex(of: "/")!]
            keys.insert("\(folder)/\(base)".lowercased())
        }
        return keys
    }
}
