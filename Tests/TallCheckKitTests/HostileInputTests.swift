import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Trees nobody curated: the walk, the probe and the scan finish, stay in the tree, and name
/// every path they could not handle (issue 9).
@Suite("Hostile input")
struct HostileInputTests {
    let manager = FileManager.default

    @Test func aSymbolicLinkLoopIsReportedAndTheWalkFinishesInBothModes() throws {
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "a.png")
        try manager.createSymbolicLink(atPath: folder.path + "/ping", withDestinationPath: "pong")
        try manager.createSymbolicLink(atPath: folder.path + "/pong", withDestinationPath: "ping")
        try manager.createSymbolicLink(atPath: folder.path + "/self", withDestinationPath: ".")
        for follows in [false, true] {
            let root = folder.path
            let tree = try #require(
                finishing(within: 20) { SourceTreeWalker(followsSymbolicLinks: follows).walk(root) },
                "the walk did not finish")
            #expect(tree.images.map(\.displayPath) == ["a.png"])
            let notes = Dictionary(tree.issues.map { ($0.path, $0.message) }, uniquingKeysWith: { $1 })
            #expect(notes[root + "/ping"] == "symbolic link loops; skipped")
            #expect(notes[root + "/pong"] == "symbolic link loops; skipped")
            #expect(
                notes[root + "/self"]
                    == (follows
                        ? "symbolic link to a folder already walked (a loop); not walked again"
                        : "symbolic link to a folder; not followed (--follow-symlinks follows it)"))
        }
    }

    @Test func aLinkToAFolderOutsideIsFollowedOnlyWhenAskedAndItsLoopsAreWalkedOnce() throws {
        let outside = try TemporaryDirectory()
        try outside.write(rgba.encoded(), to: "Shared/shared.png")
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "own.png")
        try manager.createSymbolicLink(atPath: folder.path + "/Shared", withDestinationPath: outside.path + "/Shared")
        // A link back into the tree from the shared folder: following it must not loop.
        try manager.createSymbolicLink(atPath: outside.path + "/Shared/back", withDestinationPath: folder.path)

        let byDefault = Inspection(paths: [folder.path])
        #expect(byDefault.images.map(\.path) == ["own.png"])
        #expect(
            byDefault.skippedEntries.map(\.description) == [
                folder.path + "/Shared: symbolic link to a folder outside the tree; not followed "
                    + "(--follow-symlinks follows it)"
            ])

        let root = folder.path
        let following = try #require(
            finishing(within: 20) { Inspection(paths: [root], followsSymbolicLinks: true) }, "the walk did not finish")
        #expect(following.images.map(\.path) == ["Shared/shared.png", "own.png"])
        #expect(
            following.skippedEntries.map(\.description) == [
                folder.path + "/Shared/back: symbolic link to a folder already walked (a loop); not walked again"
            ])
        #expect(following.exitCode == 0)
    }

    @Test func aFIFOSocketOrDeviceNamedLikeAnImageIsReportedWithoutBlocking() throws {
        let folder = try TemporaryDirectory()
        try #require(mkfifo(folder.path + "/fifo.png", 0o600) == 0)
        try makeSocketFile(at: folder.path + "/socket.png")
        // A device node: made with mknod where allowed (1,3 is the null device), and reached
        // through a link to /dev/zero, which would never end if it were read.
        let madeDevice = mknod(folder.path + "/device.png", S_IFCHR | 0o600, dev_t(1 << 8 | 3)) == 0
        try manager.createSymbolicLink(atPath: folder.path + "/zero.png", withDestinationPath: "/dev/zero")
        try #require(mkfifo(folder.path + "/Info.plist", 0o600) == 0)
        try #require(mkfifo(folder.path + "/project.pbxproj", 0o600) == 0)
        let root = folder.path
        for depth in [ProbeDepth.header, .verify] {
            let inspection = try #require(
                finishing(within: 20) {
                    Inspection(paths: [root], probe: ImageProbe(depth: depth), followsSymbolicLinks: true)
                }, "inspect blocked")
            var expected = [
                "fifo.png": "not a regular file: it is a FIFO", "socket.png": "not a regular file: it is a socket",
                "zero.png": "not a regular file: it is a character device",
            ]
            if madeDevice { expected["device.png"] = "not a regular file: it is a character device" }
            #expect(
                Dictionary(uniqueKeysWithValues: inspection.images.map { ($0.path, $0.facts.problem?.description) })
                    == expected)
            #expect(inspection.exitCode == 1)
            let scan = try #require(
                finishing(within: 20) {
                    try? InventoryScanner.scan(
                        ScanOptions(root: root, probeDepth: depth, followsSymbolicLinks: true))
                }, "lint blocked")
            // A project file that cannot be read is named too: without it the bundle layout is assumed.
            #expect(
                scan?.issues.map(\.description) == [
                    "Info.plist: not a regular file: it is a FIFO; skipped",
                    "project.pbxproj: not a regular file: it is a FIFO; skipped",
                ])
            #expect(scan?.inventory.looseImages.allSatisfy { $0.facts.problem?.isUnreadable == true } == true)
        }
        // Given as the Info.plist, a FIFO is refused, not opened.
        let given = try #require(
            finishing(within: 20) {
                Result { () throws(ScanError) in
                    try InventoryScanner.scan(ScanOptions(root: root, infoPlistPath: root + "/Info.plist"))
                }
            }, "reading the given Info.plist blocked")
        #expect(throws: ScanError.self) { try given.get() }
    }

    @Test func aFolderNamedLikeAnImageIsWalkedNotProbed() throws {
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "y.png/inner@2x.png")
        try folder.write(rgba.encoded(), to: "y@2x.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(scan.inventory.looseImages.map(\.path) == ["y.png/inner@2x.png", "y@2x.png"])
        #expect(scan.issues.isEmpty)
        #expect(
            ImageProbe().probe(fileAtPath: folder.path + "/y.png").problem
                == .unreadable(
                    "not a regular file: it is a directory"))
    }

    @Test func anEmptyPNGIsAnImageFormatError() throws {
        let folder = try TemporaryDirectory()
        try folder.write([], to: "Empty@2x.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path, probeDepth: .verify))
        let findings = Linter().findings(in: scan.inventory).filter { $0.ruleID == "image-format" }
        #expect(findings.map(\.path) == ["Empty@2x.png"])
        #expect(findings.first?.message.contains("empty file (0 bytes)") == true)
    }

    @Test func aPNGClaiming100000PixelsASideIsRefusedWithTheSizeItClaims() throws {
        let folder = try TemporaryDirectory()
        // The IHDR of a real file that size, followed by a little image data and IEND.
        try folder.write(claimingSize(width: 100_000, height: 100_000), to: "huge.png")
        for depth in [ProbeDepth.header, .verify] {
            let facts = ImageProbe(depth: depth).probe(fileAtPath: folder.path + "/huge.png")
            #expect(
                facts.problem?.description.hasPrefix("IHDR claims 100000×100000 pixels, over the probe's limit") == true
            )
            #expect(facts.pixelSize == PixelSize(width: 100_000, height: 100_000))
        }
    }

    @Test(
        "every PngSuite corrupt file is an image-format error when linted where it lies",
        .enabled(if: PNGSuite.isPresent, "PngSuite not found at \(PNGSuite.folder)"))
    func pngSuiteCorruptFilesAreFindings() throws {
        let scan = try InventoryScanner.scan(ScanOptions(root: PNGSuite.folder, probeDepth: .verify))
        let corrupt = Set(scan.inventory.looseImages.map(\.path).filter { $0.hasPrefix("x") })
        #expect(corrupt.count == 14)
        let flagged = Set(
            Linter().findings(in: scan.inventory).filter { $0.ruleID == "image-format" && $0.severity == .error }
                .map(\.path))
        #expect(corrupt.isSubset(of: flagged), "not flagged: \(corrupt.subtracting(flagged).sorted())")
    }

    @Test func aFileCutAtAnyByteIsInvalidInVerifyModeAndNothingCrashes() throws {
        let folder = try TemporaryDirectory()
        // Large enough that verify mode refills its buffer; noisy so deflate keeps it large.
        let whole = PNGBuilder(width: 200, height: 150, noisy: true).encoded()
        let cgbi = PNGBuilder(width: 64, height: 40, cgbi: true).encoded()
        var paths: [String] = []
        for (name, bytes) in [("noisy", whole), ("cgbi", cgbi)] {
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) + [bytes.count - 1] {
                paths.append(try folder.write(Array(bytes[..<length]), to: "\(name)-\(length).png"))
            }
        }
        let facts = ImageProbe(depth: .verify).probe(filesAtPaths: paths)
        let valid = zip(paths, facts).filter { $0.1.isValid }.map(\.0)
        #expect(valid.isEmpty, "accepted although cut: \(valid)")
        let truncatedMessages = facts.filter { $0.problem?.description.contains("truncated") == true }
        #expect(truncatedMessages.count > paths.count / 2)
        // Header mode reads less, but still never crashes and finds every cut before IDAT.
        _ = ImageProbe(depth: .header).probe(filesAtPaths: paths)
    }

    @Test func namesWithSpacesNewlinesOtherBytesAndFullLengthWork() throws {
        let folder = try TemporaryDirectory()
        let image = rgba.encoded()
        try folder.write(image, to: "With Space@2x.png")
        try folder.write(image, to: "line\nbreak.png")
        try folder.write(image, to: "Fake.png: 1×1 png\u{1B}[31m.png")
        try writeFile(image, rawPath: Array(folder.path.utf8) + Array("/latin1-caf".utf8) + [0xE9] + Array(".png".utf8))
        let longName = String(repeating: "L", count: 251) + ".png"  // 255 bytes, NAME_MAX on Linux
        try folder.write(image, to: longName)

        let inspection = Inspection(paths: [folder.path])
        #expect(
            inspection.images.map(\.path) == [
                "Fake.png: 1×1 png\\x1B[31m.png", longName, "With Space@2x.png", "latin1-caf\\xE9.png",
                "line\\nbreak.png",
            ])
        #expect(inspection.images.allSatisfy { $0.facts.isValid }, "\(inspection.images.map(\.facts.problem))")
        #expect(inspection.skippedEntries.isEmpty)
        // One line an image and one summary line: no name forges a line.
        let text = inspection.textLines.joined(separator: "\n")
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        #expect(!text.contains("\u{1B}"))
        // JSON carries the escaped path as a string.
        #expect(inspection.json.rendered().contains(#""path":"line\\nbreak.png""#))

        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        let report = Linter().lint(scan)
        for rendered in [TextReporter(colored: false).render(report), XcodeReporter().render(report)] {
            #expect(!rendered.contains("line\nbreak"))
            #expect(rendered.contains("line\\nbreak.png"))
        }
    }

    @Test func fiftyLevelsOfNestingAreWalked() throws {
        let folder = try TemporaryDirectory()
        let deep = (1...50).map { "level-\($0)" }.joined(separator: "/")
        try folder.write(rgba.encoded(), to: deep + "/deep@2x.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path, probeDepth: .verify))
        #expect(scan.inventory.looseImages.map(\.path) == [deep + "/deep@2x.png"])
        #expect(scan.inventory.looseImages.first?.facts.isValid == true)
        #expect(scan.issues.isEmpty)
    }

    @Test func aFolderTooDeepToOpenByPathIsReportedAndTheRestIsWalked() throws {
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "shallow.png")
        // 20 names of 250 bytes: well past PATH_MAX (4096), made one level at a time.
        let name = String(repeating: "d", count: 250)
        var parent = open(folder.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<20 {
            try #require(mkdirat(parent, name, 0o755) == 0)
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY)
            close(parent)
            parent = child
        }
        close(parent)
        let tree = SourceTreeWalker().walk(folder.path)
        #expect(tree.images.map(\.displayPath) == ["shallow.png"])
        let unreadable = tree.issues.filter { $0.kind == .unreadable }
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.message == "cannot read folder: File name too long")
        #expect(unreadable.first?.path.hasPrefix(folder.path + "/" + name + "/") == true)
    }

    @Test func filesThatChangeOrVanishAfterTheWalkAreReportedOneByOne() throws {
        let outside = try TemporaryDirectory()
        try outside.write(rgba.encoded(), to: "secret.png")
        let folder = try TemporaryDirectory()
        for name in ["vanished", "cut", "folder", "fifo", "link", "kept"] {
            try folder.write(PNGBuilder(width: 200, height: 150, noisy: true).encoded(), to: name + ".png")
        }
        let tree = SourceTreeWalker().walk(folder.path)
        #expect(tree.images.count == 6)
        // Between the walk and the probe, as another process might:
        try manager.removeItem(atPath: folder.path + "/vanished.png")
        try #require(truncate(folder.path + "/cut.png", 500) == 0)
        try manager.removeItem(atPath: folder.path + "/folder.png")
        try manager.createDirectory(atPath: folder.path + "/folder.png", withIntermediateDirectories: false)
        try manager.removeItem(atPath: folder.path + "/fifo.png")
        try #require(mkfifo(folder.path + "/fifo.png", 0o600) == 0)
        try manager.removeItem(atPath: folder.path + "/link.png")
        try manager.createSymbolicLink(
            atPath: folder.path + "/link.png", withDestinationPath: outside.path + "/secret.png")

        let paths = tree.images.map(\.location)
        let facts = try #require(finishing(within: 20) { ImageProbe(depth: .verify).probe(files: paths) })
        let outcome = Dictionary(
            uniqueKeysWithValues: zip(tree.images.map(\.displayPath), facts.map { $0.problem?.description ?? "valid" }))
        #expect(outcome["vanished.png"] == "cannot read: No such file or directory")
        #expect(outcome["cut.png"]?.contains("truncated") == true)
        #expect(outcome["folder.png"] == "not a regular file: it is a directory")
        #expect(outcome["fifo.png"] == "not a regular file: it is a FIFO")
        #expect(outcome["kept.png"] == "valid")
        // A file swapped for a link after the walk is read through it: the walk's checks ran
        // before. Noted as a limit; what matters here is that it neither crashes nor blocks.
        #expect(outcome["link.png"] != nil)
    }

    @Test func aFileRewrittenWhileItIsProbedGivesAnAnswerEveryTime() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write(PNGBuilder(width: 300, height: 200, noisy: true).encoded(), to: "moving.png")
        let whole = PNGBuilder(width: 300, height: 200, noisy: true).encoded()
        let stop = ResultFlag()
        let writer = Thread {
            var length = 0
            while !stop.isSet {
                // Cut it, grow it back: the probe sees every stage.
                _ = truncate(path, off_t(length))
                if let handle = FileHandle(forWritingAtPath: path) {
                    handle.seek(toFileOffset: UInt64(length))
                    handle.write(Data(whole[length...]))
                    handle.closeFile()
                }
                length = (length + 7919) % whole.count
            }
        }
        writer.start()
        defer { stop.set() }
        let outcomes = try #require(
            finishing(within: 60) { (0..<300).map { _ in ImageProbe(depth: .verify).probe(fileAtPath: path) } },
            "probing a changing file did not finish")
        #expect(outcomes.count == 300)
        #expect(outcomes.allSatisfy { $0.isValid || $0.problem != nil })
    }

    @Test func aBinaryInfoPlistHoldingASetIsSkippedNotACrash() throws {
        // PropertyListSerialization crashed the process on this file (Scripts/fuzz info-plist).
        let bytes = try FuzzRegressions.bytes("info-plist/binary-plist-with-a-set-crash-8997fe94")
        let folder = try TemporaryDirectory()
        let path = try folder.write(bytes, to: "Info.plist")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(
            scan.issues.map(\.description) == [
                "Info.plist: not a property list dictionary: wrong type: expected Dictionary<String, Any>; skipped"
            ])
        #expect(throws: AppInfo.ReadError.self) { try AppInfo(contentsOfFile: path, reportedPath: "Info.plist") }
    }

    @Test func aBinaryInfoPlistWhoseObjectsShareEachOtherIsRefusedQuickly() throws {
        // Objects referring to each other many times: decoded in full, they expanded past 1 GB
        // and 10 s (Scripts/fuzz info-plist).
        let bytes = try FuzzRegressions.bytes("info-plist/shared-objects-timeout-828ca840")
        let start = ContinuousClock.now
        let outcome = try #require(
            finishing(within: 20) {
                Result { () throws(AppInfo.ReadError) in try AppInfo(data: Data(bytes), reportedPath: "Info.plist") }
            })
        #expect(throws: AppInfo.ReadError.self) { try outcome.get() }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aNameThatIsNotUTF8IsOpenedByItsBytes() throws {
        let folder = try TemporaryDirectory()
        let raw = Array(folder.path.utf8) + [UInt8(ascii: "/"), 0xFF, 0xFE] + Array("@2x.png".utf8)
        try writeFile(PNGBuilder(width: 64, height: 64).encoded(), rawPath: raw)
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path, probeDepth: .verify))
        #expect(scan.inventory.looseImages.map(\.path) == ["\\xFF\\xFE@2x.png"])
        #expect(scan.inventory.looseImages.first?.facts.pixelSize == PixelSize(width: 64, height: 64))
        #expect(scan.inventory.looseImages.first?.name.scale == 2)
    }
}

