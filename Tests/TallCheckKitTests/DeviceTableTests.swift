import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A device added as ``DeviceCatalog/all`` adds one: a row, here given to the scan from a test
/// target. Every check about the app's devices, and queries by model name, see it.
@Suite("A new device in one row")
struct DeviceTableTests {
    /// A phone larger than any there is: 600×1200 pt at @3x, supported up to iOS `last`.
    static func testPhone(last: Int? = nil) -> DeviceClass {
        DeviceClass(
            models: ["iPhone Test Max"], idiom: .phone, bounds: PointSize(width: 600, height: 1200), scale: 3,
            summary: "iPhone Test Max", lastMajorRelease: last)
    }

    /// A 1x picture 500×1100 px: taller than every phone's screen in points (the largest is
    /// 440×956), so it is always drawn scaled down and `missing-scale` says nothing, until a
    /// phone 1,200 points tall comes.
    static func scan(adding devices: [DeviceClass], deploymentTarget: OSVersion? = nil) throws -> Inventory {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 500, height: 1100).encoded(), to: "Images/Backdrop.png")
        var options = ScanOptions(root: folder.path, deploymentTarget: deploymentTarget)
        options.deviceClasses = DeviceCatalog.all + devices
        return try InventoryScanner.scan(options).inventory
    }

    @Test func aDeviceAddedInOneRowIsCheckedLikeTheOthers() throws {
        let before = try Self.scan(adding: [])
        #expect(Linter(rules: [MissingScale.self]).findings(in: before).isEmpty)

        let after = try Self.scan(adding: [Self.testPhone()])
        let devices = SupportedDevices(after).representatives
        #expect(devices.flatMap(\.classes).map(\.summary).contains("iPhone Test Max"))
        let findings = Linter(rules: [MissingScale.self]).findings(in: after)
        #expect(findings.map(\.path) == ["Images/Backdrop.png"], "\(findings)")
    }

    @Test func itsLastReleaseDecidesWhichDeploymentTargetsReachIt() throws {
        let reached = try Self.scan(adding: [Self.testPhone(last: 17)], deploymentTarget: OSVersion(17, 0))
        #expect(SupportedDevices(reached).representatives.flatMap(\.classes).contains(Self.testPhone(last: 17)))
        let past = try Self.scan(adding: [Self.testPhone(last: 17)], deploymentTarget: OSVersion(18, 0))
        #expect(!SupportedDevices(past).representatives.flatMap(\.classes).contains(Self.testPhone(last: 17)))
        #expect(Linter(rules: [MissingScale.self]).findings(in: past).isEmpty)
    }

    @Test func itIsFoundByModelName() throws {
        let classes = DeviceCatalog.all + [Self.testPhone()]
        let query = try #require(DeviceQuery(model: "iphone test max", in: classes))
        #expect(query.name == "iPhone Test Max" && query.scale == 3 && query.bounds.height == 1200)
        #expect(DeviceQuery(model: "iPhone Test Max") == nil)
    }

    /// The rows that carry a last release are the classes Apple's support lists end.
    @Test func theCatalogsRowsCarryTheirLastRelease() {
        let ended = DeviceCatalog.all.filter { $0.lastMajorRelease != nil }.map {
            "\($0.summary): \($0.lastMajorRelease!)"
        }
        #expect(
            ended == [
                "iPhone 4, 4S; iPod touch 4: 9", "iPhone 5, 5c, 5s, SE (1st); iPod touch 5–7: 15",
                "iPhone 6/6s/7/8 Plus: 16",
            ])
    }

    /// The 4-inch phone's facts (320×568 pt, `-568h@2x`) are the catalog's, not written again by
    /// the resolvers or the report: only rule examples and messages spell them.
    @Test func theFourInchPhoneIsWrittenOnce() throws {
        #expect(DeviceCatalog.tallSuffix == "-568h@2x")
        #expect(DeviceCatalog.fourInch.points == PointSize(width: 320, height: 568))
        let written = try Regex(#"PointSize\(width: 320, height: (480|568)\)|find\([^)]*568h"#)
        var offenders: [String] = []
        for (path, text) in try ReadLimitsTests.sources()
        where !path.hasSuffix("/DeviceCatalog.swift") && !path.contains("/Lint/Rules/") {
            for line in text.split(separator: "\n") where line.contains(written) && !line.contains("///") {
                offenders.append("\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
