import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// A kind of input, added in this one file, as `Inventory/Inputs/` adds each: `*.imagenames`
/// files that list image names one a line, which `unused-image` then counts as named (as it
/// counts the names in data files).
struct ImageNamesInput: InputScanner {
    func claims(fileNamed name: String) -> Bool { name.hasSuffix(".imagenames") }

    func scan(_ files: [FoundFile], options: ScanOptions, into facts: inout ScanFacts) throws(ScanError) {
        for file in files {
            guard case .success(let bytes) = readRegularFile(file, limit: 1 << 16) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                facts.dataNames.insert(String(line))
            }
        }
    }
}

@Suite("A new input kind in one file")
struct AddedInputTests {
    @Test func anInputAddedByATestTargetIsWalkedReadAndUsed() throws {
        let folder = try TemporaryDirectory()
        let png = PNGBuilder(width: 40, height: 40, noisy: true)
        try folder.write(png.encoded(), to: "Images/Star@2x.png")
        try folder.write(PNGBuilder(width: 40, height: 40, seed: 7).encoded(), to: "Images/Moon@2x.png")
        try folder.write(Array("Star\n".utf8), to: "Data/shown.imagenames")
        try folder.write(Array("let view = UIView()\n".utf8), to: "App/View.swift")

        func unused(with inputs: [any InputScanner]) throws -> [String] {
            var options = ScanOptions(root: folder.path)
            options.readsCodeNames = true
            options.extraInputs = inputs
            let inventory = try InventoryScanner.scan(options).inventory
            return Linter(rules: [UnusedImage.self]).findings(in: inventory).map(\.path).sorted()
        }
        #expect(try unused(with: []) == ["Images/Moon@2x.png", "Images/Star@2x.png"])
        #expect(try unused(with: [ImageNamesInput()]) == ["Images/Moon@2x.png"])
    }
}

/// The walk asks every claim about every file's name (``SourceTreeWalker``): the inputs compare
/// bytes, and take exactly the names they always took.
@Suite("Which inputs claim a file")
struct InputClaimTests {
    @Test func sourcesAreClaimedByTheirExactExtension() {
        let sources = SourceInput()
        for name in ["A.swift", "a.m", "a.mm", "b.cs", "x.storyboard", "y.xib", "z.h", "p.pch", ".swift", "a.b.swift"] {
            #expect(sources.claims(fileNamed: name), "\(name)")
        }
        for name in [
            "A.SWIFT", "swift", "a.swift.png", "a.", "a.sw", "a.swiftt", "a.mmm", "", "a.m\u{301}", "a.sw\u{0}ift",
        ] {
            #expect(!sources.claims(fileNamed: name), "\(name)")
        }
    }

    @Test func infoPlistsAreClaimedByName() {
        let plists = InfoPlistInput()
        for name in ["Info.plist", "App-Info.plist", "-Info.plist"] {
            #expect(plists.claims(fileNamed: name), "\(name)")
        }
        for name in ["info.plist", "Info.plist.bak", "AppInfo.plist", "Info.plis", "Info.plist\u{301}", ""] {
            #expect(!plists.claims(fileNamed: name), "\(name)")
        }
    }
}
