import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A lint without a cache keeps, as it reads them, only the names that may reach an image the
/// walk found (``EarlyNameKeys``); an image the bundle asks for by another name makes the scan
/// read the names again, so no finding changes.
@Suite struct EarlyNameFilterTests {
    @Test func aSetIsNamedAfterEveryChoiceOfItsGroups() {
        #expect(
            Set(EarlyNameKeys.names(ofSetAt: "Icons/Tab/star.imageset"))
                == ["Icons/Tab/star", "Icons/star", "Tab/star", "star"])
        #expect(EarlyNameKeys.names(ofSetAt: "Complication.complicationset/Circular.imageset").contains("Complication/Circular"))
        #expect(EarlyNameKeys.names(ofSetAt: "a/b/c/d/e/star.imageset") == ["a/b/c/d/e/star"])
    }

    @Test func anImageKeepsAFewFoldersAndTestImagesNone() {
        #expect(EarlyNameKeys.lastComponents(of: "App/Resources/Images/Tabs/Big/star.png") == "Resources/Images/Tabs/Big/star.png")
        #expect(EarlyNameKeys.lastComponents(of: "star.png") == "star.png")
        #expect(EarlyNameKeys.isTest("PreviewTests/__Snapshots__/screen.png"))
        #expect(!EarlyNameKeys.isTest("App/Tests.png"))
    }

    /// Names filtered by keys that lack one an image is asked for are read again, unfiltered;
    /// filtered by keys that hold every one, they are kept as they are.
    @Test func namesFilteredByTooFewKeysAreReadAgain() throws {
        let folder = try UnusedImageSourcesTests.tree(loose: ["App/star.png"])
        var options = ScanOptions(root: folder.path)
        options.readsCodeNames = true
        let inventory = try InventoryScanner.scan(options).inventory
        for (keys, readAgain) in [(["moon"], true), (Array(NameKeys.askedKeys(paths: ["App/star.png"])) + ["moon"], false)] {
            var facts = ScanFacts()
            facts.namesFilter = (
                LooseKeyFilter(Set(keys)),
                {
                    UnfilteredNames(
                        codeNames: ["App/a.swift": [CodeName(name: .literal("star"), kind: .string, line: 1)]],
                        dataNames: DataStrings())
                }
            )
            let names = SpelledNames(facts, asking: [inventory], frameworkNibs: [], indexesCode: true)
            #expect((names.codeNames != nil) == readAgain, "\(keys)")
            #expect((names.codeNameIndex?.site(forLooseKey: "star") != nil) == readAgain, "\(keys)")
        }
    }

    /// The names kept as they are read: those that may reach an image, every pattern and C#
    /// member read; not a word no image has.
    @Test func theFilterKeepsWhatMayReachAnImage() {
        let filter = LooseKeyFilter(NameKeys.askedKeys(paths: ["star.png"]))
        let source = Array(
            """
            class A { static string S => Gist.Share; string a = "star"; string b = "moon"; string c = $"icon_{x}"; }
            """.utf8)
        let names = CodeName.names(in: SourceTokenizer.tokens(source, dialect: .cSharp), dialect: .cSharp, keeping: filter)
        let shown = Set(names.map(\.shown))
        #expect(shown.contains("\"star\"") && shown.contains(".Gist.Share") && shown.contains("\"icon_*\""))
        #expect(!shown.contains("\"moon\""))
    }
}

/// Names filtered as a Swift file is read are the names read unfiltered that the filter keeps:
/// a word it turns away by its bytes is one it turns away as a `String`, and a member chain
/// (`Onboarding.lock`) is a word like any other (only C#'s `Type.Member` reads are kept whole).
@Suite struct SwiftNamesFilterTests {
    static let source = """
        enum Icon: String { case star, moon = "moon_big", sun }
        let a = UIImage(named: "gear"); let b = "gear_" ; let c = "Héllo wörld"; let d = "icon-\\(n)"
        view.image = .heroImage; let e = Asset.Onboarding.lock; let g = "%@_flag"
        let h = "_suffix"; let i = "Stars/big"; let j = "Close this window"; let k = .starFish
        """

    @Test(arguments: [
        ["star"], ["moon", "gear"], ["heroimage", "onboardinglock"], ["lock", "hello"], ["close"],
        ["starfish", "stars", "big"], [],
    ])
    func filteredNamesAreTheUnfilteredOnesTheFilterKeeps(keys: [String]) {
        let bytes = Array(Self.source.utf8)
        let filter = LooseKeyFilter(Set(keys))
        let kept = SwiftCodeNames.names(in: bytes, keeping: filter)
        let expected = SwiftCodeNames.names(in: bytes).filter { name in
            guard case .literal(let word) = name.name else { return true }
            return filter.mayMatch(word)
        }
        #expect(kept.map(\.shown) == expected.map(\.shown), "\(keys)")
        #expect(kept.map(\.line) == expected.map(\.line))
    }
}
