/// Whether the app may draw an image at its point size: what every piece of size advice
/// (`missing-scale`, `scale-mismatch`, `fractional-point-size`) rests on.
///
/// An image the code, an Interface Builder file or the Info.plist names may be drawn at its
/// point size. One that nothing there names is loaded as data (a favicon whose name comes from
/// a JSON file, a file copied out of the bundle), by a name built from almost nothing
/// (`"%@.png"`), or not at all: a retina variant or an exact size would change nothing a user
/// sees, so it gets no size advice. Without the app's code (a built app, a tree with no source
/// file) nothing is known, and every image may be drawn. Without every name the code spells
/// (``Inventory/codeNames``, read for `unused-image` alone, since reading them costs more than
/// the rest of a lint's source scan) only the names at an image API are known: an image named
/// elsewhere may be drawn, and one nothing names too.
struct PointSizeUse {
    private let usage: ImageUsage?
    /// Whether the scan read every name the code spells, so that a name it does not spell is
    /// known to be no image the code shows.
    private let knowsEveryName: Bool
    /// The lines (`path:line`) of references compiled for none of the target's platforms (a
    /// class created only under `#if !TARGET_OS_TV`, in a tvOS app): nothing there draws.
    private let compiledOut: Set<String>
    /// Whether a loose image's folder is one the bundle holds (a .NET project's items keep their
    /// folders): a name without it (`friends` for `Images/friends.png`) does not reach it.
    private let foldersAreReal: Bool
    /// Whether the target's code hands an image API a name it does not spell there
    /// (``Inventory/spelledNamesMayReachLoaders``): without such a call, a name spelled only as a
    /// bare string reaches the screen, if at all, as a file read by its path, at scale 1.
    private let spelledNamesMayReachLoaders: Bool

    init(_ inventory: Inventory) {
        // The target's own code: a name another sample app of the tree spells says nothing of
        // how this one draws its copy.
        usage =
            inventory.sourceFileCount > 0
            ? ImageUsage(inventory, readingDataFiles: false, codeFiles: inventory.ownSourcePaths) : nil
        knowsEveryName = inventory.readCodeNames
        spelledNamesMayReachLoaders = inventory.spelledNamesMayReachLoaders
        if case .msbuild = inventory.bundle.source { foldersAreReal = true } else { foldersAreReal = false }
        let platforms = Set(inventory.deviceFamilies.map(\.platform))
        compiledOut = Set(
            inventory.references.lazy.filter { $0.platforms?.isDisjoint(with: platforms) == true }.map {
                "\($0.path):\($0.line)"
            })
    }

    /// Whether `name`, as the app asks for it (a set's name, a loose image's `folder/base`), may
    /// be drawn at its point size.
    func mayBeDrawn(_ name: String, inCatalog: Bool) -> Bool {
        guard let usage else { return true }
        let found: UsageEvidence?
        let exact = foldersAreReal && !inCatalog && name.utf8.contains(UInt8(ascii: "/"))
        if compiledOut.isEmpty {
            found = usage.evidence(for: name, inCatalog: inCatalog || exact, exactFolder: exact)
        } else {
            let all = usage.allEvidence(for: name, inCatalog: inCatalog || exact, exactFolder: exact)
            found = all.first { !compiledOut.contains("\($0.path):\($0.line ?? 0)") }
            // Named only in code this target never runs: not drawn here.
            if found == nil, !all.isEmpty { return false }
        }
        guard let evidence = found else { return !knowsEveryName }
        switch evidence.strength {
        case .certain: return true
        // A name the code spells away from an image API (a constant, a model's field) is most
        // often one it shows; a name it builds there ("TopSites/" + domain) is most often a path.
        // Read as a file by its path: drawn as it is, whatever the screen's scale.
        case .maybe where evidence.readsFile: return false
        case .maybe where evidence.spelledInCode && !spelledNamesMayReachLoaders: return false
        case .maybe: return !evidence.isPattern || !knowsEveryName
        case .anyName: return !knowsEveryName
        }
    }
}
