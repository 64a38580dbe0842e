import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Inputs the fuzz targets (`Scripts/fuzz`) once crashed on, or that pin an edge they found,
/// kept in `Fuzz/regressions/TARGET/` and replayed here with the same checks.
enum FuzzRegressions {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/regressions").path

    static func inputs(_ target: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + target)) ?? []
        return files.filter { !$0.hasPrefix(".") }.sorted().map { target + "/" + $0 }
    }

    static func bytes(_ input: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + input)))
    }
}

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(arguments: FuzzRegressions.inputs("png-header") + FuzzRegressions.inputs("png-verify"))
    func imageProbeAnswers(_ input: String) throws {
        for depth in [ProbeDepth.header, .verify] {
            let facts = ImageProbe(depth: depth).probe(fileAtPath: FuzzRegressions.folder + "/" + input)
            if let size = facts.pixelSize, facts.isValid, facts.format == .png {
                #expect(size.width > 0 && size.height > 0)
                #expect(max(size.width, size.height) <= ProbeLimits.standard.maxSide)
            }
        }
    }

    /// The content pass's readers, as the png-content target checks them: one digest however
    /// often a file is read, and image data no larger than the file.
    @Test(arguments: FuzzRegressions.inputs("png-content"))
    func pngContentAnswers(_ input: String) throws {
        let fd = open(FuzzRegressions.folder + "/" + input, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let reader = PNGContent()
        let first = reader.pixelDigest(ofOpenFile: fd)
        lseek(fd, 0, SEEK_SET)
        let second = reader.pixelDigest(ofOpenFile: fd)
        #expect((try? first.get()) == (try? second.get()))
        let bytes = try FuzzRegressions.bytes(input)
        lseek(fd, 0, SEEK_SET)
        let whole = PNGContent.byteDigest(ofOpenFile: fd, length: bytes.count)
        #expect((try? whole.get()) == bytes.withUnsafeBytes { PNGContent.digest(of: $0) })
        lseek(fd, 0, SEEK_SET)
        #expect((try? PNGContent.byteDigest(ofOpenFile: fd, length: bytes.count - 1).get()) == nil)
        lseek(fd, 0, SEEK_SET)
        if case .success(let sizes) = reader.recompression(ofOpenFile: fd) {
            #expect(sizes.stored <= bytes.count)
        }
    }

    @Test(arguments: FuzzRegressions.inputs("image-name"))
    func imageNameKeepsItsProperties(_ input: String) throws {
        let fileName = String(decoding: try FuzzRegressions.bytes(input), as: UTF8.self)
        let name = ImageName(fileName: fileName)
        #expect(name.fileName == fileName)
        let canonical = ImageName(fileName: name.canonicalFileName)
        #expect(canonical.canonicalFileName == name.canonicalFileName)
        #expect(canonical.scale == name.scale && canonical.device == name.device)
        #expect(canonical.isInMatchingOrder || name.canonicalFileName == fileName)
        for scale in 1...3 {
            #expect(name.withScale(scale).scale == scale)
        }
    }

    @Test(arguments: FuzzRegressions.inputs("info-plist"))
    func infoPlistReadingAnswers(_ input: String) throws {
        _ = try? AppInfo(data: Data(try FuzzRegressions.bytes(input)), reportedPath: "Info.plist")
    }

    @Test(arguments: FuzzRegressions.inputs("contents-json"))
    func contentsJSONReadingAnswers(_ input: String) throws {
        if case .success(let contents) = AssetCatalogReader.decodeContents(try FuzzRegressions.bytes(input)) {
            let set = CatalogSet(folder: "A.xcassets/x.imageset", entries: contents.images ?? [])
            #expect(set.entries.allSatisfy { set.file(for: $0) != .present("") })
            // The fuzzer's find: an icon size of 1024333…x1024 overflowed pixel arithmetic.
            for entry in set.entries {
                if let pixels = AppIconSize.pixelSize(of: entry) {
                    #expect(pixels.width <= Int(PointSize.largestPlausible) * 3)
                }
            }
        }
    }
}

