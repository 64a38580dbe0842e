import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// The writes outside `fix` (a report, a stamp, a baseline, a cache file): each replaces only a
/// regular file or makes a new name, in the folder its path names, and never leads out of it.
@Suite("Safe writes")
struct SafeWriteTests {
    /// What `path` is, not following a link: S_IFIFO, S_IFLNK, …; 0 when it is not there.
    static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    /// A unix socket bound at `path` (closed again: the name stays).
    static func makeSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind: \(String(cString: strerror(errno)))")
    }

    /// A FIFO, a socket, a link to the FIFO and a folder: what a baseline, a stamp or a cache
    /// file must never replace.
    static func notRegularFiles(in folder: TemporaryDirectory) throws -> [(path: String, kind: mode_t)] {
        let fifo = folder.path + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let socket = folder.path + "/socket"
        try makeSocket(at: socket)
        let link = folder.path + "/link-to-fifo"
        try #require(symlink("fifo", link) == 0)
        let subfolder = folder.path + "/folder"
        try #require(mkdir(subfolder, 0o700) == 0)
        return [(fifo, S_IFIFO), (socket, S_IFSOCK), (link, S_IFLNK), (subfolder, S_IFDIR)]
    }

    @Test func aFileWriteReplacesOnlyARegularFile() throws {
        let folder = try TemporaryDirectory()
        for (path, kind) in try Self.notRegularFiles(in: folder) {
            #expect(throws: FileWriteError.self, "\(path)") { try writeAtomically("x", to: path) }
            #expect(Self.kind(path) == kind, "\(path) is left as it was")
        }
        #expect(Self.kind(folder.path + "/fifo") == S_IFIFO, "the link's FIFO is left as it was")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(names) == ["fifo", "socket", "link-to-fifo", "folder"], "no temporary file is left behind")
    }

    @Test func aBaselineIsNeverWrittenOverAFIFOASocketOrALinkToOne() throws {
        let app = try TemporaryDirectory()
        try app.write(PNGBuilder(width: 80, height: 80, colorType: 6).encoded(), to: "App/Icon@2x.png")
        let folder = try TemporaryDirectory()
        for (path, kind) in try Self.notRegularFiles(in: folder) {
            #expect(throws: LintFailure.self, "\(path)") {
                try LintSession.run(LintRequest(root: app.path, writeBaselinePath: path)) { _ in }
            }
            #expect(Self.kind(path) == kind, "\(path) is left as it was")
        }
    }

    @Test func anOutputThroughALinkedFolderNeverLeadsOutOfIt() throws {
        // out → real; real/report.json → a missing file; real/sub → a folder elsewhere.
        let folder = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try #require(mkdir(folder.path + "/real", 0o700) == 0)
        try #require(symlink("real", folder.path + "/out") == 0)
        try #require(symlink(elsewhere.path, folder.path + "/real/sub") == 0)
        for target in ["sub/report.json", "../elsewhere/report.json", elsewhere.path + "/report.json"] {
            unlink(folder.path + "/real/report.json")
            try #require(symlink(target, folder.path + "/real/report.json") == 0)
            #expect(throws: FileWriteError.self, "a link to \(target)") {
                try OutputTarget(path: folder.path + "/out/report.json").write("report")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/elsewhere"))
            #expect(Self.kind(folder.path + "/real/report.json") == S_IFLNK, "the link is left as it was")
        }
        // A link to a regular file in the same folder is written through; the link stays.
        unlink(folder.path + "/real/report.json")
        try folder.write(Array("old".utf8), to: "real/reports/latest.json")
        try #require(symlink("reports/latest.json", folder.path + "/real/report.json") == 0)
        try OutputTarget(path: folder.path + "/out/report.json").write("new")
        #expect(try String(contentsOfFile: folder.path + "/real/reports/latest.json", encoding: .utf8) == "new")
        #expect(Self.kind(folder.path + "/real/report.json") == S_IFLNK)
    }
}
