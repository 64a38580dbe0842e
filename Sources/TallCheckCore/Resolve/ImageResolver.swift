/// The images of an app, indexed for many resolve questions. Built once from an inventory;
/// a query touches no file system.
public struct ImageResolver: Sendable {
    /// The loose files' tables, behind one reference: each lookup (``Search``) keeps them, and
    /// copying seven tables was seven retains and releases a lookup.
    fileprivate final class LooseFiles: Sendable {
        /// Images by localisation ("" for none) and path in the bundle outside `.lproj` folders:
        /// `gear@2x.png`, `Levels/map1.png`.
        let byName: [String: [String: ScannedImage]]
        /// `byName[""]` and `byLowercasedName[""]` (or empty), without the look-up by localisation.
        let top: [String: ScannedImage]
        let topLowercased: [String: ScannedImage]
        /// Shipped images by base name (`map1`), with where each lands, to explain a name asked for
        /// with the wrong folder.
        let placementsByBase: [String: [(image: ScannedImage, bundlePath: String)]]
        /// Images in the tree that do not ship, by base name, with why.
        let unshippedByBase: [String: [(image: ScannedImage, why: String)]]
        /// The same, by lower-cased file name, to explain case mismatches.
        let byLowercasedName: [String: [String: ScannedImage]]
        /// Images by the name iOS would match, for misnamed files.
        let byCanonicalName: [String: ScannedImage]
        /// The folder each localisation's images sit in (`Resources/en.lproj`).
        let localizationFolders: [String: String]
        /// The folder most files of each base name sit in, for showing where a candidate was looked for.
        let folderOfBase: [String: String]
        /// The folders a lookup with no preferred languages looks in, in order (``Search``): the
        /// same for every such lookup, so worked out once.
        let folderOrder: [String]
        /// Whether some indexed file has `~` in its path: without one, no file answers a
        /// device-specific name (`star@2x~iphone.png`), nor is a note about one.
        let tildeInPaths: Bool

        init(
            byName: [String: [String: ScannedImage]],
            placementsByBase: [String: [(image: ScannedImage, bundlePath: String)]],
            unshippedByBase: [String: [(image: ScannedImage, why: String)]],
            byLowercasedName: [String: [String: ScannedImage]], byCanonicalName: [String: ScannedImage],
            localizationFolders: [String: String], folderOfBase: [String: String], tildeInPaths: Bool
        ) {
            self.byName = byName
            top = byName[""] ?? [:]
            topLowercased = byLowercasedName[""] ?? [:]
            self.placementsByBase = placementsByBase
            self.unshippedByBase = unshippedByBase
            self.byLowercasedName = byLowercasedName
            self.byCanonicalName = byCanonicalName
            self.localizationFolders = localizationFolders
            self.folderOfBase = folderOfBase
            self.tildeInPaths = tildeInPaths
            folderOrder = Search.folderOrder(localizations: byName.keys, languages: [])
        }
    }

    private let loose: LooseFiles
    private var placementsByBase: [String: [(image: ScannedImage, bundlePath: String)]] { loose.placementsByBase }
    private var unshippedByBase: [String: [(image: ScannedImage, why: String)]] { loose.unshippedByBase }
    public let info: AppInfo?
    /// Catalog image sets by the name code asks for (`Icons/star`).
    let imageSets: [String: CatalogSet]
    /// Catalog launch image sets.
    let launchSets: [CatalogSet]
    /// Image sets of catalogs in the tree that the app does not compile, by name.
    let uncompiledSets: [String: CatalogSet]
    let uncompiledSymbolSets: [String: SymbolSet]
    /// Custom symbol sets, by name: a vector template at any scale.
    let symbolSets: [String: SymbolSet]
    /// App icon sets: `UIImage(named:)` does not load them by their name.
    let appIconSets: [CatalogSet]
    /// Image sets inside groups that provide a namespace, by the set's own name (`star` for `Icons/star`).
    let namespacedSets: [String: [CatalogSet]]
    /// The files of catalog sets, probed, by path.
    let catalogImages: [String: ScannedImage]

