import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The names code spells away from an image API (issue 35): what keeps an image from being
/// called unused when the name reaches `UIImage(named:)` by a path the scanners do not follow.
@Suite struct NameFlowTests {
    private func words(_ names: [CodeName]) -> [String] {
        names.map(\.shown)
    }

    @Test func swiftStringsCasesAndMembersAreNamesCommentsAreNot() {
        let source = """
            import UIKit
            // "commented" is not code; neither is /* "blocked" /* nested */ */
            enum Tab: String {
                case home, profile
                case settings = "gear"
                var selected: String { "tab_\\(rawValue)_selected" }
            }
            let hero = UIImageView(image: .heroImage)
            let count = items.count()
            let raw = #"raw"name"#
            let text = \"\"\"
                many
                lines
                \"\"\"
            let flag = "flag_" + code
            let log = "loaded \\(n) items: \\(names)"
            let pick = "\\(a)\\("inner")"
            let hex = 0x1Fab

            """
        let names = SwiftCodeNames.names(in: Array(source.utf8))
        #expect(
            words(names) == [
                "case home", "case profile", "case settings", "\"gear\"", "\"tab_*_selected\"", ".heroImage",
                "\"raw\"name\"", "\"flag_*\"", "\"inner\"",
            ])
        // Lines are the string's first line.
        #expect(names.first { $0.shown == "\"gear\"" }?.line == 5)
        #expect(names.first { $0.shown == ".heroImage" }?.line == 8)
        #expect(!words(names).contains { $0.contains("commented") || $0.contains("blocked") || $0.contains("count") })
    }

    @Test func aValuesMemberIsNoAssetSymbol() {
        let source = """
            let rect = mapView.overlays.first!.bounds
            let entity = group.Entities.fourth ?? fallback, name = group.fifth?.name
            let a = list().last, b = items[0].second, c = maybe?.third
            let d = UIImage.hero, e: ImageResource = .badge, f = Image(.Onboarding.lock)
            let g = hCoreUIAssets.chevronRight.image, h = x != .sixth ? 1 : 2
            """
        let shown = words(SwiftCodeNames.names(in: Array(source.utf8)))
        for symbol in [".hero", ".badge", ".lock", ".Onboarding.lock", ".chevronRight", ".sixth"] {
            #expect(shown.contains(symbol), "\(symbol)")
        }
        for value in [".first", ".bounds", ".last", ".second", ".third", ".fourth", ".fifth", ".name"] {
            #expect(!shown.contains(value), "\(value)")
        }
    }

    /// The loose form by bytes is the loose form by Characters, for ASCII and anything else.
    @Test func looseFormsAgreeWithCharacterRules() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09_- .@/~xQ\u{E9}\u{DF}\u{663}\u{1F600}")
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(AssetSymbolNaming.loose(text) == String(text.lowercased().filter { $0.isLetter || $0.isNumber }), "\(text)")
        }
        #expect(NameKeys.loose("Icons/Star_Big@2x.png") == ["iconsstarbig", "starbig", "starbig2xpng"])
    }

    /// The code's names by loose key: a path an image API is given keeps its folder; any other
    /// name, an image API's too, is keyed loosely (`plus-logo` may reach `plusLogo`).
    @Test func theCodeNameIndexKeysReferencedPathsByTheirFolder() {
        let names = [
            CodeName(name: .literal("plus-logo"), kind: .string, line: 3),
            CodeName(name: .literal("/Images/star"), kind: .string, line: 4),
            CodeName(name: .literal("Images/moon"), kind: .string, line: 5),
        ]
        let references = [("plus-logo", 3), ("Images/star", 4)].map { name, line in
            ImageReference(path: "A.swift", line: line, column: 1, name: .literal(name), api: "Image(_:)", lookup: .named)
        }
        let index = CodeNameIndex(codeNames: ["A.swift": names], references: references, keys: LooseKeyTable())
        #expect(index.site(forLooseKey: "pluslogo")?.line == 3)
        #expect(index.site(forLooseKey: "imagesstar")?.line == 4 && index.site(forLooseKey: "star") == nil)
        // Not an image API's argument: its base name may be joined to any folder.
        #expect(index.site(forLooseKey: "moon")?.line == 5)
        // Indexed for the keys of some images only, it answers the same, for those and others.
        let asked = LooseKeyFilter(NameKeys.askedKeys(paths: ["Art/Images/moon.png", "plus-logo.png"]))
        let narrow = CodeNameIndex(
            codeNames: ["A.swift": names], references: references, keys: LooseKeyTable(), asked: asked)
        for key in ["pluslogo", "imagesstar", "star", "moon", "imagesmoon", "logo"] {
            #expect(narrow.site(forLooseKey: key) == index.site(forLooseKey: key), "\(key)")
        }
    }

    /// The pattern index finds exactly what trying every pattern finds, in the order added.
    @Test func thePatternIndexFindsWhatEveryPatternFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab_-.x")
        func text(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
        for _ in 0..<50 {
            let patterns = (0..<40).map { _ in
                NamePattern(pieces: (0..<Int.random(in: 2...3, using: &generator)).map { _ in text(Int.random(in: 0...3, using: &generator)) })
            }
            let index = PatternIndex(patterns.enumerated().map { ($0.element, $0.offset) })
            for _ in 0..<40 {
                let names = (0..<Int.random(in: 1...3, using: &generator)).map { _ in text(Int.random(in: 0...6, using: &generator)) }
                let expected = patterns.indices.filter { patterns[$0].matches(names) }
                #expect(index.entries(matchingAny: names).map(\.value) == expected, "\(names)")
            }
        }
    }

    /// The code names' set of ASCII words keeps what a `Set<String>` keeps, through growth, and
    /// takes no word beyond ASCII.
    @Test func asciiWordsAreASetOfStrings() {
        var generator = SystemRandomNumberGenerator()
        var words = CodeName.ASCIIWords()
        var reference: Set<String> = []
        let letters = ["a", "b", "Z", "_", ".", "1", "icon", "Star", "-", "é"]
        for _ in 0..<20_000 {
            let word = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                letters.randomElement(using: &generator)!
            }.joined()
            let ascii = word.utf8.allSatisfy { $0 < 0x80 }
            if Bool.random(using: &generator) {
                let inserted = words.insert(word)
                #expect(inserted == (ascii ? reference.insert(word).inserted : nil), "\(word)")
            } else {
                #expect(words.contains(word) == (ascii ? reference.contains(word) : nil), "\(word)")
            }
        }
        #expect(reference.count > 1_000)
    }

    /// Xcode's lowerCamel symbol of an ASCII name, read by bytes, is the one read by Characters.
    @Test func lowerCamelByBytesIsLowerCamelByCharacters() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "B", "URL", "icon", "Z", "7", "_", "-", " ", ".", "ALL", "x2", "Hero", "@", "9z"]
        for _ in 0..<5_000 {
            let name = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(AssetSymbolNaming.lowerCamel(ascii: name) == AssetSymbolNaming.lowerCamel(characters: name), "\(name)")
        }
    }

    /// The keys a name is asked by, built without Xcode's symbol for ASCII names, are those built
    /// with it: on random names of letters, digits, separators and `Color` endings.
    @Test func maybeKeysWithoutTheSymbolAreThoseWithIt() {
        func reference(_ name: String) -> Set<String> {
            let parts = name.split(separator: "/")
            let last = String(parts.last ?? "")
            let base = ImageName(fileName: last.contains(".") ? last : last + ".png").base
            let folder = AssetSymbolNaming.loose(parts.dropLast().joined())
            return Set(
                [base, last, AssetSymbolNaming.xcodeSymbol(base)].map { folder + AssetSymbolNaming.loose($0) }
                    .filter { !$0.isEmpty })
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "7", "_", "-", " ", ".", "/", "@2x", "~ipad", "Color", "color", "COLOR", "Red", "URL", "é"]
        for _ in 0..<3_000 {
            let name = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(NameKeys.maybeKeys(name) == reference(name), "\(name)")
        }
        for name in ["giftColor", "Color", "redColor", "RedCOLOR", "tint_color", "Icons/starColor.png", "ColorColor"] {
            #expect(NameKeys.maybeKeys(name) == reference(name), "\(name)")
        }
    }

    /// The index finds, for any symbol, the sets that naming every set each way finds: those
    /// whose identifier is the symbol's, else those whose identifier is loosely the same.
    @Test func theSymbolIndexFindsWhatNamingEverySetFinds() {
        var generator = SeededGenerator(seed: 0x5EED_0058)
        let words = ["gift", "Color", "color", "hero", "Image", "URL", "2up", "star", "é", "Straße", "ALL", "icon"]
        let separators = ["", "-", "_", " "]
        func name() -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                words.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
            }.joined()
        }
        for _ in 0..<200 {
            let names = (0..<12).map { _ in name() }
            let sets = names.map { CatalogSet(folder: "App/Assets.xcassets/\($0).imageset", entries: []) }
            let index = AssetSymbolNaming.Index(sets)
            for generatorKind in [AssetSymbol.Generator.xcode, .swiftGen] {
                func identifier(_ set: String) -> String {
                    generatorKind == .xcode ? AssetSymbolNaming.xcodeSymbol(set) : AssetSymbolNaming.lowerCamel(set)
                }
                let asked = names.map(identifier) + [name(), identifier(name())]
                for last in asked {
                    let exact = names.filter { identifier($0) == last }
                    let expected = exact.isEmpty
                        ? names.filter { AssetSymbolNaming.loose(identifier($0)) == AssetSymbolNaming.loose(last) } : exact
                    let found = index.sets(for: AssetSymbol(generator: generatorKind, path: [last])).map(\.name)
                    #expect(found == expected, "\(last) in \(names)")
                }
            }
        }
    }

    /// The filter never turns away a string that has one of its keys, whatever its folders,
    /// scale, extension or letters beyond ASCII; it turns away sentences.
    @Test func theLooseKeyFilterPassesEveryStringWithAKey() {
        let paths = [
            "App/Images.xcassets/Icons/star.imageset/star@2x.png", "Icons/star", "Art/hero-image@3x~ipad.png",
            "Photos/café.jpg", "1st_place.png",
        ]
        let keys = NameKeys.askedKeys(paths: paths)
        // Every key a rule asks with, and more.
        for name in paths + ["Icons/giftColor", "hero-image", "URLIcon@2x.png", "2up", "Flags/fr~ipad.png", "ß-Straße"] {
            #expect(NameKeys.maybeKeys(name).isSubset(of: NameKeys.askedKeys(paths: [name])), "\(name)")
        }
        let filter = LooseKeyFilter(keys)
        let strings = [
            "star", "Icons/star", "/Icons/star.png", "./icons/Star@2x.png", "hero_image", "HeroImage", "Art/hero-image",
            "café", "photos/CAFÉ.jpg", "1st-place", "Welcome to the app!", "Bienvenue à l’appli", "欢迎", "sta",
            "Images/zzz/star.png", "starfish", "Sta r",
        ]
        for string in strings {
            let matches = !NameKeys.loose(string).isDisjoint(with: keys)
            if matches { #expect(filter.mayMatch(string), "\(string)") }
        }
        #expect(!filter.mayMatch("Welcome to the app!") && !filter.mayMatch("sta") && !filter.mayMatch("Starfish"))
        // With a key beyond ASCII (café), a letter beyond ASCII is left to the exact keying.
        #expect(filter.mayMatch("欢迎"))
        let asciiOnly = LooseKeyFilter(NameKeys.askedKeys(paths: ["star.png"]))
        #expect(!asciiOnly.mayMatch("Bienvenue à l’appli") && !asciiOnly.mayMatch("欢迎") && asciiOnly.mayMatch("star’s"))
        // A sentence that starts with an image's name has none of its keys: turned away.
        #expect(!asciiOnly.mayMatch("Star this repository") && !asciiOnly.mayMatch("star, then share"))
        #expect(asciiOnly.mayMatch("star_") && asciiOnly.mayMatch("star -568h") && asciiOnly.mayMatch("Star.fill"))
        // A letter beyond ASCII right after it continues the word; other bytes beyond ASCII pass.
        #expect(!asciiOnly.mayMatch("starı için") && !asciiOnly.mayMatch("Starö"))
        #expect(asciiOnly.mayMatch("star’") && asciiOnly.mayMatch("star\u{301}") && asciiOnly.mayMatch("star ’x"))
    }

    /// On random strings of words, separators, modifiers and letters beyond ASCII, the filter
    /// passes every string that has one of the keys, and turns most of the others away.
    @Test func theLooseKeyFilterPassesRandomStringsWithAKey() {
        let paths = ["Icons/star.png", "close@2x.png", "Art/hero-image~ipad.png", "café.jpg", "2up.png", "a.png"]
        let keys = NameKeys.askedKeys(paths: paths)
        let filter = LooseKeyFilter(keys)
        let pieces = [
            "star", "Close", "hero", "image", "café", "2up", "icons", "a", "x", " ", "_", "-", ".", "@2x", "~ipad", "/",
            ".png", "-568h", "’", "é", "this", "window", "ı", "\u{301}", "ำ", "Ⅻ", "٣", "🙂",
        ]
        var generator = SystemRandomNumberGenerator()
        var passed = 0
        var keyed = 0
        for _ in 0..<20_000 {
            let string = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let matches = !NameKeys.loose(string).isDisjoint(with: keys)
            if matches {
                keyed += 1
                #expect(filter.mayMatch(string), "\(string)")
            }
            if filter.mayMatch(string) { passed += 1 }
        }
        // Not a filter that passes everything: most strings without a key are turned away.
        #expect(passed - keyed < (20_000 - keyed) / 2, "\(passed) passed, \(keyed) keyed")
    }

    @Test func anUnterminatedStringOrCommentEndsQuietly() {
        #expect(words(SwiftCodeNames.names(in: Array("let a = \"open\nlet b = \"shut\"\n".utf8))) == ["\"shut\""])
        #expect(SwiftCodeNames.names(in: Array("/* never closed \"x\"".utf8)).isEmpty)
        #expect(words(SwiftCodeNames.names(in: Array("let s = \"a\\(f(\"b\")".utf8))) == ["\"b\""])
    }

    /// A string given as a bundle resource read by path is no image lookup, unless the file also
    /// spells it otherwise or hands `UIImage(contentsOfFile:)` a path.
    @Test func aResourceReadByPathIsItsOwnKind() {
        func kinds(_ names: [CodeName]) -> [String] {
            names.filter { $0.kind != .member }.map { "\($0.shown) \($0.kind)" }
        }
        let swift = """
            let url = Bundle(for: Loading.self).url(forResource: "hourglass.gif", withExtension: nil)
            let stub = Bundle.main.path(forResource:"slide-1.jpg", ofType: nil)
            let slides = ["slide-1.jpg"]
            """
        #expect(kinds(SwiftCodeNames.names(in: Array(swift.utf8))) == [
            "\"hourglass.gif\" resourceFile", "\"slide-1.jpg\" string",
        ])
        let picked = swift + "\nlet image = UIImage(contentsOfFile: path)"
        #expect(kinds(SwiftCodeNames.names(in: Array(picked.utf8))).first == "\"hourglass.gif\" string")
        let objc = """
            NSURL *url = [[NSBundle mainBundle] URLForResource:@"intro" withExtension:@"gif"];
            NSString *path = [[NSBundle mainBundle] pathForResource:@"help" ofType:@"html"];
            """
        func objcKinds(_ source: String) -> [String] {
            let bytes = Array(source.utf8)
            let tokens = SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false)
            return kinds(CodeName.markingResourceFiles(CodeName.names(in: tokens, dialect: .objectiveC), in: bytes))
        }
        #expect(objcKinds(objc) == [
            "\"intro\" resourceFile", "\"gif\" string", "\"help\" resourceFile", "\"html\" string",
        ])
        #expect(objcKinds(objc + "\nNSString *tip = @\"help\";").contains("\"help\" string"))
        #expect(objcKinds(objc + "\n[UIImage imageWithContentsOfFile:path];").allSatisfy { $0.hasSuffix(" string") })
        let csharp = #"var path = NSBundle.MainBundle.PathForResource("intro", "gif");"#
        let csharpNames = CodeName.names(in: SourceTokenizer.tokens(Array(csharp.utf8), dialect: .cSharp), dialect: .cSharp)
        #expect(kinds(csharpNames) == ["\"intro\" resourceFile", "\"gif\" string"])
    }

    @Test func objectiveCAndCSharpStringsAreNamesAndFormatsPatterns() {
        let objc = """
            NSString *name = @"gear"; // @"not"
            UIImage *i = [UIImage imageNamed:[NSString stringWithFormat:@"icon_%@", key]];
            NSLog(@"%d items: %@", n, list);
            """
        #expect(
            words(
                CodeName.names(in: SourceTokenizer.tokens(Array(objc.utf8), dialect: .objectiveC), dialect: .objectiveC)
            )
                == ["\"gear\"", "\"icon_*\""])
        let csharp = """
            var a = "gear"; var b = $"flag_{code}"; var c = string.Format("level{0}", n);
            """
        #expect(
            words(CodeName.names(in: SourceTokenizer.tokens(Array(csharp.utf8), dialect: .cSharp), dialect: .cSharp))
                == ["\"gear\"", "\"flag_*\"", "\"level*\""])
    }

    @Test func aPatternStandsForAnImageNameOnlyWhenItSaysEnough() {
        #expect(NamePattern(pieces: ["icon-", ""]).isNameLike)
        #expect(NamePattern(pieces: ["", "_selected"]).isNameLike)
        #expect(!NamePattern(pieces: ["", ": ", ""]).isNameLike)
        #expect(!NamePattern(pieces: ["", "@2x.png"]).isNameLike)
        #expect(!NamePattern(pieces: ["a", ""]).isNameLike)
        #expect(NamePattern(pieces: ["", ".png"]).reachesAnyName)
        #expect(NamePattern(pieces: ["", "@2x~ipad.png"]).reachesAnyName)
        #expect(!NamePattern(pieces: ["flag_", ".png"]).reachesAnyName)
    }

    /// What the patterns say, settled by the letters no suffix has where it can be, is what the
    /// text with its suffixes taken off says: on random pieces of suffix letters and others.
    @Test func patternsSettledByTheirLettersAgreeWithTheirText() {
        func withoutSuffixes(_ text: String) -> String { NamePattern.withoutImageSuffixes(text) }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
        var generator = SystemRandomNumberGenerator()
        let bits = ["p", "N", "g", ".png", "@2x", "~ipad", "-568h", "X", "3", "_", "a", "k", "Q", "é", " ", ".PNG", "9", "h"]
        for _ in 0..<5_000 {
            let pieces = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in bits.randomElement(using: &generator)! }.joined()
            }
            let pattern = NamePattern(pieces: pieces)
            let text = withoutSuffixes(pattern.pieces.joined())
            #expect(pattern.reachesAnyName == !text.unicodeScalars.contains(where: isAlphanumeric), "\(pieces)")
            let named = withoutSuffixes(pattern.pieces.joined(separator: "\u{0}"))
            let expected =
                !pattern.pieces.joined().contains(" ")
                && named.unicodeScalars.allSatisfy { isAlphanumeric($0) || "\u{0}_-./@~+".unicodeScalars.contains($0) }
                && named.unicodeScalars.filter(isAlphanumeric).count >= 2
            #expect(pattern.isNameLike == expected, "\(pieces)")
        }
    }

    private static func image(_ path: String, _ width: Int) -> ScannedImage {
        ScannedImage(path: path, facts: RuleExample.File.image(path, width, width).facts)
    }

    @Test func anImageTheCodeMayNameIsKeptAndABroadPatternIsNamedInTheFinding() {
        let images = ["Gear", "TabHomeSelected", "hero-image", "AppIcon-dark-blue", "Old", "Stale"].map {
            Self.image("Images/\($0)@2x.png", 40)
        }
        let inventory = Inventory(
            images: images,
            references: [
                ImageReference(
                    path: "App/Any.m", line: 3, column: 1, name: .pattern(NamePattern(pieces: ["", ".png"])),
                    api: "imageNamed:", lookup: .named)
            ], sourceFileCount: 2,
            codeNames: [
                "App/Icons.swift": [
                    CodeName(name: .literal("gear"), kind: .string, line: 2),
                    CodeName(name: .literal("heroImage"), kind: .member, line: 3),
                    CodeName(name: .pattern(NamePattern(pieces: ["appicon-", "-", ""])), kind: .string, line: 4),
                    CodeName(name: .literal("tabHomeSelected"), kind: .enumCase, line: 5),
                ]
            ])
        let findings = UnusedImage().findings(in: inventory)
        #expect(findings.map(\.path) == ["Images/Old@2x.png", "Images/Stale@2x.png"])
        #expect(findings.allSatisfy { $0.message.contains("Only the name built at App/Any.m:3") })
        let usage = ImageUsage(inventory)
        #expect(usage.evidence(for: "Gear")?.description == "App/Icons.swift:2: \"gear\"")
        #expect(usage.evidence(for: "Gear")?.strength == .maybe)
        #expect(usage.evidence(for: "hero-image")?.what == ".heroImage")
        #expect(usage.evidence(for: "AppIcon-dark-blue")?.line == 4)
        #expect(usage.evidence(for: "Old")?.strength == .anyName)
        // Without the broad pattern, nothing names Old at all.
        #expect(ImageUsage(Inventory(images: images, sourceFileCount: 1)).evidence(for: "Old") == nil)
    }

    /// In a bundle that holds its items' folders (a .NET project's), a name without the folder
    /// does not reach a file inside it: `friends` is no lookup of `Images/friends.png`.
    @Test func aFolderTheBundleHoldsIsPartOfTheName() {
        let inventory = Inventory(
            images: [], references: [.example("App/Tabs.cs", 3, "friends"), .example("App/Menu.cs", 5, "Images/gear.png")],
            sourceFileCount: 2)
        let usage = ImageUsage(inventory)
        #expect(usage.evidence(for: "Images/friends", inCatalog: false)?.path == "App/Tabs.cs")
        #expect(usage.evidence(for: "Images/friends", inCatalog: true, exactFolder: true) == nil)
        #expect(usage.evidence(for: "Images/gear", inCatalog: true, exactFolder: true)?.path == "App/Menu.cs")
    }

    @Test(.enabled(if: tallcheckExecutable != nil, "no tallcheck executable beside the test bundle"))
    func referencesImageSaysWhyAnImageIsKeptOrNot() throws {
        let tallcheck = try #require(tallcheckExecutable)
        let fixture = ScenarioTests.repository + "/Fixtures/Scenarios/findings-name-flow"
        let kept = try run(tallcheck, ["references", fixture, "--image", "close-button"])
        #expect(kept.status == 0)
        #expect(kept.standardOutput.contains("maybe    App/Icons.swift:4: \"close-button\""))
        let unused = try run(tallcheck, ["references", fixture, "--image", "legacy-banner"])
        #expect(unused.standardOutput.contains("legacy-banner: nothing names it"))
        let json = try run(
            tallcheck,
            [
                "references", ScenarioTests.repository + "/Fixtures/Scenarios/findings-any-name-pattern", "--image",
                "Intro", "--json",
            ])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let evidence = try #require(document.first?["evidence"] as? [[String: Any]])
        #expect(evidence.first?["strength"] as? String == "any-name")
        #expect(evidence.first?["line"] as? Int == 4)
    }
}

