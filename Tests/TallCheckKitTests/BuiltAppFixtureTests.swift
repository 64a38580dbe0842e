import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Fixtures/BuiltApp")
struct BuiltAppFixtureTests {
    static let folder = ExampleAppFixtureTests.repository + "/" + BuiltApp.folder

    /// Writes the fixture when TALLCHECK_WRITE_FIXTURES=1 (Scripts/make-fixtures sets it).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TALLCHECK_WRITE_FIXTURES"] == "1"))
    func writeFixtures() throws {
        try rewriteFixture(try BuiltApp.files(), in: Self.folder)
    }

    /// The committed files are the listed ones, byte for byte (the Info.plist by its contents:
    /// a binary property list's key order is not fixed).
    @Test func committedFilesAreTheListedOnes() throws {
        for (path, committed, bytes) in try committedCopies(of: try BuiltApp.files(), in: Self.folder) {
            if path == "Info.plist" {
                let read = try PropertyListSerialization.propertyList(from: Data(committed), format: nil)
                #expect((read as? NSDictionary) == (BuiltApp.info as NSDictionary))
                #expect(committed.starts(with: Array("bplist00".utf8)))
            } else {
                #expect(committed == bytes, "\(path) is as listed; run Scripts/make-fixtures")
            }
        }
    }

    /// What the README says `tallcheck lint Fixtures/BuiltApp/Example.app` finds.
    @Test func theBuiltExampleFindsWhatTheReadmeSays() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.folder))
        let findings = Linter().findings(in: scan.inventory)
        let found = Set(findings.map { "\($0.ruleID) \($0.path)" })
        #expect(
            found == [
                "app-icon-size Assets.car/AppIcon/Icon-40@3x.png",
                "scale-mismatch Assets.car/Button/button@3x.png",
                "launch-image-size LaunchImage-700-568h@2x.png",
                // No launch image for the 4.7- and 5.5-inch phones: notes.
                "tall-launch-image-missing Info.plist",
            ], "\(findings.map { "\($0.ruleID) \($0.path): \($0.message)" })")
        let phone = try #require(DeviceQuery(model: "iPhone SE"))
        let resolution = ImageResolver(scan.inventory).resolve("Background", on: phone)
        #expect(resolution.file == "Assets.car/Background/background-568h@2x.png")
        #expect(resolution.tried == ["Assets.car/Background/background-568h@2x.png"])
    }
}
