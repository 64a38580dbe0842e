import ArgumentParser
import TallCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Checks an app's images for retina and tall-screen problems.",
        discussion: """
            Settings come from the command line, then .tallcheck.yml (in PATH, or --config), then the \
            defaults. Exit status: 0 with no error-severity finding, 1 with one (with --strict, warnings count \
            too), 2 when the tool cannot do its job (an unreadable folder, a bad config or baseline).
            """
    )

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(help: "\(Reporters.helpList). Default: xcode inside Xcode, else text.")
    var reporter: String?

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

    @Option(
        help: "The oldest iOS the app supports, e.g. 6.0. Default: MinimumOSVersion, the Xcode project's, or 7.0.",
        transform: OSVersion.argument("--deployment-target"))
    var deploymentTarget: OSVersion?

    @Option(
        help: "How many points taller than its @2x a -568h@2x variant must be, or 'any'. Default: 88.",
        transform: TallVariantHeightPolicy.argument("--tall-variant-height"))
    var tallVariantHeight: TallVariantHeightPolicy?

    @Flag(inversion: .prefixedNo, help: "Warnings fail the run too. --no-strict overrides the config's strict: true.")
    var strict: Bool?

    @Option(
        name: .customLong("only-rule"),
        help: ArgumentHelp(
            "Run only this rule, opt-in or not (repeatable); the config's rule lists are set aside.",
            valueName: "id"))
    var onlyRules: [String] = []

    @Flag(help: "Print only the report: no notes or warnings about the run on standard error (errors still show).")
    var quiet = false

    @Flag(
        help: """
            Print the tool's notes about the run (what it assumed, the cache, the baseline) with the xcode \
            reporter too, where by default they are left out so that each build's log holds only findings.
            """)
    var showNotes = false

    @Flag(help: "Pass a folder with no image to lint (allow_zero_lintable_files); by default it is exit status 2.")
    var allowZeroLintableFiles = false

    @Flag(help: "Read all the image data: every CRC and the whole compressed stream.")
    var verify = false

    @Option(
        help: """
            The folder of the incremental cache (outside the source folder). Default: $XDG_CACHE_HOME/tallcheck \
            or ~/.cache/tallcheck. The cache is trusted input: one restored from elsewhere (a CI cache) can make \
            a broken tree lint clean, so restore it only from a store your own runs alone write.
            """)
    var cachePath: String?

    @Flag(help: "Read every file, without the cache of earlier runs.")
    var noCache = false

    @Option(
        help: """
            Write this file (empty) after a run that does not fail; every run removes it first. The output \
            a build system's lint step declares, so that it skips the step when nothing changed. Only a \
            regular file is removed or replaced: a device, FIFO, socket or folder there is an error (exit 2).
            """)
    var stamp: String?

    @OptionGroup var walk: WalkOptions

    @OptionGroup var bundleTarget: TargetOption

    func validate() throws {
        for id in onlyRules where Rules.description(id: id) == nil {
            throw ValidationError(
                "--only-rule: no rule '\(id)'\(didYouMean(id, among: Rules.ids)); `tallcheck rules` lists them")
        }
        if let reporter, Reporters.reporter(identifier: reporter) == nil {
            throw ValidationError(
                "--reporter must be one of \(Reporters.all.map { $0.identifier }.joined(separator: ", ")), not '\(reporter)'"
            )
        }
    }

    /// What the command line says; it beats the config file.
    private var commandLineLayer: LintConfiguration.Layer {
        var layer = LintConfiguration.Layer(deploymentTarget: deploymentTarget, strict: strict)
        layer.tallVariantHeight = tallVariantHeight
        if !onlyRules.isEmpty { layer.onlyRules = Set(onlyRules) }
        if allowZeroLintableFiles { layer.allowsZeroLintableFiles = true }
        return layer
    }

    func run() throws {
        // The stamp's folder is opened and its name looked at before the lint: anything but a
        // regular file, a new name or a link to a regular file in that folder (a device, a FIFO,
        // a socket, a folder) is refused now and left as it is. A stamp that is there is removed,
        // so that a run that ends early (exit 2) leaves no earlier run's stamp behind.
        let stampFile: WriteDestination?
        do {
            stampFile = try stamp.map { path throws(FileWriteError) in try WriteDestination(path: path) }
            try stampFile?.remove()
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        var request = LintRequest(
            root: path, configPath: config, baselinePath: baseline, writeBaselinePath: writeBaseline,
            infoPlistPath: infoPlist, settings: commandLineLayer, probeDepth: verify ? .verify : .header,
            followsSymbolicLinks: walk.followSymlinks, target: bundleTarget.target,
            cacheFolder: noCache ? nil : cachePath ?? ScanCache.defaultFolder())
        request.buildConfiguration = bundleTarget.configuration
        let identifier = reporter ?? Reporters.defaultIdentifier(environment: environment)
        // validate() has checked the name.
        let chosen = Reporters.reporter(identifier: identifier) ?? TextReporter.self
        // A reporter that shows what the scan found (the HTML report's pictures) needs this run's scan.
        request.reusesReport = !chosen.needsScan
        // Each message once a run: a note the session and the reporter both have is said once.
        var notes = RunMessages(quiet: quiet, showsNotes: showNotes || identifier != XcodeReporter.identifier)
        let outcome: LintOutcome
        do {
            outcome = try PhaseTimings.shared.measure("lint session") {
                try LintSession.run(request) { message in
                    if notes.shows(message.level) { notes.say(message.description) }
                }
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        // Nothing found and nothing said: the path is most likely wrong. (A catalog whose every file
        // is missing has no image but has findings, and is linted.)
        if outcome.report.imageCount == 0, outcome.report.findings.isEmpty,
            !outcome.configuration.allowsZeroLintableFiles
        {
            printError(
                "error: \(path): nothing to lint: no image file (.png, .jpg, .gif, .pdf, .svg, …) and no asset catalog "
                    + "image was found"
                    + (outcome.configuration.included.isEmpty && outcome.configuration.excluded.isEmpty
                        ? "" : " with the config's included and excluded paths")
                    + ". Check the path, or pass --allow-zero-lintable-files (allow_zero_lintable_files: true) "
                    + "for a tree that may hold none.")
            throw ExitCode(2)
        }
        let colored = (output == nil || output == "-") && isatty(STDOUT_FILENO) != 0 && environment("NO_COLOR") == nil
        let reporter = chosen.init(options: ReporterOptions(colored: colored))
        for note in reporter.standardErrorNotes(for: outcome.report) where notes.shows(.note) {
            notes.say("note: \(note)")
        }
        let rendered = PhaseTimings.shared.measure("report (\(identifier))") {
            reporter.render(outcome.report, scan: outcome.scan)
        }
        let target: OutputTarget
        do {
            target = try output.map { path throws(FileWriteError) in try OutputTarget(path: path) } ?? .standardOutput
            try target.write(rendered)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        // A report that cannot be written ends the run here (status 2), before the stamp.
        if target == .standardOutput { writeStandardOutput(rendered) }
        if let stampFile, outcome.exitCode == 0 {
            do {
                try stampFile.replace(with: [])
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        }
        // Ends the process with the scan still held: freeing the facts of every image, one
        // object at a time, takes longer than the rules did. Everything is written (unbuffered).
        if PhaseTimings.shared.isEnabled { printError(PhaseTimings.shared.table()) }
        withExtendedLifetime(outcome) { exitProcess(outcome.exitCode) }
    }
}

/// What a lint says about its own run on standard error: errors always; warnings and notes unless
/// `--quiet`; notes not with the xcode reporter unless `--show-notes` (a pre-build lint's log is for
/// findings); and each line once.
struct RunMessages {
    var quiet: Bool
    var showsNotes: Bool
    private var said: Set<String> = []

    init(quiet: Bool, showsNotes: Bool) {
        self.quiet = quiet
        self.showsNotes = showsNotes
    }

    func shows(_ level: ToolMessage.Level) -> Bool {
        switch level {
        case .error: true
        case .warning: !quiet
        case .note: !quiet && showsNotes
        }
    }

    mutating func say(_ line: String) {
        if said.insert(line).inserted { printError(line) }
    }
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