@Suite struct WebContentTests {
    @Test func aWebPageNamesItsImagesInAttributesAndStyleSheets() {
        var names: Set<String> = []
        DataNamesInput.webNames(
            in: Array(
                "<img src='img/a.png'> <div style=\"background: url( 'b@2x.png' )\"> url(c.jpg) url(\"d.png\")".utf8),
            into: &names)
        #expect(names == ["img/a.png", "b@2x.png", "c.jpg", "d.png"])
    }

    @Test func dataFilesAreReadOnlyForUnusedImageAndWebPagesAlways() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array(#"{"hero": "Button", "title": "Welcome"}"#.utf8), to: "App/menu.json")
        try folder.write(Array(#"<img src="img/Logo.png"> <p class="note">"#.utf8), to: "App/Help/index.html")
        try folder.write(PNGBuilder(width: 8, height: 8).encoded(), to: "App/Help/img/Logo.png")
        try folder.write(PNGBuilder(width: 8, height: 8).encoded(), to: "App/Button.png")
        var layer = LintConfiguration.Layer()
        layer.optInRules = ["unused-image"]
        for (settings, reads) in [(LintConfiguration.Layer(), false), (layer, true)] {
            let workspace = try Workspace.open(folder.path, settings: settings)
            let options = workspace.scanOptions(.rules)
            #expect(options.readsDataNames == reads)
            let inventory = try InventoryScanner.scan(options).inventory
            // The web page's image is known either way (the page's, not an asset the scale rules
            // judge); the JSON's strings only for unused-image.
            #expect(inventory.ordinaryAssets.map(\.key.base) == ["Button"])
            #expect(inventory.dataNames.names.contains("Button") == reads, "\(inventory.dataNames)")
            #expect(inventory.dataNames.names.contains("img/Logo.png") == reads)
        }
        // Other commands read them as before (`references` says which data file names an image).
        #expect(try Workspace.open(folder.path).scanOptions(.sources).readsDataNames)
    }

    /// A UTF-16 file (VLC's `.strings`) is read as the standard library decodes it, either byte
    /// order, surrogate pairs and lone surrogates included.
    @Test func aUTF16DataFileIsReadAsUTF8() {
        let units: [UInt16] = Array("\"icon\" = \"star@2x.png\"; é 😀 ".utf16) + [0xD800, 0x41, 0xDC00, 0x42]
        let expected = Array(String(decoding: units, as: UTF16.self).utf8)
        for littleEndian in [true, false] {
            var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for unit in units {
                let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
                bytes += littleEndian ? [low, high] : [high, low]
            }
            #expect(DataNamesInput.utf8(bytes) == expected)
        }
        #expect(DataNamesInput.utf8(Array("plain".utf8)) == Array("plain".utf8))
    }

    @Test func dataFilesOfBuildToolsAndDocumentationNameNothing() {
        #expect(DataNamesInput.isTooling("Tools/MaterialDesignIcons.json"))
        #expect(DataNamesInput.isTooling("ios/fastlane/metadata.json"))
        #expect(DataNamesInput.isTooling("docs/site/menu.json"))
        #expect(!DataNamesInput.isTooling("App/Resources/menu.json"))
        #expect(!DataNamesInput.isTooling("menu.json"))
    }
}

@Suite struct PlaceholderImageTests {
    @Test func aViewTheCodeHoldsOrACellTemplateMayHaveItsImageReplaced() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s"><objects>
                    <viewController id="vc">
                        <view key="view" id="root"><subviews>
                            <imageView id="held" image="placeholder"/>
                            <imageView id="plain" image="logo"/>
                            <button id="b"><state key="normal" image="held-button"/></button>
                            <tableView id="t"><prototypes>
                                <tableViewCell id="cell"><imageView id="icon" image="row-icon"/></tableViewCell>
                            </prototypes></tableView>
                        </subviews></view>
                        <connections>
                            <outlet property="avatar" destination="held" id="o1"/>
                            <outlet property="button" destination="b" id="o2"/>
                        </connections>
                    </viewController>
                </objects></scene></scenes>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(
            in: Array(storyboard.utf8), path: "App/Main.storyboard")
        let replaceable = Dictionary(uniqueKeysWithValues: references.map { ($0.shownName, $0.codeMayReplace) })
        #expect(replaceable == ["placeholder": true, "logo": false, "held-button": true, "row-icon": true])
        let inventory = Inventory(
            images: [], info: AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(15, 0)),
            references: references)
        let severities = Dictionary(
            uniqueKeysWithValues: MissingImage().findings(in: inventory).map { ($0.line ?? 0, $0.severity) })
        let lines = Dictionary(uniqueKeysWithValues: references.map { ($0.shownName, $0.line) })
        #expect(severities[lines["logo"]!] == .error)
        #expect(severities[lines["placeholder"]!] == .warning)
        #expect(severities[lines["row-icon"]!] == .warning)
    }
}

