/// Writes a small `project.pbxproj` for test fixtures: native targets with their build
/// settings, Compile Sources and Copy Bundle Resources, file references by path from the
/// project's folder (`sourceTree = SOURCE_ROOT`, as Xcode writes for files added that way).
/// Written from Xcode's documented layout (bundle-layout.md), never copied from a project.
struct PBXProjWriter {
    struct Target {
        var name: String
        /// The part after `com.apple.product-type.`: `application`, `app-extension`, `watchkit2-extension`.
        var productType: String
        var settings: [String: String]
        var sources: [String] = []
        /// Files and folders copied into the bundle: images, catalogs, storyboards, Info.plists not.
        var resources: [String] = []
        /// Names of targets this one depends on (an app on its extensions).
        var dependencies: [String] = []
        /// The `.xcconfig` its configuration is based on.
        var baseConfiguration: String? = nil
        /// Configurations besides Release (`Debug`, `Beta`), each with the settings it sets over
        /// ``settings``; a `Release` entry overrides Release's own.
        var configurations: [String: [String: String]] = [:]
        /// Run Script phases: name and script.
        var scripts: [(name: String, script: String)] = []
    }

    /// An Xcode 16 synchronized folder (`PBXFileSystemSynchronizedRootGroup`) at the project's
    /// top: the targets that own it, and per target the paths inside it its exception set lists
    /// (left out of an owner; added to a target that does not own the folder).
    struct SynchronizedFolder {
        var path: String
        var owners: [String]
        var exceptions: [(target: String, paths: [String])] = []
    }

    var targets: [Target]
    /// Settings every target inherits (the project's Release configuration).
    var projectSettings: [String: String] = [:]
    var synchronizedFolders: [SynchronizedFolder] = []

    /// The identifier of the `index`th object of kind `kind`: 24 hex digits, as Xcode writes.
    private static func id(_ kind: Int, _ index: Int) -> String {
        String(format: "%02X%022X", kind, index)
    }

