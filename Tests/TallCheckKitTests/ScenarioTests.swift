import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Fixtures/Scenarios")
struct ScenarioTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("each scenario gives the findings its story implies, and no others", arguments: scenarios)
    func findingsMatch(_ scenario: Scenario) throws {
        let root = Self.repository + "/" + scenario.folder
        // The whole lint, so a scenario's .tallcheck.yml counts.
        let outcome = try LintSession.run(LintRequest(root: root)) { _ in }
        // Targets are compared where the scenario names them: a project's scenarios.
        let checksTargets = scenario.expected.contains { $0.targets != nil }
        let found = outcome.report.findings.map {
            Scenario.Expected(
                rule: $0.ruleID, severity: $0.severity, path: $0.path, line: $0.line,
                targets: checksTargets ? $0.targets : nil, configurations: checksTargets ? $0.configurations : nil)
        }
        #expect(
            found.sorted { $0.description < $1.description }
                == scenario.expected.sorted { $0.description < $1.description })
        let imageCount =
            scenario.images.count + scenario.vectors.count
            + scenario.binaries.filter { ImageFormat.hasImageExtension($0.path) }.count - scenario.uncheckedImages
        #expect(outcome.report.imageCount == imageCount)
        #expect(outcome.exitCode == (scenario.expected.contains { $0.severity == .error } ? 1 : 0))
    }

    @Test(arguments: scenarios)
    func committedFilesAreTheListedOnes(_ scenario: Scenario) throws {
        let listed = try scenario.files().map(\.path).sorted()
        #expect(try committedFiles(in: Self.repository + "/" + scenario.folder) == listed)
    }

    @Test func infoPlistChoiceIsReported() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.repository + "/Fixtures/Scenarios/launch-images"))
        #expect(scan.infoPlistChoice == "Info.plist: Info.plist (found automatically)")
        #expect(scan.inventory.info?.launchImages[.phone]?.count == 3, "the binary plist was read")
        let none = try InventoryScanner.scan(
            ScanOptions(root: Self.repository + "/Fixtures/Scenarios/iphone5-migration"))
        #expect(none.infoPlistChoice.hasPrefix("Info.plist: none found"))
    }

    /// `Fixtures/Game`: an Xcode project's tree, for `tallcheck bundle` and resolve by bundle path.
    static func gameFiles() -> [(path: String, bytes: [UInt8])] {
        ProjectFiles.gameImages.map { ($0.0, PNGBuilder(width: $0.1, height: $0.2, colorType: 0).encoded()) }
            + [("Game.xcodeproj/project.pbxproj", Array(ProjectFiles.gamePBXProj.utf8))]
    }

    @Test func theGameFixtureIsTheListedOne() throws {
        #expect(try committedFiles(in: Self.repository + "/Fixtures/Game") == Self.gameFiles().map(\.path).sorted())
        let resolver = ImageResolver(
            try InventoryScanner.scan(ScanOptions(root: Self.repository + "/Fixtures/Game")).inventory)
        #expect(
            resolver.resolve("Levels/map1", on: try #require(DeviceQuery(model: "iPhone 5"))).bundlePath
                == "Levels/map1.png")
    }

    /// Writes the scenario trees when TALLCHECK_WRITE_FIXTURES=1 (Scripts/make-fixtures sets it).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TALLCHECK_WRITE_FIXTURES"] == "1"))
    func writeFixtures() throws {
        try? FileManager.default.removeItem(atPath: Self.repository + "/Fixtures/Scenarios")
        for scenario in scenarios {
            for file in try scenario.files() {
                try writeFile(file.bytes, to: Self.repository + "/" + scenario.folder + "/" + file.path)
            }
        }
        #expect(FileManager.default.fileExists(atPath: Self.repository + "/Fixtures/Scenarios/tall-ready/Info.plist"))
        try? FileManager.default.removeItem(atPath: Self.repository + "/Fixtures/Game")
        for file in Self.gameFiles() {
            try writeFile(file.bytes, to: Self.repository + "/Fixtures/Game/" + file.path)
        }
    }
}

func writeFile(_ bytes: [UInt8], to path: String) throws {
    try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Writes a fixture's listed files into `folder` afresh (Scripts/make-fixtures), and checks the
/// folder then holds exactly them.
func rewriteFixture(_ files: [(path: String, bytes: [UInt8])], in folder: String) throws {
    try? FileManager.default.removeItem(atPath: folder)
    for file in files { try writeFile(file.bytes, to: folder + "/" + file.path) }
    #expect(try committedFiles(in: folder) == files.map(\.path))
}

/// Each listed file with the bytes its committed copy holds, after checking that `folder` holds
/// exactly the listed files.
func committedCopies(
    of files: [(path: String, bytes: [UInt8])], in folder: String
) throws -> [(path: String, committed: [UInt8], listed: [UInt8])] {
    #expect(try committedFiles(in: folder) == files.map(\.path))
    return try files.map { path, bytes in
        (path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))), bytes)
    }
}

/// Every regular file under `folder`, relative and sorted.
func committedFiles(in folder: String) throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
            files.append(path)
        }
    }
    return files.sorted()
}
