import Foundation
import PackagePlugin

/// `swift package tallcheck [lint options] [FOLDER]`: lints the folder given, or else the folder of
/// every target with resources (images, asset catalogs), with the `tallcheck` built from this
/// package, and prints the usual report. `--package-target NAME` (repeatable) picks targets
/// (`--target` is lint's own: the Xcode app target). On macOS the plugin may write only to its
/// work folder, so `--output` and `--write-baseline` into the package are refused there.
@main
struct TallCheckCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let wanted = extractor.extractOption(named: "package-target")
        let options = extractor.remainingArguments
        let tool = try context.tool(named: "tallcheck").url
        // The plugin may write only to its work folder (macOS's sandbox): the cache goes there.
        let cache =
            options.contains("--cache-path") || options.contains("--no-cache")
            ? [] : ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]

        // The folder is lint's last argument when it is a folder and not an option's value.
        let givesFolder =
            options.last.map { last in
                var isFolder: ObjCBool = false
                let previous = options.dropLast().last
                return !last.hasPrefix("-") && FileManager.default.fileExists(atPath: last, isDirectory: &isFolder)
                    && isFolder.boolValue && !(previous.map(lintOptionsWithValues.contains) ?? false)
            } ?? false
        let folders: [URL]
        if givesFolder {
            folders = []
        } else {
            let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }
                .filter { wanted.isEmpty || wanted.contains($0.name) }
                .filter(hasImageResources)
            guard !targets.isEmpty else {
                Diagnostics.warning(
                    "no target with image resources\(wanted.isEmpty ? "" : " among \(wanted.joined(separator: ", "))"); "
                        + "give a folder: swift package tallcheck [lint options] PATH")
                return
            }
            folders = targets.map(\.directoryURL)
        }

        var failed: [String] = []
        for folder in givesFolder ? [nil] : folders.map(Optional.some) {
            let process = Process()
            process.executableURL = tool
            process.arguments = ["lint"] + cache + options + (folder.map { [$0.path] } ?? [])
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                failed.append(folder?.lastPathComponent ?? "the folder given")
            }
        }
        if !failed.isEmpty {
            throw LintFailed(folders: failed)
        }
    }

    struct LintFailed: Error, CustomStringConvertible {
        var folders: [String]
        var description: String { "tallcheck lint failed for \(folders.joined(separator: ", ")) (see above)" }
    }
}

/// Whether a target's folder holds images or asset catalogs (a copied resource folder is one
/// entry in the target's file list, so the folder itself is searched).
func hasImageResources(_ target: SourceModuleTarget) -> Bool {
    guard let walk = FileManager.default.enumerator(at: target.directoryURL, includingPropertiesForKeys: nil) else {
        return false
    }
    for case let url as URL in walk {
        if url.pathExtension == "xcassets"
            || ["png", "jpg", "jpeg", "gif", "pdf", "svg"].contains(url.pathExtension.lowercased())
        {
            return true
        }
    }
    return false
}

/// lint's options that take a value: an argument after one of them is its value, not the folder.
let lintOptionsWithValues: Set<String> = [
    "--reporter", "--output", "--config", "--baseline", "--write-baseline", "--info-plist", "--deployment-target",
    "--tall-variant-height", "--cache-path", "--stamp", "--target",
]
