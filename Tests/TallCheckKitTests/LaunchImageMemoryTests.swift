import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// `launch-image-memory` on a tree: a launch storyboard whose splash image is too large at @3x.
@Suite struct LaunchImageMemoryTests {
    static func storyboard(_ images: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" launchScreen="YES">
            <scenes>
                <scene sceneID="a1">
                    <objects>
                        <viewController id="b2" sceneMemberID="viewController">
                            <view key="view" id="c3">
                                <subviews>
        \(images.enumerated().map { "                            <imageView id=\"i\($0.offset)\" image=\"\($0.element)\"/>" }.joined(separator: "\n"))
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }

    static func app(splash: [(String, Int)], views: [String]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.example.splash", "MinimumOSVersion": "14.0",
            "UILaunchStoryboardName": "LaunchScreen", "UIDeviceFamily": [1],
        ]
        try folder.write(
            [UInt8](try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)),
            to: "App/Info.plist")
        try folder.write(Array(Self.storyboard(views).utf8), to: "App/Base.lproj/LaunchScreen.storyboard")
        for (name, side) in splash {
            try folder.write(PNGBuilder(width: side, height: side, colorType: 0).encoded(), to: "App/\(name)")
        }
        return folder
    }

    static func findings(_ folder: TemporaryDirectory) throws -> [Finding] {
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        return outcome.report.findings.filter { $0.ruleID == "launch-image-memory" }
    }

    @Test func aSplashOf2732PixelsAt3xIsOverTheLimit() throws {
        let folder = try Self.app(
            splash: [("Splash.png", 911), ("Splash@2x.png", 1822), ("Splash@3x.png", 2732)], views: ["Splash"])
        let findings = try Self.findings(folder)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].severity == .error)
        #expect(findings[0].path == "App/Base.lproj/LaunchScreen.storyboard" && findings[0].line == 9)
        #expect(findings[0].message.contains("29855296 bytes"))
        #expect(findings[0].related == ["App/Splash@3x.png"])
    }

    @Test func imagesOfOneScreenAddUp() throws {
        // Two 1800-pixel images at @3x: 13 MB each, 25.9 MB together.
        let two = try Self.app(splash: [("Top@3x.png", 1800), ("Bottom@3x.png", 1800)], views: ["Top", "Bottom"])
        #expect(try Self.findings(two).count == 1)
        let one = try Self.app(splash: [("Top@3x.png", 1800), ("Bottom@3x.png", 1800)], views: ["Top"])
        #expect(try Self.findings(one).isEmpty)
    }

    @Test func aVectorImageCountedAtItsNaturalSizeMakesTheTotalUncertain() throws {
        let folder = try Self.app(splash: [], views: ["Wordmark"])
        // 2960 × 291 pt: at @3x, 8880 × 873 px, 31 MB if rasterized at its natural size.
        try folder.write(Array(catalogContents([]).utf8), to: "App/Assets.xcassets/Contents.json")
        try folder.write(
            Array(catalogContents([catalogEntry([("idiom", "universal"), ("filename", "Wordmark.pdf")])]).utf8),
            to: "App/Assets.xcassets/Wordmark.imageset/Contents.json")
        try folder.write(
            Array(samplePDF(width: 2960, height: 291).utf8), to: "App/Assets.xcassets/Wordmark.imageset/Wordmark.pdf")
        let findings = try Self.findings(folder)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].severity == .warning)
        #expect(findings[0].message.contains("Uncertain: the total counts vector images"))
    }

    @Test func theLargestSquareThatFitsIsAccepted() throws {
        // 2500 × 2500 × 4 = 25,000,000: at the limit, not over it.
        let folder = try Self.app(splash: [("Splash@3x.png", 2500)], views: ["Splash"])
        #expect(try Self.findings(folder).isEmpty)
    }

    @Test func aLaunchImageOverTheLimitIsAnErrorOnItsFile() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 2600, height: 2600, colorType: 0).encoded(), to: "Default@2x.png")
        let findings = try Self.findings(folder)
        #expect(findings.map(\.path) == ["Default@2x.png"])
        #expect(findings.first?.message.contains("27 MB") == true)
    }

    @Test func aHeaderClaimingBillionsOfPixelsIsNoCrashAndNoFinding() throws {
        let folder = try TemporaryDirectory()
        var huge = PNGBuilder(width: 1, height: 1)
        huge.width = 0x7FFF_FFFF
        huge.height = 0x7FFF_FFFF
        try folder.write(PNGBuilder.encode([huge.ihdr, PNGChunk(type: "IEND", data: [])]), to: "Default.png")
        try folder.write(PNGBuilder.encode([huge.ihdr, PNGChunk(type: "IEND", data: [])]), to: "Art/Poster.png")
        try folder.write(Array("opt_in_rules: [image-weight]\n".utf8), to: ".tallcheck.yml")
        let outcome = try LintSession.run(LintRequest(root: folder.path)) { _ in }
        #expect(!outcome.report.findings.contains { ["launch-image-memory", "image-weight"].contains($0.ruleID) })
        #expect(outcome.report.findings.contains { $0.path == "Art/Poster.png" })
    }
}
