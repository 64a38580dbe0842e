import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// `app-icon-alpha` reads the App Store icon's pixels: an alpha channel with a transparent pixel
/// is refused (an error); one whose every pixel is opaque is documented as refused yet has
/// shipped for years in real apps (vlc, focus, brave, moonlight in the corpus): a warning.
@Suite("app-icon-alpha: the App Store icon's transparency")
struct AppIconAlphaTests {
    static func lint(storeIconAlpha alpha: UInt8) throws -> [Finding] {
        let folder = try TemporaryDirectory()
        var icon = PNGBuilder(width: 1024, height: 1024, colorType: 6)
        icon.paint = { x, y in (UInt8(x % 256), UInt8(y % 256), 128, x == 512 && y == 512 ? alpha : 255) }
        _ = try folder.write(icon.encoded(), to: "App/Assets.xcassets/AppIcon.appiconset/store.png")
        _ = try folder.write(
            Array(
                #"{ "images" : [ { "filename" : "store.png", "idiom" : "ios-marketing", "scale" : "1x", "size" : "1024x1024" } ] }"#
                    .utf8), to: "App/Assets.xcassets/AppIcon.appiconset/Contents.json")
        _ = try folder.write(Array(#"{ "info" : { "version" : 1 } }"#.utf8), to: "App/Assets.xcassets/Contents.json")
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        return try LintSession.run(request) { _ in }.report.findings.filter { $0.ruleID == "app-icon-alpha" }
    }

    @Test func aStoreIconWithATransparentPixelIsAnError() throws {
        let findings = try Self.lint(storeIconAlpha: 254)
        #expect(findings.map(\.severity) == [.error], "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("transparent pixels") == true)
    }

    /// The icon of a project other than the primary one (each .NET project compiles its own
    /// catalogs) is read too: not taken to be transparent for want of a look.
    @Test func anOpaqueStoreIconOfAnotherProjectIsAWarning() throws {
        let folder = try TemporaryDirectory()
        var icon = PNGBuilder(width: 1024, height: 1024, colorType: 6)
        icon.paint = { x, y in (UInt8(x % 256), UInt8(y % 256), 128, 255) }
        _ = try folder.write(icon.encoded(), to: "B/Assets.xcassets/AppIcon.appiconset/store.png")
        _ = try folder.write(
            Array(
                #"{ "images" : [ { "filename" : "store.png", "idiom" : "ios-marketing", "scale" : "1x", "size" : "1024x1024" } ] }"#
                    .utf8), to: "B/Assets.xcassets/AppIcon.appiconset/Contents.json")
        for app in ["A", "B"] {
            _ = try folder.write(
                Array(
                    """
                    <Project Sdk="Microsoft.NET.Sdk">
                      <PropertyGroup><TargetFramework>net8.0-ios</TargetFramework><OutputType>Exe</OutputType></PropertyGroup>
                    </Project>
                    """.utf8), to: "\(app)/\(app).csproj")
        }
        var request = LintRequest(root: folder.path)
        request.reusesReport = false
        let findings = try LintSession.run(request) { _ in }.report.findings.filter { $0.ruleID == "app-icon-alpha" }
        #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
        #expect(findings.first?.targets == ["B"])
    }

    @Test func anOpaqueStoreIconWithAnAlphaChannelIsAWarning() throws {
        let findings = try Self.lint(storeIconAlpha: 255)
        #expect(findings.map(\.severity) == [.warning], "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("every pixel is opaque") == true)
    }
}
