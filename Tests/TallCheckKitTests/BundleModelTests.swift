import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// What the built app contains, from project files written by the tests (issue 13).
@Suite("The bundle model")
struct BundleModelTests {
    /// A tree of images with the given pixel sizes, and text files.
    static func tree(_ images: [(String, Int, Int)], files: [String: String] = [:]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (path, width, height) in images {
            try folder.write(PNGBuilder(width: width, height: height).encoded(), to: path)
        }
        for (path, text) in files { try folder.write(Array(text.utf8), to: path) }
        return folder
    }

    static func scan(_ folder: TemporaryDirectory, target: String? = nil) throws -> ScanResult {
        try InventoryScanner.scan(ScanOptions(root: folder.path, target: target))
    }

    static func game() throws -> TemporaryDirectory {
        try tree(ProjectFiles.gameImages, files: ["Game.xcodeproj/project.pbxproj": ProjectFiles.gamePBXProj])
    }

    @Test func anXcodeProjectPlacesGroupsFlatAndKeepsFolderReferencesBundlesAndLanguages() throws {
        let bundle = try Self.scan(try Self.game()).inventory.bundle
        #expect(
            bundle.source == .xcodeProject(path: "Game.xcodeproj/project.pbxproj", target: "Game", otherTargets: []))
        let placed = bundle.placements.mapValues { $0.map(\.bundlePath) }
        #expect(placed["Game/Levels/map1.png"] == ["Levels/map1.png"])
        #expect(placed["Game/Levels/Forest/map2.png"] == ["Levels/Forest/map2.png"])
        #expect(placed["Game/Icons/gear.png"] == ["gear.png"])
        #expect(placed["Game/Icons/gear@2x.png"] == ["gear@2x.png"])
        #expect(placed["Game/SVProgressHUD.bundle/error@2x.png"] == ["SVProgressHUD.bundle/error@2x.png"])
        #expect(placed["Game/Flags/en.lproj/flag.png"] == ["en.lproj/flag.png"])
        #expect(placed["Game/Flags/fr.lproj/flag.png"] == ["fr.lproj/flag.png"])
        #expect(placed["Game/Art/hero@2x.png"] == ["hero@2x.png"], "a synchronized folder is copied flat")
        #expect(placed["Game/Art/Unused/old.png"] == nil, "its exception set leaves old.png out")
        #expect(placed["Game/Docs/manual.png"] == nil)
        #expect(bundle.leftOut["Game/Docs/manual.png"] == "not in Game's Copy Bundle Resources")
    }

    @Test func theProjectsDeploymentTargetIsItsLowest() throws {
        let inventory = try Self.scan(try Self.game()).inventory
        #expect(inventory.deploymentTarget == OSVersion(11, 0))
        #expect(inventory.deploymentTargetSource == .xcodeProject("Game.xcodeproj/project.pbxproj"))
    }

    @Test func resolveAnswersBundlePathsAndExplainsNamesWithTheWrongFolder() throws {
        let resolver = ImageResolver(try Self.scan(try Self.game()).inventory)
        let phone = try #require(DeviceQuery(model: "iPhone 5"))
        let map = resolver.resolve("Levels/map1", on: phone)
        #expect(map.file == "Game/Levels/map1.png")
        #expect(map.bundlePath == "Levels/map1.png")
        let gear = resolver.resolve("gear", on: phone)
        #expect(gear.file == "Game/Icons/gear@2x.png")
        #expect(gear.bundlePath == "gear@2x.png")
        let grouped = resolver.resolve("Icons/gear", on: phone)
        #expect(grouped.file == nil)
        #expect(
            grouped.notes.contains { $0.contains("is in the app as gear@2x.png") && $0.contains(#"ask for "gear""#) })
        let flat = resolver.resolve("map1", on: phone)
        #expect(flat.file == nil)
        #expect(
            flat.notes.contains {
                $0.contains("Levels/map1.png (its folder is kept)") && $0.contains(#""Levels/map1""#)
            })
        let bundled = resolver.resolve("SVProgressHUD.bundle/error", on: phone)
        #expect(bundled.file == "Game/SVProgressHUD.bundle/error@2x.png")
        let manual = resolver.resolve("manual", on: phone)
        #expect(manual.file == nil)
        #expect(manual.notes.contains { $0.contains("not in the app: not in Game's Copy Bundle Resources") })
    }

    @Test func filesThatDoNotShipAreNotLinted() throws {
        // manual.png has no @2x, which would be a missing-scale warning if it shipped.
        let report = Linter().lint(try Self.scan(try Self.game()))
        #expect(!report.findings.contains { $0.path.hasPrefix("Game/Docs/") || $0.path.hasPrefix("Game/Art/Unused") })
        #expect(report.findings.contains { $0.path == "Game/Levels/map1.png" && $0.ruleID == "missing-scale" })
    }

    @Test func aClassicXamarinProjectUnescapesAndDropsTheResourcesPrefix() throws {
        let folder = try Self.tree(ProjectFiles.classicImages, files: ["App/App.csproj": ProjectFiles.classicCSProj])
        let bundle = try Self.scan(folder).inventory.bundle
        #expect(bundle.source == .msbuild(path: "App/App.csproj", sdkStyle: false))
        let placed = bundle.placements.mapValues { $0.map(\.bundlePath) }
        #expect(placed["App/Resources/Images/button@2x.png"] == ["Images/button@2x.png"])
        #expect(placed["App/Assets/Default-568h@2x.png"] == ["Default-568h@2x.png"], "Link gives the path")
        #expect(placed["App/Art/splash.png"] == ["Launch/splash.png"], "LogicalName wins")
        #expect(placed["App/Art/unlisted.png"] == nil, "a classic project bundles only what it lists")
    }

    @Test func anSDKStyleProjectBundlesResourcesByDefault() throws {
        let folder = try Self.tree(ProjectFiles.sdkImages, files: ["App/App.csproj": ProjectFiles.sdkCSProj])
        let bundle = try Self.scan(folder).inventory.bundle
        #expect(bundle.source == .msbuild(path: "App/App.csproj", sdkStyle: true))
        let placed = bundle.placements.mapValues { $0.map(\.bundlePath) }
        #expect(placed["App/Resources/tile@2x.png"] == ["tile@2x.png"])
        #expect(placed["App/Resources/Icons/star@2x.png"] == ["Icons/star@2x.png"])
        #expect(placed["App/Resources/Drafts/draft.png"] == nil, "a Remove item takes it out")
        #expect(placed["App/Marketing/banner.png"] == nil)
    }

    @Test func withoutAProjectFilesAnswerToTheirNameAndPathExceptWhereNothingShips() throws {
        let folder = try Self.tree([
            ("Images/TableViewBackground.png", 320, 358), ("Images/TableViewBackground@2x.png", 640, 716),
            ("Images/TableViewBackground-568h@2x.png", 640, 892), ("Screenshots/home.png", 640, 1136),
            ("fastlane/screenshots/en-US/1.png", 640, 1136), ("Docs.docc/Resources/diagram.png", 100, 100),
        ])
        let inventory = try Self.scan(folder).inventory
        #expect(inventory.bundle.source == .assumed)
        #expect(
            Set(inventory.unshippedImages.map(\.path)) == [
                "Screenshots/home.png", "fastlane/screenshots/en-US/1.png", "Docs.docc/Resources/diagram.png",
            ])
        let resolver = ImageResolver(inventory)
        let phone = try #require(DeviceQuery(model: "iPhone 5"))
        #expect(resolver.resolve("Images/TableViewBackground", on: phone).file == "Images/TableViewBackground@2x.png")
        #expect(resolver.resolve("TableViewBackground", on: phone).file == "Images/TableViewBackground@2x.png")
        let named = resolver.resolve("Images/TableViewBackground-568h@2x.png", on: phone)
        #expect(named.file == "Images/TableViewBackground-568h@2x.png")
        #expect(named.scale == 2)
        #expect(named.explanation.contains("states its scale"), "\(named.explanation)")
        #expect(!named.explanation.contains("upscaled"))
        let report = Linter().lint(try Self.scan(folder))
        #expect(!report.findings.contains { $0.path.hasPrefix("Screenshots/") || $0.path.hasPrefix("fastlane/") })
    }

    @Test func sameNamedFilesInTwoFoldersAreEachChecked() throws {
        // Without a project both copies would land on Button@2x.png; the broken one is still checked.
        let folder = try Self.tree([
            ("A/Button.png", 44, 44), ("A/Button@2x.png", 88, 88), ("B/Button.png", 44, 44),
            ("B/Button@2x.png", 84, 88),
        ])
        let report = Linter().lint(try Self.scan(folder))
        #expect(report.findings.contains { $0.path == "B/Button@2x.png" && $0.ruleID == "scale-mismatch" })
    }

    @Test func twoGroupedFilesWithOneNameCollideInTheBundle() throws {
        // Two groups, each holding a back.png, both in Copy Bundle Resources: both land on back.png.
        let project = """
            // !$*UTF8*$!
            { objects = {
              F1 = {isa = PBXFileReference; path = back.png; sourceTree = "<group>"; };
              F2 = {isa = PBXFileReference; path = back.png; sourceTree = "<group>"; };
              G0 = {isa = PBXGroup; children = (G1, G2, ); sourceTree = "<group>"; };
              G1 = {isa = PBXGroup; children = (F1, ); path = A; sourceTree = "<group>"; };
              G2 = {isa = PBXGroup; children = (F2, ); path = B; sourceTree = "<group>"; };
              B1 = {isa = PBXBuildFile; fileRef = F1; };
              B2 = {isa = PBXBuildFile; fileRef = F2; };
              R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, ); };
              T1 = {isa = PBXNativeTarget; buildPhases = (R1, ); name = App; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G0; targets = (T1, ); };
            }; rootObject = P1; }
            """
        let folder = try Self.tree(
            [("A/back.png", 20, 20), ("B/back.png", 22, 22)], files: ["App.xcodeproj/project.pbxproj": project])
        let report = Linter().lint(try Self.scan(folder))
        let collisions = report.findings.filter { $0.ruleID == "bundle-path-collision" }
        #expect(collisions.count == 1)
        #expect(collisions.first?.path == "A/back.png")
        #expect(collisions.first?.related == ["B/back.png"])
        #expect(report.exitCode(strict: false) == 1)
    }

    @Test func aMalformedProjectIsNamedAndTheLayoutIsAssumed() throws {
        let folder = try Self.tree(
            [("Images/a.png", 10, 10)],
            files: [
                "A.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{ objects = { X = {isa = ", "B/B.csproj": "<Project><",
            ])
        let scan = try Self.scan(folder)
        #expect(scan.inventory.bundle.source == .assumed)
        #expect(
            scan.issues.contains {
                $0.path == "A.xcodeproj/project.pbxproj" && $0.message.contains("cannot be read as a project")
            })
        #expect(scan.issues.contains { $0.path == "B/B.csproj" && $0.message.contains("not MSBuild XML") })
    }

    @Test func aProjectNestedTooDeeplyIsRefusedBeforeParsing() throws {
        let deep = "// !$*UTF8*$!\n" + String(repeating: "{a=", count: 20_000) + String(repeating: "};", count: 20_000)
        let folder = try Self.tree([("a.png", 1, 1)], files: ["A.xcodeproj/project.pbxproj": deep])
        let scan = try Self.scan(folder)
        #expect(scan.issues.contains { $0.message.contains("nested more than 64 levels") })
    }
}

