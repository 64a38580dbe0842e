import Foundation
import Testing

@testable import TallCheckKit

/// Linting a built `.app` folder: files ship where they are, PNGs are CgBI, the Info.plist is
/// binary, and what cannot be read yet (Assets.car, compiled storyboards) is said.
@Suite struct BuiltAppTests {
    static func app() throws -> (TemporaryDirectory, String) {
        let folder = try TemporaryDirectory()
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.example.demo", "CFBundleExecutable": "Demo", "MinimumOSVersion": "6.0",
            "UIDeviceFamily": [1], "UILaunchStoryboardName": "LaunchScreen",
        ]
        try folder.write(
            [UInt8](try PropertyListSerialization.data(fromPropertyList: info, format: .binary, options: 0)),
            to: "Demo.app/Info.plist")
        let cgbi = { (width: Int, height: Int) in PNGBuilder(width: width, height: height, cgbi: true).encoded() }
        try folder.write(cgbi(320, 480), to: "Demo.app/Default.png")
        try folder.write(cgbi(640, 960), to: "Demo.app/Default@2x.png")
        // Xcode checks none of this: 40 pixels short of a 4-inch screen.
        try folder.write(cgbi(640, 1096), to: "Demo.app/Default-568h@2x.png")
        try folder.write(cgbi(30, 30), to: "Demo.app/Levels/map.png")
        try folder.write(cgbi(60, 60), to: "Demo.app/Levels/map@2x.png")
        try folder.write(Array("BOMStore".utf8), to: "Demo.app/Assets.car")
        try folder.write(Array("nib".utf8), to: "Demo.app/LaunchScreen.storyboardc/Info.plist")
        return (folder, folder.path + "/Demo.app")
    }

    @Test func aBuiltAppIsLintedAsItShips() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        #expect(scan.inventory.bundle.source == .builtApp)
        #expect(scan.inventory.allImages.allSatisfy { $0.facts.png?.isCgBI == true && $0.facts.isValid })
        #expect(scan.inventory.deploymentTarget == OSVersion(6, 0))
        let findings = Linter().findings(in: scan.inventory)
        #expect(findings.contains { $0.ruleID == "launch-image-size" && $0.path == "Default-568h@2x.png" })
        // What is not read yet is said, by name.
        #expect(scan.issues.contains { $0.path == "Assets.car" && $0.message.contains("lint does not check them yet") })
        #expect(scan.issues.contains { $0.path == "LaunchScreen.storyboardc" })
    }

    @Test func imagesAreFoundAtTheirPathsInTheBundleOnly() throws {
        let (folder, app) = try Self.app()
        _ = folder
        let scan = try InventoryScanner.scan(ScanOptions(root: app))
        let resolver = ImageResolver(scan.inventory)
        let phone = try #require(DeviceQuery(model: "iPhone 5"))
        #expect(resolver.resolve("Levels/map", on: phone).file == "Levels/map@2x.png")
        // In a built app nothing is copied flat: the bare name finds nothing.
        #expect(resolver.resolve("map", on: phone).file == nil)
    }
}
