import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A lint runs the rules that read no image contents beside the content pass, on the inventory
/// made before it: what they find there is what they find after it, for every rule.
@Suite("Rules beside the content pass")
struct EarlyRulesTests {
    /// What the scan handed to its `beside`.
    final class Seen {
        var inventory: Inventory?
    }

    /// The scan, and the inventory it handed to `beside`.
    static func scan(_ options: ScanOptions) throws -> (ScanResult, Inventory?) {
        let seen = Seen()
        let scan = try InventoryScanner.scan(options, beside: { seen.inventory = $0 })
        return (scan, seen.inventory)
    }

    static let scenarios: [String] = {
        let folder = ExampleAppFixtureTests.repository + "/Fixtures/Scenarios"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { folder + "/" + $0 } + [ExampleAppFixtureTests.repository + "/Fixtures/ExampleApp"]
    }()

    @Test(arguments: scenarios)
    func earlyOutcomesMakeTheSameReport(folder: String) throws {
        var configuration = LintConfiguration()
        // Every rule, the opt-in ones (image-weight reads contents) too.
        configuration.optInRules = Set(Rules.all.map { $0.description.id })
        let linter = Linter(configuration: configuration)
        let options = ScanOptions(root: folder, contentChecks: configuration.contentChecks)
        let (scan, besideInventory) = try Self.scan(options)
        // Called once the scan finds one target or none; never for more.
        let called = besideInventory != nil
        #expect(called == (scan.targets.count <= 1))
        let (plain, overlapped) = Self.reports(linter, scan, besideInventory)
        #expect(overlapped.findings == plain.findings)
        #expect(overlapped.cappedRules == plain.cappedRules)
        // The inventory the rules saw differs from the final one in its contents at most.
        if let seen = besideInventory {
            let final = scan.targets.first?.inventory ?? scan.inventory
            #expect(seen.allImages.map(\.path) == final.allImages.map(\.path))
            #expect(seen.assets == final.assets)
        }
    }

    /// The report without early outcomes, and with those made on `beside`.
    static func reports(_ linter: Linter, _ scan: ScanResult, _ beside: Inventory?) -> (LintReport, LintReport) {
        let plain = linter.lint(scan)
        guard let beside else { return (plain, linter.lint(scan, early: nil)) }
        return (plain, linter.lint(scan, early: linter.earlyOutcomes(in: beside)))
    }

    /// The early outcomes are the rules that read no contents, and only those.
    @Test func earlyOutcomesLeaveTheContentRules() throws {
        var configuration = LintConfiguration()
        configuration.optInRules = Set(Rules.all.map { $0.description.id })
        let linter = Linter(configuration: configuration)
        let inventory = RuleExample([.image("a.png", 10, 10)]).inventory
        let ran = Set(linter.earlyOutcomes(in: inventory).ruleIDs)
        let expected = Set(
            linter.rules.filter { type(of: $0).contentChecks.isEmpty }.map { type(of: $0).description.id })
        #expect(ran == expected)
        #expect(ran.contains("scale-mismatch"))
        #expect(!ran.contains("duplicate-image"))
        #expect(!ran.contains("image-weight"))
    }
}
