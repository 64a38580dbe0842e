import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// PDF and SVG files of asset catalogs: their size in points, read from a bounded window.
@Suite("Vector images")
struct VectorImageTests {
    static func probe(_ text: String, name: String = "v.pdf") throws -> ImageFacts {
        let folder = try TemporaryDirectory()
        try folder.write(Array(text.utf8), to: name)
        return ImageProbe().probe(fileAtPath: folder.path + "/" + name)
    }

    @Test func aPDFsMediaBoxGivesItsSizeInPoints() throws {
        let facts = try Self.probe(samplePDF(width: 24, height: 30))
        #expect(facts.format == .pdf)
        #expect(facts.vectorSize == PointSize(width: 24, height: 30))
        #expect(facts.pixelSize == nil)
        #expect(facts.isValid)
    }

    @Test func aMediaBoxNearTheEndOfALargePDFIsFoundToo() throws {
        let padding = String(repeating: "% padding line\n", count: 10_000)
        let text = "%PDF-1.7\n" + padding + "3 0 obj << /Type /Page /MediaBox [ 0.0 0.0 44.5 20 ] >> endobj\n%%EOF\n"
        #expect(try Self.probe(text).vectorSize == PointSize(width: 44.5, height: 20))
    }

    @Test func aPDFWithoutAReadableBoxIsValidWithAnUnknownSize() throws {
        let facts = try Self.probe("%PDF-1.5\n/MediaBox [0 0 99999999999999999999999999999999999 1]\n/MediaBox [ x")
        #expect(facts.format == .pdf)
        #expect(facts.vectorSize == nil)
        #expect(facts.isValid)
    }

    @Test(arguments: [
        (#"<svg xmlns="http://www.w3.org/2000/svg" width="24px" height='12'></svg>"#, PointSize(width: 24, height: 12)),
        (#"<?xml version="1.0"?><svg viewBox="0 0 48 16" width="100%"/>"#, PointSize(width: 48, height: 16)),
        ("\u{FEFF}<!-- made by hand -->\n<svg\nviewBox=\"0,0,10,20\">", PointSize(width: 10, height: 20)),
    ])
    func anSVGsSizeComesFromWidthAndHeightOrItsViewBox(_ text: String, expected: PointSize) throws {
        let facts = try Self.probe(text, name: "v.svg")
        #expect(facts.format == .svg)
        #expect(facts.vectorSize == expected)
    }

    @Test func xmlThatIsNoSVGIsReportedAsSuch() throws {
        let facts = try Self.probe(#"<?xml version="1.0"?><plist><dict/></plist>"#, name: "v.svg")
        #expect(facts.problem?.description.contains("without an <svg> element") == true)
    }

    @Test func aLoosePDFIsNotAnImageUIImageNamedLoads() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array(samplePDF(width: 10, height: 10).utf8), to: "Manual.pdf")
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(scan.inventory.allImages.map(\.path) == ["a.png"])
    }
}
