import Testing

@testable import TallCheckKit

/// Every build configuration read (issue 35): Info.plist names expanded from each, a finding of
/// only some configurations naming them, `--configuration` narrowing.
@Suite struct BuildConfigurationTests {
    @Test func infoPlistNamesTakeEveryValueTheirSettingsTake() {
        let variables = ["ICON": ["Store", "Debug"], "SIZE": ["57"], "BUNDLE": ["org.example"]]
        #expect(AppInfo.expansions(of: "$(ICON)-${SIZE}", variables: variables) == ["Store-57", "Debug-57"])
        #expect(
            AppInfo.expansions(of: "$(BUNDLE:rfc1034identifier).icon", variables: variables) == ["org.example.icon"])
        // A variable no configuration sets is left as written; text without one is untouched.
        #expect(AppInfo.expansions(of: "$(UNSET)", variables: variables) == ["$(UNSET)"])
        #expect(AppInfo.expansions(of: "Icon-60", variables: variables) == ["Icon-60"])
        var info = AppInfo(path: "Info.plist", iconFiles: ["$(ICON)60x60"])
        info.shortcutIconFiles = ["$(ICON)-compose"]
        let expanded = info.expanded(with: variables)
        #expect(expanded.iconFiles == ["Store60x60", "Debug60x60"])
        #expect(expanded.shortcutIconFiles == ["Store-compose", "Debug-compose"])
    }

    @Test func theFixtureNamesTheConfigurationAFindingHoldsInAndTheOptionNarrows() throws {
        let root = ScenarioTests.repository + "/Fixtures/Scenarios/findings-build-configurations"
        let every = try LintSession.run(LintRequest(root: root)) { _ in }
        #expect(every.report.findings.map(\.configurations) == [["Beta"]])
        var debug = LintRequest(root: root)
        debug.buildConfiguration = "Debug"
        #expect(try LintSession.run(debug) { _ in }.report.findings.isEmpty)
        var beta = LintRequest(root: root)
        beta.buildConfiguration = "Beta"
        let narrowed = try LintSession.run(beta) { _ in }.report.findings
        #expect(narrowed.map(\.ruleID) == ["app-icon-alpha"])
        #expect(narrowed.first?.configurations == nil, "one configuration read: nothing to tell apart")
        var unknown = LintRequest(root: root)
        unknown.buildConfiguration = "Nope"
        var notes: [String] = []
        let fallback = try LintSession.run(unknown) { notes.append($0.text) }
        #expect(fallback.report.findings.map(\.configurations) == [["Beta"]])
        #expect(notes.contains { $0.contains("no build configuration named 'Nope'") })
    }

    @Test func aProjectWhoseConfigurationsAgreeIsOneTargetWithoutConfigurations() throws {
        let scan = try InventoryScanner.scan(
            ScanOptions(root: ScenarioTests.repository + "/Fixtures/Scenarios/targets-widget-catalog"))
        #expect(scan.targets.map(\.target.name) == ["App", "Widget"])
        #expect(scan.targets.allSatisfy { $0.target.configurations == nil })
    }
}
