import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import tallcheck

@Suite("resolve --batch")
struct ResolveBatchTests {
    static let background = [
        ("Images/Background.png", 320, 358), ("Images/Background@2x.png", 640, 716),
        ("Images/Background-568h@2x.png", 640, 892),
    ]

    /// An index over files given by path and pixel size: no file system.
    static func index(_ files: [(String, Int, Int)]) -> ImageResolver {
        ImageResolver(
            Inventory(
                images: files.map { ScannedImage(path: $0.0, facts: RuleExample.File.image($0.0, $0.1, $0.2).facts) }
            ))
    }

    @Test func batchAnswersEachLineAndSurvivesBadOnes() {
        let index = Self.index(Self.background)
        func answer(_ line: String) -> String { ResolveBatch.answer(line, from: index) }
        #expect(
            answer(#"{"name":"Background","device":"iPhone 5","mode":"tall-suffix"}"#).contains(
                #""file":"Images/Background-568h@2x.png""#))
        #expect(answer("{nope") == #"{"error":"not a JSON object"}"#)
        #expect(
            answer(#"{"name":"Background","scale":2,"bounds":[320,568],"idiom":"phone"}"#).contains(
                #""name":null"#))
        #expect(
            answer(#"{"device":"iPhone 5"}"#)
                == #"{"error":"a request needs \"name\", or \"launch\":true"}"#)
        #expect(
            answer(#"{"launch":true,"device":"iPhone 5"}"#).hasSuffix(
                #""presentation":"letterboxed"}"#))
    }
}
