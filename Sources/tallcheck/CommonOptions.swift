import ArgumentParser
import TallCheckKit

/// How a command walks the tree it is given.
struct WalkOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links to folders and out of the tree; loops are walked once.")
    var followSymlinks = false
}

/// Which app target's resources make the bundle, when the Xcode project has several.
struct TargetOption: ParsableArguments {
    @Option(
        help: """
            The Xcode target to check or answer for (an app, an extension, a tvOS or watch app). Default: lint \
            and bundle take every app-like target, resolve the first that runs on the device.
            """)
    var target: String?

    @Option(
        help: ArgumentHelp(
            "The build configuration to read (Debug, Release). Default: every configuration; a finding that holds in only some names them.",
            valueName: "name"))
    var configuration: String?
}

/// `--json`, for commands that print text by default.
struct JSONOption: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}

extension OSVersion {
    /// Parses `--deployment-target` and `--ios` values, with a message that says what is expected.
    static func argument(_ option: String) -> @Sendable (String) throws -> OSVersion {
        { text in
            guard let version = OSVersion(text) else {
                throw ValidationError("\(option) must be a version such as 7.0, not '\(text)'")
            }
            return version
        }
    }
}

extension RuleOption {
    /// Parses a rule option's command-line flag with the option's own rules.
    static func argument(_ flag: String) -> @Sendable (String) throws -> Self {
        { text in
            guard let value = Self(text) else { throw ValidationError("\(flag) must be \(expectedValue)") }
            return value
        }
    }
}

/// Scans the tree for a command that reads it, with what the scan had to say on standard
/// error; a tree that cannot be scanned at all ends the command with exit status 2.
func scanForCommand(_ options: ScanOptions) throws -> ScanResult {
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
    return scan
}
