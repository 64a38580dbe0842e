import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// The lint scenarios under `Fixtures/Scenarios`: small app trees, each with the findings its
/// story implies and no others. This list is their only source; `Scripts/make-fixtures` writes
/// the files from it.
struct Scenario: Sendable, CustomTestStringConvertible {
    struct Expected: Hashable, Sendable, CustomStringConvertible {
        var rule: String
        var severity: Severity
        var path: String
        /// For findings about code: the line.
        var line: Int? = nil
        /// The targets it holds for, in a project with targets; nil where the scenario has none.
        var targets: [String]? = nil
        /// The build configurations it holds in, when not every one (compared with the targets).
        var configurations: [String]? = nil

        var description: String {
            "\(severity.rawValue) \(rule) \(path)\(line.map { ":\($0)" } ?? "")"
                + (targets.map { " [\($0.joined(separator: ", "))]" } ?? "")
                + (configurations.map { " (\($0.joined(separator: ", ")) only)" } ?? "")
        }
    }

    var name: String
    /// Image files: path and pixel size (PNG unless said otherwise).
    var images: [(path: String, width: Int, height: Int)]
    /// The Info.plist, as XML text (binary when `binaryPlist`), written at `Info.plist`.
    var infoPlist: [String: PlistValue]?
    var binaryPlist = false
    /// Text files, such as asset catalog Contents.json: path and contents.
    var texts: [(path: String, text: String)] = []
    /// Images written with an alpha channel (the rest are grey, without one).
    var withAlpha: Set<String> = []
    /// Images written as Apple CgBI PNGs.
    var cgbi: Set<String> = []
    /// Vector images (PDF, SVG): path and text. They count as images.
    var vectors: [(path: String, text: String)] = []
    /// Other binary files (JPEGs): path, bytes, and whether the probe counts it as an image.
    var binaries: [(path: String, bytes: [UInt8])] = []
    /// Images in folders TallCheck does not read (a tvOS `.brandassets`): not counted.
    var uncheckedImages = 0
    var expected: [Expected]

    var testDescription: String { name }
    var folder: String { "Fixtures/Scenarios/\(name)" }

    /// Property-list values that stay Sendable.
    enum PlistValue: Sendable {
        case string(String)
        case int(Int)
        case array([PlistValue])
        case dictionary([String: PlistValue])

        var object: Any {
            switch self {
            case .string(let value): value
            case .int(let value): value
            case .array(let values): values.map(\.object)
            case .dictionary(let values): values.mapValues(\.object)
            }
        }
    }

    /// The files to write: relative path and bytes.
    func files() throws -> [(path: String, bytes: [UInt8])] {
        var files = images.map {
            var png = PNGBuilder(width: $0.width, height: $0.height, colorType: withAlpha.contains($0.path) ? 6 : 0)
            png.cgbi = cgbi.contains($0.path)
            // Each file its own pixels: no scenario is about duplicates unless it says so.
            png.seed = $0.path.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
            return ($0.path, png.encoded())
        }
        files += (texts + vectors).map { ($0.path, Array($0.text.utf8)) }
        files += binaries.map { ($0.path, $0.bytes) }
        if let infoPlist {
            let data = try PropertyListSerialization.data(
                fromPropertyList: infoPlist.mapValues(\.object), format: binaryPlist ? .binary : .xml, options: 0)
            files.append(("Info.plist", [UInt8](data)))
        }
        return files
    }
}

private func launchEntry(_ name: String, _ size: String, minimumOS: String) -> Scenario.PlistValue {
    .dictionary([
        "UILaunchImageName": .string(name), "UILaunchImageSize": .string(size),
        "UILaunchImageOrientation": .string("Portrait"), "UILaunchImageMinimumOSVersion": .string(minimumOS),
    ])
}

private let iPhoneApp: [String: Scenario.PlistValue] = [
    "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1)]),
]
private let launchImages = [
    ("Default.png", 320, 480), ("Default@2x.png", 640, 960), ("Default-568h@2x.png", 640, 1136),
]
private let logo = [("Images/Logo.png", 100, 40), ("Images/Logo@2x.png", 200, 80)]

let scenarios: [Scenario] =
    looseFileScenarios + catalogScenarios + referenceScenarios + targetScenarios + findingScenarios