/// The model without a project keeps only the paths that ship and works out their placements
/// when asked (issue 30): what it answers is what the stored tables answered.
@Suite struct AssumedBundleModelTests {
    static let images = ["a.png", "en.lproj/b.png", "X/en.lproj/b.png", "X/a.png", "Docs/c.png", "Y/a.png"]

    @Test func placementsAndFilesAreWorkedOutAsTheyWereStored() {
        let model = BundleModel.assumed(images: Self.images)
        func flat(_ path: String) -> BundlePlacement { BundlePlacement(bundlePath: path, reason: .assumedFlat) }
        func tree(_ path: String) -> BundlePlacement { BundlePlacement(bundlePath: path, reason: .assumedTreePath) }
        #expect(
            model.placements == [
                "a.png": [flat("a.png")], "en.lproj/b.png": [flat("en.lproj/b.png"), tree("en.lproj/b.png")],
                "X/en.lproj/b.png": [flat("en.lproj/b.png"), tree("X/en.lproj/b.png")],
                "X/a.png": [flat("a.png"), tree("X/a.png")], "Y/a.png": [flat("a.png"), tree("Y/a.png")],
            ])
        #expect(
            model.filesAtBundlePath == [
                "a.png": ["a.png", "X/a.png", "Y/a.png"], "en.lproj/b.png": ["en.lproj/b.png", "X/en.lproj/b.png"],
                "X/en.lproj/b.png": ["X/en.lproj/b.png"], "X/a.png": ["X/a.png"], "Y/a.png": ["Y/a.png"],
            ])
        #expect(model.placements(of: "X/a.png") == [flat("a.png"), tree("X/a.png")])
        #expect(model.placements(of: "Docs/c.png").isEmpty && !model.ships("Docs/c.png"))
        #expect(model.leftOut == ["Docs/c.png": "in Docs/, which no app ships"])
        #expect(model.collisions.isEmpty)
        // Files sharing a flat name keep their tree folders; a lone one is at the top.
        #expect(
            Self.images.map(model.assetFolder(of:)) == ["", "", "X", "X", "", "Y"])
        #expect(BundleModel.assumed(images: ["Z/d.png"]).assetFolder(of: "Z/d.png") == "")
    }

    @Test func placingIntoItStoresItFirst() {
        var model = BundleModel.assumed(images: Self.images)
        let before = model.placements
        model.place("Docs/c.png", at: "c.png", because: .assumedFlat)
        #expect(model.ships("Docs/c.png") && model.leftOut.isEmpty)
        #expect(model.placements.filter { $0.key != "Docs/c.png" } == before)
        #expect(model.filesAtBundlePath["a.png"] == ["a.png", "X/a.png", "Y/a.png"])
    }
}

