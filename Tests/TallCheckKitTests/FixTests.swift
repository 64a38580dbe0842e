import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `tallcheck fix` on `Fixtures/FixApp`: the plan, the edited project files, and what lint says
/// afterwards.
@Suite("fix: what has one right answer")
struct FixTests {
    static let folder = ExampleAppFixtureTests.repository + "/" + FixApp.folder

    /// Writes the fixture when TALLCHECK_WRITE_FIXTURES=1 (Scripts/make-fixtures sets it).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TALLCHECK_WRITE_FIXTURES"] == "1"))
    func writeFixtures() throws {
        try rewriteFixture(try FixApp.files(), in: Self.folder)
    }

    @Test func committedFilesAreTheListedOnes() throws {
        for file in try committedCopies(of: try FixApp.files(), in: Self.folder) {
            #expect(file.committed == file.listed, "\(file.path) is as listed; run Scripts/make-fixtures")
        }
    }

    /// A copy of one app of the fixture in a temporary folder.
    static func copy(_ app: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for file in try FixApp.files() where file.path.hasPrefix(app + "/") {
            try folder.write(file.bytes, to: String(file.path.dropFirst(app.count + 1)))
        }
        return folder
    }

    static func plan(_ root: String) throws -> (FixPlan, LintOutcome) {
        var request = LintRequest(root: root)
        request.reusesReport = false
        let outcome = try LintSession.run(request) { _ in }
        return (Fixer.plan(root: root, scan: try #require(outcome.scan), findings: outcome.report.findings), outcome)
    }

    /// A project's objects, parsed as Xcode and Foundation read it.
    static func objects(_ bytes: [UInt8]) throws -> [String: NSDictionary] {
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
        return try #require(plist?["objects"] as? [String: NSDictionary])
    }

    static func findings(_ root: String) throws -> [String] {
        try plan(root).1.report.findings.map { "\($0.ruleID) \($0.path)" }.sorted()
    }

    @Test func theXcodeAppsFixesRenameEditTheProjectAndFillTheCatalog() throws {
        let folder = try Self.copy("Xcode")
        let (plan, _) = try Self.plan(folder.path)
        #expect(
            plan.renames.map { "\($0.from) -> \($0.to)" } == [
                "App/Assets.xcassets/Arrow.imageset/arrow@2x.png -> App/Assets.xcassets/Arrow.imageset/Arrow@2x.png",
                "App/Images/Icon@2X.png -> App/Images/Icon@2x.png",
                "App/Images/button~ipad@2x.png -> App/Images/button@2x~ipad.png",
                "App/Levels/level1~ipad@2x.png -> App/Levels/level1@2x~ipad.png",
            ])
        #expect(
            plan.changes.map(\.path) == [
                "App/Assets.xcassets/Star.imageset/Contents.json", "FixApp.xcodeproj/project.pbxproj",
            ])
        #expect(
            plan.fixes.map(\.finding.ruleID).sorted() == [
                "case-mismatch", "catalog-missing-file", "catalog-unassigned-file", "misnamed-variant",
                "misnamed-variant", "misnamed-variant",
            ])
        #expect(plan.needsPerson.contains { $0.ruleID == "scale-mismatch" && $0.path == "App/Images/Avatar@2x.png" })

        // The project: the same objects with two paths changed, and every other byte as it was.
        let change = try #require(plan.changes.first { $0.path.hasSuffix("project.pbxproj") })
        let before = try Self.objects(change.before)
        let after = try Self.objects(change.after)
        #expect(Set(before.keys) == Set(after.keys))
        let changed = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(changed == ["F00000000000000000000001", "F00000000000000000000002"])
        #expect(after["F00000000000000000000001"]?["path"] as? String == "button@2x~ipad.png")
        #expect(after["F00000000000000000000002"]?["path"] as? String == "Icon@2x.png")
        let restored = String(decoding: change.after, as: UTF8.self)
            .replacingOccurrences(of: "button@2x~ipad.png", with: "button~ipad@2x.png")
            .replacingOccurrences(of: "Icon@2x.png", with: "Icon@2X.png")
        #expect(Array(restored.utf8) == change.before, "only the names changed")

