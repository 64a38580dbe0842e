import Foundation
import Testing
import ZIPFoundation

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// duplicate-image and image-weight on an .ipa: the entries the content pass picks are read
/// whole in memory, hashed, decoded and deflated again there.
@Suite struct ArchiveContentTests {
    static func ipa(_ files: [(String, [UInt8])], in folder: TemporaryDirectory) throws -> String {
        let path = folder.path + "/App.ipa"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return path
    }

    @Test func anIPAsImagesAreComparedAndWeighedInMemory() throws {
        let folder = try TemporaryDirectory()
        let picture = DuplicateImageTests.Picture.sample(64, 64)
        let heavy = DuplicateImageTests.Picture.sample(80, 80, seed: 1)
        let stored = DuplicateImageTests.png(heavy, level: 0)
        let path = try Self.ipa(
            [
                ("Payload/A.app/One.png", DuplicateImageTests.png(picture, level: 9)),
                // The same bytes, and the same pixels written another way.
                ("Payload/A.app/Copy.png", DuplicateImageTests.png(picture, level: 9)),
                ("Payload/A.app/Other.png", DuplicateImageTests.png(picture, filter: .sub, level: 1)),
                // Another picture of the size: not a duplicate.
                ("Payload/A.app/Else.png", DuplicateImageTests.png(.sample(64, 64, seed: 7), level: 9)),
                ("Payload/A.app/Stored.png", stored),
            ], in: folder)
        let scan = try AppArchive.scan(ScanOptions(root: path, contentChecks: [.duplicates, .recompression]))
        let duplicates = Linter(rules: [DuplicateImage.self]).findings(in: scan.inventory)
        try #require(duplicates.count == 1, "\(duplicates)")
        #expect(
            Set([duplicates[0].path] + duplicates[0].related)
                == ["Payload/A.app/One.png", "Payload/A.app/Copy.png", "Payload/A.app/Other.png"])
        #expect(scan.inventory.contentSurvey?.decoded ?? 0 >= 2, "the pixels were decoded in memory")
        // The level 9 estimate, from the entry's bytes.
        try folder.write(stored, to: "Tree/Stored.png")
        let tree = try InventoryScanner.scan(ScanOptions(root: folder.path + "/Tree", contentChecks: .recompression))
        let fromFile = try #require(tree.inventory.contents["Stored.png"]?.recompressedBytes)
        #expect(scan.inventory.contents["Payload/A.app/Stored.png"]?.recompressedBytes == fromFile)
        #expect(fromFile < stored.count)
        #expect(!scan.issues.contains { $0.message.contains("not compared") }, "\(scan.issues)")
    }
}
