/// Two or more images of different assets with the same pixels.
///
/// Lint: once per group, on its first file by path, with the others as related files and the
/// bytes that keeping one would save. The content pass (``ContentScanner``) decides which files
/// it reads; this rule only groups what it found.
struct DuplicateImage: Rule {
    static let contentChecks: ContentChecks = .duplicates

    static let description = RuleDescription(
        id: "duplicate-image",
        severity: .warning,
        summary: "Images of different names with the same pixels: the app ships the picture more than once.",
        rationale: """
            Every copy is downloaded and installed with the app, and a picture kept under two names is \
            changed under one of them sooner or later. Keep one file and load it under one name (an image \
            set can serve it to every place that needs it). The search reads as little as it can, the way \
            Android Lint's IconDuplicates does: images are grouped by pixel size from their headers, files \
            of equal length are compared by a hash of the first 4 KiB the probe read and hashed whole only when \
            that agrees, and only where files of one pixel size still differ are their pixels \
            decoded, since one picture can be written many ways (other filters, zlib levels or chunks): \
            their top rows first (an eighth of the picture), and whole only where those are alike. \
            Variants of one asset (Button.png and Button@2x.png, the files of one image set) and two paths \
            to one file (a hard or symbolic link) are not duplicates; app icons named in the Info.plist are \
            left out, since iOS asks for each icon slot by its own name, and so are launch images, copies \
            of one name in each language's .lproj folder (Xcode makes those), and pictures every name of which \
            the code builds at run time from a key (Flags/{code}.png, start_tri-%02u.png, name + "_dark"): each \
            key needs its file. Pixels are compared as stored: \
            two files of one picture tagged with other colour profiles (sRGB, Display P3) count as one. \
            Before every build the decoding is \
            bounded: a pixel size shared by more than 16 different files (forty 50×50 icons) is compared by \
            bytes only, which finds copies but not re-encodings, and a note says so; lint --verify, which \
            reads all image data anyway, decodes them all.
            """,
        triggeringExamples: [
            RuleExample(
                [
                    .image("Icons/Star.png", 44, 44, bytes: 1200, pixels: 1),
                    .image("Legacy/StarCopy.png", 44, 44, bytes: 1500, pixels: 1),
                ], flagged: "Icons/Star.png")
        ],
        nonTriggeringExamples: [
            // The variants of one asset.
            RuleExample([
                .image("Star.png", 44, 44, bytes: 1200, pixels: 1),
                .image("Star~ipad.png", 44, 44, bytes: 1200, pixels: 1),
            ]),
            // One file reached by two paths.
            RuleExample([
                .image("Star.png", 44, 44, bytes: 1200, pixels: 1, file: 7),
                .image("Links/Star.png", 44, 44, bytes: 1200, pixels: 1, file: 7),
            ]),
            // The same size and length, other pixels.
            RuleExample([
                .image("Star.png", 44, 44, bytes: 1200, pixels: 1),
                .image("Moon.png", 44, 44, bytes: 1200, pixels: 2),
            ]),
            // Flags picked by a country code at run time: Réunion flies France's flag, under its own key.
            RuleExample(
                [
                    .image("Flags/fr.png", 16, 11, bytes: 600, pixels: 3),
                    .image("Flags/re.png", 16, 11, bytes: 610, pixels: 3),
                ],
                references: [
                    ImageReference(
                        path: "App/Cell.cs", line: 47, column: 40, name: .pattern(NamePattern(pieces: ["Flags/", ".png"])),
                        api: "UIImage.FromFile", lookup: .file)
                ]),
        ]
    )

