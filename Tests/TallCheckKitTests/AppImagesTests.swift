import Foundation
import TallCheckCore
import TallCheckKit
import Testing

/// The article "Resolving images for a device" shows this function; the test below checks the
/// article still shows it word for word, so its code is compiled and run here.
func printAnswers(for folder: String) async throws -> [String] {
    let app = try await AppImages.scan(folder)
    var lines: [String] = []
    for model in ["iPhone SE (1st generation)", "iPhone 15 Pro"] {
        let device = try DeviceQuery(named: model)
        for name in ["Button", "Photo", "Missing"] {
            let answer = app.resolve(name, on: device)
            lines.append("\(model): \(name) → \(answer.file ?? "nothing loads")")
        }
        if let presentation = app.launch(on: device).presentation {
            lines.append("\(model) launches \(presentation)")
        }
    }
    return lines
}

@Suite("AppImages, the entry point for resolution queries")
struct AppImagesTests {
    static let repository = ExampleAppFixtureTests.repository
    static let article =
        repository + "/Sources/TallCheckCore/TallCheckCore.docc/ResolvingImagesForADevice.md"

    @Test func theArticlesCodeIsThisFilesCode() throws {
        let text = try String(contentsOfFile: Self.article, encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
            String($0[..<$0.range(of: "```")!.lowerBound])
        }
        let code = try #require(blocks.first { $0.contains("func printAnswers") })
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        // The article's block, less its import, is this file's function.
        let body = code.replacingOccurrences(of: "import TallCheckCore\n\n", with: "")
        #expect(source.contains(body), "the article's code is no longer this file's printAnswers")
    }

    @Test func theArticlesCodeGivesWhatItSays() async throws {
        let lines = try await printAnswers(for: ExampleAppFixtureTests.folder)
        #expect(
            lines == [
                "iPhone SE (1st generation): Button → Images/Button@2x.png",
                "iPhone SE (1st generation): Photo → Images/Photo@2x.png",
                "iPhone SE (1st generation): Missing → nothing loads",
                "iPhone SE (1st generation) launches letterboxed",
                "iPhone 15 Pro: Button → Images/Button@3x.png",
                "iPhone 15 Pro: Photo → Images/Photo@2x.png",
                "iPhone 15 Pro: Missing → nothing loads",
                "iPhone 15 Pro launches letterboxed",
            ])
    }

    /// AppImages reads no source: its answers must be the full scan's, which the command gives.
    @Test(arguments: [
        "ExampleApp", "BuiltApp/Example.app", "Game", "Scenarios/targets-ios-tvos-shared",
        "Scenarios/targets-app-extensions-tvos", "Scenarios/catalog-correct", "Scenarios/findings-swift-package",
    ])
    func answersAreTheFullScansAnswers(fixture: String) async throws {
        let folder = Self.repository + "/Fixtures/" + fixture
        let app = try await AppImages.scan(folder)
        let inventory = try InventoryScanner.scan(ScanOptions(root: folder)).inventory
        let full = ImageResolver(inventory)
        let names = Set(inventory.assets.map(\.key.base) + inventory.catalogSets.map(\.name)).sorted() + ["Missing"]
        #expect(names.count > 1)  // at least one name the app has, besides "Missing"
        var compared = 0
        for device in DeviceCatalog.all.prefix(40) {
            let query = try DeviceQuery(named: device.models[0])
            for name in names {
                #expect(app.resolve(name, on: query) == full.resolve(name, on: query), "\(fixture) \(name) \(device)")
                compared += 1
            }
            #expect(app.launch(on: query) == full.resolveLaunch(on: query))
        }
        #expect(compared > 40)
    }

    @Test func anUnknownModelIsRefusedByName() {
        #expect(throws: DeviceQuery.UnknownModel.self) { try DeviceQuery(named: "iPhone 99") }
        #expect((try? DeviceQuery(named: "IPHONE se (1st GENERATION)"))?.scale == 2)
    }

    @Test func aFolderThatCannotBeReadThrows() async {
        await #expect(throws: ScanError.self) { try await AppImages.scan("/nonexistent/tallcheck/app") }
    }

    @Test func aTargetCanBeNamed() async throws {
        let folder = Self.repository + "/Fixtures/Scenarios/targets-app-extensions-tvos"
        let app = try await AppImages.scan(folder)
        #expect(app.targets.count > 1)
        for name in app.targets {
            let chosen = try await AppImages.scan(folder, target: name)
            #expect(chosen.target == name)
        }
    }
}

/// `tallcheck resolve NAME` scans only the files that can answer NAME (``ScanOptions/probedNames``,
/// ``ScanOptions/listsOnlyProbed``), and no source: its answers must be the full scan's.
@Suite("resolve NAME reads only the candidates")
struct CandidateScanTests {
    static let fixtures: [String] = {
        let scenarios =
            (try? FileManager.default.contentsOfDirectory(
                atPath: ExampleAppFixtureTests.repository + "/Fixtures/Scenarios")) ?? []
        return ["ExampleApp", "Game", "BuiltApp/Example.app"] + scenarios.sorted().map { "Scenarios/" + $0 }
    }()

