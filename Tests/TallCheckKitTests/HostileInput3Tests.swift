import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Issue 33: each reader of untrusted text reads a bounded amount per candidate, so a file of
/// calls left open stays linear; `Scripts/hostile-bounds` times the shapes, these pin the bounds.
@Suite struct HostileInput3Tests {
    @Test func anObjectiveCArgumentThatDoesNotEndWithinTheBoundIsNotRead() {
        let filler = String(repeating: "[a b] ", count: ObjectiveCReferenceScanner.maxArgumentTokens)
        let short =
            #"UIImage *a = [UIImage imageWithContentsOfFile:[[NSBundle mainBundle] pathForResource:@"intro" ofType:@"jpg"]];"#
        let long =
            "UIImage *b = [UIImage imageWithContentsOfFile:[x y:\(filler) pathForResource:@\"far\" ofType:@\"jpg\"]];"
        let references = ObjectiveCReferenceScanner.references(in: Array((short + "\n" + long).utf8), path: "A.m")
        #expect(references.map(\.shownName) == ["intro.jpg"])
    }

    @Test func aCSharpArgumentThatDoesNotEndWithinTheBoundIsNotRead() {
        let scanner = CSharpReferenceScanner(tallSuffixFunctions: [], withoutFallback: [])
        let filler = String(repeating: "+ x ", count: CSharpReferenceScanner.maxArgumentTokens)
        let source = "var a = UIImage.FromBundle(\"near\");\nvar b = UIImage.FromBundle(\"far\" \(filler));\n"
        #expect(scanner.references(in: Array(source.utf8), path: "A.cs").map(\.shownName) == ["near"])
    }

    @Test func aSwiftFileReadsAtMostItsCandidatesAndSaysSo() {
        let count = SwiftReferenceScanner.maxCandidates + 5
        let source = (0..<count).map { "let i\($0) = UIImage(named: \"a\($0)\")" }.joined(separator: "\n")
        let scanned = SwiftReferenceScanner.scan(Array(source.utf8), path: "A.swift")
        #expect(scanned.references.count == SwiftReferenceScanner.maxCandidates)
        #expect(scanned.note?.contains("\(count) places") == true)
        #expect(SwiftReferenceScanner.scan(Array("let i = UIImage(named: \"a\")".utf8), path: "B.swift").note == nil)
    }

    @Test func anElementWithTooManyAttributesIsRefusedBeforeTheParser() {
        let attributes = (0...XMLPrecheck.maxAttributes).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let crowded = "<?xml version=\"1.0\"?><document><imageView \(attributes)/></document>"
        #expect(XMLPrecheck.mostAttributes(Array(crowded.utf8)) == XMLPrecheck.maxAttributes + 1)
        #expect(XMLPrecheck.refusal(Array(crowded.utf8))?.contains("more than 1000 attributes") == true)
        // `=` in quoted values, comments and declarations is not an attribute.
        let plain = #"<?xml version="1.0"?><!-- a=b c=d --><doc key="a=b=c" id='x=y'/>"#
        #expect(XMLPrecheck.mostAttributes(Array(plain.utf8)) == 2)
        #expect(XMLPrecheck.refusal(Array(plain.utf8)) == nil)
    }

    @Test func aStoryboardValueLongerThanAnyNameIsCutWithANote() throws {
        let long = String(repeating: "a", count: InterfaceBuilderReferenceScanner.maxNameBytes + 1)
        let document =
            #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">"#
            + "\n<imageView image=\"\(long)\"/>\n<imageView image=\"Logo\"/></document>"
        let scanned = try InterfaceBuilderReferenceScanner.scan(Array(document.utf8), path: "A.storyboard")
        #expect(scanned.references.map(\.shownName) == ["Logo"])
        #expect(scanned.note?.contains("`image` value on line 2 is 1025 bytes") == true)
        let plain = document.replacingOccurrences(of: long, with: "Short")
        #expect(try InterfaceBuilderReferenceScanner.scan(Array(plain.utf8), path: "A.storyboard").note == nil)
    }

    @Test func aGlobRepeatedPlacesWhatItPlacesOnce() throws {
        let images = (0..<4).map { "App/Resources/d\($0)/i\($0).png" }
        func placements(_ repeats: Int) throws -> [String: [BundlePlacement]] {
            let item = #"<BundleResource Include="Resources/**/*.png" />"#
            let text =
                #"<Project><ItemGroup>"# + String(repeating: item, count: repeats)
                + #"<BundleResource Remove="Resources/d0/i0.png" /></ItemGroup></Project>"#
            let project = try MSBuildProject(data: Array(text.utf8), path: "App/App.csproj")
            var model = BundleModel(source: .msbuild(path: "App/App.csproj", sdkStyle: false))
            project.place(images: images, into: &model)
            return model.placements
        }
        let once = try placements(1)
        #expect(once.keys.sorted() == Array(images.dropFirst()))
        #expect(try placements(1_000) == once)
    }
}

