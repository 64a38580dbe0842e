import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Baseline")
struct BaselineTests {
    @Test func aRoundTripFiltersEveryKnownFindingAndReportsOnlyNewOnes() throws {
        let fixture = try HostileFixture()
        let before = try fixture.report()
        let file = fixture.root + "/baseline.json"
        try writeAtomically(Baseline.document(for: before.findings), to: file)

        let baseline = try Baseline(contentsOfFile: file)
        #expect(baseline.entries == before.findings.map(Baseline.Entry.init), "hostile paths survive the file")
        let unchanged = baseline.newFindings(in: before.findings)
        #expect(unchanged.new.isEmpty)
        #expect(unchanged.known == 4)

        // A new problem: a 1x-only image.
        try fixture.directory.write(PNGBuilder(width: 10, height: 10).encoded(), to: "New.png")
        let after = try fixture.report()
        let filtered = baseline.newFindings(in: after.findings)
        #expect(filtered.new.map(\.path) == ["New.png"])
        #expect(filtered.new.map(\.ruleID) == ["missing-scale"])
        #expect(filtered.known == 4)
    }

    @Test func matchingCountsIdenticalFindings() {
        let finding = Finding(ruleID: "r", severity: .warning, path: "a.png", message: "m")
        let baseline = Baseline(findings: [finding])
        let result = baseline.newFindings(in: [finding, finding])
        #expect(result.new == [finding])
        #expect(result.known == 1)
    }

    @Test(arguments: [
        Finding(ruleID: "r", severity: .warning, path: "b.png", message: "m"),
        Finding(ruleID: "s", severity: .warning, path: "a.png", message: "m"),
        Finding(ruleID: "r", severity: .warning, path: "a.png", message: "m2"),
    ])
    func aFindingIsKnownOnlyWithTheSamePathRuleAndMessage(_ other: Finding) {
        let baseline = Baseline(findings: [Finding(ruleID: "r", severity: .error, path: "a.png", message: "m")])
        #expect(baseline.newFindings(in: [other]).new == [other])
        #expect(
            baseline.newFindings(in: [Finding(ruleID: "r", severity: .note, path: "a.png", message: "m")]).known == 1,
            "severity is not part of the identity")
    }

    @Test(arguments: ["", "[]", #"{"findings":[{"path":"a"}]}"#, #"{"findings":3}"#])
    func aMalformedBaselineIsAnError(_ text: String) {
        #expect(throws: BaselineError.self) { try Baseline(json: text, path: "b.json") }
    }
}
