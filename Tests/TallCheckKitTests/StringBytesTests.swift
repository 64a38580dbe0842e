import CTextScan
import Testing

@testable import TallCheckCore

/// The byte-level string helpers answer as the Character-level operations they stand in for.
@Suite("String helpers on bytes")
struct StringBytesTests {
    @Test(arguments: [
        "Icon", "Icon-60@2x", "AppIcon", "Ico", "icon", "Icón", "Icon\u{301}x", "Icon\u{301}", "", "IconX",
    ])
    func asciiPrefixAnswersAsHasPrefix(name: String) {
        #expect(name.hasASCIIPrefix("Icon") == name.hasPrefix("Icon"))
        #expect(name.hasASCIIPrefix("AppIcon") == name.hasPrefix("AppIcon"))
    }

    /// Folding answers as `lowercased()`, beyond ASCII too.
    @Test(arguments: [
        "Asset12@2x.png", "asset12@2x.png", "LEVELS/Map1.PNG", "", "@[]`{", "ÉMOJI.png", "Émoji", "\u{212A}elvin",
        "straße", "ABC\u{301}", "a-Z_0",
    ])
    func caseFoldedIsLowercased(name: String) {
        #expect(name.caseFolded == name.lowercased())
        #expect(Array(name.caseFolded.utf8) == Array(name.lowercased().utf8))
    }

    /// The text before a marker, by bytes, is the text before the first match `firstRange(of:)`
    /// finds; a string without the marker has none.
    @Test(arguments: [
        "Art/A.xcassets/b.imageset", "A.xcassets/x.xcassets/c.imageset", "Émoji.xcassets/é.imageset",
        "no catalog/a.imageset", "", ".xcassets/", "A.xcassetsX/b",
    ])
    func prefixBeforeBytesIsTheTextBeforeTheFirstMatch(path: String) {
        let expected = path.firstRange(of: ".xcassets/").map { String(path[..<$0.lowerBound]) }
        #expect(path.prefix(beforeBytes: ".xcassets/").map(String.init) == expected)
        #expect(path.contains(bytes: ".xcassets/") == (expected != nil))
    }

    @Test func pathsJoinWithOneSlash() {
        #expect(String.joinedPath("", "a.png") == "a.png")
        #expect(String.joinedPath("Images/é", "a@2x.png") == "Images/é/a@2x.png")
    }

    @Test(arguments: [("Button", "BUTTON"), ("star_Icon", "STAR_icon"), ("Émoji", "émoji")])
    func caseFoldedHashesIgnoreCase(name: String, other: String) {
        #expect(name.caseFoldedHash == other.caseFoldedHash)
        #expect(name.caseFoldedHash != (name + "x").caseFoldedHash)
        // A slice hashes as the string it spells.
        let longer = "x" + name
        #expect(String(longer.dropFirst()).caseFoldedHash == name.caseFoldedHash)
    }
}