    /// - Parameter names: when given, only the loose files these names can reach (by base
    ///   name, ignoring case) are indexed: the device matrix asks about the code's names only,
    ///   and indexing 20,000 files for 2,000 names is most of its cost.
    /// - Parameter recordingTries: whether each resolution lists where loose files were looked
    ///   for (``recordsTries``); without, the folders shown in that list are not worked out.
    public init(_ inventory: Inventory, names: Set<String>? = nil, recordingTries: Bool = true) {
        recordsTries = recordingTries
        let wanted = names.map { Set($0.map(Self.candidateKey(name:))) }
        // A hash collision only indexes a file too many, which changes no answer.
        func indexes(_ image: ScannedImage) -> Bool { wanted?.contains(image.name.base.caseFoldedHash) ?? true }
        // A file is looked for under a key with a folder (`Levels/map1@2x.png`) only for a name
        // with one: when no name asked has a folder, such keys are not put in the tables (half
        // the placements of a tree without a project, each file landing flat and at its path).
        let keysWithFolders = names?.contains { $0.containsByte(UInt8(ascii: "/")) } ?? true
        imageSets = Dictionary(inventory.catalogSets.filter { $0.kind == .imageSet }.map { ($0.name, $0) }) {
            first, _ in first
        }
        launchSets = inventory.catalogSets.filter { $0.kind == .launchImage }
        appIconSets = inventory.catalogSets.filter { $0.kind == .appIcon }
        symbolSets = Dictionary(inventory.symbolSets.map { ($0.name, $0) }) { first, _ in first }
        uncompiledSets = Dictionary(inventory.uncompiledSets.filter { $0.kind == .imageSet }.map { ($0.name, $0) }) {
            first, _ in first
        }
        uncompiledSymbolSets = Dictionary(inventory.uncompiledSymbolSets.map { ($0.name, $0) }) { first, _ in first }
        namespacedSets = Dictionary(
            grouping: inventory.catalogSets.filter { $0.kind == .imageSet && $0.name.containsByte(UInt8(ascii: "/")) }
        ) { String($0.name.split(separator: "/").last ?? "") }
        catalogImages = inventory.catalogImages
        var byName: [String: [String: ScannedImage]] = [:]
        var byLowercasedName: [String: [String: ScannedImage]] = [:]
        var byCanonicalName: [String: ScannedImage] = [:]
        var localizationFolders: [String: String] = [:]
        var folderOfBase: [String: String] = [:]
        var placementsByBase: [String: [(image: ScannedImage, bundlePath: String)]] = [:]
        // The bundle's top level (no localisation) holds most files: its tables are made at
        // their size, not grown insert by insert, and put in `byName` at the end.
        // (A name's files are about three scales, each placed twice without a project, once
        // when keys with folders are left out.)
        let placements = inventory.looseImages.count * 2
        var topByName: [String: ScannedImage] = Dictionary(
            minimumCapacity: wanted.map { min($0.count * (keysWithFolders ? 6 : 3), placements) } ?? placements)
        var topByLowercasedName: [String: ScannedImage] = Dictionary(minimumCapacity: topByName.capacity)
        var tildeInPaths = false
        for image in inventory.looseImages {
            let indexed = indexes(image)
            // Every key a file is stored under (and its canonical name's) is made of its path's
            // bytes, and a device modifier's `~` comes from the file's own name.
            if indexed, !tildeInPaths, image.path.containsByte(UInt8(ascii: "~")) { tildeInPaths = true }
            // Every localisation's folder is known, whatever names were asked for: a name's
            // `.lproj` candidates are tried there.
            // (`localization` is set exactly when the path has a `.lproj/` folder.)
            guard indexed || image.localization != nil else { continue }
            // The folder is shown only in the tries (for a flat name, and for a localisation).
            let folder =
                recordingTries
                ? image.path.lastIndex(ofByte: UInt8(ascii: "/")).map { String(image.path[..<$0]) } ?? "" : ""
            // What does not change from one placement of the file to the next is worked out
            // once, and each table is looked up once a placement (or once a file): this loop
            // was most of a lint's device matrix.
            var canonicalFileName: String?
            if indexed, !image.name.isCanonical {
                let canonical = image.name.canonicalFileName
                if canonical != image.fileName { canonicalFileName = canonical }
            }
            var shippedAt: [(image: ScannedImage, bundlePath: String)] = []
            if indexed { shippedAt.reserveCapacity(2) }
            var atTopLevel = false
            inventory.bundle.forEachBundlePath(ofShipping: image) { bundlePath in
                let (localization, key) = Self.lookupKey(bundlePath: bundlePath)
                if !localization.isEmpty {
                    if recordingTries { localizationFolders.storeUnlessPresent(folder, forKey: localization) }
                    // Each localisation is looked in, even when none of its files was indexed.
                    if byName[localization] == nil { byName[localization] = [:] }
                }
                guard indexed else { return }
                shippedAt.append((image, bundlePath))
                let hasFolder = key.containsByte(UInt8(ascii: "/"))
                if localization.isEmpty, !hasFolder { atTopLevel = true }
                guard keysWithFolders || !hasFolder else { return }
                // The first file for a key is kept; the last one for its lowercased key.
                if localization.isEmpty {
                    topByName.storeUnlessPresent(image, forKey: key)
                    topByLowercasedName[key.caseFolded] = image
                } else {
                    byName[localization, default: [:]].storeUnlessPresent(image, forKey: key)
                    byLowercasedName[localization, default: [:]][key.caseFolded] = image
                }
                if let canonicalFileName {
                    let directory = hasFolder ? String(key[...key.lastIndex(ofByte: UInt8(ascii: "/"))!]) : ""
                    byCanonicalName[directory + canonicalFileName] = image
                }
            }
            if !shippedAt.isEmpty { placementsByBase[image.name.base, default: []].append(contentsOf: shippedAt) }
            if atTopLevel, recordingTries { folderOfBase.storeUnlessPresent(folder, forKey: image.name.base) }
        }
        if !topByName.isEmpty {
            byName[""] = topByName
            byLowercasedName[""] = topByLowercasedName
        }
        loose = LooseFiles(
            byName: byName, placementsByBase: placementsByBase,
            unshippedByBase: Dictionary(
                grouping: inventory.unshippedImages.filter(indexes).map { image in
                    (image: image, why: inventory.bundle.leftOut[image.path] ?? "nothing copies it into the app")
                }
            ) { $0.image.name.base }, byLowercasedName: byLowercasedName, byCanonicalName: byCanonicalName,
            localizationFolders: localizationFolders, folderOfBase: folderOfBase, tildeInPaths: tildeInPaths)
        info = inventory.info
        deviceFamilies = inventory.knowsDeviceFamilies ? inventory.deviceFamilies : nil
    }

