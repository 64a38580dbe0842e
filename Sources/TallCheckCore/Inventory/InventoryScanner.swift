import Foundation

/// What to scan, and how.
public struct ScanOptions: Sendable {
    public var root: String
    /// The app's Info.plist; found in the tree when nil.
    public var infoPlistPath: String?
    /// Overrides the Info.plist's and the Xcode project's deployment target.
    public var deploymentTarget: OSVersion?
    public var probeDepth: ProbeDepth
    /// Which files, by path relative to `root`, are scanned: images, Info.plists and Xcode projects.
    public var pathFilter: PathFilter
    /// Follow symbolic links to folders and out of the tree (loops are still walked once).
    public var followsSymbolicLinks: Bool
    /// The Xcode app target whose resources make the bundle; nil: the first app target.
    public var target: String?
    /// C# helpers that load `name-568h@2x.png` on tall phones, besides the seed's `FromBundle16x9`.
    public var tallSuffixFunctions: [String]
    /// Tall-suffix helpers declared to have no fallback (`tall_suffix_without_fallback`).
    public var tallSuffixWithoutFallback: [String] = []
    /// What earlier runs found in files that have not changed since; nil: read every file.
    public var cache: ScanCache?
    /// What to read of image files beyond their headers, for the rules that need it.
    public var contentChecks: ContentChecks
    /// The build configuration to read (`--configuration`); nil: every configuration, and
    /// findings of only some name them.
    public var configuration: String?
    /// Read every name the code spells (``CodeName``), for `unused-image`.
    public var readsCodeNames = false
    /// Read the strings of data files (JSON, property lists, `.strings`) for the names they may
    /// hold (``Inventory/dataNames``), which only `unused-image` and `references` ask about. Web
    /// pages are read either way: the images they load follow the page's rules, not UIKit's.
    public var readsDataNames = true
    /// Read the sources (code and Interface Builder files) for the images they ask for. A scan
    /// that only resolves names needs none; without them the walk still lists them, so each
    /// target knows its code files.
    public var readsSources = true
    /// Drop the names the code and the data files spell as they are read, keeping those that
    /// may reach an image the walk found (``EarlyNameKeys``), instead of after the inventory is
    /// made: a lint's `unused-image` asks of no other name. Only without a cache, whose entries
    /// must serve whatever images a later run finds, and only in a folder.
    public var filtersNamesEarly = false
    /// The filter of ``filtersNamesEarly``, made beside the scan's first steps (``namesFilter``).
    package var earlyNameFilter: BackgroundJob<LooseKeyFilter>?
    /// What names are kept by as they are read: the early filter once it is made; until then
    /// (the first files of a tree with many images) nil, which keeps every name. Never waited
    /// for: the names are filtered again by the inventory's keys.
    package var namesFilter: LooseKeyFilter? { earlyNameFilter?.resultIfDone() }
    /// Probe only the images a resolution of these names can load or mention (their base names,
    /// any case, ``ImageResolver/candidateKey(name:)``; for a catalog image, its set's name); the
    /// others are listed by name, with no facts read. Nil: probe every image. Only without a
    /// cache, which must not keep facts that were not read.
    public var probedNames: [String]?
    /// With ``probedNames``: leave the other images out of the scan altogether. A resolution of
    /// those names gives the same answer (``ImageResolver`` indexes candidates only, and every
    /// file that shares a bundle path with a candidate shares its name); nothing else should.
    public var listsOnlyProbed = false
    /// Inputs besides ``InputScanners/all``, run after them: a kind of input added in one file,
    /// as a test target does.
    package var extraInputs: [any InputScanner] = []
    /// Every device class there is: ``DeviceCatalog/all``, and a device added in one file, as a
    /// test target does.
    package var deviceClasses = DeviceCatalog.all
    /// Group the images into assets and launch images: every command but `bundle`, which asks
    /// only where files land.
    package var groupsAssets = true
    /// What parses Swift: TallCheckSwiftSyntax's reader. Without it a scan reads no Swift file
    /// and no `Package.swift`, and says so for each.
    package var swiftSyntax: (any SwiftSyntaxReading)?

