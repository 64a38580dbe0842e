import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The `tallcheck` command over trees it cannot fully read, and over trees it must not change.
/// These run the built executable; they are skipped, saying so, when the build did not make
/// one beside the tests.
@Suite(
    "tallcheck over hostile trees",
    .enabled(if: tallcheckExecutable != nil, "no tallcheck executable beside the test bundle"))
struct CommandSafetyTests {
    /// Tests run as root here, and root reads everything: the command then runs under
    /// `setpriv` without the capabilities that let root ignore file modes.
    private func runWithoutPrivilege(_ arguments: [String]) throws -> CommandRun? {
        let tallcheck = try #require(tallcheckExecutable)
        if geteuid() != 0 { return try run(tallcheck, arguments) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        return try run(
            "/usr/bin/setpriv", ["--bounding-set=-dac_override,-dac_read_search", "--", tallcheck] + arguments)
    }

    @Test func unreadableFilesAndFoldersAreReportedAndTheRestIsChecked() throws {
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "Open/a.png")
        try folder.write(rgba.encoded(), to: "Open/locked.png")
        try folder.write(rgba.encoded(), to: "Locked/b.png")
        try folder.write(rgba.encoded(), to: "z.png")
        try #require(chmod(folder.path + "/Open/locked.png", 0) == 0)
        try #require(chmod(folder.path + "/Locked", 0) == 0)
        defer { chmod(folder.path + "/Locked", 0o755) }

        guard let inspect = try runWithoutPrivilege(["inspect", folder.path]) else {
            // Recorded as a known issue rather than passing silently.
            withKnownIssue("cannot drop root's file access: /usr/bin/setpriv is missing") { Issue.record("skipped") }
            return
        }
        #expect(inspect.status == 1, "\(inspect.standardError)")
        #expect(
            inspect.standardOutput.split(separator: "\n") == [
                "Open/a.png: 40×30 png, 8-bit rgba",
                "Open/locked.png: unknown; unreadable: cannot open: Permission denied",
                "z.png: 40×30 png, 8-bit rgba",
                "3 images, 2 valid, 1 invalid",
            ])
        #expect(
            inspect.standardError == "tallcheck: error: \(folder.path)/Locked: cannot read folder: Permission denied\n")

        let lint = try #require(try runWithoutPrivilege(["lint", "--reporter", "xcode", folder.path]))
        #expect(lint.status == 1)
        #expect(
            lint.standardError.contains(
                "tallcheck: error: \(folder.path)/Locked: cannot read folder: Permission denied\n"))
        #expect(
            lint.standardOutput.contains(
                "/Open/locked.png: error: locked.png cannot be read: cannot open: Permission denied."))
        #expect(lint.standardOutput.contains("/z.png: warning:"))

        // The folder given on the command line itself: the tool cannot do its job.
        let locked = try #require(try runWithoutPrivilege(["inspect", folder.path + "/Locked"]))
        #expect(locked.status == 2)
        let lintLocked = try #require(try runWithoutPrivilege(["lint", folder.path + "/Locked"]))
        #expect(lintLocked.status == 2)
    }

    @Test func lintInspectAndResolveLeaveTheTreeExactlyAsItWas() throws {
        let folder = try TemporaryDirectory()
        for file in ExampleApp.files {
            try folder.write(file.bytes, to: file.path)
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>\
            <key>UILaunchImageFile</key><string>Default</string></dict></plist>
            """
        try folder.write(Array(plist.utf8), to: "App/Info.plist")
        try #require(mkfifo(folder.path + "/fifo.png", 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/alias.png", withDestinationPath: "Default.png")
        try #require(chmod(folder.path + "/Default.png", 0o600) == 0)

        let before = try TreeSnapshot(folder.path)
        let tallcheck = try #require(tallcheckExecutable)
        for arguments in [
            ["lint", folder.path], ["lint", "--verify", "--reporter", "json", "--follow-symlinks", folder.path],
            ["inspect", "--verify", "--json", folder.path], ["inspect", folder.path + "/Default.png"],
            ["resolve", "--root", folder.path, "--device", "iPhone 5", "Default"],
            ["resolve", "--root", folder.path, "--device", "iPhone 5", "--launch", "--json"],
        ] {
            _ = try run(tallcheck, arguments)
        }
        let after = try TreeSnapshot(folder.path)
        #expect(after.entries.count == before.entries.count)
        for (path, entry) in before.entries {
            #expect(after.entries[path] == entry, "\(path) changed")
        }
        #expect(after.entries.count > 10)
    }
}

/// Every entry of a tree with its type, mode, size, modification and change times and
/// contents (or link target): what a read-only tool must leave alone.
struct TreeSnapshot {
    struct Entry: Hashable {
        var mode: UInt32
        var size: Int64
        var modified: [Int]
        var changed: [Int]
        var contents: [UInt8]
    }

    var entries: [String: Entry] = [:]

    init(_ root: String) throws {
        var pending = [""]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? root : root + "/" + relative
            var status = stat()
            guard lstat(path, &status) == 0 else { throw POSIXError(.EIO) }
            var contents: [UInt8] = []
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                    pending.append(relative.isEmpty ? name : relative + "/" + name)
                }
            case S_IFREG:
                contents = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            case S_IFLNK:
                contents = Array(try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8)
            default:
                break
            }
            entries[relative] = Entry(
                mode: UInt32(status.st_mode), size: Int64(status.st_size),
                modified: [status.st_mtim.tv_sec, status.st_mtim.tv_nsec],
                changed: [status.st_ctim.tv_sec, status.st_ctim.tv_nsec], contents: contents)
        }
    }
}
