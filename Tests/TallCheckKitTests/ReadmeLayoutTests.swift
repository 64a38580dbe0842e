import Foundation
import Testing

/// The README's Layout section names every target and every folder of the library's modules, so
/// a folder added without a line there fails here.
@Suite("README Layout is complete")
struct ReadmeLayoutTests {
    static let repository = ExampleAppFixtureTests.repository

    static func layout() throws -> String {
        let readme = try String(contentsOfFile: repository + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "\n## Layout\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        return String(readme[start.upperBound..<end])
    }

    static func folders(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
                && !name.hasSuffix(".docc") && name != "include"
        }.sorted()
    }

    @Test func everyTargetIsInTheTargetTable() throws {
        let layout = try Self.layout()
        let targets = try Self.folders(in: Self.repository + "/Sources")
        #expect(targets.count >= 9)
        for target in targets {
            #expect(layout.contains("`\(target)`"), "README Layout does not name the target \(target)")
        }
    }

    @Test(arguments: ["TallCheckCore", "TallCheckKit"])
    func everyFolderOfTheModuleIsInItsTable(module: String) throws {
        let layout = try Self.layout()
        // The module's own table: from its heading line (`TallCheckCore`, from the bottom up / `TallCheckKit`:)
        // to the next blank line after a table.
        let heading = try #require(
            layout.range(of: "\n`\(module)`, from the bottom up") ?? layout.range(of: "\n`\(module)`:\n"))
        let rest = layout[heading.upperBound...]
        let table = rest.components(separatedBy: "\n\n").first { $0.contains("| folder |") } ?? ""
        let folders = try Self.folders(in: Self.repository + "/Sources/" + module)
        #expect(folders.count >= 4)
        for folder in folders {
            #expect(table.contains("`\(folder)/`"), "README Layout's \(module) table does not name \(folder)/")
        }
    }
}
