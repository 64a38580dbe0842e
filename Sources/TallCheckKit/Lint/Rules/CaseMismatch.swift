/// Two files whose names differ only in case, or a name the Info.plist uses (launch images,
/// icons) that matches a file only when case is ignored. Both work in the simulator on a
/// case-insensitive Mac disk and fail on the device.
///
/// Lint: the file, with the file or Info.plist it clashes with.
struct CaseMismatch: Rule {
    static let description = RuleDescription(
        id: "case-mismatch",
        severity: .error,
        summary: "Names that match only when case is ignored: fine in the simulator, missing on the device.",
        rationale: """
            The iOS file system is case-sensitive; a Mac's usually is not. A launch image named splash.png for \
            UILaunchImageFile 'Splash', or an image found as both Button.png and button.png, behaves one way in \
            the simulator and another on the phone: the classic blank image that only users see. An asset \
            catalog is compiled once, on the Mac, so an entry that names its file in another case is a warning: \
            it builds on the Mac's default case-insensitive disk and loses its image on a case-sensitive one.
            """,
        triggeringExamples: [
            RuleExample(
                [.image("Images/Button.png", 44, 44), .image("Other/button.png", 44, 44)], flagged: "Other/button.png"),
            RuleExample(
                [.image("splash.png", 320, 480), .image("splash@2x.png", 640, 960)],
                info: AppInfo(path: "Info.plist", launchImageFile: [.phone: "Splash"]), flagged: "splash.png"),
            RuleExample([.image("default@2x.png", 640, 960)], flagged: "default@2x.png"),
            RuleExample(
                [.image("A.xcassets/star.imageset/star@2x.png", 40, 40)],
                catalog: [
                    CatalogSet(
                        folder: "A.xcassets/star.imageset", entries: [.init(filename: "Star@2x.png", scale: "2x")])
                ],
                flagged: "A.xcassets/star.imageset/star@2x.png", severities: [.warning]),
            RuleExample(
                [.image("launchimage-568h@2x.png", 640, 1136)],
                info: AppInfo(
                    path: "Info.plist",
                    launchImages: [
                        .phone: [LaunchImageEntry(name: "LaunchImage-568h", size: PointSize(width: 320, height: 568))]
                    ]),
                flagged: "launchimage-568h@2x.png"),
        ],
        nonTriggeringExamples: [
            RuleExample([.image("Button.png", 44, 44), .image("Button@2x.png", 88, 88)]),
            RuleExample(
                [.image("Splash.png", 320, 480)], info: AppInfo(path: "Info.plist", launchImageFile: [.phone: "Splash"])
            ),
            // The same name in two localisations is no clash.
            RuleExample([.image("en.lproj/Title.png", 100, 20), .image("fr.lproj/Title.png", 100, 20)]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        duplicates(in: inventory) + plistReferences(in: inventory) + catalogReferences(in: inventory)
    }

    /// Catalog entries whose `filename` matches a file only when case is ignored.
    private func catalogReferences(in inventory: Inventory) -> [Finding] {
        inventory.catalogSets.flatMap { set in
            set.entries.compactMap { entry in
                guard case .caseMismatch(let named, let actual) = set.file(for: entry) else { return nil }
                // actool compiles the catalog once, on the Mac: on its default case-insensitive
                // disk it finds the file, and the device gets what the simulator gets.
                return finding(
                    actual, Self.catalogEntry(named: named, actual: actual, set: set), related: [set.contentsPath],
                    severity: .warning)
            }
        }
    }

    /// Files that end up side by side in the bundle (Xcode flattens groups) with names equal
    /// but for case.
    private func duplicates(in inventory: Inventory) -> [Finding] {
        // The first file under each case-folded name (in its localization); any other spelling
        // of it clashes. Found by a case-folded hash, so no lower-cased copy of every name is
        // made, in slots of their own (a dictionary hashed the key again: 40,000 look-ups were
        // 11 M instructions on 20,000 images); a hit is checked.
        let images = inventory.looseImages
        var first = HashSlots(capacity: images.count)
        var findings: [Finding] = []
        for index in images.indices {
            let image = images[index]
            let localization = image.localization
            let hash = image.fileName.caseFoldedHash &+ (localization.map { $0.caseFoldedHash &* 31 } ?? 0)
            let matched = first.firstMatch(hash, orInsert: index) { earlier in
                let other = images[earlier]
                return other.localization == localization
                    && (other.fileName == image.fileName || other.fileName.caseFolded == image.fileName.caseFolded)
            }
            if let matched, images[matched].fileName != image.fileName {
                let earlier = images[matched]
                // Side by side only where they land in one folder of the bundle: a folder
                // reference's `img/Logo.png` beside a flat `logo.png` clashes with nothing.
                let mine = Set(inventory.bundle.placements(of: image.path).map { $0.bundlePath.lowercased() })
                let theirs = inventory.bundle.placements(of: earlier.path).map { $0.bundlePath.lowercased() }
                if mine.isEmpty || theirs.isEmpty || theirs.contains(where: mine.contains) {
                    findings.append(finding(image.path, Self.clash(image, earlier), related: [earlier.path]))
                }
            }
        }
        return findings
    }

    private func plistReferences(in inventory: Inventory) -> [Finding] {
        let plistPath = inventory.info?.path
        return Self.plistMismatches(in: inventory).map { mismatch in
            finding(
                mismatch.image.path, Self.reference(mismatch), related: plistPath.map { [$0] } ?? [])
        }
    }

    /// A loose image the Info.plist names only when case is ignored, and the file name its
    /// reference spells (nil when references spell it more than one way).
    struct PlistMismatch {
        var image: ScannedImage
        var name: String
        var key: String
        var fileName: String?
    }

    static func plistMismatches(in inventory: Inventory) -> [PlistMismatch] {
        var references: [(name: String, key: String)] = []
        for idiom in inventory.deviceFamilies.sorted(by: { $0.rawValue < $1.rawValue }) {
            let base = LaunchImages.legacyBase(for: idiom, info: inventory.info)
            references.append(
                (
                    base,
                    inventory.info?.launchImageFile[idiom] == nil
                        ? "the default launch image name" : "UILaunchImageFile"
                ))
            references += (inventory.info?.launchImages[idiom] ?? []).map { ($0.name, "UILaunchImages") }
        }
        references += (inventory.info?.iconFiles ?? []).map { (ImageName(fileName: $0).base, "CFBundleIconFiles") }
        let exact = Set(references.map(\.name))
        let byLowercased = Dictionary(references.map { ($0.name.lowercased(), $0) }) { first, _ in first }
        let spellings = Dictionary(grouping: Set(references.map(\.name)), by: { $0.lowercased() })
        // Only names as long as a reference can match it when case is ignored: a cheap filter first.
        let lengths = LengthBits(references.lazy.map(\.name.utf8.count))
        var mismatches: [PlistMismatch] = []
        /// The mismatch when `candidate` (part of `image`'s name) matches a reference only when
        /// case is ignored.
        func mismatch(_ image: ScannedImage, _ candidate: String) -> PlistMismatch? {
            guard lengths.contains(candidate.utf8.count), !exact.contains(candidate),
                let reference = byLowercased[candidate.lowercased()]
            else { return nil }
            // The matched part (the base, or the base with its launch modifiers) takes the
            // reference's spelling.
            let canonical = image.name.canonicalFileName
            let fileName =
                (spellings[candidate.lowercased()]?.count ?? 0) == 1 && canonical.hasPrefix(candidate)
                ? reference.name + canonical.dropFirst(candidate.count) : nil
            return PlistMismatch(image: image, name: reference.name, key: reference.key, fileName: fileName)
        }
        // The base first; the name with its launch modifiers is built only when the base does not match.
        for image in inventory.looseImages {
            if let found = mismatch(image, image.name.base) ?? mismatch(image, image.name.launchImageName) {
                mismatches.append(found)
            }
        }
        return mismatches
    }
}

extension CaseMismatch {
    fileprivate static func clash(_ image: ScannedImage, _ other: ScannedImage) -> String {
        "\(image.path) and \(other.path) differ only in case: one file in the simulator on a Mac, two on the device, "
            + "and which one loads depends on the disk. Keep one name."
    }

    fileprivate static func reference(_ mismatch: PlistMismatch) -> String {
        "\(mismatch.image.fileName) matches \(mismatch.key) '\(mismatch.name)' only when case is ignored: it loads in "
            + "the simulator and not on the device. "
            + (mismatch.fileName.map { "Rename it to \($0)." } ?? "Make the file's name and the Info.plist's agree.")
    }
}

extension CaseMismatch {
    fileprivate static func catalogEntry(named: String, actual: String, set: CatalogSet) -> String {
        "The \(set.kind.rawValue) \"\(set.name)\" names \"\(named)\" but the file is \(actual.split(separator: "/").last!): "
            + "actool finds it on a Mac's default case-insensitive disk, and a build on a case-sensitive volume "
            + "leaves the slot empty. Make the names match exactly."
    }
}
