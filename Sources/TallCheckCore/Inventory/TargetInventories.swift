/// One app-like target of the project, as its own app: what it ships, the code it builds,
/// its platform and devices.
public struct TargetInventory: Sendable {
    public var target: ProjectTarget
    public var inventory: Inventory

    /// The target's name, and the build configurations this inventory holds for when the
    /// target's differ (`podcasts (Debug)`, `podcasts (Release, Staging)`): what tells two
    /// inventories of one target apart in a listing.
    public var name: String {
        target.name + (inventory.buildConfigurations.map { " (\($0.joined(separator: ", ")))" } ?? "")
    }

    /// ``ProjectTarget/summary``, with the build configurations when the target's differ.
    public var summary: String {
        guard let configurations = inventory.buildConfigurations else { return target.summary }
        return target.summary + ", configurations " + configurations.joined(separator: ", ")
    }
}

/// Turns the scan's facts into one inventory per app-like target (docs/targets-and-platforms.md):
/// each judges the code and Interface Builder files the target builds against the bundle the
/// target makes, on the devices of its platform.
enum TargetInventories {
    /// The devices a target runs on. An Xcode target's `TARGETED_DEVICE_FAMILY` overwrites the
    /// Info.plist's; a Xamarin or .NET project has no such setting: its Info.plist's
    /// `UIDeviceFamily` decides, and without one the build writes iPhone (docs/build-model.md).
    static func deviceFamilies(of target: ProjectTarget, info: AppInfo?) -> Set<Idiom> {
        guard target.project.hasSuffix(".csproj"), target.platform == .iOS else { return target.deviceFamilies }
        let declared = (info?.deviceFamilies ?? [.phone]).intersection(Idiom.iOS)
        return declared.isEmpty ? target.deviceFamilies : declared
    }

    static func make(facts: inout ScanFacts, options: ScanOptions) -> [TargetInventory] {
        guard !facts.targets.isEmpty else { return [] }
        let plistsOfTargets = Set(facts.targets.compactMap(\.target.infoPlist))
        var inventories = facts.targets.enumerated().map { index, entry -> TargetInventory in
            let target = entry.target
            let isPrimary = index == facts.primaryTarget
            var info: AppInfo?
            if isPrimary, options.infoPlistPath != nil {
                info = facts.info
            } else if let path = target.infoPlist {
                info = facts.infoPlists[path]
            } else if isPrimary, target.generatedInfoPlist == nil, let found = facts.info,
                !plistsOfTargets.contains(found.path)
            {
                // No Info.plist named, none generated: the tree's most app-like one, unless another
                // target owns it.
                info = found
            }
            // Xcode 13's generated Info.plist (`GENERATE_INFOPLIST_FILE`), merged into the file.
            if let settings = target.generatedInfoPlist {
                let generated = AppInfo.generated(from: settings, path: info?.path ?? target.project)
                info = info.map { $0.merging(generated: generated) } ?? generated
            }
            // Icons the project names outside the Info.plist (MonoTouch's BundleIcon properties).
            if !target.iconFiles.isEmpty {
                var merged = info ?? AppInfo(path: target.project)
                merged.iconFiles = (merged.iconFiles + target.iconFiles).uniqued()
                info = merged
            }
            // `$(ICON_57)` in the Info.plist is what the target's configurations set.
            info = info?.expanded(with: target.variables)
            var deploymentTarget = options.deploymentTarget
            var source = DeploymentTargetSource.option
            if deploymentTarget == nil, info?.minimumOSVersion == nil, let version = target.deploymentTarget {
                deploymentTarget = version
                source = .xcodeProject(target.project)
            }
            let references = facts.references.filter { target.owns(source: $0.path) }.map { reference in
                var seen = reference.compiled(for: target.platform)
                if target.kind == .package {
                    // A package's code finds its images in `Bundle.module`; what it asks of the main
                    // bundle is the app's, which the package cannot know: kept, not checked.
                    if seen.inModuleBundle {
                        seen.inOtherBundle = false
                    } else if !seen.inOtherBundle {
                        seen.keepsOnly = true
                    }
                }
                return seen
            }
            var watchAppFiles: Set<String> = []
            /// Run Script phases of the watch app or extension this target pairs with.
            var pairedScripts: [String] = []
            if target.kind == .watchExtension {
                // The watch app's storyboards are the extension's interface: their names are its names,
                // looked up in the watch app's bundle, which the app's Run Script phases may fill.
                for host in facts.targets where host.target.embeds(watchExtension: target.name) {
                    watchAppFiles.formUnion(host.target.interfaceFiles)
                    pairedScripts += host.target.bundleScripts
                }
            }
            // A watch app's extension may make its assets (Loop's WatchApp Extension runs the script
            // that fills the watch app's catalog).
            for embedded in facts.targets where target.embeds(watchExtension: embedded.target.name) {
                pairedScripts += embedded.target.bundleScripts
            }
            let ownSources = Set(facts.sourcePaths.filter { target.owns(source: $0) || watchAppFiles.contains($0) })
            var inventory = Inventory(
                images: facts.images, info: info, deploymentTarget: deploymentTarget, deploymentTargetSource: source,
                catalogSets: facts.catalogSets, catalogProblems: facts.catalogProblems, bundle: entry.bundle,
                references: references
                    + facts.references.filter { watchAppFiles.contains($0.path) }.map {
                        $0.compiled(for: target.platform)
                    },
                sourceFileCount: ownSources.count,
                deviceFamilies: Self.deviceFamilies(of: target, info: info), launches: target.launches,
                appIconName: target.appIconName, symbolSets: facts.symbolSets,
                codeNames: facts.codeNames, webImageNames: facts.webImageNames,
                namesShownScaled: facts.namesShownScaled,
                namesOnlyUncalled: facts.namesOnlyUncalled, groupsAssets: options.groupsAssets)
            inventory.buildConfigurations = target.configurations
            inventory.bundleScripts = (target.bundleScripts + pairedScripts).uniqued()
            inventory.scriptWrittenSets = target.scriptWrittenSets
            inventory.deviceClasses = options.deviceClasses
            inventory.readCodeNames = options.readsCodeNames && options.readsSources
            if options.readsSources { inventory.codePassingNames = facts.codePassingNames }
            inventory.ownSourcePaths = ownSources
            return TargetInventory(target: target, inventory: inventory)
        }
        // The names the code and the data files spell, keyed once for every target, and only
        // those that may reach an image some target asks for.
        let frameworkNibs = Set(
            facts.otherTargets.filter { $0.kind == .framework || $0.kind == .bundle }.flatMap(\.interfaceFiles))
        let names = SpelledNames(
            facts, asking: inventories.map(\.inventory), frameworkNibs: frameworkNibs,
            indexesCode: options.readsCodeNames)
        for index in inventories.indices { names.give(&inventories[index].inventory) }
        // Code no target builds is judged against nothing: say so once, with a few examples.
        let owned = facts.targets.map(\.target) + facts.otherTargets
        // Headers are not compiled on their own: no target lists them, and they are not orphans.
        let orphans = facts.sourcePaths.filter { path in
            !SourceInput.isHeader(path) && !owned.contains { $0.owns(source: path) }
                && !SourceInput.isVendoredOrTest(path) && !ProjectInput.isThirdPartySample(path)
        }
        if !orphans.isEmpty {
            let shown = orphans.prefix(3).joined(separator: ", ") + (orphans.count > 3 ? ", …" : "")
            facts.issues.append(
                WalkIssue(
                    path: facts.targets[0].target.project, kind: .skipped,
                    message: "\(orphans.count) code or Interface Builder file\(orphans.count == 1 ? " is" : "s are") "
                        + "in no target of the project (\(shown)): the images \(orphans.count == 1 ? "it names are" : "they name are") "
                        + "not checked"))
        }
        let frameworkCode = facts.otherTargets.filter { $0.kind == .framework || $0.kind == .bundle }
            .filter { !$0.sources.isEmpty || !$0.interfaceFiles.isEmpty }
        for framework in frameworkCode {
            facts.issues.append(
                WalkIssue(
                    path: framework.project, kind: .skipped,
                    message: "the \(framework.kind) target \(framework.name)'s code is not checked: which bundle "
                        + "its images load from depends on the code that calls it"))
        }
        return inventories
    }
}

