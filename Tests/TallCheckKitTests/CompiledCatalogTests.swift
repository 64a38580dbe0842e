import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The Assets.car reader on catalogs the test writer makes (the same published description:
/// consistency, not proof), and on broken ones.
@Suite struct CompiledCatalogTests {
    static let example = CARWriter(renditions: [
        .init(asset: "AppIcon", fileName: "Icon-60@2x.png", width: 120, height: 120, scale: 2, idiom: 1),
        .init(asset: "AppIcon", fileName: "Icon-60@3x.png", width: 180, height: 180, scale: 3, idiom: 1),
        .init(
            asset: "LaunchImage", fileName: "Default-568h@2x.png", width: 640, height: 1096, scale: 2, idiom: 1,
            subtype: 568),
        .init(asset: "Star", fileName: "star@2x.png", width: 40, height: 40, scale: 2, appearance: 1),
    ])

    @Test func renditionsComeBackWithTheirAttributes() throws {
        let catalog = try CompiledCatalog(bytes: Self.example.bytes())
        #expect(catalog.renditions.count == 4)
        let launch = try #require(catalog.renditions.first { $0.asset == "LaunchImage" })
        #expect(launch.fileName == "Default-568h@2x.png" && launch.width == 640 && launch.height == 1096)
        #expect(launch.scale == 2 && launch.idiom == 1 && launch.subtype == 568)
        #expect(catalog.renditions.first { $0.asset == "Star" }?.appearance == 1)
        #expect(Set(catalog.renditions.compactMap(\.asset)) == ["AppIcon", "LaunchImage", "Star"])
        #expect(catalog.renditions.allSatisfy { $0.pixelFormat == "ARGB" })
    }

    /// Renditions of one asset that share a file name but not their pixels stay apart, each
    /// under its own name (numbered in the catalog's order), and one with the pixels of a
    /// named one shares its name.
    @Test func renditionsSharingANameAreToldApart() throws {
        let many = CARWriter(
            renditions: (1...2000).map { .init(asset: "Tile", fileName: "tile.png", width: $0, height: 8, scale: 1) }
                + [.init(asset: "Tile", fileName: "tile.png", width: 1, height: 8, scale: 1)])
        let sets = try CompiledCatalog(bytes: many.bytes()).catalogSets(at: "Assets.car", info: nil)
        #expect(sets.images.count == 2000)
        #expect(Set(sets.images.map(\.path)).count == 2000)
        #expect(sets.images.contains { $0.path == "Assets.car/Tile/tile (2000).png" })
        // The same file in two slots is one image.
        #expect(sets.sets.first?.entries.filter { $0.filename == "tile.png" }.count == 2)
    }

    /// Tree entries whose blocks are the same bytes: 5,000 renditions from one CSI header. The
    /// reader counts the bytes behind each entry against the file's size, so the work stays
    /// linear in the file (200,000 such entries took 53 s downstream).
    @Test func treeEntriesThatOverlapAreRefused() throws {
        var overlapping = Self.example
        overlapping.repeatedEntries = 5_000
        do {
            let catalog = try CompiledCatalog(bytes: overlapping.bytes())
            Issue.record("read \(catalog.renditions.count) renditions of overlapping entries")
        } catch {
            #expect(error.reason.contains("overlap"), "\(error.reason)")
        }
        // As many renditions, each with its own blocks, are read.
        let distinct = CARWriter(
            renditions: (1...5_001).map { .init(asset: "Tile", fileName: "tile.png", width: $0, height: 8, scale: 1) })
        #expect(try CompiledCatalog(bytes: distinct.bytes()).renditions.count == 5_001)
    }

    @Test func brokenCatalogsAreFailuresThatSayWhat() throws {
        let bytes = Self.example.bytes()
        let cases: [([UInt8], String)] = [
            (Array("BOMStorX".utf8) + bytes.dropFirst(8), "not a BOM store"),
            (Array(bytes.prefix(40)), "outside the file"),
            (Array(bytes.prefix(bytes.count - 30)), "no KEYFORMAT"),
        ]
        for (broken, words) in cases {
            do {
                _ = try CompiledCatalog(bytes: broken)
                Issue.record("a broken catalog read: \(words)")
            } catch {
                #expect(error.reason.contains(words), "\(error.reason)")
            }
        }
        // Every prefix of the file fails or reads; none traps.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            _ = try? CompiledCatalog(bytes: Array(bytes.prefix(length)))
        }
    }
}

/// `tallcheck inspect` lists a built app's compiled catalog, in a folder and in an .ipa.
@Suite struct CompiledCatalogInspectionTests {
    @Test func inspectListsRenditionsOfAFolderAndOfAnIPA() throws {
        let folder = try TemporaryDirectory()
        let car = CompiledCatalogTests.example.bytes()
        try folder.write(car, to: "Demo.app/Assets.car")
        try folder.write(PNGBuilder(width: 640, height: 960, cgbi: true).encoded(), to: "Demo.app/Default@2x.png")
        let inspection = Inspection(paths: [folder.path + "/Demo.app"])
        let json = inspection.json.rendered()
        #expect(
            json.contains(
                #"{"path":"\#(folder.path)/Demo.app/Assets.car","source":"Assets.car","name":"LaunchImage","#
                    + #""file":"Default-568h@2x.png","#
                    + #""pixelFormat":"ARGB","width":640,"height":1096,"scale":2,"idiom":1,"subtype":568,"#))
        #expect(inspection.images.count == 5)

        let ipa = try ArchiveContentTests.ipa([("Payload/Demo.app/Assets.car", car)], in: folder)
        let fromArchive = Inspection(paths: [ipa]).json.rendered()
        #expect(
            fromArchive.contains(
                #"{"path":"\#(ipa)/Payload/Demo.app/Assets.car","source":"Assets.car","name":"AppIcon""#))
        // Two archives' images are told apart by the archive's name.
        try FileManager.default.copyItem(atPath: ipa, toPath: folder.path + "/Other.ipa")
        let both = Inspection(paths: [ipa, folder.path + "/Other.ipa"])
        #expect(Set(both.images.map(\.path)).count == 2)
        // A catalog given by path lists its renditions; a broken one is named.
        let direct = Inspection(paths: [folder.path + "/Demo.app/Assets.car"])
        #expect(direct.images.count == 4 && direct.images.allSatisfy { $0.path.hasSuffix("Demo.app/Assets.car") })
        try folder.write(Array("BOMStore".utf8), to: "Broken.car")
        let broken = Inspection(paths: [folder.path + "/Broken.car"])
        #expect(broken.exitCode == 2)
        #expect(broken.unreadablePaths.first?.message.contains("not a BOM store") == true)
    }
}
