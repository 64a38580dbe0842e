import Foundation
import Testing

@testable import TallCheckCore

/// Files opened through a ``FolderCursor`` (by name, in the folder of the file before) against
/// the same files opened by their whole path below the root; reads that stop at the length the
/// open measured; and the process's malloc setting.
@Suite struct OpenAndReadTests {
    /// Claims every file.
    private struct EveryFile: WalkClaim {
        func claims(fileNamed name: String) -> Bool { true }
        func claims(folderNamed name: String) -> Bool { false }
    }

    private func walk(_ root: String) -> [FoundFile] {
        SourceTreeWalker(claims: [EveryFile()]).walk(root).claimed[0]
    }

    /// What an open gives, comparable: the file's identity, or the failure's message.
    private func outcome(_ result: Result<OpenedFile, FileReadFailure>) -> String {
        switch result {
        case .success(let opened):
            close(opened.descriptor)
            return "\(opened.device):\(opened.inode)"
        case .failure(let failure): return failure.message
        }
    }

    private func identity(_ path: String) -> String {
        var status = stat()
        return lstat(path, &status) == 0 ? "\(status.st_dev):\(status.st_ino)" : "none"
    }

    @Test func aCursorOpensWhatTheWholePathOpensInAnyOrder() throws {
        let tree = try TemporaryDirectory()
        for path in ["top.png", "a/one.png", "a/two.png", "a/b/three.png", "a/b/four.png", "c/five.png", "a.b/six.png"]
        {
            try tree.write(Array(path.utf8), to: path)
        }
        let files = walk(tree.path)
        #expect(files.count == 7)
        let expected = files.map { outcome(openMeasuredFile($0)) }
        #expect(expected.allSatisfy { !$0.contains(" ") }, "every file opens by its whole path")
        // In walk order, reversed and interleaved: the cursor changes folder as often as it can.
        let orders = [Array(files.indices), Array(files.indices.reversed()), files.indices.sorted { $0 % 2 < $1 % 2 }]
        for order in orders {
            let cursor = FolderCursor()
            for index in order {
                #expect(outcome(openMeasuredFile(files[index], cursor: cursor)) == expected[index], "\(order)")
                #expect(expected[index] == identity(tree.path + "/" + files[index].displayPath))
            }
        }
    }

    /// The walk lists files by path, as `<` orders them, whatever order the folders list them
    /// in: names that share their first 16 bytes, names beyond ASCII, a folder's files around
    /// its subfolders' (`a/b/x` before `a/c`, `a.b/` before `a/`), on one core and many.
    @Test func theWalkListsFilesByPathWhateverTheirNames() throws {
        let tree = try TemporaryDirectory()
        var paths: [String] = []
        for folder in ["", "a/", "a/b/", "a.b/", "a-/", "é/", "e\u{301}x/", "Z/"] {
            for name in [
                "Asset0001@2x.png", "Asset0001@2x.pnh", "Asset0001.png", "AssetLongerThanSixteen-1.png",
                "AssetLongerThanSixteen-10.png", "AssetLongerThanSixteen-2.png", "aa", "b.png", "B.png", "ä.png",
                "a\u{308}b.png", "~x", " space", "0",
            ] {
                paths.append(folder + name)
                try tree.write(Array(name.utf8), to: folder + name)
            }
        }
        // Enough folders for the walk to split them over its cores.
        for index in 0..<40 {
            paths.append("many/\(index)/z.png")
            try tree.write([1], to: "many/\(index)/z.png")
        }
        let listed = walk(tree.path).map(\.displayPath)
        #expect(listed.count == paths.count)
        #expect(listed == listed.sorted(), "in the order of `<`")
        #expect(Set(listed) == Set(paths))
    }

