import Foundation
import Testing

/// These run the built `tallcheck` beside the test bundle, as a user or a script would.
@Suite(
    "tallcheck as a process: output and exit status",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct CommandRunTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(arguments: [
        (["align", "--scale", "3", "--point", "100.666666666669,0", "--ceil"], "100.66666666666667,0\n"),
        (["align", "--scale", "2", "--rect", "0.3,0.3,10.2,10.2", "--edges", "outward"], "0,0,10.5,10.5\n"),
        (["align", "--scale", "2", "--rect", "0.3,0.3,10.2,10.2", "--edges", "inward"], "0.5,0.5,10,10\n"),
        (["align", "--scale", "2", "--flip-y", "10", "--height", "100"], "90\n"),
        (["align", "--scale", "2", "--flip-y", "10", "--height", "100", "--row"], "89.5\n"),
        (
            ["align", "--scale", "3", "--point", "-1.1,2.2", "--floor", "--json"],
            #"{"point":[-1.3333333333333333,2]}"# + "\n"
        ),
    ])
    func alignPrintsTheAlignedValues(arguments: [String], expected: String) throws {
        let run = try CommandLine.run(arguments)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == expected)
    }

    @Test func resolveAndBundleHonourTheConfigurationsExcludes() throws {
        // Old/Button@2x.png is excluded: resolve must not load it, bundle must not list it.
        let folder = NSTemporaryDirectory() + "tallcheck-excluded-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 88×88 RGBA, every row a filter byte and transparent pixels.
        let rows = Data((0..<88).flatMap { _ in [UInt8](repeating: 0, count: 1 + 88 * 4) })
        let png = ArchiveCommandTests.storedPNG(width: 88, height: 88, rows: rows)
        for path in ["Old/Button@2x.png", "Images/Icon@2x.png"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(png).write(to: URL(fileURLWithPath: folder + "/" + path))
        }
        let resolveArguments = ["resolve", "Button", "--root", folder, "--device", "iPhone 5"]
        let bundleArguments = ["bundle", folder]
        #expect(try CommandLine.run(resolveArguments).status == 0)
        #expect(try CommandLine.run(bundleArguments).standardOutput.contains("Old/Button@2x.png"))
        try Data("excluded: [Old]\n".utf8).write(to: URL(fileURLWithPath: folder + "/.tallcheck.yml"))
        let resolved = try CommandLine.run(resolveArguments)
        #expect(resolved.status == 1, "\(resolved.standardOutput)")
        #expect(!resolved.standardOutput.contains("Old/Button@2x.png"))
        let listed = try CommandLine.run(bundleArguments)
        #expect(!listed.standardOutput.contains("Old/Button@2x.png"))
        #expect(listed.standardOutput.contains("Images/Icon@2x.png"))
    }

    @Test func alignRefusesAScaleOfZero() throws {
        let run = try CommandLine.run(["align", "--scale", "0", "--point", "1,1", "--floor"])
        #expect(run.status == 2, "usage errors exit 2, as the README says")
        #expect(run.standardError.contains("--scale"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func referencesPrintsTheDeviceMatrixAndLintPointsXcodeAtTheLine() throws {
        let scenario = Self.repository + "/Fixtures/Scenarios/references-ipad-only-image"
        let text = try CommandLine.run(["references", scenario])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardOutput.contains(
                "App/Menu.swift:4:17: UIImage(named:) \"Badge\"\n    nothing: iPhone 5, iPhone 6"))
        let json = try CommandLine.run(["references", scenario, "--json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((document["references"] as? [[String: Any]])?.count == 2)
        let xcode = try CommandLine.run(["lint", scenario, "--reporter", "xcode"])
        #expect(xcode.status == 1)
        // Xcode's issue format: path:line:column: severity: message.
        let line = try #require(xcode.standardOutput.split(separator: "\n").first { $0.contains("missing-image") })
        #expect(
            line.hasPrefix(scenario + "/App/Menu.swift:4:17: error: UIImage(named:) \"Badge\" is nil on every iPhone"))
    }

    @Test func timingsArePrintedOnStandardErrorOnlyWhenAsked() throws {
        let example = Self.repository + "/Fixtures/ExampleApp"
        let arguments = ["lint", example, "--no-cache", "--reporter", "json"]
        let plain = try CommandLine.run(arguments)
        let timed = try CommandLine.run(arguments, environment: ["TALLCHECK_TIMINGS": "1"])
        #expect(!plain.standardError.contains("timings"))
        #expect(timed.standardError.contains("tallcheck timings (ms, wall):"))
        for phase in ["walk", "ImageInput", "scan", "rules", "report (json)", "whole run (from process start)"] {
            #expect(timed.standardError.contains("  \(phase) "), "phase \(phase): \(timed.standardError)")
        }
        // Timing changes nothing else.
        #expect(timed.standardOutput == plain.standardOutput)
        #expect(timed.status == plain.status)
    }

    @Test func theHTMLReportIsWrittenWithPicturesEvenWhenTheTreeIsUnchanged() throws {
        let cache = NSTemporaryDirectory() + "tallcheck-html-cache-\(UUID().uuidString)"
        let output = NSTemporaryDirectory() + "tallcheck-report-\(UUID().uuidString).html"
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(atPath: output)
        }
        let example = Self.repository + "/Fixtures/ExampleApp"
        for run in 1...2 {
            try? FileManager.default.removeItem(atPath: output)
            let lint = try CommandLine.run([
                "lint", example, "--reporter", "html", "--output", output, "--cache-path", cache,
            ])
            #expect(lint.status == 1, "the example app has an error (run \(run)): \(lint.standardError)")
            #expect(lint.standardOutput.isEmpty, "the report goes to the file")
            let html = try String(contentsOfFile: output, encoding: .utf8)
            #expect(html.contains("data:image/png;base64,"), "run \(run) has thumbnails")
            #expect(html.contains("Default-568h@2x.png is 640×1096 px"))
        }
    }

    @Test func aStampIsWrittenAfterARunThatPassesAndRemovedAfterOneThatFails() throws {
        let stamp = NSTemporaryDirectory() + "tallcheck-stamp-\(UUID().uuidString).swift"
        defer { try? FileManager.default.removeItem(atPath: stamp) }
        let clean = try CommandLine.run([
            "lint", Self.repository + "/Fixtures/Scenarios/tall-ready", "--stamp", stamp, "--no-cache",
        ])
        #expect(clean.status == 0)
        #expect(FileManager.default.fileExists(atPath: stamp), "written after a passing run")
        let failing = try CommandLine.run([
            "lint", Self.repository + "/Fixtures/ExampleApp", "--stamp", stamp, "--no-cache",
        ])
        #expect(failing.status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp), "removed after a failing run")
        _ = try CommandLine.run(["lint", Self.repository + "/Fixtures/Scenarios/tall-ready", "--stamp", stamp])
        let broken = try CommandLine.run([
            "lint", Self.repository + "/Fixtures/Scenarios/tall-ready", "--stamp", stamp, "--baseline", "/no/such",
        ])
        #expect(broken.status == 2)
        #expect(!FileManager.default.fileExists(atPath: stamp), "removed after a run that could not lint")
    }

    @Test func versionAndCompletionScripts() throws {
        let version = try CommandLine.run(["--version"])
        #expect(version.status == 0 && version.standardOutput == "0.1.0\n")
        for shell in ["bash", "zsh", "fish"] {
            let script = try CommandLine.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.standardOutput.contains("lint"), "\(shell)")
        }
    }

    @Test func lintExitsOneOnErrorsAndZeroOnACleanTree() throws {
        let example = try CommandLine.run(["lint", Self.repository + "/Fixtures/ExampleApp", "--reporter", "json"])
        #expect(example.status == 1)
        #expect(example.standardOutput.contains(#""errors":1"#))
        let clean = try CommandLine.run([
            "lint", Self.repository + "/Fixtures/Scenarios/tall-ready", "--reporter", "json",
        ])
        #expect(clean.status == 0, "\(clean.standardOutput)")
    }

    @Test func strictMakesWarningsFailTheRun() throws {
        let folder = Self.repository + "/Fixtures/Scenarios/mismatched-2x"
        let plain = try CommandLine.run(["lint", folder, "--reporter", "json"])
        let strict = try CommandLine.run(["lint", folder, "--reporter", "json", "--strict"])
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains(#""warnings":"#) && !plain.standardOutput.contains(#""warnings":0"#))
        #expect(strict.status == 1)
    }

    @Test func lintExitsTwoWhenItCannotDoItsJob() throws {
        let missing = try CommandLine.run(["lint", "/no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/no/such/folder: cannot scan"))
        let badBaseline = try CommandLine.run(
            ["lint", Self.repository + "/Fixtures/ExampleApp", "--baseline", "/no/such/baseline.json"])
        #expect(badBaseline.status == 2)
        #expect(badBaseline.standardError.contains("cannot use as a baseline"))
    }

    @Test func xcodeReporterPutsTheInfoPlistChoiceOnStandardErrorWhenAsked() throws {
        let arguments = ["lint", Self.repository + "/Fixtures/ExampleApp", "--reporter", "xcode"]
        #expect(try !CommandLine.run(arguments).standardError.contains("Info.plist"), "a build log holds findings only")
        let run = try CommandLine.run(arguments + ["--show-notes"])
        #expect(run.standardError.contains("note: Info.plist: none found"))
        #expect(!run.standardOutput.contains("Info.plist"))
        #expect(
            run.standardOutput.split(separator: "\n").allSatisfy {
                $0.contains(": error: ") || $0.contains(": warning: ")
            })
    }

    @Test func resolveAnswersAndUnknownDevicesAreUsageErrors() throws {
        let root = Self.repository + "/Fixtures/ExampleApp"
        let found = try CommandLine.run(["resolve", "Button", "--root", root, "--device", "iPhone 5", "--json"])
        #expect(found.status == 0)
        #expect(found.standardOutput.contains(#""file":"Images/Button@2x.png""#))
        let unknown = try CommandLine.run(["resolve", "Button", "--root", root, "--device", "iPhone 99"])
        #expect(unknown.status == 2)
        #expect(try CommandLine.run(["lint", "--no-such-flag"]).status == 2)
        #expect(unknown.standardError.contains("no device named 'iPhone 99'"))
    }

    @Test func resolveExitsOneWhenNothingLoads() throws {
        let root = Self.repository + "/Fixtures/ExampleApp"
        let run = try CommandLine.run(["resolve", "Nothing", "--root", root, "--device", "iPhone 5"])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("returns nil"))
    }

    @Test func argumentsThatAreNotUTF8NameTheFilesTheySpell() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tallcheck-args-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = try #require(CommandLine.tallcheck)
        // The shell makes the bytes: Foundation's Process takes arguments as Strings, which must be UTF-8.
        let script = #"""
            app=$(printf 'caf\351'); mkdir "$app"; cp "$1" "$app/a.png"
            "$0" lint "$app" --output "$(printf 'rep\351.json')" --reporter json; echo "status $?"
            "$0" lint "$(printf 'missing\351')" 2>&1; echo "status $?"
            [ -f "$(printf 'rep\351.json')" ] && echo "report written under the name given"
            """#
        let png = Self.repository + "/Fixtures/Scenarios/tall-ready/Images/Logo.png"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, tool, png]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "status 0", "\(text)")
        #expect(text.contains(#"missing\xE9: cannot scan: No such file or directory"#))
        #expect(lines.contains("report written under the name given"), "\(text)")
    }

    @Test func resolveBatchAnswersEveryRequestLine() throws {
        let root = Self.repository + "/Fixtures/ExampleApp"
        let run = try CommandLine.run(
            ["resolve", "--root", root, "--batch"],
            input: #"{"name":"Button","device":"iPhone 5"}"# + "\nnot json\n" + #"{"launch":true,"device":"iPad 2"}"#
                + "\n")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.contains(#""file":"Images/Button@2x.png""#) == true)
        #expect(lines.dropFirst().first == #"{"error":"not a JSON object"}"#)
    }

    @Test func rulesListsEveryRuleAndExplainsOne() throws {
        let list = try CommandLine.run(["rules"])
        #expect(list.status == 0)
        #expect(list.standardOutput.split(separator: "\n").count >= 16)
        let one = try CommandLine.run(["rules", "launch-image-size"])
        #expect(one.standardOutput.hasPrefix("launch-image-size (error)"))
        let unknown = try CommandLine.run(["rules", "no-such-rule"])
        #expect(unknown.status == 2)
    }
}

/// What a run of the command printed, and how it exited.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

extension CommandLine {
    /// The `tallcheck` executable built beside the test bundle, when the build made one.
    static let tallcheck: String? = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // On Linux the test runner is `<build>/debug/TallCheckPackageTests.xctest`.
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        let candidate = folder.appendingPathComponent("tallcheck").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    /// Runs `tallcheck` with `arguments` and `input` on standard input, and waits for it.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> CommandRun
    {
        try run(executable: try #require(tallcheck), arguments, input: input, environment: environment)
    }

    /// Runs another program (python3 through `/usr/bin/env`, chromium, GNU time) the same way.
    static func run(
        executable: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]
    ) throws -> CommandRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        // Standard error is read on its own thread, so a full pipe cannot stall the child.
        let errorText = Box()
        let errorRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.value = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            errorRead.signal()
        }
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errorRead.wait()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, standardOutput: outputText, standardError: errorText.value)
    }

    private final class Box: @unchecked Sendable {
        var value = ""
    }
}
