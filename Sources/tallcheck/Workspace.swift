import ArgumentParser
import TallCheckKit

/// What every command that reads a tree opens the same way: the tree, its `.tallcheck.yml`
/// (included and excluded paths, deployment target, tall-suffix helpers), the target and build
/// configuration asked for, and only as much reading as the command needs.
struct Workspace {
    /// What a command needs read beyond the images' names.
    enum Needs {
        /// Every image's facts and every source's references (`references`).
        case sources
        /// Every image's facts, no source (`resolve --launch`, `resolve --batch`).
        case images
        /// The images' names and the projects, nothing read from an image, no source (`bundle`).
        case names
        /// The facts of the images a resolution of these names can load, no source (`resolve NAME`).
        case candidates(of: [String])
    }

    var options: ScanOptions
    var configuration: LintConfiguration

    /// Opens `root` with its configuration; a configuration that cannot be read ends the command
    /// with exit status 2, and its warnings go to standard error.
    static func open(
        _ root: String, config: String?, walk: WalkOptions, target: TargetOption, needs: Needs
    ) throws -> Workspace {
        let configuration: LintConfiguration
        do {
            let file = try ConfigurationFile.locate(
                given: config, root: root, followsSymbolicLinks: walk.followSymlinks)
            for warning in file?.file.warnings ?? [] { printError("warning: \(warning)") }
            configuration = LintConfiguration.resolved(file?.file.layer ?? .init())
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        var options = ScanOptions(
            root: root, deploymentTarget: configuration.deploymentTarget, pathFilter: configuration.pathFilter,
            followsSymbolicLinks: walk.followSymlinks, target: target.target,
            tallSuffixFunctions: configuration.tallSuffixFunctions,
            tallSuffixWithoutFallback: configuration.tallSuffixWithoutFallback)
        options.configuration = target.configuration
        switch needs {
        case .sources: break
        case .images: options.readsSources = false
        case .names:
            options.readsSources = false
            options.probedNames = []
            options.groupsAssets = false
        case .candidates(let names):
            options.readsSources = false
            options.probedNames = names
            options.listsOnlyProbed = true
        }
        return Workspace(options: options, configuration: configuration)
    }
}
