import ArgumentParser
import TallCheckKit

struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Lists where each image lands in the built app, and why: what TallCheck believes ships.",
        discussion: """
            Bundle paths come from the app target's Copy Bundle Resources in the Xcode project (groups \
            copied flat, folder references and .bundle folders kept whole, variant groups into .lproj \
            folders, synchronized folders), from BundleResource and Content items of a .csproj, or, \
            without a project, from the tree: every image under its name and its path, except in folders \
            that never ship (docs, Screenshots, fastlane, *.docc, tests).
            """
    )

    @Argument(help: "The app's source folder.")
    var path = "."

    @Option(
        help:
            "The config file (its included and excluded paths apply). Default: .tallcheck.yml in the folder, if there is one."
    )
    var config: String?

    @OptionGroup var format: JSONOption

    @OptionGroup var walk: WalkOptions

    @OptionGroup var bundleTarget: TargetOption

    func run() throws {
        let options = try Workspace.scanOptions(path, config: config, walk: walk, target: bundleTarget, needs: .names)
        let scan = try scanForCommand(options)
        let listings = PhaseTimings.shared.measure("listing") { BundleListing.listings(of: scan) }
        if format.json {
            // One target (or none): the listing itself, as before; several: an array.
            print((listings.count == 1 ? listings[0].json : .array(listings.map(\.json))).rendered())
        } else {
            let text = PhaseTimings.shared.measure("text") { listings.map(\.text).joined(separator: "\n") }
            PhaseTimings.shared.measure("write") { writeStandardOutput(text) }
        }
    }
}