        // Applied: the fixed findings are gone, the others stay, and a second fix changes nothing.
        let findingsBefore = try Self.findings(folder.path)
        try FixApplier.apply(plan)
        let findingsAfter = try Self.findings(folder.path)
        let fixedRules: Set = ["misnamed-variant", "case-mismatch", "catalog-missing-file", "catalog-unassigned-file"]
        #expect(
            !findingsAfter.contains { fixedRules.contains(String($0.split(separator: " ")[0])) }, "\(findingsAfter)")
        // No new finding: what remains was there before (a name the code asks for may load now).
        #expect(Set(findingsAfter).isSubset(of: findingsBefore), "\(findingsAfter)")
        #expect(findingsAfter.contains("scale-mismatch App/Images/Avatar@2x.png"))
        #expect(
            findingsAfter.filter { $0.hasPrefix("missing-image") }.count == 2,
            "Icon loads now; button and Levels/level1 are iPad-only")
        let (again, _) = try Self.plan(folder.path)
        #expect(again.isEmpty && again.fixes.isEmpty)
        let contents = try String(
            contentsOfFile: folder.path + "/App/Assets.xcassets/Star.imageset/Contents.json", encoding: .utf8)
        #expect(
            contents
                == FixApp.contents([
                    [("filename", "Star.png"), ("idiom", "universal"), ("scale", "1x")],
                    [("filename", "Star@2x.png"), ("idiom", "universal"), ("scale", "2x")],
                    [("idiom", "universal"), ("scale", "3x")],
                ]))
    }

    @Test func deleteUnusedTakesTheFilesAndTheirProjectEntriesAndNothingElse() throws {
        let folder = try Self.copy("Xcode")
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["unused-image"]
        let before = try LintSession.run(request) { _ in }
        #expect(
            before.report.findings.filter { $0.ruleID == "unused-image" }.map(\.path).sorted() == [
                "App/Assets.xcassets/Retired.imageset", "App/Images/Old.png",
            ])
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(before.scan), findings: before.report.findings,
            options: Fixer.Options(deletesUnused: true))
        #expect(
            plan.deletions == [
                "App/Assets.xcassets/Retired.imageset/Contents.json",
                "App/Assets.xcassets/Retired.imageset/Retired@2x.png", "App/Images/Old.png", "App/Images/Old@2x.png",
            ])
        // The project loses exactly the two file references and their two build files.
        let change = try #require(plan.changes.first { $0.path.hasSuffix("project.pbxproj") })
        let old = try Self.objects(change.before)
        let new = try Self.objects(change.after)
        let gone: Set = [
            "F0000000000000000000000C", "F0000000000000000000000D", "B00000000000000000000009",
            "B0000000000000000000000A",
        ]
        #expect(Set(old.keys).subtracting(new.keys) == gone)
        #expect(Set(new.keys).isSubset(of: old.keys))
        for (id, object) in new where !["F00000000000000000000001", "F00000000000000000000002"].contains(id) {
            if let list = (object["children"] as? [String]) ?? (object["files"] as? [String]) {
                #expect(gone.isDisjoint(with: list), "\(id) names no deleted object")
                let oldList = (old[id]?["children"] as? [String]) ?? (old[id]?["files"] as? [String]) ?? []
                #expect(list == oldList.filter { !gone.contains($0) }, "\(id) keeps the rest in order")
            } else {
                #expect(object == old[id], "\(id) is untouched")
            }
        }
        try FixApplier.apply(plan)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/App/Assets.xcassets/Retired.imageset"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/App/Images/Old@2x.png"))
        let after = try LintSession.run(request) { _ in }
        #expect(!after.report.findings.contains { $0.ruleID == "unused-image" })
        let missing = { (outcome: LintOutcome) in outcome.report.findings.filter { $0.ruleID == "missing-image" }.count
        }
        #expect(missing(after) <= missing(before))
    }

    @Test func recompressWritesAStoredPNGAgainWithTheSamePixels() throws {
        let folder = try TemporaryDirectory()
        let picture = DuplicateImageTests.Picture.sample(96, 96)
        let stored = DuplicateImageTests.png(picture, level: 0)
        try folder.write(stored, to: "Images/Photo.png")
        try folder.write(DuplicateImageTests.png(picture, level: 0), to: "Images/Photo@2x.png")
        try folder.write(PNGBuilder(width: 8, height: 8, cgbi: true).encoded(), to: "Images/Apple.png")
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["image-weight"]
        let outcome = try LintSession.run(request) { _ in }
        #expect(outcome.report.findings.contains { $0.ruleID == "image-weight" && $0.savedBytes != nil })
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(recompresses: true))
        #expect(plan.changes.map(\.path) == ["Images/Photo.png", "Images/Photo@2x.png"])
        #expect(plan.changes.allSatisfy { $0.isBinary && $0.after.count < $0.before.count })
        #expect(plan.text(diff: true).contains("rewrite Images/Photo.png (\(stored.count) -> "))
        try FixApplier.apply(plan)
        var written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Images/Photo.png")))
        var original = stored
        let reader = PNGContent()
        #expect(try reader.pixelDigest(ofMemory: &written).get() == reader.pixelDigest(ofMemory: &original).get())
        let again = try LintSession.run(request) { _ in }
        #expect(!again.report.findings.contains { $0.ruleID == "image-weight" && $0.savedBytes != nil })
    }

    /// The Info.plist names `LaunchImage-568h`; the file is `launchimage-568h@2x.png`: renamed to the
    /// plist's spelling (the advice once said `LaunchImage-568h-568h@2x.png`).
    @Test func aLooseFileTakesTheInfoPlistsSpelling() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 640, height: 1136, colorType: 2).encoded(), to: "launchimage-568h@2x.png")
        try folder.write(
            Array(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>UILaunchImages</key><array><dict>
                <key>UILaunchImageName</key><string>LaunchImage-568h</string>
                <key>UILaunchImageSize</key><string>{320, 568}</string>
                </dict></array></dict></plist>
                """.utf8), to: "Info.plist")
        let (plan, outcome) = try Self.plan(folder.path)
        let mismatch = try #require(outcome.report.findings.first { $0.ruleID == "case-mismatch" })
        #expect(mismatch.message.hasSuffix("Rename it to LaunchImage-568h@2x.png."))
        #expect(plan.renames.map(\.to) == ["LaunchImage-568h@2x.png"])
        let before = try Self.findings(folder.path)
        try FixApplier.apply(plan)
        let after = try Self.findings(folder.path)
        #expect(!after.contains { $0.hasPrefix("case-mismatch") })
        #expect(Set(after).isSubset(of: before), "\(after)")
    }

    @Test func aBrokenProjectStopsRenamesAndALinkOutIsNeverFollowed() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 88, height: 88).encoded(), to: "Tree/Images/x~ipad@2x.png")
        try folder.write(Array("{ objects = ( ;".utf8), to: "Tree/Broken.xcodeproj/project.pbxproj")
        let (plan, _) = try Self.plan(folder.path + "/Tree")
        #expect(plan.renames.isEmpty)
        #expect(
            plan.needsPerson.contains {
                $0.ruleID == "misnamed-variant"
                    && $0.message.contains("not renamed: Broken.xcodeproj/project.pbxproj could not be read")
            })

        // A misnamed file outside the tree, reached by a link inside it: never renamed.
        try folder.write(PNGBuilder(width: 88, height: 88).encoded(), to: "Outside/y~ipad@2x.png")
        try FileManager.default.removeItem(atPath: folder.path + "/Tree/Broken.xcodeproj")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/Tree/Images/y~ipad@2x.png", withDestinationPath: "../../Outside/y~ipad@2x.png")
        let (linked, _) = try Self.plan(folder.path + "/Tree")
        #expect(!linked.renames.contains { $0.from.hasPrefix("Images/y") })
        try FixApplier.apply(linked)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Outside/y~ipad@2x.png"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Tree/Images/x@2x~ipad.png"))
    }

    /// A stray file whose name gives no scale goes to the slot its size gives.
    @Test func aStrayFileWithoutAScaleGoesToTheSlotItsSizeGives() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 30, height: 30, seed: 1).encoded(), to: "A.xcassets/star.imageset/star.png")
        try folder.write(PNGBuilder(width: 60, height: 60, seed: 2).encoded(), to: "A.xcassets/star.imageset/big.png")
        try folder.write(
            Array(
                FixApp.contents([
                    [("filename", "star.png"), ("idiom", "universal"), ("scale", "1x")],
                    [("idiom", "universal"), ("scale", "2x")], [("idiom", "universal"), ("scale", "3x")],
                ]).utf8), to: "A.xcassets/star.imageset/Contents.json")
        let (plan, _) = try Self.plan(folder.path)
        #expect(plan.fixes.map(\.action) == ["put in the empty slot universal 2x"])
    }

    /// Project text made to be slow or large: each stays within its bounds.
    @Test func hostileProjectTextStaysBounded() throws {
        // A .csproj of 150,000 items naming the renamed file: read in one pass, each edit refused.
        let item = Array(#"<BundleResource Include="Resources\x~ipad%402x.png" />"#.utf8)
        var items: [UInt8] = []
        for _ in 0..<150_000 { items += item }
        let csproj = Array("<Project><ItemGroup>".utf8) + items + Array("</ItemGroup></Project>".utf8)
        let path = "Resources/x~ipad@2x.png"
        let text = try MSBuildText(csproj, projectPath: "App.csproj")
        #expect(throws: MSBuildText.Failure.self) { try text.renaming(path, to: "x@2x~ipad.png").get() }
        #expect(throws: MSBuildText.Failure.self) { try text.removing(path).get() }
        // Within the budget, every item is edited.
        let few =
            Array("<Project><ItemGroup>".utf8) + items.prefix(item.count * MSBuildText.maxItemsPerFile)
            + Array("</ItemGroup></Project>".utf8)
        #expect(
            try MSBuildText(few, projectPath: "App.csproj").renaming(path, to: "x@2x~ipad.png").get().count
                == MSBuildText.maxItemsPerFile)
        // The same values outside any tag are text, not items: nothing names the file.
        let loose = Array(String(repeating: #" Include="Resources\x~ipad%402x.png" "#, count: 1000).utf8)
        #expect(try MSBuildText(loose, projectPath: "App.csproj").renaming(path, to: "x@2x~ipad.png").get().isEmpty)
        // More items than any project has: not read.
        var many = Array("<Project><ItemGroup>".utf8)
        for _ in 0...MSBuildText.maxItems { many += Array(#"<None Include="a"/>"#.utf8) }
        #expect(throws: MSBuildText.Failure.self) { try MSBuildText(many, projectPath: "App.csproj") }
        // A project of nothing but comments: refused past the token budget.
        let comments = Array(String(repeating: "/**/", count: ProjectText.maxTokens + 1).utf8)
        #expect(ProjectText(comments) == nil)
        // Unclosed strings and comments: refused.
        #expect(ProjectText(Array("{ a = \"b; }".utf8)) == nil)
        #expect(ProjectText(Array("{ /* a = b; }".utf8)) == nil)
        // Contents.json nested past the limit: not read.
        let deep = "{\"images\":[{\"a\":" + String(repeating: "[", count: 10_000) + "]}]}"
        #expect(CatalogContentsText(Array(deep.utf8)) == nil)
    }

    @Test func theXamarinAppsItemsKeepTheirEscapes() throws {
        let folder = try Self.copy("Xamarin")
        let (plan, _) = try Self.plan(folder.path)
        #expect(
            plan.renames.map { "\($0.from) -> \($0.to)" } == [
                "Resources/Badge@2X.png -> Resources/Badge@2x.png",
                "Resources/logo~ipad@2x.png -> Resources/logo@2x~ipad.png",
            ])
        let change = try #require(plan.changes.first)
        #expect(
            String(decoding: change.after, as: UTF8.self)
                == FixApp.csproj.replacingOccurrences(of: "logo~ipad%402x.png", with: "logo%402x~ipad.png")
                .replacingOccurrences(of: "Badge%402X.png", with: "Badge%402x.png"))
        try FixApplier.apply(plan)
        #expect(try !Self.findings(folder.path).contains { $0.hasPrefix("misnamed-variant") })
        #expect(try Self.plan(folder.path).0.isEmpty)
    }

    @Test func nothingChangesWhenAFileChangedSinceThePlanOrALinkStandsInForOne() throws {
        let folder = try Self.copy("Xcode")
        let (plan, _) = try Self.plan(folder.path)
        // The project edited meanwhile: refused, and the tree is as it was.
        let project = folder.path + "/FixApp.xcodeproj/project.pbxproj"
        try Data((FixApp.pbxproj + "\n").utf8).write(to: URL(fileURLWithPath: project))
        let files = try committedFiles(in: folder.path)
        #expect(throws: FixFailure.self) { try FixApplier.apply(plan) }
        #expect(try committedFiles(in: folder.path) == files)
        // A file to rename replaced by a link: refused.
        try Data(FixApp.pbxproj.utf8).write(to: URL(fileURLWithPath: project))
        let icon = folder.path + "/App/Images/Icon@2X.png"
        try FileManager.default.removeItem(atPath: icon)
        try FileManager.default.createSymbolicLink(atPath: icon, withDestinationPath: "Avatar.png")
        do {
            try FixApplier.apply(plan)
            Issue.record("applied through a link")
        } catch {
            #expect(error.path == "App/Images/Icon@2X.png" && !error.changedSomething)
        }
        #expect(FileManager.default.fileExists(atPath: folder.path + "/App/Images/button~ipad@2x.png"))
    }

    @Test func theDiffIsUnified() {
        let before = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".utf8)
        let after = Array("a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n".utf8)
        #expect(
            UnifiedDiff.text(before: before, after: after, path: "x")
                == "--- a/x\n+++ b/x\n@@ -1,10 +1,11 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n h\n i\n j\n+k\n")
        #expect(UnifiedDiff.text(before: before, after: before, path: "x") == "")
    }
}
