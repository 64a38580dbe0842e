import Testing

@testable import TallCheckCore

/// Issue 58: data files' strings are kept as bytes, and only those the asked keys may match
/// become strings; what they answer is what a set of strings answered.
@Suite struct DataStringsTests {
    @Test func stringsAreKeptInOrderAndJoinedByOffset() {
        var first = DataStrings()
        first.insert("Banner")
        first.add(utf8: ArraySlice(Array("héllo".utf8)))
        var second = DataStrings()
        second.insert("img/Logo.png")
        first.append(contentsOf: second)
        #expect(first.count == 3)
        #expect(first.strings == ["Banner", "héllo", "img/Logo.png"])
        #expect(first.distinct == ["Banner", "héllo", "img/Logo.png"])
    }

    @Test func askedKeysPickTheNamesASetWouldHaveGiven() {
        var strings = DataStrings()
        for text in ["Welcome to the app", "star", "Icons/heart@2x.png", "starfish", "star"] { strings.insert(text) }
        let asked = LooseKeyFilter(NameKeys.askedKeys(paths: ["Icons/star.png", "heart.png"]))
        let filtered = DataNames(strings, asked: asked)
        let whole = DataNames(Set(["Welcome to the app", "star", "Icons/heart@2x.png", "starfish"]))
        for key in ["star", "heart", "iconsheart"] {
            #expect(filtered.name(forLooseKey: key) == whole.name(forLooseKey: key), "\(key)")
            #expect(filtered.name(forLooseKey: key) != nil)
        }
        // A key outside the asked ones is still found, by the search of every string.
        #expect(filtered.name(forLooseKey: "starfish") == "starfish")
        #expect(filtered.name(forLooseKey: "welcome") == nil)
    }

    @Test func aFileNotValidUTF8IsRepairedAsAStringWould() {
        let text: [UInt8] = Array("\"a".utf8) + [0xC3] + Array("star\" \"ok\"".utf8)
        let repaired = DataNamesInput.validUTF8(text)
        #expect(repaired == Array(String(decoding: text, as: UTF8.self).utf8))
        #expect(DataNamesInput.validUTF8(Array("plain".utf8)) == Array("plain".utf8))
        var strings = DataStrings()
        DataNamesInput.names(in: repaired, into: &strings)
        #expect(strings.strings == ["a\u{FFFD}star", "ok"])
    }

    /// The C check agrees with the standard library's on random bytes: runs of ASCII (the fast
    /// path) around well-formed sequences, overlong forms, surrogates, cut-off sequences and
    /// stray continuation bytes.
    @Test func theUTF8CheckAgreesWithTheStandardLibrarys() {
        var generator = SeededGenerator(seed: 0x5EED_0057)
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0x80], [0xC3], [0xFF], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                bytes += Array(repeating: UInt8.random(in: 0x20...0x7E, using: &generator), count: Int.random(in: 0...40, using: &generator))
                if Bool.random(using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((DataNamesInput.validUTF8(bytes) == bytes) == valid, "\(bytes)")
        }
    }
}

/// The data files' strings found sixteen bytes at a time are the ones the byte loop finds.
@Suite struct DataStringScanTests {
    static let pieces = ["\"", "\\", "\n", "<", "<string>", "a", "Icon", "é", " ", "=", ";", "\\\"", "\r", "{}", "/"]

    @Test func theScannerFindsWhatTheLoopFinds() {
        var generator = SeededGenerator(seed: 58)
        for round in 0..<2_000 {
            let length = Int.random(in: 0...(round < 1_000 ? 12 : 400), using: &generator)
            let text = (0..<length).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            var scanned = DataStrings()
            var looped = DataStrings()
            DataNamesInput.jsonNames(in: Array(text.utf8), into: &scanned)
            DataNamesInput.namesByteByByte(in: Array(text.utf8), kind: .json, into: &looped)
            #expect(scanned.strings == looped.strings, "\(text.debugDescription)")
        }
    }

    @Test func moreStringsThanOneCallWritesAreAllFound() {
        let text = (0..<5_000).map { "\"key\($0)\" = \"value \\\"\($0)\\\"\";\n" }.joined()
        var strings = DataStrings()
        DataNamesInput.jsonNames(in: Array(text.utf8), into: &strings)
        // Each entry's key, its value as written and its value decoded.
        #expect(strings.count == 15_000)
        #expect(strings.strings.suffix(3) == ["key4999", #"value \"4999\""#, #"value "4999""#])
    }
}
