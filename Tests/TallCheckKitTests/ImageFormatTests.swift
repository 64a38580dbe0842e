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
    ])
    func imageExtensionsIgnoreCase(name: String, isImage: Bool) {
        #expect(ImageFormat.hasImageExtension(name) == isImage)
    }
}
