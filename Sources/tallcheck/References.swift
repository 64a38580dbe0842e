import ArgumentParser
import TallCheckKit

struct References: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "references",
        abstract: "Lists every image name the app's code asks for, and what each supported device loads for it.",
        discussion: """
            Reads Swift (swift-syntax), Objective-C, C#, storyboards and xibs, outside Pods, Carthage, \
            DerivedData, .build and test folders, and resolves each static name on one device of each class \
            the app supports (idiom, scale, tall or not): the device matrix behind the missing-image rule. \
            Names built at run time are shown as patterns with the images they can match. The config file's \
            included, excluded and tall_suffix_functions apply.
            """
    )

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(help: "The config file. Default: .tallcheck.yml in the folder, if there is one.")
    var config: String?

    @OptionGroup var format: JSONOption

    @OptionGroup var walk: WalkOptions

    @OptionGroup var bundleTarget: TargetOption

    func run() throws {
        let configuration: LintConfiguration
        do {
            let file = try ConfigurationFile.locate(
                given: config, root: path, followsSymbolicLinks: walk.followSymlinks)
            for warning in file?.file.warnings ?? [] { printError("warning: \(warning)") }
            configuration = LintConfiguration.resolved(file?.file.layer ?? .init())
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let scan = try scanForCommand(
            ScanOptions(
                root: path, deploymentTarget: configuration.deploymentTarget, pathFilter: configuration.pathFilter,
                followsSymbolicLinks: walk.followSymlinks, target: bundleTarget.target,
                tallSuffixFunctions: configuration.tallSuffixFunctions,
                tallSuffixWithoutFallback: configuration.tallSuffixWithoutFallback))
        // One listing per target that builds code; a tree without targets is one app.
        let targets = scan.targets.filter { !$0.inventory.references.isEmpty }
        guard targets.count > 1 else {
            let listing = ReferenceListing(targets.first?.inventory ?? scan.inventory)
            if format.json {
                print(listing.json.rendered())
            } else {
                writeStandardOutput(listing.text)
            }
            return
        }
        if format.json {
            print(
                JSONValue.array(
                    targets.map {
                        .object([
                            ("target", .string($0.target.name)), ("references", ReferenceListing($0.inventory).json),
                        ])
                    }
                ).rendered())
        } else {
            writeStandardOutput(
                targets.map { "== Target \($0.target.summary) ==\n" + ReferenceListing($0.inventory).text }.joined(
                    separator: "\n"))
        }
    }
}
