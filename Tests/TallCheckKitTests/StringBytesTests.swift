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
