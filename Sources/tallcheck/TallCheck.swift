import ArgumentParser
import TallCheckKit

@main
struct TallCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tallcheck",
        abstract: "Checks an iOS app's image assets for retina and tall screens.",
        version: TallCheckVersion.current,
        subcommands: [
            Lint.self, Resolve.self, References.self, Inspect.self, BundleCommand.self, Devices.self, ListRules.self,
            Align.self, Fix.self,
        ]
    )

    /// ArgumentParser's own `main`, except that a usage error exits 2, as the README promises
    /// (it uses 64, EX_USAGE).
    static func main() {
        ProcessTuning.tuneAllocator()
        _ = PhaseTimings.shared  // Its clock starts here.
        do {
            var command = try PhaseTimings.shared.measure("arguments") { try parseAsRoot() }
            // lint prints its own table, after its report; the other commands' comes here.
            defer {
                if PhaseTimings.shared.isEnabled, !(command is Lint) { printError(PhaseTimings.shared.table()) }
            }
            try command.run()
            // What `print` buffered: a failure to write it is a failed run (exit 2).
            flushStandardOutput()
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            printUsageError(fullMessage(for: error))
            exit(withError: ExitCode(2))
        }
    }
}
