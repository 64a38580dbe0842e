import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `fix --recompress` writes a PNG again only when it comes out smaller with the very same pixels.
@Suite("Lossless PNG rewriting")
struct PNGRewriterTests {
    @Test(
        "PngSuite: never a changed pixel, never a larger file, broken files refused",
        .enabled(if: PNGSuite.isPresent, "PngSuite not found at \(PNGSuite.folder)"))
    func pngSuiteKeepsEveryPixel() throws {
        let expected = try PNGSuite.expectations()
        var smaller = 0
        var refused = 0
        for (name, expectation) in expected.sorted(by: { $0.key < $1.key }) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PNGSuite.folder + "/" + name)))
            switch PNGRewriter.rewrite(bytes) {
            case .success(let rewritten?):
                smaller += 1
                #expect(rewritten.count < bytes.count, "\(name) grew")
                // Decoded independently of the rewriter's own check: the same facts and pixels.
                var old = bytes
                var new = rewritten
                let reader = PNGContent()
                #expect(
                    try reader.pixelDigest(ofMemory: &old).get() == reader.pixelDigest(ofMemory: &new).get(), "\(name)")
                var first = bytes
                var second = rewritten
                let before = ImageProbe(depth: .verify).probe(memory: &first)
                let after = ImageProbe(depth: .verify).probe(memory: &second)
                #expect(after.isValid && after.pixelSize == before.pixelSize && after.png == before.png, "\(name)")
            case .success(nil):
                #expect(expectation.valid, "\(name) is broken but was read")
            case .failure:
                refused += 1
            }
            if !expectation.valid {
                #expect((try? PNGRewriter.rewrite(bytes).get()) ?? nil == nil, "\(name) is broken: never rewritten")
            }
        }
        #expect(smaller > 20, "PngSuite's files are small and mostly tight, but some shrink: \(smaller)")
        // Exactly the broken files are refused; each valid one is rewritten or left as small as it is.
        #expect(refused == expected.values.count { !$0.valid })
    }

    @Test func aCgBIFileIsNeverRewritten() throws {
        let cgbi = PNGBuilder(width: 8, height: 8, cgbi: true).encoded()
        guard case .failure(let failure) = PNGRewriter.rewrite(cgbi) else {
            Issue.record("a CgBI file was rewritten")
            return
        }
        #expect(failure.message.contains("CgBI"))
    }

    @Test func aStoredPNGShrinksAndKeepsItsOtherChunks() throws {
        let picture = DuplicateImageTests.Picture.sample(64, 64)
        let stored = DuplicateImageTests.png(picture, level: 0)
        let rewritten = try #require(try PNGRewriter.rewrite(stored).get())
        #expect(rewritten.count < stored.count * 9 / 10)
        // Every chunk but the image data is as it was.
        func chunks(_ bytes: [UInt8]) -> [[UInt8]] {
            var chunks: [[UInt8]] = []
            var at = 8
            while at + 12 <= bytes.count {
                let length =
                    Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
                let type = Array(bytes[(at + 4)..<(at + 8)])
                if type != Array("IDAT".utf8) { chunks.append(Array(bytes[at..<(at + 12 + length)])) }
                at += 12 + length
            }
            return chunks
        }
        #expect(chunks(rewritten) == chunks(stored))
        #expect(try PNGRewriter.rewrite(rewritten).get() == nil, "a second pass finds nothing smaller")
    }
}
