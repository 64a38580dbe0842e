import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// `image-weight`: budgets from `.tallcheck.yml`, and the level 9 estimate on real files.
@Suite struct ImageWeightTests {
    static func lint(_ folder: TemporaryDirectory, config: String) throws -> [Finding] {
        try folder.write(Array(config.utf8), to: ".tallcheck.yml")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        return outcome.report.findings.filter { $0.ruleID == "image-weight" }
    }

    @Test func budgetsComeFromTheConfigWithOverridesByGlob() throws {
        let file = try ConfigurationFile(
            yaml: """
                image_weight:
                  max_bytes: 1000
                  max_pixels: 5000
                  overrides:
                    "Art/**": {max_bytes: 50000}
                    "Art/Huge.png": {max_pixels: 20000}
                """)
        let budget = try #require(file.layer.imageWeight)
        #expect(budget.maxBytes == 1000 && budget.maxPixels == 5000 && budget.overrides.count == 2)
        #expect(budget.limits(for: "Icons/a.png").maxBytes == 1000)
        #expect(budget.limits(for: "Art/b.png") == (50000, 5000, "Art/**"))
        // The last override that matches wins; what it does not set is the general limit.
        #expect(budget.limits(for: "Art/Huge.png") == (1000, 20000, "Art/Huge.png"))
        for bad in [
            "image_weight: 12", "image_weight: {max_bytes: -1}", "image_weight: {max_bytes: lots}",
            "image_weight: {weight: 3}", "image_weight: {overrides: [a]}",
            "image_weight: {overrides: {\"a/**\": {overrides: {}}}}",
        ] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try ConfigurationFile(yaml: bad) }
        }
    }

    @Test func aPNGStoredWithoutCompressionIsFlaggedWithWhatLevel9Saves() throws {
        let folder = try TemporaryDirectory()
        let picture = DuplicateImageTests.Picture.sample(64, 64)
        let stored = DuplicateImageTests.png(picture, level: 0)
        let best = DuplicateImageTests.png(picture, level: 9)
        try folder.write(stored, to: "Stored.png")
        try folder.write(best, to: "Best.png")
        let findings = try Self.lint(folder, config: "opt_in_rules: [image-weight]\n")
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].path == "Stored.png")
        // The estimate is the file as Python's or zlib's level 9 writes it: the same bytes saved.
        #expect(findings[0].savedBytes == stored.count - best.count)
        #expect(findings[0].message.contains("compressed again at zlib level 9"))
    }

    @Test func filesOverTheBudgetAreFlaggedUnlessAnOverrideAllowsThem() throws {
        let folder = try TemporaryDirectory()
        let picture = DuplicateImageTests.png(DuplicateImageTests.Picture.sample(100, 60), level: 9)
        try folder.write(picture, to: "Icons/Wide.png")
        try folder.write(picture, to: "Art/Wide.png")
        let findings = try Self.lint(
            folder,
            config: """
                opt_in_rules: [image-weight]
                image_weight: {max_bytes: 1000, max_pixels: 5000, overrides: {"Art/**": {max_bytes: 100000, max_pixels: 10000}}}
                """)
        #expect(findings.map(\.path) == ["Icons/Wide.png", "Icons/Wide.png"])
        #expect(findings.contains { $0.message.contains("over the budget of 1000 bytes (image_weight.max_bytes)") })
        #expect(
            findings.contains { $0.message.contains("100×60 px (6000 pixels, 24 KB decoded), over the budget of 5000") }
        )
        #expect(findings.allSatisfy { $0.savedBytes == nil })
    }

    @Test func theEstimateIsStreamedAndRefusesBombs() throws {
        // A 1×1 image whose data inflates far past the one row IHDR allows.
        var raw = [UInt8](repeating: 0, count: 5_000_000)
        raw[0] = 0
        let bomb = PNGBuilder.encode([
            PNGBuilder(width: 1, height: 1).ihdr, PNGChunk(type: "IDAT", data: zlibCompress(raw)),
            PNGChunk(type: "IEND", data: []),
        ])
        let folder = try TemporaryDirectory()
        let path = try folder.write(bomb, to: "Bomb.png")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        guard case .failure(let failure) = PNGContent().recompression(ofOpenFile: fd) else {
            Issue.record("a bomb was recompressed")
            return
        }
        #expect(failure.message.contains("inflates to more than the image needs"))
    }
}
