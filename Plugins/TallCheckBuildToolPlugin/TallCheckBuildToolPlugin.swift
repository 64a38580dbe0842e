import Foundation
import PackagePlugin

/// Lints a target's images and asset catalogs (and the code that asks for them) on every build
/// that changed one of them: diagnostics in Xcode's `path: warning: message` form, so Xcode and
/// `swift build` show them; the build fails only on an error-severity finding.
///
/// A build command with declared inputs and an output, not a prebuild command: the build system
/// skips it when no input changed, and it can run a `tallcheck` built from source (a prebuild
/// command cannot, on Linux). Its output is an empty Swift file that `tallcheck lint --stamp`
/// writes only after a lint that did not fail, so the command is part of the build graph.
@main
struct TallCheckBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // The stamp is an empty Swift file: a C or Objective-C target has no use for it.
        guard target is SwiftSourceModuleTarget else {
            Diagnostics.warning(
                "TallCheckBuildToolPlugin lints Swift targets only; \(target.name) is not one: "
                    + "use swift package tallcheck for it")
            return []
        }
        let inputs = lintedFiles(below: target.directoryURL)
        guard inputs.contains(where: isImageOrCatalogFile) else { return [] }
        let work = context.pluginWorkDirectoryURL
        let stamp = work.appendingPathComponent("TallCheckLinted_\(target.name).swift")
        return [
            .buildCommand(
                displayName: "TallCheck: linting \(target.name)'s images",
                executable: try context.tool(named: "tallcheck").url,
                arguments: [
                    "lint", "--reporter", "xcode", "--cache-path", work.appendingPathComponent("cache").path,
                    "--stamp", stamp.path, target.directoryURL.path,
                ],
                inputFiles: inputs,
                outputFiles: [stamp])
        ]
    }
}

/// The files a lint of `folder` reads: images, catalogs' Contents.json, property lists, and the
/// sources and storyboards that ask for images by name.
func lintedFiles(below folder: URL) -> [URL] {
    let extensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "pdf", "svg", "json", "plist", "swift", "m", "mm", "h", "storyboard", "xib", "yml",
    ]
    guard
        let walk = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    var files: [URL] = []
    for case let url as URL in walk where extensions.contains(url.pathExtension.lowercased()) {
        if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
    }
    // The lint's config file is hidden, and read when it is there.
    let config = folder.appendingPathComponent(".tallcheck.yml")
    if FileManager.default.fileExists(atPath: config.path) { files.append(config) }
    return files.sorted { $0.path < $1.path }
}

func isImageOrCatalogFile(_ url: URL) -> Bool {
    url.path.contains(".xcassets/")
        || ["png", "jpg", "jpeg", "gif", "pdf", "svg"].contains(url.pathExtension.lowercased())
}
