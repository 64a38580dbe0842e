import ArgumentParser
import TallCheckKit

extension Workspace {
    /// Opens `root` for a command, as ``Workspace/open(_:configPath:settings:followsSymbolicLinks:target:buildConfiguration:infoPlistPath:)``
    /// does for `lint`: a configuration that cannot be read ends the command with exit status 2,
    /// and its warnings go to standard error. Returns the scan options for what the command needs.
    static func scanOptions(
        _ root: String, config: String?, walk: WalkOptions, target: TargetOption, needs: Needs
    ) throws -> ScanOptions {
        let workspace: Workspace
        do {
            workspace = try Workspace.open(
                root, configPath: config, followsSymbolicLinks: walk.followSymlinks, target: target.target,
                buildConfiguration: target.configuration)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        for warning in workspace.warnings { printError("warning: \(warning)") }
        return workspace.scanOptions(needs)
    }
}
