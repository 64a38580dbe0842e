import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite(".tallcheck.yml and configuration precedence")
struct ConfigurationTests {
    @Test func everyKeyIsRead() throws {
        let file = try ConfigurationFile(
            yaml: """
                included: [App]
                excluded:
                  - App/Vendor
                  - "**/Generated"
                disabled_rules: [case-mismatch]
                opt_in_rules: []
                severity:
                  missing-scale: error
                  tall-variant: note
                deployment_target: 8.0
                tall_variant_height: 64
                strict: true
                """)
        #expect(file.warnings.isEmpty)
        var expected = LintConfiguration.Layer(
            included: ["App"], excluded: ["App/Vendor", "**/Generated"], disabledRules: ["case-mismatch"],
            optInRules: [], severities: ["missing-scale": .error, "tall-variant": .note],
            deploymentTarget: OSVersion(8, 0), strict: true)
        expected.tallVariantHeight = .extraPoints(64)
        #expect(file.layer == expected)
    }

    @Test func anUnknownKeyIsAnErrorNamingItAndItsLine() throws {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile(yaml: "strict: false\nwarning_threshold: 3\n", path: "cfg.yml")
        }
        do {
            _ = try ConfigurationFile(yaml: "strict: false\nwarning_threshold: 3\n", path: "cfg.yml")
        } catch {
            #expect(error.description.hasPrefix("cfg.yml:2: unknown key 'warning_threshold'; known keys: included,"))
        }
    }

    @Test func anEmptyFileSetsNothing() throws {
        #expect(try ConfigurationFile(yaml: "").layer == LintConfiguration.Layer())
        #expect(try ConfigurationFile(yaml: "# nothing yet\n").layer == LintConfiguration.Layer())
    }

    @Test(arguments: [
        ("strict: maybe", "strict"),
        ("deployment_target: seven", "deployment_target"),
        ("deployment_target: [7]", "deployment_target"),
        ("tall_variant_height: -4", "tall_variant_height"),
        ("tall_variant_height: tall", "tall_variant_height"),
        ("disabled_rules: [no-such-rule]", "disabled_rules"),
        ("opt_in_rules: {a: b}", "opt_in_rules"),
        ("severity: {missing-scale: fatal}", "severity"),
        ("severity: {no-such-rule: error}", "severity"),
        ("severity: [error]", "severity"),
        ("included: {a: b}", "included"),
        ("excluded: [[a]]", "excluded"),
    ])
    func anInvalidValueIsAnErrorNamingTheKey(yaml: String, key: String) {
        #expect {
            try ConfigurationFile(yaml: yaml, path: "cfg.yml")
        } throws: { error in
            guard case .invalidValue(let path, let named, _) = error as? ConfigurationError else { return false }
            return path == "cfg.yml" && named == key && "\(error)".contains("'\(key)'")
        }
    }

    @Test func brokenYAMLIsAnError() {
        #expect(throws: ConfigurationError.self) { try ConfigurationFile(yaml: "strict: [true\n") }
        #expect(throws: ConfigurationError.self) { try ConfigurationFile(yaml: "- just\n- a list\n") }
    }

    // MARK: Precedence

    @Test func theCommandLineBeatsTheFileAndTheFileBeatsTheDefaults() throws {
        let defaults = LintConfiguration()
        #expect(defaults.strict == false)
        #expect(defaults.deploymentTarget == nil)
        #expect(defaults.tallVariantHeight == .extraPoints(88))

        let file = try ConfigurationFile(
            yaml: "strict: true\ndeployment_target: '6.0'\ntall_variant_height: any\nseverity: {missing-scale: note}\n")
        let fileOnly = LintConfiguration.resolved(file.layer)
        #expect(fileOnly.strict == true)
        #expect(fileOnly.deploymentTarget == OSVersion(6, 0))
        #expect(fileOnly.tallVariantHeight == .any)

        let commandLine = LintConfiguration.Layer(deploymentTarget: OSVersion(8, 0), strict: false)
        let both = LintConfiguration.resolved(file.layer, commandLine)
        #expect(both.strict == false, "--no-strict beats strict: true")
        #expect(both.deploymentTarget == OSVersion(8, 0), "--deployment-target beats deployment_target")
        #expect(both.tallVariantHeight == .any, "what the command line does not say, the file does")
        #expect(both.severities == ["missing-scale": .note])
    }

    @Test func theFileIsFoundInTheFolderOrGivenAndAGivenFileMustExist() throws {
        let directory = try TemporaryDirectory()
        #expect(try ConfigurationFile.locate(given: nil, root: directory.path) == nil)
        try directory.write(Array("strict: true\n".utf8), to: ".tallcheck.yml")
        try directory.write(Array("strict: false\n".utf8), to: "other.yml")
        let found = try #require(try ConfigurationFile.locate(given: nil, root: directory.path))
        #expect(found.path == directory.path + "/.tallcheck.yml")
        #expect(found.file.layer.strict == true)
        let given = try #require(
            try ConfigurationFile.locate(given: directory.path + "/other.yml", root: directory.path))
        #expect(given.file.layer.strict == false, "--config wins over the folder's .tallcheck.yml")
        #expect(throws: ConfigurationError.self) {
            try ConfigurationFile.locate(given: directory.path + "/missing.yml", root: directory.path)
        }
    }

    // MARK: Effects on a lint

    @Test func disabledRulesDoNotRunAndSeveritiesReplaceTheDefaultOnly() throws {
        let fixture = try HostileFixture()
        var configuration = LintConfiguration()
        configuration.disabledRules = ["fractional-point-size"]
        configuration.severities = ["scale-mismatch": .error, "tall-variant": .warning]
        let report = try fixture.report(configuration)
        #expect(!report.findings.contains { $0.ruleID == "fractional-point-size" })
        #expect(report.findings.first { $0.ruleID == "scale-mismatch" }?.severity == .error)
        #expect(
            report.findings.first { $0.ruleID == "tall-variant" }?.severity == .note,
            "the rule's note is not its default severity, so it stays a note")
    }

    @Test func optInRulesRunOnlyWhenNamed() {
        var configuration = LintConfiguration()
        #expect(configuration.enabledRules.count == Rules.all.filter { !$0.description.isOptIn }.count)
        configuration.optInRules = Set(Rules.descriptions.map(\.id))
        configuration.disabledRules = ["image-format"]
        #expect(
            configuration.enabledRules.map { $0.description.id }
                == Rules.descriptions.map(\.id).filter { $0 != "image-format" })
    }

    @Test(arguments: [
        (TallVariantHeightPolicy.default, ["warning", "note"]), (.extraPoints(92), ["note"]), (.any, ["note"]),
    ])
    func theTallVariantHeightPolicyDecidesWhichHeightIsWrong(policy: TallVariantHeightPolicy, severities: [String]) {
        // 716 + 184 px: 92 pt taller, not 88.
        let example = RuleExample([.image("Background@2x.png", 640, 716), .image("Background-568h@2x.png", 640, 900)])
        var configuration = LintConfiguration()
        configuration.tallVariantHeight = policy
        let findings = TallVariant(configuration: configuration).findings(in: example.inventory)
        #expect(findings.map(\.severity.rawValue) == severities)
    }

    @Test func aNonDefaultHeightIsNamedInTheMessage() throws {
        let example = RuleExample([.image("Background@2x.png", 640, 716), .image("Background-568h@2x.png", 640, 900)])
        var configuration = LintConfiguration()
        configuration.tallVariantHeight = .extraPoints(40)
        let message = try #require(TallVariant(configuration: configuration).findings(in: example.inventory).first)
            .message
        #expect(message.contains("the 80 px (40 pt) tall_variant_height adds is 640×796 px"), "\(message)")
    }

    @Test func includedAndExcludedGlobsDecideWhichFilesAreScanned() throws {
        let fixture = try HostileFixture()
        var configuration = LintConfiguration()
        configuration.included = ["Images"]
        configuration.excluded = ["**/Broken*"]
        let scan = try InventoryScanner.scan(ScanOptions(root: fixture.root, pathFilter: configuration.pathFilter))
        #expect(
            scan.inventory.looseImages.map(\.path) == [
                HostileFixture.oddName + ".png", HostileFixture.oddName + "@2x.png",
            ])
    }

    @Test(arguments: [
        ("Pods", "Pods/A/a.png", true), ("Pods", "App/Pods/a.png", false), ("**/Pods", "App/Pods/a.png", true),
        ("*.png", "a.png", true), ("*.png", "Images/a.png", false), ("**/*.png", "Images/x/a.png", true),
        ("Images/*@3x.png", "Images/a@3x.png", true), ("Images/*@3x.png", "Images/a@2x.png", false),
        ("a?c.png", "abc.png", true), ("a?c.png", "ac.png", false), ("App/**", "App/x/y.png", true),
        ("./Images", "Images/a.png", true), ("**", "anything/at/all.png", true), ("Déjà*", "Déjà vu.png", true),
    ])
    func globsMatchPathsAndTheFoldersAbove(pattern: String, path: String, matches: Bool) {
        #expect(PathFilter(excluded: [pattern]).admits(path) == !matches)
        #expect(PathFilter(included: [pattern]).admits(path) == matches)
    }

    @Test func excludedWinsOverIncluded() {
        let filter = PathFilter(included: ["App"], excluded: ["App/Vendor"])
        #expect(filter.admits("App/a.png"))
        #expect(!filter.admits("App/Vendor/a.png"))
        #expect(!filter.admits("Other/a.png"))
    }
}
