import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// The tables that stand in for sets and dictionaries on every image answer as those would.
@Suite("Hash slots and length bits")
struct HashSlotsTests {
    /// Keys under a hash shared by many (every seventh key alike, so each probe walks a run),
    /// through the table's growth: the first position of each key, as a dictionary keeps it.
    @Test(arguments: [1, 16, 1000])
    func firstPositionOfEachKeyAsADictionaryKeepsIt(capacity: Int) {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<3000).map { _ in Int.random(in: 0..<900, using: &generator) }
        var slots = HashSlots(capacity: capacity)
        var reference: [Int: Int] = [:]
        for (position, key) in keys.enumerated() {
            let found = slots.firstMatch(UInt64(key % 7), orInsert: position) { keys[$0] == key }
            #expect(found == reference[key])
            if reference[key] == nil { reference[key] = position }
        }
        #expect(slots.count == reference.count)
        // Everything stored is still found after the growth.
        for (key, position) in reference {
            #expect(slots.firstMatch(UInt64(key % 7), orInsert: -1) { keys[$0] == key } == position)
        }
    }

    @Test func asciiHashSaysWhetherTheBytesAreASCII() {
        let plain = FNV1a.asciiHash(of: "icon@2x.png")
        let accented = FNV1a.asciiHash(of: "icône@2x.png")
        #expect(plain?.isASCII == true)
        #expect(accented?.isASCII == false)
        // A slice hashes as the string it spells.
        let longer = "Images/icon@2x.png"
        #expect(FNV1a.asciiHash(of: longer.dropFirst(7))?.hash == plain?.hash)
        #expect(FNV1a.asciiHash(of: "icon@3x.png")?.hash != plain?.hash)
    }

    @Test func lengthBitsAnswerAsASetOfLengths() {
        let lengths = [0, 1, 63, 64, 65, 127, 128, 4095, 4096, 70_000]
        let bits = LengthBits(lengths)
        let set = Set(lengths)
        for length in -2...4200 { #expect(bits.contains(length) == set.contains(length)) }
        #expect(bits.contains(70_000))
        #expect(!bits.contains(70_001))
        #expect(!bits.contains(Int.max))
        #expect(!LengthBits().contains(0))
    }
}

extension HashSlotsTests {
    /// `case-mismatch` finds its clashes in hash slots: the first file under each case-folded
    /// name in its localisation, the others named against it, many names and localisations mixed.
    @Test func caseClashesByLocalisationAndName() {
        var files: [RuleExample.File] = []
        var expected: [String: String] = [:]
        for index in 0..<300 {
            files.append(.image("A/icon\(index).png", 10, 10))
            files.append(.image("en.lproj/Title\(index).png", 10, 10))
            files.append(.image("fr.lproj/Title\(index).png", 10, 10))
            if index % 3 == 0 {
                files.append(.image("B/ICON\(index).png", 10, 10))
                expected["B/ICON\(index).png"] = "A/icon\(index).png"
                files.append(.image("Other/en.lproj/title\(index).png", 10, 10))
                // Sorted by path, `Other/` comes first: the file under `en.lproj/` clashes with it.
                expected["en.lproj/Title\(index).png"] = "Other/en.lproj/title\(index).png"
            }
            // The same name again in another folder is one file twice, not a clash.
            if index % 5 == 0 { files.append(.image("C/icon\(index).png", 10, 10)) }
        }
        let findings = CaseMismatch().findings(in: RuleExample(files).inventory)
        #expect(findings.count == expected.count)
        for finding in findings { #expect(finding.related == [expected[finding.path] ?? "?"], "\(finding.path)") }
    }
}