@Suite struct NamespacedNameTests {
    @Test func aNameInAFolderIsReachedOnlyWithItsFolder() {
        let names = SwiftCodeNames.names(in: Array("let a = Image(.Onboarding.lock)\nlet b = \"gear\"\n".utf8))
        #expect(names.map(\.shown).contains(".Onboarding.lock"))
        let inventory = Inventory(
            images: [], sourceFileCount: 1,
            codeNames: ["App/A.swift": names + [CodeName(name: .literal("icons/star"), kind: .string, line: 3)]])
        let usage = ImageUsage(inventory)
        #expect(usage.evidence(for: "Onboarding/Gear") == nil, "a bare \"gear\" does not reach a namespaced set")
        #expect(usage.evidence(for: "gear")?.what == "\"gear\"")
        #expect(usage.evidence(for: "Onboarding/Lock")?.what == ".Onboarding.lock")
        #expect(usage.evidence(for: "Icons/Star")?.line == 3)
    }
}

@Suite struct SupersededByUnusedTests {
    @Test func anUnusedImageIsDeletedNotResized() {
        #expect(Linter.asset(of: "A.xcassets/star.imageset/star@3x.png") == "A.xcassets/star.imageset")
        #expect(Linter.asset(of: "A.xcassets/star.imageset") == "A.xcassets/star.imageset")
        #expect(Linter.asset(of: "Images/Logo@3x~ipad.png") == "Images/Logo")
        #expect(Linter.asset(of: "App/Menu.swift") == "App/Menu.swift")
        let findings = [
            Finding(ruleID: "unused-image", severity: .warning, path: "Images/Old@2x.png", message: "unused"),
            Finding(ruleID: "scale-mismatch", severity: .warning, path: "Images/Old@3x.png", message: "size"),
            Finding(ruleID: "scale-mismatch", severity: .warning, path: "Images/Kept@3x.png", message: "size"),
            Finding(ruleID: "unused-image", severity: .warning, path: "A.xcassets/x.imageset", message: "unused"),
            Finding(
                ruleID: "fractional-point-size", severity: .warning, path: "A.xcassets/x.imageset/x@2x.png",
                message: "f"),
        ]
        #expect(
            Linter.droppingSuperseded(findings).map(\.path) == [
                "Images/Old@2x.png", "Images/Kept@3x.png", "A.xcassets/x.imageset",
            ])
    }
}

