/// The findings grouped by the asset they are about, each group with every variant of its
/// asset, for the HTML report's pictures: what one card of the report shows.
struct AssetGroup: Sendable {
    enum Kind: Sendable, Hashable {
        /// An asset catalog image set (or other set) at this folder.
        case catalogSet(folder: String)
        /// Loose images of one base name in one folder.
        case loose(folder: String, base: String)
        /// A file that is no image: an Info.plist, a source file, a project file.
        case file(String)
    }

    var kind: Kind
    /// `Button`, `Icons/star`, `Menu.swift`.
    var title: String
    /// The folder it sits in, for the card's subtitle.
    var folder: String
    var findings: [Finding]
    /// Every variant of the asset, in a stable order (device, height, scale).
    var variants: [Variant]

    struct Variant: Sendable {
        var image: ScannedImage
        /// Whether a finding names this file.
        var isFlagged: Bool
    }

    var severity: Severity { findings.map(\.severity).max() ?? .note }

    /// The groups of `findings`, most severe first, then by title.
    static func groups(of findings: [Finding], in inventory: Inventory?) -> [AssetGroup] {
        let sets = Dictionary((inventory?.catalogSets ?? []).map { ($0.folder, $0) }) { first, _ in first }
        var loose: [String: [ScannedImage]] = [:]
        for image in (inventory?.looseImages ?? []) + (inventory?.unshippedImages ?? []) {
            loose[Self.looseKey(folder: parentFolder(of: image.path), base: image.name.base), default: []].append(image)
        }
        var order: [Kind] = []
        var grouped: [Kind: [Finding]] = [:]
        for finding in findings {
            let kind = Self.kind(of: finding.path, sets: sets)
            if grouped[kind] == nil { order.append(kind) }
            grouped[kind, default: []].append(finding)
        }
        let groups = order.map { kind -> AssetGroup in
            let findings = grouped[kind] ?? []
            let flagged = Set(findings.map(\.path))
            var images: [ScannedImage] = []
            let title: String
            let location: String
            switch kind {
            case .catalogSet(let setFolder):
                let set = sets[setFolder]
                title = set?.name ?? setFolder
                location = parentFolder(of: setFolder)
                images = (set?.presentEntries ?? []).compactMap { inventory?.catalogImages[$0.path] }
            case .loose(let imageFolder, let base):
                title = base
                location = imageFolder
                images = (loose[Self.looseKey(folder: imageFolder, base: base)] ?? []).sorted(by: Self.variantOrder)
            case .file(let path):
                title = lastComponent(of: path)
                location = parentFolder(of: path)
            }
            return AssetGroup(
                kind: kind, title: title, folder: location, findings: findings,
                variants: images.map { Variant(image: $0, isFlagged: flagged.contains($0.path)) })
        }
        return groups.sorted { ($0.severity, $1.title) > ($1.severity, $0.title) }
    }

    private static func kind(of path: String, sets: [String: CatalogSet]) -> Kind {
        let location = parentFolder(of: path)
        if sets[location] != nil { return .catalogSet(folder: location) }
        let name = lastComponent(of: path)
        if ImageFormat.hasCatalogImageExtension(name) {
            return .loose(folder: location, base: ImageName(fileName: name).base)
        }
        return .file(path)
    }

    private static func looseKey(folder: String, base: String) -> String { folder + "\u{0}" + base }

    /// iPhone and universal files before iPad ones, the plain name before `-568h`, then by scale.
    private static func variantOrder(_ a: ScannedImage, _ b: ScannedImage) -> Bool {
        let left = (a.name.device?.rawValue ?? "", a.name.height ?? 0, a.name.scale, a.path)
        let right = (b.name.device?.rawValue ?? "", b.name.height ?? 0, b.name.scale, b.path)
        return left < right
    }
}

/// `Images/Button.png` → `Images`; `Default.png` → ``.
func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
}

/// `Images/Button.png` → `Button.png`.
func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
