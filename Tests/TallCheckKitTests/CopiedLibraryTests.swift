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
}
