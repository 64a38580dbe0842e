import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// What the probe should say about a file, in one mode.
enum ProbeOutcome: Sendable, CustomStringConvertible {
    case valid(width: Int, height: Int)
    /// Invalid, with a reason that contains this text.
    case invalid(String)

    var description: String {
        switch self {
        case .valid(let width, let height): "valid \(width)×\(height)"
        case .invalid(let reason): "invalid (\(reason))"
        }
    }
}

struct ProbeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let header: ProbeOutcome
    let verify: ProbeOutcome

    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], header: ProbeOutcome, verify: ProbeOutcome? = nil) {
        self.name = name
        self.bytes = bytes
        self.header = header
        self.verify = verify ?? header
    }
}

/// Returns the chunks of `builder` with `edit` applied to the first chunk of type `type`.
func editing(_ builder: PNGBuilder, chunk type: String, _ edit: (inout PNGChunk) -> Void) -> [UInt8] {
    var chunks = builder.chunks
    let index = chunks.firstIndex { $0.type == type }!
    edit(&chunks[index])
    return PNGBuilder.encode(chunks)
}

/// Cuts the file `offset` bytes into the data of its first `type` chunk.
func truncated(_ builder: PNGBuilder, inside type: String, after offset: Int) -> [UInt8] {
    var start = PNGBuilder.signature.count
    for chunk in builder.chunks {
        if chunk.type == type { return Array(builder.encoded()[..<(start + 8 + offset)]) }
        start += chunk.encoded().count
    }
    fatalError("no \(type) chunk")
}

/// A small file whose IHDR claims a size its (empty) image data does not have.
func claimingSize(width: Int, height: Int) -> [UInt8] {
    PNGBuilder.encode([
        PNGBuilder(width: width, height: height).ihdr, PNGChunk(type: "IDAT", data: []),
        PNGChunk(type: "IEND", data: []),
    ])
}

let rgba = PNGBuilder(width: 40, height: 30)
let tallCgBI = PNGBuilder(width: 640, height: 1136, cgbi: true)