@Suite struct DrawnScaledTests {
    @Test func aButtonsBackgroundFillsItsBoundsItsImageDoesNot() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.AppleTV.Storyboard" version="3.0" useAutolayout="YES">
                <scenes><scene sceneID="s"><objects><viewController id="vc"><view key="view" id="root"><subviews>
                    <button fixedFrame="YES" id="framed">
                        <rect key="frame" x="10" y="60" width="208" height="80"/>
                        <state key="normal" image="arrow"/>
                        <state key="focused" backgroundImage="black.png"/>
                    </button>
                    <button translatesAutoresizingMaskIntoConstraints="NO" id="free">
                        <rect key="frame" x="10" y="160" width="120" height="44"/>
                        <state key="normal" backgroundImage="pill"/>
                    </button>
                </subviews></view></viewController></objects></scene></scenes>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(
            in: Array(storyboard.utf8), path: "App/Main.storyboard")
        let drawn = Dictionary(uniqueKeysWithValues: references.map { ($0.shownName, $0.drawnScaled) })
        // The framed button's background fills it; its image is drawn at its own size; the
        // other button is sized by Auto Layout, unknown here.
        #expect(drawn == ["black.png": true, "arrow": false, "pill": false])
        #expect(references.first { $0.shownName == "black.png" }?.viewSize == ViewSize(width: 208, height: 80))
    }

    /// Code compiled for none of the app's platforms (`#if TARGET_OS_TV` in an iOS app) draws
    /// nothing there: its name does not make an image one drawn at its own size.
    @Test func codeCompiledOutDrawsNothing() {
        var scaled = ImageReference(
            path: "Cell.m", line: 3, column: 1, name: .literal("movie"), api: "imageNamed:", lookup: .named)
        scaled.drawnScaled = true
        var tvOnly = ImageReference(
            path: "TVView.m", line: 9, column: 1, name: .literal("movie"), api: "imageNamed:", lookup: .named)
        tvOnly.platforms = [.tvOS]
        let phone = Inventory(images: [], references: [scaled, tvOnly.compiled(for: .iOS)], deviceFamilies: [.phone])
        #expect(phone.namesDrawnScaledOnly == ["movie"])
        let tv = Inventory(images: [], references: [scaled, tvOnly], deviceFamilies: [.tv])
        #expect(tv.namesDrawnScaledOnly.isEmpty)
    }

    /// An image view's own code (`[self setImage:…]`, `self.image = …`) fills the views Interface
    /// Builder makes of its class, unless the code makes some too; a button's
    /// `setImage:forState:` is no view's image.
    @Test func anImageViewsOwnCodeFillsItsClasssViews() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                <objects>
                    <imageView contentMode="scaleAspectFill" translatesAutoresizingMaskIntoConstraints="NO" id="t" customClass="ArtView">
                        <constraints>
                            <constraint firstAttribute="width" constant="50" id="w"/>
                            <constraint firstAttribute="height" constant="50" id="h"/>
                        </constraints>
                    </imageView>
                </objects>
            </document>
            """
        let views = try InterfaceBuilderReferenceScanner.scan(Array(xib.utf8), path: "Cell.xib").outlets
        #expect(views.imageViews.map { "\($0.owner).\($0.property)" } == ["ArtView.self"])
        let code = OutletFacts.code(
            in: Array(
                """
                - (void)showPlaceholder {
                    [self setImage:[UIImage imageNamed:@"movie"]];
                    self.image = [UIImage imageNamed:@"audio"];
                    [_button setImage:[UIImage imageNamed:@"play"] forState:UIControlStateNormal];
                }
                """.utf8), swift: false)
        #expect(code.assignments.map(\.receiver) == ["self", "self"])
        let flows = OutletFlows([("Cell.xib", views), ("Views/ArtView.m", code)])
        #expect(flows.scaledNames == ["movie": [ViewSize(width: 50, height: 50)], "audio": [ViewSize(width: 50, height: 50)]])
        var made = OutletFacts()
        made.instantiations = [.init(name: "ArtView", platforms: nil)]
        #expect(OutletFlows([("Cell.xib", views), ("Views/ArtView.m", code), ("Tile.m", made)]).scaledNames.isEmpty)
    }

    @Test func aResizableImageOrAFixedSizeImageViewIsDrawnAtItsViewsSize() throws {
        let swift = """
            import SwiftUI
            struct Stars: View {
                var body: some View {
                    Image("star")
                        // fills the frame
                        .resizable()
                        .frame(width: 36, height: 36)
                    Image("logo")
                    Image("badge").resizable()
                }
            }
            """
        let references = SwiftReferenceScanner.references(in: Array(swift.utf8), path: "App/Stars.swift")
        #expect(
            Dictionary(uniqueKeysWithValues: references.map { ($0.shownName, $0.drawnScaled) }) == [
                "star": true, "logo": false, "badge": true,
            ])
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
                <view id="root"><subviews>
                    <imageView contentMode="scaleAspectFit" image="seal" id="a">
                        <constraints>
                            <constraint firstAttribute="width" constant="143" id="w"/>
                            <constraint firstAttribute="height" constant="143" id="h"/>
                        </constraints>
                    </imageView>
                    <imageView contentMode="center" image="pin" id="b">
                        <constraints>
                            <constraint firstAttribute="width" constant="20" id="w2"/>
                            <constraint firstAttribute="height" constant="20" id="h2"/>
                        </constraints>
                    </imageView>
                    <imageView image="free" id="c"/>
                </subviews></view>
            </objects></document>
            """
        let ib = try InterfaceBuilderReferenceScanner.references(in: Array(xib.utf8), path: "App/Promo.xib")
        #expect(
            Dictionary(uniqueKeysWithValues: ib.map { ($0.shownName, $0.drawnScaled) }) == [
                "seal": true, "pin": false, "free": false,
            ])
    }

    @Test func aNameThatReachesAResizableImageThroughAPropertyOrASymbolIsDrawnScaled() {
        let swift = """
            import SwiftUI
            struct Composer: View {
                var maximised = false
                private var toggleImageName: String {
                    maximised ? Asset.Images.minimise.name : Asset.Images.maximise.name
                }
                private var badgeName: String { Asset.Images.badge.name }
                var body: some View {
                    Image(toggleImageName)
                        .resizable()
                        .frame(width: 16, height: 16)
                    Image(Asset.Images.send.name).resizable()
                    Image(Asset.Images.attach.name)
                    Image(self.badgeName).resizable()
                    Text(badgeName)
                }
            }
            """
        let references = SwiftReferenceScanner.references(in: Array(swift.utf8), path: "App/Composer.swift")
        #expect(
            Dictionary(uniqueKeysWithValues: references.map { ($0.shownName, $0.drawnScaled) }) == [
                // Read only by a resizable image.
                "Asset.Images.minimise": true, "Asset.Images.maximise": true, "Asset.Images.send": true,
                // Drawn at its own size, or used elsewhere too (`Text(badgeName)`).
                "Asset.Images.attach": false, "Asset.Images.badge": false,
            ])
    }

    @Test func aSymbolDrawnScaledEverywhereSparesItsSetTheSizeFindings() {
        let sets = ["minimise", "attach"].map { name in
            CatalogSet(folder: "App/Assets.xcassets/\(name).imageset", entries: [])
        }
        var scaled = ImageReference(
            path: "App/Composer.swift", line: 3, column: 5,
            name: .symbol(AssetSymbol(generator: .swiftGen, path: ["Images", "minimise"])), api: "SwiftGen Asset",
            lookup: .named)
        scaled.drawnScaled = true
        var plain = scaled
        plain.name = .symbol(AssetSymbol(generator: .swiftGen, path: ["Images", "attach"]))
        plain.drawnScaled = false
        let info = AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(15, 0))
        let inventory = Inventory(images: [], info: info, catalogSets: sets, references: [scaled, plain])
        #expect(inventory.namesDrawnScaledOnly == ["minimise"])
    }

    /// `Image("\(icon)_preview")` handed on by a closure: every set the pattern matches is drawn
    /// scaled, unless a plain use of a pattern or a name also matches it.
    @Test func aPatternDrawnScaledSparesTheSetsItMatches() {
        let sets = ["five_preview", "riker_preview", "smith_preview", "close"].map { name in
            CatalogSet(folder: "App/Assets.xcassets/\(name).imageset", entries: [])
        }
        var handedOn = ImageReference(
            path: "App/Settings.swift", line: 3, column: 5, name: .pattern(NamePattern(pieces: ["", "_preview"])),
            api: "Image(_:bundle:)", lookup: .catalog)
        handedOn.drawnScaled = true
        let plainPattern = ImageReference(
            path: "App/Other.swift", line: 2, column: 5, name: .pattern(NamePattern(pieces: ["smith", ""])),
            api: "Image(_:)", lookup: .catalog)
        let plainName = ImageReference.example("App/Menu.swift", 4, "riker_preview")
        let info = AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(15, 0))
        let inventory = Inventory(
            images: [], info: info, catalogSets: sets, references: [handedOn, plainPattern, plainName])
        #expect(inventory.namesDrawnScaledOnly == ["five_preview"])
        // A storyboard's `<resources>` entry no view names draws nothing: the name stays scaled-only.
        let metadata = ImageReference(
            path: "App/Launch.storyboard", line: 89, column: 16, name: .literal("five_preview"),
            api: "storyboard resource", lookup: .interfaceBuilder, keepsOnly: true)
        let withMetadata = Inventory(
            images: [], info: info, catalogSets: sets, references: [handedOn, plainPattern, plainName, metadata])
        #expect(withMetadata.namesDrawnScaledOnly == ["five_preview"])
        var drawn = metadata
        drawn.api = "storyboard image"
        let withView = Inventory(
            images: [], info: info, catalogSets: sets, references: [handedOn, plainPattern, plainName, drawn])
        #expect(withView.namesDrawnScaledOnly.isEmpty)
    }

    /// A 1x-only image drawn scaled in a view of a known size needs no retina file when it holds
    /// the view's pixels at every scale; a pixel short (an export's rounding) still does.
    @Test func anImageHoldingItsViewsPixelsNeedsNoRetinaFile() {
        func findings(height: Int) -> [Finding] {
            let images = [ScannedImage(path: "Images/key.png", facts: RuleExample.File.image("Images/key.png", 532, height).facts)]
            var drawn = ImageReference.example("App/Page.xaml", 81, "key.png", api: "Image Source", lookup: .named)
            drawn.drawnScaled = true
            drawn.viewSize = ViewSize(width: 266, height: 160)
            let info = AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(15, 0))
            return MissingScale().findings(in: Inventory(images: images, info: info, references: [drawn]))
        }
        #expect(findings(height: 320).isEmpty)
        #expect(findings(height: 319).isEmpty, "under a point short at @2x")
        #expect(findings(height: 318).map(\.path) == ["Images/key.png"], "a point short")
    }

    @Test func sizeFindingsPassOverAnImageShownOnlyAtItsViewsSize() {
        let images = [("Images/star@2x.png", 78), ("Images/star@3x.png", 114)].map { path, side in
            ScannedImage(path: path, facts: RuleExample.File.image(path, side, side).facts)
        }
        var resized = ImageReference.example("App/Stars.swift", 4, "star", api: "Image(_:)", lookup: .catalog)
        resized.drawnScaled = true
        let info = AppInfo(path: "Info.plist", deviceFamilies: [.phone], minimumOSVersion: OSVersion(15, 0))
        let scaledOnly = Inventory(images: images, info: info, references: [resized])
        #expect(ScaleMismatch().findings(in: scaledOnly).isEmpty)
        // In a 39-pt view, the advised 117 px draws 1:1: worth doing.
        resized.viewSize = ViewSize(width: 39, height: 39)
        let fitted = ScaleMismatch().findings(in: Inventory(images: images, info: info, references: [resized]))
        #expect(fitted.map(\.path) == ["Images/star@3x.png"])
        #expect(fitted.first?.message.hasSuffix("At 117×117 px, star@3x.png draws 1:1 in its 39×39-pt view.") == true)
        // A @3x with half the pixels it needs blurs in any view: the advice names the view's own size.
        let blurred = [("Images/dot@2x.png", 80), ("Images/dot@3x.png", 60)].map { path, side in
            ScannedImage(path: path, facts: RuleExample.File.image(path, side, side).facts)
        }
        var dot = ImageReference.example("App/Dots.swift", 4, "dot", api: "Image(_:)", lookup: .catalog)
        dot.drawnScaled = true
        dot.viewSize = ViewSize(width: 50, height: 50)
        let blur = ScaleMismatch().findings(in: Inventory(images: blurred, info: info, references: [dot]))
        #expect(blur.map(\.path) == ["Images/dot@3x.png"])
        #expect(
            blur.first?.message.hasSuffix("It is drawn in a 50×50-pt view, where dot@3x.png at 150×150 px draws 1:1.")
                == true)
        resized.viewSize = nil
        let plain = Inventory(
            images: images, info: info, references: [resized, .example("App/Menu.swift", 2, "star")])
        #expect(ScaleMismatch().findings(in: plain).map(\.path) == ["Images/star@3x.png"])
    }
}

