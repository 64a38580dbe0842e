import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("CI reporters on hostile file names")
struct CIReporterTests {
    let fixture: HostileFixture
    let report: LintReport

    init() throws {
        fixture = try HostileFixture()
        report = try fixture.report()
    }

    @Test func theFixtureHasErrorsWarningsAndANote() {
        #expect(report.count(.error) == 2)
        #expect(report.count(.warning) == 1, "scale-mismatch says the fractional point size: one cause, one finding")
        #expect(report.count(.note) == 1)
        #expect(report.findings.contains { $0.path == HostileFixture.brokenPath && $0.severity == .error })
    }

    // MARK: SARIF

    @Test func sarifListsEveryRuleAndGivesRelativeRegionlessLocationsWithFingerprints() throws {
        let document = try jsonObject(SARIFReporter().render(report))
        #expect(document["version"] as? String == "2.1.0")
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintConfiguration().enabledRules.map { $0.description.id })
        #expect(rules.allSatisfy { (($0["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == finding.ruleID)
            #expect((result["message"] as? [String: Any])?["text"] as? String == finding.message)
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let physical = try #require(location["physicalLocation"] as? [String: Any])
            #expect(physical["region"] == nil, "an image has no lines")
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/"))
            #expect(uri.removingPercentEncoding == finding.path)
            #expect((result["partialFingerprints"] as? [String: String])?.isEmpty == false)
        }
        let base = try #require(
            ((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String)
        #expect(base.hasPrefix("file:///") && base.hasSuffix("/"))
    }

    @Test func sarifURIsPercentEncodeEverythingButUnreservedCharacters() {
        #expect(
            SARIFReporter.uriReference(#"a b/50%,"x":<&>é@2x.png"#) == "a%20b/50%25%2C%22x%22%3A%3C%26%3E%C3%A9@2x.png")
    }

    @Test(
        .enabled(
            if: PythonJSONSchema.isAvailable,
            "python3 with jsonschema, or the SARIF schema file, is missing; SARIF schema validation skipped"))
    func sarifIsValidAgainstTheOfficialSchema() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(SARIFReporter().render(report).utf8), to: "report.sarif")
        let (status, output) = try PythonJSONSchema.validate(path, schema: PythonJSONSchema.sarifSchema)
        #expect(status == 0, "\(output)")
        #expect(output.hasSuffix("valid\n") && !output.contains("invalid"))

        // The check itself can fail: a level SARIF does not have.
        let broken = SARIFReporter().render(report).replacingOccurrences(
            of: #""level":"note""#, with: #""level":"fatal""#)
        let brokenPath = try directory.write(Array(broken.utf8), to: "broken.sarif")
        let rejected = try PythonJSONSchema.validate(brokenPath, schema: PythonJSONSchema.sarifSchema)
        #expect(rejected.status != 0 && rejected.output.contains("fatal"), "\(rejected.output)")
    }

    /// A finding about code, with a line and column, beside an image finding without.
    static let codeReport = LintReport(
        root: "/r", inventory: Inventory(images: []),
        findings: [
            Finding(
                ruleID: "missing-image", severity: .error, path: "App/Menu.swift", message: "nil on iPhone", line: 12,
                column: 9),
            Finding(ruleID: "missing-scale", severity: .warning, path: "a.png", message: "no @2x"),
        ], givenRoot: ".")

    @Test func findingsAboutCodeCarryTheirLineInEveryFormat() throws {
        #expect(
            XcodeReporter().render(Self.codeReport)
                == "/r/App/Menu.swift:12:9: error: nil on iPhone (missing-image)\n/r/a.png: warning: no @2x (missing-scale)\n"
        )
        let json = JSONReporter().render(Self.codeReport)
        #expect(json.contains(#""path":"App/Menu.swift","line":12,"column":9,"message""#))
        #expect(json.contains(#""path":"a.png","message""#), "image findings have no line")
        let github = GitHubActionsReporter().render(Self.codeReport)
        #expect(github.hasPrefix("::error file=App/Menu.swift,line=12,col=9,title=missing-image::"))
        #expect(CheckstyleReporter().render(Self.codeReport).contains(#"<error column="9" line="12""#))
        let sarif = try jsonObject(SARIFReporter().render(Self.codeReport))
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let regions = results.map {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any]
        }
        #expect(regions[0]?["startLine"] as? Int == 12 && regions[0]?["startColumn"] as? Int == 9)
        #expect(regions[1] == nil)
    }

    @Test(
        .enabled(
            if: PythonJSONSchema.isAvailable,
            "python3 with jsonschema, or the SARIF schema file, is missing; SARIF schema validation skipped"))
    func sarifWithRegionsIsValidAgainstTheOfficialSchema() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(Array(SARIFReporter().render(Self.codeReport).utf8), to: "code.sarif")
        let (status, output) = try PythonJSONSchema.validate(path, schema: PythonJSONSchema.sarifSchema)
        #expect(status == 0, "\(output)")
    }

    // MARK: JUnit

    #if canImport(FoundationXML) || os(macOS)
        @Test func junitIsWellFormedWithCountsThatMatchAndUniqueNames() throws {
            let xml = try XMLDocument(xmlString: JUnitReporter().render(report), options: [])
            let root = try #require(xml.rootElement())
            #expect(root.name == "testsuites")
            #expect(root.attribute(forName: "tests")?.stringValue == "\(report.findings.count)")
            #expect(root.attribute(forName: "failures")?.stringValue == "3")
            #expect(root.attribute(forName: "skipped")?.stringValue == "1")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.count == LintConfiguration().enabledRules.count)
            var names: [String] = []
            var failures = 0
            for suite in suites {
                let cases = suite.elements(forName: "testcase")
                #expect(suite.attribute(forName: "tests")?.stringValue == "\(cases.count)")
                let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }.count
                #expect(suite.attribute(forName: "failures")?.stringValue == "\(failed)")
                failures += failed
                names += cases.compactMap { $0.attribute(forName: "name")?.stringValue }
            }
            #expect(failures == report.count(.error) + report.count(.warning))
            #expect(Set(names).count == names.count)
            #expect(names.contains(HostileFixture.brokenPath + ": image-format"), "the hostile name survives escaping")
        }

        @Test func junitNumbersRepeatedNamesForOneFileAndRule() throws {
            let findings = [
                Finding(ruleID: "tall-variant", severity: .warning, path: "a-568h@2x.png", message: "too wide"),
                Finding(ruleID: "tall-variant", severity: .note, path: "a-568h@2x.png", message: "load it yourself"),
            ]
            let xml = try XMLDocument(
                xmlString: JUnitReporter().render(
                    LintReport(root: "/r", inventory: Inventory(images: []), findings: findings)),
                options: [])
            let names = try xml.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
            #expect(names == ["a-568h@2x.png: tall-variant", "a-568h@2x.png: tall-variant (2)"])
        }

        // MARK: Checkstyle

        @Test func checkstyleIsWellFormedWithOneErrorPerFindingUnderItsFile() throws {
            let xml = try XMLDocument(xmlString: CheckstyleReporter().render(report), options: [])
            let root = try #require(xml.rootElement())
            #expect(root.name == "checkstyle")
            let files = root.elements(forName: "file")
            #expect(files.count == Set(report.findings.map(\.path)).count)
            let errors = files.flatMap { $0.elements(forName: "error") }
            #expect(errors.count == report.findings.count)
            #expect(errors.filter { $0.attribute(forName: "severity")?.stringValue == "error" }.count == 2)
            let names = files.compactMap { $0.attribute(forName: "name")?.stringValue }
            #expect(names.contains(report.root + "/" + HostileFixture.brokenPath))
            #expect(
                errors.compactMap { $0.attribute(forName: "source")?.stringValue }.allSatisfy {
                    $0.hasPrefix("tallcheck.")
                })
        }

        // MARK: The escaping layer

        @Test(arguments: [
            #"50%, "a:b" <x&y> 'é'"#, "line\nbreak\tand\rreturn", "]]> -- <!-- &amp; &#10;", "ü\u{1F600}",
        ])
        func xmlTextAndAttributesRoundTripThroughAParser(_ value: String) throws {
            let markup = XMLMarkup.element(
                "root", attributes: [("value", value)], children: [.element("body", children: [.text(value)])])
            let xml = try XMLDocument(xmlString: markup.document(), options: [])
            let root = try #require(xml.rootElement())
            #expect(root.attribute(forName: "value")?.stringValue == value)
            #expect(root.elements(forName: "body").first?.stringValue == value)
        }
    #endif

    @Test func xmlEscapingReplacesCharactersXMLCannotCarry() {
        #expect(XMLMarkup.escaped("a\u{1}b\u{1B}c", inAttribute: true) == "a\u{FFFD}b\u{FFFD}c")
        #expect(XMLMarkup.escaped(#"<"&'>"#, inAttribute: true) == "&lt;&quot;&amp;&apos;&gt;")
        #expect(XMLMarkup.escaped(#"<"&'>"#, inAttribute: false) == #"&lt;"&amp;'&gt;"#)
    }

    // MARK: GitHub Actions

    @Test func githubLinesEscapePercentColonCommaAndNewlinesInFileNamesAndMessages() {
        let finding = Finding(
            ruleID: "scale-mismatch", severity: .warning, path: "Images/a%,b:c\nd\re.png",
            message: "100% wrong,\nsee: a\rb")
        let line = GitHubActionsReporter().render(
            LintReport(root: "/r", inventory: Inventory(images: []), findings: [finding], givenRoot: "."))
        // A finding escapes control characters itself (as \n text); the reporter escapes the rest.
        #expect(
            line.split(separator: "\n").first
                == #"::warning file=Images/a%25%2Cb%3Ac\nd\re.png,title=scale-mismatch::100%25 wrong,\nsee: a\rb"#)
    }

    @Test func githubReportsEveryFindingThenASummaryLine() {
        let lines = GitHubActionsReporter().render(report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == report.findings.count + 2, "one line each, the summary, and the final newline")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
        #expect(
            lines.contains(
                "::error file=\(fixture.root)/Images/Broken%2C \"50%25\" <a&b>%3A ü@2x.png,title=image-format::"
                    + "Broken, \"50%25\" <a&b>: ü@2x.png is not a valid image: file ends early at byte 40 (truncated). "
                    + "It will show blank; replace it."))
        #expect(lines[lines.count - 2] == "tallcheck: 7 images: 2 errors, 1 warning, 1 note")
    }

    @Test(arguments: [(".", "a.png"), ("./", "a.png"), ("App/", "App/a.png"), ("./App", "App/a.png"), ("/", "/a.png")])
    func pathsAreGivenRelativeToTheFolderArgument(root: String, expected: String) {
        let report = LintReport(root: "/abs", inventory: Inventory(images: []), findings: [], givenRoot: root)
        #expect(report.pathAsGiven("a.png") == expected)
    }

    private func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

/// python3's `jsonschema`, which CI has and a developer's machine may not.
enum PythonJSONSchema {
    static let sarifSchema =
        ProcessInfo.processInfo.environment["TALLCHECK_SARIF_SCHEMA"]
        ?? ScenarioTests.repository + "/../shared/schemas/sarif-schema-2.1.0.json"

    static let isAvailable: Bool = {
        FileManager.default.fileExists(atPath: sarifSchema)
            && (try? runSubprocess(["python3", "-c", "import jsonschema"]).status) == 0
    }()

    /// Validates a JSON file against a schema with the validator the schema's `$schema` names,
    /// checking formats (`uri`, `uri-reference`) too.
    static func validate(_ path: String, schema: String) throws -> (status: Int32, output: String) {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            document = json.load(open(sys.argv[2], encoding="utf-8"))
            cls = jsonschema.validators.validator_for(schema)
            errors = list(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(document))
            for error in errors[:10]:
                print(list(error.absolute_path), error.message)
            print("invalid" if errors else "valid")
            sys.exit(1 if errors else 0)
            """
        return try runSubprocess(["python3", "-c", script, schema, path])
    }
}
