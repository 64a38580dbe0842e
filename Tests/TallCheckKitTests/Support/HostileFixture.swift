import Foundation

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// An app tree, written at test time, whose file names hold every character a report format
/// must escape: `%`, `,`, `:`, `<`, `&`, a quote and non-ASCII letters. It has errors (a
/// truncated PNG, a launch image 40 px short), a warning (an @2x three pixels too wide: one finding,
/// though its point size is fractional too) and a note (a -568h variant).
final class HostileFixture {
    static let oddName = #"Images/Déjà 50%, "a:b" <x&y>"#
    static let brokenPath = #"Images/Broken, "50%" <a&b>: ü@2x.png"#

    let directory: TemporaryDirectory
    var root: String { directory.path }

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write(PNGBuilder(width: 100, height: 40).encoded(), to: Self.oddName + ".png")
        try directory.write(PNGBuilder(width: 203, height: 80).encoded(), to: Self.oddName + "@2x.png")
        try directory.write(Array(PNGBuilder(width: 64, height: 64).encoded().prefix(40)), to: Self.brokenPath)
        try directory.write(PNGBuilder(width: 640, height: 1096, colorType: 0).encoded(), to: "Default-568h@2x.png")
        try directory.write(PNGBuilder(width: 320, height: 358, colorType: 0).encoded(), to: "Back.png")
        try directory.write(PNGBuilder(width: 640, height: 716, colorType: 0).encoded(), to: "Back@2x.png")
        try directory.write(PNGBuilder(width: 640, height: 892, colorType: 0).encoded(), to: "Back-568h@2x.png")
    }

    /// The tree linted with the default configuration, or the one given.
    func report(_ configuration: LintConfiguration = LintConfiguration()) throws -> LintReport {
        let scan = try InventoryScanner.scan(ScanOptions(root: root, pathFilter: configuration.pathFilter))
        return Linter(configuration: configuration).lint(scan)
    }
}
