// libFuzzer entry point for `tallcheck fix`'s planner, compiled into the TallCheckKit module by
// Scripts/fuzz (target fix-plan). The input is a project file, put in a copy of a fixture app
// (Fixtures/FixApp: an Xcode project's text, or, when it holds `<Project`, a `.csproj`); the app
// is scanned and linted with unused-image on, and `Fixer.plan` plans every fix, deletions too.
// Whatever the text, the plan renames and deletes only images of the tree, each rename within
// its folder; it edits only the project and catalog files; and an edited project that read
// before still reads, names no file that goes, and names the new name wherever it named the old.
import Foundation

/// The two fixture apps, copied once into a temporary folder.
let fuzzPlanTrees: (xcode: String, xamarin: String) = {
    let root = NSTemporaryDirectory() + "tallcheck-fuzz-plan-\(getpid())"
    let manager = FileManager.default
    try? manager.removeItem(atPath: root)
    precondition((try? manager.createDirectory(atPath: root, withIntermediateDirectories: true)) != nil)
    for name in ["Xcode", "Xamarin"] {
        precondition(
            (try? manager.copyItem(atPath: "Fixtures/FixApp/\(name)", toPath: root + "/" + name)) != nil,
            "run from the checkout: Fixtures/FixApp/\(name) is copied")
    }
    return (root + "/Xcode", root + "/Xamarin")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFixPlan(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let isMSBuild = bytes.firstRange(of: Array("<Project".utf8)) != nil
    let root = isMSBuild ? fuzzPlanTrees.xamarin : fuzzPlanTrees.xcode
    let projectPath = isMSBuild ? "XamarinApp.csproj" : "FixApp.xcodeproj/project.pbxproj"
    guard FileManager.default.createFile(atPath: root + "/" + projectPath, contents: Data(bytes)) else {
        preconditionFailure("cannot write \(projectPath)")
    }

    var options = ScanOptions(root: root)
    options.readsCodeNames = true
    options.readsDataNames = true
    guard let scan = try? AppScanner.scan(options) else { return 0 }
    var configuration = LintConfiguration()
    configuration.optInRules = ["unused-image"]
    let findings = Linter(configuration: configuration).lint(scan).findings
    let plan = Fixer.plan(root: root, scan: scan, findings: findings, options: Fixer.Options(deletesUnused: true))

    let images = Set(
        (scan.inventory.allImages + scan.inventory.unshippedImages + scan.targets.flatMap(\.inventory.allImages))
            .map(\.path))
    let folder = { (path: String) in path.split(separator: "/").dropLast().joined(separator: "/") }
    for rename in plan.renames {
        precondition(images.contains(rename.from), "renamed \(rename.from), no image of the tree")
        precondition(rename.from != rename.to && folder(rename.from) == folder(rename.to), "\(rename)")
    }
    for path in plan.deletions {
        precondition(images.contains(path) || path.contains(".imageset/"), "deleted \(path), no image of the tree")
    }
    precondition(Set(plan.deletions).isDisjoint(with: plan.renames.map(\.from)), "a file both deleted and renamed")
    for change in plan.changes {
        precondition(
            change.path == projectPath || change.path.hasSuffix("/Contents.json")
                || images.contains(change.path),
            "changed \(change.path)")
    }

    // The project: what it names before and after the edits, when it reads.
    let change = plan.changes.first { $0.path == projectPath }
    let named: ([UInt8]) -> Set<String>? = { text in
        if isMSBuild {
            guard XMLPrecheck.refusal(text) == nil, let read = try? MSBuildText(text, projectPath: projectPath) else {
                return nil
            }
            return Set(read.named.keys)
        }
        guard let project = try? XcodeProject(data: text, path: projectPath) else { return nil }
        return Set(project.elementPaths().compactMap(\.path))
    }
    guard let before = named(bytes) else {
        precondition(change == nil, "a project that does not read was edited")
        return 0
    }
    let goneOrRenamed = Set(plan.deletions).union(plan.renames.map(\.from))
    guard let change else {
        // Nothing of the project changed: then nothing it names went.
        precondition(before.isDisjoint(with: goneOrRenamed), "\(projectPath) still names \(before.intersection(goneOrRenamed))")
        return 0
    }
    guard let after = named(change.after) else { preconditionFailure("\(projectPath) no longer reads after its edits") }
    precondition(after.isDisjoint(with: goneOrRenamed), "\(projectPath) still names \(after.intersection(goneOrRenamed))")
    for rename in plan.renames where before.contains(rename.from) {
        precondition(
            after.contains(rename.to),
            "\(projectPath) does not name \(rename.to); before: \(before.sorted()); after: \(after.sorted())")
    }
    return 0
}
