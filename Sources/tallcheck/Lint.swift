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
            Settings come from the command line, then .tallcheck.yml (in PATH, or --config), then the \
            defaults. Exit status: 0 with no error-severity finding, 1 with one (with --strict, warnings count \
            too), 2 when the tool cannot do its job (an unreadable folder, a bad config or baseline).
            """
    )

    enum ReporterName: String, ExpressibleByArgument, CaseIterable {
        case text, xcode, json, sarif, junit, checkstyle, github
    }

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(
        help: """
            text (grouped by asset), xcode (for Run Script phases), json, sarif (GitHub code scanning), junit, \
            checkstyle or github (Actions annotations). Default: xcode inside Xcode, else text.
            """)
    var reporter: ReporterName?

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "The config file. Default: .tallcheck.yml in the source folder, if there is one.")
    var config: String?

    @Option(help: "Report only findings this baseline file does not list (matched by path, rule and message).")
    var baseline: String?

    @Option(help: "Record the current findings in this file, for --baseline.")
    var writeBaseline: String?

    @Option(help: "The app's Info.plist. Default: the most app-like Info.plist in the folder.")
    var infoPlist: String?

    @Option(help: "The oldest iOS the app supports, e.g. 6.0. Default: MinimumOSVersion, the Xcode project's, or 7.0.")
    var deploymentTarget: String?

    @Option(help: "How many points taller than its @2x a -568h@2x variant must be, or 'any'. Default: 88.")
    var tallVariantHeight: String?

    @Flag(inversion: .prefixedNo, help: "Warnings fail the run too. --no-strict overrides the config's strict: true.")
    var strict: Bool?

    @Flag(help: "Read all the image data: every CRC and the whole compressed stream.")
    var verify = false

    @Flag(help: "Follow symbolic links to folders and out of the tree; loops are walked once.")
    var followSymlinks = false

    func validate() throws {
        if let deploymentTarget, OSVersion(deploymentTarget) == nil {
            throw ValidationError("--deployment-target must be a version such as 7.0, not '\(deploymentTarget)'")
        }
        if let tallVariantHeight, TallVariantHeightPolicy(tallVariantHeight) == nil {
            throw ValidationError("--tall-variant-height must be a number of points such as 88, or any")
        }
    }

    /// What the command line says; it beats the config file.
    private var commandLineLayer: LintConfiguration.Layer {
        LintConfiguration.Layer(
            deploymentTarget: deploymentTarget.flatMap(OSVersion.init),
            tallVariantHeight: tallVariantHeight.flatMap(TallVariantHeightPolicy.init), strict: strict)
    }

    func run() throws {
        let configuration: LintConfiguration
        do {
            let file = try ConfigurationFile.locate(given: config, root: path)
            if let file {
                for warning in file.file.warnings { printError("warning: \(warning)") }
            }
            configuration = LintConfiguration.resolved(file?.file.layer ?? .init(), commandLineLayer)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let options = ScanOptions(
            root: path, infoPlistPath: infoPlist, deploymentTarget: configuration.deploymentTarget,
            probeDepth: verify ? .verify : .header, pathFilter: configuration.pathFilter,
            followsSymbolicLinks: followSymlinks)
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
        var report = Linter(configuration: configuration).lint(scan.inventory, root: path)
        do {
            if let writeBaseline {
                try writeAtomically(Baseline.document(for: report.findings), to: writeBaseline)
                printError("note: wrote \(report.findings.count) findings to the baseline \(writeBaseline)")
            }
            if let baseline {
                let (new, known) = try Baseline(contentsOfFile: baseline).newFindings(in: report.findings)
                report.findings = new
                printError("note: baseline \(baseline): \(known) known findings filtered out, \(new.count) new")
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let rendered = render(report, scan: scan)
        if let output {
            do {
                try writeAtomically(rendered, to: output)
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        } else {
            writeStandardOutput(rendered)
        }
        // A folder that could not be read is part of the app left unchecked: an error.
        let unreadable = scan.issues.contains { $0.kind == .unreadable } ? Int32(1) : 0
        let code = max(report.exitCode(strict: configuration.strict), unreadable)
        if code != 0 { throw ExitCode(code) }
    }

    private func render(_ report: LintReport, scan: ScanResult) -> String {
        let chosen = reporter ?? (environment("XCODE_VERSION_ACTUAL") != nil ? .xcode : .text)
        switch chosen {
        case .text:
            let colored = output == nil && isatty(STDOUT_FILENO) != 0 && environment("NO_COLOR") == nil
            return TextReporter(colored: colored, preamble: [scan.infoPlistChoice, deploymentLine(scan.inventory)])
                .render(report)
        case .xcode:
            printError("note: \(scan.infoPlistChoice)")
            return XcodeReporter().render(report)
        case .json: return JSONReporter().render(report)
        case .sarif: return SARIFReporter().render(report)
        case .junit: return JUnitReporter().render(report)
        case .checkstyle: return CheckstyleReporter().render(report)
        case .github: return GitHubActionsReporter().render(report)
        }
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
