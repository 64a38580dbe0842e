import ArgumentParser

@main
struct TallCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tallcheck",
        abstract: "Checks an iOS app's image assets for retina and tall screens.",
        subcommands: [
            Lint.self, Resolve.self, Inspect.self, BundleCommand.self, Devices.self, ListRules.self, Align.self,
        ]
    )
}
