// libFuzzer entry point for the project readers, compiled into the TallCheckKit module by
// Scripts/fuzz: `pbxproj` (an Xcode project, with -D FUZZ_PBXPROJ) and `csproj` (MSBuild XML).
// Any bytes: no crash, no hang, and only files of the tree placed in the bundle, each at a path.

/// The tree the projects are read against: loose images, a catalog and code, in the folders the
/// seeds name.
let fuzzImages = [
    "App/Art/b@2x.png", "App/Art/d/c.png", "App/Resources/a.png", "App/Resources/Icons/i@3x.png", "App/a.png",
    "Art/e.png",
]
let fuzzSources = ImagesByFolder(["App/A.swift", "App/B.m", "App/C.cs", "App/Main.storyboard"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProjects(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var models: [BundleModel] = []
    #if FUZZ_PBXPROJ
        guard let project = try? XcodeProject(data: bytes, path: "App.xcodeproj/project.pbxproj") else { return 0 }
        _ = project.lowestDeploymentTarget
        for target in project.nativeTargets.prefix(8) {
            let targetModels = project.projectTargets(target, sourcePaths: fuzzSources)
            precondition(!targetModels.isEmpty && targetModels.count <= 8, "\(targetModels.count) models of one target")
            for model in targetModels {
                precondition(model.sources.allSatisfy(fuzzSources.contains), "\(model.sources)")
                // A script's copy destinations: set folders inside the tree, a bounded number.
                precondition(model.scriptWrittenSets.count <= XcodeProject.maxScriptWrittenSets)
                precondition(
                    model.scriptWrittenSets.allSatisfy { $0.hasSuffix(".imageset") && !$0.hasPrefix("/") },
                    "\(model.scriptWrittenSets)")
            }
            var model = BundleModel(source: .assumed)
            project.place(target: target, images: fuzzImages, catalogs: ["App/Assets.xcassets"], into: &model)
            models.append(model)
        }
    #else
        guard let project = try? MSBuildProject(data: bytes, path: "App/App.csproj") else { return 0 }
        let target = project.target(sourcePaths: ["App/C.cs", "App/Main.storyboard", "App/bin/D.cs"])
        precondition(!target.sources.contains("App/bin/D.cs") || !project.isSDKStyle, "\(target.sources)")
        var model = BundleModel(source: .assumed)
        project.place(images: fuzzImages, into: &model)
        models.append(model)
    #endif
    for model in models {
        for (treePath, placements) in model.placements {
            precondition(fuzzImages.contains(treePath), "placed \(treePath), which is not in the tree")
            precondition(!placements.isEmpty)
        }
        for (bundlePath, treePaths) in model.filesAtBundlePath {
            precondition(
                treePaths.allSatisfy { model.placements[$0]?.contains { $0.bundlePath == bundlePath } == true })
        }
    }
    return 0
}