    /// The devices the app is built for, when known: an iPhone-only app on an iPad is an iPhone there.
    public let deviceFamilies: Set<Idiom>?

    /// Whether a resolution lists every place a loose file was looked for (``Resolution/tried``).
    /// A lint's device matrix reads only what loads: without the list, each lookup makes no
    /// display path (a name parsed and a string joined for each try).
    package let recordsTries: Bool

    /// The device an iPhone-only app sees on an iPad: an iPhone of 320×480 pt (375×667 on a
    /// 12.9-inch iPad Pro, whose screen holds that at twice the size), at the iPad's scale; nil
    /// when the app runs native on `device`. (How iPhone-only apps appear on iPad, Hackworth 2019,
    /// measured in the simulator; Apple documents the mode, not the sizes.)
    public func compatibilityDevice(for device: DeviceQuery) -> DeviceQuery? {
        guard device.idiom == .pad, let deviceFamilies, !deviceFamilies.contains(.pad), deviceFamilies.contains(.phone)
        else { return nil }
        let large = device.bounds.width >= 1024
        return DeviceQuery(
            name: device.name, idiom: .phone, scale: min(device.scale, 2),
            bounds: large
                ? DeviceCatalog.launchScreen(legacyHeight: 667)!.points : DeviceCatalog.threePointFiveInch.points,
            orientation: .portrait, iosVersion: device.iosVersion)
    }

