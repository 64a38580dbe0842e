/// One kind of input a scan reads: it claims files (or whole folders) in the walk by name,
/// reads them, and adds what it learns to the scan's facts.
///
/// A new kind of input (project files, source code, archives) is one type conforming to this
/// protocol, in its own file under `Inventory/Inputs/`, added to ``InputScanners/all``: the
/// walk, the path filter and the inventory need no change beyond the facts it adds.
package protocol InputScanner: WalkClaim {
    /// Whether the `included` and `excluded` globs decide which of its files it reads.
    var obeysPathFilter: Bool { get }
    /// Reads the files the walk found for it, in path order, and adds what it learned.
    func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) throws(ScanError)
}

extension InputScanner {
    package func claims(folderNamed name: String) -> Bool { false }
    package var obeysPathFilter: Bool { true }
}

/// What the input scanners have found so far; the scan turns it into an ``Inventory``.
/// The names a scan's code and data files spell, every one (``ScanFacts/namesFilter``).
package struct UnfilteredNames: Sendable {
    var codeNames: [String: [CodeName]]
    var dataNames: DataStrings
}

package struct ScanFacts: Sendable {
    /// What ``codeNames`` and ``dataNames`` were filtered by as they were read
    /// (``ScanOptions/filtersNamesEarly``), and what reads them again unfiltered, for a scan
    /// whose images may be asked for by a key the filter lacks (a file a project renames).
    package var namesFilter: (filter: LooseKeyFilter, unfiltered: @Sendable () -> UnfilteredNames)?
    /// Probed images: loose files, and the files of catalog sets.
    package var images: [ScannedImage] = []
    /// Image files found inside another input (a catalog's sets), probed with the loose ones.
    package var embeddedImageFiles: [FoundFile] = []
    /// Every image file probed, kept when the content pass may open some of them again.
    var imageFiles: [[FoundFile]] = []
    /// What earlier content passes found in unchanged images, by path.
    var cachedReads: [String: ScanCache.ContentRead] = [:]
    package var catalogSets: [CatalogSet] = []
    /// The string values of the tree's data files (JSON, property lists, `.strings`), which may
    /// name images the code loads at run time.
    package var dataNames = DataStrings()
    /// The file names (lower case) web pages and style sheets of the tree load (`src`, `url(…)`):
    /// such images are the page's, drawn by its rules (`srcset`), not UIKit's names and scales.
    package var webImageNames: Set<String> = []
    /// Custom SF Symbol sets of the tree's catalogs.
    package var symbolSets: [SymbolSet] = []
    package var catalogProblems: [CatalogProblem] = []
    /// The app's Info.plist, and how it was chosen.
    package var info: AppInfo?
    package var infoPlist: InfoPlistChoice = .none
    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` in the Xcode projects, when nothing else gives one.
    package var projectDeploymentTarget: ProjectDeploymentTarget?
    /// Files left out and folders that could not be read.
    package var issues: [WalkIssue] = []
    /// What the built app contains; nil until the project input has run.
    package var bundle: BundleModel?
    /// The image names the app's code and Interface Builder files ask for.
    package var references: [ImageReference] = []
    /// Files the walk found for an input that did not read them (``ScanResult/unread``); kept
    /// only with a cache.
    package var unread: Set<String> = []
    /// The names each source file spells, by path, when the scan reads them.
    package var codeNames: [String: [CodeName]] = [:]
    /// Names the code puts only into image views that draw them at the views' size, lower-cased.
    package var namesShownScaled: [String: Set<ViewSize>] = [:]
    /// Names only functions nothing calls return, lower-cased.
    package var namesOnlyUncalled: Set<String> = []
    /// The source files that hand an image API a name they do not spell (``LoaderArguments``).
    package var codePassingNames: Set<String> = []
    /// How many source and Interface Builder files were read for them.
    package var sourceFileCount = 0
    /// The code and Interface Builder files of the tree, relative to it, for the targets'
    /// synchronized folders.
    package var sourcePaths: [String] = []
    /// Every Info.plist read, by path, for the targets that name theirs.
    package var infoPlists: [String: AppInfo] = [:]
    /// The project's app-like targets, each with what it ships; empty without an Xcode project.
    package var targets: [TargetFacts] = []
    /// The index in ``targets`` of the app the single-app facts (``bundle``, ``info``) describe.
    package var primaryTarget: Int?
    /// The project's other targets (frameworks, bundles, tests), whose code is not judged.
    package var otherTargets: [ProjectTarget] = []
    /// What was found in each image and source file, with its stamp, for the cache.
    var cacheEntries: [String: ScanCache.Entry] = [:]
    /// How many files the cache answered for, without opening them.
    var cacheHits = 0

    package init() {}
}

/// A target of the project and the bundle it builds.
package struct TargetFacts: Sendable {
    package var target: ProjectTarget
    package var bundle: BundleModel
}

/// A deployment target an Xcode project sets, and which project.
package struct ProjectDeploymentTarget: Sendable, Hashable {
    package var version: OSVersion
    /// The `project.pbxproj`, relative to the scanned folder.
    package var project: String
}

/// The inputs a lint reads, in the order they run: catalogs come before loose images, whose
/// probe pass takes the catalogs' image files too; the Info.plist before the project files,
/// whose deployment target counts only when the Info.plist gives none, and which place the
/// images in the bundle. The project files need the images' paths, not what the probe reads:
/// a folder's scan reads them beside the probe (``FolderSource``), so the Info.plist comes
/// before the images.
package enum InputScanners {
    package static let all: [any InputScanner] = [
        AssetCatalogInput(), InfoPlistInput(), ImageInput(), ProjectInput(), SourceInput(), DataNamesInput(),
    ]
}