    func findings(in inventory: Inventory) -> [Finding] {
        // Only files the content pass hashed can be alike: most often none, and then the
        // candidates (a look at every image) are not worked out again.
        guard inventory.contents.values.contains(where: { $0.digest != nil }) else { return [] }
        let keyed = ContentScanner.duplicateCandidates(in: inventory).compactMap { image -> (GroupKey, ScannedImage)? in
            guard let digest = inventory.contents[image.path]?.digest, let size = image.facts.pixelSize else {
                return nil
            }
            return (GroupKey(size: size, digest: digest), image)
        }
        // Most pictures are one file's: only keys seen twice make a group (no array for each file).
        var seen: Set<GroupKey> = []
        var repeated: Set<GroupKey> = []
        for (key, _) in keyed where !seen.insert(key).inserted { repeated.insert(key) }
        var groups: [GroupKey: [ScannedImage]] = [:]
        for (key, image) in keyed where repeated.contains(key) { groups[key, default: []].append(image) }
        // A set a Run Script phase copies files into holds what the build replaces (Focus's launch
        // screen wordmark, copied from the product's own set): alike by design.
        let written = inventory.scriptWrittenSets
        // Made for the first group that needs it: most apps have few, and an app's code may spell
        // hundreds of patterns.
        lazy var keyedNames = KeyedNames(inventory)
        return groups.values.compactMap { members -> Finding? in
            if !written.isEmpty,
                members.contains(where: { image in written.contains { image.path.hasPrefix($0 + "/") } })
            {
                return nil
            }
            // Each picked by a key at run time (`Flags/{code}.png`, `start_tri-%02u`, `name + "_dark"`):
            // every key needs its file, alike or not.
            if keyedNames.all(members) { return nil }
            guard ContentScanner.spansAssets(members, in: inventory) else { return nil }
            // One file however many paths lead to it; and what each asset's files weigh. Keeping
            // the lightest asset saves the others: variants of one asset are its own business.
            var seen: Set<FileIdentity> = []
            var byFamily: [String: Int] = [:]
            for image in members {
                if let identity = inventory.contents[image.path]?.identity, !seen.insert(identity).inserted { continue }
                let family = inventory.variantFamily(of: image)
                byFamily[family] = [byFamily[family] ?? 0, image.facts.byteCount ?? 0].saturatingSum()
            }
            guard byFamily.count > 1 else { return nil }
            let saved = byFamily.values.saturatingSum() - byFamily.values.min()!
            let sorted = members.sorted { $0.path < $1.path }
            return finding(
                sorted[0].path, Self.duplicates(sorted.map(\.path), size: sorted[0].facts.pixelSize!, saved: saved),
                related: sorted.dropFirst().map(\.path), savedBytes: saved)
        }
    }

    private struct GroupKey: Hashable {
        var size: PixelSize
        var digest: ContentDigest
    }

    /// The names the code builds at run time from a key (a country code, a frame's index, a
    /// theme), as patterns with fixed text: a picture under two keys (France's flag for Réunion
    /// too, an animation's first frame as its last) is one file for each, by design.
    private struct KeyedNames {
        let patterns: [NamePattern]
        let inventory: Inventory
        /// Image set names by folder, as the code asks for them (`Flags/fr` in a namespace).
        let setNames: [String: String]

        init(_ inventory: Inventory) {
            self.inventory = inventory
            var patterns: [NamePattern] = inventory.references.compactMap {
                guard case .pattern(let pattern) = $0.name, pattern.isInformative, !pattern.reachesAnyName else {
                    return nil
                }
                return pattern
            }
            patterns += (inventory.codeNameIndex?.patterns ?? []).map(\.pattern).filter { !$0.reachesAnyName }
            // Each once, at most ``ReadLimits/keyedNamePatterns``.
            self.patterns = Array(
                Set(patterns.map { NamePattern(pieces: $0.pieces.map { $0.lowercased() }) })
                    .sorted { $0.description < $1.description }.prefix(ReadLimits.standard.keyedNamePatterns))
            setNames =
                self.patterns.isEmpty
                ? [:] : Dictionary(inventory.catalogSets.map { ($0.folder, $0.name) }) { first, _ in first }
        }

        /// Whether a pattern can name every member's asset.
        func all(_ members: [ScannedImage]) -> Bool {
            guard !patterns.isEmpty else { return false }
            return members.allSatisfy { image in
                let names = candidates(of: image)
                return patterns.contains { pattern in names.contains(where: pattern.matches) }
            }
        }

        /// What the code may ask for an image by: its set's name, or its base with and without its
        /// bundle folder, each also with its extension, and its tree path's ends; lower-cased.
        private func candidates(of image: ScannedImage) -> [String] {
            var names: [String]
            if inventory.catalogImages[image.path] != nil, let slash = image.path.lastIndex(of: "/") {
                names = setNames[String(image.path[..<slash])].map { [$0] } ?? []
            } else {
                // The base in its bundle folder, and the file under each end of its tree path (the
                // project may keep the tree's folders: `Assets/Flags/fr.png`).
                let base = image.name.base
                let folder = inventory.bundle.assetFolder(of: image.path)
                names = folder.isEmpty ? [base] : [base, "\(folder)/\(base)"]
                let ext = image.fileName.split(separator: ".").last.map { "." + $0 } ?? ""
                names += names.map { $0 + ext }
                var rest = Substring(image.path)
                while let slash = rest.firstIndex(of: "/") {
                    names.append(String(rest))
                    rest = rest[rest.index(after: slash)...]
                }
            }
            return names.map { $0.lowercased() }
        }
    }
}

extension DuplicateImage {
    fileprivate static func duplicates(_ paths: [String], size: PixelSize, saved: Int) -> String {
        let shown = paths.count <= 4 ? paths : Array(paths.prefix(3)) + ["\(paths.count - 3) more"]
        let list = shown.dropLast().joined(separator: ", ") + " and " + shown.last!
        return "\(list) show the same \(size) pixels: keep one file and load it under one name; "
            + "\(byteCountText(saved)) could be saved."
    }
}
