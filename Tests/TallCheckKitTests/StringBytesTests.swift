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