extension AssumedBundleModelTests {
    /// Paths in increasing order (what a walk gives) make their set only when one is looked up;
    /// in any other order, at once, a path given twice kept once. The answers are the same
    /// either way, also when the first look-ups come from many threads at once.
    @Test func pathsInOrderAndOutOfOrderAnswerAlike() {
        let inOrder = BundleModel.assumed(images: Self.images.sorted())
        let outOfOrder = BundleModel.assumed(images: Self.images + ["X/a.png"])
        let asked = Self.images + ["Z/none.png", "a.PNG", "X"]
        for path in asked {
            #expect(inOrder.ships(path) == outOfOrder.ships(path), "\(path)")
            #expect(inOrder.placements(of: path) == outOfOrder.placements(of: path), "\(path)")
        }
        #expect(outOfOrder.placements.count == 5 && inOrder.placements == outOfOrder.placements)
        #expect(inOrder.leftOut == outOfOrder.leftOut)
        let fresh = BundleModel.assumed(images: Self.images.sorted())
        let many = (0..<256).map { asked[$0 % asked.count] }
        #expect(many.concurrentMap(batchSize: 1) { fresh.ships($0) } == many.map { outOfOrder.ships($0) })
    }

    /// The resolver asks where each of the inventory's loose images lands, which all ship: the
    /// model without a project answers without a look-up, what a look-up answers.
    @Test func placementsOfShippingFilesAreTheirPlacements() {
        for model in [BundleModel.assumed(images: Self.images.sorted()), BundleModel.assumed(images: Self.images)] {
            let inventory = Inventory(
                images: Self.images.map { ScannedImage(path: $0, facts: ImageFacts(format: .png)) }, bundle: model)
            #expect(inventory.looseImages.count == 5)
            for image in inventory.looseImages {
                #expect(!model.placements(of: image.path).isEmpty)
                #expect(
                    Self.bundlePaths(ofShipping: image, in: model)
                        == model.placements(of: image.path).map(\.bundlePath),
                    "\(image.path)")
            }
        }
        var stored = BundleModel(source: .assumed)
        stored.place("Docs/c.png", at: "c.png", because: .assumedFlat)
        stored.place("Docs/c.png", at: "Extra/c.png", because: .assumedTreePath)
        let docs = ScannedImage(path: "Docs/c.png", facts: ImageFacts(format: .png))
        #expect(Self.bundlePaths(ofShipping: docs, in: stored) == ["c.png", "Extra/c.png"])
        #expect(
            Self.bundlePaths(ofShipping: ScannedImage(path: "a.png", facts: ImageFacts(format: .png)), in: stored)
                .isEmpty)
    }

    private static func bundlePaths(ofShipping image: ScannedImage, in model: BundleModel) -> [String] {
        var paths: [String] = []
        model.forEachBundlePath(ofShipping: image) { paths.append($0) }
        return paths
    }

    /// The inventory asks once whether every loose image ships (issue 30): yes only for the very
    /// paths the model was made from, none left out.
    @Test func everyPathShipsOnlyWhenTheyAreTheModelsOwn() {
        func scanned(_ paths: [String]) -> [ScannedImage] {
            paths.map { ScannedImage(path: $0, facts: RuleExample.File.image($0, 1, 1).facts) }
        }
        let shipping = ["a.png", "X/a.png", "Y/b.png"]
        let model = BundleModel.assumed(images: shipping)
        #expect(model.shipsEach(scanned(shipping)))
        #expect(!model.shipsEach(scanned(shipping.reversed())))
        #expect(!model.shipsEach(scanned(Array(shipping.dropLast()))))
        #expect(!model.shipsEach(scanned(shipping + ["Z/c.png"])))
        // A left-out file is not among its paths.
        #expect(!BundleModel.assumed(images: Self.images).shipsEach(scanned(Self.images)))
        // A model of stored placements never answers for all.
        #expect(!BundleModel(source: .assumed).shipsEach(scanned(["a.png"])))
    }

    /// Without a shared flat name every file's asset folder is the bundle's top, as the stored
    /// placements said; a shared one keeps the tree folder.
    @Test func assetFoldersWithAndWithoutSharedFlatNames() {
        let lone = BundleModel.assumed(images: ["A/x.png", "B/en.lproj/y.png", "z.png"])
        #expect(["A/x.png", "B/en.lproj/y.png", "z.png"].map(lone.assetFolder(of:)) == ["", "", ""])
        #expect(lone.assetFolder(of: "Q/not-there.png") == "")
        let shared = BundleModel.assumed(images: ["A/en.lproj/y.png", "B/en.lproj/y.png", "C/y.png"])
        #expect(["A/en.lproj/y.png", "B/en.lproj/y.png", "C/y.png"].map(shared.assetFolder(of:)) == ["A", "B", ""])
        // Names beyond ASCII are compared as Swift compares them: the Kelvin sign is a K, and a
        // decomposed é is the composed one; ASCII names met before and after one still clash.
        let kelvin = BundleModel.assumed(images: ["A/a.png", "A/\u{212A}.png", "B/K.png", "C/a.png"])
        #expect(
            ["A/a.png", "A/\u{212A}.png", "B/K.png", "C/a.png"].map(kelvin.assetFolder(of:)) == ["A", "A", "B", "C"])
        let accents = BundleModel.assumed(images: ["A/caf\u{E9}.png", "B/cafe\u{301}.png", "C/plain.png"])
        #expect(
            ["A/caf\u{E9}.png", "B/cafe\u{301}.png", "C/plain.png"].map(accents.assetFolder(of:)) == ["A", "B", ""])
        #expect(BundleModel.flatBundlePath(treePath: "B/en.lproj/y.png", fileName: "y.png") == "en.lproj/y.png")
        #expect(BundleModel.flatBundlePath(treePath: "B/proj/y.png", fileName: "y.png") == "y.png")
    }
}
