#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A compiled catalog's renditions as the catalog sets and images that the rules and the
/// resolver read from `.xcassets` folders: one set per asset, one entry per rendition, and one
/// image per file name and pixel size (``FileNames``), so that the launch image and app icon
/// checks and `resolve NAME` answer from `Assets.car` as they do from the sources.
///
/// What `Assets.car` does not keep is inferred, and the inference is said where it shows:
/// - a set's kind: an app icon set when the Info.plist names it (`CFBundleIconName`) or a
///   rendition has the App Store idiom; a launch image set when it is `LaunchImage` or an
///   Info.plist `UILaunchImages` name is it or starts with it and `-`; an image set otherwise;
/// - an app icon's slot: the size its multisize image set lists for its icon index, or, where
///   none is listed, the nearest size the icon table (``AppIconSlots``) has for its idiom and
///   scale (the entry's `slotIsInferred`);
/// - a launch image's orientation, from its shape.
extension CompiledCatalog {
    struct Sets: Sendable {
        var sets: [CatalogSet]
        /// One per file name and pixel size, at `<catalog>/<asset>/<file name>`.
        var images: [ScannedImage]
    }

    /// - Parameter catalog: the catalog's path as findings show it (`Payload/Demo.app/Assets.car`).
    /// - Parameter admits: whether an image path is linted (the config's `included`/`excluded`).
    func catalogSets(at catalog: String, info: AppInfo?, admits: (String) -> Bool = { _ in true }) -> Sets {
        var byAsset: [String: [Rendition]] = [:]
        // App icons' point sizes by asset, idiom and icon index, from their multisize image sets.
        var iconSizes: [String: [Int: [Int: Rendition.IconSize]]] = [:]
        for rendition in renditions where rendition.layout == Self.multisizeLayout {
            for size in rendition.iconSizes {
                iconSizes[rendition.asset ?? "", default: [:]][rendition.idiom, default: [:]][size.index] = size
            }
        }
        for rendition in renditions {
            // Colours, data and the compiler's own packed atlases are no images code asks for.
            guard let asset = rendition.asset, !asset.isEmpty, !asset.hasPrefix("ZZZZ"), rendition.width > 0,
                rendition.height > 0, Self.isImage(layout: rendition.layout)
            else { continue }
            byAsset[asset, default: []].append(rendition)
        }
        var sets: [CatalogSet] = []
        var images: [ScannedImage] = []
        for (asset, renditions) in byAsset.sorted(by: { $0.key < $1.key }) {
            let kind = Self.kind(of: asset, renditions, info: info)
            let folder = catalog + "/" + Self.displayed(asset: asset)
            // Attributes whose value differs between the asset's renditions: what tells its
            // variants apart (an element or part number all of them share does not).
            let numbers = Set(renditions.flatMap(\.otherAttributes.keys))
            let varying = numbers.filter { number in
                Set(renditions.lazy.map { $0.otherAttributes[number] ?? 0 }).count > 1
            }
            var entries: [CatalogEntry] = []
            var files: [String: Rendition] = [:]
            var names = FileNames()
            for rendition in renditions {
                let fileName = names.name(for: rendition, among: files)
                let path = folder + "/" + fileName
                guard admits(path) else { continue }
                if files[fileName] == nil {
                    files[fileName] = rendition
                    // The rendition's own format: a PDF rasterised at each scale is a bitmap.
                    let format = ImageFormat(pixelFormat: rendition.pixelFormat)
                    let size = PixelSize(width: rendition.width, height: rendition.height)
                    images.append(
                        ScannedImage(
                            path: path, facts: ImageFacts(format: format, pixelSize: format.isVector ? nil : size)))
                }
                var traits = rendition
                traits.otherAttributes = rendition.otherAttributes.filter { varying.contains($0.key) }
                entries.append(Self.entry(for: traits, fileName: fileName, kind: kind, sizes: iconSizes[asset] ?? [:]))
            }
            guard !entries.isEmpty else { continue }
            var set = CatalogSet(
                kind: kind, folder: folder, name: asset, entries: entries, fileNames: files.keys.sorted())
            set.compiledCatalog = catalog
            sets.append(set)
        }
        return Sets(sets: sets, images: images)
    }

    /// An asset name as a folder in the paths findings show: a `.` or `..` part would read as
    /// a step out of the set.
    private static func displayed(asset: String) -> String {
        asset.split(separator: "/", omittingEmptySubsequences: false).map { $0 == "." || $0 == ".." ? "_" : $0 }
            .joined(separator: "/")
    }

