import ArgumentParser
import TallCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks an app's images for retina and tall-screen problems.",
        discussion: """
            Exit status: 0 with no error-severity finding, 1 with one (with --strict, warnings count too), \
            2 when the tool cannot do its job.
            """
    )

    enum ReporterName: String, ExpressibleByArgument, CaseIterable {
        case text, xcode, json
    }

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(
        help: "text (grouped by asset), xcode (for Run Script phases) or json. Default: xcode inside Xcode, else text.")
    var reporter: ReporterName?

    @Option(help: "The app's Info.plist. Default: the most app-like Info.plist in the folder.")
    var infoPlist: String?

    @Option(help: "The oldest iOS the app supports, e.g. 6.0. Default: MinimumOSVersion, the Xcode project's, or 7.0.")
    var deploymentTarget: String?

    @Flag(help: "Warnings fail the run too.")
    var strict = false

    @Flag(help: "Read all the image data: every CRC and the whole compressed stream.")
    var verify = false

    @Flag(help: "Follow symbolic links to folders and out of the tree; loops are walked once.")
    var followSymlinks = false

    func validate() throws {
        if let deploymentTarget, OSVersion(deploymentTarget) == nil {
            throw ValidationError("--deployment-target must be a version such as 7.0, not '\(deploymentTarget)'")
        }
    }

    func run() throws {
        let options = ScanOptions(
            root: path, infoPlistPath: infoPlist, deploymentTarget: deploymentTarget.flatMap(OSVersion.init),
            probeDepth: verify ? .verify : .header, followsSymbolicLinks: followSymlinks)
        let scan: ScanResult
        do {
            scan = try InventoryScanner.scan(options)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        for issue in scan.issues {
            printError("\(issue.kind == .unreadable ? "error" : "note"): \(issue)")
        }
        let report = Linter().lint(scan.inventory, root: path)
        let chosen = reporter ?? (environment("XCODE_VERSION_ACTUAL") != nil ? .xcode : .text)
        let output: String
        switch chosen {
        case .text:
            let colored = isatty(STDOUT_FILENO) != 0 && environment("NO_COLOR") == nil
            output = TextReporter(colored: colored, preamble: [scan.infoPlistChoice, deploymentLine(scan.inventory)])
                .render(report)
        case .xcode:
            printError("note: \(scan.infoPlistChoice)")
            output = XcodeReporter().render(report)
        case .json:
            output = JSONReporter().render(report)
        }
        print(output, terminator: "")
        // A folder that could not be read is part of the app left unchecked: an error.
        let code = max(report.exitCode(strict: strict), scan.issues.contains { $0.kind == .unreadable } ? 1 : 0)
        if code != 0 { throw ExitCode(code) }
    }

    private func deploymentLine(_ inventory: Inventory) -> String {
        let source =
            switch inventory.deploymentTargetSource {
            case .option: "--deployment-target"
            case .infoPlist: "MinimumOSVersion"
            case .xcodeProject(let path): "IPHONEOS_DEPLOYMENT_TARGET in \(path)"
            case .assumed: "assumed; set --deployment-target"
            }
        let families = inventory.deviceFamilies.map { $0 == .phone ? "iPhone" : "iPad" }.sorted().joined(
            separator: " and ")
        return "Deployment target: iOS \(inventory.deploymentTarget) (\(source)); devices: \(families)"
    }
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
