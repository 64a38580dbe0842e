import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("docs/rules.md")
struct RuleDocumentationTests {
    @Test func theCommittedPageIsUpToDate() throws {
        let path = ScenarioTests.repository + "/docs/rules.md"
        let committed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            committed == RuleDocumentation.markdown(),
            "docs/rules.md is out of date: run Scripts/make-rules-doc (swift run tallcheck rules --markdown)")
    }

    @Test func theREADMEsRuleTableListsEveryRuleAsDefined() throws {
        let readme = try String(contentsOfFile: ScenarioTests.repository + "/README.md", encoding: .utf8)
        #expect(
            readme.contains(RuleDocumentation.readmeTable()),
            "the README's rule table is out of date: run Scripts/make-rules-doc")
        for description in Rules.descriptions {
            #expect(readme.contains("[`\(description.id)`](docs/rules.md#\(description.id))"))
        }
    }

    @Test func everyRuleHasASectionWithItsRationaleAndExamples() {
        let page = RuleDocumentation.markdown()
        for description in Rules.descriptions {
            #expect(page.contains("\n## \(description.id)\n"))
            #expect(page.contains(description.rationale))
        }
        #expect(page.contains("- `Logo.png` 100×40\n"))
    }

    @Test func everyExampleSaysSomethingAndNoTriggeringOneReadsLikeANonTriggeringOne() {
        for description in Rules.descriptions {
            let triggering = description.triggeringExamples.map { RuleDocumentation.summary(of: $0) }
            let quiet = description.nonTriggeringExamples.map { RuleDocumentation.summary(of: $0) }
            #expect(
                !(triggering + quiet).contains { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(description.id)")
            #expect(Set(triggering).isDisjoint(with: quiet), "\(description.id)")
        }
    }
}
