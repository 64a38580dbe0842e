import Foundation

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// `Contents.json` text for a set with these entries.
func catalogContents(_ entries: [String], properties: String? = nil) -> String {
    var members = [#""images" : [\#n    \#(entries.joined(separator: ",\n    "))\#n  ]"#]
    if let properties { members.append(#""properties" : \#(properties)"#) }
    members.append(#""info" : { "author" : "xcode", "version" : 1 }"#)
    return "{\n  " + members.joined(separator: ",\n  ") + "\n}\n"
}

func catalogEntry(_ fields: [(String, String)]) -> String {
    "{ " + fields.map { #""\#($0.0)" : "\#($0.1)""# }.joined(separator: ", ") + " }"
}

private let catalogRoot = (path: "App/Assets.xcassets/Contents.json", text: catalogContents([]))
private let iPhoneInfo: [String: Scenario.PlistValue] = [
    "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1)]), "MinimumOSVersion": .string("7.0"),
]

/// One image set with a 1x and @2x that are right, as a base for the mistake scenarios.
private func imageSet(_ name: String, _ entries: [[(String, String)]]) -> (path: String, text: String) {
    ("App/Assets.xcassets/\(name).imageset/Contents.json", catalogContents(entries.map(catalogEntry)))
}

/// A catalog scenario: the root Contents.json plus sets, an iPhone app.
private func catalogScenario(
    _ name: String, images: [(String, Int, Int)], sets: [(path: String, text: String)], withAlpha: Set<String> = [],
    expected: [Scenario.Expected]
) -> Scenario {
    Scenario(
        name: name, images: images, infoPlist: iPhoneInfo, texts: [catalogRoot] + sets, withAlpha: withAlpha,
        expected: expected)
}

private let set = "App/Assets.xcassets"
private let launchEntries: [[(String, String)]] = [
    [
        ("filename", "phone@2x.png"), ("idiom", "iphone"), ("orientation", "portrait"), ("scale", "2x"),
        ("extent", "full-screen"),
    ],
    [
        ("filename", "tall@2x.png"), ("idiom", "iphone"), ("subtype", "retina4"), ("orientation", "portrait"),
        ("scale", "2x"),
    ],
    [
        ("filename", "667h@2x.png"), ("idiom", "iphone"), ("subtype", "667h"), ("orientation", "portrait"),
        ("scale", "2x"),
        ("minimum-system-version", "8.0"),
    ],
    [
        ("filename", "736h@3x.png"), ("idiom", "iphone"), ("subtype", "736h"), ("orientation", "portrait"),
        ("scale", "3x"),
        ("minimum-system-version", "8.0"),
    ],
    [
        ("filename", "pad-portrait.png"), ("idiom", "ipad"), ("orientation", "portrait"), ("scale", "1x"),
        ("extent", "to-status-bar"),
    ],
    [
        ("filename", "pad-landscape.png"), ("idiom", "ipad"), ("orientation", "landscape"), ("scale", "1x"),
        ("extent", "to-status-bar"),
    ],
]
private func launchImages(tallHeight: Int = 1136) -> [(String, Int, Int)] {
    [
        ("\(set)/LaunchImage.launchimage/phone@2x.png", 640, 960),
        ("\(set)/LaunchImage.launchimage/tall@2x.png", 640, tallHeight),
        ("\(set)/LaunchImage.launchimage/667h@2x.png", 750, 1334),
        ("\(set)/LaunchImage.launchimage/736h@3x.png", 1242, 2208),
        // to-status-bar iPad slots: 20 pt shorter, and no size finding.
        ("\(set)/LaunchImage.launchimage/pad-portrait.png", 768, 1004),
        ("\(set)/LaunchImage.launchimage/pad-landscape.png", 1024, 748),
    ]
}
private let launchSet = (
    path: "\(set)/LaunchImage.launchimage/Contents.json", text: catalogContents(launchEntries.map(catalogEntry))
)
private let appIconSet = (
    path: "\(set)/AppIcon.appiconset/Contents.json",
    text: catalogContents(
        [
            [("size", "60x60"), ("idiom", "iphone"), ("filename", "icon@2x.png"), ("scale", "2x")],
            [("size", "60x60"), ("idiom", "iphone"), ("filename", "icon@3x.png"), ("scale", "3x")],
            [("size", "1024x1024"), ("idiom", "ios-marketing"), ("filename", "store.png"), ("scale", "1x")],
        ].map(catalogEntry))
)

let catalogScenarios: [Scenario] = [
    Scenario(
        name: "catalog-correct",
        images: [
            ("\(set)/Icons/star.imageset/star.png", 20, 20), ("\(set)/Icons/star.imageset/star@2x.png", 40, 40),
            ("\(set)/Icons/star.imageset/star@3x.png", 60, 60), ("\(set)/Background.imageset/bg.png", 320, 358),
            ("\(set)/Background.imageset/bg@2x.png", 640, 716), ("\(set)/Background.imageset/bg-568h@2x.png", 640, 892),
            ("\(set)/AppIcon.appiconset/icon@2x.png", 120, 120), ("\(set)/AppIcon.appiconset/icon@3x.png", 180, 180),
            ("\(set)/AppIcon.appiconset/store.png", 1024, 1024),
        ] + launchImages(),
        infoPlist: iPhoneInfo.merging(["UIDeviceFamily": .array([.int(1), .int(2)])]) { $1 },
        texts: [
            catalogRoot,
            (
                "\(set)/Icons/Contents.json",
                catalogContents([], properties: #"{ "provides-namespace" : true }"#).replacingOccurrences(
                    of: #""images" : [\#n    \#n  ],\#n  "#, with: "")
            ),
            (
                "\(set)/Icons/star.imageset/Contents.json",
                catalogContents([
                    catalogEntry([("idiom", "universal"), ("filename", "star.png"), ("scale", "1x")]),
                    catalogEntry([("idiom", "universal"), ("filename", "star@2x.png"), ("scale", "2x")]),
                    catalogEntry([("idiom", "universal"), ("filename", "star@3x.png"), ("scale", "3x")]),
                ])
            ),
            (
                "\(set)/Background.imageset/Contents.json",
                catalogContents([
                    catalogEntry([("idiom", "universal"), ("filename", "bg.png"), ("scale", "1x")]),
                    catalogEntry([("idiom", "universal"), ("filename", "bg@2x.png"), ("scale", "2x")]),
                    catalogEntry([
                        ("idiom", "iphone"), ("subtype", "retina4"), ("filename", "bg-568h@2x.png"), ("scale", "2x"),
                    ]),
                    catalogEntry([("idiom", "universal"), ("scale", "3x")]),
                ])
            ),
            launchSet, appIconSet,
        ],
        expected: []),
    catalogScenario(
        "catalog-missing-file", images: [("\(set)/star.imageset/star.png", 20, 20)],
        sets: [
            imageSet(
                "star",
                [
                    [("idiom", "universal"), ("filename", "star.png"), ("scale", "1x")],
                    [("idiom", "universal"), ("filename", "star@2x.png"), ("scale", "2x")],
                ])
        ],
        expected: [.init(rule: "catalog-missing-file", severity: .warning, path: "\(set)/star.imageset/Contents.json")]),
    // An entry that names a file without an image extension that exists (Xamarin templates'
    // `iTunesArtwork@2x` in an app icon set): not missing.
    catalogScenario(
        "catalog-file-without-extension",
        images: [("\(set)/art.imageset/art.png", 20, 20), ("\(set)/art.imageset/Artwork@2x", 40, 40)],
        sets: [
            imageSet(
                "art",
                [
                    [("idiom", "universal"), ("filename", "art.png"), ("scale", "1x")],
                    [("idiom", "universal"), ("filename", "Artwork@2x"), ("scale", "2x")],
                ])
        ],
        expected: []),
    catalogScenario(
        "catalog-unassigned-file",
        images: [("\(set)/star.imageset/star@2x.png", 40, 40), ("\(set)/star.imageset/star-old@2x.png", 40, 40)],
        sets: [imageSet("star", [[("idiom", "universal"), ("filename", "star@2x.png"), ("scale", "2x")]])],
        expected: [
            .init(rule: "catalog-unassigned-file", severity: .warning, path: "\(set)/star.imageset/star-old@2x.png")
        ]),
    // A set whose contents.json is written in lower case (Tuist's templates): a Mac's file
    // system, where actool runs, finds it as Contents.json. The star's missing 3x is seen.
    catalogScenario(
        "catalog-lowercase-contents",
        images: [("\(set)/star.imageset/star@2x.png", 40, 40)],
        sets: [
            (
                "\(set)/star.imageset/contents.json",
                catalogContents(
                    [
                        [("idiom", "universal"), ("filename", "star@2x.png"), ("scale", "2x")],
                        [("idiom", "universal"), ("filename", "star@3x.png"), ("scale", "3x")],
                    ].map(catalogEntry))
            )
        ],
        expected: [.init(rule: "catalog-missing-file", severity: .warning, path: "\(set)/star.imageset/Contents.json")]),
    catalogScenario(
        "catalog-duplicate-slot",
        images: [("\(set)/star.imageset/a@2x.png", 40, 40), ("\(set)/star.imageset/b@2x.png", 40, 40)],
        sets: [
            imageSet(
                "star",
                [
                    [("idiom", "universal"), ("filename", "a@2x.png"), ("scale", "2x")],
                    [("idiom", "universal"), ("filename", "b@2x.png"), ("scale", "2x")],
                ])
        ],
        expected: [
            .init(rule: "catalog-duplicate-slot", severity: .warning, path: "\(set)/star.imageset/Contents.json")
        ]),
    catalogScenario(
        "catalog-launch-image-size", images: launchImages(tallHeight: 1096), sets: [launchSet],
        expected: [
            .init(rule: "launch-image-size", severity: .error, path: "\(set)/LaunchImage.launchimage/tall@2x.png")
        ]),
    catalogScenario(
        "catalog-app-icon-size",
        images: [
            ("\(set)/AppIcon.appiconset/icon@2x.png", 120, 120), ("\(set)/AppIcon.appiconset/icon@3x.png", 180, 181),
            ("\(set)/AppIcon.appiconset/store.png", 1024, 1024),
        ],
        sets: [appIconSet],
        expected: [.init(rule: "app-icon-size", severity: .error, path: "\(set)/AppIcon.appiconset/icon@3x.png")]),
    catalogScenario(
        "catalog-app-icon-alpha",
        images: [
            ("\(set)/AppIcon.appiconset/icon@2x.png", 120, 120), ("\(set)/AppIcon.appiconset/icon@3x.png", 180, 180),
            ("\(set)/AppIcon.appiconset/store.png", 1024, 1024),
        ],
        sets: [appIconSet], withAlpha: ["\(set)/AppIcon.appiconset/store.png"],
        expected: [.init(rule: "app-icon-alpha", severity: .error, path: "\(set)/AppIcon.appiconset/store.png")]),
    catalogScenario(
        "catalog-scale-mismatch",
        images: [("\(set)/star.imageset/small.png", 20, 20), ("\(set)/star.imageset/big.png", 42, 42)],
        sets: [
            imageSet(
                "star",
                [
                    [("idiom", "universal"), ("filename", "small.png"), ("scale", "1x")],
                    [("idiom", "universal"), ("filename", "big.png"), ("scale", "2x")],
                ])
        ],
        expected: [.init(rule: "scale-mismatch", severity: .warning, path: "\(set)/star.imageset/big.png")]),
    catalogScenario(
        "catalog-fractional-point-size", images: [("\(set)/star.imageset/star.png", 44, 45)],
        sets: [
            imageSet("star", [[("idiom", "universal"), ("filename", "star.png"), ("scale", "3x")]]),
            (path: ".tallcheck.yml", text: "opt_in_rules: [fractional-point-size]\n"),
        ],
        expected: [.init(rule: "fractional-point-size", severity: .warning, path: "\(set)/star.imageset/star.png")]),
    catalogScenario(
        "catalog-path-escape", images: [],
        sets: [imageSet("star", [[("idiom", "universal"), ("filename", "../../../Info.plist"), ("scale", "1x")]])],
        expected: [.init(rule: "catalog-path-escape", severity: .error, path: "\(set)/star.imageset/Contents.json")]),
    catalogScenario(
        "catalog-case-mismatch", images: [("\(set)/arrow.imageset/arrow@2x.png", 40, 40)],
        sets: [imageSet("arrow", [[("idiom", "universal"), ("filename", "Arrow@2x.png"), ("scale", "2x")]])],
        expected: [.init(rule: "case-mismatch", severity: .warning, path: "\(set)/arrow.imageset/arrow@2x.png")]),
    catalogScenario(
        "catalog-malformed",
        images: [("\(set)/good.imageset/good@2x.png", 40, 40), ("\(set)/broken.imageset/broken@2x.png", 40, 40)],
        sets: [
            imageSet("good", [[("idiom", "universal"), ("filename", "good@2x.png"), ("scale", "2x")]]),
            // A merge conflict left in the file.
            ("\(set)/broken.imageset/Contents.json", "{\n<<<<<<< HEAD\n  \"images\" : [\n"),
        ],
        expected: [
            .init(rule: "catalog-malformed", severity: .error, path: "\(set)/broken.imageset/Contents.json")
        ]),
    // A modern catalog: a PDF set and an SVG set (single universal entries that serve every
    // scale), a set with dark-appearance variants whose dark @2x is the wrong size, and a CgBI
    // file copied out of a built app into a set.
    Scenario(
        name: "catalog-vectors",
        images: [
            ("\(set)/card.imageset/card.png", 30, 20), ("\(set)/card.imageset/card@2x.png", 60, 40),
            ("\(set)/card.imageset/card-dark.png", 30, 20), ("\(set)/card.imageset/card-dark@2x.png", 62, 40),
            ("\(set)/tab.imageset/tab@2x.png", 50, 50),
        ],
        infoPlist: iPhoneInfo,
        texts: [
            catalogRoot,
            (
                "\(set)/gear.imageset/Contents.json",
                catalogContents(
                    [catalogEntry([("idiom", "universal"), ("filename", "gear.pdf")])],
                    properties:
                        #"{ "preserves-vector-representation" : true, "template-rendering-intent" : "template" }"#)
            ),
            (
                "\(set)/logo.imageset/Contents.json",
                catalogContents([catalogEntry([("idiom", "universal"), ("filename", "logo.svg")])])
            ),
            (
                "\(set)/card.imageset/Contents.json",
                catalogContents([
                    catalogEntry([("idiom", "universal"), ("filename", "card.png"), ("scale", "1x")]),
                    #"{ "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "idiom" : "universal", "filename" : "card-dark.png", "scale" : "1x" }"#,
                    catalogEntry([("idiom", "universal"), ("filename", "card@2x.png"), ("scale", "2x")]),
                    #"{ "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "idiom" : "universal", "filename" : "card-dark@2x.png", "scale" : "2x" }"#,
                ])
            ),
            imageSet("tab", [[("idiom", "universal"), ("filename", "tab@2x.png"), ("scale", "2x")]]),
        ],
        cgbi: ["\(set)/tab.imageset/tab@2x.png"],
        vectors: [
            ("\(set)/gear.imageset/gear.pdf", samplePDF(width: 24, height: 24)),
            (
                "\(set)/logo.imageset/logo.svg",
                #"<?xml version="1.0" encoding="UTF-8"?>\#n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40"/></svg>\#n"#
            ),
        ],
        expected: [
            .init(rule: "scale-mismatch", severity: .warning, path: "\(set)/card.imageset/card-dark@2x.png"),
            .init(rule: "image-format", severity: .warning, path: "\(set)/tab.imageset/tab@2x.png"),
        ]),
]

/// A one-page PDF of `width`×`height` points, written here: the objects a vector export holds,
/// without the cross-reference offsets being exact (readers, and the probe, do not need them).
func samplePDF(width: Int, height: Int) -> String {
    """
    %PDF-1.4
    1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
    2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
    3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >> endobj
    4 0 obj << /Length 20 >> stream
    0 0 m 10 10 l S
    endstream endobj
    trailer << /Root 1 0 R >>
    %%EOF

    """
}