let probeCases: [ProbeCase] = [
    ProbeCase("8-bit RGBA", rgba.encoded(), header: .valid(width: 40, height: 30)),
    ProbeCase(
        "interlaced 16-bit gray",
        PNGBuilder(width: 13, height: 9, bitDepth: 16, colorType: 0, interlaced: true).encoded(),
        header: .valid(width: 13, height: 9)),
    ProbeCase(
        "2-bit palette", PNGBuilder(width: 7, height: 3, bitDepth: 2, colorType: 3).encoded(),
        header: .valid(width: 7, height: 3)),
    ProbeCase(
        "signature with its CR/LF bytes changed",
        PNGBuilder.encode(rgba.chunks, signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x1A, 0x0D]),
        header: .invalid("damaged PNG signature")),
    ProbeCase("text file named .png", Array("hello, world\n".utf8), header: .invalid("not an image")),
    ProbeCase("zero-length file", [], header: .invalid("empty file")),
    ProbeCase(
        "IHDR with a wrong CRC", editing(rgba, chunk: "IHDR") { $0.crc = 0xDEAD_BEEF },
        header: .invalid("IHDR: CRC error")),
    ProbeCase(
        "bit depth 3", PNGBuilder(width: 4, height: 4, bitDepth: 3, colorType: 2).encoded(),
        header: .invalid("Invalid bit depth")),
    ProbeCase(
        "colour type 5", PNGBuilder(width: 4, height: 4, colorType: 5).encoded(), header: .invalid("Invalid color type")
    ),
    ProbeCase(
        "file that ends after IHDR", PNGBuilder.encode([rgba.ihdr]), header: .invalid("truncated")),
    ProbeCase(
        "file that ends inside IDAT", truncated(rgba, inside: "IDAT", after: 10),
        header: .valid(width: 40, height: 30), verify: .invalid("truncated")),
    ProbeCase(
        "IDAT with a wrong CRC", editing(rgba, chunk: "IDAT") { $0.crc = 0 },
        header: .valid(width: 40, height: 30), verify: .invalid("IDAT: CRC error")),
    ProbeCase(
        "IDAT that inflates to too few rows",
        editing(rgba, chunk: "IDAT") { $0.data = zlibCompress(Array(rgba.rawImageData().prefix(100))) },
        header: .valid(width: 40, height: 30), verify: .invalid("Not enough image data")),
    ProbeCase(
        "no IDAT at all", PNGBuilder.encode(rgba.chunks.filter { $0.type != "IDAT" }),
        header: .invalid("no image data")),
    ProbeCase(
        "unknown critical chunk",
        PNGBuilder.encode([rgba.ihdr, PNGChunk(type: "ABCD", data: [1, 2])] + rgba.chunks.dropFirst()),
        header: .invalid("unhandled critical chunk")),
    ProbeCase(
        "ancillary chunks before IDAT are skipped",
        PNGBuilder.encode(
            [rgba.ihdr, PNGChunk(type: "tEXt", data: Array("Title\0Hi".utf8)), PNGChunk(type: "abcd", data: [9])]
                + rgba.chunks.dropFirst()),
        header: .valid(width: 40, height: 30)),
    ProbeCase("CgBI 640×1136", tallCgBI.encoded(), header: .valid(width: 640, height: 1136)),
    ProbeCase(
        "interlaced CgBI", PNGBuilder(width: 33, height: 17, interlaced: true, cgbi: true).encoded(),
        header: .valid(width: 33, height: 17)),
    ProbeCase(
        "CgBI whose raw deflate stream stops half way",
        editing(tallCgBI, chunk: "IDAT") { $0.data = Array($0.data.prefix($0.data.count / 2)) },
        header: .valid(width: 640, height: 1136), verify: .invalid("CgBI image data")),
    ProbeCase(
        "CgBI whose IDAT keeps the zlib wrapper",
        editing(tallCgBI, chunk: "IDAT") { $0.data = zlibCompress(tallCgBI.rawImageData()) },
        header: .valid(width: 640, height: 1136), verify: .invalid("CgBI image data")),
    ProbeCase(
        "CgBI whose IHDR is one row taller than its data",
        PNGBuilder.encode(
            tallCgBI.chunks.map { $0.type == "IHDR" ? PNGBuilder(width: 640, height: 1137, cgbi: true).ihdr : $0 }),
        header: .valid(width: 640, height: 1137),
        verify: .invalid("inflates to 2909296 bytes; IHDR (640x1137) implies 2911857")),
    ProbeCase(
        "CgBI with a wrong IDAT CRC", editing(tallCgBI, chunk: "IDAT") { $0.crc = 1 },
        header: .valid(width: 640, height: 1136), verify: .invalid("IDAT: CRC error")),
    ProbeCase(
        "CgBI with a bad filter byte",
        editing(tallCgBI, chunk: "IDAT") {
            var raw = tallCgBI.rawImageData()
            raw[2561 * 3] = 7  // the fourth row's filter byte
            $0.data = Array(zlibCompress(raw).dropFirst(2).dropLast(4))
        },
        header: .valid(width: 640, height: 1136), verify: .invalid("invalid filter type 7 at inflated byte 7683")),
    ProbeCase(
        "IHDR claiming 2147483647×2147483647", claimingSize(width: 2_147_483_647, height: 2_147_483_647),
        header: .invalid("IHDR claims 2147483647×2147483647 pixels, over the probe's limit")),
    ProbeCase(
        "IHDR claiming 60000×60000: each side allowed, the area not",
        claimingSize(width: 60000, height: 60000),
        header: .invalid("IHDR claims 60000×60000 pixels")),
]

@Suite("Image probe")
struct ImageProbeTests {
    @Test(arguments: probeCases)
    func headerMode(_ testCase: ProbeCase) throws {
        try check(testCase, depth: .header, expecting: testCase.header)
    }

    @Test(arguments: probeCases)
    func verifyMode(_ testCase: ProbeCase) throws {
        try check(testCase, depth: .verify, expecting: testCase.verify)
    }