@Suite struct CodeNameBoundsTests {
    @Test func aFileOfDistinctNamesKeepsAtMostTheBound() {
        let source = (0..<60_000).map { "let a\($0) = \"n\($0)\"" }.joined(separator: "\n")
        let names = SwiftCodeNames.names(in: Array(source.utf8))
        #expect(names.count == CodeName.maxPerFile)
        #expect(names.last?.line == CodeName.maxPerFile)
    }
}

/// Image views the code holds through outlets (``OutletFacts``, ``OutletFlows``) and families
/// of images named as data (``DataFamilies``): issue 35's classes judged on real apps.
@Suite struct OutletFlowTests {
    @Test func assignmentsToAnImagePropertyAreReadWithTheirNamesAndCallees() {
        let swift = """
            cell.comboImage?.image = Assets.accountImage(.local)
            errorView.imageNameFunc = AppTheme.fileErrorImageName
            // oldView.image = UIImage(named: "gone")
            if a.image == b.image { }
            let logoView = UIImageView()
            logoView.image = UIImage(named: "logo")
            """
        let assignments = OutletFacts.assignments(in: Array(swift.utf8))
        #expect(assignments.map(\.receiver) == ["comboImage", "errorView", ""])
        #expect(assignments.map(\.line) == [1, 2, 6])
        #expect(assignments[1].callees == ["AppTheme", "fileErrorImageName"])
        #expect(assignments[2].names == ["logo"])
        let objc = "    self.iconView.image = [UIImage imageNamed:@\"icon\"];\n    _badge.image = nil;\n"
        #expect(OutletFacts.assignments(in: Array(objc.utf8)).map(\.receiver) == ["iconView", "badge"])
    }

    @Test func imageLoadersFillTheirViewsAndMostClearThemFirst() {
        let swift = """
            if let avatar = avatarImageView, let url = user.avatarURL {
                ImageManager.loadImage(with: url, into: avatar)
            }
            cell.coverView?.kf.setImage(with: url)
            heroView.kf.setImage(with: url, options: [.keepCurrentImageWhileLoading])
            badgeView.af.setImage(withURL: url)
            // oldView.kf.setImage(with: url)
            thumbView.sd_setImage(with: url, placeholderImage: nil)
            let image = UIImage(named: "plain")
            reload(image)
            """
        let found = OutletFacts.loaderAssignments(in: Array(swift.utf8))
        #expect(found.map(\.receiver) == ["avatarImageView", "coverView", "heroView", "badgeView", "thumbView"])
        #expect(found.map(\.line) == [2, 4, 5, 6, 8])
        #expect(found.map(\.replacesAtOnce) == [true, true, false, false, true])
        let objc = "    [self.avatarView sd_setImageWithURL:url];\n    [_coverView pin_setImageFromURL:url];\n"
        let objcFound = OutletFacts.loaderAssignments(in: Array(objc.utf8))
        #expect(objcFound.map(\.receiver) == ["avatarView", "coverView"])
        #expect(objcFound.map(\.replacesAtOnce) == [true, false])
        // An Objective-C option after a nested message; a `guard let` binding; a cast is no binding.
        let nested = "[_coverView sd_setImageWithURL:[NSURL URLWithString:s] options:SDWebImageDelayPlaceholder];\n"
        #expect(OutletFacts.loaderAssignments(in: Array(nested.utf8)).map(\.replacesAtOnce) == [false])
        let guarded = """
            guard let hero = self.heroView else { return }
            Nuke.loadImage(with: url, into: hero)
            if let other = view as? UIImageView { Nuke.loadImage(with: url, into: other) }
            """
        let bound = OutletFacts.loaderAssignments(in: Array(guarded.utf8))
        #expect(bound.map(\.receiver) == ["heroView", ""])
        #expect(bound.map(\.variable) == ["", "other"])
        // A view of the file's own is a variable, not an outlet.
        let own = "let spinner = UIImageView()\nspinner.kf.setImage(with: url)\n"
        #expect(OutletFacts.loaderAssignments(in: Array(own.utf8)).map(\.variable) == ["spinner"])
    }

    enum LoaderDialect: Sendable { case swift, objectiveC, cSharp, xaml, header }

