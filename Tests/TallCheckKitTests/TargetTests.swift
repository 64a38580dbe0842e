import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Targets and platforms (issue 29): each app-like target of a project is its own app.
@Suite("Targets and platforms")
struct TargetTests {
    static let fixtures = ScenarioTests.repository + "/Fixtures/Scenarios/"

    @Test func everyAppLikeTargetIsReadWithItsPlatformDevicesDeploymentTargetAndCode() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.fixtures + "targets-app-extensions-tvos"))
        #expect(scan.targets.map(\.target.name) == ["Reader", "Share", "Today", "ReaderTV"])
        let byName = Dictionary(uniqueKeysWithValues: scan.targets.map { ($0.target.name, $0) })
        let tv = try #require(byName["ReaderTV"])
        #expect(tv.target.platform == .tvOS)
        #expect(tv.target.deviceFamilies == [.tv])
        #expect(tv.inventory.deploymentTarget == OSVersion(13, 0))
        #expect(!tv.inventory.launches, "a tvOS app has no iOS launch images")
        let today = try #require(byName["Today"])
        #expect(today.target.kind == .appExtension)
        #expect(today.inventory.deploymentTarget == OSVersion(14, 0))
        #expect(today.target.infoPlist == "Today/Info.plist")
        #expect(today.target.sources == ["Today/TodayView.swift", "Shared/Brand.swift"])
        let reader = try #require(byName["Reader"])
        #expect(reader.target.interfaceFiles == ["App/Main.storyboard"])
        #expect(reader.target.deviceFamilies == [.phone, .pad])
        #expect(reader.inventory.launches)
        // Each target's inventory holds its own catalog's sets only.
        #expect(Set(tv.inventory.catalogSets.map(\.folder)) == ["TV/Assets.xcassets/brand.imageset"])
        #expect(scan.inventory.bundle.source == reader.inventory.bundle.source, "the primary app is the iOS app")
    }

    @Test func frameworkCodeIsSaidNotJudged() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.fixtures + "targets-app-extensions-tvos"))
        #expect(scan.issues.contains { $0.message.contains("framework target BrandKit's code is not checked") })
        let outcome = try LintSession.run(LintRequest(root: Self.fixtures + "targets-app-extensions-tvos")) { _ in }
        #expect(!outcome.report.findings.contains { $0.path.hasPrefix("BrandKit/") })
    }

    @Test func targetNarrowsTheLintToOneTarget() throws {
        let root = Self.fixtures + "targets-ios-tvos-shared"
        let phone = try LintSession.run(LintRequest(root: root, target: "Phone")) { _ in }
        #expect(phone.report.findings.isEmpty, "badge ships in the iOS app")
        let tv = try LintSession.run(LintRequest(root: root, target: "TV")) { _ in }
        #expect(tv.report.findings.map(\.targets) == [["TV"]])
        #expect(tv.report.findings.first?.message.contains("nil on every Apple TV") == true)
        // The preamble speaks of the target: its Info.plist and its platform's deployment target.
        let preamble = tv.report.app?.preamble ?? []
        #expect(preamble.contains("Info.plist: TV/Info.plist (INFOPLIST_FILE of TV)"), "\(preamble)")
        #expect(preamble.contains { $0.hasPrefix("Deployment target: tvOS 12.0 (TVOS_DEPLOYMENT_TARGET in") })
        // The other target's code is still the project's, not "in no target".
        let scan = try InventoryScanner.scan(ScanOptions(root: root, target: "TV"))
        #expect(!scan.issues.contains { $0.message.contains("in no target") })
    }

    /// A copy of a fixture, with files added or replaced.
    private static func copy(_ scenario: String, adding files: [(String, String)]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let source = Self.fixtures + scenario
        let enumerator = FileManager.default.enumerator(atPath: source)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source + "/" + relative, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            try folder.write(Array(try Data(contentsOf: URL(fileURLWithPath: source + "/" + relative))), to: relative)
        }
        for (path, text) in files { try folder.write(Array(text.utf8), to: path) }
        return folder
    }

    /// A catalog at `catalog` with one universal 1x set per name, each a `size`-pixel square.
    private static func writeCatalog(
        _ folder: TemporaryDirectory, at catalog: String, sets names: [String], size: Int
    ) throws {
        try folder.write(Array(catalogContents([]).utf8), to: "\(catalog)/Contents.json")
        for name in names {
            try folder.write(
                Array(catalogContents([catalogEntry([("filename", "\(name).png"), ("idiom", "universal")])]).utf8),
                to: "\(catalog)/\(name).imageset/Contents.json")
            try folder.write(
                PNGBuilder(width: size, height: size, colorType: 0).encoded(),
                to: "\(catalog)/\(name).imageset/\(name).png")
        }
    }

    /// An app and a widget, both iOS on the same devices, each with `Shared/Assets.xcassets`
    /// and its own code file; `Shared/Common.swift` is compiled by both.
    private static func appAndWidget(_ files: [(String, String)]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let settings = ["SDKROOT": "iphoneos", "IPHONEOS_DEPLOYMENT_TARGET": "15.0"]
        let project = PBXProjWriter(targets: [
            .init(
                name: "App", productType: "application", settings: settings,
                sources: ["App/Main.swift", "Shared/Common.swift"], resources: ["Shared/Assets.xcassets"]),
            .init(
                name: "Widget", productType: "app-extension", settings: settings,
                sources: ["Widget/Widget.swift", "Shared/Common.swift"], resources: ["Shared/Assets.xcassets"]),
        ])
        try folder.write(Array(project.text.utf8), to: "App.xcodeproj/project.pbxproj")
        try Self.writeCatalog(folder, at: "Shared/Assets.xcassets", sets: ["sun", "star", "moon"], size: 30)
        for (path, text) in files { try folder.write(Array(text.utf8), to: path) }
        return folder
    }

    @Test func aFileSharedByTargetsIsReportedOnceWithEveryTargetNamed() throws {
        let folder = try Self.appAndWidget([
            ("App/Main.swift", "import UIKit\nlet sun = UIImage(named: \"sun\")\n"),
            ("Widget/Widget.swift", "import SwiftUI\nlet lost = Image(\"lost\")\n"),
            ("Shared/Common.swift", "import UIKit\nlet gone = UIImage(named: \"gone\")\n"),
        ])
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        // The code file both build, and the 1x-only image both ship: one finding each, naming both.
        #expect(
            outcome.report.findings.map(\.path) == [
                "Shared/Assets.xcassets/moon.imageset/moon.png", "Shared/Common.swift", "Widget/Widget.swift",
            ])
        #expect(outcome.report.findings.map(\.targets) == [["App", "Widget"], ["App", "Widget"], ["Widget"]])
        let json = JSONReporter().render(outcome.report)
        #expect(json.contains(#""targets":["App","Widget"]"#))
        let sarif = SARIFReporter().render(outcome.report)
        #expect(sarif.contains(#""properties":{"targets":["App","Widget"]}"#))
        let text = TextReporter().render(outcome.report)
        #expect(text.contains("== Targets App, Widget =="))
        #expect(text.contains("== Target Widget =="))
    }

    @Test func unusedImageStandsOnlyWhenEveryTargetThatShipsTheImageAgrees() throws {
        let folder = try Self.appAndWidget([
            ("App/Main.swift", "import UIKit\nlet sun = UIImage(named: \"sun\")\n"),
            ("Widget/Widget.swift", "import SwiftUI\nlet star = Image(\"star\")\n"),
            ("Shared/Common.swift", "import Foundation\n"),
        ])
        let outcome = try LintSession.run(
            LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        ) { _ in }
        let unused = outcome.report.findings.filter { $0.ruleID == "unused-image" }
        // star is used by the widget only and sun by the app only: neither may be deleted.
        #expect(unused.map(\.path) == ["Shared/Assets.xcassets/moon.imageset"])
        #expect(unused.first?.targets == ["App", "Widget"])
    }

    @Test func bundleListsEachTargetWithWhatShips() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.fixtures + "targets-app-extensions-tvos"))
        let listings = BundleListing.listings(of: scan)
        #expect(listings.map { $0.target?.name } == ["Reader", "Share", "Today", "ReaderTV"])
        let tv = listings[3].text
        #expect(tv.hasPrefix("Target ReaderTV (tvOS app; Apple TV; tvOS 13.0)\n"))
        #expect(tv.contains("  catalogs: TV/Assets.xcassets\n"))
        #expect(listings[0].text.contains("  Info.plist: App/Info.plist\n"))
        #expect(listings[2].json.rendered().contains(#""deploymentTarget":"14.0""#))
    }

    @Test func tvAndWatchDevicesLoadTheirOwnCatalogEntries() throws {
        let tv = try InventoryScanner.scan(ScanOptions(root: Self.fixtures + "targets-ios-tvos-shared", target: "TV"))
        let resolver = ImageResolver(tv.inventory)
        #expect(
            resolver.resolve("shelf", on: try #require(DeviceQuery(model: "Apple TV 4K"))).file
                == "TV/Assets.xcassets/shelf.imageset/shelf@2x.png")
        #expect(
            resolver.resolve("shelf", on: try #require(DeviceQuery(model: "Apple TV HD"))).file
                == "TV/Assets.xcassets/shelf.imageset/shelf.png")
        let watch = try InventoryScanner.scan(
            ScanOptions(root: Self.fixtures + "targets-watch-app", target: "RunnerWatch"))
        let ring = ImageResolver(watch.inventory)
        #expect(
            ring.resolve("ring", on: try #require(DeviceQuery(model: "Apple Watch 44mm"))).file
                == "Watch/Assets.xcassets/ring.imageset/ring-44mm.png")
        #expect(
            ring.resolve("ring", on: try #require(DeviceQuery(model: "Apple Watch 40mm"))).file
                == "Watch/Assets.xcassets/ring.imageset/ring.png")
    }

    @Test func anAnswerThatRestsOnUndocumentedBehaviourSaysSo() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: Self.fixtures + "name-with-extension-set"))
        let resolver = ImageResolver(scan.inventory)
        let phone = try #require(DeviceQuery(model: "iPhone 8"))
        #expect(!resolver.resolve("banner.png", on: phone).isCertain)
        #expect(resolver.resolve("banner", on: phone).isCertain)
        #expect(resolver.resolve("banner.png", on: phone).json.rendered().contains(#""certain":false"#))
    }

    @Test func aTallSuffixHelperIsReadForItsFallback() {
        func helpers(_ body: String) -> [String] {
            CSharpReferenceScanner.helpersWithoutFallback(
                in: SourceTokenizer.tokens(Array(body.utf8), dialect: .cSharp), named: ["FromBundle16x9"]
            ).map(\.0)
        }
        let call = "UIImage.FromFile (name.Replace (\".png\", \"-568h@2x.png\"))"
        #expect(helpers("static UIImage FromBundle16x9 (string name) { if (tall) return \(call); return null; }") == [])
        #expect(
            helpers("static UIImage FromBundle16x9 (string name) { if (tall) return \(call); return Other (name); }")
                == ["FromBundle16x9"])
        #expect(
            helpers("static UIImage FromBundle16x9 (string name) { return \(call) ?? UIImage.FromBundle (name); }")
                == [])
        #expect(helpers("static UIImage FromBundle16x9 (string name) => \(call);") == ["FromBundle16x9"])
        // No -568h name in the body: nothing is known, the convention's fallback is assumed.
        #expect(helpers("static UIImage FromBundle16x9 (string name) { return UIImage.FromBundle (name); }") == [])
        // A call is not a definition.
        #expect(helpers("var image = FromBundle16x9 (\"Header-568h@2x.png\");") == [])
    }

    @Test func interfaceBuilderNamesImagesOnlyWhereAnElementShowsOne() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <imageView id="a" image="logo" highlightedImage="logo-lit">
                        <accessibility key="accessibilityConfiguration">
                            <accessibilityTraits key="traits" image="YES" header="YES"/>
                        </accessibility>
                    </imageView>
                    <futureView id="b" image="future" flag="YES"/>
                    <futureView id="c" image="YES"/>
                    <view id="d">
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="image" keyPath="icon" value="inspectable"/>
                            <userDefinedRuntimeAttribute type="string" keyPath="title" value="not-an-image"/>
                        </userDefinedRuntimeAttributes>
                    </view>
                </objects>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(in: Array(xml.utf8), path: "A.xib")
        #expect(references.map(\.literalName) == ["logo", "logo-lit", "future", "inspectable"])
        #expect(references.map(\.keepsOnly) == [false, false, true, false])
    }

    @Test func regexLiteralsAreToldApartForTheParseComparison() {
        #expect(SwiftReferenceScanner.hasRegexLiterals(Array("/Asset.e/".utf8)))
        #expect(!SwiftReferenceScanner.hasRegexLiterals(Array("let a = b / c / d".utf8)))
    }

    @Test func aScriptsShebangLineIsAComment() {
        let source = Array("#!UIImage(named: \"x\")\nlet a = Image(\"a\")\n".utf8)
        #expect(SwiftReferenceScanner.references(in: source, path: "A.swift").compactMap(\.literalName) == ["a"])
    }

    @Test func aSwiftReferenceAfterACommentEndingInAFullStopIsFound() {
        let source = Array("Image(\"a\")\n// Shows the brand.\nImage(\"b\")\n".utf8)
        #expect(SwiftReferenceScanner.references(in: source, path: "A.swift").compactMap(\.literalName) == ["a", "b"])
    }

    @Test func settingsFromBuildConfigurationFilesDecideThePlatform() throws {
        let folder = try TemporaryDirectory()
        let project = PBXProjWriter(targets: [
            .init(
                name: "Shelf", productType: "application", settings: [:], sources: ["TV/Shelf.swift"],
                resources: ["TV/Assets.xcassets"], baseConfiguration: "Config/TV.xcconfig")
        ])
        try folder.write(Array(project.text.utf8), to: "Shelf.xcodeproj/project.pbxproj")
        try folder.write(
            Array(
                "// tvOS\n#include \"Base.xcconfig\"\nSDKROOT = appletvos\nTARGETED_DEVICE_FAMILY = $(TV_FAMILY)\n".utf8
            ),
            to: "Config/TV.xcconfig")
        try folder.write(
            Array(
                "TV_FAMILY = 3\nTVOS_DEPLOYMENT_TARGET = 15.0 // the oldest\nSDKROOT[sdk=iphoneos*] = iphoneos\n".utf8),
            to: "Config/Base.xcconfig")
        try folder.write(Array("import UIKit\nlet shelf = UIImage(named: \"shelf\")\n".utf8), to: "TV/Shelf.swift")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        let target = try #require(scan.targets.first?.target)
        #expect(target.platform == .tvOS)
        #expect(target.deviceFamilies == [.tv])
        #expect(target.deploymentTarget == OSVersion(15, 0))
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        #expect(outcome.report.findings.first?.message.contains("nil on every Apple TV") == true)
    }

    @Test func aCustomSymbolAnswersItsName() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array(catalogContents([]).utf8), to: "App/Assets.xcassets/Contents.json")
        try folder.write(
            Array(#"{ "symbols" : [ { "filename" : "discord.fill.svg", "idiom" : "universal" } ] }"#.utf8),
            to: "App/Assets.xcassets/Symbols/discord.fill.symbolset/Contents.json")
        try folder.write(
            Array("<svg/>".utf8), to: "App/Assets.xcassets/Symbols/discord.fill.symbolset/discord.fill.svg")
        try folder.write(
            Array("import SwiftUI\nlet discord = Image(\"discord.fill\")\nlet gone = Image(\"gone.fill\")\n".utf8),
            to: "App/Links.swift")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        #expect(outcome.report.findings.map(\.line) == [3], "only the name nothing answers")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        let answer = ImageResolver(scan.inventory).resolve(
            "discord.fill", on: try #require(DeviceQuery(model: "iPhone 8")), lookup: .catalog)
        #expect(answer.file == "App/Assets.xcassets/Symbols/discord.fill.symbolset")
    }

    @Test func imagesTheSystemReadsAreNotCheckedAsImagesCodeLoads() throws {
        let folder = try TemporaryDirectory()
        for name in ["A1", "B2"] {
            try folder.write(
                PNGBuilder(width: 30, height: 20, colorType: 0).encoded(), to: "App/gallery.ckcomplication/\(name).png")
        }
        try folder.write(PNGBuilder(width: 30, height: 20, colorType: 0).encoded(), to: "App/Images/lonely.png")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        #expect(outcome.report.findings.map(\.path) == ["App/Images/lonely.png"])
        #expect(
            outcome.report.app?.leftOut.contains {
                $0.why == "in gallery.ckcomplication, which the system reads itself" && $0.count == 2
            } == true)
        #expect(
            Inventory.systemReadFolder(of: "App/Stickers.stickerpack/cat.sticker/cat.png") == "Stickers.stickerpack")
        #expect(Inventory.systemReadFolder(of: "App/Stickers.stickerpack/cat.png") == "Stickers.stickerpack")
        #expect(Inventory.systemReadFolder(of: "App/icon/cat.png") == nil)
    }

    @Test func alternateIconsThatSharePixelsAreNoDuplicates() throws {
        let folder = try TemporaryDirectory()
        let picture = PNGBuilder(width: 120, height: 120, colorType: 0).encoded()
        try folder.write(Array(catalogContents([]).utf8), to: "App/Assets.xcassets/Contents.json")
        for set in ["AppIcon.appiconset", "AppIcon-Dark.appiconset", "one.imageset", "two.imageset"] {
            let entry =
                set.hasSuffix("appiconset")
                ? catalogEntry([("filename", "icon.png"), ("idiom", "iphone"), ("scale", "2x"), ("size", "60x60")])
                : catalogEntry([("filename", "icon.png"), ("idiom", "universal"), ("scale", "2x")])
            try folder.write(Array(catalogContents([entry]).utf8), to: "App/Assets.xcassets/\(set)/Contents.json")
            try folder.write(picture, to: "App/Assets.xcassets/\(set)/icon.png")
        }
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        let duplicates = outcome.report.findings.filter { $0.ruleID == "duplicate-image" }
        #expect(duplicates.map(\.path) == ["App/Assets.xcassets/one.imageset/icon.png"])
        #expect(duplicates.first?.related == ["App/Assets.xcassets/two.imageset/icon.png"])
    }

    @Test(
        "code under a platform condition is judged only on the platforms that compile it",
        arguments: [
            ("#if os(macOS)\nA\n#else\nB\n#endif\nC", [[.macOS], [.iOS, .tvOS, .watchOS, .visionOS], nil]),
            ("#if os(iOS) || os(tvOS)\nA\n#elseif os(watchOS)\nB\n#endif\nC", [[.iOS, .tvOS], [.watchOS], nil]),
            ("#if canImport(AppKit)\nA\n#else\nB\n#endif\nC", [[.macOS], [.iOS, .tvOS, .watchOS, .visionOS], nil]),
            // An unknown condition narrows nothing: both branches may be compiled anywhere.
            ("#if DEBUG\nA\n#else\nB\n#endif\nC", [nil, nil, nil]),
            ("#if DEBUG && os(tvOS)\nA\n#else\nB\n#endif\nC", [[.tvOS], nil, nil]),
            ("#if !targetEnvironment(macCatalyst)\nA\n#endif\n/*\n#if os(macOS)\n*/\nC\nB", [nil, nil, nil]),
        ] as [(String, [Set<Platform>?])])
    func platformConditions(source: String, expected: [Set<Platform>?]) {
        let conditions = PlatformConditions(source: Array(source.utf8), dialect: .swift)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let found = ["A", "B", "C"].map { letter in
            conditions.platforms(atLine: (lines.firstIndex { $0 == letter } ?? 0) + 1)
        }
        #expect(found == expected)
    }

    @Test func objectiveCAndCSharpPlatformMacrosAreRead() {
        let objc = PlatformConditions(source: Array("#if TARGET_OS_TV\nA\n#else\nB\n#endif\n".utf8), dialect: .c)
        #expect(objc.platforms(atLine: 2) == [.tvOS])
        #expect(objc.platforms(atLine: 4) == [.iOS, .macOS, .watchOS, .visionOS])
        let csharp = PlatformConditions(source: Array("#if __TVOS__\nA\n#endif\n".utf8), dialect: .cSharp)
        #expect(csharp.platforms(atLine: 2) == [.tvOS])
    }

    @Test func aNameOnlyAnotherPlatformCompilesIsNeverMissingButKeepsItsImage() throws {
        let folder = try Self.appAndWidget([
            (
                "App/Main.swift",
                "import UIKit\n#if os(macOS)\nlet mac = NSImage(named: \"x\"); let m = Image(\"moon\")\n#else\n"
                    + "let sun = UIImage(named: \"sun\")\n#endif\n"
            ),
            ("Widget/Widget.swift", "import SwiftUI\nlet star = Image(\"star\")\n"),
            ("Shared/Common.swift", "import Foundation\n"),
        ])
        let outcome = try LintSession.run(
            LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        ) { _ in }
        // moon is named only in macOS code: no missing-image, and not unused (the directive may be misread).
        #expect(outcome.report.findings.filter { ["missing-image", "unused-image"].contains($0.ruleID) }.isEmpty)
    }

    @Test func eachMSBuildProjectIsATargetOnItsPlatform() throws {
        let folder = try TemporaryDirectory()
        for (project, framework) in [("Phone", "net8.0-ios"), ("TV", "net8.0-tvos")] {
            try folder.write(
                Array(
                    "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>\(framework)</TargetFramework><OutputType>Exe</OutputType></PropertyGroup></Project>\n"
                        .utf8), to: "\(project)/\(project).csproj")
            try folder.write(
                PNGBuilder(width: 20, height: 20, colorType: 0).encoded(), to: "\(project)/Resources/\(project)Logo.png"
            )
            try folder.write(
                PNGBuilder(width: 40, height: 40, colorType: 0).encoded(),
                to: "\(project)/Resources/\(project)Logo@2x.png")
        }
        try folder.write(Array("var logo = UIImage.FromBundle (\"PhoneLogo\");\n".utf8), to: "Phone/Main.cs")
        try folder.write(
            Array(
                "var logo = UIImage.FromBundle (\"TVLogo\");\nvar phone = UIImage.FromBundle (\"PhoneLogo\");\n".utf8),
            to: "TV/Main.cs")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(scan.targets.map(\.target.name) == ["Phone", "TV"])
        #expect(scan.targets.map(\.target.platform) == [.iOS, .tvOS])
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        let missing = outcome.report.findings.filter { $0.ruleID == "missing-image" }
        #expect(missing.map(\.path) == ["TV/Main.cs"])
        #expect(missing.first?.line == 2)
        #expect(missing.first?.targets == ["TV"])
        #expect(missing.first?.message.contains("nil on every Apple TV") == true)
    }

    @Test func aHelperDeclaredWithoutFallbackMakesAMissingTallFileNilOnTallPhones() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 320, height: 100, colorType: 0).encoded(), to: "Images/Header.png")
        try folder.write(PNGBuilder(width: 640, height: 200, colorType: 0).encoded(), to: "Images/Header@2x.png")
        try folder.write(Array("var header = Tall.Load (\"Images/Header.png\");\n".utf8), to: "App/Header.cs")
        try folder.write(Array("tall_suffix_without_fallback: [Load]\n".utf8), to: ".tallcheck.yml")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        #expect(outcome.report.findings.map(\.ruleID) == ["missing-image"])
        #expect(outcome.report.findings.first?.severity == .error)
        #expect(outcome.report.findings.first?.message.contains("does not fall back") == true)
    }

    @Test func deviceNamesAreMatchedAsTheListShortensThem() throws {
        #expect(DeviceQuery(model: "iPhone SE (1st)")?.name == "iPhone SE (1st generation)")
        #expect(DeviceQuery(model: "apple watch 44 mm")?.name == "Apple Watch 44mm")
        #expect(DeviceQuery(model: "iPad Pro 11-inch")?.name == "iPad Pro 11\"")
        #expect(DeviceQuery(model: "iPhone 99") == nil)
    }

    @Test func anIB3EraXibNamesItsImagesInNSResourceName() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
                <data>
                    <object class="NSCustomResource" key="IBUIImage">
                        <string key="NSClassName">NSImage</string>
                        <string key="NSResourceName">gear.png</string>
                    </object>
                </data>
            </archive>
            """
        let references = try InterfaceBuilderReferenceScanner.references(in: Array(xml.utf8), path: "Old.xib")
        #expect(references.map(\.literalName) == ["gear.png"])
        #expect(references.map(\.keepsOnly) == [true])
        #expect(references.first?.line == 6)
    }

    @Test func anAppsOwnImageTypeKeepsItsNamesImages() {
        let source = Array(
            "#if os(macOS)\ntypealias RSImage = NSImage\n#else\ntypealias RSImage = UIImage\n#endif\n"
                .appending("let a = RSImage(named: \"star\")\nlet b = UIImageView(frame: .zero)\n").utf8)
        let references = SwiftReferenceScanner.references(in: source, path: "Assets.swift")
        #expect(references.map(\.literalName) == ["star"])
        #expect(references.map(\.keepsOnly) == [true])
        #expect(references.map(\.api) == ["RSImage(named:)"])
    }

    @Test func namesInShippedDataFilesKeepTheirImages() throws {
        let folder = try TemporaryDirectory()
        try Self.writeCatalog(
            folder, at: "App/Assets.xcassets", sets: ["onboarding-1", "partner-acme", "welcome", "stale"], size: 300)
        try folder.write(
            Array(#"{"pages": [{"title": "Hi", "image": "onboarding-1"}]}"#.utf8), to: "App/Onboarding.json")
        try folder.write(
            Array("<plist><dict><key>logo</key><string>partner-acme</string></dict></plist>".utf8),
            to: "App/Partners.plist")
        // A UTF-16 .strings file, as Xcode writes them.
        let strings = "\"welcome.image\" = \"welcome\";\n"
        try folder.write(
            [0xFF, 0xFE] + strings.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: "App/en.lproj/Home.strings"
        )
        try folder.write(Array("import UIKit\nlet x = UIImage(named: \"nothing\")\n".utf8), to: "App/Main.swift")
        let outcome = try LintSession.run(
            LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        ) { _ in }
        #expect(
            outcome.report.findings.filter { $0.ruleID == "unused-image" }.map(\.path) == [
                "App/Assets.xcassets/stale.imageset"
            ])
    }

    @Test func aQuickActionsIconIsUsed() throws {
        let folder = try TemporaryDirectory()
        try Self.writeCatalog(folder, at: "App/Assets.xcassets", sets: ["qa-compose", "stale"], size: 300)
        let plist: [String: Any] = [
            "CFBundlePackageType": "APPL",
            "UIApplicationShortcutItems": [["UIApplicationShortcutItemIconFile": "qa-compose"]],
        ]
        try folder.write(
            Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)),
            to: "App/Info.plist")
        try folder.write(Array("import UIKit\nlet x = UIImage(named: \"nothing\")\n".utf8), to: "App/Main.swift")
        let outcome = try LintSession.run(
            LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        ) { _ in }
        let unused = outcome.report.findings.filter { $0.ruleID == "unused-image" }
        #expect(unused.map(\.path) == ["App/Assets.xcassets/stale.imageset"])
        #expect(unused.first?.message.hasPrefix("No code, storyboard, data file or Info.plist key names") == true)
    }
}