let looseFileScenarios: [Scenario] = [
    Scenario(name: "tall-ready", images: launchImages + logo, infoPlist: iPhoneApp, expected: []),
    Scenario(
        name: "letterboxed", images: Array(launchImages.prefix(2)) + logo, infoPlist: iPhoneApp,
        expected: [.init(rule: "tall-launch-image-missing", severity: .error, path: "Info.plist")]),
    Scenario(
        name: "status-bar-subtracted", images: launchImages.prefix(2) + [("Default-568h@2x.png", 640, 1096)] + logo,
        infoPlist: iPhoneApp,
        expected: [.init(rule: "launch-image-size", severity: .error, path: "Default-568h@2x.png")]),
    Scenario(
        name: "mismatched-2x",
        images: launchImages + [("Images/Avatar.png", 50, 50), ("Images/Avatar@2x.png", 98, 98)],
        infoPlist: iPhoneApp,
        expected: [.init(rule: "scale-mismatch", severity: .warning, path: "Images/Avatar@2x.png")]),
    Scenario(
        name: "misnamed-files",
        images: [
            ("Images/Button~ipad@2x.png", 88, 88), ("Images/Star.png", 30, 30), ("Images/Star@2X.png", 60, 60),
            ("Images/Arrow@2x~iPad.png", 40, 40),
        ],
        infoPlist: [
            "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(2)]),
            "MinimumOSVersion": .string("10.0"),
            "UILaunchStoryboardName": .string("LaunchScreen"),
        ],
        expected: [
            .init(rule: "misnamed-variant", severity: .warning, path: "Images/Arrow@2x~iPad.png"),
            .init(rule: "misnamed-variant", severity: .warning, path: "Images/Button~ipad@2x.png"),
            .init(rule: "misnamed-variant", severity: .warning, path: "Images/Star@2X.png"),
        ]),
    Scenario(
        name: "ipad-orientations",
        images: [
            ("Default-Portrait~ipad.png", 768, 1024), ("Default-Landscape~ipad.png", 1024, 768),
            ("Default-Portrait@2x~ipad.png", 1536, 2048), ("Default-Landscape@2x~ipad.png", 1536, 2048),
        ],
        infoPlist: ["CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(2)])],
        expected: [.init(rule: "launch-image-size", severity: .error, path: "Default-Landscape@2x~ipad.png")]),
    Scenario(
        name: "launch-image-file",
        images: [("Splash.png", 320, 480), ("Splash@2x.png", 640, 960), ("Splash-568h@2x.png", 640, 1136)] + logo,
        infoPlist: iPhoneApp.merging(["UILaunchImageFile": .string("Splash.png")]) { $1 }, expected: []),
    Scenario(
        name: "launch-images",
        images: [
            ("LaunchImage-700@2x.png", 640, 960), ("LaunchImage-700-568h@2x.png", 640, 1136),
            ("LaunchImage-800-667h@2x.png", 750, 1334),
        ],
        infoPlist: iPhoneApp.merging([
            "MinimumOSVersion": .string("7.0"),
            "UILaunchImages": .array([
                launchEntry("LaunchImage-700", "{320, 480}", minimumOS: "7.0"),
                launchEntry("LaunchImage-700-568h", "{320, 568}", minimumOS: "7.0"),
                launchEntry("LaunchImage-800-667h", "{375, 667}", minimumOS: "8.0"),
            ]),
        ]) { $1 },
        binaryPlist: true,
        // No entry for {414, 736}: the Plus phones run it zoomed.
        expected: [.init(rule: "tall-launch-image-missing", severity: .note, path: "Info.plist")]),
    // A launch storyboard from iOS 9 on: the old launch images never show, so their sizes say
    // nothing (a 640×1096 Default-568h@2x.png is no error).
    Scenario(
        name: "launch-storyboard-wins",
        images: [("Default@2x.png", 640, 960), ("Default-568h@2x.png", 640, 1096)] + logo
            + [("Images/Logo@3x.png", 300, 120)],
        infoPlist: iPhoneApp.merging([
            "UILaunchStoryboardName": .string("LaunchScreen"), "MinimumOSVersion": .string("9.0"),
        ]) { $1 },
        expected: []),
    Scenario(
        name: "launch-storyboard",
        images: [("Default@2x.png", 640, 960)] + logo + [("Images/Logo@3x.png", 300, 120)],
        infoPlist: iPhoneApp.merging([
            "UILaunchStoryboardName": .string("LaunchScreen"), "MinimumOSVersion": .string("8.0"),
        ]) { $1 },
        expected: []),
    Scenario(
        name: "iphone5-migration",
        images: launchImages + [
            ("Images/TableViewBackground.png", 320, 358), ("Images/TableViewBackground@2x.png", 640, 716),
            ("Images/TableViewBackground-568h@2x.png", 640, 892),
        ],
        infoPlist: nil,
        expected: [.init(rule: "tall-variant", severity: .note, path: "Images/TableViewBackground-568h@2x.png")]),
]
