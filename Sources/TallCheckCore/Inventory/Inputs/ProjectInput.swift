/// Project files, which decide what ships and where: Xcode projects (`project.pbxproj`) and
/// MSBuild projects (`*.csproj`). They give the bundle model (``BundleModel``) and, when
/// nothing else does, the deployment target. Without one, every loose image is assumed to ship.
package struct ProjectInput: InputScanner {
    package init() {}

    package func claims(fileNamed name: String) -> Bool {
        // Asked of every file of the tree: the last byte rules out nearly all at once.
        switch name.utf8.last {
        case UInt8(ascii: "j"): name == "project.pbxproj" || name.hasSuffix(".csproj")
        case UInt8(ascii: "g"): name.hasSuffix(".xcconfig")
        case UInt8(ascii: "h"): name.hasSuffix("-resources.sh")
        case UInt8(ascii: "t"): name == "Package.swift"
        default: false
        }
    }

    /// ``ReadLimits/projectBytes``.
    static let maxBytes = ReadLimits.standard.projectBytes

    package func scan(_ projects: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) {
        scan(parse(projects, options: options), imagePaths: facts.images.map(\.path), options: options, into: &facts)
    }

    /// The project files read, before anything else is known of the tree: reading them needs
    /// nothing the other inputs find, so a folder's scan does it while they run.
    ///
    /// `@unchecked Sendable`: an Xcode project keeps its property list as Foundation reads it
    /// (`[String: Any]`). The values are never changed after reading, and are handed from the
    /// thread that read them to the one that uses them once, after the reading thread is done.
    struct Parsed: @unchecked Sendable {
        var xcode: [XcodeProject] = []
        var msbuild: [MSBuildProject] = []
        var pods: [CocoaPodsResources] = []
        var packages: [SwiftPackage] = []
        /// Files that could not be read, or read as what they should be.
        var issues: [WalkIssue] = []
    }

    /// Reads and parses the project files: `.xcconfig` files first (the projects' targets read
    /// their settings from them), then manifests, CocoaPods' scripts and the projects.
    func parse(_ projects: [FoundFile], options: ScanOptions) -> Parsed {
        var parsed = Parsed()
        var configFiles: [String: XcodeConfigFile] = [:]
        /// The file's bytes, or nil with a note saying what is not known without them.
        func read(_ file: FoundFile, limit: Int, unknown: String) -> [UInt8]? {
            switch readRegularFile(file, limit: limit) {
            case .success(let bytes): return bytes
            case .failure(let failure):
                parsed.issues.append(
                    WalkIssue(path: file.displayPath, kind: .skipped, message: "\(failure.message); \(unknown)"))
                return nil
            }
        }
        for file in projects where file.displayPath.hasSuffix(".xcconfig") {
            guard let bytes = read(file, limit: XcodeConfigFile.maxBytes, unknown: "its settings are not read") else {
                continue
            }
            configFiles[file.displayPath] = XcodeConfigFile(bytes: bytes)
        }
        // A package's own dependencies' checkouts are not the app's.
        parsed.packages = projects.filter {
            $0.displayPath.hasSuffix("Package.swift") && !SourceInput.isVendored($0.displayPath)
        }
        .compactMap { file -> SwiftPackage? in
            guard let swiftSyntax = options.swiftSyntax else {
                parsed.issues.append(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "not read: manifests are read by TallCheckSwiftSyntax, which this scan was not given; "
                            + "the package's resources are not checked"))
                return nil
            }
            return read(file, limit: SwiftPackage.maxBytes, unknown: "the package's resources are not checked").map {
                swiftSyntax.package(manifest: $0, path: file.displayPath)
            }
        }
        parsed.pods = projects.filter { CocoaPodsResources.isScript($0.displayPath) }.compactMap { file in
            read(file, limit: CocoaPodsResources.maxBytes, unknown: "what CocoaPods copies into the app is not known")
                .map { CocoaPodsResources(script: $0, path: file.displayPath) }
        }
        // A vendored SDK's sample apps (`Vendor/FacebookSDK/Samples/Scrumptious`) are not the
        // app's targets: their projects are left out, and said so once.
        let samples = projects.filter { Self.isThirdPartySample($0.displayPath) }
        if let first = samples.first {
            parsed.issues.append(
                WalkIssue(
                    path: first.displayPath, kind: .skipped,
                    message: "\(samples.count) project\(samples.count == 1 ? "" : "s") of a vendored SDK's sample or "
                        + "example apps left out (not the app's targets; their code and images are not checked)"))
        }
        for file in projects
        where !file.displayPath.hasSuffix(".xcconfig") && !file.displayPath.hasSuffix(".sh")
            && !file.displayPath.hasSuffix(".swift") && !Self.isThirdPartySample(file.displayPath)
        {
            let isXcode = file.displayPath.hasSuffix(".pbxproj")
            let bytes: [UInt8]
            // An MSBuild project is read in pieces with its long values cut (`XMLValueCutter`):
            // a 60 MiB attribute is never held, here or by libxml2.
            var cutter = XMLValueCutter()
            let read =
                isXcode
                ? readRegularFile(file, limit: Self.maxBytes)
                : readRegularFile(file, limit: Self.maxBytes) { cutter.take($0) }.map {
                    cutter.finish()
                    return cutter.kept
                }
            switch read {
            case .success(let read): bytes = read
            case .failure(let failure):
                parsed.issues.append(
                    WalkIssue(path: file.displayPath, kind: .skipped, message: "\(failure.message); skipped"))
                continue
            }
            if let cut = cutter.firstCut {
                parsed.issues.append(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "its \(cut.what) on line \(cut.line) is \(cut.bytes) bytes, longer than any "
                            + "MSBuild value (at most \(XMLValueCutter.maxValueBytes)); read cut to that length"))
            }
            do {
                if isXcode {
                    parsed.xcode.append(try XcodeProject(data: bytes, path: file.displayPath, configFiles: configFiles))
                } else {
                    parsed.msbuild.append(try MSBuildProject(data: bytes, path: file.displayPath))
                }
            } catch {
                parsed.issues.append(
                    WalkIssue(
                        path: file.displayPath, kind: .skipped,
                        message: "cannot be read as a project: \(error); its bundle layout is not known"))
            }
        }
        return parsed
    }

    /// Whether `path` lies in a sample or example app inside vendored code: a folder such as
    /// `Samples`, `Examples` or `Demo` below one such as `Vendor`, `ThirdParty` or `Local Pods`.
    static func isThirdPartySample(_ path: String) -> Bool {
        let folders = path.split(separator: "/").dropLast()
        guard let vendored = folders.firstIndex(where: { vendoredRoots.contains($0.lowercased()) }) else {
            return false
        }
        return folders[folders.index(after: vendored)...].contains { sampleFolders.contains($0.lowercased()) }
    }

    private static let vendoredRoots: Set<String> = [
        "vendor", "vendors", "thirdparty", "third-party", "third_party", "3rdparty", "external", "externals",
        "libraries", "submodules", "local pods", "pods", "carthage",
    ]
    private static let sampleFolders: Set<String> = [
        "samples", "sample", "examples", "example", "demo", "demos", "sampleapps", "sample apps",
    ]

    /// Builds the bundle model from the parsed projects for the images at `imagePaths`
    /// (``ScanFacts/images``' paths): all this input needs of the images, so it can run before
    /// the probe has read them. Of `facts` it reads the catalog sets, the Info.plist and the
    /// sources' paths; it writes what ``merge(_:into:issuesBefore:)`` copies.
    func scan(_ parsed: Parsed, imagePaths: [String], options: ScanOptions, into facts: inout ScanFacts) {
        let setFolders = Set(facts.catalogSets.map(\.folder))
        let loose = imagePaths.filter { path in
            setFolders.isEmpty
                || !setFolders.contains(String(path[..<(path.lastIndex(ofByte: UInt8(ascii: "/")) ?? path.startIndex)]))
        }
        facts.issues += parsed.issues
        if options.deploymentTarget == nil, facts.info?.minimumOSVersion == nil {
            facts.projectDeploymentTarget = parsed.xcode.compactMap { project in
                project.lowestDeploymentTarget.map { ProjectDeploymentTarget(version: $0, project: project.path) }
            }.min { $0.version < $1.version }
        }
        facts.bundle = bundleModel(
            xcode: parsed.xcode, msbuild: parsed.msbuild, pods: parsed.pods, packages: parsed.packages, images: loose,
            options: options, facts: &facts)
    }

    /// Copies what ``scan(_:imagePaths:options:into:)-(Parsed,_,_,_)`` wrote into `read` (a copy of the facts
    /// it was given, which then had `issuesBefore` issues) over to `facts`, which other inputs
    /// changed meanwhile: every field it writes.
    static func merge(_ read: ScanFacts, into facts: inout ScanFacts, issuesBefore: Int) {
        facts.issues += read.issues[issuesBefore...]
        facts.projectDeploymentTarget = read.projectDeploymentTarget
        facts.bundle = read.bundle
        facts.targets = read.targets
        facts.primaryTarget = read.primaryTarget
        facts.otherTargets = read.otherTargets
    }

    private func bundleModel(
        xcode: [XcodeProject], msbuild: [MSBuildProject], pods: [CocoaPodsResources] = [],
        packages: [SwiftPackage] = [], images: [String],
        options: ScanOptions,
        facts: inout ScanFacts
    ) -> BundleModel {
        // The shallowest project first: the app's own, before those of its dependencies.
        func depth(_ path: String) -> Int { path.split(separator: "/").count }
        let sourcePaths = ImagesByFolder(facts.sourcePaths)
        let imageFolders = pods.isEmpty ? nil : ImagesByFolder(images)
        let catalogs = Set(
            facts.catalogSets.compactMap { set in
                set.folder.range(of: ".xcassets/").map { String(set.folder[..<$0.lowerBound]) + ".xcassets" }
            }
        ).sorted()
        let xcodeProjects = xcode.sorted { (depth($0.path), $0.path) < (depth($1.path), $1.path) }
        var onlyConfiguration = options.configuration
        if let wanted = options.configuration,
            !xcodeProjects.contains(where: { project in
                project.nativeTargets.contains { project.configurationNames(of: $0).contains(wanted) }
            }), let first = xcodeProjects.first
        {
            let known = Set(
                xcodeProjects.flatMap { project in project.nativeTargets.flatMap(project.configurationNames) })
            facts.issues.append(
                WalkIssue(
                    path: first.path, kind: .skipped,
                    message: "no build configuration named '\(wanted)'; reading every configuration (configurations: "
                        + known.sorted().joined(separator: ", ") + ")"))
            onlyConfiguration = nil
        }
        // One entry per target, or per group of its configurations when they differ.
        let all = xcodeProjects.flatMap { project in
            project.nativeTargets.flatMap { target in
                project.projectTargets(target, sourcePaths: sourcePaths, only: onlyConfiguration).map {
                    (project: project, target: target, model: $0)
                }
            }
        }
        facts.otherTargets = all.map(\.model).filter { !$0.isAppLike }
        var appLike = all.filter { $0.model.isAppLike }
        // MSBuild projects: each one a target on its platform (an iOS and a tvOS project of one
        // solution), beside the Xcode projects of the same tree (a .NET app beside its watch
        // app's Xcode project), the shallowest first.
        // A project for no Apple platform (an Android or Windows app of the same solution, a
        // plain .NET library) is none of the lint's: its files are not the app's.
        let projects = msbuild.filter(\.isApple).sorted { (depth($0.path), $0.path) < (depth($1.path), $1.path) }
        let wantedInMSBuild = options.target.map { wanted in projects.contains { $0.name == wanted } } ?? false
        if wantedInMSBuild {
            // The target asked for is a .NET project's: the Xcode targets are others.
            facts.otherTargets += appLike.map(\.model)
            appLike = []
        }
        if !appLike.isEmpty {
            if let wanted = options.target {
                let matches = appLike.filter { $0.target.name == wanted }
                if !matches.isEmpty {
                    // The others are still the project's: their code is theirs, not orphaned.
                    facts.otherTargets += appLike.filter { $0.target.name != wanted }.map(\.model)
                    appLike = matches
                } else {
                    facts.issues.append(
                        WalkIssue(
                            path: appLike[0].project.path, kind: .skipped,
                            message: "no target named '\(wanted)'; linting every target (targets: "
                                + uniqued(appLike.map(\.target.name)).joined(separator: ", ") + ")"))
                }
            }
            // The primary app: the first iOS app, else the first app, else the first app-like target.
            let primary =
                appLike.firstIndex { $0.model.kind == .app && $0.model.platform == .iOS }
                ?? appLike.firstIndex { $0.model.kind == .app } ?? 0
            let names = uniqued(appLike.map(\.target.name))
            for (index, entry) in appLike.enumerated() {
                var model = BundleModel(
                    source: .xcodeProject(
                        path: entry.project.path, target: entry.target.name,
                        otherTargets: names.filter { $0 != entry.target.name }))
                model.knowsCatalogs()
                entry.project.place(target: entry.target, images: images, catalogs: catalogs, into: &model)
                for script in pods where script.copies(into: entry.target.name) {
                    if let imageFolders { script.place(images: imageFolders, target: entry.target.name, into: &model) }
                }
                // A WatchKit extension's code loads the images of the watch app that embeds it.
                if entry.model.kind == .watchExtension {
                    for host in all where host.model.embeds(watchExtension: entry.target.name) {
                        host.project.place(target: host.target, images: images, catalogs: catalogs, into: &model)
                    }
                }
                for image in images where !model.ships(image) {
                    model.leaveOut(image, because: "not in \(entry.target.name)'s Copy Bundle Resources")
                }
                facts.targets.append(TargetFacts(target: entry.model, bundle: model))
                if index == primary { facts.primaryTarget = facts.targets.count - 1 }
            }
            // Each local package target is its own bundle, judged with the code in its folder.
            let packageImages = ImagesByFolder(images)
            for package in packages where options.target == nil {
                for target in package.targets {
                    guard var projectTarget = package.projectTarget(target, sourcePaths: sourcePaths),
                        !projectTarget.sources.isEmpty || !packageImages.below(target.folder).isEmpty
                            || catalogs.contains(where: { $0.hasPrefix(target.folder + "/") })
                    else { continue }
                    // A package serves the devices of the apps that link it: those of the project's
                    // apps on its platform, when there are any.
                    let appFamilies = Set(
                        facts.targets.filter {
                            $0.target.kind != .package && $0.target.platform == projectTarget.platform
                        }
                        .flatMap(\.target.deviceFamilies))
                    if !appFamilies.isEmpty { projectTarget.deviceFamilies = appFamilies }
                    var model = BundleModel(source: .swiftPackage(path: package.path, target: target.name))
                    model.knowsCatalogs()
                    package.place(target, images: packageImages, catalogs: catalogs, into: &model)
                    for image in images where !model.ships(image) {
                        model.leaveOut(image, because: "not a resource of the package target \(target.name)")
                    }
                    facts.targets.append(TargetFacts(target: projectTarget, bundle: model))
                }
            }
        }
        let xcodeTargets = facts.targets.count
        if !projects.isEmpty {
            var chosen = projects
            if let wanted = options.target, wantedInMSBuild {
                chosen = projects.filter { $0.name == wanted }
            } else if options.target != nil, xcodeTargets > 0 {
                // The target asked for is an Xcode project's: the .NET projects are others.
                chosen = []
                facts.otherTargets += projects.map { $0.target(sourcePaths: facts.sourcePaths) }
            }
            // Every .NET project by path, Apple's or not: a referenced library's code and XAML
            // are built into the app that references it.
            let byPath = Dictionary(msbuild.map { ($0.path, $0) }) { first, _ in first }
            for project in chosen {
                var target = project.target(sourcePaths: facts.sourcePaths)
                var pending = project.projectReferences
                var seen: Set<String> = [project.path]
                while let next = pending.popLast(), seen.count < 64 {
                    guard seen.insert(next).inserted, let referenced = byPath[next] else { continue }
                    // An app or extension it embeds is a target of its own, not its code.
                    let library = referenced.target(sourcePaths: facts.sourcePaths)
                    guard library.kind == .framework else { continue }
                    target.sources.formUnion(library.sources)
                    target.interfaceFiles.formUnion(library.interfaceFiles)
                    pending += referenced.projectReferences
                }
                var model = BundleModel(source: .msbuild(path: project.path, sdkStyle: project.isSDKStyle))
                project.place(images: images, catalogs: catalogs, into: &model)
                for image in images where !model.ships(image) {
                    model.leaveOut(image, because: "no BundleResource or Content item of \(project.path) names it")
                }
                guard target.isAppLike else {
                    facts.otherTargets.append(target)
                    continue
                }
                facts.targets.append(TargetFacts(target: target, bundle: model))
            }
        }
        guard !facts.targets.isEmpty else { return .assumed(images: images) }
        // The primary app: an Xcode project's as chosen above; with none, or when the Xcode
        // projects hold no iOS app and a .NET project does, the first iOS .NET app.
        let xcodeHasIOSApp = facts.targets.prefix(xcodeTargets).contains {
            $0.target.kind == .app && $0.target.platform == .iOS
        }
        if facts.primaryTarget == nil || !xcodeHasIOSApp,
            let dotnet = facts.targets.indices.dropFirst(xcodeTargets).first(where: {
                facts.targets[$0].target.platform == .iOS
            })
        {
            facts.primaryTarget = dotnet
        }
        return facts.targets[facts.primaryTarget ?? 0].bundle
    }
}

/// The names in their first order, each once.
private func uniqued(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
}
