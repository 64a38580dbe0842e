import ArgumentParser
import TallCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Fixes what has one right answer, in the files and in the project; says what still needs a person.",
        discussion: """
            Renames misnamed variants (button~ipad@2x.png to button@2x~ipad.png) and the Xcode project \
            references and .csproj items that name them, renames a catalog's file to the spelling its \
            entry uses, clears a catalog entry's missing filename, and puts a stray file of an image set \
            into the one empty slot its name fits. --dry-run prints the plan and a unified diff of every \
            text file it would change; without it, the same plan is applied: new file contents are \
            written beside the old and flushed before anything is renamed, so a failure before that \
            changes nothing. Only regular files inside the folder are changed, each step opening its \
            folder from the one given without following a symbolic link. A journal \
            (.tallcheck-fix.journal) lists the steps first: a fix killed part way is finished by the \
            next one. Running it twice changes nothing the second time.
            """
    )

    @Argument(help: "The app's source folder.")
    var path = "."

    @Flag(help: "Print the plan and the diff of every file it would change; change nothing.")
    var dryRun = false

    @Flag(
        help: """
            Also delete what unused-image reports (loose files with all their variants, whole image sets) \
            and the project entries that name them; never an image a name built at run time could reach.
            """)
    var deleteUnused = false

    @Flag(
        help: """
            Also write again the PNGs image-weight says would shrink, deflated at zlib's level 9: only when \
            the new file decodes to the same pixels and is smaller; never a CgBI file.
            """)
    var recompress = false

    @Option(
        help:
            "The config file (its included and excluded paths apply). Default: .tallcheck.yml in the folder, if there is one."
    )
    var config: String?

    @OptionGroup var bundleTarget: TargetOption

    func run() throws {
        // A fix killed part way is finished (or undone) before the tree is read again.
        if dryRun, FixApplier.hasJournal(root: path) {
            printError("note: an earlier fix was interrupted here; tallcheck fix will finish it before its own changes")
        } else if !dryRun {
            do {
                if let recovered = try FixApplier.recover(root: path) { printError("note: \(recovered)") }
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        }
        var request = LintRequest(
            root: path, configPath: config, followsSymbolicLinks: false, target: bundleTarget.target)
        request.buildConfiguration = bundleTarget.configuration
        request.reusesReport = false
        // unused-image and image-weight are opt-in: on for this run, besides the config's.
        if deleteUnused || recompress {
            request.settings.additionalOptInRules = Set(
                (deleteUnused ? ["unused-image"] : []) + (recompress ? ["image-weight"] : []))
        }
        let outcome: LintOutcome
        do {
            outcome = try LintSession.run(request) { printError($0.description) }
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        guard let scan = outcome.scan, scan.inventory.bundle.source != .builtApp else {
            printError("error: \(path): fix changes a source folder; a built .app or .ipa is not one")
            throw ExitCode(2)
        }
        let plan = Fixer.plan(
            root: path, scan: scan, findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: deleteUnused, recompresses: recompress))
        writeStandardOutput(plan.text(diff: dryRun))
        guard !dryRun, !plan.isEmpty else { return }
        do {
            // TALLCHECK_FIX_STEP_PAUSE_MS: a pause before each change, for Scripts/fix-races.
            let pause = environment("TALLCHECK_FIX_STEP_PAUSE_MS").flatMap { UInt32($0) } ?? 0
            try FixApplier.apply(plan) { _ in if pause > 0 { usleep(pause * 1000) } }
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        writeStandardOutput(
            "Applied: \(plan.renames.count) renamed, \(plan.deletions.count) deleted, \(plan.changes.count) edited.\n")
    }
}
