import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// What each scanner finds: one line per reference, `line:column api name lookup mode`.
private func found(_ references: [ImageReference]) -> [String] {
    references.map { reference in
        var line =
            "\(reference.line):\(reference.column) \(reference.api) \(reference.shownName) \(reference.lookup.rawValue)"
        if reference.mode == .tallSuffix { line += " tall-suffix" }
        if reference.inOtherBundle { line += " other-bundle" }
        return line
    }
}

private func swift(_ source: String) -> [String] {
    found(SwiftReferenceScanner.references(in: Array(source.utf8), path: "A.swift"))
}

private func objectiveC(_ source: String) -> [String] {
    found(ObjectiveCReferenceScanner.references(in: Array(source.utf8), path: "A.m"))
}

private func csharp(_ source: String, helpers: [String] = []) -> [String] {
    found(CSharpReferenceScanner(tallSuffixFunctions: helpers).references(in: Array(source.utf8), path: "A.cs"))
}

@Suite("Swift references (swift-syntax)")
struct SwiftReferenceTests {
    @Test(
        "each UIKit and SwiftUI API is found with its line, column, lookup and bundle",
        arguments: [
            (#"let a = UIImage(named: "Badge")"#, "1:9 UIImage(named:) Badge named"),
            (#"let a = UIImage(named: "Badge", in: nil, compatibleWith: nil)"#, "1:9 UIImage(named:in:) Badge named"),
            (#"let a = UIImage(named: "Badge", in: .main, with: nil)"#, "1:9 UIImage(named:in:) Badge named"),
            (
                #"let a = UIImage(named: "Badge", in: Bundle(for: X.self), with: nil)"#,
                "1:9 UIImage(named:in:) Badge named other-bundle"
            ),
            (#"let a = UIImage.init(named: "Badge")"#, "1:9 UIImage(named:) Badge named"),
            (
                #"let a = UIImage(imageLiteralResourceName: "Badge")"#,
                "1:9 UIImage(imageLiteralResourceName:) Badge named"
            ),
            (#"let a = #imageLiteral(resourceName: "Badge")"#, "1:9 #imageLiteral(resourceName:) Badge named"),
            (
                #"let a = UIImage(contentsOfFile: Bundle.main.path(forResource: "intro", ofType: "jpg")!)"#,
                "1:9 UIImage(contentsOfFile:) intro.jpg file"
            ),
            (#"  Image("Badge")"#, "1:3 Image(_:) Badge catalog"),
            (#"Image("Badge", bundle: .module)"#, "1:1 Image(_:bundle:) Badge catalog other-bundle"),
            (#"Image(decorative: "Badge")"#, "1:1 Image(_:) Badge catalog"),
            (#"let a = UIImage(resource: .heroImage)"#, "1:9 UIImage(resource:) .heroImage named"),
            (#"Image(.heroImage)"#, "1:1 Image(ImageResource) .heroImage catalog"),
            // A catalog folder that provides a namespace nests the symbol.
            (#"Image(.Onboarding.lock)"#, "1:1 Image(ImageResource) .Onboarding.lock catalog"),
            (#"let a = Asset.Icons.star.image"#, "1:9 SwiftGen Asset Asset.Icons.star named"),
            (#"let a = R.image.star()"#, "1:9 R.swift R.image R.image.star named"),
        ])
    func apis(_ source: String, _ expected: String) {
        #expect(swift(source) == [expected])
    }

    @Test(
        "comments, look-alike strings, system symbols and other images' initialisers ask for nothing",
        arguments: [
            #"// UIImage(named: "Commented")"#,
            #"/* Image("Commented") */"#,
            #"let text = "UIImage(named: \"InAString\")""#,
            "let text = \"\"\"\nUIImage(named: \"InAMultiLineString\")\n\"\"\"",
            #"Image(systemName: "star.fill")"#,
            #"let a = UIImage(data: data)"#,
            #"let a = UIImage(named: name)"#,
            #"let view = UIImageView(image: nil)"#,
        ])
    func nothing(_ source: String) {
        #expect(swift(source) == [])
    }

    @Test func namesInBothBranchesOfIfConfigAreFoundAtTheirLines() {
        let source = """
            #if DEBUG
            let a = UIImage(named: "Debug")
            #else
                let a = UIImage(named: "Release")
            #endif
            """
        #expect(swift(source) == ["2:9 UIImage(named:) Debug named", "4:13 UIImage(named:) Release named"])
    }

    @Test(
        "a name built at run time becomes a pattern",
        arguments: [
            (#"UIImage(named: "flag_\(code)")"#, "flag_*"),
            (#"UIImage(named: "flag_" + code + "@2x")"#, "flag_*@2x"),
            (#"UIImage(named: String(format: "level%02d_%@", n, s))"#, "level*_*"),
        ])
    func dynamicNames(_ source: String, _ pattern: String) {
        #expect(swift(source) == ["1:1 UIImage(named:) \(pattern) named"])
    }

    @Test func aTernaryGivesBothNames() {
        #expect(
            swift(#"UIImage(named: on ? "On" : "Off")"#) == [
                "1:1 UIImage(named:) On named", "1:1 UIImage(named:) Off named",
            ])
    }

    @Test func columnsCountUTF8BytesAsCompilersDo() {
        #expect(swift(#"let é = UIImage(named: "x")"#) == ["1:10 UIImage(named:) x named"])
    }
}

@Suite("Objective-C references")
struct ObjectiveCReferenceTests {
    @Test(
        "each API is found with its line and column",
        arguments: [
            (#"UIImage *a = [UIImage imageNamed:@"Badge"];"#, "1:23 imageNamed: Badge named"),
            (
                #"a = [UIImage imageNamed:@"Badge" inBundle:nil compatibleWithTraitCollection:nil];"#,
                "1:14 imageNamed: Badge named"
            ),
            (
                #"a = [UIImage imageNamed:@"Badge" inBundle:[NSBundle bundleForClass:self.class] compatibleWithTraitCollection:nil];"#,
                "1:14 imageNamed:inBundle: Badge named other-bundle"
            ),
            (
                #"a = [UIImage imageWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"intro" ofType:@"jpg"]];"#,
                "1:14 imageWithContentsOfFile: intro.jpg file"
            ),
            (
                #"a = [[UIImage alloc] initWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"intro" ofType:@"png"]];"#,
                "1:22 initWithContentsOfFile: intro.png file"
            ),
            (
                #"a = [UIImage imageNamed:[NSString stringWithFormat:@"flag_%@.png", code]];"#,
                "1:14 imageNamed: flag_*.png named"
            ),
        ])
    func apis(_ source: String, _ expected: String) {
        #expect(objectiveC(source) == [expected])
    }

    @Test(
        "comments and other classes' selectors ask for nothing",
        arguments: [
            #"// [UIImage imageNamed:@"Commented"]"#,
            "/* [UIImage imageNamed:@\"Commented\"]\n */",
            #"NSData *d = [NSData dataWithContentsOfFile:@"a.png"];"#,
            #"a = [UIImage imageNamed:name];"#,
        ])
    func nothing(_ source: String) {
        #expect(objectiveC(source) == [])
    }

    @Test func linesCountAcrossCommentsAndStrings() {
        let source = "/* one\ntwo */ NSString *s = @\"a\\\"b\";\n\n  x = [UIImage imageNamed:@\"Third\"];"
        #expect(objectiveC(source) == ["4:16 imageNamed: Third named"])
    }
}

@Suite("C# references")
struct CSharpReferenceTests {
    @Test(
        "each API is found with its line, column, lookup and mode",
        arguments: [
            (#"var a = UIImage.FromBundle ("Badge");"#, "1:9 UIImage.FromBundle Badge named"),
            (#"var a = UIImage.FromFile ("Images/intro.jpg");"#, "1:9 UIImage.FromFile Images/intro.jpg file"),
            (#"var a = new UIImage ("intro.png");"#, "1:9 new UIImage(string) intro.png file"),
            (#"var a = FromBundle16x9 ("Background");"#, "1:9 FromBundle16x9 Background named tall-suffix"),
            (#"var a = Util.FromBundle16x9 ("Background");"#, "1:14 FromBundle16x9 Background named tall-suffix"),
            (#"var a = UIImage.FromBundle ($"flag_{code}");"#, "1:9 UIImage.FromBundle flag_* named"),
            (#"var a = UIImage.FromBundle ("flag_" + code);"#, "1:9 UIImage.FromBundle flag_* named"),
            (#"var a = UIImage.FromBundle (string.Format ("level{0:D2}", n));"#, "1:9 UIImage.FromBundle level* named"),
            (#"var a = UIImage.FromBundle (@"C:\odd""name");"#, #"1:9 UIImage.FromBundle C:\odd"name named"#),
            (
                #"var a = UIImage.FromFile (NSBundle.MainBundle.PathForResource ("intro", "jpg"));"#,
                "1:9 UIImage.FromFile intro.jpg file"
            ),
        ])
    func apis(_ source: String, _ expected: String) {
        #expect(csharp(source) == [expected])
    }

    @Test(
        "comments, the helper's own declaration and other types ask for nothing",
        arguments: [
            #"// UIImage.FromBundle ("Commented")"#,
            #"/* FromBundle16x9 ("Commented") */"#,
            #"public static UIImage FromBundle16x9 (string name) { return UIImage.FromBundle (name); }"#,
            #"var s = "UIImage.FromBundle (\"InAString\")";"#,
            #"var c = UIColor.FromBundle ("NotAnImage");"#,
        ])
    func nothing(_ source: String) {
        #expect(csharp(source) == [])
    }

    @Test func tallSuffixHelpersNamedInTheConfigAreResolvedInTallSuffixMode() {
        #expect(csharp(#"var a = Art.Tall ("Menu");"#) == [])
        #expect(csharp(#"var a = Art.Tall ("Menu");"#, helpers: ["Tall"]) == ["1:13 Tall Menu named tall-suffix"])
    }
}

@Suite("Storyboard and xib references")
struct InterfaceBuilderReferenceTests {
    /// An image pasted into a button is stored in the storyboard (`<mutableData
    /// key="keyedArchiveRepresentation">`): its name is no bundle lookup, so nothing is missing.
    @Test func anImageTheDocumentHoldsIsNoReference() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <button id="b">
                    <state key="normal" title="Learn more" image="button:aQB-Vr-ObR:image"/>
                    <state key="selected" image="Star"/>
                </button>
                <resources>
                    <image name="button:aQB-Vr-ObR:image" width="8" height="10">
                        <mutableData key="keyedArchiveRepresentation">YnBsaXN0MDDU</mutableData>
                    </image>
                    <image name="Star" width="10" height="10"/>
                </resources>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(
            in: Array(source.utf8), path: "Main.storyboard")
        #expect(references.map(\.shownName) == ["Star"])
    }

    @Test func everyImageAttributeIsFoundAtItsLineAndSystemSymbolsAreNot() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document>
                <imageView id="a" image="Logo" highlightedImage="LogoLit"/>
                <button id="b">
                    <state key="normal" backgroundImage="Plate"/>
                </button>
                <tabBarItem id="c" image="Tab" selectedImage="TabOn"/>
                <imageReference key="image" image="star.fill" catalog="system"/>
                <resources>
                    <image name="Logo" width="10" height="10"/>
                    <image name="OnlyInResources" width="10" height="10"/>
                </resources>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(
            in: Array(source.utf8), path: "Main.storyboard")
        #expect(
            found(references) == [
                "3:23 storyboard image Logo interfaceBuilder",
                "3:36 storyboard highlightedImage LogoLit interfaceBuilder",
                "5:29 storyboard backgroundImage Plate interfaceBuilder",
                "7:24 storyboard image Tab interfaceBuilder",
                "7:36 storyboard selectedImage TabOn interfaceBuilder",
                "11:16 storyboard resource OnlyInResources interfaceBuilder",
            ])
    }

    /// A WatchKit interface controller's background is an image it shows: not a name that only
    /// keeps an image from being called unused.
    @Test func aWatchKitControllerBackgroundIsAnImageItShows() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard">
                <controller backgroundImage="bg.png" id="AgC-eL-Hgc" customClass="InterfaceController"/>
            </document>
            """
        let references = try InterfaceBuilderReferenceScanner.references(
            in: Array(source.utf8), path: "Interface.storyboard")
        #expect(found(references) == ["3:17 storyboard backgroundImage bg.png interfaceBuilder"])
        #expect(references.allSatisfy { !$0.keepsOnly })
    }

    @Test(
        "entities, document types and broken XML are refused with a reason, not parsed",
        arguments: [
            #"<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><d image="&a;"/>"#,
            "<document><imageView image=\"x\"></document>",
            String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300),
        ])
    func hostile(_ source: String) {
        #expect(throws: InterfaceBuilderReferenceScanner.Failure.self) {
            try InterfaceBuilderReferenceScanner.references(in: Array(source.utf8), path: "Bad.xib")
        }
    }
}

@Suite("Name patterns and generated symbols")
struct NamePatternTests {
    @Test(
        "a pattern matches exactly the names its fixed text allows",
        arguments: [
            (["flag_", ""], "flag_fr", true), (["flag_", ""], "flag_", true), (["flag_", ""], "flags", false),
            (["level", "_", ""], "level01_hard", true), (["level", "_", ""], "level01", false),
            (["", "@2x"], "a@2x", true), (["a", "a"], "a", false), (["ab", "ba"], "aba", false),
        ])
    func matching(_ pieces: [String], _ name: String, _ matches: Bool) {
        #expect(NamePattern(pieces: pieces).matches(name) == matches)
    }

    @Test(
        "Xcode's symbol for a set name",
        arguments: [
            ("hero-image", "heroImage"), ("some_blue", "someBlue"), ("giftColor", "gift"), ("URLIcon", "urlIcon"),
            ("2up", "_2up"), ("Icons/star", "star"),
        ])
    func xcodeSymbols(_ name: String, _ symbol: String) {
        #expect(AssetSymbolNaming.xcodeSymbol(name) == symbol)
    }

    @Test func aSymbolFindsItsSetAndFoldersTellSameNamedSetsApart() {
        let sets = [
            CatalogSet(
                kind: .imageSet, folder: "A.xcassets/Icons/star.imageset", name: "Icons/star", entries: [],
                fileNames: []),
            CatalogSet(
                kind: .imageSet, folder: "A.xcassets/Tabs/star.imageset", name: "star", entries: [], fileNames: []),
            CatalogSet(
                kind: .imageSet, folder: "A.xcassets/hero-image.imageset", name: "hero-image", entries: [],
                fileNames: []),
        ]
        #expect(
            AssetSymbolNaming.sets(for: AssetSymbol(generator: .xcode, path: ["heroImage"]), in: sets).map(\.name) == [
                "hero-image"
            ])
        #expect(
            AssetSymbolNaming.sets(for: AssetSymbol(generator: .swiftGen, path: ["Icons", "star"]), in: sets).map(
                \.name) == ["Icons/star"])
        #expect(AssetSymbolNaming.sets(for: AssetSymbol(generator: .rSwift, path: ["missing"]), in: sets).isEmpty)
    }
}

@Suite("Swift snippets find what whole-file parses find")
struct SwiftSnippetEquivalenceTests {
    static let fragments = [
        #"let a = UIImage(named: "Plain")"#,
        "/* outer /* nested UIImage(named: \"InNestedComment\") */ still comment */",
        ##"let raw = #"UIImage(named: "InRawString")"#"##,
        "let multi = \"\"\"\n  UIImage(named: \"InMultiLine\")\n  \\(UIImage(named: \"InInterpolation\") == nil)\n  \"\"\"",
        #"let mixed = "\(code) and \("x" + "UIImage(named: \"NotCode\")")""#,
        #"let inner = "\(UIImage(named: "Inner") == nil)""#,
        "let chained = UIImage(\n    named: on\n        ? \"Up\"\n        : \"Down\"\n)",
        #"let generated = Asset.Icons.star.image, r = R.image.star()"#,
        #"let literal = #imageLiteral(resourceName: "Literal")"#,
        #"let file = UIImage(contentsOfFile: Bundle.main.path(forResource: "intro", ofType: "jpg") ?? "")"#,
        "#if os(iOS)\nlet branch = UIImage(named: \"Branch\")\n#endif",
        #"Image("Swift\(UI)") ; Image(systemName: "gear"); MyImage("NotUIKit")"#,
        "// UIImage(named: \"LineComment\")\nlet é = UIImage(named: \"AfterComment\")",
        #"let unterminated = "UIImage(named: \"Broken)"#,
    ]

    @Test("each fragment alone", arguments: fragments)
    func eachFragment(_ fragment: String) {
        let bytes = Array(fragment.utf8)
        #expect(
            found(SwiftReferenceScanner.references(in: bytes, path: "A.swift"))
                == found(SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "A.swift")))
    }

    @Test func fragmentsInManyOrdersAndIndentations() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 1...8, using: &generator)
            let source = (0..<count).map { _ in
                String(repeating: " ", count: Int.random(in: 0...8, using: &generator))
                    + Self.fragments.randomElement(using: &generator)!
            }.joined(separator: "\n")
            let bytes = Array(source.utf8)
            let snippets = found(SwiftReferenceScanner.references(in: bytes, path: "A.swift"))
            let whole = found(SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "A.swift"))
            #expect(snippets == whole, "\(source)")
            if snippets != whole { break }
        }
    }
}

extension SwiftSnippetEquivalenceTests {
    @Test func theFragmentsTogetherAskForExactlyTheNamesInCode() {
        let source = Array(Self.fragments.joined(separator: "\n").utf8)
        let names = SwiftReferenceScanner.references(in: source, path: "A.swift").map(\.shownName)
        #expect(
            names == [
                "Plain", "InInterpolation", "Inner", "Up", "Down", "Asset.Icons.star", "R.image.star", "Literal",
                "intro.jpg", "Branch", "Swift*", "AfterComment",
            ])
    }
}

extension SwiftSnippetEquivalenceTests {
    @Test(
        "a call that is a member of another type is not UIKit's, in snippets as in whole files",
        arguments: [
            #"let a = Foo.UIImage(named: "Nested")"#, #"let a = Foo. UIImage(named: "Spaced")"#,
            #"let a = f().UIImage(named: "Member")"#, #"let a = SwiftUI.Image("Qualified")"#,
        ])
    func members(_ source: String) {
        let bytes = Array(source.utf8)
        #expect(
            found(SwiftReferenceScanner.references(in: bytes, path: "A.swift"))
                == found(SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "A.swift")))
    }
}

extension SwiftSnippetEquivalenceTests {
    @Test("lines end at LF, CR or CR LF", arguments: ["\n", "\r", "\r\n"])
    func lineEnds(_ end: String) {
        let source = Array("let a = 1\(end)// note\(end)let b = UIImage(named: \"x\")\(end)".utf8)
        #expect(found(SwiftReferenceScanner.references(in: source, path: "A.swift")) == ["3:9 UIImage(named:) x named"])
        #expect(
            found(SwiftReferenceScanner.referencesParsingWholeFile(in: source, path: "A.swift"))
                == ["3:9 UIImage(named:) x named"])
    }
}

@Suite("What reaches the XML parser")
struct XMLPrecheckTests {
    @Test(
        "the XML declaration, with or without a byte order mark, and <? in CDATA pass",
        arguments: [
            #"<?xml version="1.0" encoding="UTF-8"?><document/>"#,
            "\u{FEFF}<?xml version=\"1.0\"?>\n<Project><![CDATA[ a <? b ]]></Project>",
            "<document/>",
        ])
    func allowed(_ text: String) {
        #expect(XMLPrecheck.refusal(Array(text.utf8)) == nil)
    }

    @Test(
        "other processing instructions, a declaration without data, non-UTF-8 and DOCTYPE are refused",
        arguments: [
            Array(#"<?xml0.?><d/>"#.utf8), Array(#"<?xml version="1.0"?><d><?php x ?></d>"#.utf8),
            Array(#"<?xml version="1.0"?><!DOCTYPE d><d/>"#.utf8), [0x3C, 0xE9, 0x2F, 0x3E],
        ])
    func refused(_ bytes: [UInt8]) {
        #expect(XMLPrecheck.refusal(bytes) != nil)
    }
}

/// The Objective-C reference scanner reads tokens as byte ranges (``ObjectiveCTokens``): the
/// same tokens as ``SourceTokenizer`` makes as values, with the same lines and columns.
@Suite("Objective-C tokens")
struct ObjectiveCTokenTests {
    /// The byte-range tokens made into values.
    static func values(_ bytes: [UInt8]) -> [SourceToken] {
        let tokens = ObjectiveCTokens(bytes)
        var positions = LinePositions(bytes)
        return (0..<tokens.count).map { index in
            let (line, column) = positions.position(of: Int(tokens.tokens[index].start))
            let kind: SourceToken.Kind
            switch tokens.kind(index) {
            case .identifier: kind = .identifier(tokens.identifier(index)!)
            case .string: kind = .string(tokens.stringParts(index)!)
            case .punctuation: kind = .punctuation(bytes[Int(tokens.tokens[index].start)])
            }
            return SourceToken(kind: kind, line: line, column: column)
        }
    }

    @Test(arguments: [
        "", "a", "/* never closed", "/*/ a */ b", "\"open\nb", "@\"a\\\"b\" c", "'\\'' d", "x\r\ny\rz\n", "é_1 2$",
        "// c\r\nd", "a/*\n*/b//\n@", "\"\\\n\" e", "@@\"x\"", "'a\nb'",
    ])
    func knownShapes(_ source: String) {
        let bytes = Array(source.utf8)
        #expect(Self.values(bytes) == SourceTokenizer.tokens(bytes, dialect: .objectiveC))
    }

    @Test func randomTextGivesTheSameTokens() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab_9 \t\n\r/*\"'@\\[]:;é".utf8)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...60, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            let values = Self.values(bytes)
            #expect(values == SourceTokenizer.tokens(bytes, dialect: .objectiveC), "\(bytes)")
        }
    }

    /// Text with more tokens than the room made at first (one every 4 bytes) goes on where it stopped.
    @Test func textDenseInTokensGivesTheSameTokens() {
        var random = SeededRandom()
        let alphabet = Array(";[]:@(),*/ a\n\"'".utf8)
        for count in [0, 1, 63, 64, 65, 300, 4_000] {
            let bytes: [UInt8] = (0..<count).map { _ in alphabet[random.next(alphabet.count)] }
            #expect(Self.values(bytes) == SourceTokenizer.tokens(bytes, dialect: .objectiveC), "\(count)")
        }
        let punctuation = Array(String(repeating: ";", count: 5_000).utf8)
        #expect(ObjectiveCTokens(punctuation).count == 5_000)
        #expect(Self.values(punctuation) == SourceTokenizer.tokens(punctuation, dialect: .objectiveC))
    }

    @Test func identifierBytesAreTheTokenizersOnes() {
        for byte in UInt8.min...UInt8.max {
            // Each byte first, after a name's first byte and after a digit (in C, by a table).
            let bytes = [byte, UInt8(ascii: "a"), byte, UInt8(ascii: " "), UInt8(ascii: "9"), byte]
            #expect(Self.values(bytes) == SourceTokenizer.tokens(bytes, dialect: .objectiveC), "\(byte)")
            #expect(ObjectiveCTokens.continuesIdentifier(byte) == SourceTokenizer.continuesIdentifier(byte), "\(byte)")
        }
    }

    @Test func positionsAskedOutOfOrderCountAgain() {
        let bytes = Array("a\r\nb\rc\nd".utf8)
        var positions = LinePositions(bytes)
        #expect(positions.position(of: 7) == (4, 1))
        #expect(positions.position(of: 3) == (2, 1))
        #expect(positions.position(of: 1) == (1, 2))
        #expect(positions.position(of: 5) == (3, 1))
    }
}

/// `UIImage(named: "…")` and `Image("…")` with a plain name are read without a parse
/// (``SwiftReferenceScanner/plainCall(_:path:source:)``): the same references as a parse gives.
@Suite("Swift plain calls")
struct SwiftPlainCallTests {
    static func scanBothWays(_ source: String) -> (plain: [ImageReference], parsed: [ImageReference]) {
        let bytes = Array(source.utf8)
        return (
            SwiftReferenceScanner.scan(bytes, path: "A.swift").references,
            SwiftReferenceScanner.scan(bytes, path: "A.swift", parsesEverySnippet: true).references
        )
    }

    @Test func randomNamesAndSurroundingsGiveWhatAParseGives() {
        var generator = SystemRandomNumberGenerator()
        // Mostly bytes a plain name may hold; now and then one it may not.
        let nameBytes = Array(" a_Z9-#().~@".utf8)
        let otherBytes = Array("é\"\\\t{".utf8)
        let interpolations = [
            #"\(code)"#, #"\(a1)"#, #"\(_x)"#, #"\(self)"#, #"\(if)"#, #"\(x.y)"#, #"\( a)"#, #"\(1)"#, #"\(try)"#,
        ]
        let calls = [
            "UIImage(named: \"%\")", "Image(\"%\")", "UIImage(named:\"%\")", "SwiftUI.Image(\"%\")",
            "UIImage(named: \"%\", in: nil)", "Image(\"%\", bundle: .main)",
        ]
        let after = ["", ".resizable()", "\n  // c\n  .resizable()", "!", " ?? x", ".renderingMode(.original)"]
        var plainCount = 0
        for _ in 0..<600 {
            var name = String(
                decoding: (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    (Int.random(in: 0..<12, using: &generator) == 0 ? otherBytes : nameBytes)
                        .randomElement(using: &generator)!
                }, as: UTF8.self)
            // Now and then interpolations, of a name or of something more.
            for _ in 0..<Int.random(in: 0...2, using: &generator) where Bool.random(using: &generator) {
                let at = name.index(name.startIndex, offsetBy: Int.random(in: 0...name.count, using: &generator))
                name.insert(contentsOf: interpolations.randomElement(using: &generator)!, at: at)
            }
            let call = calls.randomElement(using: &generator)!.replacingOccurrences(of: "%", with: name)
            let source = "let a = " + call + after.randomElement(using: &generator)! + "\nlet b = 1"
            let (plain, parsed) = Self.scanBothWays(source)
            #expect(plain == parsed, "\(source)")
            let bytes = Array(source.utf8)
            let snippets = SwiftSnippets.snippets(in: bytes, at: SwiftReferenceScanner.candidateOffsets(bytes))
            plainCount += snippets.count {
                SwiftReferenceScanner.plainCall($0, path: "A.swift", source: bytes) != nil
            }
        }
        #expect(plainCount > 30, "the random calls reach the plain path")
    }

    @Test(arguments: [
        #"UIImage(named: "a\tb")"#, #"Image("a\u{41}")"#, #"Image("\(x)")"#, #"UIImage(named: "é")"#,
        #"Image("a" + b)"#, #"Image("")"#, #"UIImage(named: "a\"b")"#, ##"Image(#"raw"#)"##, "Image(\"\u{7}\")",
        #"UIImage(named: "flag_\(code)")"#, #"Image("\(a)_\(b)")"#, #"Image("\(a)")"#, #"UIImage(named: "\(a)\(b)x")"#,
        #"Image("a\(f())")"#, #"UIImage(named: "a\(b"#, #"Image("\(a)x\(b)")"#, #"Image("x\(if)y")"#,
    ])
    func escapesAndOtherTextGiveWhatAParseGives(_ call: String) {
        let (plain, parsed) = Self.scanBothWays("let a = " + call)
        #expect(plain == parsed)
    }

    @Test func aResizedImageIsDrawnScaledBothWays() {
        let (plain, parsed) = Self.scanBothWays("let i = Image(\"hero\")\n    .resizable()")
        #expect(plain == parsed && plain.map(\.drawnScaled) == [true])
    }

    /// An Image a labelled closure returns as a value is drawn where its caller puts it, at a
    /// size not followed; one under a label SwiftUI takes view content by is drawn by that view.
    @Test(arguments: [
        (#"Grid(icons: icons, imageLoader: { Image("\($0.name)_preview", bundle: .main) })"#, true),
        (#"Grid(imageLoader: { icon in Image("\(icon.name)_x") })"#, true),
        (#"Grid(makeImage: { (icon: Icon) -> Image in\#n  return Image("a")\#n})"#, true),
        (#"Grid(loader: { Image("a").renderingMode(.template) })"#, true),
        (#"Label { Text("t") } icon: { Image("a") }"#, false),
        (#"NavigationLink(destination: Detail(), label: { Image("a") })"#, false),
        (#"Button(action: go) { Image("a") }"#, false),
        (#"let pick = flag ? a : { Image("a") }"#, false),
        (#"Grid(loader: { Image("a"); Text("b") })"#, false),
    ])
    func anImageHandedOnByAClosureHasNoSizeOfItsOwn(_ source: String, handedOn: Bool) {
        let (plain, parsed) = Self.scanBothWays(source)
        #expect(!plain.isEmpty && plain.map(\.drawnScaled) == parsed.map(\.drawnScaled))
        #expect(plain.allSatisfy { $0.drawnScaled == handedOn }, "\(plain)")
    }

    /// An image stretched between caps is drawn at its view's size: at once, or through the
    /// variable it is put in a few lines on.
    @Test(arguments: [
        (#"[b setBackgroundImage:[[UIImage imageNamed:@"big"] stretchableImageWithLeftCapWidth:6 topCapHeight:0]];"#, true),
        (#"UIImage *bg = [UIImage imageNamed:@"field.png"];\#nif (x) { bg = [bg resizableImageWithCapInsets:i]; }"#, true),
        (#"UIImage *bg = [UIImage imageNamed:@"field.png"];\#n[other resizableImageWithCapInsets:i];"#, false),
        (#"[b setImage:[UIImage imageNamed:@"big"] forState:0];"#, false),
    ])
    func anObjectiveCImageStretchedBetweenCapsIsDrawnScaled(_ source: String, stretched: Bool) {
        let found = ObjectiveCReferenceScanner.references(in: Array(source.utf8), path: "A.m")
        #expect(found.count == 1 && found.allSatisfy { $0.drawnScaled == stretched }, "\(found)")
    }

    /// A UIImage whose CGImage alone is taken is pixels for a layer, drawn at the layer's size.
    @Test(arguments: [
        (#"let dots = [UIImage(named: "dot1")!.cgImage, UIImage(named: "dot2")?.cgImage]"#, true),
        (#"layer.contents = UIImage(named: "dot").cgImage"#, true),
        (#"let bg = UIImage(named: "field")?.resizableImage(withCapInsets: insets)"#, true),
        (#"let dot = UIImage(named: "dot")!.cgImageFromCache"#, false),
        (#"let dot = UIImage(named: "dot")!.size"#, false),
        (#"let dot = MyImage(named: "dot")!.cgImage; let b = UIImage(named: "b")"#, false),
    ])
    func aCGImageTakenIsDrawnAtTheLayersSize(_ source: String, handedOn: Bool) {
        let (plain, parsed) = Self.scanBothWays(source)
        #expect(!plain.isEmpty && plain.map(\.drawnScaled) == parsed.map(\.drawnScaled))
        #expect(plain.allSatisfy { $0.drawnScaled == handedOn }, "\(plain)")
    }
}

@Suite("XAML references")
struct XAMLReferenceTests {
    @Test func imageAttributesAreFoundAndBindingsResourcesAndPagesAreNot() throws {
        let source = """
            <ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui">
                <ContentPage.Resources><ResourceDictionary Source="Styles.xaml"/></ContentPage.Resources>
                <Image Source="dotnet_bot.png" HeightRequest="200"/>
                <ImageButton Source='yubikey' Command="{Binding Go}"/>
                <Image Source="{Binding Photo}"/>
                <ToolbarItem IconImageSource="more_vert.png" Text="More"/>
                <WebView Source="https://example.com/a.png"/>
                <Button ImageSource="camera"/> <Tab Icon="tab_home.png"/>
            </ContentPage>
            """
        let references = XAMLReferenceScanner.references(in: Array(source.utf8), path: "Pages/Main.xaml")
        #expect(
            references.map { "\($0.line):\($0.column) \($0.api) \($0.shownName)" } == [
                "3:20 XAML Source dotnet_bot.png", "4:26 XAML Source yubikey",
                "6:35 XAML IconImageSource more_vert.png", "8:26 XAML ImageSource camera", "8:47 XAML Icon tab_home.png",
            ])
        // MAUI's build renames and resizes what it is given: a XAML name keeps, never reports.
        #expect(references.allSatisfy { $0.keepsOnly })
        // An Image of a requested height fits its image within it (the default Aspect).
        #expect(references.map(\.viewSize) == [ViewSize(width: 0, height: 200, fits: true), nil, nil, nil, nil])
    }

    /// An `<Image>` with a requested size draws its image at that size: both sides, or one with
    /// the default `AspectFit`; not with `Aspect="Center"`, and not another element's.
    @Test func anImageOfARequestedSizeIsDrawnScaled() {
        let source = """
            <ContentPage>
                <Image Source="yubikey.png"
                       WidthRequest="266"
                       HeightRequest="160" />
                <Image Aspect="AspectFill" Source="hero.png" WidthRequest="300"/>
                <Image Aspect="Center" Source="seal.png" WidthRequest="40" HeightRequest="40"/>
                <ImageButton Source="go.png" WidthRequest="40" HeightRequest="40"/>
                <Image Source="food.png" Aspect="Fill" WidthRequest="40" HeightRequest="40"/>
            </ContentPage>
            """
        let references = XAMLReferenceScanner.references(in: Array(source.utf8), path: "Pages/Main.xaml")
        #expect(references.map(\.shownName) == ["yubikey.png", "hero.png", "seal.png", "go.png", "food.png"])
        #expect(references.map(\.drawnScaled) == [true, false, false, false, true])
        #expect(
            references.map(\.viewSize) == [
                ViewSize(width: 266, height: 160, fits: true), nil, nil, nil, ViewSize(width: 40, height: 40),
            ])
    }
}