    private static func kind(of asset: String, _ renditions: [Rendition], info: AppInfo?) -> CatalogSet.Kind {
        let iconNames = info?.iconSetNames ?? []
        if iconNames.contains(asset) || renditions.contains(where: { $0.idiom == Idiom.marketing })
            || (iconNames.isEmpty && asset == "AppIcon")
        {
            return .appIcon
        }
        let launchNames = info?.launchImages.values.flatMap { $0.map(\.name) } ?? []
        if asset == "LaunchImage" || launchNames.contains(where: { $0 == asset || $0.hasPrefix(asset + "-") }) {
            return .launchImage
        }
        return .imageSet
    }

    /// The names of an asset's images: each rendition's file name, or, when another rendition
    /// of the asset has that name with other pixels, the name with a number (`star@2x
    /// (2).png`), given in the catalog's order. A rendition with the pixels of one already named
    /// gets that name. A `/` in a name becomes `_`, as does a name that is `.` or `..`.
    private struct FileNames {
        private var next: [String: Int] = [:]
        private var named: [String: String] = [:]

        mutating func name(for rendition: Rendition, among files: [String: Rendition]) -> String {
            var name =
                rendition.fileName.isEmpty ? "unnamed" : rendition.fileName.replacingOccurrences(of: "/", with: "_")
            if name == "." || name == ".." { name = "_" }
            let key = "\(name)\u{0}\(rendition.width)x\(rendition.height)\u{0}\(rendition.pixelFormat)"
            if let known = named[key] { return known }
            var chosen = name
            if files[name] != nil {
                let dot = name.lastIndex(of: ".") ?? name.endIndex
                var number = next[name, default: 2]
                while files["\(name[..<dot]) (\(number))\(name[dot...])"] != nil { number += 1 }
                next[name] = number + 1
                chosen = "\(name[..<dot]) (\(number))\(name[dot...])"
            }
            named[key] = chosen
            return chosen
        }
    }

    /// - Parameter sizes: the asset's icon sizes by idiom and index (app icons).
    private static func entry(
        for rendition: Rendition, fileName: String, kind: CatalogSet.Kind, sizes: [Int: [Int: Rendition.IconSize]]
    ) -> CatalogEntry {
        var entry = CatalogEntry(
            filename: fileName, idiom: Idiom.name(rendition.idiom),
            scale: (1...3).contains(rendition.scale) ? "\(rendition.scale)x" : nil,
            subtype: Subtype.name(rendition.subtype, launchImage: kind == .launchImage))
        if rendition.appearance != 0 {
            entry.appearances = [CatalogEntry.Appearance(appearance: "compiled", value: "\(rendition.appearance)")]
        }
        if !rendition.otherAttributes.isEmpty {
            entry.compiledTraits = rendition.otherAttributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: ",")
        }
        switch kind {
        case .launchImage:
            entry.orientation = rendition.width > rendition.height ? "landscape" : "portrait"
            entry.extent = "full-screen"
        case .appIcon:
            let pixels = PixelSize(width: rendition.width, height: rendition.height)
            let listed = rendition.iconIndex.flatMap { index in
                sizes[rendition.idiom]?[index] ?? sizes.keys.sorted().lazy.compactMap { sizes[$0]?[index] }.first
            }
            let slot =
                listed.map { AppIconSlots.slot(idiom: entry.idiom ?? "", scale: rendition.scale, listed: $0) }
                ?? AppIconSlots.nearest(idiom: entry.idiom ?? "", scale: rendition.scale, pixels: pixels)
            if let slot {
                entry.size = slot.size
                entry.scale = slot.scale
                entry.slotIsInferred = listed == nil
                if slot.isSingleSize { entry.platform = "ios" }
            }
        case .imageSet:
            break
        }
        return entry
    }

    /// Rendition key idioms (Timac 2018; blacktop/ipsw `pkg/car`), as `Contents.json` names them.
    enum Idiom {
        static let marketing = 6

        static func name(_ number: Int) -> String {
            switch number {
            case 0: "universal"
            case 1: "iphone"
            case 2: "ipad"
            case 3: "tv"
            case 4: "car"
            case 5: "watch"
            case 6: "ios-marketing"
            case 7: "mac"
            case 8: "vision"
            default: "idiom \(number)"
            }
        }
    }

    /// Rendition key subtypes: the 4-inch phone's image set slot is its height in points, 568
    /// (`retina4`, ``DeviceCatalog/fourInch``); launch image slots are named after their screen
    /// height in points (`667h`). Others are kept as numbers, which no device asks for.
    enum Subtype {
        static func name(_ number: Int, launchImage: Bool) -> String? {
            let fourInch = DeviceCatalog.fourInch
            if number == 0 { return nil }
            if Double(number) == fourInch.points.height, let slot = fourInch.catalogSubtype { return slot }
            return launchImage ? "\(number)h" : "\(number)"
        }
    }
}

/// The iOS app icon slots an app icon set has (Xcode's `.appiconset` slots; sizes.md and
/// Apple's Human Interface Guidelines' icon tables): points and scales by idiom.
enum AppIconSlots {
    struct Slot {
        /// `"60x60"`, as `Contents.json` writes it.
        var size: String
        /// `"2x"`, or nil for the single-size App Store icon.
        var scale: String?
        var isSingleSize = false
    }

