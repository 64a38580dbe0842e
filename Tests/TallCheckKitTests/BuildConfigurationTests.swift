import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

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

    @Test func inventoriesOfOneTargetAreToldApartByTheirConfigurations() throws {
        let scan = try InventoryScanner.scan(
            ScanOptions(root: ScenarioTests.repository + "/Fixtures/Scenarios/findings-build-configurations"))
        let names = scan.targets.map(\.name)
        #expect(Set(names).count == names.count, "each heading names one inventory: \(names)")
        #expect(names.contains { $0.hasSuffix("(Beta)") })
        #expect(scan.targets.allSatisfy { $0.summary.hasPrefix($0.target.summary) })
        let listings = BundleListing.listings(of: scan).map(\.text)
        #expect(listings.contains { $0.contains("configurations Beta") })
    }

    @Test func aProjectWhoseConfigurationsAgreeIsOneTargetWithoutConfigurations() throws {
        let scan = try InventoryScanner.scan(
            ScanOptions(root: ScenarioTests.repository + "/Fixtures/Scenarios/targets-widget-catalog"))
        #expect(scan.targets.map(\.target.name) == ["App", "Widget"])
        #expect(scan.targets.allSatisfy { $0.target.configurations == nil })
    }
}

/// An iPhone-only app on an iPad (issue 35): it runs in compatibility mode as an iPhone.
@Suite struct CompatibilityModeTests {
    static let files = [
        ("Images/Badge@2x.png", 80, 80), ("Images/Badge@2x~ipad.png", 160, 160), ("Images/Badge@3x.png", 120, 120),
        ("Images/Badge~ipad.png", 80, 80),
    ]

    @Test func anIPhoneOnlyAppLoadsIPhoneImagesOnAnIPad() throws {
        let phoneOnly = index(Self.files, info: AppInfo(path: "Info.plist", deviceFamilies: [.phone]))
        let answer = phoneOnly.resolve("Badge", on: device("iPad 10"))
        #expect(answer.file == "Images/Badge@2x.png")
        #expect(answer.device.idiom == .phone)
        #expect(answer.device.bounds == PointSize(width: 320, height: 480))
        guard case .iPhoneAppOnIPad(_, let scale, _)? = answer.remarks.first else {
            Issue.record("no compatibility-mode note: \(answer.remarks)")
            return
        }
        #expect(scale == 2)
        // A 1x iPad shows it at 1x; a 12.9-inch one as a 4.7-inch iPhone.
        #expect(phoneOnly.resolve("Badge", on: device("iPad 2")).file == "Images/Badge@2x.png")
        #expect(phoneOnly.resolve("Badge", on: device("iPad 2")).device.scale == 1)
        #expect(
            phoneOnly.resolve("Badge", on: device("iPad Pro 12.9\"")).device.bounds
                == PointSize(width: 375, height: 667))
        let launch = phoneOnly.resolveLaunch(on: device("iPad 10"))
        #expect(launch.presentation == .compatibilityMode)
        #expect(launch.text.contains("runs in iPhone compatibility mode"))
    }

    @Test func aUniversalAppOrOneWithoutAnInfoPlistRunsNative() {
        let universal = index(Self.files, info: AppInfo(path: "Info.plist", deviceFamilies: [.phone, .pad]))
        #expect(universal.resolve("Badge", on: device("iPad 10")).file == "Images/Badge@2x~ipad.png")
        #expect(universal.resolve("Badge", on: device("iPad 10")).remarks.isEmpty)
        // Nothing says which devices the app is for: the device is taken as given.
        #expect(index(Self.files).resolve("Badge", on: device("iPad 10")).file == "Images/Badge@2x~ipad.png")
    }
}

/// A watch set with images for some case sizes only (issue 35): the sizes apart, a gap that is meant.
@Suite struct WatchSizeTests {
    @Test func aSetForSomeWatchSizesOnlyIsAGapThatIsMeant() throws {
        var large = CatalogEntry(filename: "large@2x.png", idiom: "watch", scale: "2x")
        large.screenWidth = ">161"
        let set = CatalogSet(
            kind: .imageSet, folder: "W.xcassets/Complication.complicationset/Graphic.imageset",
            name: "Complication/Graphic", entries: [large], fileNames: ["large@2x.png"])
        let image = ScannedImage(
            path: "W.xcassets/Complication.complicationset/Graphic.imageset/large@2x.png",
            facts: RuleExample.File.image("large@2x.png", 84, 84).facts)
        let inventory = Inventory(
            images: [image], deploymentTarget: OSVersion(8, 0), catalogSets: [set],
            references: [.example("W/Complications.swift", 12, "Complication/Graphic")], deviceFamilies: [.watch],
            launches: false)
        // Nil on the 38 and 42 mm watches only, while larger ones load it: a gap that is meant.
        #expect(MissingImage().findings(in: inventory).isEmpty)
        #expect(
            ReferenceMatrix(inventory).rows.first.map { row in row.loads.filter { $0.file == nil }.count } == 2)
        #expect(UnusedImage().findings(in: inventory).isEmpty, "a complication's images are the system's too")
    }
}
