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
}
