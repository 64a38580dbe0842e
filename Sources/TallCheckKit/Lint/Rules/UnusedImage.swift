/// An image set or loose image that nothing asks for: no static name in the code or Interface
/// Builder files, no name built at run time can match it, and no Info.plist key, launch rule or
/// icon uses it. It costs download size on every device.
///
/// Lint: once per asset (the image set's folder, or the asset's first file), with how many files
/// it holds. Opt-in, and silent when the scan read no source file at all.
struct UnusedImage: ConfigurableRule {
    static let description = RuleDescription(
        id: "unused-image",
        severity: .warning,
        summary: "An image or image set nothing in the code, storyboards or Info.plist asks for.",
        rationale: """
            Images outlive the screens that used them. Unused ones cost download size on every device, and \
            loose ones escape App Store thinning. But the rule recommends deleting a file that ships, so it calls \
            an image unused only when nothing could name it: no static reference (Swift, Objective-C, C#, \
            storyboards, xibs, a framework target's xib too), no name built at run time that can match it ("flag_\\(code)" uses every flag_*), \
            no Info.plist key, launch rule or icon, no string in a JSON, property list or .strings file of the \
            tree (a menu the app reads at run time), and no name spelled anywhere in the code of any target that \
            may reach an image API by a path TallCheck does not follow: a string in a constant, an enum's raw \
            value or case name, a function's return, a wrapper's argument, a member that may be a generated \
            asset symbol (.heroImage), a name built away from the image API ("AppIcon-\\(style)"). A name built \
            with almost nothing fixed ("%@.png") could be any image: it keeps none, and the finding names it. \
            An image whose folder holds three or more of its name family (RemoteMessage*) that the code names \
            as data, twice as many as at an image API, is loaded the same way, by a name TallCheck may not see (a \
            server's, a package's): it is kept too. An image in a bundle folder that the project also ships \
            data files into (text, JSON, documents, sounds: a .NET project's `Content` or `BundleResource` \
            items) is content the app reads by path, as it reads the data, and is not reported. \
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

    var ignored: [String]

    /// How a finding says that a name built at run time could reach the image: `fix
    /// --delete-unused` never deletes such an image.
    static let anyNameCaveat = "Only the name built at"
    /// What an unused image named and sized as an app icon says, in an app that declares none;
    /// `fix --delete-unused` leaves it to a person.
    static let undeclaredIconNote = "looks like the app icon the Info.plist should list"
    /// The pixel sides of the icons of iOS 3 to 18 (Apple's "App icon sizes" table and QA1686).
    static let iconSides: Set<Int> = [29, 40, 50, 57, 58, 60, 72, 76, 80, 87, 100, 114, 120, 144, 152, 167, 180, 512, 1024]

    /// The side of an asset named `icon…` (any case) with a square file of an icon's size.
    static func iconSide(of asset: Asset) -> Int? {
        guard asset.key.base.lowercased().hasPrefix("icon") else { return nil }
        return asset.images.lazy.compactMap { image -> Int? in
            guard let size = image.facts.pixelSize, size.width == size.height, Self.iconSides.contains(size.width)
            else { return nil }
            return size.width
        }.first
    }

    init(option: UnusedImageIgnore) { ignored = option.globs }

    func findings(in inventory: Inventory) -> [Finding] {
        guard inventory.sourceFileCount > 0 else { return [] }
        let usage = ImageUsage(inventory)
        let filter = PathFilter(excluded: ignored)
        /// Nil when the image is used or maybe used; else what the finding adds, if anything.
        func unused(_ name: String, inCatalog: Bool) -> String? {
            guard let evidence = usage.evidence(for: name, inCatalog: inCatalog) else { return "" }
            guard evidence.strength == .anyName else { return nil }
            return Self.caveat(anyName: evidence)
        }
        // A module whose code loads a name that could be any of its own images (`bundle:
        // .module`): its images, in a folder named as the module, are all reachable.
        let modulesLoadingAnyName = Set(
            inventory.references.compactMap { reference -> Substring? in
                guard reference.inModuleBundle, case .pattern(let pattern) = reference.name, pattern.reachesAnyName,
                    let sources = reference.path.split(separator: "/").firstIndex(of: "Sources")
                else { return nil }
                let folders = reference.path.split(separator: "/")
                return folders.index(after: sources) < folders.count - 1 ? folders[folders.index(after: sources)] : nil
            })
        func reachableInModule(_ path: String) -> Bool {
            !modulesLoadingAnyName.isEmpty && path.split(separator: "/").contains(where: modulesLoadingAnyName.contains)
        }
        var findings: [Finding] = []
        let imageSets = inventory.catalogSets.filter { $0.kind == .imageSet && !reachableInModule($0.folder) }
        // A complication's images are the system's too (its gallery placeholders): never unused.
        // Each set's evidence, asked once: the families below ask for it again.
        var setEvidence: [String: UsageEvidence?] = [:]
        func evidence(ofSet name: String) -> UsageEvidence? {
            if let known = setEvidence[name] { return known }
            let found = usage.evidence(for: name, inCatalog: true)
            setEvidence[name] = found
            return found
        }
        let candidates = imageSets.compactMap { set -> (set: CatalogSet, caveat: String)? in
            guard !set.folder.contains(bytes: ".complicationset/"), filter.admits(set.folder), filter.admits(set.name)
            else { return nil }
            let found = evidence(ofSet: set.name)
            guard found == nil || found?.strength == .anyName else { return nil }
            return (set, found.map(Self.caveat(anyName:)) ?? "")
        }
        let candidateFolders = Set(candidates.map { DataFamilies.folder(ofSet: $0.set.folder) })
        let families = DataFamilies(
            imageSets.map { (name: $0.name, folder: DataFamilies.folder(ofSet: $0.folder)) }.filter {
                candidateFolders.contains($0.folder)
            }, evidence: evidence(ofSet:))
        for (set, caveat) in candidates {
            guard !families.keeps(set.name, folder: DataFamilies.folder(ofSet: set.folder)) else { continue }
            findings.append(
                finding(
                    set.folder,
                    "No code, storyboard, data file or Info.plist key names the image set \(set.name) "
                        + "(\(set.fileNames.count) file\(set.fileNames.count == 1 ? "" : "s"))." + caveat))
        }
        /// Whether the file ships into a folder of the app's data (``BundleModel/dataFolders``).
        func inDataFolder(_ path: String) -> Bool {
            guard !inventory.bundle.dataFolders.isEmpty else { return false }
            return inventory.bundle.placements(of: path).contains {
                inventory.bundle.dataFolder(ofBundlePath: $0.bundlePath) != nil
            }
        }
        // Unused loose images inside a folder reference the project copies whole: when nothing
        // names any image of that folder, one finding for the folder says what to do about it.
        var unusedByFolder: [String: (name: String, images: Int, findings: [Finding])] = [:]
        var looseFindings: [Finding] = []
        // An app that declares no icon at all: an unused square `icon…` image of an icon's size
        // is more likely the icon it forgot to declare (MonoTouch's MediaNotes) than waste.
        let declaresNoIcon =
            (inventory.info?.iconFiles.isEmpty ?? true) && !inventory.catalogSets.contains { $0.kind == .appIcon }
        for asset in inventory.ordinaryAssets {
            let name = asset.requestName
            guard let first = asset.images.first, filter.admits(first.path), filter.admits(name),
                !reachableInModule(first.path), !inDataFolder(first.path),
                var caveat = unused(name, inCatalog: false)
            else { continue }
            if caveat.isEmpty, declaresNoIcon, let side = Self.iconSide(of: asset) {
                caveat =
                    " The app declares no icon, and at \(side)×\(side) px it \(Self.undeclaredIconNote): list it under "
                    + "CFBundleIconFiles (or CFBundleIcons) in the Info.plist if it is, or delete it."
            }
            let files = asset.images.map(\.fileName)
            // The asset's other files go with it: each is a location in SARIF, the HTML and text.
            let made = finding(
                first.path,
                "No code, storyboard, data file or Info.plist key names \(name) (\(files.joined(separator: ", ")))."
                    + caveat, related: asset.images.dropFirst().map(\.path))
            if caveat.isEmpty, let folder = Self.folderReference(of: first.path, in: inventory.bundle) {
                unusedByFolder[folder.path, default: (folder.name, 0, [])].images += asset.images.count
                unusedByFolder[folder.path]!.findings.append(made)
            } else {
                looseFindings.append(made)
            }
        }
        if !unusedByFolder.isEmpty {
            // How many images each folder reference holds, to tell "all unused" from "some".
            var held: [String: Int] = [:]
            for image in inventory.looseImages {
                if let folder = Self.folderReference(of: image.path, in: inventory.bundle), unusedByFolder[folder.path] != nil {
                    held[folder.path, default: 0] += 1
                }
            }
            for (path, unused) in unusedByFolder.sorted(by: { $0.key < $1.key }) {
                let all = held[path] ?? unused.images
                // Many images, most of them unused: the folder, not each file, is the matter.
                guard unused.findings.count >= Self.folderFindingMinimum, unused.images * 2 >= all else {
                    looseFindings += unused.findings
                    continue
                }
                let some = unused.images == all ? "any of its \(all)" : "\(unused.images) of its \(all)"
                looseFindings.append(
                    finding(
                        path,
                        "\(unused.name) is a folder reference the app copies whole, and nothing names \(some) images: "
                            + "take it out of Copy Bundle Resources if the app does not need it, or delete what it "
                            + "should not hold."))
            }
        }
        return findings + looseFindings.sorted { $0.path < $1.path }
    }

    /// What a finding adds when the only evidence is a name that could be any image's.
    static func caveat(anyName evidence: UsageEvidence) -> String {
        " \(anyNameCaveat) \(evidence.site) (\(evidence.what)) could reach it, and it could be any image's."
    }

    /// The fewest unused assets of one folder reference reported as one finding on the folder.
    static let folderFindingMinimum = 10

    /// The folder reference an image ships inside (copied whole, keeping its folders), with its
    /// path in the tree and its name in the bundle; nil for any other placement.
    static func folderReference(of path: String, in bundle: BundleModel) -> (path: String, name: String)? {
        for placement in bundle.placements(of: path) {
            guard case .insideFolder(_, let folder) = placement.reason,
                placement.bundlePath.hasPrefix(folder + "/")
            else { continue }
            let inside = placement.bundlePath.dropFirst(folder.count + 1)
            guard path.hasSuffix("/" + inside) else { continue }
            return (String(path.dropLast(inside.count + 1)), folder)
        }
        return nil
    }
}

/// Families of images loaded by names the code holds as data. When at least
/// ``minimumNamed`` sets of one folder share a name stem (`RemoteMessageAppUpdate`,
/// `RemoteMessageMacComputer`, … all `RemoteMessage*`) that the code names as data (constants,
/// raw values, strings away from an image API), at least twice as many as it names at an image
/// API, the family is loaded by a name built at run time, from data TallCheck may not see (a
/// server's message, a package's enum). Its members no code names are kept the same way: not
/// called unused.
public struct DataFamilies: Sendable {
    static let minimumNamed = 3
    /// The shortest stem, in characters.
    static let minimumStem = 6

    /// By folder: the stems (lower-cased) of families named as data, with how many members are.
    private var stems: [Substring: [(stem: String, named: Int)]] = [:]

    public init(_ images: [(name: String, folder: Substring)], usage: ImageUsage, inCatalog: Bool) {
        self.init(images) { usage.evidence(for: $0, inCatalog: inCatalog) }
    }

    /// - Parameter evidence: the strongest evidence for a name (``ImageUsage/evidence(for:inCatalog:exactFolder:)``).
    public init(_ images: [(name: String, folder: Substring)], evidence: (String) -> UsageEvidence?) {
        var byFolder: [Substring: [String]] = [:]
        for image in images { byFolder[image.folder, default: []].append(image.name) }
        for (folder, names) in byFolder where names.count > Self.minimumNamed {
            // Every stem of every name, with how its holders are named.
            var dataOnly: [String: Int] = [:]
            var direct: [String: Int] = [:]
            for name in names {
                guard let evidence = evidence(name), evidence.strength != .anyName
                else { continue }
                for stem in Self.stems(of: name) {
                    if evidence.strength == .certain {
                        direct[stem, default: 0] += 1
                    } else {
                        dataOnly[stem, default: 0] += 1
                    }
                }
            }
            let found = dataOnly.filter { stem, count in
                count >= Self.minimumNamed && count >= 2 * direct[stem, default: 0]
            }.map { (stem: $0.key, named: $0.value) }.sorted { $0.stem.count > $1.stem.count }
            if !found.isEmpty { stems[folder] = found }
        }
    }

    /// Whether `name`, in `folder`, belongs to a family the code names only as data.
    public func keeps(_ name: String, folder: Substring) -> Bool { family(of: name, folder: folder) != nil }

    /// The longest stem of `name`'s family named as data, and how many of its members are.
    public func family(of name: String, folder: Substring) -> (stem: String, named: Int)? {
        guard let found = stems[folder] else { return nil }
        let own = Set(Self.stems(of: name))
        return found.first { own.contains($0.stem) }
    }

    /// The folder that holds an image set: its catalog, or a group folder of it.
    public static func folder(ofSet setFolder: String) -> Substring {
        setFolder.lastIndex(ofByte: UInt8(ascii: "/")).map { setFolder[..<$0] } ?? ""
    }

    /// The prefixes of a name that end at a word's end (`Remote`, `RemoteMessage` of
    /// `RemoteMessagePrivacyShield`; `tab-` of `tab-home`), of ``minimumStem`` characters or more, lower-cased.
    static func stems(of name: String) -> [String] {
        let characters = Array(name)
        var stems: [String] = []
        for index in characters.indices.dropFirst() where index >= minimumStem {
            let (before, here) = (characters[index - 1], characters[index])
            let boundary =
                (before.isLowercase && here.isUppercase) || "-_ .".contains(before)
                || (before.isLetter && here.isNumber)
            if boundary { stems.append(String(characters[..<index]).lowercased()) }
        }
        return stems
    }
}

/// Globs of images and image sets `unused-image` never reports: `unused_image_ignore` in
/// `.tallcheck.yml`, one glob or a list.
public struct UnusedImageIgnore: StructuredRuleOption {
    public var globs: [String]

    public init(_ globs: [String]) { self.globs = globs }

    public static let key = "unused_image_ignore"
    public static let expectedValue = "a glob or a list of globs"
    public static var defaultValue: UnusedImageIgnore { UnusedImageIgnore([]) }

    public static func decode(_ value: ConfigValue) throws(ConfigValue.Invalid) -> UnusedImageIgnore {
        UnusedImageIgnore(try value.strings(expectedValue))
    }

    public var value: ConfigValue { .sequence(globs.map(ConfigValue.scalar)) }
}
