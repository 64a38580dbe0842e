import CZlibSystem
import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The duplicate search on files on disk: what counts as one picture, what does not, and how
/// little it reads.
@Suite struct DuplicateImageTests {
    /// A picture: RGBA pixels, row by row.
    struct Picture {
        var width: Int
        var height: Int
        var pixels: [UInt8]

        /// A pattern that every filter type changes differently, with some transparent pixels.
        static func sample(_ width: Int, _ height: Int, seed: Int = 0) -> Picture {
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let alpha: UInt8 = (x + y) % 7 == 0 ? 0 : 255
                    pixels += [UInt8((x * 9 + seed) & 0xFF), UInt8((y * 5 + seed * 3) & 0xFF), UInt8((x ^ y) & 0xFF)]
                    pixels.append(alpha)
                }
            }
            return Picture(width: width, height: height, pixels: pixels)
        }

        /// The same picture with every fully transparent pixel given another colour: it still
        /// looks the same.
        func withHiddenColours() -> Picture {
            var copy = self
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] == 0 {
                copy.pixels[index] = 200
                copy.pixels[index + 1] = 17
            }
            return copy
        }
    }

    /// PNG's five filter types (PNG specification, 9.2), applied to every row.
    enum Filter: UInt8 { case none = 0, sub, up, average, paeth }

    /// Encodes `picture` as 8-bit RGBA (or RGB, dropping alpha, with `opaqueRGB`) with one filter
    /// for every row, at a zlib level, with extra chunks before IEND.
    static func png(
        _ picture: Picture, filter: Filter = .none, level: Int32 = 6, opaqueRGB: Bool = false,
        extra: [PNGChunk] = []
    ) -> [UInt8] {
        let channels = opaqueRGB ? 3 : 4
        let rowBytes = picture.width * channels
        var rows: [[UInt8]] = []
        for y in 0..<picture.height {
            var row: [UInt8] = []
            for x in 0..<picture.width {
                let at = (y * picture.width + x) * 4
                row += picture.pixels[at..<(at + channels)]
            }
            rows.append(row)
        }
        var raw: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let above = y > 0 ? rows[y - 1] : [UInt8](repeating: 0, count: rowBytes)
            raw.append(filter.rawValue)
            for i in 0..<rowBytes {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = Int(above[i])
                let upLeft = i >= channels ? Int(above[i - channels]) : 0
                let predictor: Int
                switch filter {
                case .none: predictor = 0
                case .sub: predictor = left
                case .up: predictor = up
                case .average: predictor = (left + up) / 2
                case .paeth:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                }
                raw.append(UInt8(truncatingIfNeeded: Int(row[i]) - predictor))
            }
        }
        let ihdr = PNGChunk(
            type: "IHDR",
            data: bigEndian(UInt32(picture.width)) + bigEndian(UInt32(picture.height)) + [
                8, opaqueRGB ? 2 : 6, 0, 0, 0,
            ])
        return PNGBuilder.encode(
            [ihdr, PNGChunk(type: "IDAT", data: zlibCompress(raw, level: level))] + extra
                + [PNGChunk(type: "IEND", data: [])])
    }

    static func scan(_ folder: TemporaryDirectory, checks: ContentChecks = .duplicates) throws -> ScanResult {
        try InventoryScanner.scan(ScanOptions(root: folder.path, contentChecks: checks))
    }

    static func duplicates(in scan: ScanResult) -> [Finding] {
        Linter(rules: [DuplicateImage.self]).findings(in: scan.inventory)
    }

    @Test func onePictureInOtherEncodingsIsOneGroup() throws {
        let folder = try TemporaryDirectory()
        let picture = Picture.sample(40, 30)
        let text = PNGChunk(type: "tEXt", data: Array("Software\u{0}Pixelmator".utf8))
        let files: [(String, [UInt8])] = [
            ("Art/Plain.png", Self.png(picture)),
            ("Art/Paeth.png", Self.png(picture, filter: .paeth)),
            ("Art/Sub.png", Self.png(picture, filter: .sub)),
            ("Art/Fast.png", Self.png(picture, level: 1)),
            ("Art/Stored.png", Self.png(picture, level: 0)),
            ("Art/Tagged.png", Self.png(picture, extra: [text])),
            ("Art/Hidden.png", Self.png(picture.withHiddenColours(), filter: .up)),
            ("Art/Other.png", Self.png(Picture.sample(40, 30, seed: 1))),
        ]
        for (path, bytes) in files { try folder.write(bytes, to: path) }
        // Seven encodings of one picture: no two files alike.
        #expect(Set(files.dropLast().map(\.1)).count == 7)
        #expect(Set(files.dropLast().map(\.1.count)).count >= 5)

        let scan = try Self.scan(folder)
        let findings = Self.duplicates(in: scan)
        try #require(findings.count == 1, "\(findings)")
        let members = Set([findings[0].path] + findings[0].related)
        #expect(members == Set(files.dropLast().map(\.0)))
        let lengths = files.dropLast().map(\.1.count)
        #expect(findings[0].savedBytes == lengths.reduce(0, +) - lengths.min()!)
        #expect(findings[0].message.contains("show the same 40×30 pixels"))
        #expect(findings[0].message.contains("could be saved"))
        // Opaque RGB and RGBA of one picture are one picture too.
        let opaque = Picture(width: 8, height: 8, pixels: (0..<64).flatMap { [UInt8($0), 9, UInt8(255 - $0), 255] })
        let second = try TemporaryDirectory()
        try second.write(Self.png(opaque), to: "A.png")
        try second.write(Self.png(opaque, opaqueRGB: true), to: "B.png")
        #expect(Self.duplicates(in: try Self.scan(second)).count == 1)
    }

    @Test func variantsOfOneAssetAreNeverDuplicates() throws {
        let folder = try TemporaryDirectory()
        let picture = Self.png(Picture.sample(44, 44))
        // An @2x left at its 1x's size: the same bytes, but the same asset (scale-mismatch's business).
        try folder.write(picture, to: "Button.png")
        try folder.write(picture, to: "Button@2x.png")
        try folder.write(picture, to: "Button~ipad.png")
        // One image set's files.
        try folder.write(picture, to: "Assets.xcassets/Star.imageset/star.png")
        try folder.write(picture, to: "Assets.xcassets/Star.imageset/star-dark.png")
        try folder.write(
            Array(
                """
                {"images":[{"idiom":"universal","filename":"star.png","scale":"1x"},
                {"idiom":"universal","filename":"star-dark.png","scale":"1x",
                "appearances":[{"appearance":"luminosity","value":"dark"}]}],"info":{"version":1,"author":"xcode"}}
                """.utf8), to: "Assets.xcassets/Star.imageset/Contents.json")
        let onlyVariants = try Self.scan(folder)
        // The set and the loose asset are two assets: one group of both, never one within either.
        let findings = Self.duplicates(in: onlyVariants)
        try #require(findings.count == 1, "\(findings)")
        // Keeping the set (two files) saves the loose asset's three.
        #expect(findings[0].savedBytes == picture.count * 3)

        let alone = try TemporaryDirectory()
        try alone.write(picture, to: "Button.png")
        try alone.write(picture, to: "Button@2x.png")
        try alone.write(Self.png(Picture.sample(88, 88)), to: "Glyph@2x.png")
        let scan = try Self.scan(alone)
        #expect(Self.duplicates(in: scan).isEmpty)
        // Nothing read past the headers: the 44×44 group is one asset's.
        let survey = try #require(scan.inventory.contentSurvey)
        #expect(
            survey.candidates == 3 && survey.excludedBySize == 3 && survey.hashed == 0 && survey.decoded == 0,
            "\(survey)")
    }

    @Test func localisedCopiesAndLaunchImagesAreNotDuplicates() throws {
        let folder = try TemporaryDirectory()
        let flag = Self.png(Picture.sample(30, 20))
        try folder.write(flag, to: "App/en.lproj/Flag.png")
        try folder.write(flag, to: "App/fr.lproj/Flag.png")
        let launch = PNGBuilder(width: 640, height: 960, colorType: 0).encoded()
        try folder.write(launch, to: "App/Default@2x.png")
        try folder.write(launch, to: "App/Default-Portrait@2x.png")
        #expect(Self.duplicates(in: try Self.scan(folder)).isEmpty)
    }

    @Test func oneEncodingTheOtherInterlacedOrCgBIHaveOneDigest() throws {
        // Opaque and fully transparent pixels: CgBI's premultiplied colours come back exactly.
        let paint: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            (x + y) % 5 == 0 ? (0, 0, 0, 0) : (UInt8(x * 7 & 0xFF), UInt8(y * 3 & 0xFF), 90, 255)
        }
        var digests: [ContentDigest] = []
        for (interlaced, cgbi) in [(false, false), (true, false), (false, true)] {
            let folder = try TemporaryDirectory()
            let path = try folder.write(
                PNGBuilder(width: 23, height: 17, interlaced: interlaced, cgbi: cgbi, paint: paint).encoded(),
                to: "a.png")
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            digests.append(try PNGContent().pixelDigest(ofOpenFile: fd).get())
        }
        #expect(Set(digests).count == 1, "\(digests)")
        // And another picture of the same size has another.
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            PNGBuilder(width: 23, height: 17, paint: { _, _ in (1, 2, 3, 255) }).encoded(), to: "b.png")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(try PNGContent().pixelDigest(ofOpenFile: fd).get() != digests[0])
    }

    /// Every layout a PNG can store: gray, RGB, palette, gray with alpha, RGBA, at each depth
    /// the format allows (Adam7 too: verified without a digest).
    static let layouts: [(colorType: UInt8, bitDepth: Int, interlaced: Bool)] =
        [
            (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8), (4, 8), (4, 16),
            (6, 8), (6, 16),
        ].map { ($0.0, $0.1, false) } + [(6, 8, true), (3, 4, true)]

    @Test("the verify pass's pixel digest is the decoder's, for every layout", arguments: layouts.indices)
    func verifyDigestIsTheDecodersDigest(layout: Int) throws {
        let (colorType, bitDepth, interlaced) = Self.layouts[layout]
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            PNGBuilder(
                width: 21, height: 9, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced, noisy: true
            )
            .encoded(), to: "a.png")
        var probe = ImageProbe(depth: .verify)
        probe.digestsPixels = true
        let facts = probe.probe(fileAtPath: path)
        #expect(facts.isValid, "\(facts.problem?.description ?? "")")
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let decoded = try PNGContent().pixelDigest(ofOpenFile: fd).get()
        if interlaced {
            #expect(facts.pixelDigest == nil)
        } else {
            #expect(facts.pixelDigest == decoded)
        }
        // Without the flag, or reading headers only, the probe takes no digest.
        #expect(ImageProbe(depth: .verify).probe(fileAtPath: path).pixelDigest == nil)
        var header = ImageProbe(depth: .header)
        header.digestsPixels = true
        #expect(header.probe(fileAtPath: path).pixelDigest == nil)
    }

    @Test func aGrayPictureHasOneDigestInGrayRGBAndRGBA() throws {
        // PNGBuilder's gray rows hold x + y; the same picture painted in colour layouts.
        let gray: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            let value = UInt8(truncatingIfNeeded: x + y)
            return (value, value, value, 255)
        }
        let folder = try TemporaryDirectory()
        let files = [
            try folder.write(PNGBuilder(width: 30, height: 7, colorType: 0).encoded(), to: "gray.png"),
            try folder.write(PNGBuilder(width: 30, height: 7, colorType: 2, paint: gray).encoded(), to: "rgb.png"),
            try folder.write(PNGBuilder(width: 30, height: 7, colorType: 6, paint: gray).encoded(), to: "rgba.png"),
            try folder.write(
                PNGBuilder(width: 30, height: 7, colorType: 6, cgbi: true, paint: gray).encoded(), to: "cgbi.png"),
        ]
        var probe = ImageProbe(depth: .verify)
        probe.digestsPixels = true
        var digests: Set<ContentDigest?> = []
        for path in files {
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            digests.insert(try PNGContent().pixelDigest(ofOpenFile: fd).get())
            if !path.hasSuffix("cgbi.png") { digests.insert(probe.probe(fileAtPath: path).pixelDigest) }
        }
        #expect(digests.count == 1, "\(digests)")
        // One pixel of colour makes another picture.
        let tinted = try folder.write(
            PNGBuilder(width: 30, height: 7, colorType: 2) { x, y in
                x == 3 && y == 2 ? (1, 2, 3, 255) : gray(x, y)
            }.encoded(), to: "tinted.png")
        #expect(probe.probe(fileAtPath: tinted).pixelDigest.map { digests.contains($0) } == false)
    }

    @Test func verifiedLintDecodesNoGroupTheProbeDigested() throws {
        // One picture written two ways (A, B), and another picture of that size in two copies (C, D).
        let folder = try TemporaryDirectory()
        let paint: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in (UInt8(x), UInt8(y), 7, 255) }
        try folder.write(PNGBuilder(width: 12, height: 12, paint: paint).encoded(), to: "App/A.png")
        try folder.write(PNGBuilder(width: 12, height: 12, colorType: 2, paint: paint).encoded(), to: "App/B.png")
        try folder.write(PNGBuilder(width: 12, height: 12, noisy: true).encoded(), to: "App/C.png")
        try folder.write(PNGBuilder(width: 12, height: 12, noisy: true).encoded(), to: "App/D.png")
        var found: [ProbeDepth: [String]] = [:]
        for depth in [ProbeDepth.header, .verify] {
            let scan = try InventoryScanner.scan(
                ScanOptions(root: folder.path, probeDepth: depth, contentChecks: .duplicates))
            let survey = try #require(scan.inventory.contentSurvey)
            // Told apart by bytes first ({A}, {B}, {C, D}); then by pixels, one file of each
            // decoded, unless the verify pass hashed one already (C or D, not both: the second
            // one's first read was seen before). Decoding begins with the top rows: C's are its
            // own, A's and B's are alike, so only A and B are decoded whole.
            #expect(survey.decoded == (depth == .verify ? 0 : 2), "\(depth): \(survey)")
            #expect(survey.decodedTopRowsOnly == (depth == .verify ? 0 : 1), "\(depth): \(survey)")
            let digested = scan.inventory.allImages.filter { $0.facts.pixelDigest != nil }.map(\.name.base)
            #expect(Set(digested).count == (depth == .verify ? 3 : 0), "\(depth): \(digested)")
            found[depth] = Self.duplicates(in: scan).map(\.message).sorted()
        }
        #expect(found[.header]?.isEmpty == false)
        #expect(found[.header] == found[.verify])
    }

    @Test func picturesAlikeAtTheTopAreDecodedWhole() throws {
        // 24×40: the top rows looked at first are 16 (an eighth of 40 is less). Top and Bottom
        // are alike down to row 35; Again is Top written another way (interlaced, RGB).
        let folder = try TemporaryDirectory()
        let plain: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            (UInt8(x * 9), UInt8(y * 5), 40, 255)
        }
        let changedLow: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            y == 35 && x == 3 ? (1, 2, 3, 255) : plain(x, y)
        }
        try folder.write(PNGBuilder(width: 24, height: 40, paint: plain).encoded(), to: "App/Top.png")
        try folder.write(PNGBuilder(width: 24, height: 40, paint: changedLow).encoded(), to: "App/Bottom.png")
        try folder.write(
            PNGBuilder(width: 24, height: 40, colorType: 2, interlaced: true, paint: plain).encoded(),
            to: "App/Again.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path, contentChecks: .duplicates))
        let survey = try #require(scan.inventory.contentSurvey)
        // All three alike at the top: each decoded whole, and only Top and Again are one picture.
        #expect(survey.decoded == 3 && survey.decodedTopRowsOnly == 0, "\(survey)")
        let duplicates = Self.duplicates(in: scan)
        try #require(duplicates.count == 1, "\(duplicates.map(\.message))")
        #expect(Set([duplicates[0].path] + duplicates[0].related) == ["App/Top.png", "App/Again.png"])
        // Without Bottom, Top and Again are still alike at the top, and still one picture.
        try FileManager.default.removeItem(atPath: folder.path + "/App/Bottom.png")
        let again = try InventoryScanner.scan(ScanOptions(root: folder.path, contentChecks: .duplicates))
        #expect(again.inventory.contentSurvey?.decoded == 2)
        #expect(Self.duplicates(in: again).count == 1)
    }

    @Test func theTopRowsDigestIsOfThoseRowsOnly() throws {
        let folder = try TemporaryDirectory()
        let plain: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in (UInt8(x), UInt8(y), 9, 255) }
        let changedLow: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) = { x, y in
            y == 20 ? (200, 1, 1, 255) : plain(x, y)
        }
        let top = try folder.write(PNGBuilder(width: 10, height: 30, paint: plain).encoded(), to: "top.png")
        let low = try folder.write(PNGBuilder(width: 10, height: 30, paint: changedLow).encoded(), to: "low.png")
        let interlaced = try folder.write(
            PNGBuilder(width: 10, height: 30, colorType: 2, interlaced: true, paint: plain).encoded(), to: "i.png")
        func digest(_ path: String, rows: Int?) throws -> ContentDigest {
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            return try PNGContent().pixelDigest(ofOpenFile: fd, leadingRows: rows).get()
        }
        // Alike in their top 16 rows, whatever the encoding; the row count is part of the digest.
        #expect(try digest(top, rows: 16) == digest(low, rows: 16))
        #expect(try digest(top, rows: 16) == digest(interlaced, rows: 16))
        #expect(try digest(top, rows: 16).kind == .leadingRows)
        #expect(try digest(top, rows: 16) != digest(top, rows: 17))
        #expect(try digest(top, rows: 21) != digest(low, rows: 21))
        // The whole picture: a digest of another kind, and the two differ.
        #expect(try digest(top, rows: nil).kind == .pixels)
        #expect(try digest(top, rows: nil) != digest(low, rows: nil))
        #expect(try digest(top, rows: nil) == digest(interlaced, rows: nil))
    }

    @Test func twoPathsToOneFileAreNotDuplicates() throws {
        let folder = try TemporaryDirectory()
        let star = try folder.write(Self.png(Picture.sample(30, 30)), to: "Star.png")
        try FileManager.default.createDirectory(atPath: folder.path + "/Links", withIntermediateDirectories: true)
        #expect(link(star, folder.path + "/Links/Hard.png") == 0)
        #expect(symlink("../Star.png", folder.path + "/Links/Soft.png") == 0)
        let scan = try Self.scan(folder)
        #expect(scan.inventory.allImages.count == 3)
        #expect(Self.duplicates(in: scan).isEmpty)
        // The probe keeps which file it opened: the content pass does not open them again for it.
        let identities = Set(scan.inventory.allImages.compactMap(\.identity))
        #expect(identities.count == 1 && scan.inventory.allImages.allSatisfy { $0.identity != nil })
        // A real copy beside them is one duplicate, saving one file's bytes.
        try folder.write(Self.png(Picture.sample(30, 30)), to: "Copy.png")
        let withCopy = Self.duplicates(in: try Self.scan(folder))
        try #require(withCopy.count == 1)
        #expect(withCopy[0].related.count == 3)
        #expect(withCopy[0].savedBytes == Self.png(Picture.sample(30, 30)).count)
    }

    @Test func otherPixelsOfOneSizeAndLengthAreNotGrouped() throws {
        let folder = try TemporaryDirectory()
        // Stored deflate (level 0): the length depends on the size alone.
        let a = Self.png(Picture.sample(20, 20, seed: 1), level: 0)
        let b = Self.png(Picture.sample(20, 20, seed: 2), level: 0)
        let c = Self.png(Picture.sample(20, 20, seed: 3), filter: .sub, level: 1)
        #expect(a.count == b.count && a != b)
        try folder.write(a, to: "A.png")
        try folder.write(b, to: "B.png")
        try folder.write(c, to: "C.png")
        let scan = try Self.scan(folder)
        #expect(Self.duplicates(in: scan).isEmpty)
        let survey = try #require(scan.inventory.contentSurvey)
        // A and B have one length, but their first bytes (held whole by the probe's first read)
        // differ: nothing is read again to hash, and all three are decoded, each only down to
        // its top rows, which already differ.
        #expect(survey.hashed == 0 && survey.knownFromFirstRead == 0)
        #expect(survey.decoded == 0 && survey.decodedTopRowsOnly == 3, "\(survey)")
        #expect(survey.excludedBySize == 0)
    }

    @Test func filesOfOtherSizesAreNotReadPastTheirHeaders() throws {
        let folder = try TemporaryDirectory()
        for side in 10..<30 { try folder.write(Self.png(Picture.sample(side, side)), to: "Glyph\(side).png") }
        try folder.write(Self.png(Picture.sample(12, 12)), to: "Copy.png")
        let scan = try Self.scan(folder)
        let survey = try #require(scan.inventory.contentSurvey)
        let findings = Self.duplicates(in: scan)
        // The copy and its original fit in the probe's first read: known whole, not read again.
        #expect(survey.candidates == 21 && survey.excludedBySize == 19 && survey.knownFromFirstRead == 2)
        #expect(survey.hashed == 0 && survey.decoded == 0, "\(survey)")
        #expect(findings.map(\.path) == ["Copy.png"] && findings.first?.related == ["Glyph12.png"])
    }

    @Test func filesLongerThanTheFirstReadAreHashedWholeOnlyWhenTheirFirstBytesAgree() throws {
        let folder = try TemporaryDirectory()
        let noisy = PNGBuilder(width: 64, height: 64, noisy: true).encoded()
        #expect(noisy.count > ImageProbe.headerReadSize)
        try folder.write(noisy, to: "Noise.png")
        try folder.write(noisy, to: "Copy.png")
        // The same length, with its first bytes changed after the first read's end... and
        // another with them changed within it.
        var late = noisy
        late[noisy.count - 20] ^= 0xFF
        try folder.write(late, to: "Late.png")
        var early = noisy
        early[100] ^= 0xFF
        try folder.write(early, to: "Early.png")
        let scan = try Self.scan(folder)
        let survey = try #require(scan.inventory.contentSurvey)
        // Noise, Copy and Late share their first 4,096 bytes: read whole. Early does not.
        #expect(survey.hashed == 3 && survey.knownFromFirstRead == 0, "\(survey)")
        #expect(
            Self.duplicates(in: scan).map { [$0.path] + $0.related } == [["Copy.png", "Noise.png"]])
    }

    @Test func aSizeSharedByManyFilesIsComparedByBytesUnlessVerifying() throws {
        let folder = try TemporaryDirectory()
        for seed in 0...ContentScanner.maxDecodedContents {
            try folder.write(Self.png(Picture.sample(12, 12, seed: seed * 11)), to: "Glyph\(seed).png")
        }
        try folder.write(Self.png(Picture.sample(12, 12), filter: .paeth), to: "ReEncoded.png")
        try folder.write(Self.png(Picture.sample(12, 12, seed: 11)), to: "Copy.png")
        let quick = try Self.scan(folder)
        // The copy is found by its bytes; the re-encoding would need every file decoded.
        #expect(Self.duplicates(in: quick).map(\.path) == ["Copy.png"])
        let survey = try #require(quick.inventory.contentSurvey)
        #expect(survey.bytesOnly == ContentScanner.maxDecodedContents + 3 && survey.decoded == 0)
        var notes: [String] = []
        _ = try LintSession.run(LintRequest(root: folder.path)) { notes.append($0.text) }
        #expect(notes.contains { $0.contains("compared \(survey.bytesOnly) images by their bytes only") })
        // A lint that reuses the last report says it again.
        usleep(UInt32(2 * ScanCache.racyMargin / 1000))
        let cache = try TemporaryDirectory()
        for run in 0..<2 {
            var cachedNotes: [String] = []
            let outcome = try LintSession.run(LintRequest(root: folder.path, cacheFolder: cache.path)) {
                cachedNotes.append($0.text)
            }
            #expect(outcome.reusedReport == (run == 1))
            #expect(cachedNotes == notes)
        }

        let thorough = try InventoryScanner.scan(
            ScanOptions(root: folder.path, probeDepth: .verify, contentChecks: .duplicates))
        let found = Self.duplicates(in: thorough)
        #expect(found.count == 2)
        #expect(found.contains { Set([$0.path] + $0.related) == ["Glyph0.png", "ReEncoded.png"] })
    }

    @Test func whatWasDecodedOrDeflatedIsCachedWithTheFile() throws {
        let folder = try TemporaryDirectory()
        let cacheFolder = try TemporaryDirectory()
        let picture = Picture.sample(70, 70)
        try folder.write(Self.png(picture, level: 0), to: "Stored.png")
        try folder.write(Self.png(picture, filter: .sub, level: 9), to: "Packed.png")
        func scan() throws -> ScanResult {
            let cache = ScanCache(folder: cacheFolder.path, root: folder.path, probeDepth: .header) { _ in }
            let scan = try InventoryScanner.scan(
                ScanOptions(root: folder.path, cache: cache, contentChecks: [.duplicates, .recompression]))
            try cache.save(scan.cacheEntries)
            return scan
        }
        let first = try scan()
        let firstSurvey = try #require(first.inventory.contentSurvey)
        #expect(firstSurvey.decoded == 2 && firstSurvey.weighed >= 1)
        // Another file changes nothing the cache holds for these two.
        try folder.write(Self.png(Picture.sample(9, 9)), to: "New.png")
        let second = try scan()
        let secondSurvey = try #require(second.inventory.contentSurvey)
        #expect(secondSurvey.decoded == 0 && secondSurvey.weighed == 0, "\(secondSurvey)")
        #expect(Self.duplicates(in: second) == Self.duplicates(in: first))
        #expect(
            second.inventory.contents["Stored.png"]?.recompressedBytes
                == first.inventory.contents["Stored.png"]?.recompressedBytes)
        #expect(Self.duplicates(in: second).count == 1)
    }

    @Test func theLintReportSaysWhatDuplicatesCost() throws {
        let folder = try TemporaryDirectory()
        let star = Self.png(Picture.sample(16, 16))
        try folder.write(star, to: "Star.png")
        try folder.write(star, to: "Favourite.png")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        let json = JSONReporter().render(outcome.report)
        #expect(json.contains("\"imageBytes\":\(star.count * 2)"))
        #expect(json.contains("\"savedBytes\":{\"duplicate-image\":\(star.count)}"))
        #expect(outcome.report.findings.contains { $0.ruleID == "duplicate-image" && $0.savedBytes == star.count })
        #expect(
            TextReporter(colored: false).render(outcome.report).hasSuffix(
                "Fixing duplicate-image (\(byteCountText(star.count))) would save \(byteCountText(star.count)) "
                    + "of the \(byteCountText(star.count * 2)) of images.\n"))
    }
}