/// A flag one thread sets and another reads.
private final class ResultFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

@Suite("Escaped display paths")
struct EscapedDisplayPathTests {
    @Test(
        "control characters, backslashes and bytes that are not UTF-8 are escaped; other text is kept",
        arguments: [
            (Array("Button@2x.png".utf8), "Button@2x.png"),
            (Array("Bouton é 按钮.png".utf8), "Bouton é 按钮.png"),
            (Array("a\nb\rc\td.png".utf8), "a\\nb\\rc\\td.png"),
            (Array("back\\slash".utf8), "back\\\\slash"),
            (Array("bell\u{7}esc\u{1B}del\u{7F}".utf8), "bell\\x07esc\\x1Bdel\\x7F"),
            ([0x63, 0x61, 0x66, 0xE9], "caf\\xE9"),
            ([0xE2, 0x82], "\\xE2\\x82"),  // a UTF-8 sequence cut short
            ([0xC0, 0xAF], "\\xC0\\xAF"),  // an overlong encoding of "/"
            (Array("nel\u{85}ls\u{2028}ps\u{2029}".utf8), "nel\\u{85}ls\\u{2028}ps\\u{2029}"),
        ])
    func escapes(_ bytes: [UInt8], _ shown: String) {
        #expect(escapedForDisplay(bytes) == shown)
        #expect(!shown.contains { $0.isNewline })
    }
}
