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
}