    private func check(_ testCase: ProbeCase, depth: ProbeDepth, expecting outcome: ProbeOutcome) throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(testCase.bytes, to: "image.png")
        let facts = ImageProbe(depth: depth).probe(fileAtPath: path)
        switch outcome {
        case .valid(let width, let height):
            #expect(facts.problem == nil)
            #expect(facts.pixelSize == PixelSize(width: width, height: height))
        case .invalid(let reason):
            #expect(!facts.isValid)
            #expect(
                facts.problem?.description.contains(reason) == true,
                "reason was: \(facts.problem?.description ?? "none")")
        }
    }

    @Test func pngHeaderFactsComeFromIHDR() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            PNGBuilder(width: 13, height: 9, bitDepth: 16, colorType: 4, interlaced: true).encoded(), to: "a.png")
        let facts = ImageProbe().probe(fileAtPath: path)
        #expect(facts.format == .png)
        #expect(facts.png == PNGHeader(bitDepth: 16, colorType: .grayAlpha, isInterlaced: true, isCgBI: false))
    }

    @Test func cgbiFileReportsItsTrueSizeAndFlag() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(tallCgBI.encoded(), to: "Default-568h@2x.png")
        for depth in [ProbeDepth.header, .verify] {
            let facts = ImageProbe(depth: depth).probe(fileAtPath: path)
            #expect(facts.pixelSize == PixelSize(width: 640, height: 1136))
            #expect(facts.png == PNGHeader(bitDepth: 8, colorType: .rgba, isInterlaced: false, isCgBI: true))
            #expect(facts.isValid)
        }
    }

    @Test func jpegNamedPNGIsReportedAsJPEGWithItsSize() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(minimalJPEG(width: 640, height: 960), to: "photo@2x.png")
        let facts = ImageProbe().probe(fileAtPath: path)
        #expect(
            facts
                == ImageFacts(
                    format: .jpeg, pixelSize: PixelSize(width: 640, height: 960),
                    byteCount: minimalJPEG(width: 640, height: 960).count))
    }

    @Test func jpegWithoutStartOfFrameIsInvalid() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9], to: "a.jpg")
        let facts = ImageProbe().probe(fileAtPath: path)
        #expect(facts.format == .jpeg)
        #expect(facts.problem == .invalid("JPEG: no start-of-frame marker before the image data"))
    }

    @Test func gifSizeComesFromTheLogicalScreen() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0], to: "a.gif")
        #expect(ImageProbe().probe(fileAtPath: path).pixelSize == PixelSize(width: 320, height: 240))
    }

    @Test func missingFileIsUnreadable() {
        let facts = ImageProbe().probe(fileAtPath: "/nonexistent/tallcheck/a.png")
        #expect(facts.problem?.isUnreadable == true)
    }

    @Test func fifoNamedLikeAnImageIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/x.png"
        try #require(mkfifo(path, 0o600) == 0)
        let facts = ImageProbe(depth: .verify).probe(fileAtPath: path)
        #expect(facts.problem == .unreadable("not a regular file: it is a FIFO"))
    }

    @Test func directoryNamedLikeAnImageIsRefused() throws {
        let folder = try TemporaryDirectory()
        try folder.write([], to: "y.png/inside.txt")
        let facts = ImageProbe().probe(fileAtPath: folder.path + "/y.png")
        #expect(facts.problem == .unreadable("not a regular file: it is a directory"))
    }

    @Test func pngLargerThanOneBufferIsVerifiedAcrossRefills() throws {
        // Incompressible rows: the stream spans several 64 KiB reads.
        let bytes = PNGBuilder(width: 300, height: 200, noisy: true).encoded()
        let folder = try TemporaryDirectory()
        let path = try folder.write(bytes, to: "big.png")
        let facts = ImageProbe(depth: .verify).probe(fileAtPath: path)
        #expect(facts.isValid, "\(facts.problem?.description ?? "")")
        #expect(bytes.count > ImageProbe.verifyReadSize)
    }
}

extension ImageProbeTests {
    /// A header probe skips libpng's keep-unknown setting when nothing but IHDR and PLTE comes
    /// before the image data (issue 30); with an ancillary chunk there, or a critical one it
    /// does not know, the setting is made as before. Either way the facts are the same.
    @Test(arguments: [
        ("plain", [String]()), ("a tEXt chunk before IDAT", ["tEXt"]), ("a private chunk before IDAT", ["prVt"]),
        ("two ancillary chunks", ["gAMA", "pHYs"]),
    ])
    func chunksBeforeTheImageDataLeaveTheFactsAlone(name: String, extra: [String]) throws {
        for colorType: UInt8 in [6, 3] {
            let builder = PNGBuilder(width: 21, height: 7, colorType: colorType)
            var chunks = builder.chunks
            let idat = chunks.firstIndex { $0.type == "IDAT" }!
            for type in extra.reversed() {
                chunks.insert(
                    PNGChunk(type: type, data: type == "gAMA" ? bigEndian(45455) : [0x41, 0, 0x42]), at: idat)
            }
            let folder = try TemporaryDirectory()
            let path = try folder.write(PNGBuilder.encode(chunks), to: "a.png")
            for depth in [ProbeDepth.header, .verify] {
                let facts = ImageProbe(depth: depth).probe(fileAtPath: path)
                #expect(facts.problem == nil, "\(name), colour type \(colorType), \(depth)")
                #expect(facts.pixelSize == PixelSize(width: 21, height: 7))
            }
        }
        // An unknown critical chunk is refused, as before.
        var chunks = PNGBuilder(width: 3, height: 3).chunks
        chunks.insert(PNGChunk(type: "ABCD", data: [1]), at: 1)
        let folder = try TemporaryDirectory()
        let path = try folder.write(PNGBuilder.encode(chunks), to: "b.png")
        #expect(!ImageProbe().probe(fileAtPath: path).isValid)
    }
}
