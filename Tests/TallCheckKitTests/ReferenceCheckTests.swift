import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Code references checked on every supported device")
struct ReferenceCheckTests {
    private static func image(_ path: String, _ side: Int) -> ScannedImage {
        ScannedImage(
            path: path,
            facts: ImageFacts(
                format: .png, pixelSize: PixelSize(width: side, height: side),
                png: PNGHeader(bitDepth: 8, colorType: .rgba, isInterlaced: false, isCgBI: false)))
    }

    @Test(
        "one representative per class that loads alike, for the families and deployment target",
        arguments: [
            (Set([Idiom.phone]), "6.0", ["iPhone", "iPhone 4", "iPhone 5", "iPhone 6", "iPhone 6 Plus"]),
            (Set([Idiom.phone]), "12.0", ["iPhone 5", "iPhone 6", "iPhone 6 Plus"]),
            (Set([Idiom.phone]), "17.0", ["iPhone 6", "iPhone X"]),
            (
                Set([Idiom.phone, .pad]), "9.0",
                ["iPhone 4", "iPhone 5", "iPhone 6", "iPhone 6 Plus", "iPad", "iPad 3"]
            ),
        ])
    func representatives(_ families: Set<Idiom>, _ target: String, _ names: [String]) throws {
        let devices = SupportedDevices(families: families, deploymentTarget: try #require(OSVersion(target)))
        #expect(devices.representatives.map(\.name) == names)
    }

    @Test func anIPadOnlyImageIsNilOnEveryIPhoneAndNamesTheFileAndItsDevice() throws {
        let inventory = Inventory(
            images: [Self.image("Badge~ipad.png", 40), Self.image("Badge@2x~ipad.png", 80)],
            info: AppInfo(path: "Info.plist", deviceFamilies: [.phone, .pad], minimumOSVersion: OSVersion(12, 0)),
            references: [.example("App/Menu.swift", 12, "Badge")])
        let findings = Linter(rules: [MissingImage.self]).findings(in: inventory)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.path == "App/Menu.swift" && finding.line == 12 && finding.column == 9)
        #expect(finding.message.contains("is nil on every iPhone; loads Badge@2x~ipad.png on every iPad"))
        #expect(finding.message.contains("Badge~ipad.png is for iPad only (~ipad)"))
    }

