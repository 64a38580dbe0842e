import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Atomic writes")
struct AtomicFileTests {
    @Test func writesAndReplacesLeavingNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/report.sarif"
        try writeAtomically("first", to: path)
        try writeAtomically("second, longer", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.sarif"])
    }

    @Test func aMissingFolderIsAnErrorAndLeavesNothingBehind() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: FileWriteError.self) { try writeAtomically("x", to: directory.path + "/no/such/report.xml") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
