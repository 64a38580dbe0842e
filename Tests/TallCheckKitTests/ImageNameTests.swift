import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("File name grammar")
struct ImageNameTests {
    struct Parsed: Sendable, CustomTestStringConvertible {
        var fileName: String
        var base: String
        var height: Int? = nil
        var orientation: LaunchOrientation? = nil
        var scale = 1
        var device: DeviceModifier? = nil
        var pathExtension = "png"
        /// The name iOS would match; the file name itself when it is already right.
        var canonical: String? = nil

        var testDescription: String { fileName }
    }

    @Test(arguments: [
        Parsed(fileName: "Button.png", base: "Button"),
        Parsed(fileName: "Button@2x.png", base: "Button", scale: 2),
        Parsed(fileName: "Button@2x~ipad.png", base: "Button", scale: 2, device: .ipad),
        Parsed(fileName: "Button~iphone.png", base: "Button", device: .iphone),
        Parsed(fileName: "Default-568h@2x.png", base: "Default", height: 568, scale: 2),
        Parsed(
            fileName: "Default-Portrait@2x~ipad.png", base: "Default", orientation: .portrait, scale: 2, device: .ipad),
        Parsed(
            fileName: "Default-Landscape-736h@3x.png", base: "Default", height: 736, orientation: .landscape, scale: 3),
        Parsed(
            fileName: "LaunchImage-800-Portrait-736h@3x.png", base: "LaunchImage-800", height: 736,
            orientation: .portrait, scale: 3),
        Parsed(fileName: "Icon-60@2x.png", base: "Icon-60", scale: 2),
        Parsed(fileName: "my-icon.jpg", base: "my-icon", pathExtension: "jpg"),
        Parsed(fileName: "a~ipad@2x.png", base: "a", scale: 2, device: .ipad, canonical: "a@2x~ipad.png"),
        Parsed(
            fileName: "Default@2x-568h.png", base: "Default", height: 568, scale: 2, canonical: "Default-568h@2x.png"),
        Parsed(fileName: "b@2X.png", base: "b", scale: 2, canonical: "b@2x.png"),
        Parsed(fileName: "c~iPad.png", base: "c", device: .ipad, canonical: "c~ipad.png"),
        Parsed(
            fileName: "Default-568H@2x.png", base: "Default", height: 568, scale: 2, canonical: "Default-568h@2x.png"),
        Parsed(
            fileName: "Default-portrait~ipad.png", base: "Default", orientation: .portrait, device: .ipad,
            canonical: "Default-Portrait~ipad.png"),
        Parsed(fileName: "d@1x.png", base: "d", canonical: "d.png"),
        Parsed(fileName: "e@2x.PNG", base: "e", scale: 2, pathExtension: "PNG", canonical: "e@2x.png"),
        // Not modifiers: a bare modifier as the whole name, a height with a sign, @10x.
        Parsed(fileName: "@2x.png", base: "@2x"),
        Parsed(fileName: "f-+5h.png", base: "f-+5h"),
        Parsed(fileName: "g@10x.png", base: "g@10x"),
    ])
    func parsesModifiersAndGivesTheNameIOSMatches(_ expected: Parsed) {
        let name = ImageName(fileName: expected.fileName)
        #expect(name.base == expected.base)
        #expect(name.height == expected.height)
        #expect(name.orientation == expected.orientation)
        #expect(name.scale == expected.scale)
        #expect(name.device == expected.device)
        #expect(name.pathExtension == expected.pathExtension)
        #expect(name.canonicalFileName == (expected.canonical ?? expected.fileName))
        #expect(name.fileName == expected.fileName, "parsing keeps every character")
    }

    @Test func launchImageNameKeepsLaunchModifiersOnly() {
        #expect(ImageName(fileName: "LaunchImage-700-568h@2x~iphone.png").launchImageName == "LaunchImage-700-568h")
    }

    @Test(arguments: ["a~ipad@2x.png", "Default@2x-568h.png", "x~iphone-Portrait.png"])
    func outOfOrderModifiersAreNotInMatchingOrder(_ fileName: String) {
        #expect(!ImageName(fileName: fileName).isInMatchingOrder)
    }

    /// The byte-by-byte reading of ASCII names gives what the character-by-character one does, over
    /// 50,000 names built from the grammar's pieces and their misspellings (a fixed seed).
    @Test func asciiNamesParseAsTheyDoCharacterByCharacter() {
        let pieces = [
            "a", "Button", "B", "-", "@", "~", ".", "x", "X", "h", "H", "2", "3", "1", "0", "9", "568", "2436",
            "-568h", "-568H", "@2x", "@3X", "@3", "@1x", "@10x", "~ipad", "~iPad", "~iphone", "-Portrait",
            "-landscapeleft", "-PortraitUpsideDown", ".png", ".PNG", ".jpg", "..", " ", "+5h", "-0h",
            "-99999999999999999999h",
        ]
        var random = SeededRandom()
        var differing: [String] = []
        for _ in 0..<50_000 {
            let name = (0..<(1 + random.next(6))).map { _ in pieces[random.next(pieces.count)] }.joined()
            if ImageName(fileName: name) != ImageName(characters: name) { differing.append(name) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        // A name that is not ASCII takes the character path (a combining accent after the dash).
        #expect(ImageName(fileName: "Bouton-\u{301}568h@2x.png") == ImageName(characters: "Bouton-\u{301}568h@2x.png"))
    }
}

extension ImageNameTests {
    /// `isMatchable` checks in place what it once built lists and lower-cased copies for: the
    /// same answer as that definition, beyond ASCII too.
    @Test(arguments: [
        "a.png", "a.PNG", "a.pNg", "a@2x.png", "a@2X.png", "a~ipad@2x.png", "a@2x~ipad.png", "Default-568h@2x.png",
        "Default-568H@2x.png", "a.ÉPS", "a.éps", "a.png\u{301}", "a", "a@3x", "a~iphone.jpg", "a~IPHONE.jpg",
        "a@1x.png", "a@4x.png", "a@3X~ipad.png", "a~iPad.png", "a-Portrait@2x.png", "a-portrait@2x.png",
        "a-667h@2x.png",
    ])
    func matchableAsDefined(fileName: String) {
        let name = ImageName(fileName: fileName)
        let defined =
            name.isInMatchingOrder && name.modifiers.allSatisfy { $0.text == $0.canonicalText }
            && name.pathExtension == name.pathExtension.lowercased()
        #expect(name.isMatchable == defined)
        for modifier in name.modifiers {
            #expect(modifier.isCanonicallySpelt == (modifier.text == modifier.canonicalText))
        }
    }
}
