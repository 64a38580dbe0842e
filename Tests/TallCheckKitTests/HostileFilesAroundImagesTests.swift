import Foundation
import Testing

@testable import TallCheckKit

/// The files around the images, made hostile (issue 14): each case crashed, hung, read without
/// a bound or left the tree before.
@Suite("Hostile files around the images")
struct HostileFilesAroundImagesTests {
    static func lint(_ folder: TemporaryDirectory, follows: Bool = false) throws -> LintOutcome {
        try LintSession.run(LintRequest(root: folder.path, followsSymbolicLinks: follows)) { _ in }
    }

    /// How long `work` took, in seconds.
    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func deepXMLPlist(_ depth: Int) -> [UInt8] {
        Array(
            (#"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key>"#
                + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
                + "</dict></plist>").utf8)
    }

    /// A binary plist whose top dictionary holds an array that holds the next one twice, `levels`
    /// times: a few hundred bytes that expand to 2^levels values.
    static func sharedObjectPlist(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0xD1, 1, 2], [0x51, UInt8(ascii: "a")]]
        for level in 0..<levels { objects.append([0xA2, UInt8(3 + level), UInt8(3 + level)]) }
        objects.append([0xA0])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func be64(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 1] + be64(objects.count) + be64(0) + be64(table)
        return bytes
    }

    @Test func aDeeplyNestedXMLInfoPlistIsRefusedNotACrash() throws {
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        try folder.write(Self.deepXMLPlist(10_000), to: "Sub/Info.plist")
        let scan = try InventoryScanner.scan(ScanOptions(root: folder.path))
        #expect(scan.issues.contains { $0.message.contains("nested more than 64 levels deep") })
        #expect(throws: (any Error).self) {
            try AppInfo(contentsOfFile: folder.path + "/Sub/Info.plist", reportedPath: "Sub/Info.plist")
        }
    }

    @Test func aBinaryPlistOfSharedObjectsIsRefusedQuickly() throws {
        let bytes = Self.sharedObjectPlist(levels: 60)
        #expect(bytes.count < 700)
        let elapsed = Self.seconds {
            #expect(throws: PropertyListReader.Failure.self) { try PropertyListReader.dictionary(from: Data(bytes)) }
        }
        print("shared-object plist of \(bytes.count) bytes refused in \(elapsed) s")
        #expect(elapsed < 1)
        // A few levels are fine: 2^5 values.
        #expect((try? PropertyListReader.dictionary(from: Data(Self.sharedObjectPlist(levels: 5)))) != nil)
    }

    @Test func aBinaryPlistThatContainsItselfIsRefused() {
        var bytes = Self.sharedObjectPlist(levels: 2)
        // Make the last array refer back to the first: a cycle.
        let lastArray = 8 + 3 + 2 + 3 + 3
        bytes[lastArray] = 0xA1
        bytes.insert(2, at: lastArray + 1)
        #expect(throws: PropertyListPrecheck.Refusal.self) {
            try PropertyListPrecheck.check(bytes, maxDepth: 64, maxValues: 100_000)
        }
    }

    @Test(arguments: [
        "included: " + String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000),
        "a: " + String(repeating: "{a: ", count: 100_000) + String(repeating: "}", count: 100_000),
        (0..<1_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined(),
        String(repeating: "- ", count: 500) + "x\n",
        "a: &a [x, x]\n" + (0..<100).map { "b\($0): [*a, *a]\n" }.joined(),
    ])
    func aDeeplyNestedOrAliasHeavyConfigIsRefusedNotACrash(_ yaml: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(Array(yaml.utf8), to: ".tallcheck.yml")
        let elapsed = try Self.seconds {
            #expect(throws: LintFailure.self) { try Self.lint(folder) }
        }
        #expect(elapsed < 1)
        #expect(YAMLPrecheck.refusal(yaml) != nil)
    }

    @Test func anOrdinaryConfigPassesThePrecheck() {
        let yaml = """
            # comment with [ brackets { and * stars
            included:
              - "Images/**"
              - 'Art/*.png'
            excluded: [Pods, "Vendor/**"]
            severity: {missing-scale: error}
            disabled_rules:
              - tall-variant
            """
        #expect(YAMLPrecheck.refusal(yaml) == nil)
    }

    @Test func aConfigLinkingOutOfTheTreeIsNotFollowedUnlessAsked() throws {
        let outside = try TemporaryDirectory()
        try outside.write(Array("excluded: [\"**\"]\n".utf8), to: "shared.yml")
        let folder = try TemporaryDirectory()
        try folder.write(PNGBuilder(width: 10, height: 10).encoded(), to: "a.png")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/.tallcheck.yml", withDestinationPath: outside.path + "/shared.yml")
        #expect {
            try Self.lint(folder)
        } throws: { error in
            "\(error)".contains("a symbolic link out of the scanned folder")
        }
        #expect(try Self.lint(folder, follows: true).report.imageCount == 0, "followed when asked: it excludes all")
    }

    @Test func globsWithManyDoubleStarsMatchInLinearTime() throws {
        let path = (0..<30).map { _ in Substring("d") } + ["b.png"]
        let elapsed = Self.seconds {
            for stars in [6, 7, 12] {
                let pattern = Array(repeating: "**", count: stars).joined(separator: "/") + "/b.png"
                #expect(PathFilter.matches(pattern: pattern, path))
                #expect(!PathFilter.matches(pattern: pattern + "/x", path))
            }
        }
        #expect(elapsed < 1)
        #expect(PathFilter.matches(pattern: "d/**/b.png", path))
        #expect(PathFilter.matches(pattern: "d", path), "a folder pattern matches what is inside")
        #expect(!PathFilter.matches(pattern: "e/**", path))
        #expect(PathFilter.matches(pattern: "**", path))
    }
}