    private static func quoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "._/".contains($0) } ? text : "\"\(text)\""
    }

    private static func settingsText(_ settings: [String: String]) -> String {
        settings.sorted { $0.key < $1.key }.map { "\(quoted($0.key)) = \(quoted($0.value)); " }.joined()
    }

    var text: String {
        var objects: [String] = []
        var fileIDs: [String: String] = [:]
        var fileIndex = 0
        func fileRef(_ path: String) -> String {
            if let known = fileIDs[path] { return known }
            let id = Self.id(1, fileIndex)
            fileIndex += 1
            fileIDs[path] = id
            let type =
                path.hasSuffix(".xcassets")
                ? "folder.assetcatalog"
                : path.hasSuffix(".swift")
                    ? "sourcecode.swift"
                    // A path without an extension is a folder reference, copied whole.
                    : (path.split(separator: "/").last ?? "").contains(".") ? "file" : "folder"
            objects.append(
                "\(id) = {isa = PBXFileReference; lastKnownFileType = \(type); path = \(Self.quoted(path)); sourceTree = SOURCE_ROOT; };"
            )
            return id
        }
        var buildIndex = 0
        func buildFiles(_ paths: [String]) -> [String] {
            paths.map { path in
                let id = Self.id(2, buildIndex)
                buildIndex += 1
                objects.append("\(id) = {isa = PBXBuildFile; fileRef = \(fileRef(path)); };")
                return id
            }
        }
        let targetIDs = targets.indices.map { Self.id(3, $0) }
        let targetID = { (name: String) in targets.firstIndex { $0.name == name }.map { targetIDs[$0] } ?? "NONE" }
        var synchronizedIDs: [String] = []
        for (index, folder) in synchronizedFolders.enumerated() {
            let id = Self.id(11, index)
            var exceptionIDs: [String] = []
            for (offset, exception) in folder.exceptions.enumerated() {
                let exceptionID = Self.id(12, index * 16 + offset)
                exceptionIDs.append(exceptionID)
                objects.append(
                    "\(exceptionID) = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ("
                        + exception.paths.map { "\(Self.quoted($0)), " }.joined()
                        + "); target = \(targetID(exception.target)); };")
            }
            let exceptions = exceptionIDs.isEmpty ? "" : "exceptions = (\(exceptionIDs.map { "\($0), " }.joined())); "
            objects.append(
                "\(id) = {isa = PBXFileSystemSynchronizedRootGroup; \(exceptions)path = \(Self.quoted(folder.path)); sourceTree = \"<group>\"; };"
            )
            synchronizedIDs.append(id)
        }
        let owned = { (name: String) -> String in
            let ids = self.synchronizedFolders.indices.filter { self.synchronizedFolders[$0].owners.contains(name) }
                .map { synchronizedIDs[$0] }
            return ids.isEmpty ? "" : "fileSystemSynchronizedGroups = (\(ids.map { "\($0), " }.joined())); "
        }
        for (index, target) in targets.enumerated() {
            let sources = Self.id(4, index)
            let resources = Self.id(5, index)
            let configuration = Self.id(6, index)
            let list = Self.id(7, index)
            objects.append(
                "\(sources) = {isa = PBXSourcesBuildPhase; files = (\(buildFiles(target.sources).map { "\($0), " }.joined())); };"
            )
            objects.append(
                "\(resources) = {isa = PBXResourcesBuildPhase; files = (\(buildFiles(target.resources).map { "\($0), " }.joined())); };"
            )
            let scriptIDs = target.scripts.enumerated().map { offset, phase -> String in
                let id = Self.id(13, index * 16 + offset)
                let script = phase.script.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
                objects.append(
                    "\(id) = {isa = PBXShellScriptBuildPhase; name = \(Self.quoted(phase.name)); shellPath = /bin/sh; shellScript = \"\(script)\"; };"
                )
                return id
            }
            let base = target.baseConfiguration.map { "baseConfigurationReference = \(fileRef($0)); " } ?? ""
            var configurationIDs: [String] = []
            let names = (["Release"] + target.configurations.keys.filter { $0 != "Release" }.sorted())
            for (offset, name) in names.enumerated() {
                let id = offset == 0 ? configuration : Self.id(10, index * 16 + offset)
                let settings = target.settings.merging(target.configurations[name] ?? [:]) { _, new in new }
                objects.append(
                    "\(id) = {isa = XCBuildConfiguration; \(base)buildSettings = {\(Self.settingsText(settings))}; name = \(name); };"
                )
                configurationIDs.append(id)
            }
            objects.append(
                "\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configurationIDs.map { "\($0), " }.joined())); };"
            )
            let dependencies = target.dependencies.enumerated().map { offset, name -> String in
                let id = Self.id(8, index * 16 + offset)
                let dependency = targets.firstIndex { $0.name == name }.map { targetIDs[$0] } ?? "NONE"
                objects.append("\(id) = {isa = PBXTargetDependency; target = \(dependency); };")
                return id
            }
            objects.append(
                "\(targetIDs[index]) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(sources), \(resources), \(scriptIDs.map { "\($0), " }.joined())); "
                    + "dependencies = (\(dependencies.map { "\($0), " }.joined())); \(owned(target.name))name = \(Self.quoted(target.name)); "
                    + "productType = \"com.apple.product-type.\(target.productType)\"; };")
        }
        let projectConfiguration = Self.id(9, 0)
        let projectList = Self.id(9, 1)
        let mainGroup = Self.id(9, 2)
        objects.append(
            "\(projectConfiguration) = {isa = XCBuildConfiguration; buildSettings = {\(Self.settingsText(projectSettings))}; name = Release; };"
        )
        objects.append(
            "\(projectList) = {isa = XCConfigurationList; buildConfigurations = (\(projectConfiguration), ); };")
        objects.append(
            "\(mainGroup) = {isa = PBXGroup; children = (\((fileIDs.values.sorted() + synchronizedIDs).map { "\($0), " }.joined())); sourceTree = \"<group>\"; };"
        )
        let project = Self.id(9, 3)
        objects.append(
            "\(project) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(mainGroup); projectDirPath = \"\"; "
                + "targets = (\(targetIDs.map { "\($0), " }.joined())); };")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {
            \(objects.map { "\t\t" + $0 }.joined(separator: "\n"))
            \t};
            \trootObject = \(project);
            }

            """
    }
}
