import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A library copied into the tree by hand (`Vendor/`, `ThirdParty/`) is upstream's to fix, as a
/// pod is: its files get no findings.
@Suite struct CopiedLibraryTests {
    @Test func aCopiedLibrarysFilesGetNoFindings() throws {
        let folder = try TemporaryDirectory()
        // 61 px at @2x: 30.5 pt, a fractional point size wherever it is.
        for path in ["App/Images/close@2x.png", "App/Vendor/TUSafari/close@2x.png", "App/third_party/Kit/close@2x.png"] {
            try folder.write(PNGBuilder(width: 61, height: 61, colorType: 0).encoded(), to: path)
        }
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        let outcome = try LintSession.run(request) { _ in }
        #expect(Set(outcome.report.findings.map(\.path)) == ["App/Images/close@2x.png"])
        #expect(SourceInput.isCopiedLibrary("A/ThirdParty/B/x.png") && !SourceInput.isCopiedLibrary("A/Vendors.png"))
    }

    /// A library copied in with its resource bundle named after its folder
    /// (`SVWebViewController/SVWebViewController.bundle`) is one too, wherever the folder is:
    /// none of its files gets a finding, and a bundle named otherwise is the app's.
    @Test func aFolderWithABundleOfItsNameIsALibrary() throws {
        let folder = try TemporaryDirectory()
        // @2x only, for an app that still runs on 1x iPhones (iOS 6): each file is found
        // (missing-scale), and each has its own size, so that no two are copies.
        for (path, side) in [
            ("App/Images/close@2x.png", 61), ("App/src/SVWeb/SVWeb.bundle/back@2x.png", 63),
            ("App/src/SVWeb/Chrome/chrome@2x.png", 65), ("App/Art.bundle/open@2x.png", 67),
        ] {
            try folder.write(PNGBuilder(width: side, height: side, colorType: 0).encoded(), to: path)
        }
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        request.settings.deploymentTarget = OSVersion(6, 0)
        let outcome = try LintSession.run(request) { _ in }
        #expect(Set(outcome.report.findings.map(\.path)) == ["App/Images/close@2x.png", "App/Art.bundle/open@2x.png"])
        #expect(
            Linter.bundledLibraryFolders(["A/SVWeb/SVWeb.bundle/x.png", "B/Kit.bundle/y.png", "C/.bundle/z.png", "D/D.bundle"])
                == ["A/SVWeb/"])
    }
}
