import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Linting a built `.app` folder: files ship where they are, PNGs are CgBI, the Info.plist is
/// binary, and what cannot be read yet (Assets.car, compiled storyboards) is said.
@Suite struct BuiltAppTests {
    static func app() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.example.demo", "CFBundleExecutable": "Demo", "MinimumOSVersion": "6.0",
            "UIDeviceFamily": [1], "UILaunchStoryboardName": "LaunchScreen",
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        ]
        try folder.write(
            [UInt8](try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)),
            to: "Demo.app/Info.plist")
        let cgbi = { (width: Int, height: Int) in PNGBuilder(width: width, height: height, cgbi: true).encoded() }
        try folder.write(cgbi(320, 480), to: "Demo.app/Default.png")
        try folder.write(cgbi(640, 960), to: "Demo.app/Default@2x.png")
        // Xcode checks none of this: 40 pixels short of a 4-inch screen.
        try folder.write(cgbi(640, 1096), to: "Demo.app/Default-568h@2x.png")
        try folder.write(cgbi(30, 30), to: "Demo.app/Levels/map.png")
        try folder.write(cgbi(60, 60), to: "Demo.app/Levels/map@2x.png")
        try folder.write(Self.catalog.bytes(), to: "Demo.app/Assets.car")
        try folder.write(Array("nib".utf8), to: "Demo.app/LaunchScreen.storyboardc/Info.plist")
        return (folder, folder.path + "/Demo.app")
    }

    /// A compiled catalog with an app icon one pixel off, a launch image 40 pixels short, and an
    /// image set with a 4-inch, a dark and a wide-gamut variant and an @3x one pixel too wide.
    static let catalog = CARWriter(
        renditions: [
            .init(asset: "AppIcon", fileName: "Icon-60@2x.png", width: 120, height: 120, scale: 2, idiom: 1),
            .init(asset: "AppIcon", fileName: "Icon-40@3x.png", width: 120, height: 121, scale: 3, idiom: 1),
            .init(asset: "AppIcon", fileName: "Store.png", width: 1024, height: 1024, scale: 1, idiom: 6),
            .init(
                asset: "LaunchImage", fileName: "Default-568h@2x.png", width: 640, height: 1096, scale: 2, idiom: 1,
                subtype: 568),
            .init(asset: "Star", fileName: "star@2x.png", width: 40, height: 40, scale: 2),
            // The wide-gamut variant first: the resolver must still prefer the plain one.
            .init(asset: "Star", fileName: "star-p3@3x.png", width: 60, height: 60, scale: 3, other: [24: 1]),
            .init(asset: "Star", fileName: "star@3x.png", width: 63, height: 60, scale: 3),
            .init(asset: "Star", fileName: "star-tall@2x.png", width: 40, height: 40, scale: 2, idiom: 1, subtype: 568),
            .init(asset: "Star", fileName: "star-dark@2x.png", width: 40, height: 40, scale: 2, appearance: 1),
        ], keyFormat: [1, 7, 12, 15, 16, 17, 24])

    @Test func aBuiltAppIsLintedAsItShips() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        #expect(scan.inventory.bundle.source == .builtApp)
        #expect(scan.inventory.looseImages.allSatisfy { $0.facts.png?.isCgBI == true && $0.facts.isValid })
        #expect(scan.inventory.deploymentTarget == OSVersion(6, 0))
        let findings = Linter().findings(in: scan.inventory)
        #expect(findings.contains { $0.ruleID == "launch-image-size" && $0.path == "Default-568h@2x.png" })
        // What is not read is said, by name.
        #expect(scan.issues.contains { $0.path == "LaunchScreen.storyboardc" })
    }

    @Test func theCompiledCatalogIsCheckedLikeTheSetsItWasCompiledFrom() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        #expect(scan.inventory.catalogSets.map(\.name) == ["AppIcon", "LaunchImage", "Star"])
        #expect(scan.inventory.catalogSets.map(\.kind) == [.appIcon, .launchImage, .imageSet])
        #expect(
            scan.issues.contains { $0.path == "Assets.car" && $0.message.contains("9 renditions, 9 images in 3 sets") })
        let findings = Linter().findings(in: scan.inventory)
        let byPath = Dictionary(grouping: findings, by: \.path)
        let icon = try #require(byPath["Assets.car/AppIcon/Icon-40@3x.png"]?.first)
        #expect(icon.ruleID == "app-icon-size")
        #expect(icon.message.contains("needs 120×120 px") && icon.message.contains("nearest"), "\(icon.message)")
        #expect(byPath["Assets.car/LaunchImage/Default-568h@2x.png"]?.map(\.ruleID) == ["launch-image-size"])
        #expect(byPath["Assets.car/Star/star@3x.png"]?.map(\.ruleID) == ["scale-mismatch"])
        // The right icons, the App Store icon, and the variants the key tells apart are no findings.
        let flagged = Set(findings.map(\.path))
        for path in ["Assets.car/AppIcon/Icon-60@2x.png", "Assets.car/AppIcon/Store.png", "Assets.car"] {
            #expect(!flagged.contains(path), "\(path): \(findings.filter { $0.path == path })")
        }
        #expect(!findings.contains { $0.ruleID == "catalog-duplicate-slot" || $0.ruleID == "image-format" })
    }

    /// Where the catalog lists its icons' sizes (a multisize image set, by icon index), the
    /// listed slot is the one checked, not the nearest guess.
    @Test func anIconsListedSlotIsCheckedWithoutAGuess() throws {
        let catalog = CARWriter(
            renditions: [
                .init(
                    asset: "AppIcon", fileName: "AppIcon", width: 0, height: 0, scale: 0, idiom: 2,
                    iconSizes: [(40, 40, 1), (84, 84, 3)]),
                // 100 px at @2x: nearest 50 pt, but listed as 40 pt.
                .init(asset: "AppIcon", fileName: "a.png", width: 100, height: 100, scale: 2, idiom: 2, other: [9: 1]),
                // 83.5 pt, listed as a whole number of points.
                .init(asset: "AppIcon", fileName: "b.png", width: 167, height: 167, scale: 2, idiom: 2, other: [9: 3]),
            ], keyFormat: [7, 9, 12, 15, 16, 17])
        let sets = try CompiledCatalog(bytes: catalog.bytes()).catalogSets(at: "Assets.car", info: nil)
        let inventory = Inventory(images: sets.images, catalogSets: sets.sets, bundle: .builtApp(images: []))
        let findings = AppIconSize().findings(in: inventory)
        #expect(findings.map(\.path) == ["Assets.car/AppIcon/a.png"])
        #expect(findings.first?.message.contains("(ipad 40x40 pt 2x) needs 80×80 px") == true, "\(findings)")
        #expect(findings.first?.message.contains("nearest") == false)
        #expect(sets.sets.first?.entries.map(\.size) == ["40x40", "83.5x83.5"])
    }

    @Test func resolveAnswersFromTheCompiledCatalog() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let resolver = ImageResolver(try InventoryScanner.scan(ScanOptions(root: app)).inventory)
        func file(_ model: String) throws -> String? {
            resolver.resolve("Star", on: try #require(DeviceQuery(model: model))).file
        }
        #expect(try file("iPhone 5") == "Assets.car/Star/star-tall@2x.png")
        #expect(try file("iPhone 8") == "Assets.car/Star/star@2x.png")
        // An sRGB screen: the plain @3x, not the display-P3 variant listed before it.
        #expect(try file("iPhone 6 Plus") == "Assets.car/Star/star@3x.png")
        #expect(try file("iPad Air") == "Assets.car/Star/star@2x.png")
    }

    /// The lint's report snapshot counts Assets.car among what it read: a new catalog is a new lint.
    @Test func aChangedCompiledCatalogMeansANewLint() throws {
        let (folder, app) = try Self.app()
        let cache = try TemporaryDirectory()
        func lint() throws -> (reused: Bool, paths: [String]) {
            let outcome = try LintSession.run(LintRequest(root: app, cacheFolder: cache.path)) { _ in }
            return (outcome.reusedReport, outcome.report.findings.map(\.path))
        }
        usleep(UInt32(2 * ScanCache.racyMargin / 1000))
        #expect(try lint().paths.contains("Assets.car/AppIcon/Icon-40@3x.png"))
        #expect(try lint().reused)
        var fixed = Self.catalog
        fixed.renditions = fixed.renditions.filter { $0.fileName != "Icon-40@3x.png" }
        try folder.write(fixed.bytes(), to: "Demo.app/Assets.car")
        usleep(UInt32(2 * ScanCache.racyMargin / 1000))
        let again = try lint()
        #expect(!again.reused)
        #expect(!again.paths.contains("Assets.car/AppIcon/Icon-40@3x.png"))
    }

    /// The config's `excluded` and `included` reach into Assets.car as into a folder.
    @Test func pathFiltersApplyToTheCompiledCatalog() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let excluded = try InventoryScanner.scan(
            ScanOptions(root: app, pathFilter: PathFilter(excluded: ["Assets.car/Star"])))
        #expect(excluded.inventory.catalogSets.map(\.name) == ["AppIcon", "LaunchImage"])
        #expect(!excluded.inventory.allImages.contains { $0.path.hasPrefix("Assets.car/Star/") })
        let whole = try InventoryScanner.scan(ScanOptions(root: app, pathFilter: PathFilter(excluded: ["Assets.car"])))
        #expect(whole.inventory.catalogSets.isEmpty)
        let included = try InventoryScanner.scan(
            ScanOptions(root: app, pathFilter: PathFilter(included: ["Assets.car/AppIcon/*"])))
        #expect(included.inventory.catalogSets.map(\.name) == ["AppIcon"])
    }

    /// A PDF that actool rasterised at each scale is a bitmap rendition still named `.pdf`:
    /// checked by its pixels, with no format finding; names with `/` or `..` stay inside the set.
    @Test func renditionsAreCheckedByTheirOwnFormatAndNamesStayInTheirSet() throws {
        let catalog = CARWriter(renditions: [
            .init(asset: "Star", fileName: "star.pdf", width: 24, height: 24, scale: 1),
            .init(asset: "Star", fileName: "star.pdf", width: 48, height: 48, scale: 2),
            .init(asset: "Star", fileName: "star.pdf", width: 75, height: 72, scale: 3),
            .init(asset: "..", fileName: "../../x@2x.png", width: 4, height: 4, scale: 2),
        ])
        let sets = try CompiledCatalog(bytes: catalog.bytes()).catalogSets(at: "Assets.car", info: nil)
        #expect(
            Set(sets.images.map(\.path)) == [
                "Assets.car/Star/star.pdf", "Assets.car/Star/star (2).pdf", "Assets.car/Star/star (3).pdf",
                "Assets.car/_/.._.._x@2x.png",
            ])
        let inventory = Inventory(images: sets.images, catalogSets: sets.sets, bundle: .builtApp(images: []))
        let findings = Linter().findings(in: inventory)
        #expect(findings.map(\.ruleID) == ["scale-mismatch"], "\(findings)")
        #expect(findings.allSatisfy { $0.path == "Assets.car/Star/star (3).pdf" })
    }

    @Test func anUnreadableCompiledCatalogIsANoteAndTheRestIsLinted() throws {
        let (folder, app) = try Self.app()
        try folder.write(Array("BOMStore".utf8), to: "Demo.app/Assets.car")
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        #expect(
            scan.issues.contains {
                $0.path == "Assets.car" && $0.message.contains("not readable") && $0.message.contains("BOM")
            })
        #expect(scan.inventory.catalogSets.isEmpty)
        #expect(scan.inventory.allImages.count == 5)
    }

    @Test func imagesAreFoundAtTheirPathsInTheBundleOnly() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        let resolver = ImageResolver(scan.inventory)
        let phone = try #require(DeviceQuery(model: "iPhone 5"))
        #expect(resolver.resolve("Levels/map", on: phone).file == "Levels/map@2x.png")
        // In a built app nothing is copied flat: the bare name finds nothing.
        #expect(resolver.resolve("map", on: phone).file == nil)
    }
}
