import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `tallcheck fix`'s edits of Xcode projects and catalog `Contents.json` in the forms Xcode and
/// users write them: a fix that is reported is done, in the files and in the project, and the
/// project still reads; what cannot be done that way is left to a person, item by item.
@Suite("fix: project and catalog edits in every form")
struct FixProjectEditTests {
    static func bytes(_ folder: TemporaryDirectory, _ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + path)))
    }

    /// The tree paths the project's file references and variant groups resolve to.
    static func elementPaths(_ bytes: [UInt8], path: String = "App.xcodeproj/project.pbxproj") throws -> Set<String> {
        Set(try XcodeProject(data: bytes, path: path).elementPaths().compactMap(\.path))
    }

    // MARK: Line ends

    @Test func deletingFromACRLFProjectTakesWholeLines() throws {
        let folder = try FixProjects.tree(
            [FixProjects.File("Gone.png"), FixProjects.File("Gone@2x.png"), FixProjects.File("Kept.png")],
            menu: "import UIKit\nlet kept = UIImage(named: \"Kept\")\n", lineEnd: "\r\n")
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["unused-image"]
        let outcome = try LintSession.run(request) { _ in }
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        #expect(plan.deletions == ["App/Images/Gone.png", "App/Images/Gone@2x.png"])
        let change = try #require(plan.changes.first)
        let before = String(decoding: change.before, as: UTF8.self).components(separatedBy: "\r\n")
        let after = String(decoding: change.after, as: UTF8.self).components(separatedBy: "\r\n")
        // Eight lines go (two build files, two references, two children, two phase entries), and
        // every line left was a line before, each still ending in \r\n.
        #expect(after.count == before.count - 8)
        #expect(after.filter(\.isEmpty).count == before.filter(\.isEmpty).count, "no blank line left")
        #expect(after.allSatisfy { !$0.contains("\r") && !$0.contains("\n") })
        #expect(Set(after).isSubset(of: Set(before)))
        #expect(try Self.elementPaths(change.after) == Self.elementPaths(change.before).filter { !$0.contains("Gone") })
    }

    /// An element two groups list (a hand-merged project): its path is under the group with the
    /// lowest identifier in every reader, so lint, fix and the re-read of a fixed project agree
    /// (found by the fix-plan fuzz target: which group won followed the dictionary's order).
    @Test func anElementTwoGroupsListIsUnderTheLowestGroup() throws {
        var objects = ""
        var children: [String: [String]] = ["A0000000000000000000000A": [], "A0000000000000000000000B": []]
        for index in 0..<32 {
            let id = FixProjects.id("F", index + 1)
            objects += "\t\t\(id) = {isa = PBXFileReference; path = \"f\(index).png\"; sourceTree = \"<group>\"; };\n"
            children["A0000000000000000000000A"]!.append(id)
            children["A0000000000000000000000B"]!.append(id)
        }
        for (group, path) in [("A0000000000000000000000B", "Second"), ("A0000000000000000000000A", "First")] {
            objects +=
                "\t\t\(group) = {isa = PBXGroup; children = (\(children[group]!.joined(separator: ", "))); path = \(path); sourceTree = \"<group>\"; };\n"
        }
        objects +=
            "\t\tA00000000000000000000001 = {isa = PBXGroup; children = (A0000000000000000000000B, A0000000000000000000000A); sourceTree = \"<group>\"; };\n"
        objects += "\t\tA00000000000000000000002 = {isa = PBXProject; mainGroup = A00000000000000000000001; targets = (); };\n"
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\(objects)\t};\n\trootObject = A00000000000000000000002;\n}\n"
        let paths = try Self.elementPaths(Array(text.utf8))
        #expect(paths.filter { $0.hasPrefix("First/f") }.count == 32, "\(paths.sorted())")
        #expect(!paths.contains { $0.hasPrefix("Second/f") })
    }

    // MARK: Normal forms

    /// `résumé` in NFD (`e` + U+0301) and NFC (`é`): the disk one way, the project the other.
    @Test(arguments: [(true, false), (false, true)])
    func aNameInAnotherNormalFormKeepsTheProjectReadable(diskIsNFD: Bool, projectIsNFD: Bool) throws {
        let nfc = "r\u{e9}sum\u{e9}"
        let nfd = "re\u{301}sume\u{301}"
        let disk = (diskIsNFD ? nfd : nfc) + "~ipad@2x.png"
        let named = (projectIsNFD ? nfd : nfc) + "~ipad@2x.png"
        #expect(Array(disk.utf8) != Array(named.utf8))
        let folder = try FixProjects.tree([FixProjects.File(disk, written: "\"\(named)\"", comment: named)])
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.map(\.to) == ["App/Images/" + (diskIsNFD ? nfd : nfc) + "@2x~ipad.png"])
        let change = try #require(plan.changes.first)
        let paths = try Self.elementPaths(change.after)
        #expect(paths.contains("App/Images/\(nfc)@2x~ipad.png"), "\(paths)")
        // Every comment is whole and names the new file.
        let text = String(decoding: change.after, as: UTF8.self)
        #expect(
            text.components(separatedBy: "*/").count
                == String(decoding: change.before, as: UTF8.self)
                .components(separatedBy: "*/").count)
        let comments = try #require(ProjectText(change.after)).tokens.compactMap {
            if case .comment(let text) = $0.kind { text } else { nil }
        }
        #expect(
            comments.filter { $0.hasPrefix("r") } == [
                "\(nfc)@2x~ipad.png in Resources", "\(nfc)@2x~ipad.png", "\(nfc)@2x~ipad.png", "\(nfc)@2x~ipad.png",
                "\(nfc)@2x~ipad.png in Resources",
            ])
        #expect(!comments.contains { $0.contains("~ipad@2x") })
    }

    // MARK: Escapes

    /// OpenStep's `\U00e9` in a quoted path: the project follows the rename.
    @Test func anEscapedPathFollowsTheRename() throws {
        let name = "caf\u{e9}~ipad@2x.png"
        let folder = try FixProjects.tree([
            FixProjects.File(name, written: #""caf\U00e9~ipad@2x.png""#),
            FixProjects.File("tab~ipad@2x.png", written: #""t\141b~ipad@2x.png""#),
        ])
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.count == 2, "\(plan.needsPerson.map(\.message))")
        let change = try #require(plan.changes.first)
        let paths = try Self.elementPaths(change.after)
        #expect(paths.isSuperset(of: ["App/Images/caf\u{e9}@2x~ipad.png", "App/Images/tab@2x~ipad.png"]), "\(paths)")
        #expect(paths.isDisjoint(with: ["App/Images/\(name)", "App/Images/tab~ipad@2x.png"]))
        try FixApplier.apply(plan)
        #expect(try !FixTests.findings(folder.path).contains { $0.hasPrefix("misnamed-variant") })
    }

    /// A character CoreFoundation maps through its NeXTSTEP table (`\351`) is not decoded here:
    /// the file that project entry may name is left to a person, and nothing is renamed under it.
    @Test func aPathFixCannotDecodeIsLeftToAPerson() throws {
        let folder = try FixProjects.tree([
            // NeXTSTEP's 0xE9 is Ø.
            FixProjects.File("caf\u{d8}~ipad@2x.png", written: #""caf\351~ipad@2x.png""#),
            FixProjects.File("plain~ipad@2x.png"),
        ])
        let (plan, _) = try FixTests.plan(folder.path)
        let project = try Self.elementPaths(try Self.bytes(folder, "App.xcodeproj/project.pbxproj"))
        if project.contains("App/Images/caf\u{d8}~ipad@2x.png") {
            #expect(plan.renames.map(\.to) == ["App/Images/plain@2x~ipad.png"])
            #expect(plan.needsPerson.contains { $0.message.contains("(not renamed: App.xcodeproj/project.pbxproj") })
        } else {
            // Foundation reads another name there: the project names another file.
            #expect(plan.renames.count == 2)
        }
        if let change = plan.changes.first {
            let after = try Self.elementPaths(change.after)
            for rename in plan.renames { #expect(after.contains(rename.to) && !after.contains(rename.from)) }
        }
    }

    // MARK: An XML project

    /// `FixApp`'s project as a property list in XML, as `plutil -convert xml1` writes it.
    static func xmlFixApp() throws -> [UInt8] {
        let plist = try PropertyListSerialization.propertyList(from: Data(FixApp.pbxproj.utf8), format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(xml.starts(with: Array("<?xml".utf8)))
        return Array(xml)
    }

    @Test func anXMLProjectFollowsItsRenames() throws {
        let folder = try FixTests.copy("Xcode")
        let project = "FixApp.xcodeproj/project.pbxproj"
        try folder.write(try Self.xmlFixApp(), to: project)
        let findingsBefore = try FixTests.findings(folder.path)
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.count == 4, "\(plan.needsPerson.map(\.message))")
        let change = try #require(plan.changes.first { $0.path == project })
        #expect(String(decoding: change.after, as: UTF8.self).hasPrefix("<?xml"), "still XML")
        let after = try FixTests.objects(change.after)
        let before = try FixTests.objects(change.before)
        #expect(
            before.keys.filter { before[$0] != after[$0] }.sorted() == [
                "F00000000000000000000001", "F00000000000000000000002",
            ])
        #expect(after["F00000000000000000000001"]?["path"] as? String == "button@2x~ipad.png")
        #expect(after["F00000000000000000000002"]?["path"] as? String == "Icon@2x.png")

        try FixApplier.apply(plan)
        let findingsAfter = try FixTests.findings(folder.path)
        #expect(Set(findingsAfter).isSubset(of: findingsBefore), "no new finding: \(findingsAfter)")
        let paths = try Self.elementPaths(try Self.bytes(folder, project), path: project)
        #expect(paths.contains("App/Images/Icon@2x.png") && !paths.contains("App/Images/Icon@2X.png"))
        #expect(try FixTests.plan(folder.path).0.isEmpty, "a second fix finds nothing")
    }

    @Test func anXMLProjectAfterAByteOrderMarkIsReadAsXML() throws {
        let text = try #require(ProjectText([0xEF, 0xBB, 0xBF] + (try Self.xmlFixApp())))
        #expect(text.format == .xml && text.uneditable == nil)
        #expect(text.value("path", of: "F00000000000000000000002") == "Icon@2X.png")
    }

    @Test func anXMLProjectLosesWhatIsDeleted() throws {
        let folder = try FixTests.copy("Xcode")
        let project = "FixApp.xcodeproj/project.pbxproj"
        try folder.write(try Self.xmlFixApp(), to: project)
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["unused-image"]
        let outcome = try LintSession.run(request) { _ in }
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        #expect(plan.deletions.contains("App/Images/Old.png"))
        let change = try #require(plan.changes.first { $0.path == project })
        let old = try FixTests.objects(change.before)
        let new = try FixTests.objects(change.after)
        let gone: Set = [
            "F0000000000000000000000C", "F0000000000000000000000D", "B00000000000000000000009",
            "B0000000000000000000000A",
        ]
        #expect(Set(old.keys).subtracting(new.keys) == gone)
        for (id, object) in new {
            for key in ["children", "files"] {
                let list = object[key] as? [String] ?? []
                #expect(list == (old[id]?[key] as? [String] ?? []).filter { !gone.contains($0) }, "\(id) \(key)")
            }
        }
        // Whole lines go: no line left holding only white space.
        let lines = String(decoding: change.after, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.dropLast().contains { $0.allSatisfy { $0 == "\t" || $0 == " " } })
    }

    /// A binary project cannot be edited by span: its items are left to a person, one by one.
    @Test func aBinaryProjectsItemsAreLeftToAPersonWithTheReason() throws {
        let folder = try FixTests.copy("Xcode")
        let plist = try PropertyListSerialization.propertyList(from: Data(FixApp.pbxproj.utf8), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        try folder.write(Array(binary), to: "FixApp.xcodeproj/project.pbxproj")
        let (plan, _) = try FixTests.plan(folder.path)
        // The catalog's file and the one inside the folder reference `Levels` are named by no
        // project entry of their own: their renames go ahead.
        #expect(
            plan.renames.map(\.to) == [
                "App/Assets.xcassets/Arrow.imageset/Arrow@2x.png", "App/Levels/level1@2x~ipad.png",
            ])
        let refused = plan.needsPerson.filter { $0.ruleID == "misnamed-variant" }
        #expect(refused.map(\.path).sorted() == ["App/Images/Icon@2X.png", "App/Images/button~ipad@2x.png"])
        for finding in refused {
            #expect(
                finding.message.hasSuffix(
                    "(not renamed: FixApp.xcodeproj/project.pbxproj is a binary property list, which fix does not edit)"
                ),
                "\(finding.message)")
        }
    }

    // MARK: Contents.json

    /// An entry that names `filename` twice: whichever one the scan reads, a second `fix`
    /// changes nothing.
    @Test(arguments: [
        // Both missing.
        #""filename" : "Gone1@3x.png", "filename" : "Gone2@3x.png""#,
        // The first present, the second missing, and the other way.
        #""filename" : "Star@3x.png", "filename" : "Gone@3x.png""#,
        #""filename" : "Gone@3x.png", "filename" : "Star@3x.png""#,
    ])
    func duplicateFilenamesMakeASecondFixChangeNothing(_ members: String) throws {
        let folder = try TemporaryDirectory()
        let set = "A.xcassets/Star.imageset/"
        try folder.write(PNGBuilder(width: 30, height: 30, seed: 1).encoded(), to: set + "Star.png")
        try folder.write(PNGBuilder(width: 60, height: 60, seed: 2).encoded(), to: set + "Star@2x.png")
        try folder.write(PNGBuilder(width: 90, height: 90, seed: 3).encoded(), to: set + "Star@3x.png")
        let contents = """
            {
              "images" : [
                {
                  "filename" : "Star.png",
                  "idiom" : "universal",
                  "scale" : "1x"
                },
                {
                  "idiom" : "universal",
                  "scale" : "2x"
                },
                {
                  \(members),
                  "idiom" : "universal",
                  "scale" : "3x"
                }
              ]
            }

            """
        try folder.write(Array(contents.utf8), to: set + "Contents.json")
        let (first, _) = try FixTests.plan(folder.path)
        try FixApplier.apply(first)
        let once = try committedFiles(in: folder.path)
        let onceContents = try Self.bytes(folder, set + "Contents.json")
        let (second, _) = try FixTests.plan(folder.path)
        #expect(second.isEmpty, "\(second.text(diff: true))")
        try FixApplier.apply(second)
        #expect(try committedFiles(in: folder.path) == once)
        #expect(try Self.bytes(folder, set + "Contents.json") == onceContents)
    }

    // MARK: Exact-name loads

    @Test func aFileTheCodeLoadsByItsFileNameIsLeftToAPerson() throws {
        let menu = """
            import UIKit

            final class Menu {
                let base = UIImage(named: "logo")
                let button = UIImage(contentsOfFile: Bundle.main.path(forResource: "button~ipad@2x", ofType: "png")!)
                let icon = UIImage(named: "Icon@2X.png")
            }

            """
        let folder = try FixProjects.tree(
            [
                FixProjects.File("button~ipad@2x.png"), FixProjects.File("Icon@2X.png"),
                FixProjects.File("logo~ipad@2x.png"),
            ],
            menu: menu)
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.map(\.to) == ["App/Images/logo@2x~ipad.png"], "a lookup by base name does not block")
        let refused = plan.needsPerson.filter { $0.ruleID == "misnamed-variant" }.map { "\($0.path) \($0.message)" }
        #expect(refused.count == 2, "\(refused)")
        #expect(
            refused.contains {
                $0.hasPrefix("App/Images/button~ipad@2x.png ")
                    && $0.hasSuffix("(not renamed: App/Menu.swift:5 loads it by its file name; rename both)")
            }, "\(refused)")
        #expect(
            refused.contains {
                $0.hasPrefix("App/Images/Icon@2X.png ")
                    && $0.hasSuffix("(not renamed: App/Menu.swift:6 loads it by its file name; rename both)")
            }, "\(refused)")
        // The project follows only the rename made.
        let change = try #require(plan.changes.first)
        let text = String(decoding: change.after, as: UTF8.self)
        #expect(text.contains("button~ipad@2x.png") && text.contains("Icon@2X.png") && !text.contains("logo~ipad"))
    }

    // MARK: Planning time

    /// Two thousand misnamed files named by one project: the plan renames each (planning is
    /// linear in them; the time is measured with the release binary, not here).
    @Test func twoThousandMisnamedFilesArePlanned() throws {
        let files = (0..<2000).map { FixProjects.File("icon\($0)~ipad@2x.png") }
        let folder = try FixProjects.tree(files)
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.count == 2000)
        let change = try #require(plan.changes.first)
        let paths = try Self.elementPaths(change.after)
        #expect(paths.contains("App/Images/icon1999@2x~ipad.png") && !paths.contains("App/Images/icon0~ipad@2x.png"))
    }
}
