import Testing

@testable import TallCheckKit

/// Wrong answers seen on real apps (issue 13), each reproduced by a small tree written here.
@Suite("The app as it is built")
struct AppAsBuiltTests {
    /// What `git lfs` leaves in place of an image it has not fetched (git-lfs docs/spec.md).
    static let lfsPointer = Array(
        """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """.utf8)

    @Test func aGitLFSPointerIsNotCheckedOutRatherThanCorrupt() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.lfsPointer, to: "Images/Hero@2x.png")
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "Images/Button.png")
        let report = Linter().lint(try InventoryScanner.scan(ScanOptions(root: folder.path)))
        let findings = report.findings.filter { $0.path == "Images/Hero@2x.png" }
        #expect(findings.map(\.ruleID) == ["lfs-pointer"])
        #expect(findings.first?.severity == .note)
        #expect(findings.first?.message.contains("git lfs pull") == true)
        #expect(report.exitCode(strict: false) == 0)
        #expect(ImageProbe().probe(fileAtPath: folder.path + "/Images/Hero@2x.png").problem == .lfsPointer)
    }

    static func lint(_ scenario: String) throws -> LintReport {
        Linter().lint(try InventoryScanner.scan(ScanOptions(root: ScenarioTests.repository + "/" + scenario)))
    }

    @Test func catalogFindingsAreGroupedUnderTheirSetNotUnderContentsJSON() throws {
        let text = TextReporter(colored: false).render(try Self.lint("Fixtures/Scenarios/catalog-missing-file"))
        #expect(text.contains("\nstar\n  warning App/Assets.xcassets/star.imageset/Contents.json: "), "\(text)")
        #expect(!text.contains("\nContents.json\n"))
    }

    @Test func theSummaryCountsCatalogImagesToo() throws {
        let report = try Self.lint("Fixtures/Scenarios/catalog-scale-mismatch")
        #expect(JSONReporter().render(report).contains(#""summary":{"images":2,"#))
        #expect(TextReporter(colored: false).render(report).hasSuffix("\n2 images: 0 errors, 1 warning, 0 notes\n"))
    }

    @Test func oneOtherInfoPlistCandidateIsSingular() {
        #expect(
            InfoPlistChoice.found(path: "App/Info.plist", otherCandidates: 1).description.hasSuffix(
                "; 1 other candidate)"))
        #expect(
            InfoPlistChoice.found(path: "App/Info.plist", otherCandidates: 2).description.hasSuffix(
                "; 2 other candidates)"))
    }
}