extension FuzzRegressionTests {
    /// Every reference scanner over each input, as `Scripts/fuzz sources` runs them, and the
    /// input as a `.csproj` too (it goes through the same XML parser).
    @Test(arguments: FuzzRegressions.inputs("sources"))
    func sourceScannersAnswer(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        let lines =
            zip(bytes, bytes.dropFirst() + [0]).filter { byte, next in
                byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n"))
            }.count + 1
        let snippets = SwiftReferenceScanner.references(in: bytes, path: "f.swift")
        // swift-syntax is exponential in unclosed `[` after a name, and slow in hundreds of
        // unclosed `(` (issue 33's C# shapes): lints never parse whole files.
        let brackets = bytes.count { $0 == UInt8(ascii: "[") }
        let parsesWhole = brackets <= 12 && bytes.count { $0 == UInt8(ascii: "(") } <= 64
        let whole =
            parsesWhole ? SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "f.swift") : snippets
        if parsesWhole, !SwiftReferenceScanner.hasSyntaxErrors(bytes), !bytes.containsBytes(Array("<#".utf8)),
            !SwiftReferenceScanner.hasRegexLiterals(bytes)
        {
            #expect(snippets.map { [$0.line, $0.column] } == whole.map { [$0.line, $0.column] })
        }
        var references = snippets + whole
        references += ObjectiveCReferenceScanner.references(in: bytes, path: "f.m")
        references += CSharpReferenceScanner().references(in: bytes, path: "f.cs")
        references += (try? InterfaceBuilderReferenceScanner.references(in: bytes, path: "f.xib")) ?? []
        let xaml = XAMLReferenceScanner.references(in: bytes, path: "f.xaml")
        #expect(xaml.allSatisfy { $0.keepsOnly && $0.literalName?.isEmpty == false })
        references += xaml
        let narrowed = AvailabilityBranches.apply(to: references, in: bytes)
        #expect(narrowed.map(\.line) == references.map(\.line))
        _ = try? MSBuildProject(data: bytes, path: "f.csproj")
        for reference in references {
            #expect(reference.line >= 1 && reference.line <= lines && reference.column >= 1)
        }
        let codeNames =
            SwiftCodeNames.names(in: bytes)
            + CodeName.names(
                in: SourceTokenizer.tokens(bytes, dialect: .objectiveC, keepsIdentifiers: false), dialect: .objectiveC)
        #expect(codeNames.allSatisfy { $0.line >= 1 && $0.line <= lines })
        for swift in [true, false] {
            let outlets = OutletFacts.code(in: bytes, swift: swift)
            #expect(outlets.assignments.count <= OutletFacts.maxAssignments)
            #expect(outlets.nameReturns.allSatisfy { $0.names.count <= OutletFacts.maxNames })
            #expect(outlets.assignments.allSatisfy { $0.line >= 1 && $0.line <= lines })
            #expect(outlets.imageViews.count <= CodeImageViews.maxSites)
        }
        if let scanned = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "f.xib") {
            #expect(scanned.outlets.imageViews.allSatisfy { $0.lines.allSatisfy { $0 >= 1 && $0 <= lines } })
        }
        #expect(
            SwiftPackage(manifest: bytes, path: "P/Package.swift").targets.allSatisfy {
                $0.folder.hasPrefix("P/") && !$0.folder.split(separator: "/").contains("..")
            })
    }
}

extension FuzzRegressionTests {
    /// `Scripts/fuzz lines`' check: through a pipe with a 16-byte cap, the lines are the input
    /// split at newlines, each over the cap reported once as too long.
    @Test(arguments: FuzzRegressions.inputs("lines"))
    func lineReaderSplitsAsTheInputSays(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        let cap = 16
        var expected = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.count > cap ? LineReader.Line.tooLong : .text(Array($0))
        }
        if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { expected.removeLast() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        var reader = LineReader(descriptor: fds[0], maxLineBytes: cap)
        var lines: [LineReader.Line] = []
        while let line = reader.next() { lines.append(line) }
        close(fds[0])
        #expect(lines == expected)
    }
}

extension FuzzRegressionTests {
    /// The tree the project inputs are read against, as `Scripts/fuzz pbxproj` and `csproj` read them.
    static let projectImages = [
        "App/Art/b@2x.png", "App/Art/d/c.png", "App/Resources/a.png", "App/Resources/Icons/i@3x.png", "App/a.png",
        "Art/e.png",
    ]

