import Foundation
import Testing

@testable import TallCheckCore

@Suite("JSON text")
struct JSONValueTests {
    @Test func jsonStringsEscapeByTheirBytes() {
        let value = JSONValue.object([
            ("a\"b", .string("line\nbreak\ttab\r \\ \"q\" \u{1}\u{1F}\u{7F} é 🌅")), ("plain", .string("é")),
        ])
        #expect(
            value.rendered()
                == #"{"a\"b":"line\nbreak\ttab\r \\ \"q\" \u0001\u001f\u007f é 🌅","plain":"é"}"#)
    }

    /// Runs of plain bytes are found sixteen at a time: strings of every length up to 70, each
    /// byte drawn from escapes, ASCII and multi-byte characters, read back by Foundation.
    @Test func stringsOfEveryLengthReadBackAsWritten() throws {
        var random = SeededRandom()
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "🌅", "~", "/"]
        for length in 0...70 {
            for _ in 0..<8 {
                let text = (0..<length).map { _ in pieces[random.next(pieces.count)] }.joined()
                let rendered = JSONValue.array([.string(text)]).rendered()
                let read = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String]
                #expect(read == [text], "\(rendered)")
                #expect(!rendered.utf8.contains { $0 < 0x20 || $0 == 0x7F }, "\(rendered)")
            }
        }
    }
}