    /// Whether a file hands an image API that picks the screen's variant a name it does not spell
    /// there: what lets a name spelled only as a bare string reach such an API (``LoaderArguments``).
    @Test(arguments: [
        // Swift: a variable, a property, a call; SwiftUI's `Image(_:)` and `Image(decorative:)`.
        ("let image = UIImage(named: name)", LoaderDialect.swift, true),
        ("icon.image = UIImage(named: item.iconName, in: .main, compatibleWith: nil)", .swift, true),
        ("UIImage(contentsOfFile: path)", .swift, true),
        ("Image(slide.background).resizable()", .swift, true),
        ("Image(decorative: backdrop)", .swift, true),
        ("NSImage(named: name)", .swift, true),
        ("let icons = names.compactMap(UIImage.init(named:))", .swift, true),
        ("UIImage(named: \"icon-\\(size)\")", .swift, true),
        // Swift: literals, symbols, system images, views made from an image.
        ("UIImage(named: \"Badge\"); Image(\"Logo\"); Image(decorative: \"Back\")", .swift, false),
        ("Image(systemName: name); Image(uiImage: photo); Image(.hero); AsyncImage(url: url)", .swift, false),
        ("UIImage(contentsOfFile: Bundle.main.path(forResource: \"a\", ofType: \"png\")!)", .swift, false),
        ("let data = try Data(contentsOf: url); let image = UIImage(data: data)", .swift, false),
        // Objective-C.
        ("[UIImage imageNamed:name]", .objectiveC, true),
        ("[_iconView setImageNamed:self.iconName];", .objectiveC, true),
        ("[[UIImage alloc] initWithContentsOfFile:path]", .objectiveC, true),
        ("[UIImage imageWithContentsOfFile:[self pathFor:name]]", .objectiveC, true),
        ("[UIImage imageNamed:@\"Badge\"]; [UIImage systemImageNamed:name];", .objectiveC, false),
        ("[UIImage imageWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@\"a\" ofType:@\"png\"]]", .objectiveC, false),
        ("NSData *data = [NSData dataWithContentsOfFile:path]; [UIImage imageWithData:data];", .objectiveC, false),
        // C#, Mono's space before the parenthesis included; XAML bindings.
        ("return UIImage.FromBundle (path);", .cSharp, true),
        ("UIImage.FromBundle (\"Images/Header.png\"); UIImage.FromFile(@\"a.png\"); new UIImage(data);", .cSharp, false),
        ("<Image Source=\"{Binding Icon}\" />", .xaml, true),
        ("<Image Source=\"dotnet_bot.png\" />", .xaml, false),
        ("<CollectionView ItemsSource=\"{Binding Items}\" />", .xaml, false),
        ("<ImageButton ImageSource=\"{Binding Icon}\" />", .xaml, true),
        // A header's macro.
        ("#define ICON(n) [UIImage imageNamed:n]", .header, true),
    ])
    func aFileHandsAnImageAPIANameItDoesNotSpell(source: String, dialect: LoaderDialect, passes: Bool) {
        let bytes = Array(source.utf8)
        let found: Bool
        switch dialect {
        case .swift: found = OutletFacts.code(in: bytes, swift: true).passesNamesToLoaders
        case .objectiveC: found = OutletFacts.code(in: bytes, swift: false).passesNamesToLoaders
        case .cSharp: found = CSharpReferenceScanner().scan(bytes, path: "App/Images.cs").passesNames
        case .xaml: found = LoaderArguments.passesNames(inXAML: bytes)
        case .header: found = LoaderArguments.passesNames(in: bytes, dialect: .objectiveC)
        }
        #expect(found == passes, "\(source)")
    }

    /// Per target: a name spelled only in a list reaches no image API unless one of the target's
    /// own files hands one a name it does not spell.
    @Test func spelledNamesReachLoadersOnlyThroughTheTargetsOwnCode() {
        var inventory = Inventory(images: [])
        #expect(inventory.spelledNamesMayReachLoaders)
        inventory.codePassingNames = ["Widget/Images.swift"]
        #expect(inventory.spelledNamesMayReachLoaders)
        inventory.ownSourcePaths = ["App/Slides.swift", "App/Menu.swift"]
        #expect(!inventory.spelledNamesMayReachLoaders)
        inventory.codePassingNames = ["App/Menu.swift"]
        #expect(inventory.spelledNamesMayReachLoaders)
        inventory.codePassingNames = []
        inventory.ownSourcePaths = nil
        #expect(!inventory.spelledNamesMayReachLoaders)
    }

    /// An image a variable holds reaches the view the variable is assigned to: a local, an ivar set
    /// in an initializer, a loop over an outlet collection, a view made with its image.
    @Test func imagesFlowThroughVariablesLoopsAndInitializers() {
        let objc = """
            - (void)configurePage {
                UIImage *img = dark ? [UIImage imageNamed:@"blackCloud"] : [UIImage imageNamed:@"whiteCloud"];
                for (UIImageView *imageView in self.images) {
                    imageView.image = img;
                }
            }
            - (instancetype)init {
                _folderImage = [UIImage imageNamed:@"folder"];
            }
            - (void)show {
                self.iconView.image = self.folderImage;
                UIImage *cone = [[UIImage imageNamed:@"LaunchCone"] imageWithRenderingMode:UIImageRenderingModeAlwaysTemplate];
                _coneView = [[UIImageView alloc] initWithImage:cone];
            }
            """
        let found = OutletFacts.code(in: Array(objc.utf8), swift: false).assignments
        #expect(found.map(\.receiver) == ["images", "iconView", ""])
        #expect(found.map(\.variable) == ["", "", "coneView"])
        #expect(found.map(\.names) == [["blackCloud", "whiteCloud"], ["folder"], ["LaunchCone"]])
        #expect(found.map(\.valueLines) == [[2], [8], [12]])
        let swift = """
            let icon = UIImage(named: "gear")
            for view in iconViews { view.image = icon }
            let badgeView = UIImageView(image: UIImage(named: "badge"))
            """
        let swiftFound = OutletFacts.code(in: Array(swift.utf8), swift: true).assignments
        #expect(swiftFound.map(\.receiver) == ["iconViews", ""])
        #expect(swiftFound.map(\.variable) == ["", "badgeView"])
        #expect(swiftFound.map(\.names) == [["gear"], ["badge"]])
    }

    /// A loader clears only the outlets of the class whose code file calls it: a controller's
    /// `cell.imageView?.kf.setImage` says nothing of other classes' `imageView` outlets.
    @Test func aLoaderClearsOnlyItsOwnClasssOutlets() {
        let storyboard = OutletFacts(imageViews: [
            .init(property: "avatarView", scaled: true, lines: [10], owner: "ProfileViewController"),
            .init(property: "imageView", scaled: false, lines: [20], owner: "SettingsCell"),
        ])
        var fill = OutletFacts.Assignment(receiver: "avatarView", line: 3, names: [], callees: [])
        fill.replacesAtOnce = true
        var other = OutletFacts.Assignment(receiver: "imageView", line: 4, names: [], callees: [])
        other.replacesAtOnce = true
        let flows = OutletFlows([
            ("Main.storyboard", storyboard), ("App/ProfileViewController.swift", OutletFacts(assignments: [fill])),
            ("App/FeedViewController.swift", OutletFacts(assignments: [other])),
        ])
        #expect(flows.clearedPlaceholders == [OutletFlows.Site(path: "Main.storyboard", line: 10)])
        #expect(flows.replacedPlaceholders.count == 2)
    }

    @Test func functionsAndPropertiesThatReturnAStringKeepTheirBodysNames() {
        let swift = """
            class func heroName() -> String {
                switch theme { case .dark: return "hero-dark"; default: return "hero-{light}" }
            }
            var tabName: String? { "tab" }
            func heroImage() -> UIImage? { UIImage(named: "not-a-string-function") }
            var stored: String = "stored"
            """
        let returns = OutletFacts.nameReturns(in: Array(swift.utf8))
        #expect(returns.map(\.declaration) == ["heroName", "tabName"])
        #expect(returns.first?.names == ["hero-dark", "hero-{light}"])
    }

