import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Every rule runs over its own triggering and non-triggering examples, so the examples
/// `tallcheck rules ID` shows are true.
@Suite("Rules on their own examples")
struct RuleExampleTests {
    static let rules: [RuleCase] = Rules.all.map(RuleCase.init)

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let rule: any Rule.Type
        var testDescription: String { rule.description.id }
    }

    @Test(arguments: rules)
    func triggeringExamplesProduceAFindingOnTheFlaggedFile(_ ruleCase: RuleCase) throws {
        let description = ruleCase.rule.description
        #expect(!description.triggeringExamples.isEmpty)
        for example in description.triggeringExamples {
            let findings = ruleCase.rule.init().findings(in: example.inventory)
            let flagged = try #require(example.flaggedPath, "every triggering example names its flagged file")
            #expect(findings.contains { $0.path == flagged }, "\(example.files.map(\.path)): \(findings)")
            #expect(findings.allSatisfy { $0.ruleID == description.id })
            if let severities = example.severities {
                #expect(
                    findings.map(\.severity).sorted(by: >) == severities,
                    "\(example.files.map(\.path)): \(findings.map(\.message))")
            }
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesProduceNothing(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        #expect(!description.nonTriggeringExamples.isEmpty)
        for example in description.nonTriggeringExamples {
            let findings = ruleCase.rule.init().findings(in: example.inventory)
            #expect(findings.isEmpty, "\(example.files.map(\.path)): \(findings.map(\.message))")
        }
    }

    @Test func ruleIDsAreUniqueAndKebabCase() {
        let ids = Rules.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
        }
    }
}
