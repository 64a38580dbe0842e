import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// Every command opens the tree the same way: one configuration (the file, then the command
/// line), one set of excluded paths, and a scan that reads only what the command needs.
@Suite("One workspace for every command")
struct WorkspaceTests {
    static func tree() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            Array(
                """
                excluded: [Old]
                opt_in_rules: [unused-image, image-weight]
                deployment_target: "12.0"
                tall_suffix_functions: [Tall]
                """.utf8), to: ".tallcheck.yml")
        try folder.write(PNGBuilder(width: 4, height: 4).encoded(), to: "Images/Star@2x.png")
        try folder.write(PNGBuilder(width: 4, height: 4).encoded(), to: "Old/Star@2x.png")
        try folder.write(Array("let a = UIImage(named: \"Star\")\n".utf8), to: "App/A.swift")
        return folder
    }

    @Test func eachNeedReadsOnlyWhatItNeedsUnderOneConfiguration() throws {
        let folder = try Self.tree()
        let workspace = try Workspace.open(folder.path, target: "App", buildConfiguration: "Release")
        let needs: [Workspace.Needs] = [.rules, .sources, .images, .names, .candidates(of: ["Star"])]
        let options = needs.map { workspace.scanOptions($0) }
        for option in options {
            #expect(!option.pathFilter.admits("Old/Star@2x.png") && option.pathFilter.admits("Images/Star@2x.png"))
            #expect(option.deploymentTarget == OSVersion(12, 0))
            #expect(option.tallSuffixFunctions == ["Tall"])
            #expect(option.target == "App" && option.configuration == "Release")
        }
        #expect(options.map(\.readsSources) == [true, true, false, false, false])
        #expect(options.map(\.readsCodeNames) == [true, false, false, false, false])
        #expect(options.map(\.contentChecks) == [[.duplicates, .recompression], [], [], [], []])
        #expect(options.map(\.probedNames) == [nil, nil, nil, [], ["Star"]])
        #expect(options.map(\.listsOnlyProbed) == [false, false, false, false, true])
        #expect(options.map(\.groupsAssets) == [true, true, true, false, true])
    }

    @Test func theCommandLineBeatsTheFileAndTheScanHonoursBoth() throws {
        let folder = try Self.tree()
        var settings = LintConfiguration.Layer()
        settings.excluded = ["Images"]
        let workspace = try Workspace.open(folder.path, settings: settings)
        #expect(workspace.configuration.excluded == ["Images"])
        let scan = try InventoryScanner.scan(workspace.scanOptions(.images))
        #expect(scan.inventory.allImages.map(\.path) == ["Old/Star@2x.png"])
        // A command's own opt-in rules join the file's (fix --delete-unused), where
        // `optInRules` replaces them.
        var fix = LintConfiguration.Layer()
        fix.additionalOptInRules = ["duplicate-image"]
        #expect(
            try Workspace.open(folder.path, settings: fix).configuration.optInRules == [
                "unused-image", "image-weight", "duplicate-image",
            ])
        // A config file that cannot be used stops the command.
        try folder.write(Array("excluded: {a: b}\n".utf8), to: ".tallcheck.yml")
        #expect(throws: ConfigurationError.self) { try Workspace.open(folder.path) }
    }
}