extension StringBytesTests {
    /// Comments and plain strings passed inside the code pass: where it stops, the line feeds
    /// and the parentheses after them.
    @Test(
        arguments: [
            ("/* a */x\"", 8, 0, 0), ("/* /* */ */x#", 12, 0, 0), ("\"a(b)\"(#", 7, 0, 1), ("// x\ny#", 6, 1, 0),
            ("/* a\nb */(\"\\(x)\"", 16, 1, 1), ("/* a */ /* b", 8, 0, 0), ("\"\"\"a\"\"\"", 0, 0, 0),
            ("x // y", 2, 0, 0), ("/* a\r */", 0, 0, 0), ("\"\\(i): \\(t.u)\\n\"(#", 17, 0, 1),
            ("\"\\(f(x))\"", 0, 0, 0), ("\"\\(a\"", 0, 0, 0), ("\"\\\"\"#", 4, 0, 0),
        ] as [(String, Int, Int, Int)])
    func commentsAndPlainStringsArePassed(_ text: String, _ stop: Int, _ feeds: Int, _ depth: Int) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var (found, last, foundDepth) = (0, -1, 0)
            #expect(tc_skip_swift_code(buffer.baseAddress!, 0, bytes.count, &found, &last, &foundDepth, 0) == stop)
            #expect(found == feeds && foundDepth == depth)
        }
    }

    /// Where a byte loop passes the comment or plain string at `index` (one that ends before
    /// `end`, with no CR, and for a string no backslash or line feed), with the line feeds inside.
    static func passed(_ bytes: [UInt8], at index: Int, end: Int) -> (next: Int, feeds: Int, last: Int)? {
        guard index + 1 < end else { return nil }
        let (slash, star, quote) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\""))
        let (lf, cr) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
        if bytes[index] == slash, bytes[index + 1] == slash {
            let lineEnd = bytes[(index + 2)..<end].firstIndex { $0 == lf || $0 == cr }
            return lineEnd.map { ($0, 0, -1) }
        }
        if bytes[index] == slash, bytes[index + 1] == star {
            var (depth, at, feeds, last) = (1, index + 2, 0, -1)
            while at < end {
                if bytes[at] == cr { return nil }
                if at + 1 < end, bytes[at] == star, bytes[at + 1] == slash {
                    depth -= 1
                    at += 2
                    if depth == 0 { return (at, feeds, last) }
                } else if at + 1 < end, bytes[at] == slash, bytes[at + 1] == star {
                    depth += 1
                    at += 2
                } else {
                    if bytes[at] == lf { (feeds, last) = (feeds + 1, at) }
                    at += 1
                }
            }
            return nil
        }
        if bytes[index] == quote {
            guard index + 2 < end, !(bytes[index + 1] == quote && bytes[index + 2] == quote) else { return nil }
            let backslash = UInt8(ascii: "\\")
            var at = index + 1
            while at < end {
                if bytes[at] == quote { return (at + 1, 0, -1) }
                if [lf, cr].contains(bytes[at]) { return nil }
                guard bytes[at] == backslash else {
                    at += 1
                    continue
                }
                guard at + 1 < end, ![lf, cr].contains(bytes[at + 1]) else { return nil }
                guard bytes[at + 1] == UInt8(ascii: "(") else {
                    at += 2
                    continue
                }
                // A simple interpolation: no `(`, `"`, backslash, `/`, `#` or line break before its `)`.
                guard let close = bytes[(at + 2)..<end].firstIndex(of: UInt8(ascii: ")")),
                    !bytes[(at + 2)..<close].contains(where: { Array("(\"\\/#\n\r".utf8).contains($0) })
                else { return nil }
                at = close + 1
            }
        }
        return nil
    }
}

extension StringBytesTests {
    @Test(arguments: [
        "a/b/c.png", "/abs/path/x", "a//b/c", "a/b/", "file.png", "", "/", "Pods/\u{301}x/file", "é/Pods/x",
        "\u{600}/Pods/x", "Tests/a.swift", "a/b/c/d/e/f.m",
    ])
    func foldersAreTheCharacterSplitLessTheLast(path: String) {
        #expect(Array(path.folders) == Array(path.split(separator: "/").dropLast()))
    }
}

extension StringBytesTests {
    @Test(arguments: [
        "a/b/c.png", "c.png", "a/b/", "a//b", "/", "", "//x//", "Pods/\u{301}x", "x\u{600}/y", "é/ü.png", "a/b\u{301}/",
    ])
    func lastComponentIsTheSplitsLast(path: String) {
        #expect(path.lastSplitComponent == path.split(separator: "/").last)
    }

    @Test(arguments: ["a.png", "a.b.png", "noext", ".png", "x\u{600}.png", "a.\u{301}png", "é.png", "a.png."])
    func lastDotIsTheCharacterSearchs(name: String) {
        #expect(name.lastIndex(ofCharacterByte: UInt8(ascii: ".")) == name.lastIndex(of: "."))
    }
}

extension StringBytesTests {
    @Test(arguments: [
        ("en.lproj/a.png", true), ("Res/Base.lproj/x@2x.png", true), (".lproj/", true), ("a.lproj", false),
        ("x.lprojx/a.png", false), ("a/b.png", false), ("é.lproj/a", true), ("", false),
    ])
    func lprojFoldersAreFoundByBytes(path: String, holds: Bool) {
        #expect(path.containsLprojFolder == holds)
        #expect(path.containsByte(UInt8(ascii: "/")) == path.contains("/"))
    }
}

extension StringBytesTests {
    static let sortedNames = [
        "", "A", "Asset1", "Asset10", "Asset1@2x", "Asset1234567890123", "Asset12345678901234", "Asset1234567890124",
        "a", "a b", "a-568h@2x", "a.png", "a@2x.png", "ab", "a~ipad", "b/é.png", "é", "e\u{301}", "Z", "~",
    ]

