import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// Every bound on what a run reads is a named value of ``ReadLimits``, the same in a folder and
/// in an archive.
@Suite("One table of read limits")
struct ReadLimitsTests {
    /// Each Swift file under `Sources/`, by path from the repository, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let root = ReadmeLayoutTests.repository + "/Sources"
        let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: root) as [String]?)
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("Sources/" + $0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8))
        }
    }

    /// Byte sizes that are not limits on what is read: buffers and hints.
    static let notLimits = [
        "static let bufferSize = 64 * 1024",
        "let capacity = 64 * 1024",
        "static let window = 64 << 10",
        // A file read in pieces reads this much at a time.
        "pieceBytes: Int = 64 << 10",
        "reserveCapacity(min(count, 1 << 20))",
        // The zip directory's window reads ahead this much at a time.
        "static let readAhead = 1 << 20",
        // A Swift file's facts follow at most 1 MiB of function bodies: the scanner's own heuristic.
        "static let bodyBudget = 1 << 20",
    ]

    @Test func noByteSizeIsWrittenOutsideTheTable() throws {
        let size = try Regex(#"\d\s*<<\s*(10|20|30)\b|\d\s*\*\s*1024\b|(readRegularFile|read)\(.*limit:\s*\d"#)
        var offenders: [String] = []
        let files = try Self.sources()
        #expect(files.count > 100)
        for (path, text) in files where !path.hasSuffix("/ReadLimits.swift") {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), line.contains(size) else { continue }
                if Self.notLimits.contains(where: { code.contains($0) }) { continue }
                offenders.append("\(path):\(number + 1): \(code)")
            }
        }
        #expect(offenders.isEmpty, "byte sizes written outside ReadLimits.swift:\n\(offenders.joined(separator: "\n"))")
    }

    @Test func theTableIsWhatTheReadersUse() {
        let limits = ReadLimits.standard
        #expect(InfoPlistInput.maxPropertyListBytes == limits.propertyListBytes)
        #expect(SourceInput.maxBytes == limits.sourceBytes)
        #expect(SourceInput.largeFileBytes == limits.sourceScannedAloneBytes)
        #expect(ProjectInput.maxBytes == limits.projectBytes)
        #expect(ScanCache.maxBytes == limits.cacheBytes)
        #expect(Linter.maxFindingsPerRule == limits.findingsPerRule)
        #expect(ProbeLimits.standard == limits.probe)
        #expect(ImageProbe().limits == limits.probe)
        // One nesting depth for every text a parser that recurses reads.
        #expect(
            [XcodeProject.maxDepth, MSBuildProject.maxDepth, PropertyListReader.maxDepth, YAMLPrecheck.maxDepth]
                == Array(repeating: limits.nestingDepth, count: 4))
    }

    /// An Info.plist larger than 8 MiB: a folder read it and an `.ipa` refused it before the
    /// limits were one table.
    @Test func anInfoPlistAFolderReadsAnArchiveReadsToo() throws {
        // 7 MiB that deflate cannot shrink much (a run of one byte would look like a bomb).
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(7 << 17)).map { _ in generator.next() as UInt64 }
        let padding = words.withUnsafeBytes { Data($0) }.base64EncodedString()
        let plist = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.large</string>
            <key>MinimumOSVersion</key><string>12.0</string>
            <key>Padding</key><string>\(padding)</string>
            </dict></plist>
            """.utf8)
        #expect(plist.count > 8 << 20 && plist.count < ReadLimits.standard.propertyListBytes)
        let folder = try TemporaryDirectory()
        let png = PNGBuilder(width: 4, height: 4).encoded()
        try folder.write(plist, to: "Tree/Info.plist")
        try folder.write(png, to: "Tree/Icon.png")
        let tree = try InventoryScanner.scan(ScanOptions(root: folder.path + "/Tree"))
        #expect(tree.inventory.info?.minimumOSVersion == OSVersion(12, 0))

        let ipa = try ArchiveContentTests.ipa(
            [("Payload/A.app/Info.plist", plist), ("Payload/A.app/Icon.png", png)], in: folder)
        let archive = try AppArchive.scan(ScanOptions(root: ipa))
        #expect(archive.inventory.info?.minimumOSVersion == OSVersion(12, 0), "\(archive.issues)")

        // The archive honours the limits it is given, and says which file it did not read.
        var small = ReadLimits.standard
        small.propertyListBytes = 1 << 20
        let refused = try AppArchive.scan(ScanOptions(root: ipa), limits: small)
        #expect(refused.inventory.info == nil)
        #expect(refused.issues.contains { $0.path == "Payload/A.app/Info.plist" }, "\(refused.issues)")
    }
}