    /// An iPhone of each scale and height class, an iPad of each kind.
    static let devices = DeviceCatalog.all.map(\.models[0])

    @Test(arguments: fixtures)
    func answersAreTheFullScansAnswers(fixture: String) throws {
        let folder = ExampleAppFixtureTests.repository + "/Fixtures/" + fixture
        guard let full = try? InventoryScanner.scan(ScanOptions(root: folder)) else { return }
        let inventory = full.inventory
        var names = Set(inventory.allImages.map(\.name.base) + inventory.catalogSets.map(\.name)).sorted().prefix(12)
            .flatMap { [$0, $0.uppercased()] }
        names += ["Missing", "Default-568h@2x.png"]
        let resolver = ImageResolver(inventory)
        for name in names {
            var options = ScanOptions(root: folder)
            options.readsSources = false
            options.probedNames = [name]
            options.listsOnlyProbed = true
            let partial = try AppScanner.scan(options)
            #expect(partial.inventory.allImages.count <= inventory.allImages.count)
            let candidates = ImageResolver(partial.inventory, names: [name])
            for model in Self.devices {
                let device = try DeviceQuery(named: model)
                #expect(
                    candidates.resolve(name, on: device) == resolver.resolve(name, on: device),
                    "\(fixture) \(name) \(model)")
            }
        }
    }

    @Test func onlyTheCandidatesAreProbedOrListed() throws {
        let folder = ExampleAppFixtureTests.folder
        var options = ScanOptions(root: folder)
        options.readsSources = false
        options.probedNames = ["button"]
        let listed = try AppScanner.scan(options).inventory.allImages
        #expect(listed.count == 9, "\(listed.map(\.path))")
        #expect(
            Set(listed.filter { $0.facts.pixelSize != nil }.map(\.path))
                == ["Images/Button.png", "Images/Button@2x.png", "Images/Button@3x.png"])
        options.listsOnlyProbed = true
        #expect(
            Set(try AppScanner.scan(options).inventory.allImages.map(\.path))
                == ["Images/Button.png", "Images/Button@2x.png", "Images/Button@3x.png"])
    }
}

/// The device matrix's resolver indexes only what its names can reach and records no tries
/// (``ReferenceMatrix``): keys with folders are left out when no name has one, and
/// device-specific names are not tried when no file has a `~`. Its answers must be the full
/// resolver's, less the tries.
@Suite("the matrix's resolver answers as the full one")
struct MatrixResolverTests {
    static let trees: [[String]] = [
        ["Icons/star.png", "Icons/star@2x.png", "star@3x.png", "Levels/map1@2x.png", "moon.png"],
        ["star@2x~iphone.png", "star.png", "star@3x~ipad.png", "moon@2x.png"],
        ["Gear~ipad/gear@2x.png", "Gear~ipad/gear.png", "gear@3x.png"],
        ["moon@2x~IPHONE.png", "moon.png", "sun~iphone@2x.png", "Sun@3x.png", "sun.PNG"],
        ["en.lproj/flag@2x.png", "flag.png", "Base.lproj/flag~ipad.png", "fr.lproj/Flag@3x.png"],
        ["Default-568h@2x.png", "Default@2x.png", "Back-568h@2x.png", "Back.png", "back@2x.jpg"],
    ]
    static let names = [
        "star", "Star", "star.png", "star@2x.png", "Icons/star", "icons/Star", "Levels/map1", "map1", "moon",
        "MOON", "moon.png", "gear", "Gear~ipad/gear", "gear~ipad", "sun", "Sun", "flag", "Flag", "flag@2x.png",
        "Default", "Default-568h@2x.png", "Back", "back", "back.jpg", "Missing", "",
    ]

    @Test(arguments: trees.indices)
    func answersAreTheFullResolversLessTheTries(tree: Int) throws {
        let images = Self.trees[tree].map {
            ScannedImage(path: $0, facts: ImageFacts(format: .png, pixelSize: PixelSize(width: 60, height: 60)))
        }
        let inventory = Inventory(images: images)
        let full = ImageResolver(inventory)
        let devices = try DeviceCatalog.all.map { try DeviceQuery(named: $0.models[0]) }
        // Names without folders only (keys with folders left out), and every name.
        for asked in [Self.names.filter { !$0.contains("/") && !$0.isEmpty }, Self.names.filter { !$0.isEmpty }] {
            let matrix = ImageResolver(inventory, names: Set(asked), recordingTries: false)
            for name in asked {
                for device in devices {
                    for mode in ResolveMode.allCases {
                        for lookup in [ImageLookup.named, .file, .catalog] {
                            var expected = full.resolve(name, on: device, mode: mode, lookup: lookup)
                            var answered = matrix.resolve(name, on: device, mode: mode, lookup: lookup)
                            expected.tried = []
                            answered.tried = []
                            #expect(answered == expected, "\(Self.trees[tree]) \(name) \(device) \(mode) \(lookup)")
                        }
                    }
                }
            }
        }
    }
}