    /// Which file `UIImage(named: name)` loads on `device`.
    ///
    /// - Parameter languages: the user's preferred languages, for `.lproj` order.
    /// - Parameter lookup: how the API that asks finds files: `imageNamed:` (the default),
    ///   `imageWithContentsOfFile:` (loose files only, extension required) or SwiftUI's
    ///   `Image(_:)` (asset catalogs only).
    public func resolve(
        _ name: String, on device: DeviceQuery, mode: ResolveMode = .uikit, lookup: ImageLookup = .named,
        languages: [String] = []
    )
        -> Resolution
    {
        if let compatible = compatibilityDevice(for: device) {
            var resolution = resolve(name, on: compatible, mode: mode, lookup: lookup, languages: languages)
            resolution.remarks.insert(
                .iPhoneAppOnIPad(
                    device: device.name ?? "an iPad", scale: compatible.scale, bounds: compatible.bounds), at: 0)
            return resolution
        }
        if lookup != .file, let set = imageSets[name] {
            return resolve(name, in: set, on: device, mode: mode, languages: languages)
        }
        if lookup != .file, let symbol = symbolSets[name] {
            return Resolution(
                device: device, request: name, mode: mode, file: symbol.folder, scale: nil, pointSize: nil,
                tried: [symbol.folder], reason: .symbolImage(set: symbol.name), remarks: [])
        }
        if lookup == .catalog {
            // SwiftUI looks only in catalogs (image-references.md: xtool#107; not documented).
            var loose = resolve(name, on: device, mode: mode, lookup: .named, languages: languages)
            if let file = loose.file {
                loose.remarks.append(.looseFileForCatalogAPI(path: file))
                loose.file = nil
                loose.scale = nil
                loose.pointSize = nil
                loose.bundlePath = nil
                loose.reason = .noFile
            }
            return loose
        }
        var search = Search(index: self, languages: languages)
        let (base, ext) = Self.split(name)
        let deviceModifier = triedDeviceModifier(for: device)
        if lookup == .file, !name.hasSuffix(".\(ext)") {
            search.notes.append(.fileNeedsExtension(wanted: name))
            return notFound(name, base: base, device: device, mode: mode, search: &search)
        }
        // A name that carries its own scale (`Background-568h@2x.png`) names one file, at that scale.
        if let scale = Self.explicitScale(base: base, ext: ext) {
            let modifier = deviceModifier.map { ["\(base)~\($0.rawValue).\(ext)"] } ?? []
            for candidate in modifier + ["\(base).\(ext)"] {
                if let found = search.find(candidate, scale: scale) {
                    return resolution(
                        found, name: name, device: device, mode: mode, search: search, scale: scale,
                        reason: .namedScale(scale))
                }
            }
            return notFound(name, base: base, device: device, mode: mode, search: &search)
        }
        if mode != .uikit, device.isTallPhone {
            let variant = base + DeviceCatalog.tallSuffix + "." + ext
            if let found = search.find(variant, scale: DeviceCatalog.fourInch.scales.lowerBound) {
                return resolution(
                    found, name: name, device: device, mode: mode, search: search, reason: .tallSuffix(variant: variant)
                )
            }
            if mode == .tallSuffixWithoutFallback {
                search.notes.append(.tallBranchWithoutFallback(variant: variant))
                return notFound(name, base: base, device: device, mode: mode, search: &search)
            }
        }
        for scale in stride(from: device.scale, through: 1, by: -1) {
            for candidate in Self.candidates(base: base, ext: ext, scale: scale, device: deviceModifier) {
                if let found = search.find(candidate, scale: scale) {
                    return resolution(
                        found, name: name, device: device, mode: mode, search: search,
                        reason: .scaleOrder(foundScale: scale))
                }
            }
        }
        // Observed, not documented: a lower-scale screen loads a higher-scale file when nothing else exists.
        for scale in stride(from: device.scale + 1, through: 3, by: 1) {
            for candidate in Self.candidates(base: base, ext: ext, scale: scale, device: deviceModifier) {
                if let found = search.find(candidate, scale: scale) {
                    search.notes.append(.onlyHigherScale(screenScale: device.scale))
                    return resolution(
                        found, name: name, device: device, mode: mode, search: search,
                        reason: .higherScaleOnly(foundScale: scale))
                }
            }
        }
        return notFound(name, base: base, device: device, mode: mode, search: &search)
    }

