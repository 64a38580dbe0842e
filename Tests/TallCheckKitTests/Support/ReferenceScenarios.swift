@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Scenarios about the names the app's code asks for (issue 15): each a small app whose code,
/// storyboard or C# asks for images, with the findings at their lines.
private let modernPhone: [String: Scenario.PlistValue] = [
    "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1)]), "MinimumOSVersion": .string("12.0"),
]

/// A baseline JPEG header of the given size: SOI, APP0, SOF0 and EOI, enough for the probe.
func tinyJPEG(width: Int, height: Int) -> [UInt8] {
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [
        0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]
        + [
            0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8),
            UInt8(width & 0xFF),
        ]
        + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
}

let referenceScenarios: [Scenario] = [
    Scenario(
        name: "references-ipad-only-image",
        images: [
            ("App/Images/Badge~ipad.png", 40, 40), ("App/Images/Badge@2x~ipad.png", 80, 80),
            ("App/Images/Star@2x.png", 60, 60), ("App/Images/Star@3x.png", 90, 90),
        ],
        infoPlist: modernPhone.merging(["UIDeviceFamily": .array([.int(1), .int(2)])]) { $1 },
        texts: [
            (
                "App/Menu.swift",
                """
                import UIKit

                final class Menu {
                    let badge = UIImage(named: "Badge")
                    let star = UIImage(named: "Star")
                    // UIImage(named: "Commented") and "UIImage(named: \\"InAString\\")" ask for nothing.
                    let text = "UIImage(named: \\"InAString\\")"
                }

                """
            )
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Menu.swift", line: 4)]),
    Scenario(
        name: "references-wrong-case",
        images: [("App/Images/icon@2x.png", 60, 60), ("App/Images/icon@3x.png", 90, 90)],
        infoPlist: modernPhone,
        texts: [
            (
                "App/Header.swift",
                """
                import UIKit

                let wrong = UIImage(named: "Icon")
                let right = UIImage(named: "icon")

                """
            )
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Header.swift", line: 3)]),
    Scenario(
        name: "references-objc-jpeg",
        images: [],
        infoPlist: modernPhone,
        texts: [
            (
                "App/Gallery.m",
                """
                #import <UIKit/UIKit.h>

                /* [UIImage imageNamed:@"photo"] in a comment asks for nothing */
                UIImage *withoutExtension(void) { return [UIImage imageNamed:@"photo"]; }
                UIImage *withExtension(void) { return [UIImage imageNamed:@"photo.jpg"]; }

                """
            )
        ],
        binaries: [
            ("App/photo@2x.jpg", tinyJPEG(width: 200, height: 200)),
            ("App/photo@3x.jpg", tinyJPEG(width: 300, height: 300)),
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Gallery.m", line: 4)]),
    Scenario(
        name: "references-monotouch-tall-suffix",
        images: [
            ("App/Resources/Default.png", 320, 480), ("App/Resources/Default@2x.png", 640, 960),
            ("App/Resources/Default-568h@2x.png", 640, 1136),
            ("App/Resources/Background.png", 320, 480), ("App/Resources/Background@2x.png", 640, 960),
            ("App/Resources/Background-568h@2x.png", 640, 1136),
            ("App/Resources/Menu.png", 320, 480), ("App/Resources/Menu@2x.png", 640, 960),
        ],
        infoPlist: [
            "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1)]),
            "MinimumOSVersion": .string("6.0"),
        ],
        texts: [
            (
                "App/App.csproj",
                """
                <?xml version="1.0" encoding="utf-8"?>
                <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
                  <ItemGroup>
                    <BundleResource Include="Resources\\Default.png" />
                    <BundleResource Include="Resources\\Default%402x.png" />
                    <BundleResource Include="Resources\\Default-568h%402x.png" />
                    <BundleResource Include="Resources\\Background.png" />
                    <BundleResource Include="Resources\\Background%402x.png" />
                    <BundleResource Include="Resources\\Background-568h%402x.png" />
                    <BundleResource Include="Resources\\Menu.png" />
                    <BundleResource Include="Resources\\Menu%402x.png" />
                    <Compile Include="Screens.cs" />
                  </ItemGroup>
                </Project>

                """
            ),
            (
                "App/Screens.cs",
                """
                using UIKit;

                public static class Screens
                {
                    // The seed's helper: name-568h@2x.png on a tall phone, else name.png.
                    public static UIImage FromBundle16x9 (string name) { return UIImage.FromBundle (name); }
                    public static UIImage Background () { return FromBundle16x9 ("Background"); }
                    public static UIImage Menu () { return FromBundle16x9 ("Menu"); }
                }

                """
            ),
        ],
        expected: [.init(rule: "tall-suffix-fallback", severity: .warning, path: "App/Screens.cs", line: 8)]),
    // A storyboard's views and its `<resources>` list, which IB writes for the images they
    // show; a stale entry (Default.png, which no view names) loads nothing and is not missing.
    Scenario(
        name: "references-storyboard",
        images: [("App/Logo@2x.png", 200, 80), ("App/Logo@3x.png", 300, 120)],
        infoPlist: modernPhone,
        texts: [
            (
                "App/Base.lproj/Main.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <scenes>
                        <scene sceneID="a1">
                            <objects>
                                <viewController id="b2" sceneMemberID="viewController">
                                    <view key="view" id="c3">
                                        <subviews>
                                            <imageView id="d4" image="Logo"/>
                                            <button id="e5">
                                                <state key="normal" image="Sparkle"/>
                                            </button>
                                            <imageView id="f6">
                                                <imageReference key="image" image="star.fill" catalog="system"/>
                                            </imageView>
                                        </subviews>
                                    </view>
                                </viewController>
                            </objects>
                        </scene>
                    </scenes>
                    <resources>
                        <image name="Logo" width="100" height="40"/>
                        <image name="Sparkle" width="20" height="20"/>
                        <image name="star.fill" catalog="system" width="20" height="20"/>
                        <image name="Default.png" width="320" height="480"/>
                    </resources>
                </document>

                """
            )
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Base.lproj/Main.storyboard", line: 11)]),
    Scenario(
        name: "references-namespaced-catalog",
        images: [
            ("App/Assets.xcassets/Icons/star.imageset/star@2x.png", 40, 40),
            ("App/Assets.xcassets/Icons/star.imageset/star@3x.png", 60, 60),
        ],
        infoPlist: modernPhone,
        texts: [
            ("App/Assets.xcassets/Contents.json", #"{ "info" : { "author" : "xcode", "version" : 1 } }"# + "\n"),
            (
                "App/Assets.xcassets/Icons/Contents.json",
                #"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#
                    + "\n"
            ),
            (
                "App/Assets.xcassets/Icons/star.imageset/Contents.json",
                #"""
                {
                  "images" : [
                    { "idiom" : "universal", "scale" : "1x" },
                    { "idiom" : "universal", "filename" : "star@2x.png", "scale" : "2x" },
                    { "idiom" : "universal", "filename" : "star@3x.png", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }

                """#
            ),
            (
                "App/Rating.swift",
                """
                import SwiftUI

                struct Rating: View {
                    var body: some View {
                        Image("Icons/star")
                        Image("star")
                    }
                }

                """
            ),
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Rating.swift", line: 6)]),
    Scenario(
        name: "references-dynamic-unused",
        images: [
            ("App/Flags/flag_fr@2x.png", 40, 30), ("App/Flags/flag_fr@3x.png", 60, 45),
            ("App/Flags/flag_de@2x.png", 40, 30), ("App/Flags/flag_de@3x.png", 60, 45),
            ("App/Images/Badge@2x.png", 40, 40), ("App/Images/Badge@3x.png", 60, 60),
            ("App/Images/Old@2x.png", 40, 40), ("App/Images/Old@3x.png", 60, 60),
        ],
        infoPlist: modernPhone,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App/Flags.swift",
                """
                import UIKit

                func flag(for code: String) -> UIImage? {
                    UIImage(named: "flag_\\(code)")
                }
                let badge = UIImage(named: "Badge")

                """
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/Old@2x.png")]),
]
