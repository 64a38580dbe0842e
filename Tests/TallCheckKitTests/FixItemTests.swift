import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fix` item by item: `.csproj` items in every spelling XML and MSBuild allow follow a rename
/// or a deletion, and one item fix may not touch is left to a person while the rest goes ahead.
@Suite("fix: each item")
struct FixItemTests {
    static func png(_ seed: UInt64, _ side: Int = 88) -> [UInt8] {
        PNGBuilder(width: side, height: side, seed: seed).encoded()
    }

    static let project = """
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup>
            <TargetFrameworkIdentifier>Xamarin.iOS</TargetFrameworkIdentifier>
            <OutputType>Exe</OutputType>
          </PropertyGroup>
          <ItemGroup>
            <BundleResource Include="Images\\Tom&amp;Jerry@2X.png" />
            <BundleResource Include='Images\\a~ipad@2x.png' />
            <BundleResource Include = "Images\\b~ipad@2x.png" />
            <BundleResource Update="Images&#92;c~ipad&#x40;2x.png">
              <Link>Resources\\c~ipad@2x.png</Link>
            </BundleResource>
            <BundleResource
                Include='Images\\d~ipad%402x.png' Link = 'Resources\\d~ipad%402x.png' />
            <Content Include="Images\\e~ipad@2x.png"><LogicalName>
                e~ipad@2x.png </LogicalName></Content>
            <BundleResource Include="Images\\Card.png" />
          </ItemGroup>
        </Project>

        """

    /// The tree paths a project's items name, as the scan reads them.
    static func itemPaths(_ bytes: [UInt8], projectPath: String) throws -> [String] {
        try MSBuildProject(data: bytes, path: projectPath).items.compactMap {
            XcodeProject.normalized("App/" + $0.include)
        }
    }

    /// Five items that name their file in a spelling other than `Include="…"` (an entity, single
    /// quotes, spaces around `=`, character references, `Update`): each follows the rename, in
    /// its quote, with its `Link` or `LogicalName`; the project then names only files that exist.
    @Test func csprojItemsInEverySpellingFollowARename() throws {
        let folder = try TemporaryDirectory()
        let names = [
            "Tom&Jerry@2X.png", "a~ipad@2x.png", "b~ipad@2x.png", "c~ipad@2x.png", "d~ipad@2x.png", "e~ipad@2x.png",
        ]
        for (index, name) in names.enumerated() {
            try folder.write(Self.png(UInt64(index + 1)), to: "App/Images/" + name)
        }
        try folder.write(Self.png(9, 44), to: "App/Images/Card.png")
        try folder.write(Array(Self.project.utf8), to: "App/App.csproj")

        let (plan, _) = try FixTests.plan(folder.path)
        #expect(plan.renames.count == 6, "\(plan.renames)")
        let change = try #require(plan.changes.first { $0.path == "App/App.csproj" })
        let after = String(decoding: change.after, as: UTF8.self)
        for line in [
            #"<BundleResource Include="Images\Tom&amp;Jerry@2x.png" />"#,
            #"<BundleResource Include='Images\a@2x~ipad.png' />"#,
            #"<BundleResource Include = "Images\b@2x~ipad.png" />"#,
            #"<BundleResource Update="Images&#92;c@2x~ipad.png">"#,
            #"<Link>Resources\c@2x~ipad.png</Link>"#,
            #"Include='Images\d%402x~ipad.png' Link = 'Resources\d%402x~ipad.png' />"#,
            "<Content Include=\"Images\\e@2x~ipad.png\"><LogicalName>\n        e@2x~ipad.png </LogicalName></Content>",
        ] {
            #expect(after.contains(line), "\(line)\n\(after)")
        }
        // Only the names changed.
        var restored = after
        for (old, new) in [
            ("Tom&amp;Jerry@2x", "Tom&amp;Jerry@2X"), ("a@2x~ipad", "a~ipad@2x"), ("b@2x~ipad", "b~ipad@2x"),
            ("c@2x~ipad", "c~ipad&#x40;2x"), ("Resources\\c~ipad&#x40;2x", "Resources\\c~ipad@2x"),
            ("d%402x~ipad", "d~ipad%402x"), ("e@2x~ipad", "e~ipad@2x"),
        ] {
            restored = restored.replacingOccurrences(of: old, with: new)
        }
        #expect(restored == Self.project)

        let findingsBefore = try FixTests.findings(folder.path)
        try FixApplier.apply(plan)
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/App/App.csproj")))
        for path in try Self.itemPaths(written, projectPath: "App/App.csproj") {
            #expect(FileManager.default.fileExists(atPath: folder.path + "/" + path), "\(path) exists")
        }
        let findingsAfter = try FixTests.findings(folder.path)
        #expect(!findingsAfter.contains { $0.hasPrefix("misnamed-variant") }, "\(findingsAfter)")
        // No new finding: what remains was there before, under the file's old name.
        let renamedBefore = findingsBefore.map { finding in
            plan.renames.first { finding.hasSuffix(" " + $0.from) }.map {
                String(finding.dropLast($0.from.count)) + $0.to
            } ?? finding
        }
        #expect(Set(findingsAfter).isSubset(of: renamedBefore), "\(findingsAfter)")
        #expect(try FixTests.plan(folder.path).0.isEmpty)
    }

    /// Deleting unused images takes out their items in every spelling, and a CRLF project keeps
    /// no blank line where an item was.
    @Test func csprojItemsInEverySpellingGoWithADeletedFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.png(1), to: "App/Images/Old&New.png")
        try folder.write(Self.png(2), to: "App/Images/quoted.png")
        try folder.write(Self.png(3), to: "App/Images/spaced.png")
        try folder.write(Self.png(5), to: "App/Images/plain.png")
        try folder.write(Self.png(4, 44), to: "App/Images/Card.png")
        let lines = [
            #"<Project ToolsVersion="15.0">"#,
            "  <PropertyGroup>",
            "    <TargetFrameworkIdentifier>Xamarin.iOS</TargetFrameworkIdentifier>",
            "  </PropertyGroup>",
            "  <ItemGroup>",
            #"    <BundleResource Include="Images\Old&amp;New.png" />"#,
            #"    <BundleResource Include='Images\quoted.png'>"#,
            "      <Link>quoted.png</Link>",
            "    </BundleResource>",
            #"    <BundleResource Include = "Images&#x5C;spaced.png" />"#,
            #"    <BundleResource Include="Images\plain.png" />"#,
            #"    <BundleResource Include="Images\Card.png" />"#,
            "  </ItemGroup>",
            "</Project>",
        ]
        let csproj = lines.joined(separator: "\r\n") + "\r\n"
        try folder.write(Array(csproj.utf8), to: "App/App.csproj")
        try folder.write(
            Array("UIImage.FromBundle(\"Card\");\n".utf8), to: "App/Main.cs")
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["unused-image"]
        let outcome = try LintSession.run(request) { _ in }
        #expect(
            outcome.report.findings.filter { $0.ruleID == "unused-image" }.map(\.path).sorted() == [
                "App/Images/Old&New.png", "App/Images/plain.png", "App/Images/quoted.png", "App/Images/spaced.png",
            ])
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        #expect(plan.deletions.count == 4)
        let change = try #require(plan.changes.first { $0.path == "App/App.csproj" })
        let kept = lines.prefix(5) + lines.suffix(3)
        #expect(String(decoding: change.after, as: UTF8.self) == kept.joined(separator: "\r\n") + "\r\n")
        try FixApplier.apply(plan)
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/App/App.csproj")))
        #expect(try Self.itemPaths(written, projectPath: "App/App.csproj") == ["App/Images/Card.png"])
    }

    /// One item `fix` may not touch, beside an ordinary misnamed file.
    enum Refused: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A misnamed symbolic link to another image of the tree.
        case link
        /// `Icon@2X.png` beside a different `Icon@2x.png`: its new name is another file.
        case caseOnlyOntoAnotherFile
        /// `icon@2X.png` beside `Icon@2x.png`: its new name differs from another file's in case alone.
        case caseOnlyBesideATwin
        /// The new name is a folder.
        case newNameIsAFolder
        /// A name with a control character.
        case controlCharacter
        /// A name whose bytes are not UTF-8.
        case notUTF8
        /// A file named by a project that is a symbolic link (to a file of the tree).
        case namedByALinkedProject

        var testDescription: String { rawValue }
    }

    @Test(arguments: Refused.allCases)
    func oneRefusedItemLeavesTheRestOfThePlan(_ refused: Refused) throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.png(1), to: "Images/ok~ipad@2x.png")
        let images = folder.path + "/Images/"
        var untouched: [UInt8]
        switch refused {
        case .link:
            try folder.write(Self.png(2), to: "Images/Photo@2x.png")
            try FileManager.default.createSymbolicLink(
                atPath: images + "button~ipad@2x.png", withDestinationPath: "Photo@2x.png")
            untouched = Array("button~ipad@2x.png".utf8)
        case .caseOnlyOntoAnotherFile:
            try folder.write(Self.png(2), to: "Images/Icon@2X.png")
            try folder.write(Self.png(3), to: "Images/Icon@2x.png")
            untouched = Array("Icon@2X.png".utf8)
        case .caseOnlyBesideATwin:
            try folder.write(Self.png(2), to: "Images/icon@2X.png")
            try folder.write(Self.png(3), to: "Images/Icon@2x.png")
            untouched = Array("icon@2X.png".utf8)
        case .newNameIsAFolder:
            try folder.write(Self.png(2), to: "Images/x~ipad@2x.png")
            try FileManager.default.createDirectory(
                atPath: images + "x@2x~ipad.png", withIntermediateDirectories: false)
            untouched = Array("x~ipad@2x.png".utf8)
        case .controlCharacter:
            untouched = Array("bell\u{07}~ipad@2x.png".utf8)
            try Self.writeRaw(images, untouched, Self.png(2))
        case .notUTF8:
            untouched = Array("caf".utf8) + [0xE9] + Array("~ipad@2x.png".utf8)
            try Self.writeRaw(images, untouched, Self.png(2))
        case .namedByALinkedProject:
            // Each image bundled by its own project; the one naming `linked` is a link.
            try folder.write(Self.png(2), to: "Images/linked~ipad@2x.png")
            let project = { (name: String) in
                Array(#"<Project><ItemGroup><BundleResource Include="Images\\#(name)" /></ItemGroup></Project>"#.utf8)
            }
            try folder.write(project("ok~ipad@2x.png"), to: "Real.csproj")
            try folder.write(project("linked~ipad@2x.png"), to: "Project.xml")
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/App.csproj", withDestinationPath: "Project.xml")
            untouched = Array("linked~ipad@2x.png".utf8)
        }
        let (plan, outcome) = try FixTests.plan(folder.path)
        let shown = "Images/" + escapedForDisplay(untouched)
        #expect(
            outcome.report.findings.contains { $0.path == shown && $0.ruleID == "misnamed-variant" },
            "\(outcome.report.findings.map { "\($0.ruleID) \($0.path)" })")
        #expect(plan.renames.map { "\($0.from) -> \($0.to)" } == ["Images/ok~ipad@2x.png -> Images/ok@2x~ipad.png"])
        #expect(
            plan.needsPerson.contains { $0.path == shown && $0.message.contains("(not renamed: ") },
            "\(plan.needsPerson.map(\.message))")
        try FixApplier.apply(plan)
        #expect(FileManager.default.fileExists(atPath: images + "ok@2x~ipad.png"))
        var status = stat()
        #expect(Self.withPath(images, untouched) { lstat($0, &status) } == 0, "left as it was")
    }

    /// Creates the file named by the bytes `name` in `folder`, which need not be UTF-8.
    static func writeRaw(_ folder: String, _ name: [UInt8], _ bytes: [UInt8]) throws {
        let descriptor = withPath(folder, name) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    static func withPath<Result>(_ folder: String, _ name: [UInt8], _ body: (UnsafePointer<CChar>) -> Result)
        -> Result
    {
        let path = Array(folder.utf8) + name + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
