import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// PngSuite, the PNG conformance set, read from beside the checkout (never copied in).
enum PNGSuite {
    static let folder: String = {
        if let path = ProcessInfo.processInfo.environment["TALLCHECK_PNGSUITE"] { return path }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return repository.deletingLastPathComponent().appendingPathComponent("shared/corpora/pngsuite").path
    }()

    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder + "/expected.json") }

    struct Expectation: Decodable {
        var valid: Bool
        var width: Int?
        var height: Int?
        var bitDepth: Int?
        var colorType: Int?
        var interlaced: Bool?
    }

    static func expectations() throws -> [String: Expectation] {
        try JSONDecoder().decode(
            [String: Expectation].self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/expected.json")))
    }
}

@Suite(
    "PngSuite conformance",
    .enabled(if: PNGSuite.isPresent, "PngSuite not found at \(PNGSuite.folder); set TALLCHECK_PNGSUITE"))
struct PNGSuiteConformanceTests {
    @Test("every file is classified as expected.json says", arguments: [ProbeDepth.header, .verify])
    func everyFileMatchesExpected(depth: ProbeDepth) throws {
        let expected = try PNGSuite.expectations()
        let inspection = Inspection(paths: [PNGSuite.folder], probe: ImageProbe(depth: depth))
        #expect(Set(inspection.images.map(\.path)) == Set(expected.keys))
        for image in inspection.images {
            guard let expectation = expected[image.path] else { continue }
            // xcsn0g01's defect is an IDAT CRC: only reading the image data finds it.
            let valid = depth == .header && image.path == "xcsn0g01.png" ? true : expectation.valid
            #expect(image.facts.isValid == valid, "\(image.path): \(image.facts.problem?.description ?? "valid")")
            guard expectation.valid else { continue }
            #expect(
                image.facts.pixelSize == PixelSize(width: expectation.width!, height: expectation.height!),
                "\(image.path)")
            #expect(image.facts.png?.bitDepth == expectation.bitDepth, "\(image.path)")
            #expect(image.facts.png?.colorType.rawValue == expectation.colorType, "\(image.path)")
            #expect(image.facts.png?.isInterlaced == expectation.interlaced, "\(image.path)")
        }
    }

    @Test("the verify pass's pixel digest is the decoder's for every sound file")
    func verifyDigestMatchesDecoder() throws {
        var probe = ImageProbe(depth: .verify)
        probe.digestsPixels = true
        var compared = 0
        for (name, expectation) in try PNGSuite.expectations() where expectation.valid {
            let path = PNGSuite.folder + "/" + name
            let facts = probe.probe(fileAtPath: path)
            guard expectation.interlaced == false else {
                #expect(facts.pixelDigest == nil, "\(name)")
                continue
            }
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            #expect(facts.pixelDigest == (try? PNGContent().pixelDigest(ofOpenFile: fd).get()), "\(name)")
            #expect(facts.pixelDigest != nil, "\(name)")
            compared += 1
        }
        #expect(compared > 80)
    }

    @Test("all 14 corrupt files are invalid in verify mode, 13 in header mode")
    func corruptFileCounts() throws {
        let corrupt = try PNGSuite.expectations().keys.filter { $0.hasPrefix("x") }.map { PNGSuite.folder + "/" + $0 }
        #expect(corrupt.count == 14)
        let header = ImageProbe(depth: .header).probe(filesAtPaths: corrupt).filter { !$0.isValid }
        let verify = ImageProbe(depth: .verify).probe(filesAtPaths: corrupt).filter { !$0.isValid }
        #expect(header.count == 13)
        #expect(verify.count == 14)
    }
}