/// Issue 33's budgets that bound a whole run's memory, whatever the tree repeats.
@Suite struct RunBudgetTests {
    @Test func aChainOfEmptyLeavesIsWalkedToItsBoundAndNoFurther() throws {
        var writer = CARWriter(renditions: [
            CARWriter.Rendition(asset: "Icon", fileName: "i.png", width: 8, height: 8, scale: 1)
        ])
        writer.emptyLeaves = 50
        let read = try CompiledCatalog(bytes: writer.bytes())
        #expect(read.renditions.map(\.asset) == ["Icon"])
        writer.emptyLeaves = CompiledCatalog.maxTreeEntries + 1
        #expect {
            try CompiledCatalog(bytes: writer.bytes())
        } throws: { error in
            "\(error)".contains("more than \(CompiledCatalog.maxTreeEntries) leaves")
        }
    }

    @Test func aProjectOfTooManyValuesIsRefusedBeforeItIsParsed() throws {
        let small = "// !$*UTF8*$!\n{ rootObject = R; objects = { R = {isa = PBXProject; targets = (T); }; }; }"
        #expect(XcodeProject.textShape(Array(small.utf8), maxDepth: 64).values == 10)
        #expect(throws: Never.self) { try XcodeProject(data: Array(small.utf8), path: "A.xcodeproj/project.pbxproj") }
        let large = small.replacingOccurrences(
            of: "targets = (T)", with: "targets = (" + String(repeating: "T, ", count: XcodeProject.maxTextValues) + ")"
        )
        #expect {
            try XcodeProject(data: Array(large.utf8), path: "A.xcodeproj/project.pbxproj")
        } throws: { error in
            "\(error)".contains("more than the \(XcodeProject.maxTextValues) read from one project")
        }
        // Commas and equals signs in strings and comments are not values.
        let quoted = #"{ a = "x = y, z"; /* b = c, d */ }"#
        #expect(XcodeProject.textShape(Array(quoted.utf8), maxDepth: 64).values == 2)
    }

    struct Repeating: Rule {
        static let description = RuleDescription(
            id: "repeating", severity: .warning, summary: "One fault, many times.", rationale: "A test rule.",
            triggeringExamples: [], nonTriggeringExamples: [])
        func findings(in inventory: Inventory) -> [Finding] {
            // In reverse order: the cap keeps the first in report order, not in the rule's.
            (0...Linter.maxFindingsPerRule).reversed().map {
                finding(String(format: "App/%06d.swift", $0), "The same fault.")
            }
        }
    }

    @Test func aRuleReportsAtMostItsCapAndTheReportSaysHowManyItFound() {
        let scan = ScanResult(
            inventory: Inventory(images: []), folder: ScannedFolder(absolute: "/r"), infoPlist: .none, issues: [])
        let report = Linter(rules: [Repeating.self]).lint(scan)
        #expect(report.findings.count == Linter.maxFindingsPerRule)
        #expect(report.findings.first?.path == "App/000000.swift")
        #expect(report.findings.last?.path == String(format: "App/%06d.swift", Linter.maxFindingsPerRule - 1))
        #expect(report.cappedRules == ["repeating": Linter.maxFindingsPerRule + 1])
        #expect(Linter(rules: [MissingImage.self]).lint(scan).cappedRules.isEmpty)
    }
}

@Suite struct RepeatedProjectEntryTests {
    private func project(listing files: String) -> String {
        """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; rootObject = R; objects = {
        R = {isa = PBXProject; mainGroup = G; targets = (T); };
        G = {isa = PBXGroup; children = (F); sourceTree = "<group>"; };
        F = {isa = PBXFileReference; lastKnownFileType = folder; path = Art; sourceTree = "<group>"; };
        B = {isa = PBXBuildFile; fileRef = F; };
        C = {isa = PBXBuildFile; fileRef = F; };
        P = {isa = PBXResourcesBuildPhase; files = (\(files)); };
        T = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = (P); };
        }; }
        """
    }

    @Test func aFolderReferenceListedManyTimesIsPlacedAsOnce() throws {
        let images = ["Art/a.png", "Art/sub/b.png"]
        func placements(_ files: String) throws -> [String: [BundlePlacement]] {
            let text = project(listing: files)
            #expect(XcodeProject.isOpenStepText(Array(text.utf8)))
            let project = try XcodeProject(data: Array(text.utf8), path: "App.xcodeproj/project.pbxproj")
            let target = try #require(project.nativeTargets.first)
            var model = BundleModel(source: .assumed)
            project.place(target: target, images: images, into: &model)
            return model.placements
        }
        let once = try placements("B")
        #expect(once.keys.sorted() == images)
        #expect(try placements(String(repeating: "B, C, ", count: 5_000)) == once)
        #expect(!XcodeProject.isOpenStepText(Array("bplist00".utf8)))
        #expect(!XcodeProject.isOpenStepText(Array(" <?xml version=\"1.0\"?>".utf8)))
    }
}

