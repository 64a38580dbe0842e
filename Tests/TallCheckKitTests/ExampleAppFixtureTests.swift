import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Fixtures/ExampleApp")
struct ExampleAppFixtureTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let folder = repository + "/" + ExampleApp.folder

    /// Writes the fixtures when TALLCHECK_WRITE_FIXTURES=1 (Scripts/make-fixtures sets it).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TALLCHECK_WRITE_FIXTURES"] == "1"))
    func writeFixtures() throws {
        try? FileManager.default.removeItem(atPath: Self.folder)
        for file in ExampleApp.files {
            try writeFile(file.bytes, to: Self.folder + "/" + file.path)
        }
        for source in ExampleApp.sources {
            try writeFile(Array(source.text.utf8), to: Self.folder + "/" + source.path)
        }
        #expect(try committedFiles(in: Self.folder) == Self.listed)
    }

    static let listed = (ExampleApp.files.map(\.path) + ExampleApp.sources.map(\.path)).sorted()

    @Test func committedFixturesAreExactlyTheListedOnes() throws {
        #expect(try committedFiles(in: Self.folder) == Self.listed)
        for source in ExampleApp.sources {
            let committed = try String(contentsOfFile: Self.folder + "/" + source.path, encoding: .utf8)
            #expect(committed == source.text, "\(source.path) is as listed")
        }
    }

    @Test(arguments: [ProbeDepth.header, .verify])
    func committedFixturesProbeAsDeclared(depth: ProbeDepth) {
        let inspection = Inspection(paths: [Self.folder], probe: ImageProbe(depth: depth))
        let facts = Dictionary(uniqueKeysWithValues: inspection.images.map { ($0.path, $0.facts) })
        for file in ExampleApp.files {
            let expected = depth == .header ? file.header ?? file.verify : file.verify
            switch expected {
            case .valid(let width, let height):
                #expect(facts[file.path]?.pixelSize == PixelSize(width: width, height: height), "\(file.path)")
                #expect(facts[file.path]?.isValid == true, "\(file.path)")
            case .invalid(let reason):
                #expect(facts[file.path]?.problem?.description.contains(reason) == true, "\(file.path)")
            }
        }
    }
}
