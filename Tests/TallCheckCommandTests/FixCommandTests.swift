import Foundation
import Testing

/// `tallcheck fix` as a user runs it on `Fixtures/FixApp/Xcode`: the plan and its diff, the fix,
/// lint afterwards, and a second fix that changes nothing.
@Suite(
    "tallcheck fix as a process",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct FixCommandTests {
    /// A copy of the fixture's Xcode app.
    static func copy() throws -> String {
        let folder = NSTemporaryDirectory() + "tallcheck-fix-\(UUID().uuidString)"
        try FileManager.default.copyItem(
            atPath: CommandRunTests.repository + "/Fixtures/FixApp/Xcode", toPath: folder)
        return folder
    }

    /// Every file of the tree with its bytes.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }

    @Test func theDryRunPrintsThePlanAndTheDiffAndFixThenLintAndFixAgain() throws {
        let folder = try Self.copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let untouched = try Self.snapshot(folder)

        let dryRun = try CommandLine.run(["fix", "--dry-run", folder])
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput == Self.expectedPlan)
        #expect(try Self.snapshot(folder) == untouched, "a dry run changes nothing")

        let lintBefore = try CommandLine.run(["lint", "--no-cache", "--reporter", "json", folder])
        let fix = try CommandLine.run(["fix", folder])
        #expect(fix.status == 0, "\(fix.standardError)")
        #expect(fix.standardOutput.hasSuffix("Applied: 4 renamed, 0 deleted, 2 edited.\n"))
        let fixed = try Self.snapshot(folder)
        #expect(fixed["App/Images/button@2x~ipad.png"] == untouched["App/Images/button~ipad@2x.png"])
        #expect(fixed["App/Images/button~ipad@2x.png"] == nil)

        // lint: the fixed findings are gone, the others remain.
        let lintAfter = try CommandLine.run(["lint", "--no-cache", "--reporter", "json", folder])
        func rules(_ json: String) throws -> [String] {
            let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            let findings = try #require(report?["diagnostics"] as? [[String: Any]])
            return findings.compactMap { $0["rule"] as? String }.sorted()
        }
        let fixable: Set = ["misnamed-variant", "case-mismatch", "catalog-missing-file", "catalog-unassigned-file"]
        #expect(try rules(lintBefore.standardOutput).filter(fixable.contains).count == 6)
        // No new finding: one missing-image goes too, as the renamed Icon@2x.png loads now.
        var expected = try rules(lintBefore.standardOutput).filter { !fixable.contains($0) }
        expected.remove(at: try #require(expected.firstIndex(of: "missing-image")))
        #expect(try rules(lintAfter.standardOutput) == expected)

        // A second fix changes nothing.
        let again = try CommandLine.run(["fix", folder])
        #expect(again.status == 0)
        #expect(again.standardOutput.hasPrefix("Nothing to fix.\n"))
        #expect(try Self.snapshot(folder) == fixed)
    }

    @Test func aBuiltAppIsNotFixed() throws {
        let run = try CommandLine.run([
            "fix", "--dry-run", CommandRunTests.repository + "/Fixtures/BuiltApp/Example.app",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("fix changes a source folder"))
    }

    /// The README's sample is the golden output's beginning, line for line.
    @Test func theReadmeShowsTheRealPlan() throws {
        let readme = try String(contentsOfFile: CommandRunTests.repository + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "tallcheck fix --dry-run /tmp/FixApp\n"))
        let end = try #require(readme.range(of: "--- a/FixApp.xcodeproj", range: start.upperBound..<readme.endIndex))
        let sample = String(readme[start.upperBound..<end.lowerBound])
        #expect(sample.count > 200)
        #expect(Self.expectedPlan.hasPrefix(sample))
    }

    /// The plan for the fixture's Xcode app, as reviewed: `Golden/fix-dry-run.txt`.
    static var expectedPlan: String {
        let path = #filePath.replacingOccurrences(of: "FixCommandTests.swift", with: "Golden/fix-dry-run.txt")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(missing \(path))"
    }
}
