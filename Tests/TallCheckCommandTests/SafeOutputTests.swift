import Foundation
import Testing

@testable import TallCheckCore

/// What `lint` writes besides the report's own file: a stamp, a baseline, standard output and
/// the cache, run as a user or a build system runs the command.
@Suite(
    "tallcheck lint's writes as a process",
    .enabled(if: CommandLine.tallcheck != nil, "no tallcheck executable beside the test bundle"))
struct SafeOutputTests {
    static let passing = CommandRunTests.repository + "/Fixtures/Scenarios/tall-ready"
    static let failing = CommandRunTests.repository + "/Fixtures/ExampleApp"

    /// A new folder, removed when the test ends.
    final class Folder {
        let path = NSTemporaryDirectory() + "tallcheck-writes-\(UUID().uuidString.prefix(8))"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// A FIFO, a unix socket and a link to the FIFO: what a stamp or a baseline must never replace.
    static func notRegularFiles(in folder: Folder) throws -> [(path: String, kind: mode_t)] {
        let fifo = folder.path + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let socketPath = folder.path + "/socket"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(socketPath.utf8) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let link = folder.path + "/link-to-fifo"
        try #require(symlink("fifo", link) == 0)
        return [(fifo, S_IFIFO), (socketPath, S_IFSOCK), (link, S_IFLNK)]
    }

    @Test func aStampThatIsNotARegularFileIsRefusedAndNeverRemoved() throws {
        let folder = try Folder()
        for (path, kind) in try Self.notRegularFiles(in: folder) {
            // Both a run that passes (which would write the stamp) and one that fails (which
            // would only remove it).
            for app in [Self.passing, Self.failing] {
                let run = try CommandLine.run(["lint", app, "--stamp", path, "--no-cache"])
                #expect(run.status == 2, "\(path) after \(app): \(run.standardError)")
                #expect(run.standardError.contains(path), "the message names the stamp: \(run.standardError)")
                #expect(Self.kind(path) == kind, "\(path) is left as it was")
            }
        }
        #expect(Self.kind(folder.path + "/fifo") == S_IFIFO)
    }

    @Test func aBaselineThatIsNotARegularFileIsRefusedAndKept() throws {
        let folder = try Folder()
        for (path, kind) in try Self.notRegularFiles(in: folder) {
            let run = try CommandLine.run(["lint", Self.passing, "--write-baseline", path, "--no-cache"])
            #expect(run.status == 2, "\(path): \(run.standardError)")
            #expect(run.standardError.contains(path), "the message names the baseline: \(run.standardError)")
            #expect(Self.kind(path) == kind, "\(path) is left as it was")
        }
    }

    /// Runs `tallcheck` with its standard output on `/dev/full`.
    static func runIntoAFullDevice(_ arguments: [String]) throws -> (status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CommandLine.tallcheck))
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let error = Pipe()
        process.standardError = error
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aReportThatCannotBeWrittenIsAFailedRun() throws {
        let full = String(cString: strerror(ENOSPC))
        for reporter in ["text", "json", "sarif"] {
            let run = try Self.runIntoAFullDevice(["lint", Self.passing, "--reporter", reporter, "--no-cache"])
            #expect(run.status == 2, "\(reporter): \(run.standardError)")
            #expect(run.standardError.contains("standard output") && run.standardError.contains(full), "\(run.standardError)")
        }
        let output = try CommandLine.run(["lint", Self.passing, "--output", "/dev/full", "--no-cache"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("/dev/full") && output.standardError.contains(full))
        // No stamp after a report that was lost.
        let folder = try Folder()
        let stamp = folder.path + "/lint.stamp"
        let stamped = try Self.runIntoAFullDevice(["lint", Self.passing, "--stamp", stamp, "--no-cache"])
        #expect(stamped.status == 2)
        #expect(!FileManager.default.fileExists(atPath: stamp))
    }

    @Test func aForgedCacheEntryCannotCrashTheLint() throws {
        let cache = try Folder()
        let plain = try CommandLine.run(["lint", Self.passing, "--no-cache", "--reporter", "json"])
        let first = try CommandLine.run(["lint", Self.passing, "--cache-path", cache.path, "--reporter", "json"])
        #expect(first.standardOutput == plain.standardOutput)
        let scanCache = ScanCache(folder: cache.path, root: Self.passing, probeDepth: .header) { _ in }
        let original = try ScanCache.decode(Array(try Data(contentsOf: URL(fileURLWithPath: scanCache.path))), key: scanCache.key)
        #expect(original.count >= 2, "the app's images are cached")
        // Values no probe gives, whose sums and products overflow.
        let forgeries: [(String, (inout ImageFacts) -> Void)] = [
            ("a length of Int.max", { $0.byteCount = Int.max }),
            ("a pixel size of 2^32 - 1 a side", { $0.pixelSize = PixelSize(width: 0xFFFF_FFFF, height: 0xFFFF_FFFF) }),
        ]
        for (name, forge) in forgeries {
            var entries = original
            for (path, entry) in entries {
                guard case .image(var facts) = entry.content else { continue }
                forge(&facts)
                entries[path]?.content = .image(facts)
            }
            try Data(ScanCache.encode(entries, key: scanCache.key)).write(to: URL(fileURLWithPath: scanCache.path))
            for file in try FileManager.default.contentsOfDirectory(atPath: cache.path) where file.hasSuffix(".report") {
                try FileManager.default.removeItem(atPath: cache.path + "/" + file)
            }
            let run = try CommandLine.run(["lint", Self.passing, "--cache-path", cache.path, "--reporter", "json"])
            #expect(run.status == plain.status, "\(name): \(run.standardError)")
            #expect(run.standardOutput == plain.standardOutput, "\(name): the entries are not believed")
        }
    }
}