    public init(
        root: String, infoPlistPath: String? = nil, deploymentTarget: OSVersion? = nil,
        probeDepth: ProbeDepth = .header,
        pathFilter: PathFilter = PathFilter(), followsSymbolicLinks: Bool = false, target: String? = nil,
        tallSuffixFunctions: [String] = [], tallSuffixWithoutFallback: [String] = [], cache: ScanCache? = nil,
        contentChecks: ContentChecks = []
    ) {
        self.tallSuffixWithoutFallback = tallSuffixWithoutFallback
        self.contentChecks = contentChecks
        self.cache = cache
        self.tallSuffixFunctions = tallSuffixFunctions
        self.target = target
        self.root = root
        self.infoPlistPath = infoPlistPath
        self.deploymentTarget = deploymentTarget
        self.probeDepth = probeDepth
        self.pathFilter = pathFilter
        self.followsSymbolicLinks = followsSymbolicLinks
    }
}

/// Why a scan could not be done at all.
public enum ScanError: Error, CustomStringConvertible {
    case rootUnreadable(path: String, reason: String)
    case infoPlist(AppInfo.ReadError)

    public var description: String {
        switch self {
        case .rootUnreadable(let path, let reason): "\(escapedForDisplay(path)): cannot scan: \(reason)"
        case .infoPlist(let error): error.description
        }
    }
}

/// The folder a scan read, as reports show it.
public struct ScannedFolder: Sendable, Hashable {
    /// The scanned folder, absolute and escaped like every path in reports, for reporters that
    /// need absolute paths.
    public var absolute: String
    /// The scanned folder as the user gave it (`.`, `App`), escaped, for reporters whose paths
    /// are read relative to the working directory.
    public var given: String

    public init(absolute: String, given: String? = nil) {
        self.absolute = absolute
        self.given = given ?? absolute
    }

    /// The folder `root` names, as given and resolved.
    package init(root: String) {
        self.init(absolute: escapedForDisplay(realPath(root) ?? root), given: escapedForDisplay(root))
    }
}

/// Which Info.plist a scan read, and why.
public enum InfoPlistChoice: Sendable, Hashable, Codable {
    /// The one the options named, shown relative to the scanned folder when it lies inside.
    case given(path: String)
    /// The most app-like one in the tree, and how many other plausible ones there were.
    case found(path: String, otherCandidates: Int)
    /// The one a project target names (`INFOPLIST_FILE`).
    case target(path: String, target: String)
    /// The tree has none: an iPhone app with the default launch image name is assumed.
    case none
}

/// An inventory read from disk, with how its Info.plist was chosen.
public struct ScanResult: Sendable {
    /// The primary app's inventory: the only one without a project, else the project's first
    /// iOS app (or the one `--target` names).
    public var inventory: Inventory
    /// Every app-like target of the project, each as its own app; empty without an Xcode project.
    public var targets: [TargetInventory] = []
    /// The folder scanned, as reports show it.
    public var folder: ScannedFolder
    public var infoPlist: InfoPlistChoice
    /// Folders that could not be read, links not followed, property lists that did not parse.
    public var issues: [WalkIssue]
    /// What this run found in each image and source file, for the cache; empty without one.
    package var cacheEntries: [String: ScanCache.Entry] = [:]
    /// How many image and source files the cache answered for, unopened.
    var cacheHits = 0
    /// Every folder listed and file read, for the report snapshot; empty without a cache.
    package var read: [FileSystemPath] = []
    /// What the walk saw in each folder it listed below the root, for the report snapshot.
    package var listings: [FileSystemPath: ContentDigest] = [:]
    /// Files of `read` the scan did not open after all (test and vendored code, files the
    /// `excluded` globs leave out), by display path: a change to one changes nothing.
    package var unread: Set<String> = []
    /// The renditions of a built app's compiled asset catalog, with the catalog's path.
    var renditions: [(catalog: String, rendition: CompiledCatalog.Rendition)] = []
    /// What the scan gathered and needs no more, freed with the result, not before the rules.
    var leftovers: ScanLeftovers?
}

/// What a scan gathered and no longer needs (the walk, every file it found, the facts the
/// inventory was made from), held until the ``ScanResult`` goes: freeing 20,000 images' worth
/// of objects one at a time took 5 ms between the scan and the rules, and a lint ends without
/// freeing them at all.
final class ScanLeftovers: Sendable {
    let facts: [ScanFacts]
    let content: ContentFiles
    let walk: SourceTree?

    init(facts: [ScanFacts], content: ContentFiles, walk: SourceTree?) {
        self.facts = facts
        self.content = content
        self.walk = walk
    }
}

