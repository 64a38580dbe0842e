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

    /// The page's identifier of the asset's card.
    var identifier: String {
        switch kind {
        case .catalogSet(let folder): htmlIdentifier("set", folder)
        case .loose(let folder, let base): htmlIdentifier("asset", folder + "/" + base)
        case .file(let path): htmlIdentifier("file", path)
        }
    }

    /// The sets and loose variants of an inventory, looked up by the groups of every rule.
    struct Index {
        var inventory: Inventory?
        var sets: [String: CatalogSet]
        var loose: [String: [ScannedImage]]

        init(_ inventory: Inventory?) {
            self.inventory = inventory
            sets = Dictionary((inventory?.catalogSets ?? []).map { ($0.folder, $0) }) { first, _ in first }
            loose = [:]
            for image in (inventory?.looseImages ?? []) + (inventory?.unshippedImages ?? []) {
                loose[AssetGroup.looseKey(folder: parentFolder(of: image.path), base: image.name.base), default: []]
                    .append(image)
            }
        }
    }

    /// The groups of `findings`, most severe first, then by title.
    static func groups(of findings: [Finding], in inventory: Inventory?) -> [AssetGroup] {
        groups(of: findings, index: Index(inventory))
    }

    /// The groups of `findings`, most severe first, then by title.
    static func groups(of findings: [Finding], index: Index) -> [AssetGroup] {
        let inventory = index.inventory
        let sets = index.sets
        let loose = index.loose
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

    fileprivate static func looseKey(folder: String, base: String) -> String { folder + "\u{0}" + base }

    /// iPhone and universal files before iPad ones, the plain name before `-568h`, then by scale.
    private static func variantOrder(_ a: ScannedImage, _ b: ScannedImage) -> Bool {
        let left = (a.name.device?.rawValue ?? "", a.name.height ?? 0, a.name.scale, a.path)
        let right = (b.name.device?.rawValue ?? "", b.name.height ?? 0, b.name.scale, b.path)
        return left < right
    }
}

/// A rule's findings grouped by asset: one section of the report's findings.
struct RuleSection: Sendable {
    var rule: String
    /// The most severe of its findings.
    var severity: Severity
    var findings: [Finding]
    var groups: [AssetGroup]

    /// One section a rule that found something: the most severe first, then those with more
    /// findings, then by id.
    static func sections(of report: LintReport, in inventory: Inventory?) -> [RuleSection] {
        guard !report.findings.isEmpty else { return [] }
        let index = AssetGroup.Index(inventory)
        let byRule = Dictionary(grouping: report.findings, by: \.ruleID)
        return byRule.map { rule, findings in
            RuleSection(
                rule: rule, severity: findings.map(\.severity).max() ?? .note, findings: findings,
                groups: AssetGroup.groups(of: findings, index: index))
        }.sorted { ($0.severity, $0.findings.count, $1.rule) > ($1.severity, $1.findings.count, $0.rule) }
    }
}

/// `Images/Button.png` → `Images`; `Default.png` → ``.
func parentFolder(of path: String) -> String {
    guard let slash = path.lastIndex(ofByte: UInt8(ascii: "/")) else { return "" }
    return String(path[..<slash])
}

/// `Images/Button.png` → `Button.png`.
func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(ofByte: UInt8(ascii: "/")) else { return path }
    return String(path[path.index(after: slash)...])
}