    @Test func namesPutOnlyIntoScaledOutletsAreDrawnScaledAndPlaceholdersAreMarked() {
        let storyboard = OutletFacts(imageViews: [
            .init(property: "heroView", scaled: true, lines: [10], size: ViewSize(width: 160, height: 160)),
            .init(property: "iconView", scaled: false, lines: [20]),
            .init(property: "shared", scaled: true, lines: []),
        ])
        let xib = OutletFacts(imageViews: [.init(property: "shared", scaled: false, lines: [])])
        let code = OutletFacts(
            assignments: [
                .init(receiver: "heroView", line: 3, names: [], callees: ["Theme", "heroName"]),
                .init(receiver: "iconView", line: 4, names: ["Icon"], callees: ["UIImage", "named"]),
                .init(receiver: "shared", line: 5, names: ["shared-art"], callees: []),
                .init(receiver: "", line: 6, names: ["hero-both"], callees: []),
            ],
            nameReturns: [.init(declaration: "heroName", names: ["Hero-Dark", "hero-both"])])
        let flows = OutletFlows([("A.storyboard", storyboard), ("B.xib", xib), ("C.swift", code)])
        // hero-both also goes into a view of the code's own: not only scaled.
        let hero: Set<ViewSize> = [ViewSize(width: 160, height: 160)]
        #expect(flows.scaledNames == ["hero-dark": hero])
        #expect(flows.scaledLines == [OutletFlows.Site(path: "C.swift", line: 3): hero])
        #expect(
            flows.replacedPlaceholders == [
                OutletFlows.Site(path: "A.storyboard", line: 10), OutletFlows.Site(path: "A.storyboard", line: 20),
            ])
    }

    @Test func aFixedWidthWithAnAspectRatioIsAFixedSize() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"><connections>
                    <outlet property="capped" destination="a" id="o1"/>
                    <outlet property="free" destination="b" id="o2"/>
                </connections></placeholder>
                <view id="root"><subviews>
                    <imageView contentMode="scaleAspectFit" image="seal" id="a">
                        <constraints>
                            <constraint firstAttribute="width" relation="lessThanOrEqual" constant="160" id="w"/>
                            <constraint firstAttribute="width" secondItem="a" secondAttribute="height" multiplier="1:1" id="r"/>
                        </constraints>
                    </imageView>
                    <imageView contentMode="scaleAspectFit" image="pin" id="b">
                        <constraints>
                            <constraint firstAttribute="width" secondItem="b" secondAttribute="height" multiplier="1:1" id="r2"/>
                        </constraints>
                    </imageView>
                </subviews></view>
            </objects></document>
            """
        let scanned = try InterfaceBuilderReferenceScanner.scan(Array(xib.utf8), path: "App/Promo.xib")
        #expect(
            Dictionary(uniqueKeysWithValues: scanned.references.map { ($0.shownName, $0.drawnScaled) }) == [
                "seal": true, "pin": false,
            ])
        #expect(
            scanned.outlets.imageViews == [
                .init(property: "capped", scaled: true, lines: [8]),
                .init(property: "free", scaled: false, lines: [14]),
            ])
        // A width of at most 160 pt is no size (above); a fixed one with the ratio is.
        let sized = xib.replacingOccurrences(of: #"relation="lessThanOrEqual" "#, with: "")
            .replacingOccurrences(of: #"multiplier="1:1""#, with: #"multiplier="2:1""#)
        let outlets = try InterfaceBuilderReferenceScanner.scan(Array(sized.utf8), path: "App/Promo.xib").outlets
        #expect(outlets.imageViews.first?.size == ViewSize(width: 160, height: 80, fits: true))
    }

    /// Two cells hold an outlet of one name: one scales it in a fixed view, the other draws it
    /// plain. The code file of the first class fills only its own.
    @Test func anOutletIsTheClassOfItsCodeFile() throws {
        func cell(_ owner: String, mode: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
                <tableViewCell id="c" customClass="\(owner)"><subviews>
                    <imageView contentMode="\(mode)" id="a">
                        <constraints>
                            <constraint firstAttribute="width" constant="38" id="w"/>
                            <constraint firstAttribute="height" constant="38" id="h"/>
                        </constraints>
                    </imageView></subviews>
                    <connections><outlet property="thumbnailView" destination="a" id="o1"/></connections>
                </tableViewCell>
            </objects></document>
            """
        }
        let cloud = try InterfaceBuilderReferenceScanner.scan(Array(cell("CloudCell", mode: "scaleToFill").utf8), path: "CloudCell.xib")
        let movie = try InterfaceBuilderReferenceScanner.scan(Array(cell("MovieCell", mode: "center").utf8), path: "MovieCell.xib")
        #expect(cloud.outlets.imageViews.map(\.owner) == ["CloudCell"])
        #expect(movie.outlets.imageViews.map(\.scaled) == [false])
        let code = OutletFacts.code(
            in: Array(#"_thumbnailView.image = [UIImage imageNamed:@"folder"];"#.utf8), swift: false)
        let flows = OutletFlows([
            ("Cells/CloudCell.xib", cloud.outlets), ("Cells/MovieCell.xib", movie.outlets),
            ("Sources/Cells/CloudCell.m", code),
        ])
        #expect(flows.scaledNames == ["folder": [ViewSize(width: 38, height: 38)]])
        // A file of no class's name: the outlet may be either's, and one draws it plain.
        let elsewhere = OutletFlows([
            ("Cells/CloudCell.xib", cloud.outlets), ("Cells/MovieCell.xib", movie.outlets), ("Helpers.m", code),
        ])
        #expect(elsewhere.scaledNames.isEmpty)
    }

    /// Views the code sizes itself: a literal frame or two constant anchors, with the content mode
    /// it gives them; a frame that is not literal leaves the name unsized.
    @Test func viewsTheCodeSizesAreReadWithTheirModes() {
        let swift = """
            let iconView = UIImageView()
            func layout() {
                iconView.contentMode = .scaleAspectFit
                iconView.frame = CGRect(x: margin.left, y: margin.top - 1, width: 44, height: 44)
                banner.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 60)
                let badge = UIImageView(frame: CGRect(origin: .zero, size: CGSize(width: 20, height: 18)))
                badge.contentMode = .center
                cone.widthAnchor.constraint(equalToConstant: 48).isActive = true
                cone.heightAnchor.constraint(equalToConstant: 48.0).isActive = true
                badge.image = UIImage(named: "badge")
            }
            """
        let views = CodeImageViews.views(in: Array(swift.utf8), swift: true)
        #expect(views.map(\.property) == ["badge", "cone", "iconView"])
        #expect(views.map(\.scaled) == [false, true, true])
        #expect(views.map(\.size) == [nil, ViewSize(width: 48, height: 48), ViewSize(width: 44, height: 44, fits: true)])
        #expect(views.map(\.origin) == [.codeProperty, .codeVariable, .codeProperty])
        let objc = """
            @property (nonatomic, strong) UIImageView *avatar;
            UIImageView *frameView=[[UIImageView alloc] initWithFrame:CGRectMake(28, 7, 229, 31)];
            _avatar = [[UIImageView alloc] initWithFrame:CGRectMake(233, 18, 64, 64)];
            [_avatar setFrame:CGRectMake(0, DECTOR_HEIGHT / 2 - 44 / 2, 40, 40)];
            _spinner = [[UIImageView alloc] initWithFrame:self.bounds];
            UILabel *label = [[UILabel alloc] initWithFrame:CGRectMake(0, 0, 200, 46)];
            """
        let objcViews = CodeImageViews.views(in: Array(objc.utf8), swift: false)
        #expect(objcViews.map { "\($0.property) \($0.size?.description ?? "-")" } == [
            "avatar 40×40", "avatar 64×64", "frameView 229×31",
        ])
        #expect(objcViews.map(\.origin) == [.codeProperty, .codeProperty, .codeVariable])
    }

    /// A view sized by the layout on both sides, relative to other views, draws its image scaled
    /// at a size not known here; one with a side the image sizes does not.
    @Test func viewsSizedRelativeToOtherViewsDrawScaled() {
        let swift = """
            let thumbnailView: UIImageView = {
                let imageView = UIImageView()
                imageView.contentMode = .scaleAspectFit
                return imageView
            }()
            func setUp() {
                thumbnailView.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
                thumbnailView.heightAnchor.constraint(equalTo: thumbnailView.widthAnchor).isActive = true
                badgeView.widthAnchor.constraint(equalTo: stack.widthAnchor).isActive = true
                logoView.widthAnchor.constraint(greaterThanOrEqualTo: stack.widthAnchor).isActive = true
                logoView.heightAnchor.constraint(equalToConstant: 40).isActive = true
                // A frame and one side's constant: which wins is not known here.
                heroView.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
                heroView.widthAnchor.constraint(equalToConstant: 40).isActive = true
            }
            """
        let views = CodeImageViews.views(in: Array(swift.utf8), swift: true)
        #expect(views.map(\.property) == ["thumbnailView"])
        #expect(views.map(\.scaled) == [true])
        #expect(views.map(\.size) == [nil])
    }

    /// One variable's image put into a scaled view and a plain one is not drawn scaled only: its
    /// line stays plain, and so does its name.
    @Test func aVariablePutIntoAPlainViewTooIsNotDrawnScaled() {
        let xib = OutletFacts(imageViews: [
            .init(property: "thumbView", scaled: true, lines: [], size: ViewSize(width: 50, height: 50), owner: "Cell"),
            .init(property: "badgeView", scaled: false, lines: [], owner: "Cell"),
        ])
        let code = OutletFacts.code(
            in: Array(
                """
                UIImage *img = [UIImage imageNamed:@"a"];
                self.thumbView.image = img;
                self.badgeView.image = img;
                """.utf8), swift: false)
        let flows = OutletFlows([("Cell.xib", xib), ("Cell.m", code)])
        #expect(flows.scaledNames.isEmpty)
        #expect(!flows.scaledLines.keys.contains(OutletFlows.Site(path: "Cell.m", line: 1)))
    }

    /// Setters chained many times over answer at once: each property is asked once a depth.
    @Test func chainedSettersAreAnsweredOnce() {
        var lines: [String] = []
        for index in 0..<300 {
            lines.append("- (void)setAImage:(UIImage *)image { self.bImage = image; } // \(index)")
            lines.append("- (void)setBImage:(UIImage *)image { self.cImage = image; }")
            lines.append("- (void)setCImage:(UIImage *)image { self.artView.image = image; }")
        }
        lines.append("cell.aImage = [UIImage imageNamed:@\"x\"];")
        let code = OutletFacts.code(in: Array(lines.joined(separator: "\n").utf8), swift: false)
        let views = OutletFacts(imageViews: [
            .init(property: "artView", scaled: true, lines: [], size: ViewSize(width: 20, height: 20), owner: "Chain")
        ])
        let flows = OutletFlows([("Chain.xib", views), ("Chain.m", code)])
        #expect(flows.scaledNames == ["x": [ViewSize(width: 20, height: 20)]])
    }

    /// An image put into a property (`cell.thumbnailImage = …`) reaches the views its setters hand
    /// it to, through other properties' setters; a property no setter forwards says nothing.
    @Test func propertiesReachViewsThroughTheirSetters() {
        let cell = OutletFacts.code(
            in: Array(
                """
                - (void)setThumbnailImage:(UIImage *)thumbnailImage {
                    self.icon = thumbnailImage;
                }
                - (void)setIcon:(UIImage *)icon
                {
                    self.thumbnailView.image = icon;
                }
                """.utf8), swift: false)
        #expect(cell.forwards == [
            .init(property: "thumbnailImage", target: "icon", toView: false),
            .init(property: "icon", target: "thumbnailView", toView: true),
        ])
        let swiftCell = OutletFacts.code(
            in: Array("var artwork: UIImage? {\n    didSet { artworkView.image = artwork }\n}\n".utf8), swift: true)
        #expect(swiftCell.forwards == [.init(property: "artwork", target: "artworkView", toView: true)])
        let controller = OutletFacts.code(
            in: Array(
                """
                - (instancetype)init {
                    _folderImage = [UIImage imageNamed:@"folder"];
                }
                - (void)configure:(Cell *)cell {
                    cell.thumbnailImage = stream ? self.streamImage : self.folderImage;
                    cell.headerImage = [UIImage imageNamed:@"header"];
                }
                """.utf8), swift: false)
        #expect(controller.assignments.map(\.receiver) == ["thumbnailImage", "headerImage"])
        #expect(controller.assignments.map(\.names) == [["folder"], ["header"]])
        #expect(controller.assignments.map(\.throughProperty) == [true, true])
        let xib = OutletFacts(imageViews: [
            .init(property: "thumbnailView", scaled: true, lines: [9], size: ViewSize(width: 50, height: 50), owner: "Cell")
        ])
        let flows = OutletFlows([("Cell.xib", xib), ("Cell.m", cell), ("Controller.m", controller)])
        #expect(flows.scaledNames == ["folder": [ViewSize(width: 50, height: 50)]])
        #expect(flows.scaledLines.keys.contains(OutletFlows.Site(path: "Controller.m", line: 2)))
        // `headerImage` has no setter that forwards it: nothing is said of "header".
        #expect(flows.scaledNames["header"] == nil)
    }

    /// A view the code sizes draws what the file puts into it at that size; a property of it
    /// also what other files do (`cell.iconView.image = …`), a variable only its own file's.
    @Test func namesPutIntoViewsTheCodeSizesAreDrawnScaled() {
        let cell = OutletFacts.code(
            in: Array(
                """
                let iconView = UIImageView()
                let spare = UIImageView()
                func layoutSubviews() {
                    iconView.contentMode = .scaleAspectFit
                    iconView.frame = CGRect(x: 0, y: 0, width: 44, height: 44)
                    iconView.image = nil
                    let seal = UIImageView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
                    seal.image = UIImage(named: "seal")
                }
                """.utf8), swift: true)
        let controller = OutletFacts.code(
            in: Array(
                """
                cell.iconView.image = UIImage(named: "title-banned.gif")
                """.utf8), swift: true)
        // An Objective-C variable (not a property) of the same name elsewhere is that file's own.
        let place = OutletFacts.code(
            in: Array(
                """
                UIImageView *frameView=[[UIImageView alloc] initWithFrame:CGRectMake(28, 7, 229, 31)];
                frameView.image=[UIImage imageNamed:@"textfield.png"];
                """.utf8), swift: false)
        let search = OutletFacts.code(in: Array(#"cell.frameView.image = [UIImage imageNamed:@"probation"];"#.utf8), swift: false)
        let flows = OutletFlows([
            ("App/Cells/PunishmentCell.swift", cell), ("App/RapSheet.swift", controller), ("App/Place.m", place),
            ("App/Search.m", search),
        ])
        #expect(flows.scaledNames == [
            "title-banned.gif": [ViewSize(width: 44, height: 44, fits: true)], "seal": [ViewSize(width: 30, height: 30)],
            "textfield.png": [ViewSize(width: 229, height: 31)],
        ])
    }

    /// An aspect-fit view of a set width fits its image within that width, whatever its height.
    @Test func anAspectFitViewOfOneSetSideDrawsScaled() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
                <view id="root"><subviews>
                    <imageView contentMode="scaleAspectFit" image="Briefcase.png" id="a">
                        <constraints><constraint firstAttribute="width" constant="208" id="w"/></constraints>
                    </imageView>
                    <imageView contentMode="scaleToFill" image="Banner.png" id="b">
                        <constraints><constraint firstAttribute="width" constant="208" id="w2"/></constraints>
                    </imageView>
                </subviews></view>
            </objects></document>
            """
        let references = try InterfaceBuilderReferenceScanner.scan(Array(xib.utf8), path: "App/GoPro.xib").references
        #expect(references.map(\.drawnScaled) == [true, false])
        #expect(references.first?.viewSize == ViewSize(width: 208, height: 0, fits: true))
    }

    /// A scale-to-fill view with an aspect ratio whose container pins its top and bottom is as
    /// tall as the layout makes it: its image is drawn scaled. Pinned at the top only, the image
    /// may set its height.
    @Test func aViewItsContainerPinsOnTwoSidesDrawsScaled() throws {
        func xib(bottom: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
                <tableViewCell id="c"><subviews><view id="content"><subviews>
                    <imageView contentMode="scaleToFill" image="folder" id="4">
                        <constraints>
                            <constraint firstAttribute="width" secondItem="4" secondAttribute="height" multiplier="1:1" id="r"/>
                        </constraints>
                    </imageView></subviews>
                    <constraints>
                        <constraint firstItem="4" firstAttribute="top" secondItem="content" secondAttribute="top" constant="8" id="t"/>
                        \(bottom)
                    </constraints>
                </view></subviews></tableViewCell>
            </objects></document>
            """
        }
        let pinned = #"<constraint firstAttribute="bottom" secondItem="4" secondAttribute="bottom" constant="8" id="b"/>"#
        let weak = #"<constraint firstAttribute="bottom" secondItem="4" secondAttribute="bottom" priority="250" id="b"/>"#
        for (bottom, scaled) in [(pinned, true), (weak, false), ("", false)] {
            let references = try InterfaceBuilderReferenceScanner.scan(Array(xib(bottom: bottom).utf8), path: "Cell.xib")
                .references
            #expect(references.map(\.drawnScaled) == [scaled], "\(bottom)")
        }
    }

    /// A file with no `String` after `:` or `->` is not read declaration by declaration: the
    /// same name returns as reading it whole, over random declarations.
    @Test func filesWithoutStringDeclarationsSkipTheRead() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "func a() -> String { \"n\" }", "var b: String { \"m\" }", "var c:\tString? { \"o\" }",
            "func d(x: Int)->  String! {\"p\"}", "let e: [String] = [\"q\"]", "func f() -> [String] { [\"r\"] }",
            "var g = String(\"s\")", "func h() -> Int { 1 }", "// -> String", "var i : String{\"t\"}",
        ]
        var returning = 0
        for _ in 0..<500 {
            let source = Array(
                (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined(separator: "\n").utf8)
            let read = OutletFacts.nameReturns(in: source, prefilters: false)
            #expect(OutletFacts.nameReturns(in: source) == read, "\(String(decoding: source, as: UTF8.self))")
            if !read.isEmpty { returning += 1 }
            #expect(read.isEmpty || OutletFacts.mayDeclareStrings(source))
        }
        #expect(returning > 100 && returning < 450, "both kinds of file are drawn")
    }

    @Test func unclosedDeclarationsAndAssignmentsStayWithinTheirBudget() {
        // 4 MiB of `func a() -> String {` never closed, and of `x.image = ` lines.
        let declarations = String(repeating: "func a() -> String { \"n\"\n", count: 160_000)
        let returns = OutletFacts.nameReturns(in: Array(declarations.utf8))
        #expect(returns.isEmpty)
        let assignments = String(repeating: "v.image = \"n\"\n", count: 300_000)
        #expect(OutletFacts.assignments(in: Array(assignments.utf8)).count == OutletFacts.maxAssignments)
    }

    @Test func namesOnlyUncalledNameFunctionsReturnAreNeverShown() {
        let theme = """
            enum AppTheme {
                static func termsImageName() -> String { dark ? "terms-dark" : "terms" }
                static func heroImageName() -> String { "hero" }
                static func titleName() -> String { "not-judged" }
                static var shared = "x"
            }
            """
        let screen = "let hero = UIImage(named: AppTheme.heroImageName())\nfunc f() { let s = termsImageName }\n"
        #expect(OutletFacts.nameFunctionUses(in: Array(theme.utf8)).isEmpty)
        #expect(OutletFacts.nameFunctionUses(in: Array(screen.utf8)) == ["heroImageName", "termsImageName"])
        let themeFacts = OutletFacts.code(in: Array(theme.utf8), swift: true)
        let called = OutletFlows([
            ("Theme.swift", themeFacts), ("Screen.swift", OutletFacts.code(in: Array(screen.utf8), swift: true)),
        ])
        #expect(called.uncalledNames.isEmpty)
        let uncalled = OutletFlows([("Theme.swift", themeFacts)])
        // titleName does not follow the naming convention: never judged.
        #expect(uncalled.uncalledNames == ["terms-dark", "terms", "hero"])
    }

    @Test func aNameStemEndsAtAWordsEnd() {
        #expect(
            DataFamilies.stems(of: "RemoteMessagePrivacyShield") == ["remote", "remotemessage", "remotemessageprivacy"])
        #expect(DataFamilies.stems(of: "promo-banner-winter") == ["promo-", "promo-banner-"])
        #expect(DataFamilies.stems(of: "Icon60").isEmpty)
    }
}

