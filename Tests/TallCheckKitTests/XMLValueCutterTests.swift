import Testing

@testable import TallCheckCore

/// Issue 58: a `.csproj` of one huge attribute or text node is read in pieces with the value cut,
/// and what is kept is still the project, well-formed.
@Suite struct XMLValueCutterTests {
    static let bound = XMLValueCutter.maxValueBytes

    static func project(_ middle: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?><Project Sdk="Microsoft.NET.Sdk"><ItemGroup>"# + middle
            + #"<BundleResource Include="Resources/Icon.png" /></ItemGroup></Project>"#
    }

    static func cutInPieces(_ text: String, seed: UInt64) -> [UInt8] {
        var cutter = XMLValueCutter()
        var generator = SeededGenerator(seed: seed)
        let bytes = Array(text.utf8)
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + Int.random(in: 1...9, using: &generator))
            bytes[at..<end].withUnsafeBytes { cutter.take($0) }
            at = end
        }
        cutter.finish()
        return cutter.kept
    }

    @Test func textWithinTheBoundIsKeptByteForByte() {
        let text = Self.project(
            "<!-- a comment --><None Include=\"a&amp;b.png\"><Link>x/é.png</Link></None><![CDATA[ <x> ]]>\n")
        let cut = XMLValueCutter.cut(Array(text.utf8))
        #expect(cut.kept == Array(text.utf8))
        #expect(cut.firstCut == nil)
        #expect(Self.cutInPieces(text, seed: 1) == Array(text.utf8))
    }

    /// Each kind of value, made long: what the cut says it was, and the project text around it.
    static let longValues: [String: String] = [
        "attribute value": "<None Include=\"" + String(repeating: "ab&amp;éé", count: 20_000) + "\" />",
        "text node": "<None Include=\"x.png\"><Link>" + String(repeating: "é&lt;", count: 30_000) + "</Link></None>",
        "comment": "<!--" + String(repeating: "a-", count: 40_000) + "-->",
        "CDATA section": "<None Include=\"y\"><![CDATA[" + String(repeating: "é]", count: 40_000) + "]]></None>",
    ]

    @Test(arguments: ["attribute value", "text node", "comment", "CDATA section"])
    func aLongValueIsCutToAWellFormedPrefix(what: String) throws {
        let middle = try #require(Self.longValues[what])
        let text = Self.project(middle)
        let cut = XMLValueCutter.cut(Array(text.utf8))
        #expect(cut.firstCut?.what == what)
        #expect(cut.firstCut?.line == 1)
        #expect(cut.firstCut.map { $0.bytes > Self.bound } == true)
        #expect(cut.kept.count < Self.bound + 200)
        #expect(Self.cutInPieces(text, seed: 7) == cut.kept)
        // Still UTF-8, still XML, still the project: the item after the cut value is read.
        #expect(XMLPrecheck.refusal(cut.kept) == nil)
        let project = try MSBuildProject(data: cut.kept, path: "App/App.csproj")
        #expect(project.items.contains { $0.include == "Resources/Icon.png" })
    }

    @Test func aCutSaysWhereTheValueBegan() {
        let text = Self.project("\n\n<None Include=\"" + String(repeating: "a", count: Self.bound + 1) + "\" />")
        #expect(XMLValueCutter.cut(Array(text.utf8)).firstCut == .init(what: "attribute value", line: 3, bytes: Self.bound + 1))
        let exact = Self.project("<None Include=\"" + String(repeating: "a", count: Self.bound) + "\" />")
        #expect(XMLValueCutter.cut(Array(exact.utf8)).firstCut == nil)
    }
}

/// SplitMix64: the same numbers on every machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
