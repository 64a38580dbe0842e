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

    /// The names kept as they are read: those that may reach an image and every pattern; not a
    /// word no image has; a C# member read by its hash.
    @Test func theFilterKeepsWhatMayReachAnImage() {
        let filter = LooseKeyFilter(NameKeys.askedKeys(paths: ["star.png"]))
        let source = Array(
            """
            class A { static string S => Gist.Share; string a = "star"; string b = "moon"; string c = $"icon_{x}"; }
            """.utf8)
        let (names, reads) = CodeName.namesAndMemberReads(
            in: SourceTokenizer.tokens(source, dialect: .cSharp), dialect: .cSharp, keeping: filter)
        #expect(Set(names.map(\.shown)) == ["\"star\"", "\"icon_*\""])
        #expect(reads.count == 1)
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

/// A C# static member's string counts only where some file reads the member; a read the
/// names' filter turns away (`Art.Logo` reaches no image by its own name) is kept by its hash
/// and still counts.
@Suite struct CSharpMemberReadTests {
    static let art = """
        public static class Art {
            public static UIImage Logo { get { return Helper.Load("Images/brand_mark"); } }
            public static UIImage Old { get { return Helper.Load("Images/old_mark"); } }
        }
        """

    @Test(arguments: [true, false]) func aMemberReadElsewhereKeepsItsImage(read: Bool) throws {
        var files: [(String, [UInt8])] = [("App/Art.cs", Array(Self.art.utf8))]
        if read { files.append(("App/Use.cs", Array("class Use { void Show() { var logo = Art.Logo; } }\n".utf8))) }
        let folder = try UnusedImageSourcesTests.tree(
            loose: ["App/Images/brand_mark.png", "App/Images/old_mark.png"], files: files)
        let unused = try UnusedImageSourcesTests.unused(folder)
        #expect(unused.contains("App/Images/old_mark.png"))
        #expect(unused.contains("App/Images/brand_mark.png") == !read, "\(unused)")
    }

    @Test func aReadTheFilterTurnsAwayIsHashedAndResolvedByTheMember() {
        let filter = LooseKeyFilter(NameKeys.askedKeys(paths: ["Images/brand_mark"]))
        let tokens = SourceTokenizer.tokens(Array("var a = Art.Logo; var b = Images.BrandMark;".utf8), dialect: .cSharp)
        let (names, reads) = CodeName.namesAndMemberReads(in: tokens, dialect: .cSharp, keeping: filter)
        #expect(names.map(\.shown) == [".Images.BrandMark"])
        #expect(reads.count == 1)
        var codeNames: [String: [CodeName]] = [
            "Art.cs": [CodeName(name: .literal("Images/brand_mark"), kind: .string, line: 2, member: "Art.Logo")]
        ]
        CodeName.MemberRead.resolving(["Use.cs": reads], in: &codeNames)
        #expect(codeNames["Use.cs"]?.map(\.shown) == [".Art.Logo"])
    }
}

/// A string a `+` joins to what follows starts a name built at run time, spaces and all
/// (Rocket.Chat's `"Float Button " + (themeName ?? "light")`): the sets it may reach are used.
@Suite struct JoinedNameTests {
    @Test(arguments: [true, false]) func aStringJoinedByPlusNamesTheSetsItStarts(joined: Bool) throws {
        let code = joined
            ? "let name = \"Float Button \" + (theme ?? \"light\")\nlet i = UIImage(named: name)\n"
            : "let name = \"Float Button \"\nlet i = UIImage(named: name)\n"
        let folder = try UnusedImageSourcesTests.tree(
            sets: ["Float Button dark", "Float Button light", "Orphan"],
            files: [("App/Theme.swift", Array(code.utf8))])
        let unused = try UnusedImageSourcesTests.unused(folder)
        #expect(unused.contains("App/Assets.xcassets/Orphan.imageset"))
        #expect(unused.contains("App/Assets.xcassets/Float Button dark.imageset") == !joined, "\(unused)")
    }

    @Test func aJoinedStringIsAPatternAndAMessageIsNot() {
        #expect(CodeName.names(ofJoinedPrefix: "Float Button ") == .pattern(NamePattern(pieces: ["Float Button ", ""])))
        #expect(CodeName.names(ofJoinedPrefix: "Error: ") == .literal("Error: "))
        #expect(CodeName.names(ofJoinedPrefix: "Phone") == .literal("Phone"), "no separator, no pattern")
        #expect(SwiftCodeNames.names(in: Array("let a = \"x\" += y".utf8)).map(\.shown) == ["\"x\""])
    }
}

/// A prebuilt framework's images are its binary's to load (BixiTO's GoogleMaps.bundle inside
/// GoogleMaps.framework): no finding of them.
@Suite struct FrameworkImagesTests {
    @Test func aFrameworksImagesGetNoFinding() throws {
        let folder = try UnusedImageSourcesTests.tree(
            loose: ["App/Maps.framework/Resources/Maps.bundle/pin.png", "App/orphan.png"])
        #expect(try UnusedImageSourcesTests.unused(folder) == ["App/orphan.png"])
        #expect(SourceInput.isCopiedLibrary("Libraries/Maps.xcframework/ios-arm64/Maps.framework/pin.png"))
        #expect(!SourceInput.isCopiedLibrary("App/framework/pin.png"))
    }
}