/// The names the scan's code and data files spell (``DataNames``, ``LooseKeyTable``,
/// ``CodeNameIndex``), keyed once for every inventory, and only those that may reach a name
/// the inventories ask for: their image sets' and loose assets' (``NameKeys/askedKeys(paths:)``).
struct SpelledNames {
    let dataNames: DataNames
    let codeWordKeys: LooseKeyTable
    let codeNameIndex: CodeNameIndex?
    let asked: LooseKeyFilter?
    /// The code's names, read again when the scan's were filtered by too few keys; nil: the scan's.
    let codeNames: [String: [CodeName]]?

    init(_ facts: ScanFacts, asking inventories: [Inventory], frameworkNibs: Set<String>, indexesCode: Bool) {
        let timings = PhaseTimings.shared
        var (codeNames, strings) = (facts.codeNames, facts.dataNames)
        var reread = false
        let keys: Set<String>? =
            facts.namesFilter == nil && strings.isEmpty && codeNames.isEmpty
            ? nil
            : timings.measure("    asked keys") {
                let sets = Set(inventories.flatMap { $0.catalogSets.lazy.map(\.name) })
                let assets = Set(inventories.flatMap { $0.ordinaryAssets.lazy.map(\.requestName) })
                return NameKeys.askedKeys(paths: sets.union(assets))
            }
        // Names filtered as they were read keep all these keys' only if the filter had them all.
        if let (filter, unfiltered) = facts.namesFilter, let keys, !keys.isSubset(of: filter.keys) {
            let names = timings.measure("    names read again, unfiltered") { unfiltered() }
            (codeNames, strings, reread) = (names.codeNames, names.dataNames, true)
        }
        let asked = keys.flatMap { strings.isEmpty && codeNames.isEmpty ? nil : LooseKeyFilter($0) }
        self.asked = asked
        self.codeNames = reread ? codeNames : nil
        dataNames = timings.measure("    data names keyed") { DataNames(strings, asked: asked) }
        let wordKeys = timings.measure("    code words keyed") { LooseKeyTable(codeNames: codeNames, asked: asked) }
        codeWordKeys = wordKeys
        codeNameIndex =
            indexesCode
            ? timings.measure("    code name index") {
                CodeNameIndex(
                    codeNames: codeNames, references: facts.references, keys: wordKeys, frameworkNibs: frameworkNibs,
                    asked: asked)
            } : nil
    }

    func give(_ inventory: inout Inventory) {
        if let codeNames { inventory.codeNames = codeNames }
        inventory.dataNames = dataNames
        inventory.codeWordKeys = codeWordKeys
        inventory.codeNameIndex = codeNameIndex
        inventory.askedKeys = asked
    }
}
