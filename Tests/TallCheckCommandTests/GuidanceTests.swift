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

    @Test func notesAreSaidOnceAndLeftOutOfTheXcodeReporterUnlessAsked() throws {
        let folder = NSTemporaryDirectory() + "tallcheck-notes-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.example, toPath: folder)
        // Two notes: the cache folder inside the tree, and the Info.plist the lint assumed; each said
        // once (no step says either twice today: the count guards against one that would).
        let arguments = ["lint", folder, "--cache-path", folder + "/.cache"]
        let text = try CommandLine.run(arguments + ["--reporter", "text"])
        #expect(text.standardError.components(separatedBy: "note: the cache folder").count == 2, "once")
        let both = text.standardOutput + text.standardError
        #expect(both.components(separatedBy: "Info.plist: none found").count == 2, "once")
        let xcode = try CommandLine.run(arguments + ["--reporter", "xcode"])
        #expect(!xcode.standardError.contains("note:"), "\(xcode.standardError)")
        #expect(xcode.standardOutput.contains(": error: "), "the findings are all there")
        let asked = try CommandLine.run(arguments + ["--reporter", "xcode", "--show-notes"])
        #expect(asked.standardError.components(separatedBy: "note: the cache folder").count == 2)
        #expect(asked.standardOutput == xcode.standardOutput && asked.status == xcode.status)
    }

    /// A JPEG of 16×16 px: its header, a little entropy-coded data and, with `end`, its EOI marker.
    static func jpeg(end: Bool, padding: Int = 0) -> Data {
        var bytes: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes +=
            [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0] + Array(repeating: 0x55, count: padding)
        return Data(end ? bytes + [0xFF, 0xD9] : bytes)
    }

    @Test func aPNGOrJPEGCutOffIsFoundWithoutVerify() throws {
        let folder = NSTemporaryDirectory() + "tallcheck-cut-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func write(_ data: Data, _ name: String) throws {
            try data.write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        // Rows of noise stored uncompressed: 8,200 bytes, past the probe's first read, so its tail is read.
        var rows = Data()
        for y in 0..<32 {
            rows.append(0)
            for x in 0..<64 * 4 { rows.append(UInt8(truncatingIfNeeded: x * 7 + y * 13)) }
        }
        let large = ArchiveCommandTests.storedPNG(width: 64, height: 32, rows: rows)
        let small = ArchiveCommandTests.storedPNG(width: 4, height: 4, rows: Data(repeating: 0, count: 4 * 17))
        #expect(large.count > 4_096 && small.count < 4_096)
        try write(large, "Whole@2x.png")
        try write(large.dropLast(12), "CutLarge@2x.png")
        try write(small.dropLast(12), "CutSmall@2x.png")
        // Cut at exactly the first read's length: its tail is the first read's.
        try write(large.prefix(4_096), "CutAtFirstRead@2x.png")
        try write(small + Data(repeating: 0, count: 40), "Padded@2x.png")
        // Whole, with more after IEND than the probe looks at: taken for cut off until --verify reads it.
        try write(small + Data(repeating: 0, count: 600), "Trailing@2x.png")
        try write(Self.jpeg(end: true), "Photo@2x.jpg")
        try write(Self.jpeg(end: false, padding: 5_000), "CutPhoto@2x.jpg")
        // A Samsung phone's trailer after the end marker, longer than the window.
        try write(Self.jpeg(end: true) + Data(repeating: 7, count: 2_000) + Data("SEFT".utf8), "Phone@2x.jpg")
        let run = try CommandLine.run([
            "lint", folder, "--no-cache", "--reporter", "json", "--only-rule", "image-format",
        ])
        let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let findings = (report?["diagnostics"] as? [[String: Any]]) ?? []
        let flagged = Set(findings.compactMap { $0["path"] as? String })
        #expect(
            flagged == [
                "CutLarge@2x.png", "CutSmall@2x.png", "CutAtFirstRead@2x.png", "Trailing@2x.png", "CutPhoto@2x.jpg",
            ],
            "\(run.standardOutput)")
        #expect(
            findings.allSatisfy { ($0["severity"] as? String) == "warning" }, "the bytes say cut off; iOS may draw some"
        )
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.hasPrefix("CutPhoto@2x.jpg ends without its JPEG's end-of-image marker") })
        #expect(messages.contains { $0.hasPrefix("CutLarge@2x.png ends without its PNG's end chunk (IEND)") })
        // --verify reads the PNGs whole: the cut ones are broken, an error; the one with bytes after
        // IEND is whole. The JPEG's data it does not read, so that warning stays.
        let verified = try CommandLine.run([
            "lint", folder, "--no-cache", "--verify", "--only-rule", "image-format", "--reporter", "json",
        ])
        let verifiedReport =
            try JSONSerialization.jsonObject(with: Data(verified.standardOutput.utf8)) as? [String: Any]
        let verifiedFindings = (verifiedReport?["diagnostics"] as? [[String: Any]]) ?? []
        var severities: [String: String] = [:]
        for finding in verifiedFindings {
            severities[finding["path"] as? String ?? ""] = finding["severity"] as? String
        }
        #expect(
            severities == [
                "CutLarge@2x.png": "error", "CutSmall@2x.png": "error", "CutAtFirstRead@2x.png": "error",
                "CutPhoto@2x.jpg": "warning",
            ], "\(verified.standardOutput)")
    }

    @Test func imagesThatDoNotShipAreNotCheckedAndAreListedApart() throws {
        let folder = NSTemporaryDirectory() + "tallcheck-unshipped-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Screenshots", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/Images", withIntermediateDirectories: true)
        let png = ArchiveCommandTests.storedPNG(width: 5, height: 4, rows: Data(repeating: 0, count: 4 * 21))
        // The same file cut off: a finding in the app, nothing in a folder no app ships.
        try png.dropLast(12).write(to: URL(fileURLWithPath: folder + "/Images/Odd@2x.png"))
        try png.dropLast(12).write(to: URL(fileURLWithPath: folder + "/Screenshots/Shot@2x.png"))
        let run = try CommandLine.run(["lint", folder, "--no-cache"])
        #expect(run.standardOutput.contains("Images/Odd@2x.png"))
        #expect(!run.standardOutput.contains("Shot@2x.png"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("left out, not checked: 1 image in Screenshots/, which no app ships"))
        let html = try CommandLine.run(["lint", folder, "--no-cache", "--reporter", "html"])
        #expect(html.standardOutput.contains("Not checked, as they do not ship: 1 image in Screenshots/"))
    }
}
