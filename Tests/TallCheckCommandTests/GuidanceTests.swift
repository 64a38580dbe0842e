import Foundation
import Testing

/// A slip on the command line or in `.tallcheck.yml` is an error that says what was meant.
@Suite(
    "tallcheck says what was meant",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct GuidanceTests {
    static let example = CommandRunTests.repository + "/Fixtures/ExampleApp"

    @Test func aMisspeltDeviceNamesTheClosestOne() throws {
        let run = try CommandLine.run(["resolve", "Button", "--root", Self.example, "--device", "iphone 15 pr"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("no device named 'iphone 15 pr' (did you mean 'iPhone 15 Pro'?)"))
        // As `tallcheck devices` shortens a model, in any case.
        let short = try CommandLine.run(["resolve", "Button", "--root", Self.example, "--device", "iphone se (1st)"])
        #expect(short.status == 0, "\(short.standardError)")
        #expect(short.standardOutput.hasPrefix("On iPhone SE (1st generation),"))
    }

    @Test func aMisspeltRuleIdNamesTheClosestOne() throws {
        let run = try CommandLine.run(["rules", "missing-scales"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("no rule 'missing-scales' (did you mean 'missing-scale'?)"))
    }

    @Test func anUnknownConfigurationKeyIsExitStatusTwo() throws {
        let config = NSTemporaryDirectory() + "tallcheck-config-\(UUID().uuidString).yml"
        defer { try? FileManager.default.removeItem(atPath: config) }
        try Data("strict: true\nexluded: [Old]\n".utf8).write(to: URL(fileURLWithPath: config))
        let run = try CommandLine.run(["lint", Self.example, "--no-cache", "--config", config])
        #expect(run.status == 2)
        #expect(run.standardError.contains(":2: unknown key 'exluded' (did you mean 'excluded'?); known keys:"))
        #expect(run.standardOutput.isEmpty)
    }
}
