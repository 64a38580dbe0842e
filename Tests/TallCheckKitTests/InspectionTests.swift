import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("tallcheck inspect")
struct InspectionTests {
    @Test func jsonHasTheDocumentedShapeAndFieldOrder() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 640, height: 1136).encoded(), to: "Images/a@2x.png")
        let inspection = Inspection(paths: [folder.path])
        #expect(
            inspection.json.rendered()
                == #"{"images":[{"path":"Images/a@2x.png","format":"png","width":640,"height":1136,"#
                + #""bytes":\#(PNGBuilder(width: 640, height: 1136).encoded().count),"bitDepth":8,"#
                + #""colorType":"rgba","interlaced":false,"cgbi":false,"valid":true,"error":null}]}"#)
    }

    @Test func nonPNGAndInvalidFilesHaveNullsWhereFactsAreUnknown() throws {
        let folder = try TemporaryDirectory()
        try folder.write(minimalJPEG(width: 10, height: 20), to: "photo.png")
        try folder.write(Array("not an image".utf8), to: "text.png")
        let images = Inspection(paths: [folder.path]).json.rendered()
        #expect(
            images
                == #"{"images":[{"path":"photo.png","format":"jpeg","width":10,"height":20,"#
                + #""bytes":\#(minimalJPEG(width: 10, height: 20).count),"bitDepth":null,"#
                + #""colorType":null,"interlaced":null,"cgbi":false,"valid":true,"error":null},"#
                + #"{"path":"text.png","format":"unknown","width":null,"height":null,"bytes":12,"bitDepth":null,"#
                + #""colorType":null,"interlaced":null,"cgbi":false,"valid":false,"#
                + #""error":"not an image: the file starts with 6e 6f 74 20 61 6e 20 69"}]}"#)
    }

    @Test func pathsAreRelativeToAFolderArgumentAndAsGivenForAFile() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(rgba.encoded(), to: "Sub/Deeper/b.PNG")
        try folder.write(rgba.encoded(), to: "a.png")
        try folder.write(Array("x".utf8), to: "notes.txt")
        let inspection = Inspection(paths: [folder.path, file])
        #expect(inspection.images.map(\.path) == ["Sub/Deeper/b.PNG", "a.png", file])
    }

    @Test func exitCodeIsZeroWhenAllValidOneWhenAnyInvalidTwoWhenAPathIsMissing() throws {
        let folder = try TemporaryDirectory()
        let good = try folder.write(rgba.encoded(), to: "good.png")
        let bad = try folder.write(editing(rgba, chunk: "IDAT") { $0.crc = 0 }, to: "bad.png")
        #expect(Inspection(paths: [good, bad]).exitCode == 0)
        #expect(Inspection(paths: [good, bad], probe: ImageProbe(depth: .verify)).exitCode == 1)
        let missing = Inspection(paths: [good, folder.path + "/missing.png"])
        #expect(missing.exitCode == 2)
        #expect(missing.unreadablePaths.map(\.message) == ["No such file or directory"])
        #expect(missing.images.count == 1)
    }

    @Test func textLineGivesSizeFormatAndProblems() throws {
        let folder = try TemporaryDirectory()
        try folder.write(tallCgBI.encoded(), to: "Default-568h@2x.png")
        try folder.write(minimalJPEG(width: 10, height: 20), to: "photo.png")
        try folder.write(editing(rgba, chunk: "IHDR") { $0.crc = 7 }, to: "z.png")
        #expect(
            Inspection(paths: [folder.path]).textLines == [
                "Default-568h@2x.png: 640×1136 png, 8-bit rgba, CgBI (Apple-optimised, copied out of a built app?)",
                "photo.png: 10×20 jpeg; named .png but the contents are jpeg",
                "z.png: png; invalid: IHDR: CRC error",
                "3 images, 2 valid, 1 invalid",
            ])
    }

    @Test func symlinksLeavingTheTreeAreNotFollowedAndLoopsDoNotHang() throws {
        let outside = try TemporaryDirectory()
        try outside.write(rgba.encoded(), to: "secret.png")
        let folder = try TemporaryDirectory()
        try folder.write(rgba.encoded(), to: "inside.png")
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folder.path + "/escape.png", withDestinationPath: outside.path + "/secret.png")
        try manager.createSymbolicLink(atPath: folder.path + "/elsewhere", withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: folder.path + "/loop", withDestinationPath: folder.path)
        try manager.createSymbolicLink(atPath: folder.path + "/alias.png", withDestinationPath: "inside.png")
        let inspection = Inspection(paths: [folder.path])
        #expect(inspection.images.map(\.path) == ["alias.png", "inside.png"])
        #expect(
            inspection.skippedEntries.map(\.description) == [
                folder.path + "/elsewhere: symbolic link to a folder outside the tree; not followed "
                    + "(--follow-symlinks follows it)",
                folder.path + "/escape.png: symbolic link leads outside the tree; not followed",
                folder.path + "/loop: symbolic link to a folder; not followed (--follow-symlinks follows it)",
            ])
        #expect(inspection.exitCode == 0)
    }

    @Test func fifoAndFolderNamedLikeImagesDoNotStopTheRun() throws {
        let folder = try TemporaryDirectory()
        try #require(mkfifo(folder.path + "/x.png", 0o600) == 0)
        try folder.write(rgba.encoded(), to: "y.png/z.png")
        let inspection = Inspection(paths: [folder.path])
        #expect(inspection.images.map(\.path) == ["x.png", "y.png/z.png"])
        #expect(inspection.images.first?.facts.problem == .unreadable("not a regular file: it is a FIFO"))
        #expect(inspection.images.last?.facts.isValid == true)
    }
}