    /// ASCII strings order by their first 16 bytes where those differ, as `<` orders them;
    /// a string with a byte beyond ASCII has no such prefix.
    @Test func asciiPrefixesOrderAsStringsDo() {
        for first in Self.sortedNames {
            for second in Self.sortedNames {
                guard let one = ASCIISortPrefix(first), let other = ASCIISortPrefix(second) else {
                    #expect(!first.isASCIIBytes || !second.isASCIIBytes)
                    continue
                }
                if one != other { #expect((one < other) == (first < second), "\(first) against \(second)") }
                #expect((first.compareBytes(second) < 0) == (first < second), "\(first) against \(second)")
                #expect((first.compareBytes(second) == 0) == (first == second))
            }
        }
        #expect(ASCIISortPrefix("é") == nil && !"é".isASCIIBytes && "a/b.png".isASCIIBytes)
        // Strings that share their first 16 bytes have equal prefixes: the caller compares on.
        #expect(ASCIISortPrefix("Asset1234567890123") == ASCIISortPrefix("Asset1234567890124"))
    }

    @Test func twoJobsGiveBothResults() {
        let (sum, text) = inParallel({ (1...1000).reduce(0, +) }) { String(repeating: "x", count: 3) }
        #expect(sum == 500_500 && text == "xxx")
    }
}

extension StringBytesTests {
    /// The lexer's sixteen-byte passes stop where a byte-by-byte pass stops, count the same line
    /// feeds and parentheses, wherever the stop falls in a block of sixteen (and in the tail
    /// after the blocks).
    @Test func codePassesStopWhereAByteLoopDoes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab \n\n//**\"\"#((()))\r\\_x".utf8)
        for _ in 0..<4_000 {
            let count = Int.random(in: 0...70, using: &generator)
            let density = Int.random(in: 1...30, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                Int.random(in: 0..<density, using: &generator) == 0
                    ? alphabet.randomElement(using: &generator)! : UInt8(ascii: "a")
            }
            let start = Int.random(in: 0...count, using: &generator)
            let opened = Int.random(in: 0...2, using: &generator)
            let inInterpolation = Bool.random(using: &generator)
            let multiline = Bool.random(using: &generator)
            // Code: the reference loop, passing whole comments and plain strings that end before `count`.
            var (stop, feeds, last, depth) = (start, 0, -1, opened)
            while stop < count {
                let byte = bytes[stop]
                if Array("/\"".utf8).contains(byte), let passed = Self.passed(bytes, at: stop, end: count) {
                    if passed.feeds > 0 { (feeds, last) = (feeds + passed.feeds, passed.last) }
                    stop = passed.next
                    continue
                }
                if Array("/\"#\r".utf8).contains(byte) { break }
                if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    if depth > 0 { depth -= 1 } else if inInterpolation { break }
                } else if byte == UInt8(ascii: "\n") {
                    (feeds, last) = (feeds + 1, stop)
                }
                stop += 1
            }
            // A string's text.
            var (textStop, textFeeds, textLast) = (start, 0, -1)
            while textStop < count {
                let byte = bytes[textStop]
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") { break }
                if byte == UInt8(ascii: "\n") {
                    if !multiline { break }
                    (textFeeds, textLast) = (textFeeds + 1, textStop)
                }
                textStop += 1
            }
            var lineEnd = start
            while lineEnd < count, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r") {
                lineEnd += 1
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var (found, foundLast, foundDepth) = (0, -1, opened)
                let foundStop = tc_skip_swift_code(
                    base, start, count, &found, &foundLast, &foundDepth, inInterpolation ? 1 : 0)
                #expect(foundStop == stop && found == feeds && foundLast == last, "\(bytes) from \(start)")
                #expect(foundDepth == depth, "\(bytes) from \(start)")
                var (inText, inTextLast) = (0, -1)
                let foundTextStop = tc_skip_swift_string(base, start, count, multiline ? 1 : 0, &inText, &inTextLast)
                #expect(
                    foundTextStop == textStop && inText == textFeeds && inTextLast == textLast, "\(bytes) from \(start)"
                )
                #expect(tc_skip_to_line_end(base, start, count) == lineEnd)
            }
        }
    }
}

extension StringBytesTests {
    @Test(arguments: [
        "Tests", "FooTests", "FooTest", "Foo\u{600}Tests", "Fóo\u{301}Tests", "Tests\u{301}", "tests", "Specs",
        "ASpecs", "",
    ])
    func asciiSuffixAnswersAsHasSuffix(folder: String) {
        let slice = ("x/" + folder).dropFirst(2)
        #expect(slice.hasASCIISuffix("Tests") == slice.hasSuffix("Tests"))
        #expect(slice.hasASCIISuffix("Specs") == slice.hasSuffix("Specs"))
    }

