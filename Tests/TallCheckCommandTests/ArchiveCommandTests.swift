import Foundation
import Testing
import ZIPFoundation

/// `tallcheck lint APP.ipa`: the archive read in place, and hostile archives refused or reported
/// within their limits.
@Suite(
    "tallcheck lint on an .ipa",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct ArchiveCommandTests {
    static let example = CommandRunTests.repository + "/Fixtures/ExampleApp"

    /// A fresh folder for the archives, removed afterwards.
    final class Folder {
        let path = NSTemporaryDirectory() + "tallcheck-ipa-" + UUID().uuidString
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The example app's files as `Payload/Example.app/…`, with a binary Info.plist at its top.
    static func appFiles() throws -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: example))
        for case let relative as String in enumerator where relative.hasSuffix(".png") {
            files.append(
                (
                    "Payload/Example.app/" + relative,
                    Array(try Data(contentsOf: URL(fileURLWithPath: example + "/" + relative)))
                ))
        }
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.example.app", "MinimumOSVersion": "6.0", "UIDeviceFamily": [1],
        ]
        files.append(
            (
                "Payload/Example.app/Info.plist",
                [UInt8](try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0))
            ))
        return files.sorted { $0.0 < $1.0 }
    }

    /// An .ipa written by ZIPFoundation, its entries stored or deflated.
    static func ipa(_ files: [(String, [UInt8])], at path: String, method: CompressionMethod) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
    }

    /// An RGBA PNG whose image data is `rows` (filter bytes included) in stored zlib blocks.
    static func storedPNG(width: Int, height: Int, rows: Data) -> Data {
        func be32(_ value: Int) -> Data { Data((0..<4).reversed().map { UInt8(value >> (8 * $0) & 0xFF) }) }
        func chunk(_ kind: String, _ data: Data) -> Data {
            let body = Data(kind.utf8) + data
            return be32(data.count) + body + be32(Int(body.crc32(checksum: 0)))
        }
        var zlib = Data([0x78, 0x01])
        var offset = 0
        while offset < rows.count {
            let length = min(65_535, rows.count - offset)
            let last: UInt8 = offset + length == rows.count ? 1 : 0
            zlib += Data([
                last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF),
            ])
            zlib += rows[offset..<(offset + length)]
            offset += length
        }
        var (a, b) = (1, 0)
        for byte in rows {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        zlib += be32(b << 16 | a)
        let header = be32(width) + be32(height) + Data([8, 6, 0, 0, 0])
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", header) + chunk("IDAT", zlib)
            + chunk("IEND", Data())
    }

    /// The peak resident set of one `tallcheck` run, in KiB, as GNU time reports it.
    static func peakKiB(_ arguments: [String]) throws -> Int {
        let run = try CommandLine.run(
            executable: "/usr/bin/time", ["-f", "%M", try #require(CommandLine.tallcheck)] + arguments)
        let text = run.standardError
        return try #require(text.split(separator: "\n").last.flatMap { Int($0) }, "\(text)")
    }

    @Test(arguments: [false, true])
    func anIPAIsLintedLikeItsSourceTree(deflated: Bool) throws {
        let folder = try Folder()
        let path = folder.path + "/Example.ipa"
        try Self.ipa(try Self.appFiles(), at: path, method: deflated ? .deflate : .none)
        let run = try CommandLine.run(["lint", "--reporter", "json", path])
        #expect(run.status == 1, "\(run.standardError)")
        // The 640×1096 launch image, found at its path inside the archive.
        #expect(
            run.standardOutput.contains(
                #""rule":"launch-image-size","severity":"error","path":"Payload/Example.app/Default-568h@2x.png""#))
        #expect(run.standardOutput.contains(#""images":9"#))
        // Binary Info.plist read; CgBI is what a built app holds, so it is no finding.
        let text = try CommandLine.run(["lint", path])
        #expect(text.standardOutput.contains("Deployment target: iOS 6.0 (MinimumOSVersion)"))
        #expect(text.standardOutput.contains("Bundle: a built app"))
        #expect(!run.standardOutput.contains("CgBI"))
        // inspect and resolve read it too.
        let inspect = try CommandLine.run(["inspect", "--json", path])
        #expect(inspect.status == 0, "\(inspect.standardError)")
        #expect(
            inspect.standardOutput.contains(
                #"Example.ipa/Payload/Example.app/Default-568h@2x.png","format":"png","width":640,"height":1096,"#))
        // --verify decodes each image: the truncated banner, whose header is sound, is found.
        #expect(!run.standardOutput.contains("truncated"))
        let verified = try CommandLine.run(["lint", "--verify", "--reporter", "json", path])
        #expect(
            verified.standardOutput.contains(
                #""rule":"image-format","severity":"error","path":"Payload/Example.app/Images/Banner@2x.png""#)
                && verified.standardOutput.contains("truncated"), "\(verified.standardOutput)")
        #expect(!verified.standardError.contains("--verify"), "\(verified.standardError)")
        let resolve = try CommandLine.run(["resolve", "Images/Button", "--root", path, "--device", "iPhone 8"])
        #expect(
            resolve.standardOutput.contains("Payload/Example.app/Images/Button@2x.png"), "\(resolve.standardOutput)")
    }

    /// The built example (Fixtures/BuiltApp) packed as an .ipa: its Assets.car is checked and
    /// resolved from, at its path in the archive.
    @Test func anIPAsCompiledCatalogIsLintedAndResolvedFrom() throws {
        let folder = try Folder()
        let app = CommandRunTests.repository + "/Fixtures/BuiltApp/Example.app"
        let names = try FileManager.default.contentsOfDirectory(atPath: app).sorted()
        let files = try names.map { name in
            ("Payload/Example.app/" + name, Array(try Data(contentsOf: URL(fileURLWithPath: app + "/" + name))))
        }
        let path = folder.path + "/Example.ipa"
        try Self.ipa(files, at: path, method: .deflate)
        let run = try CommandLine.run(["lint", "--reporter", "json", path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                #""rule":"app-icon-size","severity":"error","path":"Payload/Example.app/Assets.car/AppIcon/Icon-40@3x.png""#
            ), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(#""path":"Payload/Example.app/Assets.car/Button/button@3x.png""#))
        // Loose CgBI files and a binary Info.plist, as Xcode writes them: the 640×1096 launch
        // image is found where it ships, and CgBI is no finding.
        #expect(
            run.standardOutput.contains(
                #""rule":"launch-image-size","severity":"error","path":"Payload/Example.app/LaunchImage-700-568h@2x.png""#
            ))
        #expect(!run.standardOutput.contains(#""rule":"image-format""#))
        #expect(!run.standardError.contains("lint does not check"))
        // The HTML report says why it draws no pictures of them.
        let page = try CommandLine.run(["lint", "--reporter", "html", path]).standardOutput
        #expect(page.contains("no picture: compiled into Assets.car"))
        #expect(page.contains("no picture: inside the archive"))
        #expect(!page.contains("Not a directory"))
        let resolve = try CommandLine.run(["resolve", "Background", "--root", path, "--device", "iPhone SE"])
        #expect(resolve.status == 0, "\(resolve.standardError)")
        #expect(
            resolve.standardOutput.contains("loads Payload/Example.app/Assets.car/Background/background-568h@2x.png"),
            "\(resolve.standardOutput)")
    }

    @Test func namesThatLeaveTheArchiveLinksAndLiesAreRefusedByName() throws {
        let folder = try Folder()
        var zip = ZipWriter()
        let launch = try Data(contentsOf: URL(fileURLWithPath: Self.example + "/Default-568h@2x.png"))
        zip.add("Payload/Evil.app/Default-568h@2x.png", Array(launch))
        zip.add("../outside.png", Array(launch))
        zip.add("/etc/absolute.png", Array(launch))
        zip.add("Payload/Evil.app/a/../../../climb.png", Array(launch))
        zip.entries.append(.init(name: "Payload/Evil.app/Link.png", data: Array("/etc/passwd".utf8), isLink: true))
        // Names that would forge output lines, or hide a NUL. A small 1x-only image, so a finding
        // (missing-scale) shows its name.
        let small = try Data(contentsOf: URL(fileURLWithPath: Self.example + "/Images/Button.png"))
        zip.add("Payload/Evil.app/x\ntallcheck: error: forged.png", Array(small))
        zip.add("Payload/Evil.app/nul\u{0}.png", Array(launch))
        // An Info.plist that claims 10 GB (ZIP64 sizes): refused before a byte is read.
        zip.add("Payload/Evil.app/Info.plist", Array("<plist/>".utf8), claimedSize: 10 << 30)
        let path = folder.path + "/Evil.ipa"
        try Data(zip.bytes()).write(to: URL(fileURLWithPath: path))
        let run = try CommandLine.run(["lint", "--reporter", "json", path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("Payload/Evil.app/Default-568h@2x.png"))
        #expect(run.standardError.contains("../outside.png: a name that climbs out of the archive"))
        #expect(run.standardError.contains("/etc/absolute.png: an absolute name; not read"))
        #expect(run.standardError.contains("climb.png: a name that climbs out"))
        #expect(run.standardError.contains("Link.png: a symbolic link in the archive; not followed"))
        #expect(run.standardError.contains("Info.plist: stored, yet claims 10737418240 bytes"))
        #expect(!run.standardOutput.contains("outside.png") && !run.standardOutput.contains("absolute.png"))
        #expect(!run.standardError.contains("\ntallcheck: error: forged"))
        #expect(
            run.standardOutput.contains(#"Payload/Evil.app/x\\ntallcheck: error: forged.png"#), "\(run.standardOutput)")
        #expect(run.standardError.contains(#"nul\x00.png: a name with a NUL byte; not read"#), "\(run.standardError)")
    }

    @Test func entriesThatLieAboutTheirDataAreRefusedAndNothingRunsOn() throws {
        let folder = try Folder()
        let launch = Array(try Data(contentsOf: URL(fileURLWithPath: Self.example + "/Default-568h@2x.png")))
        var zip = ZipWriter()
        zip.add("Payload/Lies.app/Default-568h@2x.png", launch)
        // A deflate stream that never ends: a stored block that promises 65,535 bytes (and a
        // claim deflate could make of 7 bytes).
        zip.add(
            "Payload/Lies.app/Endless.png", [0x00, 0xFF, 0xFF, 0x00, 0x00, 0x89, 0x50], method: 8, claimedSize: 4_096)
        // A local header at 2^63, and a second entry sharing the first's data.
        zip.entries.append(.init(name: "Payload/Lies.app/Far.png", data: launch, claimedOffset: 1 << 63))
        zip.entries.append(.init(name: "Payload/Lies.app/Twin.png", data: launch, claimedOffset: 0))
        // A PNG whose chunks before the image data run past the first 64 KiB read.
        var big = Array(launch[0..<33])
        let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 100_000)
        let chunk = Array("tEXt".utf8) + text
        big += [
            UInt8(text.count >> 24), UInt8(text.count >> 16 & 0xFF), UInt8(text.count >> 8 & 0xFF),
            UInt8(text.count & 0xFF),
        ]
        let crc = Data(chunk).crc32(checksum: 0)
        big += chunk + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        big += launch[33...]
        zip.add("Payload/Lies.app/Commented.png", big)
        let path = folder.path + "/Lies.ipa"
        try Data(zip.bytes()).write(to: URL(fileURLWithPath: path))
        let run = try CommandLine.run(["lint", "--reporter", "json", path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("Far.png: its local header is not where the directory says"))
        #expect(
            run.standardError.contains("Twin.png: its bytes overlap those of Payload/Lies.app/Default-568h@2x.png"),
            "\(run.standardError)")
        // The endless stream stops with its stored bytes: reported as a broken image.
        #expect(run.standardOutput.contains("Payload/Lies.app/Endless.png"))
        let inspect = try CommandLine.run(["inspect", "--json", path])
        #expect(
            inspect.standardOutput.contains(#"Lies.ipa/Payload/Lies.app/Commented.png","format":"png","width":640"#),
            "\(inspect.standardOutput)")
    }

    /// The content pass reads entries whole: one that inflates to less than it claims is not
    /// compared (no savings from a claimed size), and of two entries of one name the first is read.
    @Test func entriesReadWholeMustBeWhatTheyClaim() throws {
        let folder = try Folder()
        let png = Array(try Data(contentsOf: URL(fileURLWithPath: Self.example + "/Images/Button.png")))
        // A raw deflate stream of stored blocks: the bytes as they are.
        func stored(_ bytes: [UInt8]) -> [UInt8] {
            let count = bytes.count
            return [1, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)] + bytes
        }
        var zip = ZipWriter()
        // Ten times its length: within the ratio limit, so it is read, and found short.
        let claim = UInt64(png.count * 10)
        zip.add("Payload/A.app/Liar.png", stored(png), method: 8, claimedSize: claim)
        zip.add("Payload/A.app/Other.png", stored(png), method: 8, claimedSize: claim)
        zip.add("Payload/A.app/Twice.png", png)
        zip.add("Payload/A.app/Twice.png", png)
        let path = folder.path + "/Liar.ipa"
        try Data(zip.bytes()).write(to: URL(fileURLWithPath: path))
        let run = try CommandLine.run(["lint", "--reporter", "json", path])
        #expect(!run.standardOutput.contains("duplicate-image"), "\(run.standardOutput)")
        #expect(
            run.standardError.contains("Liar.png: not compared or weighed past its header: inflates to")
                && run.standardError.contains("not the \(claim) it claims"), "\(run.standardError)")
        #expect(run.standardError.contains("Twice.png: a second entry of this name; the first is read"))
    }

    @Test func bombsAndHugeDirectoriesStayWithinTheirLimits() throws {
        let folder = try Folder()
        // A 1,000:1 bomb as the Info.plist, and an image whose data inflates to 64 MB of zeros.
        let launch = try Data(contentsOf: URL(fileURLWithPath: Self.example + "/Default-568h@2x.png"))
        let zeros = Data(count: 4 << 20)
        let bomb = folder.path + "/Bomb.ipa"
        let archive = try Archive(url: URL(fileURLWithPath: bomb), accessMode: .create)
        for (name, data) in [
            ("Payload/Bomb.app/Info.plist", zeros), ("Payload/Bomb.app/Zeros.png", launch + Data(count: 64 << 20)),
        ] {
            try archive.addEntry(
                with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        let bombed = try CommandLine.run(["lint", bomb])
        #expect(bombed.standardError.contains("Info.plist: inflates"), "\(bombed.standardError)")
        #expect(bombed.standardError.contains("decompression bomb"))
        // --verify reads images whole only up to its limit: the 64 MB image is checked from its header.
        let verified = try CommandLine.run(["lint", "--verify", bomb])
        #expect(verified.standardError.contains("Zeros.png: not verified"), "\(verified.standardError)")

        // 100,000 entries (ZIP64 end records), read in one pass.
        var zip = ZipWriter()
        zip.add("Payload/Many.app/Default-568h@2x.png", Array(launch))
        for index in 0..<100_000 { zip.add("Payload/Many.app/Data/\(index).txt", [UInt8(index & 0xFF)]) }
        let many = folder.path + "/Many.ipa"
        try Data(zip.bytes()).write(to: URL(fileURLWithPath: many))
        let manyRun = try CommandLine.run(["lint", "--reporter", "json", many])
        #expect(manyRun.status == 1, "\(manyRun.standardError)")
        #expect(manyRun.standardOutput.contains("Payload/Many.app/Default-568h@2x.png"))

        // A central directory cut short: refused, exit status 2, the file named.
        let whole = try Data(contentsOf: URL(fileURLWithPath: many))
        let cut = folder.path + "/Cut.ipa"
        try whole.prefix(whole.count - 30).write(to: URL(fileURLWithPath: cut))
        let cutRun = try CommandLine.run(["lint", cut])
        #expect(cutRun.status == 2)
        #expect(
            cutRun.standardError.contains("Cut.ipa: cannot scan: not a readable zip archive"), "\(cutRun.standardError)"
        )

        // Peak RSS of each lint, measured by GNU time (the process's own, not this test's, which
        // a child forked from it would inherit in its high-water mark).
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("/usr/bin/time is not installed (apt-get install time): peak RSS not measured")
            return
        }
        // --verify reading PNGs whole: three of 23 MB each (stored rows of zeros, deflated in the zip).
        let large = folder.path + "/Large.ipa"
        let rows = Data(count: 2_000 * 4 + 1)
        var pixels = Data()
        for _ in 0..<2_870 { pixels.append(rows) }
        let png = Self.storedPNG(width: 2_000, height: 2_870, rows: pixels)
        // The third cut inside its image data: only decoding it finds that.
        try Self.ipa(
            (0..<3).map { ("Payload/Large.app/Large\($0)@2x.png", Array($0 == 2 ? png.dropLast(1000) : png)) },
            at: large, method: .deflate)
        let largeRun = try CommandLine.run(["lint", "--verify", "--reporter", "json", large])
        #expect(!largeRun.standardError.contains("not verified"), "\(largeRun.standardError)")
        #expect(largeRun.standardOutput.components(separatedBy: "truncated").count == 2, "\(largeRun.standardOutput)")
        #expect(largeRun.standardOutput.contains("Large2@2x.png is not a valid image"))
        // The duplicate search reads the two equal ones whole, one at a time.
        let largeDefault = try CommandLine.run(["lint", "--reporter", "json", large])
        #expect(largeDefault.standardOutput.contains(#""rule":"duplicate-image""#), "\(largeDefault.standardError)")
        for arguments in [
            ["lint", bomb], ["lint", "--verify", bomb], ["lint", "--verify", large], ["lint", large], ["lint", many],
            ["lint", cut],
        ] {
            let kib = try Self.peakKiB(arguments)
            #expect(kib < 100 * 1024, "\(arguments): peak RSS \(kib) KiB")
        }
    }
}
