import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Wrong answers seen on real apps (issue 13), each reproduced by a small tree written here.
@Suite("The app as it is built")
struct AppAsBuiltTests {
    /// What `git lfs` leaves in place of an image it has not fetched (git-lfs docs/spec.md).
    static let lfsPointer = Array(
        """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """.utf8)

    @Test func aGitLFSPointerIsNotCheckedOutRatherThanCorrupt() throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.lfsPointer, to: "Images/Hero@2x.png")
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "Images/Button.png")
        let report = Linter().lint(try InventoryScanner.scan(ScanOptions(root: folder.path)))
        let findings = report.findings.filter { $0.path == "Images/Hero@2x.png" }
        #expect(findings.map(\.ruleID) == ["lfs-pointer"])
        #expect(findings.first?.severity == .note)
        #expect(findings.first?.message.contains("git lfs pull") == true)
        #expect(report.exitCode(strict: false) == 0)
        #expect(ImageProbe().probe(fileAtPath: folder.path + "/Images/Hero@2x.png").problem == .lfsPointer)
    }

    static func lint(_ scenario: String) throws -> LintReport {
        Linter().lint(try InventoryScanner.scan(ScanOptions(root: ScenarioTests.repository + "/" + scenario)))
    }

    @Test func catalogFindingsAreGroupedUnderTheirSetNotUnderContentsJSON() throws {
        let text = TextReporter(colored: false).render(try Self.lint("Fixtures/Scenarios/catalog-missing-file"))
        #expect(text.contains("\nstar\n  warning App/Assets.xcassets/star.imageset/Contents.json: "), "\(text)")
        #expect(!text.contains("\nContents.json\n"))
    }

    @Test func theSummaryCountsCatalogImagesToo() throws {
        let report = try Self.lint("Fixtures/Scenarios/catalog-scale-mismatch")
        #expect(JSONReporter().render(report).contains(#""summary":{"images":2,"#))
        #expect(TextReporter(colored: false).render(report).hasSuffix("\n2 images: 0 errors, 1 warning, 0 notes\n"))
    }

    @Test func oneOtherInfoPlistCandidateIsSingular() {
        #expect(
            InfoPlistChoice.found(path: "App/Info.plist", otherCandidates: 1).description.hasSuffix(
                "; 1 other candidate)"))
        #expect(
            InfoPlistChoice.found(path: "App/Info.plist", otherCandidates: 2).description.hasSuffix(
                "; 2 other candidates)"))
    }
    static func lint(_ folder: TemporaryDirectory) throws -> LintReport {
        Linter().lint(try InventoryScanner.scan(ScanOptions(root: folder.path)))
    }

    /// A catalog image set with the given files and Contents.json entries (file name, scale).
    static func writeSet(
        _ folder: TemporaryDirectory, _ set: String, files: [(String, PNGBuilder)], entries: [(String, String)]?
    ) throws {
        for (name, png) in files { try folder.write(png.encoded(), to: "\(set)/\(name)") }
        guard let entries else { return }
        let images = entries.map { #"{"idiom":"universal","filename":"\#($0.0)","scale":"\#($0.1)"}"# }
        try folder.write(
            Array(#"{"images":[\#(images.joined(separator: ","))],"info":{"version":1,"author":"xcode"}}"#.utf8),
            to: "\(set)/Contents.json")
    }

    @Test func aCgBIFileInACatalogIsReportedLikeALooseOne() throws {
        let folder = try TemporaryDirectory()
        var crushed = PNGBuilder(width: 40, height: 40)
        crushed.cgbi = true
        try Self.writeSet(
            folder, "A.xcassets/star.imageset",
            files: [("star.png", PNGBuilder(width: 20, height: 20)), ("star@2x.png", crushed)],
            entries: [("star.png", "1x"), ("star@2x.png", "2x")])
        let findings = try Self.lint(folder).findings
        #expect(findings.map(\.ruleID) == ["image-format"])
        #expect(findings.first?.path == "A.xcassets/star.imageset/star@2x.png")
        #expect(findings.first?.message.contains("CgBI") == true)
    }

    @Test func aSetWithoutContentsJSONIsOneFindingNotOnePerFile() throws {
        let folder = try TemporaryDirectory()
        try Self.writeSet(
            folder, "A.xcassets/star.imageset",
            files: [
                ("star.png", PNGBuilder(width: 20, height: 20)), ("star@2x.png", PNGBuilder(width: 40, height: 40)),
                ("star@3x.png", PNGBuilder(width: 60, height: 60)),
            ], entries: nil)
        let findings = try Self.lint(folder).findings
        #expect(findings.map(\.ruleID) == ["catalog-malformed"])
        #expect(findings.first?.path == "A.xcassets/star.imageset/Contents.json")
        #expect(findings.first?.message.contains("has no Contents.json") == true)
    }

    @Test func aWrongSizedVariantIsOneFindingThatSaysBothFacts() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 44, height: 44).encoded(), to: "Button.png")
        try folder.write(PNGBuilder(width: 128, height: 132).encoded(), to: "Button@3x.png")
        let findings = try Self.lint(folder).findings.filter { $0.path == "Button@3x.png" }
        #expect(findings.map(\.ruleID) == ["scale-mismatch"])
        #expect(findings.first?.message.contains("fractional point size") == true)
    }
    @Test func aWrongCaseTallLaunchImageLeavesTheAppLetterboxedAndFailsLint() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 640, height: 960, colorType: 0).encoded(), to: "Default@2x.png")
        try folder.write(PNGBuilder(width: 640, height: 1136, colorType: 0).encoded(), to: "Default-568H@2x.png")
        let report = try Self.lint(folder)
        #expect(report.findings.contains { $0.ruleID == "tall-launch-image-missing" && $0.severity == .error })
        let misnamed = report.findings.first { $0.path == "Default-568H@2x.png" }
        #expect(misnamed?.ruleID == "misnamed-variant")
        #expect(misnamed?.message.contains("runs letterboxed") == true)
        #expect(report.exitCode(strict: false) == 1)
    }

    @Test func aScaleWithoutItsXIsAMisnamedVariantNotAnotherImage() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 20, height: 20).encoded(), to: "fsarrow.png")
        try folder.write(PNGBuilder(width: 40, height: 40).encoded(), to: "fsarrow@2x.png")
        try folder.write(PNGBuilder(width: 60, height: 60).encoded(), to: "fsarrow@3.png")
        let findings = try Self.lint(folder).findings
        #expect(findings.map(\.ruleID) == ["misnamed-variant"])
        #expect(findings.first?.message.contains("@3 is @3x") == true)
        #expect(findings.first?.message.contains("Rename it to fsarrow@3x.png") == true)
    }
    @Test func localizedLaunchImagesAreLaunchImages() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 640, height: 960, colorType: 0).encoded(), to: "App/en.lproj/Default@2x.png")
        try folder.write(
            PNGBuilder(width: 640, height: 1136, colorType: 0).encoded(), to: "App/en.lproj/Default-568h@2x.png")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(Linter().lint(scan).findings.isEmpty, "no tall-variant note, no letterbox error")
        let launch = ImageResolver(scan.inventory).resolveLaunch(on: try #require(DeviceQuery(model: "iPhone 5")))
        #expect(launch.presentation == .native)
        #expect(launch.file == "App/en.lproj/Default-568h@2x.png")
    }
    /// A catalog set's Contents.json from raw `images` entries.
    static func contents(_ entries: [String]) -> [UInt8] {
        Array(#"{"images":[\#(entries.joined(separator: ","))],"info":{"version":1,"author":"xcode"}}"#.utf8)
    }

    @Test func otherPlatformsLaunchSlotsAreNotCheckedAgainstIOSScreensAndTheReportSaysSo() throws {
        let folder = try TemporaryDirectory()
        let set = "A.xcassets/LaunchImage.launchimage"
        try folder.write(PNGBuilder(width: 640, height: 1136, colorType: 0).encoded(), to: "\(set)/tall.png")
        try folder.write(PNGBuilder(width: 1920, height: 1080, colorType: 0).encoded(), to: "\(set)/tv.png")
        try folder.write(
            Self.contents([
                #"{"idiom":"iphone","subtype":"retina4","filename":"tall.png","extent":"full-screen","orientation":"portrait","scale":"2x"}"#,
                #"{"idiom":"tv","filename":"tv.png","extent":"full-screen","orientation":"landscape","scale":"1x","minimum-system-version":"9.0"}"#,
            ]), to: "\(set)/Contents.json")
        let report = try Self.lint(folder)
        #expect(!report.findings.contains { $0.ruleID == "launch-image-size" })
        #expect(report.app?.preamble.contains { $0.hasPrefix("Not checked: 1 tvOS launch image") } == true)
    }

    @Test func watchSlotsThatDifferOnlyByScreenWidthAreNotDuplicates() throws {
        let folder = try TemporaryDirectory()
        let set = "A.xcassets/face.imageset"
        try folder.write(PNGBuilder(width: 80, height: 80).encoded(), to: "\(set)/small.png")
        try folder.write(PNGBuilder(width: 88, height: 88).encoded(), to: "\(set)/large.png")
        try folder.write(
            Self.contents([
                #"{"idiom":"watch","screen-width":"<=145","filename":"small.png","scale":"2x"}"#,
                #"{"idiom":"watch","screen-width":">161","filename":"large.png","scale":"2x"}"#,
            ]), to: "\(set)/Contents.json")
        #expect(!(try Self.lint(folder)).findings.contains { $0.ruleID == "catalog-duplicate-slot" })
    }

    @Test func aSetOfTheSameNameInAnotherTargetsCatalogIsNotThisApps() throws {
        let project = """
            // !$*UTF8*$!
            { objects = {
              C1 = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = iOS/Assets.xcassets; sourceTree = "<group>"; };
              C2 = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = "Apple TV/Assets.xcassets"; sourceTree = "<group>"; };
              G0 = {isa = PBXGroup; children = (C1, C2, ); sourceTree = "<group>"; };
              B1 = {isa = PBXBuildFile; fileRef = C1; };
              B2 = {isa = PBXBuildFile; fileRef = C2; };
              R1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
              R2 = {isa = PBXResourcesBuildPhase; files = (B2, ); };
              T1 = {isa = PBXNativeTarget; buildPhases = (R1, ); name = App; productType = "com.apple.product-type.application"; };
              T2 = {isa = PBXNativeTarget; buildPhases = (R2, ); name = AppTV; productType = "com.apple.product-type.application"; };
              P1 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2, ); };
            }; rootObject = P1; }
            """
        let folder = try TemporaryDirectory()
        try folder.write(Array(project.utf8), to: "App.xcodeproj/project.pbxproj")
        try folder.write(PNGBuilder(width: 40, height: 40).encoded(), to: "iOS/Assets.xcassets/logo.imageset/logo.png")
        try folder.write(
            Self.contents([#"{"idiom":"universal","filename":"logo.png","scale":"2x"}"#]),
            to: "iOS/Assets.xcassets/logo.imageset/Contents.json")
        try folder.write(
            PNGBuilder(width: 400, height: 240).encoded(), to: "Apple TV/Assets.xcassets/logo.imageset/logo.png")
        try folder.write(
            Self.contents([#"{"idiom":"tv","filename":"logo.png","scale":"1x"}"#]),
            to: "Apple TV/Assets.xcassets/logo.imageset/Contents.json")
        let phone = try #require(DeviceQuery(model: "iPhone 5"))
        let app = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(
            ImageResolver(app.inventory).resolve("logo", on: phone).file == "iOS/Assets.xcassets/logo.imageset/logo.png"
        )
        let tv = try InventoryScanner.scan(ScanOptions(root: folder.path, target: "AppTV"))
        #expect(tv.inventory.catalogSets.map(\.folder) == ["Apple TV/Assets.xcassets/logo.imageset"])
    }

    @Test func zoomedPhoneNotesNameTheLaunchImageSetNotUILaunchImages() throws {
        let folder = try TemporaryDirectory()
        let set = "A.xcassets/LaunchImage.launchimage"
        try folder.write(PNGBuilder(width: 640, height: 960, colorType: 0).encoded(), to: "\(set)/short.png")
        try folder.write(PNGBuilder(width: 640, height: 1136, colorType: 0).encoded(), to: "\(set)/tall.png")
        try folder.write(
            Self.contents([
                #"{"idiom":"iphone","filename":"short.png","extent":"full-screen","orientation":"portrait","scale":"2x"}"#,
                #"{"idiom":"iphone","subtype":"retina4","filename":"tall.png","extent":"full-screen","orientation":"portrait","scale":"2x"}"#,
            ]), to: "\(set)/Contents.json")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path, deploymentTarget: OSVersion(8, 0)))
        let notes = Linter().lint(scan).findings.filter { $0.ruleID == "tall-launch-image-missing" }
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.severity == .note && $0.message.contains(#"launch image set "LaunchImage""#) })
        #expect(!notes.contains { $0.message.contains("UILaunchImages") })
    }
    @Test func aUniversalVectorEntryServesEveryScaleAndIsNoMissingFile() throws {
        let scan = try InventoryScanner.scan(
            ScanOptions(root: ScenarioTests.repository + "/Fixtures/Scenarios/catalog-vectors"))
        let resolver = ImageResolver(scan.inventory)
        for (model, scale) in [("iPhone 3GS", 1), ("iPhone 5", 2), ("iPhone 6 Plus", 3)] {
            let gear = resolver.resolve("gear", on: try #require(DeviceQuery(model: model)))
            #expect(gear.file == "App/Assets.xcassets/gear.imageset/gear.pdf")
            #expect(gear.scale == scale)
            #expect(gear.pointSize == PointSize(width: 24, height: 24))
        }
        #expect(!Linter().lint(scan).findings.contains { $0.ruleID == "catalog-missing-file" })
    }

    @Test func aCatalogLaunchImageHasItsSlotsScaleWhateverItsName() throws {
        let folder = try TemporaryDirectory()
        let set = "A.xcassets/LaunchImage.launchimage"
        try folder.write(PNGBuilder(width: 640, height: 1136, colorType: 0).encoded(), to: "\(set)/tall.png")
        try folder.write(
            Self.contents([
                #"{"idiom":"iphone","subtype":"retina4","filename":"tall.png","extent":"full-screen","orientation":"portrait","scale":"2x"}"#
            ]), to: "\(set)/Contents.json")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        let launch = ImageResolver(scan.inventory).resolveLaunch(on: try #require(DeviceQuery(model: "iPhone 5")))
        #expect(launch.presentation == .native)
        #expect(launch.scale == 2)
        #expect(launch.pointSize == PointSize(width: 320, height: 568))
    }
}
