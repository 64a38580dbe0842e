import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A built app is one scan whatever holds it: the `.app` folder and the `.ipa` made of it go
/// through the same inventory, targets and content pass (``AppScanner/assemble(_:options:)``),
/// so they give the same findings, at paths that differ by the archive's `Payload/NAME.app/`.
@Suite("One scan for every file source")
struct FileSourceTests {
    @Test func aBuiltAppAndItsIPAGiveTheSameFindings() throws {
        let app = ReadmeLayoutTests.repository + "/Fixtures/BuiltApp/Example.app"
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: app) as [String]?).sorted()
        var entries: [(String, [UInt8])] = []
        for path in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: app + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            entries.append(
                ("Payload/Example.app/" + path, Array(try Data(contentsOf: URL(fileURLWithPath: app + "/" + path)))))
        }
        let folder = try TemporaryDirectory()
        let ipa = try ArchiveContentTests.ipa(entries, in: folder)
        #expect(try FileSources.source(of: app) is FolderSource)
        #expect(try FileSources.source(of: ipa) is ArchiveSource)

        func findings(_ root: String) throws -> [String] {
            let options = ScanOptions(root: root, probeDepth: .verify, contentChecks: [.duplicates, .recompression])
            let scan = try InventoryScanner.scan(options)
            var configuration = LintConfiguration()
            configuration.optInRules = ["image-weight"]
            configuration.imageWeight = ImageWeightBudget(maxBytes: 1000)
            return Linter(configuration: configuration).lint(scan).findings.map {
                "\($0.ruleID) \($0.severity) \($0.path): \($0.message) \($0.related)"
                    .replacingOccurrences(of: "Payload/Example.app/", with: "")
            }.sorted()
        }
        let fromFolder = try findings(app)
        #expect(fromFolder.count >= 5)
        #expect(Set(fromFolder.map { $0.split(separator: " ")[0] }).count >= 3, "\(fromFolder)")
        #expect(try findings(ipa) == fromFolder)
    }
}
