import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

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
        try folder.write(
            Array(#"{"images":[{"idiom":"universal","filename":"s.png","scale":"2x"}]}"#.utf8),
            to: "App/Assets.xcassets/Sun.imageset/Contents.json")
        try folder.write(png(21, 20), to: "App/Assets.xcassets/Sun.imageset/s.png")
        Self.settle()
        return folder
    }

    /// Waits until files just written are older than a lint that starts now by more than the
    /// clock's tick: the cache keeps nothing about a file that may have changed during its lint.
    private static func settle() {
        usleep(UInt32(2 * ScanCache.racyMargin / 1000))
    }

    /// Every reporter's rendering of a lint's report, and the lint's notes and exit code.
    private static func rendered(_ root: String, cache: String?, settings: LintConfiguration.Layer = .init())
        throws -> (outputs: [String], notes: [String], exitCode: Int32, reused: Bool)
    {
        var notes: [String] = []
        let outcome = try LintSession.run(LintRequest(root: root, settings: settings, cacheFolder: cache)) {
            notes.append($0.description)
        }
        let outputs = Reporters.all.map { $0.init().render(outcome.report) }
        return (outputs, notes, outcome.exitCode, outcome.reusedReport)
    }

    /// The report snapshot of `folder` in the cache folder, for the default settings.
    private static func snapshot(of folder: TemporaryDirectory, in cache: TemporaryDirectory) -> ReportSnapshot {
        ReportSnapshot(folder: cache.path, request: LintRequest(root: folder.path), configuration: LintConfiguration())
    }

    /// Sets a file's access and modification times back, so only its change time tells.
    private static func restoreTimes(_ path: String, from status: stat) {
        var times = [status.st_atim, status.st_mtim]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func theWalkStampsEachClaimedFileAsAnLstatOfItsPathWould() throws {
        let folder = try TemporaryDirectory()
        _ = try folder.write(Array("let a = 1\n".utf8), to: "App/A.swift")
        _ = try folder.write([0x89, 0x50, 0x4E, 0x47], to: "App/Images/b@2x.png")
        var walker = SourceTreeWalker(claims: InputScanners.all, skipsNonSourceFolders: true)
        walker.stampsFiles = true
        let files = walker.walk(folder.path).claimed.flatMap { $0 }
        #expect(files.count == 2)
        for file in files {
            #expect(file.stamp != nil)
            #expect(file.stamp == FileStamp(file.location))
        }
        walker.stampsFiles = false
        #expect(walker.walk(folder.path).claimed.flatMap { $0 }.allSatisfy { $0.stamp == nil })
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
        #expect(warm.cacheHits == 7)

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

    /// The Objective-C classes a file implements and creates come back from the cache: a warm
    /// lint of the gamepad scenario leaves the TV app out of the on-screen buttons as a cold one does.
    @Test func classFactsComeBackFromTheCache() throws {
        let folder = ScenarioTests.repository + "/Fixtures/Scenarios/targets-objc-class-created-on-one-platform"
        let cache = try TemporaryDirectory()
        let cold = try Self.lint(folder, cache: nil)
        #expect(cold.findings.count == 2 && !cold.findings.contains { $0.contains("OnScreenControls.m") })
        #expect(try Self.lint(folder, cache: cache.path).findings == cold.findings)
        let warm = try InventoryScanner.scan(
            ScanOptions(root: folder, cache: ScanCache(folder: cache.path, root: folder, probeDepth: .header) { _ in }))
        #expect(warm.cacheHits > 0)
        let tv = try #require(warm.targets.first { $0.target.name == "TV" })
        #expect(tv.inventory.references.filter { $0.literalName == "a-button" }.map(\.keepsOnly) == [true])
    }

    @Test(
        "a damaged cache or report snapshot is named, ignored and rewritten; the results do not change",
        arguments: [
            "truncated", "flipped byte", "garbage", "empty", "entry count lies", "folder",
        ], [".cache", ".report"])
    func damagedCache(_ damage: String, _ suffix: String) throws {
        let folder = try Self.app()
        let cacheFolder = try TemporaryDirectory()
        let expected = try Self.lint(folder.path, cache: nil).findings
        _ = try Self.lint(folder.path, cache: cacheFolder.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        #expect(files.count == 2, "a cache file and a report snapshot: \(files)")
        if suffix == ".cache" {
            // Without the snapshot, so that the lint reads the per-file cache.
            let snapshot = try #require(files.first { $0.hasSuffix(".report") })
            #expect(unlink(cacheFolder.path + "/" + snapshot) == 0)
        }
        let file = try #require(files.first { $0.hasSuffix(suffix) })
        let path = cacheFolder.path + "/" + file
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        switch damage {
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "flipped byte": bytes[bytes.count / 2] ^= 0x40
        case "garbage": bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        case "empty": bytes = []
        case "entry count lies":
            // Recomputing the checksum makes it look sound: the reader must still refuse it.
            let magic = suffix == ".cache" ? ScanCache.magic : ReportSnapshot.magic
            let keyLength = Int(bytes[magic.count + 4]) | Int(bytes[magic.count + 5]) << 8
            let countOffset = magic.count + 4 + 4 + keyLength
            bytes[countOffset] = 0xFF
            bytes[countOffset + 1] = 0xFF
            bytes = CacheFrame.resealed(bytes)
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
        if damage == "entry count lies" {
            #expect(
                !damaged.notes.contains { $0.contains("checksum") }, "the checksum was made sound: \(damaged.notes)")
        }
        Self.settle()
        if damage != "folder" {
            // Rewritten: the next run uses it without a word.
            let again = try Self.lint(folder.path, cache: cacheFolder.path)
            #expect(again.findings == expected && again.notes.allSatisfy { !$0.contains("cache") })
        }
    }

    @Test("a cache or snapshot of another format version is ignored without a word", arguments: [".cache", ".report"])
    func anotherVersionIsIgnoredSilently(_ suffix: String) throws {
        let folder = try Self.app()
        let cacheFolder = try TemporaryDirectory()
        let expected = try Self.lint(folder.path, cache: nil).findings
        _ = try Self.lint(folder.path, cache: cacheFolder.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        let path = cacheFolder.path + "/" + (try #require(files.first { $0.hasSuffix(suffix) }))
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        // An older version's number, and its checksum of another kind.
        let magic = suffix == ".cache" ? ScanCache.magic : ReportSnapshot.magic
        bytes[magic.count] &-= 1
        bytes[bytes.count - 1] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let linted = try Self.lint(folder.path, cache: cacheFolder.path)
        #expect(linted.findings == expected)
        #expect(linted.notes.allSatisfy { !$0.contains("cache") }, "\(linted.notes)")
    }

    @Test func anUnchangedTreeGetsTheLastReportInEveryFormat() throws {
        let folder = try Self.app()
        try folder.write(Array("opt_in_rules: [unused-image]\n".utf8), to: ".tallcheck.yml")
        try folder.write(
            Array("<plist><dict><key>UIDeviceFamily</key><array><integer>2</integer></array></dict></plist>".utf8),
            to: "App/Info.plist")
        Self.settle()
        let cache = try TemporaryDirectory()
        let fresh = try Self.rendered(folder.path, cache: nil)
        let first = try Self.rendered(folder.path, cache: cache.path)
        let second = try Self.rendered(folder.path, cache: cache.path)
        #expect(!first.reused && second.reused)
        #expect(second.outputs == fresh.outputs && first.outputs == fresh.outputs)
        #expect(second.notes == fresh.notes && second.exitCode == fresh.exitCode)
        #expect(fresh.outputs[0].contains("unused-image"), "the config file's opt-in rule ran")
    }

    /// A change the report snapshot must notice, and the file or setting it touches.
    static let changes: [(String, @Sendable (TemporaryDirectory) throws -> Void)] = [
        ("an image added", { try $0.write(png(5, 5), to: "App/New@2x.png") }),
        ("an image deleted", { _ = unlink($0.path + "/App/Star.png") }),
        ("an image renamed", { _ = rename($0.path + "/App/Star.png", $0.path + "/App/Stars.png") }),
        ("a folder added with an image", { try $0.write(png(5, 5), to: "App/More/New@2x.png") }),
        ("a catalog image rewritten", { try $0.write(png(20, 20), to: "App/Assets.xcassets/Sun.imageset/s.png") }),
        (
            "a catalog's Contents.json rewritten",
            {
                try $0.write(
                    Array(#"{"images":[{"idiom":"universal","filename":"s.png","scale":"3x"}]}"#.utf8),
                    to: "App/Assets.xcassets/Sun.imageset/Contents.json")
            }
        ),
        ("a catalog set added", { try $0.write(png(4, 4), to: "App/Assets.xcassets/Moon.imageset/m.png") }),
        ("an Info.plist added", { try $0.write(Array("<plist><dict/></plist>".utf8), to: "App/Info.plist") }),
        (
            "a config file added",
            { try $0.write(Array("disabled_rules: [missing-scale]\n".utf8), to: ".tallcheck.yml") }
        ),
        ("code edited", { try $0.write(Array(#"let a = UIImage(named: "Moon")"#.utf8), to: "App/Menu.swift") }),
    ]

    @Test("a change anywhere the lint reads means a new lint", arguments: changes.map(\.0))
    func aChangeIsNoticed(_ name: String) throws {
        let change = try #require(Self.changes.first { $0.0 == name }).1
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        _ = try Self.rendered(folder.path, cache: cache.path)
        #expect(try Self.rendered(folder.path, cache: cache.path).reused)
        try change(folder)
        let changed = try Self.rendered(folder.path, cache: cache.path)
        #expect(!changed.reused)
        #expect(changed.outputs == (try Self.rendered(folder.path, cache: nil)).outputs)
    }

    /// Gives the files a new modification and change time, as `touch` does.
    private static func touch(_ paths: [String], in folder: TemporaryDirectory) {
        for path in paths { _ = utimensat(AT_FDCWD, folder.path + "/" + path, nil, 0) }
    }

    /// Appends `text` to the file in place: its folder does not change.
    private static func append(_ text: String, to path: String, in folder: TemporaryDirectory) throws {
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/" + path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// The report snapshot's bytes, as the cache folder holds them.
    private static func snapshotBytes(in cache: TemporaryDirectory) throws -> Data {
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.hasSuffix(".report") })
        return try Data(contentsOf: URL(fileURLWithPath: cache.path + "/" + name))
    }

    @Test func filesWrittenAgainWithTheSameFactsKeepTheReport() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let fresh = try Self.rendered(folder.path, cache: nil)
        _ = try Self.rendered(folder.path, cache: cache.path)
        let saved = try Self.snapshotBytes(in: cache)
        // Touched (a loose image, a catalog image), and code edited where it names no image.
        Self.touch(["App/Star.png", "App/Assets.xcassets/Sun.imageset/s.png"], in: folder)
        try Self.append("\n// The menu's icons.\n", to: "App/Menu.swift", in: folder)
        let touched = try Self.rendered(folder.path, cache: cache.path)
        #expect(touched.reused)
        #expect(touched.outputs == fresh.outputs && touched.notes == fresh.notes)
        #expect(touched.exitCode == fresh.exitCode)
        // Changed just before the lint: their new stamps are not kept, and the next lint reads
        // them again; once they have settled, it keeps them.
        #expect(try Self.snapshotBytes(in: cache) == saved)
        Self.settle()
        #expect(try Self.rendered(folder.path, cache: cache.path).reused)
        let refreshed = try Self.snapshotBytes(in: cache)
        #expect(refreshed != saved)
        let again = try Self.rendered(folder.path, cache: cache.path)
        #expect(again.reused && again.outputs == fresh.outputs)
        #expect(try Self.snapshotBytes(in: cache) == refreshed, "nothing was read again, so nothing was written")
    }

    @Test func aFileSavedByRenamingAndFilesNoInputReadsKeepTheReport() throws {
        let folder = try Self.app()
        try folder.write(
            Array("func testMenu() { _ = UIImage(named: \"Icon\") }\n".utf8), to: "AppTests/MenuTests.swift")
        try folder.write(Array("#define kIcon @\"icon\"\n".utf8), to: "App/Menu.h")
        Self.settle()
        let cache = try TemporaryDirectory()
        let fresh = try Self.rendered(folder.path, cache: nil)
        _ = try Self.rendered(folder.path, cache: cache.path)
        // Saved as editors save: a new file renamed over the old, a temporary file come and gone.
        try folder.write(
            Array("let a = UIImage(named: \"Icon\"), b = UIImage(named: \"Star\")\n// saved\n".utf8),
            to: "App/.Menu.swift.tmp")
        #expect(rename(folder.path + "/App/.Menu.swift.tmp", folder.path + "/App/Menu.swift") == 0)
        try folder.write(Array("swap".utf8), to: "App/.Menu.swift.swp")
        #expect(unlink(folder.path + "/App/.Menu.swift.swp") == 0)
        // A note beside the images, a test edited, a header no rule reads.
        try folder.write(Array("notes".utf8), to: "App/README.md")
        try Self.append("// more\n", to: "AppTests/MenuTests.swift", in: folder)
        try Self.append("#define kStar @\"star\"\n", to: "App/Menu.h", in: folder)
        let saved = try Self.rendered(folder.path, cache: cache.path)
        #expect(saved.reused)
        #expect(saved.outputs == fresh.outputs && saved.notes == fresh.notes)
        // Saved the same way with another image name: read again, and the report is not reused.
        try folder.write(Array("let a = UIImage(named: \"Comet\")\n".utf8), to: "App/.Menu.swift.tmp")
        #expect(rename(folder.path + "/App/.Menu.swift.tmp", folder.path + "/App/Menu.swift") == 0)
        let renamed = try Self.rendered(folder.path, cache: cache.path)
        #expect(!renamed.reused)
        #expect(renamed.outputs == (try Self.rendered(folder.path, cache: nil)).outputs)
        #expect(renamed.outputs[0].contains("Comet"))
    }

    @Test func aFolderListedAgainIsNotReachedThroughALink() throws {
        let outside = try TemporaryDirectory()
        try outside.write(Self.png(4, 4), to: "Sub/x.png")
        let folder = try TemporaryDirectory()
        try folder.write(Self.png(4, 4), to: "App/Real/Sub/x.png")
        #expect(symlink(outside.path, folder.path + "/App/Link") == 0)
        let walker = SourceTreeWalker(claims: InputScanners.all, skipsNonSourceFolders: true)
        let root = FileSystemPath(folder.path)
        #expect(walker.listing(ofFolder: Array("App/Real/Sub".utf8), below: root) != nil)
        // The same listing lies at the end of the link: it is not read.
        #expect(walker.listing(ofFolder: Array("App/Link/Sub".utf8), below: root) == nil)
    }

    @Test func aFileWhoseNameIsNotUTF8IsKnownByItsEscapedName() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.png(20, 20), to: "App/Star@2x.png")
        // `App/caf\xE9@2x.png`: a Latin-1 byte, shown escaped in reports.
        let name = Array("App/caf".utf8) + [0xE9] + Array("@2x.png".utf8)
        let png = Self.png(30, 30)
        let fd = (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0 && write(fd, png, png.count) == png.count)
        close(fd)
        Self.settle()
        let cache = try TemporaryDirectory()
        let fresh = try Self.rendered(folder.path, cache: nil)
        _ = try Self.rendered(folder.path, cache: cache.path)
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        _ = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { utimensat(AT_FDCWD, $0.baseAddress!, nil, 0) }
        }
        let touched = try Self.rendered(folder.path, cache: cache.path)
        #expect(touched.reused, "its facts were recorded under the name the scan gives it")
        #expect(touched.outputs == fresh.outputs)
    }

    @Test func aLinkTurnedOutOfTheTreeIsNoticedEvenWhenItLeadsToTheSameFile() throws {
        let outside = try TemporaryDirectory()
        try outside.write(Self.png(20, 20), to: "x.png")
        let folder = try TemporaryDirectory()
        try folder.write(Self.png(10, 10), to: "App/Star.png")
        // One file, reached inside the tree and outside it.
        #expect(link(outside.path + "/x.png", folder.path + "/App/Star@2x.png") == 0)
        #expect(symlink("Star@2x.png", folder.path + "/App/Shine@2x.png") == 0)
        Self.settle()
        let cache = try TemporaryDirectory()
        _ = try Self.rendered(folder.path, cache: cache.path)
        #expect(unlink(folder.path + "/App/Shine@2x.png") == 0)
        #expect(symlink(outside.path + "/x.png", folder.path + "/App/Shine@2x.png") == 0)
        let turned = try Self.rendered(folder.path, cache: cache.path)
        #expect(!turned.reused)
        #expect(turned.outputs == (try Self.rendered(folder.path, cache: nil)).outputs)
    }

    @Test func aSnapshotCannotMakeAFileBeReadAsWhatItIsNot() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array("all:\n".utf8), to: "App/Makefile")
        try folder.write(Array("not a png".utf8), to: "App/notes.txt")
        let options = ScanOptions(root: folder.path).parsingSwift
        // A forged snapshot's kinds: a source without an extension, an image that is text.
        let current = AppScanner.current(
            [(Array("App/Makefile".utf8), .source), (Array("App/notes.txt".utf8), .image)], options: options)
        #expect(current.isEmpty)
    }

    @Test func findingsReadBackFromASnapshotAreEscapedAgain() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let snapshot = Self.snapshot(of: folder, in: cache)
        var forged = Finding(ruleID: "scale-mismatch", severity: .warning, path: "App/Star.png", message: "m")
        forged.message = "clear \u{1B}[2J the screen"
        forged.path = "App/\u{7}Star.png"
        let contents = ReportSnapshot.Contents(
            findings: [forged], imageCount: 1, assetNames: [:], app: nil, issues: [])
        #expect(try snapshot.save(contents, read: [], startedAt: .max))
        let read = try #require(snapshot.load { _ in }?.contents.findings.first)
        #expect(!read.message.unicodeScalars.contains { $0.value == 0x1B })
        #expect(!read.path.unicodeScalars.contains { $0.value == 0x07 })
    }

    @Test func aFileTheContentPassReadIsJudgedByAllItsBytes() throws {
        let folder = try TemporaryDirectory()
        // Two copies in two assets, each longer than the probe's first read.
        let noisy = {
            var builder = PNGBuilder(width: 64, height: 64); builder.noisy = true; return builder.encoded()
        }()
        #expect(noisy.count > 3 * ImageProbe.headerReadSize)
        try folder.write(noisy, to: "App/Sun@2x.png")
        try folder.write(noisy, to: "App/Moon@2x.png")
        Self.settle()
        let cache = try TemporaryDirectory()
        let first = try Self.rendered(folder.path, cache: cache.path)
        #expect(first.outputs[0].contains("duplicate-image"))
        // One byte of the image data changed in place, past the first read: the same header,
        // length, first read and end, but no longer a copy.
        let path = folder.path + "/App/Moon@2x.png"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(2 * ImageProbe.headerReadSize))
        try handle.write(contentsOf: Data([noisy[2 * ImageProbe.headerReadSize] ^ 0xFF]))
        try handle.close()
        let changed = try Self.rendered(folder.path, cache: cache.path)
        #expect(!changed.reused)
        #expect(changed.outputs == (try Self.rendered(folder.path, cache: nil)).outputs)
        #expect(!changed.outputs[0].contains("duplicate-image"))
    }

    @Test func manyChangedFilesMeanANewLint() throws {
        let folder = try TemporaryDirectory()
        let paths = (0..<(ReportSnapshot.maxStaleFiles + 1)).map { "App/Image\($0)@2x.png" }
        // Each of its own size: no copies, which the content pass would read whole.
        for (index, path) in paths.enumerated() { try folder.write(Self.png(10 + 2 * index, 10), to: path) }
        Self.settle()
        let cache = try TemporaryDirectory()
        _ = try Self.rendered(folder.path, cache: cache.path)
        Self.touch(Array(paths.prefix(ReportSnapshot.maxStaleFiles)), in: folder)
        #expect(try Self.rendered(folder.path, cache: cache.path).reused)
        Self.touch(paths, in: folder)
        let touched = try Self.rendered(folder.path, cache: cache.path)
        #expect(!touched.reused)
        #expect(touched.outputs == (try Self.rendered(folder.path, cache: nil)).outputs)
    }

    @Test func aBrokenLinkKeepsTheReportFromBeingReusedUntilItsTargetAppears() throws {
        let folder = try Self.app()
        #expect(symlink("Later@2x.png", folder.path + "/App/Late@2x.png") == 0)
        Self.settle()
        let cache = try TemporaryDirectory()
        // The 7×7 @2x target is a fractional-point-size finding, which names the link.
        let fractional = LintConfiguration.Layer(optInRules: ["fractional-point-size"])
        _ = try Self.rendered(folder.path, cache: cache.path, settings: fractional)
        #expect(try !Self.rendered(folder.path, cache: cache.path, settings: fractional).reused)
        try folder.write(Self.png(7, 7), to: "Later.png.new")
        // Made outside App/ and moved in, so that only the link's target is new.
        #expect(rename(folder.path + "/Later.png.new", folder.path + "/App/Later@2x.png") == 0)
        let linted = try Self.rendered(folder.path, cache: cache.path, settings: fractional)
        #expect(linted.outputs == (try Self.rendered(folder.path, cache: nil, settings: fractional)).outputs)
        #expect(linted.outputs[0].contains("Late@2x.png"), "the link's target is linted now")
    }

    @Test func anotherCommandLineSettingMeansANewLint() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        _ = try Self.rendered(folder.path, cache: cache.path)
        let stricter = LintConfiguration.Layer(deploymentTarget: OSVersion(9), strict: true)
        let changed = try Self.rendered(folder.path, cache: cache.path, settings: stricter)
        #expect(!changed.reused)
        #expect(changed.outputs == (try Self.rendered(folder.path, cache: nil, settings: stricter)).outputs)
        #expect(try Self.rendered(folder.path, cache: cache.path, settings: stricter).reused)
    }

    @Test func aFileThatChangedDuringTheLintKeepsTheSnapshotFromBeingWritten() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let snapshot = Self.snapshot(of: folder, in: cache)
        let contents = ReportSnapshot.Contents(findings: [], imageCount: 0, assetNames: [:], app: nil, issues: [])
        let file = FileSystemPath(folder.path + "/App/Star.png")
        let changed = try #require(ScanCache.Stamp(file)).changed
        // Started just before the file's last change: the lint may have read it before.
        #expect(try !snapshot.save(contents, read: [file], startedAt: changed))
        #expect(try snapshot.save(contents, read: [file], startedAt: changed + 2 * ScanCache.racyMargin))
        #expect(snapshot.load { _ in }?.contents == contents)
    }

    @Test func aSnapshotKeepsEveryFieldOfEveryFinding() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let snapshot = Self.snapshot(of: folder, in: cache)
        var full = Finding(
            ruleID: "missing-image", severity: .error, path: "App/Menu\u{1B}.swift", message: "no \"Ikon\" \u{7}",
            related: ["App/Icon.png", "App/Ikon@2x.png"], line: 3, column: 9)
        full.savedBytes = 1234
        full.targets = ["App", "Widget"]
        full.configurations = ["Debug"]
        let bare = Finding(ruleID: "scale-mismatch", severity: .note, path: "App/Star@2x.png", message: "m")
        let contents = ReportSnapshot.Contents(
            findings: [full, bare], imageCount: 6, imageBytes: 99, assetNames: ["App/Star@2x.png": "Star", "é": "ü"],
            app: nil, issues: [WalkIssue(path: "App/x", kind: .skipped, message: "why")], notes: ["a note"])
        #expect(try snapshot.save(contents, read: [], startedAt: .max))
        #expect(snapshot.load { _ in }?.contents == contents)
    }

    @Test func aSnapshotNamingAPathOutsideTheFolderIsRefused() throws {
        let folder = try Self.app()
        let cache = try TemporaryDirectory()
        let snapshot = Self.snapshot(of: folder, in: cache)
        let contents = ReportSnapshot.Contents(findings: [], imageCount: 0, assetNames: [:], app: nil, issues: [])
        // Saved with a path spelled through `..`, as a hand-edited file could.
        #expect(
            try snapshot.save(contents, read: [FileSystemPath(folder.path + "/App/../App/Star.png")], startedAt: .max))
        var notes: [String] = []
        #expect(snapshot.load { notes.append($0) } == nil)
        #expect(notes.contains { $0.contains("leads out of the folder") }, "\(notes)")
    }

    @Test func aCacheFolderInsideTheScannedTreeIsNotUsedOrWritten() throws {
        let folder = try Self.app()
        let result = try Self.lint(folder.path, cache: folder.path + "/.cache/tallcheck")
        #expect(result.notes.contains { $0.contains("inside the scanned folder") })
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.cache"))
    }

    @Test func entriesRoundTripAndAnotherKeyIsNotUsed() throws {
        let stamp = ScanCache.Stamp(device: 1, inode: 2, size: 3, modified: 4, changed: 5)
        var entries: [String: ScanCache.Entry] = [
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
        var outlets = OutletFacts(imageViews: [
            .init(property: "self", scaled: true, lines: [4], size: ViewSize(width: 50, height: 50), owner: "ArtView")
        ])
        var assignment = OutletFacts.Assignment(receiver: "thumbnailImage", line: 7, names: ["folder"], callees: [])
        assignment.valueLines = [2, 9]
        assignment.throughProperty = true
        outlets.assignments = [assignment]
        outlets.passesNamesToLoaders = true
        outlets.forwards = [.init(property: "icon", target: "thumbnailView", toView: true)]
        outlets.instantiations = [.init(name: "ArtView", platforms: nil)]
        entries["e.m"] = .init(stamp: stamp, content: .references([], names: nil, outlets: outlets))
        let bytes = ScanCache.encode(entries, key: "k")
        #expect(try ScanCache.decode(bytes, key: "k") == entries)
        #expect(throws: ScanCache.DecodeFailure.self) { try ScanCache.decode(bytes, key: "other") }
    }
}
