import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Image format by magic bytes")
struct ImageFormatTests {
    @Test(
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], ImageFormat.png),
            ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
            (Array("GIF87a".utf8), .gif),
            (Array("GIF89a".utf8), .gif),
            (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8), .webp),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8), .heic),
            ([0, 0, 0, 0x18] + Array("ftypmif1".utf8), .heic),
            (Array("BM".utf8) + [0, 0, 0, 0], .bmp),
            ([0x49, 0x49, 0x2A, 0x00], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
            ([0x89, 0x50, 0x4E, 0x47], .unknown),  // a signature cut short
            (Array("RIFF1234WAVE".utf8), .unknown),
            ([], .unknown),
        ] as [([UInt8], ImageFormat)])
    func formatComesFromTheFirstBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(magic: bytes) == format)
    }

    @Test(arguments: [
        ("Button.png", true), ("Button@2x.PNG", true), ("photo.JPeG", true), ("a.tiff", true),
        ("Info.plist", false), ("png", false), ("a.png.txt", false), ("README", false), ("a.", false),
        // The name's bytes decide where they can: a dot alone, five letters, a digit, a mark.
        (".png", true), ("é.png", true), ("a.webp", true), ("a.swift", false), ("a.pn9", false),
        ("x.png~", false), ("Logo.PDF", false), ("a..png", true), ("a.b/c", false),
        // Bytes beyond ASCII next to the dot: read as text, in Characters (U+0600 joins the dot
        // after it into one Character, so that dot is no `.`).
        ("\u{0600}.png", false), ("a.\u{0600}.png", false), ("a.p\u{0301}ng", false),
    ])
    func imageExtensionsIgnoreCase(name: String, isImage: Bool) {
        #expect(ImageFormat.hasImageExtension(name) == isImage)
        // A slice of a longer string answers alike.
        let longer = "folder/" + name
        #expect(ImageFormat.hasImageExtension(longer.dropFirst("folder/".count)) == isImage)
    }

    @Test func catalogExtensionsTakeVectorsToo() {
        #expect(ImageFormat.hasCatalogImageExtension("Logo.PDF"))
        #expect(ImageFormat.hasCatalogImageExtension("icon.svg"))
        #expect(!ImageFormat.hasImageExtension("icon.svg"))
        #expect(!ImageFormat.hasCatalogImageExtension("icon.sketch"))
    }
}