/// Xcode's project text is checked before CoreFoundation parses it, which logs its own errors
/// to standard error and gives no line.
@Suite struct OpenStepSyntaxTests {
    @Test func everyFixtureProjectPassesAndReadsAsBefore() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
        let projects =
            FileManager.default.enumerator(atPath: fixtures.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix("project.pbxproj") } ?? []
        #expect(projects.count >= 5)
        for project in projects {
            let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(project)))
            #expect(throws: Never.self, "\(project)") { try OpenStepSyntax.check(bytes) }
        }
    }

    @Test(arguments: [
        ("{ a = b }", "line 1: missing ';' after a dictionary entry"),
        ("{ a = b; c = (d e); }", "line 1: expected ',' or ')' after an array element"),
        ("{\n a = b;\n c d;\n}", "line 3: expected '=' after a key"),
        ("{ a = b;\n c = \"d; }", "line 2: a quoted string that is never closed"),
        ("{ a = b", "line 1: missing ';' after a dictionary entry, found the end of the file"),
        ("{ a = <0f zz>; }", "line 1: data holds a byte that is not a hex digit"),
        ("{ a = b; } }", "line 1: text after the end of the property list"),
        ("{ a = ; }", "line 1: expected a value, found ';'"),
        ("{ a = <0f1>; }", "line 1: data holds an odd number of hex digits"),
        ("{ a = (b,,c); }", "line 1: expected a value, found ','"),
        ("{ a = $(SRCROOT); }", "line 1: missing ';' after a dictionary entry"),
        ("{ a = (", "line 1: expected a value, found the end of the file"),
    ])
    func aBrokenProjectSaysWhereItBreaks(_ text: String, _ expected: String) {
        #expect {
            try OpenStepSyntax.check(Array(text.utf8))
        } throws: { error in
            "\(error)" == expected
        }
    }

    @Test(arguments: [
        "{ a = (b, c, ); d = \"e;f\"; 'g' = <0fa1 2b>; /* h = ; */ i = {}; j = (); // k\n}",
        "// !$*UTF8*$!\n{ path = \"a\\\"b\"; name = \"$(SRCROOT)\"; b = $x/y-1.2:3_z; }",
        "{ shortcut; a = b;\u{0B}\u{0C}\u{2028} c = <0f 1a>; }",
    ])
    func whatXcodeWritesPasses(_ text: String) {
        #expect(throws: Never.self) { try OpenStepSyntax.check(Array(text.utf8)) }
    }

    @Test func aBrokenProjectIsANoteThatNamesTheLine() throws {
        let text = "// !$*UTF8*$!\n{ archiveVersion = 1;\n objects = { R = {isa = PBXProject targets = (T); }; }; }"
        #expect {
            try XcodeProject(data: Array(text.utf8), path: "A.xcodeproj/project.pbxproj")
        } throws: { error in
            "\(error)" == "not a property list in Xcode's project format: line 3: missing ';' after a dictionary entry"
        }
    }
}

/// libxml2 2.9.14 ends the process switching to some declared encodings (`Scripts/fuzz csproj`).
@Suite struct DeclaredEncodingTests {
    @Test(
        arguments: [
            (#"<?xml version="1.0" encoding="UTF-8"?><a/>"#, "UTF-8", true),
            (#"<?xml version='1.0' encoding = 'us-ascii' ?><a/>"#, "us-ascii", true),
            (#"<?xml version="1.0"?><a encoding="utf-32"/>"#, nil, true),
            (#"<a/>"#, nil, true),
            (#"<?xml version="1.0" encoding="utf-32"?><a/>"#, "utf-32", false),
            ("\u{FEFF}<?xml version=\"1.0\" encoding=\"HZ\"?><a/>", "HZ", false),
            ("\0\0\0<a/>", nil, false),
        ] as [(String, String?, Bool)])
    func onlyUTF8OrASCIIMayBeDeclared(_ text: String, _ encoding: String?, _ passes: Bool) {
        let bytes = Array(text.utf8)
        #expect(XMLPrecheck.declaredEncoding(bytes) == encoding)
        #expect((XMLPrecheck.refusal(bytes) == nil) == passes)
        if !passes {
            let why = encoding.map { "declares the encoding '\($0)'" } ?? "holds a NUL byte"
            #expect(XMLPrecheck.refusal(bytes)?.contains(why) == true)
        }
    }
}