/// Scans an app: a source folder, a built `.app` or an `.ipa`. Its ``FileSource`` gathers the
/// facts (a folder is walked once and each ``InputScanner`` reads the files it claims; an
/// archive is read in place), and one ``assemble(_:options:)`` builds the targets, the
/// inventory and the content pass from them, whatever the source.
///
/// Swift sources and `Package.swift` manifests are parsed only with ``ScanOptions/swiftSyntax``;
/// TallCheckKit's `InventoryScanner` scans with it.
public enum AppScanner {
    public static func scan(_ options: ScanOptions) throws(ScanError) -> ScanResult {
        try scan(options) { _ in }
    }

    /// ``scan(_:)``, calling `beside` with the inventory a lint reads (the app's, or its one
    /// target's) once it is made and before the content pass, which then fills in only its
    /// ``Inventory/contents`` and ``Inventory/contentSurvey``: work that needs neither can
    /// start on another thread there (a lint's rules that read no contents), beside the pass.
    /// Not called when the scan finds more than one target.
    package static func scan(
        _ options: ScanOptions, beside: (Inventory) -> Void
    ) throws(ScanError) -> ScanResult {
        let source = try FileSources.source(of: options.root)
        return assemble(try source.gather(options), options: options, beside: beside)
    }

    /// The App Store icons with an alpha channel whose every pixel is opaque: each decoded once
    /// (an app has one or a few), from a regular file of the tree within its limit.
    static func opaqueStoreIcons(_ sets: [CatalogSet], images: [String: ScannedImage], root: String) -> Set<String> {
        var opaque: Set<String> = []
        for set in sets where set.kind == .appIcon && set.compiledCatalog == nil {
            for (entry, path) in set.presentEntries where entry.idiom == "ios-marketing" {
                guard images[path]?.facts.png?.colorType.hasAlpha == true,
                    case .success(var bytes) = readRegularFile(
                        FileSystemPath(root + "/" + path), limit: ReadLimits.standard.recompressFileBytes),
                    case .success(255) = PNGContent().lowestAlpha(ofMemory: &bytes)
                else { continue }
                opaque.insert(path)
            }
        }
        return opaque
    }

    /// The one scan after the files are gathered, whatever they came from: the deployment
    /// target, the targets' inventories, the primary inventory, the content pass (with
    /// `beside`, as ``scan(_:beside:)`` says).
    static func assemble(
        _ gathered: GatheredFiles, options: ScanOptions, beside: (Inventory) -> Void = { _ in }
    ) -> ScanResult {
        var facts = gathered.facts
        let timings = PhaseTimings.shared
        var deploymentTarget = options.deploymentTarget
        var source = DeploymentTargetSource.option
        if let project = facts.projectDeploymentTarget {
            deploymentTarget = project.version
            source = .xcodeProject(project.project)
        }
        facts.references.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
        var targets = timings.measure("  targets and inventory") {
            TargetInventories.make(facts: &facts, options: options)
        }
        var inventory: Inventory
        if let primary = facts.primaryTarget, !targets.isEmpty {
            inventory = targets[primary].inventory
        } else {
            inventory = timings.measure("  inventory") {
                Inventory(
                    images: facts.images, info: facts.info, deploymentTarget: deploymentTarget,
                    deploymentTargetSource: source, catalogSets: facts.catalogSets,
                    catalogProblems: facts.catalogProblems,
                    // Without a project, the tree is an iOS app.
                    bundle: facts.bundle, references: facts.references.map { $0.compiled(for: .iOS) },
                    sourceFileCount: facts.sourceFileCount,
                    symbolSets: facts.symbolSets,
                    codeNames: facts.codeNames, webImageNames: facts.webImageNames,
                    namesShownScaled: facts.namesShownScaled,
                    namesOnlyUncalled: facts.namesOnlyUncalled, groupsAssets: options.groupsAssets)
            }
            inventory.deviceClasses = options.deviceClasses
            inventory.readCodeNames = options.readsCodeNames && options.readsSources
            if options.readsSources { inventory.codePassingNames = facts.codePassingNames }
            // What the code and the data files spell: indexed by the rules' own lookups when
            // there is no target (``Inventory/codeNameIndex`` nil).
            SpelledNames(facts, asking: [inventory], frameworkNibs: [], indexesCode: false).give(&inventory)
        }
        if case .folder = gathered.content {
            let opaque = timings.measure("  App Store icons' alpha") {
                // Every target's catalogs: each project compiles its own.
                Self.opaqueStoreIcons(
                    facts.catalogSets,
                    images: targets.reduce(into: inventory.catalogImages) { all, target in
                        all.merge(target.inventory.catalogImages) { first, _ in first }
                    }, root: options.root)
            }
            inventory.opaqueStoreIcons = opaque
            for index in targets.indices { targets[index].inventory.opaqueStoreIcons = opaque }
        }
        if targets.count <= 1 { beside(targets.first?.inventory ?? inventory) }
        if !options.contentChecks.isEmpty {
            var scanner = ContentScanner(
                checks: options.contentChecks, decodesEveryGroup: options.probeDepth == .verify)
            if case .archive = gathered.content { scanner.reader = ArchiveEntries.reader }
            let (contents, survey) = timings.measure("  content (duplicates, weight)") {
                scanner.scan(inventory, files: gathered.content, cached: facts.cachedReads)
            }
            inventory.contents = contents
            for index in targets.indices { targets[index].inventory.contents = contents }
            // Kept with each file's cache entry; what this run did not need is dropped.
            for path in facts.cacheEntries.keys {
                guard case .image = facts.cacheEntries[path]!.content else { continue }
                facts.cacheEntries[path]!.read = contents[path].flatMap(ScanCache.ContentRead.init)
            }
            inventory.contentSurvey = survey
            for index in targets.indices { targets[index].inventory.contentSurvey = survey }
            facts.issues += survey.unreadable.sorted { $0.key < $1.key }.map { path, reason in
                WalkIssue(path: path, kind: .skipped, message: "not compared or weighed past its header: \(reason)")
            }
        }
        var result = ScanResult(
            inventory: inventory, targets: targets, folder: ScannedFolder(root: options.root),
            infoPlist: facts.infoPlist,
            issues: facts.issues, cacheEntries: facts.cacheEntries, cacheHits: facts.cacheHits, read: gathered.read)
        result.renditions = gathered.renditions
        result.listings = gathered.listings
        result.unread = facts.unread
        result.leftovers = ScanLeftovers(
            facts: [gathered.facts, facts], content: gathered.content, walk: gathered.walk)
        return result
    }

