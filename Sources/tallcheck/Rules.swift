import ArgumentParser
import TallCheckKit

struct ListRules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Lists every rule with its id, severity and summary, or explains one."
    )

    @Argument(help: "A rule id, to show its rationale and examples.")
    var id: String?

    @Flag(help: "Print docs/rules.md: every rule with its rationale and examples, in Markdown.")
    var markdown = false

    @Flag(help: "Print the README's rule table, with its markers.")
    var readmeTable = false

    func run() throws {
        if markdown {
            writeStandardOutput(RuleDocumentation.markdown())
            return
        }
        if readmeTable {
            writeStandardOutput(RuleDocumentation.readmeTable())
            return
        }
        guard let id else {
            let width = Rules.descriptions.map(\.id.count).max() ?? 0
            for description in Rules.descriptions {
                let padded = description.id.padding(toLength: width, withPad: " ", startingAt: 0)
                print(
                    "\(padded)  \(description.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(description.summary)"
                )
            }
            return
        }
        guard let description = Rules.description(id: id) else {
            printError("error: no rule '\(id)'\(didYouMean(id, among: Rules.ids)); `tallcheck rules` lists them")
            throw ExitCode(2)
        }
        print(
            "\(description.id) (\(description.severity.rawValue))\n\n\(description.summary)\n\n\(description.rationale)"
        )
        for (title, examples) in [
            ("Triggers on", description.triggeringExamples), ("Does not trigger on", description.nonTriggeringExamples),
        ] {
            print("\n\(title):")
            for example in examples {
                print("  - " + RuleDocumentation.summary(of: example) { $0 })
            }
        }
    }
}
