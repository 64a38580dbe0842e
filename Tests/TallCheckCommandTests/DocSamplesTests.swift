import Foundation
import Testing

/// Every sample of tallcheck's output in README.md and docs/ is what this build prints:
/// `Scripts/doc-samples --check` runs each marked command and compares.
@Suite(
    "Documentation samples",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct DocSamplesTests {
    @Test func everySampleIsWhatThisBuildPrints() throws {
        let run = try CommandLine.run(
            executable: "/usr/bin/env",
            [
                "python3", CommandRunTests.repository + "/Scripts/doc-samples", "--check", "--tallcheck",
                try #require(CommandLine.tallcheck),
            ])
        let text = run.standardOutput + run.standardError
        #expect(run.status == 0, "\(text)")
        // The README has samples of lint, references, bundle, resolve and inspect, JSON among them.
        let counted = text.split(separator: "\n").last.map(String.init) ?? ""
        let samples = Int(counted.prefix { $0.isNumber }) ?? 0
        #expect(samples >= 10, "\(counted)")
    }
}