    /// Every folder the scan listed and every file it may have read: the walk's folders, links
    /// and claimed files, and everything below the folders scanners took whole (catalogs).
    static func readSet(of tree: SourceTree, followsSymbolicLinks: Bool) -> [FileSystemPath] {
        var read = tree.folders + tree.links
        let whole = SourceTreeWalker(claims: [EveryFile()], followsSymbolicLinks: followsSymbolicLinks)
        for (claim, files) in zip(tree.claims, tree.claimed) {
            for file in files {
                let name = String(
                    decoding: file.location.bytes.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
                if claim.claims(folderNamed: name) {
                    let below = whole.walk(file.location)
                    read += below.folders + below.links + below.claimed[0].map(\.location)
                } else {
                    read.append(file.location)
                }
            }
        }
        return read
    }

    /// What a built app holds that is not read: its compiled storyboards.
    static func builtAppNotes(root: String, info: AppInfo?) -> [WalkIssue] {
        func exists(_ name: String) -> Bool {
            var status = stat()
            return FileSystemPath.withCString(root + "/" + name) { lstat($0, &status) } == 0
        }
        var notes: [WalkIssue] = []
        for name in Set(info?.launchStoryboardName.values.map { $0 } ?? []).sorted()
        where exists(name + ".storyboardc") {
            notes.append(
                WalkIssue(
                    path: name + ".storyboardc", kind: .skipped,
                    message: "compiled storyboard: it holds no image names TallCheck can read, so the launch "
                        + "screen's images are not checked"))
        }
        return notes
    }

    /// `path` relative to `root` when it lies inside it.
    static func relativePath(_ path: String, to root: String) -> String? {
        guard let resolved = realPath(path), let resolvedRoot = realPath(root),
            resolved.hasPrefix(resolvedRoot + "/")
        else { return nil }
        return String(resolved.dropFirst(resolvedRoot.count + 1))
    }
}

extension FolderSource {
    /// Whether the names are filtered as they are read (``ScanOptions/filtersNamesEarly``).
    /// Keys are made for each image, the filter saves work on each name: a tree of many images
    /// and few files that spell names keeps every name, for the inventory's keys to filter.
    static func filtersNamesEarly(_ options: ScanOptions, tree: SourceTree) -> Bool {
        guard options.filtersNamesEarly, options.readsCodeNames, options.cache == nil,
            !BundleModel.isBuiltApp(root: options.root)
        else { return false }
        var (images, spellers) = (0, 0)
        for (claim, files) in zip(tree.claims, tree.claimed) {
            if claim is ImageInput { images += files.count }
            if claim is SourceInput || claim is DataNamesInput { spellers += files.count }
        }
        return images <= maxImagesPerSpeller * spellers
    }

