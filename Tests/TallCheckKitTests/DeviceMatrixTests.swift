import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A lint's device matrix records no `tried` list (issue 30: a display path made for every
/// try); everything else it answers is what the listing's matrix answers.
@Suite struct DeviceMatrixTests {
    @Test func withoutTriesTheLoadsAreTheSame() throws {
        let scenarios = try FileManager.default.contentsOfDirectory(
            atPath: ExampleAppFixtureTests.repository + "/Fixtures/Scenarios")
        var compared = 0
        var listedTries = 0
        var lintedTries = 0
        for scenario in scenarios.sorted() {
            let scan = try InventoryScanner.scan(
                ScanOptions(root: ExampleAppFixtureTests.repository + "/Fixtures/Scenarios/" + scenario))
            guard !scan.inventory.references.isEmpty else { continue }
            let listed = ReferenceMatrix(scan.inventory, matchingPatterns: false)
            let linted = ReferenceMatrix(scan.inventory, matchingPatterns: false, recordingTries: false)
            #expect(listed.rows.count == linted.rows.count, "\(scenario)")
            for (one, other) in zip(listed.rows, linted.rows) {
                #expect(one.uncertain == other.uncertain && one.lookedUp == other.lookedUp, "\(scenario)")
                #expect(one.loads.count == other.loads.count)
                for (load, lintLoad) in zip(one.loads, other.loads) {
                    #expect(load.file == lintLoad.file && load.scale == lintLoad.scale, "\(scenario)")
                    #expect(load.reason == lintLoad.reason && load.remarks == lintLoad.remarks, "\(scenario)")
                    #expect(load.bundlePath == lintLoad.bundlePath)
                    listedTries += load.tried.count
                    lintedTries += lintLoad.tried.count
                    compared += 1
                }
            }
        }
        #expect(compared > 50 && listedTries > 0)
        // Loose files' tries are not listed; a catalog set's few still are.
        #expect(lintedTries < listedTries)
    }
}