    /// What a project places: only files of the tree, each placement at its bundle path.
    private func expectPlacedInTree(_ model: BundleModel) {
        #expect(model.placements.keys.allSatisfy(Self.projectImages.contains))
        for (bundlePath, treePaths) in model.filesAtBundlePath {
            #expect(treePaths.allSatisfy { model.placements[$0]?.contains { $0.bundlePath == bundlePath } == true })
        }
    }

    @Test(arguments: FuzzRegressions.inputs("pbxproj"))
    func xcodeProjectsAnswer(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        let project = try XcodeProject(data: bytes, path: "App.xcodeproj/project.pbxproj")
        let sources = ImagesByFolder(["App/A.swift", "App/B.m"])
        for target in project.nativeTargets.prefix(8) {
            #expect((1...8).contains(project.projectTargets(target, sourcePaths: sources).count))
            var model = BundleModel(source: .assumed)
            project.place(target: target, images: Self.projectImages, into: &model)
            expectPlacedInTree(model)
            // Issue 33: a folder listed thousands of times is placed as if listed once.
            #expect(model.placements.values.allSatisfy { $0.count == 1 })
        }
    }

    @Test(arguments: FuzzRegressions.inputs("csproj"))
    func msbuildProjectsAnswer(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        guard let project = try? MSBuildProject(data: bytes, path: "App/App.csproj") else {
            // Only an element of too many attributes is refused among these inputs.
            #expect(XMLPrecheck.refusal(bytes) != nil)
            return
        }
        _ = project.target(sourcePaths: ["App/C.cs"])
        var model = BundleModel(source: .assumed)
        project.place(images: Self.projectImages, into: &model)
        expectPlacedInTree(model)
    }

    @Test(arguments: FuzzRegressions.inputs("ib"))
    func interfaceBuilderFilesAnswer(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        guard let scanned = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "A.storyboard") else {
            #expect(XMLPrecheck.refusal(bytes) != nil)
            return
        }
        #expect(scanned.references.allSatisfy { $0.line >= 1 && $0.line <= lines })
        #expect(
            scanned.references.allSatisfy { $0.shownName.utf8.count <= InterfaceBuilderReferenceScanner.maxNameBytes })
    }

    @Test(arguments: FuzzRegressions.inputs("car"))
    func compiledCatalogsAnswer(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        if let catalog = try? CompiledCatalog(bytes: bytes) {
            #expect(catalog.renditions.count <= CompiledCatalog.maxTreeEntries)
        }
    }
}

extension FuzzRegressionTests {
    /// The fix-plan target's inputs: a project file put into a copy of Fixtures/FixApp and
    /// planned with every fix; the edited project must name no file the plan renames or
    /// deletes, and a renamed file's new name where it named the old.
    @Test(arguments: FuzzRegressions.inputs("fix-plan"))
    func fixPlansFollowTheirProjects(_ input: String) throws {
        let bytes = try FuzzRegressions.bytes(input)
        let isMSBuild = bytes.firstRange(of: Array("<Project".utf8)) != nil
        let folder = try FixTests.copy(isMSBuild ? "Xamarin" : "Xcode")
        let projectPath = isMSBuild ? "XamarinApp.csproj" : "FixApp.xcodeproj/project.pbxproj"
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/" + projectPath))
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.optInRules = ["unused-image"]
        let outcome = try LintSession.run(request) { _ in }
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        let named: ([UInt8]) -> Set<String>? = { text in
            isMSBuild
                ? (try? MSBuildText(text, projectPath: projectPath)).map { Set($0.named.keys) }
                : (try? XcodeProject(data: text, path: projectPath)).map { Set($0.elementPaths().compactMap(\.path)) }
        }
        guard let before = named(bytes) else { return }
        let after = try #require(named(plan.changes.first { $0.path == projectPath }?.after ?? bytes))
        #expect(after.isDisjoint(with: Set(plan.deletions).union(plan.renames.map(\.from))))
        for rename in plan.renames where before.contains(rename.from) { #expect(after.contains(rename.to)) }
    }
}
