import Foundation
import Testing

@testable import TallCheckKit

@Suite("The incremental cache")
struct ScanCacheTests {
    /// The findings as comparable text, with the notes the run said.
    private static func lint(_ root: String, cache: String?) throws -> (findings: [String], notes: [String]) {
        var notes: [String] = []
        let outcome = try LintSession.run(LintRequest(root: root, cacheFolder: cache)) { notes.append($0.description) }
        let findings = outcome.report.findings.map {
            "\($0.severity.rawValue) \($0.ruleID) \($0.path)\($0.lineSuffix): \($0.message)"
        }
        return (findings, notes)
    }

    private static func png(_ width: Int, _ height: Int) -> [UInt8] {
        PNGBuilder(width: width, height: height, colorType: 6).encoded()
    }

    /// A small app: images, a Swift file that asks for some, and an Info.plist.
    private static func app() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(png(40, 40), to: "App/Icon.png")
        try folder.write(png(80, 80), to: "App/Icon@2x.png")
        try folder.write(png(30, 30), to: "App/Star.png")
        try folder.write(png(60, 60), to: "App/Star@2x.png")
        try folder.write(png(10, 10), to: "App/Old@2x.png")
        try folder.write(
            Array(#"let a = UIImage(named: "Icon"), b = UIImage(named: "Star")"#.utf8), to: "App/Menu.swift")
        return folder
    }

    /// Sets a file's access and modification times back, so only its change time tells.
    private static func restoreTimes(_ path: String, from status: stat) {
        var times = [status.st_atim, status.st_mtim]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func resultsWithTheCacheAreTheResultsWithoutItOnATreeChangedBetweenRuns() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let first = try Self.lint(folder.path, cache: cache.path)
        #expect(first.findings == (try Self.lint(folder.path, cache: nil)).findings)
        // The second run reads from the cache and finds the same, opening none of the six files.
        #expect(try Self.lint(folder.path, cache: cache.path).findings == first.findings)
        let warm = try InventoryScanner.scan(
            ScanOptions(
                root: folder.path, cache: ScanCache(folder: cache.path, root: folder.path, probeDepth: .header) { _ in }
            ))
        #expect(warm.cacheHits == 6)

        // Edited in place with the same size and modification time: the @2x's width byte.
        let twoX = folder.path + "/App/Icon@2x.png"
        var before = stat()
        stat(twoX, &before)
        var bytes = try #require(FileManager.default.contents(atPath: twoX)).map { $0 }
        bytes[19] = 81  // IHDR width 80 → 81 (the CRC no longer matches either).
        let handle = try #require(FileHandle(forWritingAtPath: twoX))
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        Self.restoreTimes(twoX, from: before)
        var after = stat()
        stat(twoX, &after)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        // Replaced by another file of another size, renamed, deleted, and code edited to the same size.
        try folder.write(Self.png(31, 31), to: "App/Star.png.new")
        #expect(rename(folder.path + "/App/Star.png.new", folder.path + "/App/Star.png") == 0)
        #expect(rename(folder.path + "/App/Old@2x.png", folder.path + "/App/Older@2x.png") == 0)
        #expect(unlink(folder.path + "/App/Icon.png") == 0)
        try folder.write(
            Array(#"let a = UIImage(named: "Ikon"), b = UIImage(named: "Star")"#.utf8), to: "App/Menu.swift")

        let cached = try Self.lint(folder.path, cache: cache.path)
        let fresh = try Self.lint(folder.path, cache: nil)
        #expect(cached.findings == fresh.findings)
        #expect(cached.findings != first.findings)
        #expect(cached.findings.contains { $0.contains("Icon@2x.png") })
        #expect(cached.findings.contains { $0.contains("missing-image App/Menu.swift:1:9") && $0.contains("Ikon") })
        #expect(cached.notes.allSatisfy { !$0.contains("cache") })
    }

    @Test(
        "a damaged cache is named, ignored and rewritten; the results do not change",
        arguments: [
            "truncated", "flipped byte", "garbage", "empty", "entry count lies", "folder",
        ])
    func damagedCache(_ damage: String) throws {
        let folder = try Self.app()
        let cacheFolder = try TemporaryDirectory()
        let expected = try Self.lint(folder.path, cache: nil).findings
        _ = try Self.lint(folder.path, cache: cacheFolder.path)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).first { $0.hasSuffix(".cache") })
        let path = cacheFolder.path + "/" + file
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        switch damage {
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "flipped byte": bytes[bytes.count / 2] ^= 0x40
        case "garbage": bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        case "empty": bytes = []
        case "entry count lies":
            // Recomputing the checksum makes it look sound: the reader must still refuse it.
            let countOffset =
                ScanCache.magic.count + 4 + 4 + (bytes.count > 0 ? Int(bytes[ScanCache.magic.count + 4]) : 0)
            bytes[countOffset] = 0xFF
            bytes[countOffset + 1] = 0xFF
            var checksum = FNV1a()
            checksum.add(bytes[..<(bytes.count - 8)])
            withUnsafeBytes(of: checksum.value.littleEndian) { bytes.replaceSubrange((bytes.count - 8)..., with: $0) }
        default: break
        }
        if damage == "folder" {
            #expect(unlink(path) == 0 && mkdir(path, 0o700) == 0)
        } else {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        }
        let damaged = try Self.lint(folder.path, cache: cacheFolder.path)
        #expect(damaged.findings == expected)
        #expect(damaged.notes.contains { $0.contains("cache") && $0.contains(file) }, "\(damaged.notes)")
        if damage != "folder" {
            // Rewritten: the next run uses it without a word.
            let again = try Self.lint(folder.path, cache: cacheFolder.path)
            #expect(again.findings == expected && again.notes.allSatisfy { !$0.contains("cache") })
        }
    }

    @Test func aCacheFolderInsideTheScannedTreeIsNotUsedOrWritten() throws {
        let folder = try Self.app()
        let result = try Self.lint(folder.path, cache: folder.path + "/.cache/tallcheck")
        #expect(result.notes.contains { $0.contains("inside the scanned folder") })
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.cache"))
    }

    @Test func entriesRoundTripAndAnotherKeyIsNotUsed() throws {
        let stamp = ScanCache.Stamp(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
        let entries: [String: ScanCache.Entry] = [
            "a.png": .init(
                stamp: stamp,
                content: .image(
                    ImageFacts(
                        format: .png, pixelSize: PixelSize(width: 40, height: 41),
                        png: PNGHeader(bitDepth: 8, colorType: .palette, isInterlaced: true, isCgBI: true)))),
            "b.pdf": .init(
                stamp: stamp, content: .image(ImageFacts(format: .pdf, vectorSize: PointSize(width: 24.5, height: 24)))),
            "c.png": .init(stamp: stamp, content: .image(ImageFacts(format: .png, problem: .invalid("CRC error")))),
            "d.swift": .init(
                stamp: stamp,
                content: .references([
                    ImageReference(
                        path: "d.swift", line: 3, column: 9, name: .pattern(NamePattern(pieces: ["flag_", ""])),
                        api: "UIImage(named:)", lookup: .named),
                    ImageReference(
                        path: "d.swift", line: 4, column: 1,
                        name: .symbol(AssetSymbol(generator: .rSwift, path: ["a", "b"])),
                        api: "R.swift R.image", lookup: .catalog, mode: .tallSuffix, inOtherBundle: true),
                ])),
        ]
        let bytes = ScanCache.encode(entries, key: "k")
        #expect(try ScanCache.decode(bytes, key: "k") == entries)
        #expect(throws: ScanCache.DecodeFailure.self) { try ScanCache.decode(bytes, key: "other") }
    }
}
