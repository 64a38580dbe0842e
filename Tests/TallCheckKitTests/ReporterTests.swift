import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

@Suite("Lint reporters")
struct ReporterTests {
    static let report: LintReport = {
        let example = RuleExample([.image("Images/avatar.png", 50, 50), .image("Images/avatar@2x.png", 98, 98)])
        return LintReport(
            root: "/src/App", inventory: example.inventory, findings: Linter().findings(in: example.inventory))
    }()

    @Test func jsonHasTheDocumentedShape() {
        let json = JSONReporter().render(Self.report)
        #expect(
            json == #"{"tool":{"name":"tallcheck","version":"\#(TallCheckVersion.current)"},"#
                + #""summary":{"images":2,"errors":0,"warnings":1,"notes":0,"imageBytes":null,"savedBytes":{}},"#
                + #""diagnostics":[{"rule":"scale-mismatch","#
                + #""severity":"warning","path":"Images/avatar@2x.png","message":"avatar@2x.png is 98×98 px, 49×49 pt at @2x, "#
                + #"but avatar.png is 50×50 pt: @2x must be exactly 100×100 px. Resize it to 100×100 px.","#
                + #""related":["Images/avatar.png"]}]}"# + "\n")
    }

    @Test func xcodeLinesCarryTheAbsolutePathSeverityAndRule() {
        #expect(
            XcodeReporter().render(Self.report)
                == "/src/App/Images/avatar@2x.png: warning: avatar@2x.png is 98×98 px, 49×49 pt at @2x, but avatar.png is "
                + "50×50 pt: @2x must be exactly 100×100 px. Resize it to 100×100 px. (scale-mismatch)\n")
    }

    @Test func textGroupsByAssetAndColoursOnlyWhenAsked() {
        let plain = TextReporter(colored: false, preamble: ["Info.plist: none"]).render(Self.report)
        #expect(plain.hasPrefix("Info.plist: none\n\navatar\n  warning Images/avatar@2x.png: "))
        #expect(plain.hasSuffix("\n2 images: 0 errors, 1 warning, 0 notes\n"))
        #expect(!plain.contains("\u{1B}["))
        #expect(TextReporter(colored: true).render(Self.report).contains("\u{1B}[33mwarning\u{1B}[0m"))
    }

    @Test func exitCodeCountsErrorsAndWithStrictWarnings() {
        #expect(Self.report.exitCode(strict: false) == 0)
        #expect(Self.report.exitCode(strict: true) == 1)
    }
}

@Suite("Info.plist")
struct AppInfoTests {
    @Test func deviceSpecificKeysOverrideTheGenericOnes() {
        let info = AppInfo(
            dictionary: [
                "UILaunchImageFile": "Splash.png", "UILaunchImageFile~ipad": "PadSplash",
                "UILaunchStoryboardName-iphoneos~ipad": "PadLaunch", "UIDeviceFamily": [1, "2"],
                "MinimumOSVersion": "6.1", "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon-60"]]],
                "UILaunchImages": [
                    [
                        "UILaunchImageName": "L-568h", "UILaunchImageSize": "{320, 568}",
                        "UILaunchImageOrientation": "Landscape",
                    ],
                    ["UILaunchImageName": "broken"],
                ],
            ], path: "Info.plist")
        #expect(info.launchImageFile == [.phone: "Splash", .pad: "PadSplash"])
        #expect(info.launchStoryboardName == [.pad: "PadLaunch"])
        #expect(info.deviceFamilies == [.phone, .pad])
        #expect(info.minimumOSVersion == OSVersion(6, 1))
        #expect(info.iconFiles == ["Icon-60"])
        #expect(
            info.launchImages[.phone]
                == [LaunchImageEntry(name: "L-568h", size: PointSize(width: 320, height: 568), orientation: .landscape)]
        )
    }

    @Test(arguments: [("7.0", "7.0.0", 0), ("6.1", "7", -1), ("10.0", "9.3.5", 1), ("12", "12.0", 0)])
    func versionsCompareNumerically(lhs: String, rhs: String, order: Int) throws {
        let left = try #require(OSVersion(lhs))
        let right = try #require(OSVersion(rhs))
        #expect((left < right ? -1 : left == right ? 0 : 1) == order)
    }

    @Test func sizesNoScreenHasAreRefusedSoPixelArithmeticCannotOverflow() {
        #expect(AppInfo.parsePointSize("{320, 568}") == PointSize(width: 320, height: 568))
        #expect(AppInfo.parsePointSize("{1e300, 568}") == nil)
        #expect(AppInfo.parsePointSize(fromDimensions: "1024333333333333333333333x1024") == nil)
        #expect(PointSize(width: 1e300, height: 1).pixels(atScale: 3).width == 1_000_000_000_000_000)
    }

    @Test(arguments: ["", "abc", "7.x", "1.2.3.4", "-1"])
    func malformedVersionsAreRejected(_ text: String) {
        #expect(OSVersion(text) == nil)
    }
}
