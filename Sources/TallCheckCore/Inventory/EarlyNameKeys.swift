/// The keys the images of a folder may be asked for by, known from its walk alone, so that the
/// names the code and the data files spell can be filtered as they are read
/// (``ScanOptions/filtersNamesEarly``): every image file's base with the few folders a bundle
/// may keep, outside test folders, and every asset catalog set's name, each with its folder
/// suffixes (``NameKeys/askedKeys(paths:)``).
///
/// A set's name holds the groups that provide a namespace, which only the catalog's
/// `Contents.json` files tell: every choice of its groups is taken (up to
/// ``maxChoiceGroups`` groups). A name the bundle gives an image other than its path (a .NET
/// project's `LogicalName`, a Copy Files phase's subfolder) may still have a key beyond these:
/// the scan then reads the names again, unfiltered (``ScanFacts/namesFilter``).
enum EarlyNameKeys {
    /// Groups above a set beyond which only its full path and suffixes are taken.
    static let maxChoiceGroups = 4

    static func filter(tree: SourceTree, followsSymbolicLinks: Bool) -> LooseKeyFilter {
        var paths: [String] = []
        let sets = SourceTreeWalker(
            claims: [SetFolders()], skipsNonSourceFolders: true, followsSymbolicLinks: followsSymbolicLinks)
        for (claim, files) in zip(tree.claims, tree.claimed) {
            if claim is ImageInput {
                // A test's images (snapshots, thousands in some trees) ship in no app.
                var seen: Set<String> = []
                for file in files where !isTest(file.displayPath) {
                    // By the name it is asked for, as the inventory gives it: its base
                    // (`Black-83.5` of `Black-83.5@2x.png`, whose last dot then ends the base),
                    // once for all its scales and devices.
                    let path = lastComponents(of: file.displayPath)
                    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
                    let folder = slash.map { String(path[...$0]) } ?? ""
                    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
                    let asked = folder + ImageName(fileName: name).base
                    if seen.insert(asked).inserted { paths.append(asked) }
                }
            } else if claim is AssetCatalogInput {
                for catalog in files {
                    for set in sets.walk(catalog.location, shownRoot: catalog.displayPath).claimed[0] {
                        paths += names(ofSetAt: set.displayPath)
                    }
                }
            }
        }
        return LooseKeyFilter(NameKeys.askedKeys(paths: paths))
    }

    /// Folders above an image file in the names taken for it: a bundle keeps at most the few a
    /// folder reference or a .NET project's item copies (`Platforms/iOS/Images/Tabs/star.png`),
    /// not the whole tree's (whose every suffix made a key).
    static let maxFolders = 4

    /// `path`'s file name with at most ``maxFolders`` folders before it.
    static func lastComponents(of path: String) -> String {
        var slashes = 0
        guard let start = path.utf8.indices.reversed().first(where: { index in
            guard path.utf8[index] == UInt8(ascii: "/") else { return false }
            slashes += 1
            return slashes > maxFolders
        }) else { return path }
        return String(path[path.utf8.index(after: start)...])
    }

    /// Whether a path lies in a test folder (``SourceInput/isTest(_:)``) or a snapshot folder. A
    /// test image a bundle does ship is still found: by reading the names again.
    static func isTest(_ path: String) -> Bool {
        SourceInput.isTest(path) || path.contains(bytes: "__Snapshots__/")
    }

    /// The names a set at `relative` (`Icons/Tab/star.imageset`, below its catalog) may have:
    /// its base after every choice of its groups (`Icons/Tab/star`, `Icons/star`, `Tab/star`, `star`).
    static func names(ofSetAt relative: String) -> [String] {
        var parts = relative.split(separator: "/")
        guard let last = parts.popLast() else { return [] }
        let base = last.lastIndex(of: ".").map { last[..<$0] } ?? last
        // A set of sets is named as a group is (`Complication.complicationset`: `Complication`).
        parts = parts.map { part in part.lastIndex(of: ".").map { part[..<$0] } ?? part }
        guard parts.count <= maxChoiceGroups else { return [(parts + [base]).joined(separator: "/")] }
        return (0..<(1 << parts.count)).map { choice in
            (parts.indices.filter { choice & (1 << $0) != 0 }.map { parts[$0] } + [base]).joined(separator: "/")
        }
    }

    /// Claims a catalog's sets that hold files, not other sets (`star.imageset`,
    /// `AppIcon.appiconset`, `LaunchImage.launchimage`), leaving their files unlisted; the walk
    /// goes on into groups and sets of sets (`Complication.complicationset/Circular.imageset`,
    /// `App Icon.brandassets`, `Front.imagestacklayer`).
    private struct SetFolders: WalkClaim {
        static let leafExtensions: Set<Substring> = [
            "imageset", "appiconset", "launchimage", "symbolset", "colorset", "dataset", "iconset", "textureset",
            "cubetextureset", "mipmapset", "sticker", "stickersequence", "arimageset", "gcdashboardimage",
            "gcleaderboard",
        ]

        func claims(fileNamed name: String) -> Bool { false }
        func claims(folderNamed name: String) -> Bool {
            guard let dot = name.lastIndex(of: ".") else { return false }
            return Self.leafExtensions.contains(name[name.index(after: dot)...])
        }
    }
}
