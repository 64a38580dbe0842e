import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `fix` under races and kills: a folder swapped for a link while a step waits never leads a
/// change out of the tree, and a run stopped before any step is finished by the next.
@Suite("fix: safe under races and kills")
struct FixSafetyTests {
    /// A tree with a misnamed file and an unused one in `Images/`, and a folder beside the tree
    /// holding files of the same names, which must never change.
    struct RaceTree {
        let folder: TemporaryDirectory
        var root: String { folder.path + "/Tree" }
        var outside: String { folder.path + "/Outside" }

        init() throws {
            folder = try TemporaryDirectory()
            for name in ["a~ipad@2x.png", "a@2x~ipad.png", "Unused.png", "Unused@2x.png"] {
                try folder.write(PNGBuilder(width: 88, height: 88, seed: 7).encoded(), to: "Outside/\(name)")
            }
            try folder.write(PNGBuilder(width: 88, height: 88, seed: 1).encoded(), to: "Tree/Images/a~ipad@2x.png")
            try folder.write(PNGBuilder(width: 20, height: 20, seed: 2).encoded(), to: "Tree/Images/Unused.png")
            try folder.write(PNGBuilder(width: 40, height: 40, seed: 3).encoded(), to: "Tree/Images/Unused@2x.png")
            try folder.write(Array(#"let a = UIImage(named: "a")"#.utf8), to: "Tree/App.swift")
        }

        func plan() throws -> FixPlan {
            var request = LintRequest(root: root)
            request.reusesReport = false
            request.settings.additionalOptInRules = ["unused-image"]
            let outcome = try LintSession.run(request) { _ in }
            return Fixer.plan(
                root: root, scan: try #require(outcome.scan), findings: outcome.report.findings,
                options: Fixer.Options(deletesUnused: true))
        }

        /// Every file outside, with its bytes.
        func outsideFiles() throws -> [String: Data] {
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: outside) {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: outside + "/" + name))
            }
            return files
        }

