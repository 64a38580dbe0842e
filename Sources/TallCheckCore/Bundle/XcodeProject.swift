import Foundation

/// An Xcode project (`*.xcodeproj/project.pbxproj`, an old-style OpenStep property list) read
/// for what its app targets copy into the bundle, and the deployment target it sets.
///
/// The object graph follows tuist/XcodeProj and R.swift (bundle-layout.md): a target's
/// `PBXResourcesBuildPhase` lists `PBXBuildFile`s whose `fileRef` is a `PBXFileReference` or a
/// `PBXVariantGroup`; paths resolve through the group tree by `sourceTree`; Xcode 16 targets
/// also list `PBXFileSystemSynchronizedRootGroup`s, whose files are members unless an exception
/// set for the target lists them.
package struct XcodeProject {
    /// The `project.pbxproj`, relative to the scanned folder.
    let path: String
    /// The folder holding the `.xcodeproj`, relative to the scanned folder ("" for the top).
    let projectFolder: String
    private let objects: [String: [String: Any]]
    private let rootObject: [String: Any]
    /// Each group's and file's parent group.
    private let parents: [String: String]
    /// The tree's `.xcconfig` files by path, for configurations based on one.
    private let configFiles: [String: XcodeConfigFile]
    /// For each target, the synchronized folders it does not own whose exception sets name it,
    /// with the paths they list: those files are members of that target (Xcode 16: an exception
    /// set leaves files out of a target that owns the folder, and adds them to one that does not).
    private let synchronizedAdditions: [String: [(group: String, paths: [String])]]

    /// ``ReadLimits/nestingDepth``.
    static let maxDepth = ReadLimits.standard.nestingDepth
    /// ``ReadLimits/projectValues``.
    static let maxValues = ReadLimits.standard.projectValues
    /// ``ReadLimits/projectTextValues``.
    static let maxTextValues = ReadLimits.standard.projectTextValues

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The project in `data`, at `path` in the scanned folder, without `.xcconfig` files.
    package init(data: [UInt8], path: String) throws(Failure) {
        try self.init(data: data, path: path, configFiles: [:])
    }

    init(data: [UInt8], path: String, configFiles: [String: XcodeConfigFile]) throws(Failure) {
        self.path = path
        self.configFiles = configFiles
        let folders = path.split(separator: "/").dropLast(2)
        projectFolder = folders.joined(separator: "/")
        let shape = Self.textShape(data, maxDepth: Self.maxDepth)
        if let depth = shape.deeperAt {
            throw Failure(description: "nested more than \(Self.maxDepth) levels deep (at byte \(depth))")
        }
        let plist: [String: Any]
        if Self.isOpenStepText(data) {
            guard shape.values <= Self.maxTextValues else {
                throw Failure(
                    description:
                        "about \(shape.values) values, more than the \(Self.maxTextValues) read from one project")
            }
            // Xcode's own format, as Xcode writes every project: Foundation's reader takes it in a
            // fraction of the decoder's time (a 4 MiB project of 1.4 million values: 0.5 s
            // against 3 s), and text shares no objects, so its values are bounded by its bytes.
            guard String(validating: data, as: UTF8.self) != nil else {
                throw Failure(description: "not a property list: not UTF-8 text")
            }
            // Checked first: CoreFoundation logs a syntax error to standard error and says nothing
            // of where it is.
            do { try OpenStepSyntax.check(data) } catch {
                throw Failure(description: "not a property list in Xcode's project format: \(error)")
            }
            guard let read = try? PropertyListSerialization.propertyList(from: Data(data), options: [], format: nil),
                let dictionary = read as? [String: Any]
            else {
                throw Failure(description: "not a property list Foundation can read in Xcode's project format")
            }
            plist = dictionary
        } else {
            do {
                plist = try PropertyListReader.dictionary(from: Data(data), maxValues: Self.maxValues)
            } catch {
                throw Failure(description: "not a property list: \(error)")
            }
        }
        guard let listed = plist["objects"] as? [String: Any], let rootID = plist["rootObject"] as? String,
            let root = listed[rootID] as? [String: Any]
        else { throw Failure(description: "no objects or rootObject: not an Xcode project") }
        // A list names an object once however often it repeats it (a phase listing one build
        // file a million times): the copies are dropped, so what the project keeps is what it says.
        let objects = listed.compactMapValues { value -> [String: Any]? in
            guard var object = value as? [String: Any] else { return nil }
            for (key, field) in object {
                if let list = field as? [String], list.count > 1, Set(list).count < list.count {
                    var seen: Set<String> = []
                    object[key] = list.filter { seen.insert($0).inserted }
                }
            }
            return object
        }
        self.objects = objects
        rootObject = root
        parents = Self.parentGroups(of: objects)
        synchronizedAdditions = Self.synchronizedAdditions(in: objects)
    }

    private static func synchronizedAdditions(in objects: [String: [String: Any]])
        -> [String: [(group: String, paths: [String])]]
    {
        var additions: [String: [(group: String, paths: [String])]] = [:]
        for (groupID, group) in objects
        where group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" && group["exceptions"] != nil {
            for exceptionID in group["exceptions"] as? [String] ?? [] {
                guard let exception = objects[exceptionID],
                    exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let targetID = exception["target"] as? String, let target = objects[targetID],
                    !(target["fileSystemSynchronizedGroups"] as? [String] ?? []).contains(groupID)
                else { continue }
                additions[targetID, default: []].append(
                    (groupID, exception["membershipExceptions"] as? [String] ?? []))
            }
        }
        return additions
    }

    /// Whether the bytes are an old-style (OpenStep) property list, as Xcode writes projects:
    /// `// !$*UTF8*$!` or `{` first, not `bplist` or XML.
    static func isOpenStepText(_ data: [UInt8]) -> Bool {
        guard
            let first = data.first(where: {
                ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains($0)
            })
        else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "/")
    }

    // MARK: Targets

    struct Target {
        let id: String
        let name: String
        let kind: ProjectTarget.Kind
    }

    /// Every native target, in the project's order.
    var nativeTargets: [Target] {
        (rootObject["targets"] as? [String] ?? []).compactMap { id in
            guard let target = objects[id], target["isa"] as? String == "PBXNativeTarget" else { return nil }
            return Target(
                id: id, name: target["name"] as? String ?? id,
                kind: ProjectTarget.Kind(productType: target["productType"] as? String ?? ""))
        }
    }

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` any build configuration sets.
    var lowestDeploymentTarget: OSVersion? {
        objects.values.compactMap { object -> OSVersion? in
            guard object["isa"] as? String == "XCBuildConfiguration",
                let settings = object["buildSettings"] as? [String: Any],
                let value = settings["IPHONEOS_DEPLOYMENT_TARGET"] as? String
            else { return nil }
            return OSVersion(value)
        }.min()
    }

    // MARK: A target's settings, code and platform

    /// A configuration of a list: the one named `name`, or Release when there is one (what
    /// ships), else the first.
    private func configuration(ofList listID: String?, named name: String? = nil) -> [String: Any]? {
        guard let listID, let list = objects[listID] else { return nil }
        let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0] }
        if let name, let named = configurations.first(where: { $0["name"] as? String == name }) { return named }
        return configurations.first { $0["name"] as? String == "Release" } ?? configurations.first
    }

    /// The names of a target's build configurations (`Debug`, `Release`, `Beta`), in the project's order.
    func configurationNames(of target: Target) -> [String] {
        guard let listID = objects[target.id]?["buildConfigurationList"] as? String, let list = objects[listID] else {
            return []
        }
        return (list["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0]?["name"] as? String }
    }

    /// A configuration's settings as text, without the `.xcconfig` it is based on.
    private static func settings(of configuration: [String: Any]?) -> [String: String] {
        var settings: [String: String] = [:]
        for (key, value) in configuration?["buildSettings"] as? [String: Any] ?? [:] {
            if let text = value as? String {
                settings[key] = text.replacingOccurrences(of: "$(inherited)", with: "").trimmingSpaces
            } else if let list = value as? [String] {
                settings[key] = list.filter { $0 != "$(inherited)" }.joined(separator: " ")
            }
        }
        return settings
    }

    /// The settings of the `.xcconfig` a configuration is based on: a file reference
    /// (`baseConfigurationReference`), or, since Xcode 16, a path inside a synchronized folder
    /// (`baseConfigurationReferenceAnchor` and `baseConfigurationReferenceRelativePath`).
    private func baseSettings(of configuration: [String: Any]?) -> [String: String] {
        let file: String?
        if let reference = configuration?["baseConfigurationReference"] as? String {
            file = treePath(of: reference, parents: parents)
        } else if let anchor = configuration?["baseConfigurationReferenceAnchor"] as? String,
            let relative = configuration?["baseConfigurationReferenceRelativePath"] as? String,
            let folder = treePath(of: anchor, parents: parents)
        {
            file = Self.normalized(Self.join(folder, relative))
        } else {
            file = nil
        }
        return file.map { XcodeConfigFile.resolved($0, in: configFiles) } ?? [:]
    }

    /// A target's build settings as Xcode layers them: the project's `.xcconfig`, the project's
    /// settings, the target's `.xcconfig`, the target's settings; `$(NAME)` references expanded
    /// from the same settings.
    func buildSettings(of target: Target, configuration name: String? = nil) -> [String: String] {
        let project = configuration(ofList: rootObject["buildConfigurationList"] as? String, named: name)
        let own = configuration(ofList: objects[target.id]?["buildConfigurationList"] as? String, named: name)
        let layers = [
            baseSettings(of: project), Self.settings(of: project), baseSettings(of: own), Self.settings(of: own),
        ]
        // Conditions hold or not per level, for the SDK the levels set together.
        let sdkRoot = layers.reversed().lazy.compactMap { $0["SDKROOT"] }.first
        let configurationName = (own?["name"] ?? project?["name"]) as? String
        var merged: [String: String] = [:]
        for var layer in layers {
            Self.applyConditions(to: &layer, sdkRoot: sdkRoot, configuration: configurationName)
            merged.merge(layer) { _, new in new }
        }
        for key in Self.expandedSettings {
            guard var value = merged[key] else { continue }
            // A few rounds: `$(A)` may name `$(B)`; a cycle stops at the bound.
            for _ in 0..<4 where value.contains("$") {
                for (name, replacement) in merged where name != key && value.contains(name) {
                    value = value.replacingOccurrences(of: "$(\(name))", with: replacement)
                        .replacingOccurrences(of: "${\(name)}", with: replacement)
                }
            }
            merged[key] = value
        }
        return merged
    }

    /// Conditional settings of one level (`KEY[sdk=iphoneos*]`, `KEY[config=Release]`,
    /// `KEY[arch=arm64]`), as Xcode applies them to a device build of `configuration`: one whose
    /// conditions all hold replaces the plain `KEY`, and of several that hold the one sorting
    /// last wins (swift-build pushes a level's keys in sorted order; docs/build-model.md); the
    /// rest are dropped. The SDK is `sdkRoot` (`iphoneos` when unset or `auto`), the
    /// architecture arm64; `fnmatch`'s `*` is the only pattern read.
    static func applyConditions(to settings: inout [String: String], sdkRoot: String?, configuration: String?) {
        let conditional = settings.keys.filter { $0.utf8.contains(UInt8(ascii: "[")) }
        guard !conditional.isEmpty else { return }
        let sdkRoot = sdkRoot.flatMap { $0.isEmpty || $0 == "auto" ? nil : $0 } ?? "iphoneos"
        var best: [String: String] = [:]
        for key in conditional.sorted() {
            let value = settings.removeValue(forKey: key) ?? ""
            guard let open = key.firstIndex(of: "[") else { continue }
            let base = String(key[..<open])
            var holds = true
            for condition in key[open...].split(separator: "]") {
                let parts = condition.drop { $0 == "[" }.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                let subject: String? =
                    switch parts[0] {
                    case "sdk": sdkRoot
                    case "config": configuration
                    case "arch": "arm64"
                    default: nil
                    }
                if let subject, !Self.globMatches(parts[1], subject) { holds = false }
            }
            if holds { best[base] = value }
        }
        settings.merge(best) { _, conditional in conditional }
    }

    /// Whether `pattern`, with `*` for any run of characters, matches the whole of `text`.
    static func globMatches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts.last!)
    }

    /// The settings a target's model reads, whose `$(NAME)` references are expanded.
    private static let expandedSettings = [
        "SDKROOT", "SUPPORTED_PLATFORMS", "TARGETED_DEVICE_FAMILY", "IPHONEOS_DEPLOYMENT_TARGET",
        "TVOS_DEPLOYMENT_TARGET", "WATCHOS_DEPLOYMENT_TARGET", "MACOSX_DEPLOYMENT_TARGET", "XROS_DEPLOYMENT_TARGET",
        "INFOPLIST_FILE", "ASSETCATALOG_COMPILER_APPICON_NAME",
    ]

    /// The target as the lint sees it in each of its build configurations: one model when every
    /// configuration gives the same platform, devices, deployment target, Info.plist and icons
    /// (the usual case), else one per group of configurations that agree, each naming its
    /// configurations. `only` reads that configuration alone (`--configuration`).
    func projectTargets(_ target: Target, sourcePaths: ImagesByFolder, only: String? = nil) -> [ProjectTarget] {
        let names = configurationNames(of: target)
        let read = only.map { [$0] } ?? (names.isEmpty ? [nil] : names.map { Optional($0) })
        var groups: [(model: ProjectTarget, configurations: [String], variables: [String: Set<String>])] = []
        var common: ProjectTarget?
        for name in read {
            let settings = buildSettings(of: target, configuration: name)
            var model: ProjectTarget
            if let common {
                model = common
                applySettings(settings, of: target, to: &model)
            } else {
                model = projectTarget(target, sourcePaths: sourcePaths, settings: settings)
                common = model
            }
            if let index = groups.firstIndex(where: { $0.model == model }) {
                if let name { groups[index].configurations.append(name) }
                groups[index].variables.merge(settings.mapValues { [$0] }) { $0.union($1) }
            } else {
                groups.append((model, name.map { [$0] } ?? [], settings.mapValues { [$0] }))
            }
        }
        // Each group is a lint of its own: past a handful (no real project has more), the one that
        // ships stands for all.
        if groups.count > 8 {
            var release = projectTarget(target, sourcePaths: sourcePaths)
            release.variables = groups.reduce(into: [String: Set<String>]()) { $0.merge($1.variables) { $0.union($1) } }
                .mapValues { $0.sorted() }
            return [release]
        }
        // The group that ships (Release) first: the one reports and resolve answer for by default.
        if let release = groups.firstIndex(where: { $0.configurations.contains("Release") }), release > 0 {
            groups.insert(groups.remove(at: release), at: 0)
        }
        // The Info.plist is one file for every configuration: what it names in any of them ships
        // in each (a Debug icon's file is copied into Release too), so every value counts, even
        // when `only` narrows the rest.
        var every = groups.reduce(into: [String: Set<String>]()) { $0.merge($1.variables) { $0.union($1) } }
        if only != nil {
            for name in names where name != only {
                every.merge(buildSettings(of: target, configuration: name).mapValues { [$0] }) { $0.union($1) }
            }
        }
        let variables = every.mapValues { $0.sorted() }
        return groups.map { group in
            var model = group.model
            model.configurations = groups.count > 1 || only != nil ? group.configurations : nil
            model.variables = variables
            return model
        }
    }

    /// The target as the lint sees it in the configuration that ships (Release).
    func projectTarget(_ target: Target, sourcePaths: ImagesByFolder) -> ProjectTarget {
        projectTarget(target, sourcePaths: sourcePaths, settings: buildSettings(of: target))
    }

    /// What a configuration's settings decide: platform, devices, deployment target, Info.plist, icon.
    private func applySettings(_ settings: [String: String], of target: Target, to model: inout ProjectTarget) {
        let supported = (settings["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ").compactMap {
            Platform(sdk: String($0))
        }
        // An SDKROOT the target does not support is inherited from the project: VLC's visionOS
        // app says SUPPORTED_PLATFORMS = "xros xrsimulator" under the project's iphoneos.
        let root = settings["SDKROOT"].flatMap(Platform.init(sdk:)).flatMap {
            supported.isEmpty || supported.contains($0) ? $0 : nil
        }
        let platforms = (root.map { [$0] } ?? []) + supported
        let watchKind = target.kind == .watchApp || target.kind == .watchExtension
        let platform = watchKind ? .watchOS : (platforms.first ?? .iOS)
        let allowed = Set(
            ([platform] + platforms).flatMap { platform -> [Idiom] in
                platform == .iOS ? Idiom.iOS : Array(platform.defaultIdioms)
            })
        let declared = Set(
            (settings["TARGETED_DEVICE_FAMILY"] ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).compactMap {
                Int($0).flatMap(Idiom.init(deviceFamily:))
            }
        ).intersection(allowed)
        let families = declared.isEmpty ? platform.defaultIdioms : declared
        model.platform = platform
        model.deviceFamilies = families
        model.deploymentTarget = settings[platform.deploymentTargetSetting].flatMap(OSVersion.init)
        model.infoPlist = settings["INFOPLIST_FILE"].flatMap { expanded($0, target: target) }
        model.appIconName = settings["ASSETCATALOG_COMPILER_APPICON_NAME"].flatMap { expanded($0, target: target) }
        model.alternateAppIconNames = (settings["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"] ?? "")
            .split(separator: " ").map(String.init)
        // Xcode 13's generated Info.plist: the `INFOPLIST_KEY_*` settings become its keys.
        if settings["GENERATE_INFOPLIST_FILE"]?.uppercased() == "YES" {
            var keys: [String: String] = [:]
            for (key, value) in settings where key.hasPrefix("INFOPLIST_KEY_") {
                keys[String(key.dropFirst("INFOPLIST_KEY_".count))] = value
            }
            model.generatedInfoPlist = keys
        } else {
            model.generatedInfoPlist = nil
        }
    }

    /// The target as the lint sees it with these settings: platform, devices, Info.plist, and
    /// the code and Interface Builder files it builds. `sourcePaths` are the tree's code and IB
    /// files, for synchronized folders.
    private func projectTarget(_ target: Target, sourcePaths: ImagesByFolder, settings: [String: String])
        -> ProjectTarget
    {
        var sources: Set<String> = []
        var interfaceFiles: Set<String> = []
        func add(_ path: String) {
            if path.utf8.last == UInt8(ascii: "d") && path.hasSuffix(".storyboard")
                || path.utf8.last == UInt8(ascii: "b") && path.hasSuffix(".xib")
            {
                interfaceFiles.insert(path)
            } else {
                sources.insert(path)
            }
        }
        let object = objects[target.id] ?? [:]
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID],
                ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"].contains(phase["isa"] as? String ?? "")
            else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let fileRef = objects[buildFileID]?["fileRef"] as? String, let element = objects[fileRef] else {
                    continue
                }
                let members =
                    element["isa"] as? String == "PBXVariantGroup"
                    ? element["children"] as? [String] ?? [] : [fileRef]
                for member in members {
                    guard let path = treePath(of: member, parents: parents), sourcePaths.contains(path) else {
                        continue
                    }
                    add(path)
                }
            }
        }
        for groupID in Set(object["fileSystemSynchronizedGroups"] as? [String] ?? []) {
            guard let group = objects[groupID], let folder = treePath(of: groupID, parents: parents) else { continue }
            let excluded = synchronizedExceptions(group, target: target)
            for path in sourcePaths.below(folder) where !excluded.contains(String(path.dropFirst(folder.count + 1))) {
                add(path)
            }
        }
        for (groupID, listed) in synchronizedAdditions[target.id] ?? [] {
            guard let folder = treePath(of: groupID, parents: parents) else { continue }
            for inside in listed {
                let path = Self.join(folder, inside)
                if sourcePaths.contains(path) { add(path) }
                for below in sourcePaths.below(path) { add(below) }
            }
        }
        var bundleScripts: [String] = []
        var scriptWrittenSets: [String] = []
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID], phase["isa"] as? String == "PBXShellScriptBuildPhase" else { continue }
            for destination in Self.copyDestinations(in: phase["shellScript"] as? String ?? "")
            where scriptWrittenSets.count < Self.maxScriptWrittenSets {
                if let set = setFolder(of: destination, target: target) { scriptWrittenSets.append(set) }
            }
            let texts =
                [phase["shellScript"] as? String ?? ""] + (phase["outputPaths"] as? [String] ?? [])
                + (phase["outputFileListPaths"] as? [String] ?? [])
            let name = phase["name"] as? String ?? "Run Script"
            // A script kept in a file of its own says what it writes only there: its phase's name
            // (Loop's "Build Derived Assets") is what the project tells.
            let runsAFile = [".sh", ".py", ".rb"].contains { (phase["shellScript"] as? String ?? "").contains($0) }
            let namesAssets = Self.assetWords.contains { name.lowercased().contains($0) }
            if texts.contains(where: { text in Self.bundleWords.contains { text.contains($0) } })
                || runsAFile && namesAssets
            {
                bundleScripts.append(name)
            }
        }
        let dependencies = (object["dependencies"] as? [String] ?? []).compactMap { id -> String? in
            guard let targetID = objects[id]?["target"] as? String else { return nil }
            return objects[targetID]?["name"] as? String
        }
        var model = ProjectTarget(
            name: target.name, project: path, kind: target.kind, platform: .iOS, deviceFamilies: [],
            sources: sources, interfaceFiles: interfaceFiles, dependencies: dependencies)
        model.bundleScripts = bundleScripts
        model.scriptWrittenSets = scriptWrittenSets.uniqued()
        applySettings(settings, of: target, to: &model)
        return model
    }

    /// The target's `DEVELOPMENT_ASSET_PATHS`, relative to the scanned folder: paths separated by
    /// spaces (a `\ ` or quotes keep one inside a path), from the project's folder.
    func developmentAssetPaths(of target: Target) -> [String] {
        guard let value = buildSettings(of: target)["DEVELOPMENT_ASSET_PATHS"], !value.isEmpty else { return [] }
        var paths: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " {
                if !current.isEmpty { paths.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { paths.append(current) }
        // `expanded` joins a path with a folder to the project's folder; a bare name is joined here.
        return paths.compactMap { path in
            expanded(path, target: target).flatMap { $0.contains("/") ? $0 : Self.normalized(Self.join(projectFolder, $0)) }
        }
    }

    /// Catalog sets one target's scripts are taken to write; far above real projects.
    static let maxScriptWrittenSets = 64
    /// ``ReadLimits/runScriptBytes``.
    static let maxScriptBytes = ReadLimits.standard.runScriptBytes

    /// The last argument of each `cp`, `ditto`, `mv` or `rsync` command of a shell script (a
    /// line, joined with the next where it ends in `\`), quotes taken off: where it copies to.
    static func copyDestinations(in script: String) -> [String] {
        guard script.utf8.count <= maxScriptBytes else { return [] }
        var commands: [String] = []
        var current = ""
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("\\") {
                current += line.dropLast() + " "
            } else {
                commands.append(current + line)
                current = ""
            }
        }
        if !current.isEmpty { commands.append(current) }
        return commands.compactMap { command in
            let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let verb = words.first, ["cp", "ditto", "mv", "rsync"].contains(verb), words.count >= 3,
                let last = words.last
            else { return nil }
            return last.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
    }

    /// The image set folder a script's destination lies in or is (`$SRCROOT/App/A.xcassets/x.imageset/x.png`
    /// → `App/A.xcassets/x.imageset`), relative to the scanned folder; nil for anything else.
    private func setFolder(of destination: String, target: Target) -> String? {
        guard let end = destination.range(of: ".imageset") else { return nil }
        let folder = String(destination[..<end.upperBound])
        guard let path = expanded(folder, target: target), path.contains("/") else { return nil }
        return path
    }

    /// What the name of a Run Script phase that runs a script file says when it makes assets.
    private static let assetWords = ["asset", "image", "icon", "brand", "resource", "xcassets"]

    /// What a Run Script phase names when it writes into the app's bundle or a catalog.
    private static let bundleWords = [
        "WRAPPER_NAME", "UNLOCALIZED_RESOURCES_FOLDER_PATH", "CONTENTS_FOLDER_PATH", "FULL_PRODUCT_NAME", ".xcassets",
    ]

    /// A setting's value with the variables a path setting commonly holds expanded, relative to
    /// the scanned folder for paths; nil when another variable is left or it leaves the tree.
    private func expanded(_ value: String, target: Target) -> String? {
        var text = value.trimmingSpaces
        for variable in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] {
            for form in ["$(\(variable))", "${\(variable)}", "$\(variable)"] {
                if text.hasPrefix(form + "/") { text = String(text.dropFirst(form.count + 1)) }
            }
        }
        for variable in ["TARGET_NAME", "PRODUCT_NAME", "PROJECT_NAME"] {
            let name =
                variable == "PROJECT_NAME"
                ? String(path.split(separator: "/").dropLast().last?.dropLast(".xcodeproj".count) ?? "") : target.name
            text = text.replacingOccurrences(of: "$(\(variable))", with: name)
                .replacingOccurrences(of: "${\(variable)}", with: name)
        }
        guard !text.isEmpty, !text.contains("$") else { return nil }
        if text.hasSuffix(".plist") || text.contains("/") { return Self.normalized(Self.join(projectFolder, text)) }
        return text
    }

    // MARK: What a target copies

    /// Places the files `target` copies into the bundle. `images` are the tree's loose image
    /// paths; `catalogs` its `.xcassets` folders, which the target compiles when it lists them.
    func place(target: Target, images: [String], catalogs: [String] = [], into model: inout BundleModel) {
        // `DEVELOPMENT_ASSET_PATHS`: previews' assets, left out of an archived (shipped) build.
        let development = developmentAssetPaths(of: target)
        let isDevelopment = { (path: String) in
            development.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        var images = images
        var catalogs = catalogs
        if !development.isEmpty {
            for image in images where isDevelopment(image) {
                model.leaveOut(image, because: "in DEVELOPMENT_ASSET_PATHS, which an archived build leaves out")
            }
            images.removeAll(where: isDevelopment)
            catalogs.removeAll(where: isDevelopment)
        }
        let byFolder = ImagesByFolder(images)
        guard let object = objects[target.id] else { return }
        // A file or folder listed many times (in one phase, in several, by several build files)
        // is placed once: a folder reference repeated N times must not walk its folder N times.
        var placed: Set<String> = []
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID], phase["isa"] as? String == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let fileRef = objects[buildFileID]?["fileRef"] as? String, let element = objects[fileRef],
                    placed.insert(fileRef).inserted
                else { continue }
                place(
                    element, id: fileRef, target: target.name, parents: parents, images: byFolder, into: &model,
                    isDevelopment: isDevelopment)
            }
        }
        for (groupID, listed) in synchronizedAdditions[target.id] ?? [] {
            let listed = Set(listed)
            let isMember = { (inside: String) in listed.contains(inside) || listed.contains { inside.hasPrefix($0 + "/") } }
            placeSynchronized(groupID, target: target, parents: parents, images: byFolder, into: &model, isMember: isMember)
            guard let folder = treePath(of: groupID, parents: parents) else { continue }
            for catalog in catalogs where catalog.hasPrefix(folder + "/") && isMember(String(catalog.dropFirst(folder.count + 1))) {
                model.compile(catalog: catalog)
            }
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] where placed.insert(groupID).inserted {
            guard let group = objects[groupID] else { continue }
            let excluded = synchronizedExceptions(group, target: target)
            placeSynchronized(groupID, target: target, parents: parents, images: byFolder, into: &model) {
                !excluded.contains($0)
            }
            // A catalog inside a synchronized folder is compiled unless an exception leaves it out.
            guard let folder = treePath(of: groupID, parents: parents) else { continue }
            for catalog in catalogs where catalog.hasPrefix(folder + "/") {
                if !excluded.contains(String(catalog.dropFirst(folder.count + 1))) { model.compile(catalog: catalog) }
            }
        }
    }

    private func place(
        _ element: [String: Any], id: String, target: String, parents: [String: String], images: ImagesByFolder,
        into model: inout BundleModel,
        isDevelopment: (String) -> Bool = { _ in false }
    ) {
        switch element["isa"] as? String {
        case "PBXVariantGroup":
            for childID in element["children"] as? [String] ?? [] {
                guard let child = objects[childID], let treePath = treePath(of: childID, parents: parents) else {
                    continue
                }
                let language = child["name"] as? String ?? "Base"
                let fileName = String(treePath.split(separator: "/").last ?? "")
                if images.contains(treePath) {
                    model.place(
                        treePath, at: "\(language).lproj/\(fileName)",
                        because: .localized(target: target, language: language))
                }
            }
        case "PBXFileReference":
            guard let treePath = treePath(of: id, parents: parents) else { return }
            let type = (element["lastKnownFileType"] ?? element["explicitFileType"]) as? String ?? ""
            let name = String(treePath.split(separator: "/").last ?? "")
            if name.hasSuffix(".xcassets") {
                if !isDevelopment(treePath) { model.compile(catalog: treePath) }
            } else if type == "folder" || type.hasPrefix("wrapper.") || name.hasSuffix(".bundle") {
                // A folder reference or a bundle: copied whole, keeping its folders.
                for image in images.below(treePath) {
                    let inside = image.dropFirst(treePath.count + 1)
                    model.place(image, at: "\(name)/\(inside)", because: .insideFolder(target: target, folder: name))
                }
            } else if let file = images.matching(treePath) {
                // Copied under the reference's name: a case-only difference is the Mac's to ignore.
                model.place(
                    file, at: BundleModel.flatBundlePath(treePath: treePath, fileName: name),
                    because: .copiedFlat(target: target))
            }
        default:
            return
        }
    }

    /// The paths, relative to a synchronized folder, that its exception sets leave out of `target`.
    private func synchronizedExceptions(_ group: [String: Any], target: Target) -> Set<String> {
        var excluded: Set<String> = []
        for exceptionID in group["exceptions"] as? [String] ?? [] {
            guard let exception = objects[exceptionID],
                exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                exception["target"] as? String == target.id
            else { continue }
            excluded.formUnion(exception["membershipExceptions"] as? [String] ?? [])
        }
        return excluded
    }

    /// Xcode 16 synchronized folders: the files below the folder that are members of the target
    /// (`isMember`, given the path inside the folder) are copied flat, those in an explicit
    /// folder inside that folder.
    private func placeSynchronized(
        _ groupID: String, target: Target, parents: [String: String], images: ImagesByFolder,
        into model: inout BundleModel, isMember: (String) -> Bool
    ) {
        guard let group = objects[groupID], let folder = treePath(of: groupID, parents: parents) else { return }
        let explicitFolders = group["explicitFolders"] as? [String] ?? []
        for image in images.below(folder) {
            let inside = String(image.dropFirst(folder.count + 1))
            // An Icon Composer document (`.icon`) or a sticker pack is one file to Xcode, compiled
            // whole: the images inside it are not copied.
            guard isMember(inside), Inventory.systemReadFolder(of: inside) == nil else { continue }
            let fileName = String(inside.split(separator: "/").last ?? "")
            if let kept = explicitFolders.first(where: { inside.hasPrefix($0 + "/") }) {
                let keptName = kept.split(separator: "/").last.map(String.init) ?? kept
                model.place(
                    image, at: "\(keptName)/\(inside.dropFirst(kept.count + 1))",
                    because: .insideFolder(target: target.name, folder: keptName))
            } else {
                model.place(
                    image, at: BundleModel.flatBundlePath(treePath: inside, fileName: fileName),
                    because: .copiedFlat(target: target.name))
            }
        }
    }

    // MARK: Paths

    /// Every file reference and variant group, by identifier, with its `isa` and its path in the
    /// scanned folder (nil for one outside it): what `tallcheck fix` edits when it renames or
    /// deletes a file.
    package func elementPaths() -> [(id: String, isa: String, path: String?)] {
        objects.compactMap { id, object in
            guard let isa = object["isa"] as? String, isa == "PBXFileReference" || isa == "PBXVariantGroup" else {
                return nil
            }
            return (id, isa, treePath(of: id, parents: parents))
        }.sorted { $0.id < $1.id }
    }

    /// A group's children.
    package func children(of id: String) -> [String]? { objects[id]?["children"] as? [String] }

    /// The object's string value for `key`.
    package func string(_ key: String, of id: String) -> String? { objects[id]?[key] as? String }

    /// The objects whose list `key` (`children`, `files`) names `id`, and the build files whose
    /// `fileRef` is `id`.
    package func referrers(of id: String) -> (lists: [(id: String, key: String)], buildFiles: [String]) {
        var lists: [(String, String)] = []
        var buildFiles: [String] = []
        for (other, object) in objects {
            if object["fileRef"] as? String == id { buildFiles.append(other) }
            for (key, value) in object {
                if let list = value as? [String], list.contains(id) { lists.append((other, key)) }
            }
        }
        return (lists.sorted { ($0.0, $0.1) < ($1.0, $1.1) }, buildFiles.sorted())
    }

    /// ``referrers(of:)`` for every object at once, in one pass over the objects: what
    /// `tallcheck fix` asks of each file it deletes, so that a plan of many deletions reads the
    /// project once.
    package func referrersByID() -> [String: (lists: [(id: String, key: String)], buildFiles: [String])] {
        var index: [String: (lists: [(id: String, key: String)], buildFiles: [String])] = [:]
        for (other, object) in objects {
            if let fileRef = object["fileRef"] as? String { index[fileRef, default: ([], [])].buildFiles.append(other) }
            for (key, value) in object {
                guard let list = value as? [String] else { continue }
                // The lists were made unique when read: each names an object once.
                for id in list { index[id, default: ([], [])].lists.append((other, key)) }
            }
        }
        for id in index.keys {
            index[id]!.lists.sort { ($0.id, $0.key) < ($1.id, $1.key) }
            index[id]!.buildFiles.sort()
        }
        return index
    }

    /// Each element's group. An element two groups list (Xcode never writes one) takes the
    /// group with the lowest identifier: the same in every reader and every run, whatever order
    /// the dictionary keeps, so lint, fix and a re-read of the fixed project agree on its path.
    private static func parentGroups(of objects: [String: [String: Any]]) -> [String: String] {
        var parents: [String: String] = [:]
        for (id, object) in objects {
            guard let children = object["children"] as? [String] else { continue }
            for child in children where parents[child].map({ id < $0 }) ?? true { parents[child] = id }
        }
        return parents
    }

    /// An element's path relative to the scanned folder, through its groups; nil for paths
    /// outside the tree (absolute, SDK, built products) or with `..` leading out of it.
    private func treePath(of id: String, parents: [String: String], depth: Int = 0) -> String? {
        guard depth < Self.maxDepth, let element = objects[id] else { return nil }
        let own = element["path"] as? String
        let base: String?
        switch element["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                base = treePath(of: parent, parents: parents, depth: depth + 1)
            } else {
                // The main group: the project folder, moved by its projectDirPath.
                base = Self.join(projectFolder, rootObject["projectDirPath"] as? String ?? "")
            }
        case "SOURCE_ROOT": base = Self.join(projectFolder, rootObject["projectDirPath"] as? String ?? "")
        default: return nil
        }
        guard let base else { return nil }
        return Self.normalized(Self.join(base, own ?? ""))
    }

    private static func join(_ folder: String, _ path: String) -> String {
        if path.isEmpty { return folder }
        if folder.isEmpty { return path }
        return folder + "/" + path
    }

    /// `a/./b/../c` → `a/c`; nil when it climbs out of the tree or is absolute.
    package static func normalized(_ path: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// One pass over the text outside strings and comments: the byte offset where brackets nest
    /// deeper than `maxDepth` (nil when they never do), and about how many values it holds (an
    /// entry `key = value;` counts two, an array element one), so that a project too large to
    /// parse within memory is refused before Foundation builds its objects.
    static func textShape(_ bytes: [UInt8], maxDepth limit: Int) -> (deeperAt: Int?, values: Int) {
        var values = 0
        var depth = 0
        var index = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
                    depth += 1
                    if depth > limit { return (index, values) }
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: ">"):
                    depth -= 1
                case UInt8(ascii: "="): values += 2
                case UInt8(ascii: ","): values += 1
                default: break
                }
            }
            index += 1
        }
        return (nil, values)
    }
}

/// Image tree paths, to ask which lie below a folder.
struct ImagesByFolder {
    private let sorted: [String]
    private let set: Set<String>

    init(_ paths: [String]) {
        // The walk hands most lists over sorted already: check before sorting.
        sorted = zip(paths, paths.dropFirst()).allSatisfy { $0 < $1 } ? paths : paths.sorted()
        set = Set(paths)
    }

    func contains(_ path: String) -> Bool { set.contains(path) }

    /// `path` when the tree has it; else the one file of its folder whose name differs from it
    /// only in case, which a Mac's file system (where Xcode builds) opens under `path`'s name.
    func matching(_ path: String) -> String? {
        if set.contains(path) { return path }
        let slash = path.lastIndex(ofByte: UInt8(ascii: "/"))
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let lowered = path.lowercased()
        let found = below(folder).filter { candidate in
            candidate.utf8.count == path.utf8.count && candidate.lowercased() == lowered
                && !candidate.dropFirst(folder.isEmpty ? 0 : folder.utf8.count + 1).contains("/")
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The images inside `folder` (at any depth), by binary search over the sorted paths.
    func below(_ folder: String) -> ArraySlice<String> {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }
}