    @Test func vendoredAndTestFoldersByBytes() {
        #expect(SourceInput.isVendoredOrTest("App/AppTests/A.swift") && SourceInput.isVendoredOrTest("tests/a.m"))
        #expect(SourceInput.isVendoredOrTest("Pods/X/a.m") && SourceInput.isVendoredOrTest("Kit/Specs/a.m"))
        #expect(!SourceInput.isVendoredOrTest("App/Testsx/a.m") && !SourceInput.isVendoredOrTest("Podsx/a.m"))
        #expect(!SourceInput.isVendoredOrTest("App/AppTests.swift"), "a file, not a folder")
        #expect(SourceInput.isVendored("a/node_modules/b.png") && !SourceInput.isVendored("a/Tests/b.png"))
    }

    /// Folders compared in place by bytes answer as the folders split by Characters, for the
    /// vendored and test folders of source files and the vendored folders of findings.
    @Test(arguments: [
        "App/AppTests/A.swift", "tests/a.m", "Pods/X/a.m", "Kit/Specs/a.m", "App/Testsx/a.m", "Podsx/a.m",
        "App/AppTests.swift", "a/Pods/", "a/Pods//", "Pods//x", "//Pods/x", "/", "", "Pods", "x/.build/y.swift",
        "x/DerivedData/y", "x/Carthage/y", "Tests/", "a/Specs", "a/ASpecs/b", "a/Test/b", "a/tests/b", "a/Tests/b",
        "a/TESTS/b", "node_modules/a/b", "a/.buil/b", "é/Tests/b", "Tests\u{301}/b", "a/\u{301}Pods/b",
    ])
    func vendoredOrTestAnswersAsByCharacters(path: String) {
        #expect(SourceInput.isVendoredOrTest(path) == SourceInput.isVendoredOrTestByCharacters(path))
        #expect(SourceInput.isVendored(path) == SourceInput.isVendoredByCharacters(path))
    }
}

extension StringBytesTests {
    @Test(arguments: [("Icon", true), ("icon", false), ("icon-é", false), ("ICÓN", true), ("", false), ("a_Z", true)])
    func asciiCapitalsAreFound(name: String, has: Bool) {
        #expect(name.hasASCIIUppercase == has)
        if !has, name.isASCIIBytes { #expect(name.lowercased() == name) }
    }

    /// A name carries its own scale only when it ends in `@2x` or `@3x` (the resolver asks first
    /// whether its last byte is `x`).
    @Test(
        arguments: [
            ("Default-568h@2x", 2), ("icon@3x", 3), ("icon", nil), ("box", nil), ("icon@2x\u{301}", nil),
            ("icon@2x~ipad", nil),
        ] as [(String, Int?)])
    func explicitScalesAreRead(base: String, scale: Int?) {
        #expect(ImageResolver.explicitScale(base: base, ext: "png") == scale)
    }
}

extension StringBytesTests {
    /// The resolver's tables keep the first value stored under a key (one look-up each).
    @Test func storeUnlessPresentKeepsTheFirstValue() {
        var table: [String: Int] = [:]
        table.storeUnlessPresent(1, forKey: "a")
        table.storeUnlessPresent(2, forKey: "a")
        table.storeUnlessPresent(3, forKey: "b")
        #expect(table == ["a": 1, "b": 3])
    }
}

extension StringBytesTests {
    /// The first offset of a needle (`memchr` to its first byte, then its last byte, then the
    /// rest) is where a byte-by-byte search finds it: needles of 1 to 20 bytes in texts of a
    /// small alphabet (so that first and last bytes match often), from every start.
    @Test func firstOffsetMatchesAByteByByteSearch() {
        var random = SeededRandom()
        func naive(_ text: [UInt8], _ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count > 0, start >= 0 else { return nil }
            var index = start
            while index + needle.count <= text.count {
                if text[index..<(index + needle.count)].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
        let alphabet = Array("ab.c".utf8)
        var compared = 0
        for _ in 0..<400 {
            let text = (0..<random.next(70)).map { _ in alphabet[random.next(alphabet.count)] }
            let needle = (0..<(1 + random.next(20))).map { _ in alphabet[random.next(alphabet.count)] }
            for start in 0...(text.count + 1) {
                #expect(text.firstOffset(of: needle, from: start) == naive(text, needle, from: start))
                compared += 1
            }
        }
        #expect(compared > 10_000)
        #expect([UInt8]().firstOffset(of: [1], from: 0) == nil)
        #expect(Array("abc".utf8).firstOffset(of: [], from: 0) == nil)
        let long = Array(String(repeating: "x", count: 40).utf8) + Array(".image".utf8)
        #expect(long.firstOffset(of: Array(".image".utf8), from: 3) == 40)
        #expect(long.firstOffset(of: Array(".image".utf8), from: 41) == nil)
    }
}