        /// `Tree/Images` becomes a link to the outside folder.
        func swapImagesForALink() throws {
            try FileManager.default.moveItem(atPath: root + "/Images", toPath: folder.path + "/Moved")
            try FileManager.default.createSymbolicLink(atPath: root + "/Images", withDestinationPath: outside)
        }
    }

    @Test(arguments: ["rename", "delete"])
    func aFolderSwappedForALinkBeforeAStepChangesNothingOutside(step: String) throws {
        let tree = try RaceTree()
        let plan = try tree.plan()
        #expect(plan.renames.map(\.from) == ["Images/a~ipad@2x.png"])
        #expect(plan.deletions.sorted() == ["Images/Unused.png", "Images/Unused@2x.png"])
        let outsideBefore = try tree.outsideFiles()
        let swapped = Flag()
        do {
            try FixApplier.apply(
                plan,
                beforeEachStep: { current in
                    guard Self.kind(of: current) == step, !swapped.isSet else { return }
                    swapped.isSet = true
                    try? tree.swapImagesForALink()
                })
        } catch {
            #expect(error.reason.contains("symbolic link"), "\(error)")
        }
        #expect(swapped.isSet)
        #expect(try tree.outsideFiles() == outsideBefore)
        // Nothing of this run is left behind in the moved folder either.
        let moved = (try? FileManager.default.contentsOfDirectory(atPath: tree.folder.path + "/Moved")) ?? []
        #expect(!moved.contains { $0.contains(".tallcheck-") }, "\(moved)")
        #expect(!FileManager.default.fileExists(atPath: tree.root + "/" + FixJournal.path))
    }

    final class Flag { var isSet = false }
    final class Counter { var value = 0 }

    static func kind(of step: FixApplier.Step) -> String {
        switch step {
        case .rename: "rename"
        case .delete: "delete"
        case .stage, .edit, .removeFolder: "other"
        }
    }

    /// A project edit staged while the project's folder is swapped for a link: not written outside.
    @Test(arguments: [true, false])
    func aProjectFolderSwappedBeforeItsEditChangesNothingOutside(whileStaging: Bool) throws {
        let folder = try FixTests.copy("Xcode")
        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.changes.contains { $0.path == "FixApp.xcodeproj/project.pbxproj" })
        let outside = try TemporaryDirectory()
        let project = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/FixApp.xcodeproj/project.pbxproj"))
        try outside.write(Array(project), to: "project.pbxproj")
        do {
            try FixApplier.apply(plan, beforeEachStep: { step in
                let held: FixApplier.Step =
                    whileStaging ? .stage("FixApp.xcodeproj/project.pbxproj") : .edit("FixApp.xcodeproj/project.pbxproj")
                if step == held {
                    try? FileManager.default.moveItem(
                        atPath: folder.path + "/FixApp.xcodeproj", toPath: folder.path + "/Moved.xcodeproj")
                    try? FileManager.default.createSymbolicLink(
                        atPath: folder.path + "/FixApp.xcodeproj", withDestinationPath: outside.path)
                }
            })
            Issue.record("the edit went through a link")
        } catch {
            #expect(error.changedSomething == !whileStaging)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside.path + "/project.pbxproj")) == project)
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["project.pbxproj"])
    }

    /// A name of this tool's making that a file of the tree already has is never written over.
    @Test func aFileNamedLikeARenamesTemporaryNameIsKept() throws {
        let tree = try RaceTree()
        let plan = try tree.plan()
        let bystander = tree.root + "/Images/a~ipad@2x.png.tallcheck-rename"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: bystander))
        try FixApplier.apply(plan)
        #expect(try Data(contentsOf: URL(fileURLWithPath: bystander)) == Data("keep me".utf8))
        #expect(FileManager.default.fileExists(atPath: tree.root + "/Images/a@2x~ipad.png"))
    }

    /// Stopped before each step in turn, as a kill would leave it: the next run's recovery
    /// finishes the fix (or, before the first change, undoes it), the project parses, every
    /// file is under its old name or its new one, nothing of the run remains, and a fix after
    /// that has nothing left to do.
    @Test func aRunStoppedBeforeAnyStepIsFinishedByTheNext() throws {
        let first = try FixTests.copy("Xcode")
        let (plan, _) = try FixTests.plan(first.path)
        let stepCount = plan.changes.count * 2 + plan.renames.count + plan.deletions.count
        #expect(stepCount >= 6)
        for stop in 0..<stepCount {
            let folder = try FixTests.copy("Xcode")
            let (plan, _) = try FixTests.plan(folder.path)
            let seen = Counter()
            let finished = try FixApplier.apply(
                plan,
                until: { _ in
                    seen.value += 1
                    return seen.value <= stop
                })
            #expect(!finished)
            #expect(FixApplier.hasJournal(root: folder.path))
            let message = try #require(try FixApplier.recover(root: folder.path))
            #expect(message.contains(stop < plan.changes.count ? "changed nothing" : "finished it"), "\(message)")
            #expect(try FixApplier.recover(root: folder.path) == nil)
            #expect(!FixApplier.hasJournal(root: folder.path))
            let files = try committedFiles(in: folder.path)
            #expect(!files.contains { $0.contains("tallcheck") }, "stop \(stop): \(files)")
            let project = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/FixApp.xcodeproj/project.pbxproj"))
            _ = try FixTests.objects(Array(project))
            // Old or new, never neither: each file to rename is under exactly one of its names.
            for rename in plan.renames {
                let old = files.contains(rename.from)
                let new = files.contains(rename.to)
                #expect(old != new, "stop \(stop): \(rename.from)")
                #expect(new == (stop >= plan.changes.count), "stop \(stop): \(rename.from)")
            }
            #expect(try FixTests.plan(folder.path).0.isEmpty == (stop >= plan.changes.count), "stop \(stop)")
        }
    }

    /// A journal this tool did not write (or one naming files that are not the ones it names)
    /// changes nothing.
    @Test func aForeignJournalChangesNothing() throws {
        let tree = try RaceTree()
        let journal = FixJournal(
            state: .committing([
                .delete("Images/Unused.png", TreeWriter.Identity(device: 1, inode: 2)),
                .rename(
                    from: "Images/a~ipad@2x.png", to: "Images/b.png", between: "Images/x",
                    TreeWriter.Identity(device: 1, inode: 2)),
            ]))
        try Data(journal.text.utf8).write(to: URL(fileURLWithPath: tree.root + "/" + FixJournal.path))
        #expect(FixJournal(text: Array(journal.text.utf8)) == journal)
        let files = try committedFiles(in: tree.root)
        let message = try #require(try FixApplier.recover(root: tree.root))
        #expect(message.contains("0 renamed, 0 deleted"), "\(message)")
        #expect(try committedFiles(in: tree.root) == files.filter { $0 != FixJournal.path })
        // Text that is no journal: an error that names it, and the file stays for a person.
        try Data("rm -rf /\n".utf8).write(to: URL(fileURLWithPath: tree.root + "/" + FixJournal.path))
        #expect(throws: FixFailure.self) { _ = try FixApplier.recover(root: tree.root) }
        #expect(FileManager.default.fileExists(atPath: tree.root + "/" + FixJournal.path))
    }

    @Test func journalPathsKeepEveryByte() {
        let journal = FixJournal(
            state: .committing([
                .edit(
                    temporary: "a b/%c\n.tallcheck-fix-1", target: "a b/%c\n", TreeWriter.Identity(device: 3, inode: 4)),
                .removeFolder("é/x"),
            ]))
        #expect(FixJournal(text: Array(journal.text.utf8)) == journal)
        #expect(journal.text.split(separator: "\n").count == 4)
    }
}