    static let table: [String: [(points: Double, scales: [Int])]] = [
        "iphone": [(20, [2, 3]), (29, [1, 2, 3]), (40, [2, 3]), (57, [1, 2]), (60, [2, 3])],
        "ipad": [
            (20, [1, 2]), (29, [1, 2]), (40, [1, 2]), (50, [1, 2]), (72, [1, 2]), (76, [1, 2]), (83.5, [2]),
        ],
        "ios-marketing": [(1024, [1])],
        "car": [(60, [2, 3])],
    ]

    /// The slot a multisize image set lists, in the table's words when the table has it (its
    /// sizes are whole numbers: 83.5 pt may be listed as 83 or 84).
    static func slot(idiom: String, scale: Int, listed: CompiledCatalog.Rendition.IconSize) -> Slot {
        let scale = max(scale, 1)
        if let points = (table[idiom] ?? []).first(where: {
            $0.scales.contains(scale) && abs($0.points - Double(listed.width)) < 1
        })?.points {
            return Slot(size: size(points), scale: "\(scale)x")
        }
        return Slot(size: "\(listed.width)x\(listed.height)", scale: "\(scale)x")
    }

    /// The slot for `idiom` at `scale` whose pixel size is nearest `pixels`; nil when the table
    /// has none for them (other platforms' idioms).
    static func nearest(idiom: String, scale: Int, pixels: PixelSize) -> Slot? {
        if idiom == "universal", scale <= 1 {
            return Slot(size: "1024x1024", scale: nil, isSingleSize: true)
        }
        let candidates = (table[idiom] ?? []).filter { $0.scales.contains(max(scale, 1)) }.map(\.points)
        let side = Double(max(pixels.width, pixels.height)) / Double(max(scale, 1))
        guard let points = candidates.min(by: { abs($0 - side) < abs($1 - side) }) else { return nil }
        return Slot(size: size(points), scale: "\(max(scale, 1))x")
    }

    /// A square slot's size as `Contents.json` writes it: `60x60`, `83.5x83.5`.
    private static func size(_ points: Double) -> String {
        let text = points.rounded() == points ? String(Int(points)) : String(points)
        return "\(text)x\(text)"
    }
}

extension ImageFormat {
    /// The format a CSI pixel format stands for: `PDF `, `JPEG`, or a bitmap (PNG).
    init(pixelFormat: String) {
        switch pixelFormat {
        case "PDF ": self = .pdf
        case "JPEG": self = .jpeg
        case "SVG ": self = .svg
        default: self = .png
        }
    }
}

extension CompiledCatalog {
    /// ``ReadLimits/compiledCatalogBytes``.
    static let maxBytes = ReadLimits.standard.compiledCatalogBytes

    /// What the scan says it read from a compiled catalog.
    static func readNote(path: String, _ catalog: CompiledCatalog, _ compiled: Sets) -> WalkIssue {
        var message =
            "compiled asset catalog: \(catalog.renditions.count) renditions, \(compiled.images.count) images in "
            + "\(compiled.sets.count) sets checked as the sets they were compiled from"
        if compiled.sets.contains(where: { $0.entries.contains(where: \.slotIsInferred) }) {
            message += "; app icons whose slot it does not list are taken for the nearest slot"
        }
        return WalkIssue(path: path, kind: .skipped, message: message)
    }

    /// A built app folder's `Assets.car` (at its top), read into sets; nothing when it has none.
    static func read(inApp root: String, info: AppInfo?, admits: (String) -> Bool = { _ in true }) -> (
        sets: Sets, issues: [WalkIssue]
    ) {
        var status = stat()
        guard FileSystemPath.withCString(root + "/Assets.car", { lstat($0, &status) }) == 0 else {
            return (Sets(sets: [], images: []), [])
        }
        switch load(root + "/Assets.car") {
        case .success(let catalog):
            let sets = catalog.catalogSets(at: "Assets.car", info: info, admits: admits)
            return (sets, [readNote(path: "Assets.car", catalog, sets)])
        case .failure(let failure):
            return (
                Sets(sets: [], images: []),
                [
                    WalkIssue(
                        path: "Assets.car", kind: .skipped,
                        message: "compiled asset catalog not readable: \(failure.message)")
                ]
            )
        }
    }

    /// The compiled catalog in the file at `path`, read within ``maxBytes``, or why it cannot be.
    static func load(_ path: String) -> Result<CompiledCatalog, FileReadFailure> {
        readRegularFile(FileSystemPath(path), limit: maxBytes).flatMap { bytes in
            Result { () throws(Failure) in try CompiledCatalog(bytes: bytes) }.mapError {
                FileReadFailure(message: $0.reason)
            }
        }
    }
}
