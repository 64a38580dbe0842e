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

    @Test func onlyRuleRunsJustThoseAndNamesAMisspeltOne() throws {
        let run = try CommandLine.run([
            "lint", Self.example, "--no-cache", "--reporter", "json", "--only-rule", "scale-mismatch", "--only-rule",
            "unused-image",
        ])
        let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let rules = Set(((report?["diagnostics"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String })
        #expect(rules == ["scale-mismatch"], "\(rules)")
        let all = try CommandLine.run(["lint", Self.example, "--no-cache", "--reporter", "json"])
        #expect(all.standardOutput.contains("launch-image-size"), "without it, the other rules run")
        let wrong = try CommandLine.run(["lint", Self.example, "--only-rule", "scale-mismatches"])
        #expect(wrong.status != 0 && wrong.status != 1)
        #expect(wrong.standardError.contains("no rule 'scale-mismatches' (did you mean 'scale-mismatch'?)"))
    }

    @Test func quietKeepsTheReportAndDropsTheNotes() throws {
        let folder = NSTemporaryDirectory() + "tallcheck-quiet-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.example, toPath: folder)
        // A cache folder inside the tree: the lint says it uses none, as a note.
        let arguments = ["lint", folder, "--cache-path", folder + "/.cache"]
        let loud = try CommandLine.run(arguments)
        #expect(loud.standardError.contains("note: the cache folder"))
        let quiet = try CommandLine.run(arguments + ["--quiet"])
        #expect(quiet.standardError.isEmpty, "\(quiet.standardError)")
        #expect(quiet.standardOutput == loud.standardOutput && quiet.status == loud.status)
    }

    @Test func aFolderWithNothingToLintIsExitStatusTwoUnlessAllowed() throws {
        let folder = NSTemporaryDirectory() + "tallcheck-empty-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App", withIntermediateDirectories: true)
        try Data("let x = 1\n".utf8).write(to: URL(fileURLWithPath: folder + "/App/A.swift"))
        let run = try CommandLine.run(["lint", folder, "--no-cache"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("nothing to lint: no image file"))
        #expect(try CommandLine.run(["lint", folder, "--no-cache", "--allow-zero-lintable-files"]).status == 0)
        try Data("allow_zero_lintable_files: true\n".utf8).write(to: URL(fileURLWithPath: folder + "/.tallcheck.yml"))
        #expect(try CommandLine.run(["lint", folder, "--no-cache"]).status == 0)
        // A catalog whose files are all missing has no image, but has findings: it is linted.
        let escape = try CommandLine.run([
            "lint", CommandRunTests.repository + "/Fixtures/Scenarios/catalog-path-escape", "--no-cache",
        ])
        #expect(
            escape.status == 1 && escape.standardOutput.contains("[catalog-path-escape]"), "\(escape.standardError)")
    }
}