    @Test func aLinkSwappedInAfterTheWalkLeadsNowhereThroughACursor() throws {
        let tree = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try tree.write(Array("a".utf8), to: "App/Images/a.png")
        try tree.write(Array("b".utf8), to: "App/Images/b.png")
        try tree.write(Array("c".utf8), to: "App/Other/c.png")
        try outside.write(Array("secret".utf8), to: "a.png")
        try outside.write(Array("secret".utf8), to: "b.png")
        try outside.write(Array("secret".utf8), to: "c.png")
        let files = walk(tree.path)
        #expect(files.map(\.displayPath) == ["App/Images/a.png", "App/Images/b.png", "App/Other/c.png"])
        // A cursor that has the folder open already, and a fresh one.
        let early = FolderCursor()
        #expect(!outcome(openMeasuredFile(files[0], cursor: early)).contains(" "))
        // The folder becomes a link out of the tree; a file becomes a link to a file outside.
        try FileManager.default.moveItem(atPath: tree.path + "/App/Images", toPath: tree.path + "/App/Moved")
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/App/Images", withDestinationPath: outside.path)
        try FileManager.default.removeItem(atPath: tree.path + "/App/Other/c.png")
        try FileManager.default.createSymbolicLink(
            atPath: tree.path + "/App/Other/c.png", withDestinationPath: outside.path + "/c.png")
        let secrets = Set(["a.png", "b.png", "c.png"].map { identity(outside.path + "/" + $0) })
        for file in files {
            let withoutCursor = outcome(openMeasuredFile(file))
            let fresh = outcome(openMeasuredFile(file, cursor: FolderCursor()))
            #expect(fresh == withoutCursor, "\(file.displayPath)")
            #expect(fresh.contains("symbolic link"), "\(file.displayPath): \(fresh)")
            // The cursor holding the folder it had opened before the swap opens the file that
            // was there (now in App/Moved, still in the tree), never the one outside.
            #expect(!secrets.contains(outcome(openMeasuredFile(file, cursor: early))), "\(file.displayPath)")
        }
    }

    @Test func aFileIsReadToTheLengthTheOpenMeasuredAndTheLimitStillHolds() throws {
        let tree = try TemporaryDirectory()
        let limit = 10_000
        for size in [0, 1, 4095, 4096, 4097, limit - 1, limit, limit + 1, 3 * limit] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            let path = try tree.write(bytes, to: "file-\(size)")
            switch readRegularFile(FileSystemPath(path), limit: limit) {
            case .success(let read):
                #expect(size <= limit, "\(size) bytes read under a limit of \(limit)")
                #expect(read == bytes, "\(size)")
            case .failure(let failure):
                #expect(size > limit, "\(size): \(failure.message)")
                #expect(failure.message.contains("larger than \(limit) bytes"))
            }
        }
    }

    /// A PNG of exactly `size` bytes: a text chunk after the header pads it.
    private func png(ofSize size: Int) -> [UInt8] {
        let builder = PNGBuilder(width: 3, height: 2)
        let plain = builder.encoded()
        var chunks = builder.chunks
        chunks.insert(PNGChunk(type: "tEXt", data: [UInt8](repeating: 0x61, count: size - plain.count - 12)), at: 1)
        return PNGBuilder.encode(chunks)
    }

    @Test func theProbeSeesTheSameFileAroundItsReadSizeWholeOrCut() throws {
        let tree = try TemporaryDirectory()
        let read = ImageProbe.headerReadSize
        for size in [200, read - 1, read, read + 1, read + ImageProbe.tailWindow + 1, 3 * read] {
            let bytes = png(ofSize: size)
            #expect(bytes.count == size)
            for cut in [0, 5] {
                var kept = Array(bytes.dropLast(cut))
                let path = try tree.write(kept, to: "image-\(size)-\(cut).png")
                let fromFile = ImageProbe().probe(file: FileSystemPath(path))
                let fromMemory = ImageProbe().probe(memory: &kept)
                #expect(fromFile.pixelSize == PixelSize(width: 3, height: 2), "\(size) less \(cut)")
                #expect(fromFile.problem == nil, "\(size) less \(cut)")
                #expect(fromFile.byteCount == kept.count)
                #expect(fromFile.endIsMissing == (cut > 0), "\(size) less \(cut)")
                #expect(fromMemory.pixelSize == fromFile.pixelSize)
            }
        }
    }

    @Test func theMallocSettingAppliesWhereTheCLibraryIsGlibc() {
        #if canImport(Glibc)
            // It was once compiled out (no header had defined __GLIBC__ yet) without a sign.
            #expect(ProcessTuning.tuneAllocator())
        #else
            #expect(!ProcessTuning.tuneAllocator())
        #endif
    }
}

@Suite("Paths joined in place")
struct JoinedPathTests {
    @Test func folderSlashAndNameInOrder() {
        #expect(joinedPathBytes(Array("a/b".utf8), Array("c.png".utf8), slash: true) == Array("a/b/c.png".utf8))
        #expect(joinedPathBytes(Array("a/".utf8), Array("c".utf8), slash: false) == Array("a/c".utf8))
        #expect(joinedPathBytes([], [0xE9, 0x2E, 0x70], slash: true) == [0x2F, 0xE9, 0x2E, 0x70])
        #expect(joinedPathBytes(Array("x".utf8), [], slash: true) == Array("x/".utf8))
        #expect(FileSystemPath("/tmp/").appending(Array("a".utf8)) == FileSystemPath("/tmp/a"))
        #expect(FileSystemPath("/tmp").appending([0xFF]).bytes == Array("/tmp/".utf8) + [0xFF])
    }
}