    /// Image files per source or data file above which names are not filtered early.
    static let maxImagesPerSpeller = 2
}

/// Claims every file: for listing all that lies below a folder.
private struct EveryFile: WalkClaim {
    func claims(fileNamed name: String) -> Bool { true }
    func claims(folderNamed name: String) -> Bool { false }
}

/// A folder: a source tree, or a built `.app`. Walked once; each ``InputScanner`` reads the
/// files it claims (images probed on all cores; catalogs, the Info.plist and the projects read).
struct FolderSource: FileSource {
    func gather(_ options: ScanOptions) throws(ScanError) -> GatheredFiles {
        let folder = FileSystemPath.withCString(options.root) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folder >= 0 else {
            throw .rootUnreadable(path: options.root, reason: errnoDescription())
        }
        close(folder)
        let scanners = InputScanners.all + options.extraInputs
        let timings = PhaseTimings.shared
        let tree = timings.measure("  walk") {
            var walker = SourceTreeWalker(
                // Each upcast where the compiler knows the conformance: casting the array at
                // run time searches the program's conformances for each scanner.
                claims: scanners.map { $0 as any WalkClaim }, skipsNonSourceFolders: true,
                followsSymbolicLinks: options.followsSymbolicLinks)
            walker.stampsFiles = options.cache != nil
            return walker.walk(options.root)
        }
        // The keys the names the code and the data files spell are filtered by, made beside the
        // steps below, before anything reads those files (``ScanOptions/filtersNamesEarly``).
        let nameFilter =
            Self.filtersNamesEarly(options, tree: tree)
            ? BackgroundJob {
                timings.measure("  early name keys (background)") {
                    EarlyNameKeys.filter(tree: tree, followsSymbolicLinks: options.followsSymbolicLinks)
                }
            } : nil
        @Sendable func filtering(_ options: ScanOptions) -> ScanOptions {
            var filtering = options
            filtering.earlyNameFilter = nameFilter
            return filtering
        }
        // Without globs every file is admitted: the list is passed on as it is, not copied file by file.
        let filters = !options.pathFilter.included.isEmpty || !options.pathFilter.excluded.isEmpty
        func admitted(_ scanner: any InputScanner, _ files: [FoundFile]) -> [FoundFile] {
            filters && scanner.obeysPathFilter ? files.filter { options.pathFilter.admits($0.displayPath) } : files
        }
        var facts = ScanFacts()
        if options.cache != nil, filters {
            for (scanner, files) in zip(scanners, tree.claimed) where scanner.obeysPathFilter {
                for file in files where !options.pathFilter.admits(file.displayPath) {
                    facts.unread.insert(file.displayPath)
                }
            }
        }
        facts.issues = tree.issues
        facts.sourcePaths =
            zip(scanners, tree.claimed).first { $0.0 is SourceInput }.map { scanner, files in
                admitted(scanner, files).map(\.displayPath)
            } ?? []
        // Sources need nothing the other inputs find: read them on another thread meanwhile, so
        // parsing fills the cores the image pass and the serial steps leave idle.
        // Without reading them, the walk still lists the sources: each target's code files are known.
        let sourceInput = zip(scanners, tree.claimed).first { options.readsSources && $0.0 is SourceInput }.map {
            scanner, files in (input: scanner as! SourceInput, files: admitted(scanner, files))
        }
        let sources = sourceInput.map { input, files in
            BackgroundJob {
                let options = filtering(options)
                return timings.measure("  sources (background)") { input.read(files, options: options) }
            }
        }
        // The data files too: they need only the names' filter.
        let dataInput = zip(scanners, tree.claimed).first { $0.0 is DataNamesInput }.map { scanner, files in
            (input: scanner as! DataNamesInput, files: admitted(scanner, files))
        }
        let data = dataInput.map { input, files in
            BackgroundJob {
                let options = filtering(options)
                return timings.measure("  data files (background)") {
                    var read = ScanFacts()
                    input.scan(files, options: options, into: &read)
                    return read
                }
            }
        }
        // The project files need nothing the other inputs find: they are parsed on another
        // thread from the start (a 1 MB project.pbxproj takes longer than a thousand images to
        // probe). The bundle model they give needs the images' paths, not what the probe reads:
        // it is made beside the probe.
        let projectInput = zip(scanners, tree.claimed).first { $0.0 is ProjectInput }.map { scanner, files in
            (input: scanner as! ProjectInput, files: admitted(scanner, files))
        }
        let parsing = projectInput.map { input, files in
            BackgroundJob { timings.measure("  projects parsed (background)") { input.parse(files, options: options) } }
        }
        var projects: (job: BackgroundJob<ScanFacts>, issuesBefore: Int)?
        // The strings other inputs took for data names (the Info.plists'), which no filter drops.
        var namesBeforeData = DataStrings()
        for (scanner, files) in zip(scanners, tree.claimed) where !(scanner is SourceInput) {
            if scanner is ImageInput, let input = projectInput?.input, let parsing {
                let imagePaths = ImageInput.listedPaths(admitted(scanner, files), options: options, facts: facts)
                let given = facts
                projects = (
                    BackgroundJob {
                        // Waiting here holds no thread the parsing needs: it was queued first on
                        // the same queue, so it has started (or ended) before this job starts.
                        let parsed = parsing.result()
                        return timings.measure("  bundle model (beside the probe)") {
                            var read = given
                            input.scan(parsed, imagePaths: imagePaths, options: options, into: &read)
                            return read
                        }
                    }, facts.issues.count
                )
            }
            if scanner is DataNamesInput, let data {
                // What ``DataNamesInput`` gives, in its place among the inputs.
                let read = timings.measure("  waiting for the data files") { data.result() }
                namesBeforeData = facts.dataNames
                facts.issues += read.issues
                facts.dataNames.append(contentsOf: read.dataNames)
                facts.webImageNames.formUnion(read.webImageNames)
                continue
            }
            if let input = scanner as? ProjectInput, let parsing {
                timings.measure("  waiting for the projects") {
                    if let (job, issuesBefore) = projects {
                        ProjectInput.merge(job.result(), into: &facts, issuesBefore: issuesBefore)
                    } else {
                        // No image input: the bundle model is made here, for no images.
                        input.scan(
                            parsing.result(), imagePaths: facts.images.map(\.path), options: options, into: &facts)
                    }
                }
                continue
            }
            try timings.measure("  \(type(of: scanner))") { () throws(ScanError) in
                try scanner.scan(admitted(scanner, files), options: options, into: &facts)
            }
        }
        timings.measure("  waiting for the sources") { sources?.result().add(to: &facts) }
        if let filter = nameFilter?.sharedResult() {
            // Read again, unfiltered (`options` holds no filter), only if an image turns out to
            // be asked for by a key the filter lacks.
            facts.namesFilter = (
                filter,
                { [namesBeforeData] in
                    var read = ScanFacts()
                    read.dataNames = namesBeforeData
                    if let (input, files) = sourceInput { input.read(files, options: options).add(to: &read) }
                    if let (input, files) = dataInput { input.scan(files, options: options, into: &read) }
                    return UnfilteredNames(codeNames: read.codeNames, dataNames: read.dataNames)
                }
            )
        }
        var builtAppCatalog: [FileSystemPath] = []
        if facts.bundle.map({ $0.source == .assumed }) ?? true, BundleModel.isBuiltApp(root: options.root) {
            facts.bundle = .builtApp(images: facts.images.map(\.path))
            let compiled = CompiledCatalog.read(
                inApp: options.root, info: facts.info, admits: options.pathFilter.admits)
            facts.images += compiled.sets.images
            facts.catalogSets += compiled.sets.sets
            facts.issues += compiled.issues + AppScanner.builtAppNotes(root: options.root, info: facts.info)
            builtAppCatalog = [FileSystemPath(options.root + "/Assets.car")]
        }
        var gathered = GatheredFiles(
            facts: facts, content: .folder(facts.imageFiles),
            read: options.cache == nil
                ? []
                : timings.measure("  read set (for the cache)") {
                    AppScanner.readSet(of: tree, followsSymbolicLinks: options.followsSymbolicLinks) + builtAppCatalog
                }, listings: tree.listings)
        gathered.walk = tree
        return gathered
    }
}