    @Test func aNameThatLoadsOnSomePhonesOnlyNamesTheClassesThatGetNothing() throws {
        // Only a @3x file: a @2x phone loads it (observed), so the name is found everywhere...
        let inventory = Inventory(
            images: [Self.image("Hero@2x.png", 80)],
            info: AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(12, 0)),
            references: [.example("App/Hero.swift", 3, "Hero", api: "FromFile", lookup: .file)])
        let finding = try #require(Linter(rules: [MissingImage.self]).findings(in: inventory).first)
        // ...but imageWithContentsOfFile: wants the extension.
        #expect(finding.message.contains("is nil on every iPhone"))
        #expect(finding.message.contains("imageWithContentsOfFile: takes a file's path with its extension"))
    }

    @Test func anAppIconSetNameIsNilByDesignWithTheReason() throws {
        let icon = CatalogSet(
            kind: .appIcon, folder: "A.xcassets/AppIcon.appiconset", name: "AppIcon",
            entries: [CatalogEntry(filename: "icon.png", scale: "2x")], fileNames: ["icon.png"])
        let inventory = Inventory(
            images: [Self.image("A.xcassets/AppIcon.appiconset/icon.png", 120)], catalogSets: [icon],
            references: [.example("App/About.swift", 5, "AppIcon")])
        let finding = try #require(Linter(rules: [MissingImage.self]).findings(in: inventory).first)
        #expect(finding.message.contains("AppIcon is an app icon set"))
    }

    @Test func aStoryboardImageWithOnlyRetinaFilesIsUncertainOnOneXScreens() throws {
        let inventory = Inventory(
            images: [Self.image("Logo@2x.png", 80)],
            info: AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(6, 0)),
            references: [
                ImageReference(
                    path: "Main.storyboard", line: 9, column: 20, name: .literal("Logo"), api: "storyboard image",
                    lookup: .interfaceBuilder),
                .example("App/Logo.swift", 2, "Logo"),
            ])
        let findings = Linter(rules: [MissingImage.self]).findings(in: inventory)
        #expect(findings.map(\.path) == ["Main.storyboard"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("Uncertain") == true)
    }

    @Test func unusedImageReportsEachAssetOnceAndHonoursItsIgnoreList() throws {
        let sets = ["Old", "Hero"].map { name in
            CatalogSet(
                kind: .imageSet, folder: "A.xcassets/\(name).imageset", name: name,
                entries: [CatalogEntry(filename: "\(name)@2x.png", scale: "2x")], fileNames: ["\(name)@2x.png"])
        }
        let images =
            ["Old", "Hero"].map { Self.image("A.xcassets/\($0).imageset/\($0)@2x.png", 80) }
            + [
                Self.image("Remote/promo.png", 40), Self.image("Remote/promo@2x.png", 80),
                Self.image("Stale@2x.png", 80),
            ]
        let inventory = Inventory(
            images: images, catalogSets: sets,
            references: [
                ImageReference(
                    path: "App/Hero.swift", line: 1, column: 1,
                    name: .symbol(AssetSymbol(generator: .xcode, path: ["hero"])),
                    api: "UIImage(resource:)", lookup: .named)
            ])
        var configuration = LintConfiguration()
        configuration.unusedImageIgnore = ["Remote/**"]
        let findings = UnusedImage(configuration: configuration).findings(in: inventory)
        #expect(findings.map(\.path) == ["A.xcassets/Old.imageset", "Stale@2x.png"])
        let all = UnusedImage().findings(in: inventory)
        #expect(all.map(\.path).sorted() == ["A.xcassets/Old.imageset", "Remote/promo.png", "Stale@2x.png"])
        // A loose asset's other files are its related locations, for SARIF, HTML and the text.
        #expect(all.first { $0.path == "Remote/promo.png" }?.related == ["Remote/promo@2x.png"])
        // Without any source read, nothing can be called unused.
        #expect(UnusedImage().findings(in: Inventory(images: images, catalogSets: sets, sourceFileCount: 0)).isEmpty)
    }

    @Test func baselinesKeepMatchingAFindingWhoseLineMoved() throws {
        let before = Finding(
            ruleID: "missing-image", severity: .error, path: "App/Menu.swift", message: "m", line: 12, column: 9)
        var after = before
        after.line = 40
        let baseline = try Baseline(json: Baseline.document(for: [before]), path: "b.json")
        #expect(baseline.newFindings(in: [after]).new.isEmpty)
    }

    @Test func theReferencesJSONHasTheDeviceMatrixShape() throws {
        let inventory = Inventory(
            images: [Self.image("Badge~ipad.png", 40), Self.image("Badge@2x~ipad.png", 80)],
            info: AppInfo(path: "Info.plist", deviceFamilies: [.phone, .pad], minimumOSVersion: OSVersion(12, 0)),
            references: [.example("App/Menu.swift", 12, "Badge")])
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(ReferenceListing(inventory).json.rendered().utf8)) as? [String: Any]
        )
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.map { $0["name"] as? String } == ["iPhone 5", "iPhone 6", "iPhone 6 Plus", "iPad 3"])
        #expect(devices.first?["bounds"] as? [Int] == [320, 568])
        let reference = try #require((json["references"] as? [[String: Any]])?.first)
        #expect(reference["path"] as? String == "App/Menu.swift")
        #expect(reference["line"] as? Int == 12 && reference["column"] as? Int == 9)
        #expect(reference["name"] as? String == "Badge" && reference["dynamic"] as? Bool == false)
        #expect(reference["api"] as? String == "UIImage(named:)" && reference["mode"] as? String == "uikit")
        let loads = try #require(reference["loads"] as? [String: Any])
        #expect(loads["iPhone 5"] is NSNull)
        #expect(loads["iPad 3"] as? String == "Badge@2x~ipad.png")
    }
}

@Suite("Hostile sources")
struct HostileSourceTests {
    @Test func hostileSourcesAreNamedAndTheRestIsStillChecked() throws {
        let folder = try TemporaryDirectory()
        let deep =
            String(repeating: "(", count: 100_000) + #"UIImage(named: "Deep")"# + String(repeating: ")", count: 100_000)
        try folder.write(Array("let a = \(deep)\n".utf8), to: "App/Deep.swift")
        try folder.write([UInt8](repeating: UInt8(ascii: "/"), count: (4 << 20) + 1), to: "App/Huge.swift")
        try folder.write(
            Array(#"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d image="&a;"/>"#.utf8),
            to: "App/Bomb.storyboard")
        try folder.write(Array(String(repeating: "<a>", count: 10_000).utf8), to: "App/Deep.xib")
        try folder.write((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, to: "App/Noise.cs")
        try folder.write(Array(String(repeating: "\"", count: 100_000).utf8), to: "App/Quotes.m")
        try folder.write(Array(#"let b = UIImage(named: "Missing")"#.utf8), to: "App/Fine.swift")
        // swift-syntax takes minutes over unclosed `[` after a name in a whole file.
        try folder.write(
            Array(("Asset.Icons.s" + String(repeating: "[", count: 40) + "x.image\n").utf8), to: "App/Brackets.swift")
        #expect(mkfifo(folder.path + "/App/Pipe.swift", 0o600) == 0)
        var messages: [String] = []
        let start = ContinuousClock.now
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { messages.append($0.description) }
        #expect(ContinuousClock.now - start < .seconds(10))
        #expect(outcome.report.findings.map(\.path).sorted() == ["App/Deep.swift", "App/Fine.swift"])
        #expect(messages.contains { $0.contains("App/Huge.swift") && $0.contains("larger than") })
        #expect(messages.contains { $0.contains("App/Bomb.storyboard") && $0.contains("entity") })
        #expect(
            messages.contains {
                $0.contains("App/Deep.xib") && ($0.contains("not well-formed") || $0.contains("nested"))
            })
    }
}