    /// The device modifier (`~iphone`) whose names a lookup on `device` tries: none when no
    /// indexed file has a `~` in its path, so none can answer such a name, unless the tries are
    /// recorded (a listing shows each). A lint's matrix asks each name on every device, and most
    /// apps have no device-specific files.
    private func triedDeviceModifier(for device: DeviceQuery) -> DeviceModifier? {
        recordsTries || loose.tildeInPaths ? device.idiom.deviceModifier : nil
    }

    /// Nothing matched: say what exists under the name elsewhere, and why it does not count.
    private func notFound(
        _ name: String, base: String, device: DeviceQuery, mode: ResolveMode, search: inout Search
    ) -> Resolution {
        let folder =
            base.containsByte(UInt8(ascii: "/")) ? String(base[..<base.lastIndex(ofByte: UInt8(ascii: "/"))!]) : ""
        let wantedBase = ImageName(fileName: String(base.split(separator: "/").last ?? "") + ".png").base
        let placements = placementsByBase[wantedBase] ?? []
        func bundleFolder(of bundlePath: String) -> String {
            let (_, key) = Self.lookupKey(bundlePath: bundlePath)
            return key.containsByte(UInt8(ascii: "/")) ? String(key[..<key.lastIndex(ofByte: UInt8(ascii: "/"))!]) : ""
        }
        let reachable = Set(placements.filter { bundleFolder(of: $0.bundlePath) == folder }.map(\.image.path))
        let (_, wantedExtension) = Self.split(name)
        for (image, _) in placements where reachable.contains(image.path) {
            let note: ResolutionNote
            if let modifier = image.name.device, modifier != device.idiom.deviceModifier {
                note = .otherDevice(path: image.path, modifier: modifier.rawValue)
            } else if let dot = image.fileName.lastIndex(of: "."),
                case let fileExtension = String(image.fileName[image.fileName.index(after: dot)...]),
                fileExtension.lowercased() != wantedExtension.lowercased()
            {
                let shown = base.containsByte(UInt8(ascii: "/")) ? base : wantedBase
                note = .otherExtension(path: image.path, askFor: "\(shown).\(fileExtension)")
            } else {
                continue
            }
            if !search.notes.contains(note) { search.notes.append(note) }
        }
        for (image, bundlePath) in placements where !reachable.contains(image.path) {
            let keyFolder = bundleFolder(of: bundlePath)
            guard keyFolder != folder else { continue }
            let askFor = keyFolder.isEmpty ? image.name.base : "\(keyFolder)/\(image.name.base)"
            let note = ResolutionNote.elsewhereInBundle(path: image.path, bundlePath: bundlePath, askFor: askFor)
            if !search.notes.contains(note) { search.notes.append(note) }
        }
        for (image, why) in unshippedByBase[wantedBase] ?? [] {
            search.notes.append(.notShipped(path: image.path, why: why))
        }
        if !name.containsByte(UInt8(ascii: "/")), let set = namespacedSets[name]?.first {
            search.notes.append(.namespacedSet(set: set.name))
        }
        if let other = uncompiledSets[name] {
            search.notes.append(.setNotCompiled(set: other.name, folder: other.folder))
        } else if let symbol = uncompiledSymbolSets[name] {
            // `UIImage(named:)` loads a custom symbol too (Loop's `Pre-Meal-symbol.symbolset`).
            search.notes.append(.setNotCompiled(set: symbol.name, folder: symbol.folder))
        }
        if let icon = appIconSets.first(where: { $0.name == name }) {
            search.notes.append(.appIconSet(set: icon.name))
        }
        let (setName, ext) = Self.split(name)
        if name.hasSuffix(".\(ext)"), let set = imageSets[setName] {
            search.notes.append(.extensionOnCatalogName(set: set.name))
            return Resolution(
                device: device, request: name, mode: mode, file: nil, scale: nil, pointSize: nil, tried: search.tried,
                reason: .uncertainCatalogName(set: set.name), remarks: search.notes)
        }
        return Resolution(
            device: device, request: name, mode: mode, file: nil, scale: nil, pointSize: nil, tried: search.tried,
            reason: .noFile, remarks: search.notes)
    }

