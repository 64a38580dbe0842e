import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A cache or report snapshot written by someone else: trusted input (the README says so), but
/// never a crash.
@Suite("Hostile caches")
struct HostileCacheTests {
    @Test func aSnapshotWhoseSavingsOverflowIsDamagedAndTheLintRunsAgain() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 80, height: 80, colorType: 6).encoded(), to: "App/Icon@2x.png")
        usleep(UInt32(2 * ScanCache.racyMargin / 1000))
        let cache = try TemporaryDirectory()
        let snapshot = ReportSnapshot(
            folder: cache.path, request: LintRequest(root: folder.path), configuration: LintConfiguration())
        // Two findings that each claim to save Int.max bytes: their sum overflows.
        var forged = Finding(ruleID: "image-weight", severity: .warning, path: "App/Icon@2x.png", message: "m")
        forged.savedBytes = Int.max
        let contents = ReportSnapshot.Contents(
            findings: [forged, forged], imageCount: 1, assetNames: [:], app: nil, issues: [])
        #expect(try snapshot.save(contents, read: [], startedAt: .max))
        var notes: [String] = []
        #expect(snapshot.load { notes.append($0) } == nil)
        #expect(notes.contains { $0.contains("is damaged") }, "\(notes)")
        let outcome = try LintSession.run(LintRequest(root: folder.path, cacheFolder: cache.path)) { _ in }
        #expect(!outcome.reusedReport)
        #expect(!TextReporter().render(outcome.report).contains("would save"))
    }
}