extension NameFlowTests {
    /// The uses of name functions, found by a search for `Name` (issue 30), are what a search for
    /// each whole suffix finds: the same names in the same order (each place judged alike).
    @Test func nameFunctionUsesAreWhatASearchForEachSuffixFinds() {
        func reference(_ source: [UInt8]) -> [String] {
            var found: [String] = []
            var seen: Set<String> = []
            for suffix in OutletFacts.nameFunctionSuffixes {
                let needle = Array(suffix.utf8)
                var start = 0
                while start + needle.count <= source.count {
                    guard
                        let hit = (start...(source.count - needle.count)).first(where: {
                            source[$0..<($0 + needle.count)].elementsEqual(needle)
                        })
                    else { break }
                    let end = hit + needle.count
                    start = end
                    guard let name = OutletFacts.nameFunctionUse(from: hit, to: end, in: source) else { continue }
                    if seen.insert(name).inserted { found.append(name) }
                }
            }
            return found
        }
        // At most `maxUses` in all, the first suffix's first, whatever order the file holds them in.
        let cap = OutletFacts.maxUses
        for images in [cap + 1, cap - 2] {
            let icons = (0..<5).map { "i\($0)IconName" }
            let source = Array((icons + (0..<images).map { "a\($0)ImageName" }).joined(separator: " ").utf8)
            let uses = OutletFacts.nameFunctionUses(in: source)
            #expect(uses.count == cap && uses.prefix(min(images, cap)).allSatisfy { $0.hasSuffix("ImageName") })
            #expect(uses.suffix(cap - min(images, cap)) == icons.prefix(cap - min(images, cap)))
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["ImageName", "IconName", "Name", "Image", "Icon", "func ", "let ", " ", "x", "(", "\n", "e"]
        for _ in 0..<1_500 {
            let source = Array(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined().utf8)
            #expect(
                OutletFacts.nameFunctionUses(in: source) == reference(source),
                "\(String(decoding: source, as: UTF8.self))")
        }
    }
}

extension NamePattern {
    fileprivate func matches(_ names: [String]) -> Bool { names.contains(where: matches) }
}