    /// The scale a name states itself (`@2x` before the extension, after any `-568h`), if any.
    static func explicitScale(base: String, ext: String) -> Int? {
        // `@2x` ends in `x`: a base whose last byte is not cannot end in any scale (asked for
        // every name on every device of a lint's matrix).
        guard base.utf8.last == UInt8(ascii: "x") else { return nil }
        let name = ImageName(fileName: String(base.lastSplitComponent ?? "") + "." + ext)
        guard name.scale > 1, base.hasSuffix("@\(name.scale)x") else { return nil }
        return name.scale
    }

    /// An asset catalog image set: the entry for the device's idiom (or universal) and scale,
    /// the `retina4` entry on 4-inch phones. It wins over loose files of the same name.
    private func resolve(
        _ name: String, in set: CatalogSet, on device: DeviceQuery, mode: ResolveMode, languages: [String]
    )
        -> Resolution
    {
        var tried: [String] = []
        let idioms = [device.idiom.catalogIdiom, "universal"]
        let scales =
            Array(stride(from: device.scale, through: 1, by: -1))
            + Array(stride(from: device.scale + 1, through: 3, by: 1))
        let slots: [(scale: Int, idiom: String, subtype: String?)] =
            (device.isFourInchPhone
                ? [(DeviceCatalog.fourInch.scales.lowerBound, "iphone", DeviceCatalog.fourInch.catalogSubtype)] : [])
            + scales.flatMap { scale in idioms.map { (scale, $0, nil) } }
        /// The first entry of `entries` whose file exists, at `scale`; each try recorded.
        func firstPresent(_ entries: [CatalogEntry], scale: Int) -> (entry: CatalogEntry, image: ScannedImage)? {
            // A compiled catalog's variants for a display gamut, size class, memory or other
            // trait are not modelled: the entry without one is preferred (docs/built-apps.md).
            let plainFirst = entries.filter { $0.compiledTraits == nil } + entries.filter { $0.compiledTraits != nil }
            for entry in plainFirst where entry.appearances == nil {
                guard case .present(let path) = set.file(for: entry), let image = catalogImages[path] else {
                    tried.append("\(set.folder) (\(entry.slotDescription): no file)")
                    continue
                }
                tried.append(path)
                return (entry, image.atScale(scale))
            }
            return nil
        }
        // Plain loops: a lazy `compactMap(…).first` runs its closure twice for the first hit,
        // and each run records its tries.
        var chosen: (entry: CatalogEntry, image: ScannedImage)?
        for slot in slots {
            let candidates = set.entries.filter {
                $0.idiom == slot.idiom && $0.scaleFactor == slot.scale && $0.subtype == slot.subtype
                    && $0.fitsScreen(width: device.bounds.width)
            }
            // A watch entry made for this screen width wins over the one for every width.
            chosen = firstPresent(
                candidates.filter { $0.screenWidth != nil } + candidates.filter { $0.screenWidth == nil },
                scale: slot.scale)
            if chosen != nil { break }
        }
        // A single unscaled entry (a PDF or SVG, or a single-scale bitmap) serves every scale.
        var single: (entry: CatalogEntry, image: ScannedImage)?
        for idiom in idioms where chosen == nil && single == nil {
            single = firstPresent(set.entries.filter { $0.idiom == idiom && $0.scale == nil }, scale: device.scale)
        }
        var notes: [ResolutionNote] = []
        var shadowed = Search(index: self, languages: languages)
        let (base, ext) = Self.split(name)
        loose: for scale in [device.scale, 1] {
            for candidate in Self.candidates(
                base: base, ext: ext, scale: scale, device: triedDeviceModifier(for: device))
            {
                if let loose = shadowed.find(candidate, scale: scale) {
                    tried.append("\(loose.path) (loose file; the catalog image set wins)")
                    notes.append(.shadowedBySet(loosePath: loose.path, set: set.name))
                    break loose
                }
            }
        }
        if chosen == nil, let single {
            let vector = single.image.facts.format.isVector
            return Resolution(
                device: device, request: name, mode: mode, file: single.image.path, scale: vector ? device.scale : nil,
                pointSize: single.image.pointSize, tried: tried,
                reason: .singleScaleEntry(slot: single.entry.slotDescription, vector: vector), remarks: notes)
        }
        guard let chosen else {
            return Resolution(
                device: device, request: name, mode: mode, file: nil, scale: nil, pointSize: nil, tried: tried,
                reason: .emptyCatalogSet(folder: set.folder), remarks: notes)
        }
        return Resolution(
            device: device, request: name, mode: mode, file: chosen.image.path, scale: chosen.entry.scaleFactor,
            pointSize: chosen.image.pointSize, tried: tried,
            reason: .catalogEntry(
                slot: chosen.entry.slotDescription,
                isRetina4: chosen.entry.subtype == DeviceCatalog.fourInch.catalogSubtype),
            remarks: notes)
    }

    private func resolution(
        _ found: ScannedImage, name: String, device: DeviceQuery, mode: ResolveMode, search: Search,
        scale: Int? = nil, reason: ResolutionReason
    )
        -> Resolution
    {
        let scale = scale ?? found.name.scale
        var resolution = Resolution(
            device: device, request: name, mode: mode, file: found.path, scale: scale,
            pointSize: found.pointSize(atScale: scale), tried: search.tried, reason: reason, remarks: search.notes)
        resolution.bundlePath = search.foundBundlePath
        return resolution
    }

    /// The localisation and the lookup key of a bundle path: `en.lproj/flag.png` → (`en`,
    /// `flag.png`); `Levels/map1.png` → ("", `Levels/map1.png`).
    static func lookupKey(bundlePath: String) -> (localization: String, key: String) {
        guard bundlePath.containsLprojFolder else { return ("", bundlePath) }
        let parts = bundlePath.split(separator: "/")
        if parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") {
            let folder = parts[parts.count - 2]
            let rest = parts[..<(parts.count - 2)] + [parts[parts.count - 1]]
            return (String(folder.dropLast(6)), rest.joined(separator: "/"))
        }
        return ("", bundlePath)
    }

    /// `Button` → (`Button`, `png`); `photo.jpg` → (`photo`, `jpg`). PNG is assumed (iOS 4+).
    /// What a file must share with a name to be a candidate for it: the hash of its base name,
    /// case folded (`Levels/Map1@2x.png` and `levels/map1` give one key). A file whose key differs
    /// is never loaded for the name, nor named in a note about it.
    package static func candidateKey(name: String) -> UInt64 {
        let last = String(split(name).base.lastSplitComponent ?? "")
        return ImageName(fileName: last + ".png").base.caseFoldedHash
    }

    package static func split(_ name: String) -> (base: String, ext: String) {
        if let dot = name.lastIndex(ofCharacterByte: UInt8(ascii: ".")),
            ImageFormat(fileExtension: String(name[name.index(after: dot)...])) != nil
        {
            return (String(name[..<dot]), String(name[name.index(after: dot)...]))
        }
        return (name, "png")
    }

    /// At one scale, the device-specific name first (ios-image-lookup.md, rule 3).
    /// (Each name is written byte by byte into a string of its size: interpolation cost about
    /// 3,000 instructions a call, and a large app's lint asks about 8,000 times.)
    static func candidates(base: String, ext: String, scale: Int, device: DeviceModifier?) -> [String] {
        // A scale is one digit (1–3 for the devices modelled); any other is spelt as before.
        guard (1...9).contains(scale) else {
            let scaleText = scale == 1 ? "" : "@\(scale)x"
            guard let device else { return ["\(base)\(scaleText).\(ext)"] }
            return ["\(base)\(scaleText)~\(device.rawValue).\(ext)", "\(base)\(scaleText).\(ext)"]
        }
        func joined(_ device: String?) -> String {
            var base = base
            var ext = ext
            var device = device
            let capacity = base.utf8.count + ext.utf8.count + (device.map { $0.utf8.count + 1 } ?? 0) + 4
            return String(unsafeUninitializedCapacity: capacity) { buffer in
                var at = 0
                func put(_ text: inout String) {
                    text.withUTF8 { bytes in
                        for byte in bytes {
                            buffer[at] = byte
                            at += 1
                        }
                    }
                }
                put(&base)
                if scale != 1 {
                    buffer[at] = UInt8(ascii: "@")
                    buffer[at + 1] = UInt8(ascii: "0") + UInt8(scale)
                    buffer[at + 2] = UInt8(ascii: "x")
                    at += 3
                }
                if device != nil {
                    buffer[at] = UInt8(ascii: "~")
                    at += 1
                    put(&device!)
                }
                buffer[at] = UInt8(ascii: ".")
                at += 1
                put(&ext)
                return at
            }
        }
        guard let device else { return [joined(nil)] }
        return [joined(device.rawValue), joined(nil)]
    }

    /// One lookup's state: where it looked, and what it noticed.
    struct Search {
        /// Whether each try is recorded (``ImageResolver/recordsTries``): the one thing a search
        /// reads of its resolver, kept alone (a copy of the resolver was a dozen retains and
        /// releases a lookup).
        let recordsTries: Bool
        /// The resolver's loose files.
        private let loose: LooseFiles
        /// Folder order: top level, the user's languages, Base, then the other localisations.
        let localizations: [String]
        var tried: [String] = []
        var notes: [ResolutionNote] = []
        /// Where the last file found sits in the bundle.
        var foundBundlePath: String?

        init(index: ImageResolver, languages: [String]) {
            recordsTries = index.recordsTries
            loose = index.loose
            localizations =
                languages.isEmpty
                ? loose.folderOrder : Self.folderOrder(localizations: loose.byName.keys, languages: languages)
        }

        /// The top level, the user's languages, Base, then the other localisations.
        static func folderOrder(localizations: some Collection<String>, languages: [String]) -> [String] {
            // Only when every image is outside `.lproj` folders is the top level the only place to look.
            if localizations.allSatisfy(\.isEmpty), languages.isEmpty { return [""] }
            let present = Set(localizations)
            var order = [""] + languages.filter { present.contains($0) }
            if present.contains("Base"), !order.contains("Base") { order.append("Base") }
            order += present.subtracting(order).sorted()
            return order
        }

        /// Looks for `fileName` in every folder, in order; records each try.
        mutating func find(_ fileName: String, scale: Int) -> ScannedImage? {
            for localization in localizations {
                if recordsTries {
                    // A flat name is shown in the tree folder that holds such files; a path, as
                    // the bundle path it is.
                    let folder =
                        fileName.containsByte(UInt8(ascii: "/"))
                        ? (localization.isEmpty ? "" : "\(localization).lproj")
                        : localization.isEmpty
                            ? loose.folderOfBase[ImageName(fileName: fileName).base] ?? ""
                            : loose.localizationFolders[localization] ?? "\(localization).lproj"
                    tried.append(folder.isEmpty ? fileName : "\(folder)/\(fileName)")
                }
                // The top level's tables are held apart: most lookups are there.
                let top = localization.isEmpty
                if let image = top ? loose.top[fileName] : loose.byName[localization]?[fileName] {
                    foundBundlePath = top ? fileName : "\(localization).lproj/\(fileName)"
                    return image
                }
                let folded = fileName.caseFolded
                if let near = top ? loose.topLowercased[folded] : loose.byLowercasedName[localization]?[folded] {
                    notes.append(.caseMismatch(path: near.path, wanted: fileName))
                }
            }
            if let misnamed = loose.byCanonicalName[fileName] {
                notes.append(.misnamed(path: misnamed.path, wanted: fileName))
            }
            return nil
        }
    }
}

extension Dictionary {
    /// Stores `value` under `key` unless the key holds a value already: one lookup, where asking
    /// first and then storing is two.
    @inline(__always)
    mutating func storeUnlessPresent(_ value: Value, forKey key: Key) {
        Self.leave(&self[key, default: value])
    }

    @inline(__always)
    private static func leave(_ value: inout Value) {}
}
