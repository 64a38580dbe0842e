@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Scenarios about targets and platforms (issue 29): projects whose apps, extensions, tvOS and
/// watch apps each ship their own images, and the shapes that misled a one-iPhone-target lint.
/// Written from what Xcode writes and real projects do; nothing is copied from a project.

/// An Info.plist as XML text, for targets that keep theirs in their own folder.
func plistText(_ entries: [(String, String)]) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(entries.map { "\t<key>\($0.0)</key>\n\t<string>\($0.1)</string>" }.joined(separator: "\n"))
    </dict>
    </plist>

    """
}

/// A catalog's root and one image set per name, with these entries (`filename`, `idiom`, `scale`, …).
private func catalog(_ folder: String, _ sets: [(name: String, entries: [[(String, String)]])]) -> [(
    path: String, text: String
)] {
    [("\(folder)/Contents.json", catalogContents([]))]
        + sets.map { set in
            ("\(folder)/\(set.name).imageset/Contents.json", catalogContents(set.entries.map(catalogEntry)))
        }
}

/// The entries of a universal set at 1x, @2x and @3x.
private func universal(_ name: String) -> [[(String, String)]] {
    [
        [("filename", "\(name).png"), ("idiom", "universal"), ("scale", "1x")],
        [("filename", "\(name)@2x.png"), ("idiom", "universal"), ("scale", "2x")],
        [("filename", "\(name)@3x.png"), ("idiom", "universal"), ("scale", "3x")],
    ]
}

/// The entries of a tvOS set at 1x and @2x, from `base.png` and `base@2x.png`.
private func tvEntries(_ base: String) -> [[(String, String)]] {
    [
        [("filename", "\(base).png"), ("idiom", "tv"), ("scale", "1x")],
        [("filename", "\(base)@2x.png"), ("idiom", "tv"), ("scale", "2x")],
    ]
}

/// A universal set's files at 1x, @2x and @3x of `points`.
private func universalFiles(_ folder: String, _ name: String, _ points: Int) -> [(String, Int, Int)] {
    [
        ("\(folder)/\(name).imageset/\(name).png", points, points),
        ("\(folder)/\(name).imageset/\(name)@2x.png", points * 2, points * 2),
        ("\(folder)/\(name).imageset/\(name)@3x.png", points * 3, points * 3),
    ]
}

/// A Xamarin.iOS project file as Xamarin Studio wrote it: `items` inside its item group (one
/// per line), `extra` after it (an `Import`).
private func classicProject(outputType: String = "Exe", items: [String], extra: String = "") -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <Project DefaultTargets="Build" ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
      <PropertyGroup>
        <ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
        <OutputType>\(outputType)</OutputType>
      </PropertyGroup>
      <ItemGroup>
    \(items.map { "    " + $0 }.joined(separator: "\n"))
      </ItemGroup>
    \(extra.isEmpty ? "" : "  " + extra + "\n")</Project>

    """
}

private let appInfo = [("CFBundlePackageType", "APPL"), ("CFBundleIdentifier", "org.example.app")]
private let extensionInfo = [("CFBundlePackageType", "XPC!"), ("CFBundleIdentifier", "org.example.app.extension")]

private func iOS(_ families: String, _ version: String, plist: String) -> [String: String] {
    [
        "SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": families, "IPHONEOS_DEPLOYMENT_TARGET": version,
        "INFOPLIST_FILE": "$(SRCROOT)/\(plist)",
    ]
}

/// The seed app's helper, as its body reads: on a tall phone `FromFile` of the -568h@2x name,
/// whatever it returns.
private let seedHelper = """
    using UIKit;

    public static class Tall
    {
        public static UIImage FromBundle16x9 (string name)
        {
            if (UIScreen.MainScreen.Bounds.Height * UIScreen.MainScreen.Scale >= 1136)
                return UIImage.FromFile (name.Replace (".png", "-568h@2x.png"));
            return UIImage.FromBundle (name);
        }
    }

    """

/// A helper of the seed guide's shape: the suffix in a static field, the name built with `Path`
/// methods, and `FromFile` returned with no null test: on a 4-inch phone a missing -568h@2x file
/// is null.
private let seedShapedHelper = """
    using System.IO;
    using UIKit;

    public static class Tall
    {
        static string tallMagic = "-568h@2x";

        public static bool IsTall {
            get {
                return UIDevice.CurrentDevice.UserInterfaceIdiom == UIUserInterfaceIdiom.Phone
                    && UIScreen.MainScreen.Bounds.Height * UIScreen.MainScreen.Scale >= 1136;
            }
        }

        public static UIImage FromBundle16x9 (string path)
        {
            if (IsTall) {
                var folder = Path.GetDirectoryName (path);
                var file = Path.GetFileNameWithoutExtension (path) + tallMagic + Path.GetExtension (path);
                return UIImage.FromFile (Path.Combine (folder, file));
            }
            return UIImage.FromBundle (path);
        }
    }

    """

/// A helper that falls back to the plain name when the tall file is missing.
private let fallingBackHelper = """
    using UIKit;

    public static class Tall
    {
        public static UIImage FromBundle16x9 (string name)
        {
            var tall = UIImage.FromFile (name.Replace (".png", "-568h@2x.png"));
            return tall ?? UIImage.FromBundle (name);
        }
    }

    """

private let screens = """
    using UIKit;

    public class HeaderView : UIImageView
    {
        public HeaderView () : base (Tall.FromBundle16x9 ("Images/Header.png")) { }
    }

    """

private let headerImages = [("Images/Header.png", 320, 100), ("Images/Header@2x.png", 640, 200)]
private let phoneInfo: [String: Scenario.PlistValue] = [
    "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1)]), "MinimumOSVersion": .string("7.0"),
    "UILaunchStoryboardName": .string("Launch"),
]

/// A storyboard with one view controller whose view holds `subviews`, and its resources list.
private func storyboard(
    _ subviews: String, resources: [(name: String, width: Int, height: Int)],
    type: String = "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", runtime: String = "iOS.CocoaTouch"
) -> String {
    let indented = subviews.split(separator: "\n").map { "                            " + $0 }.joined(separator: "\n")
    let images = resources.map { "        <image name=\"\($0.name)\" width=\"\($0.width)\" height=\"\($0.height)\"/>" }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="\(type)" version="3.0" targetRuntime="\(runtime)">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="v1">
                            <view key="view" id="v2">
                                <subviews>
        \(indented)
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <resources>
        \(images.joined(separator: "\n"))
            </resources>
        </document>

        """
}

/// An Icon Composer document's `icon.json` (Xcode 26): a background fill and two layers in one
/// group, each layer naming its image in the document's `Assets` folder.
private let iconComposerDocument = """
    {
      "fill" : { "automatic-gradient" : "srgb:0.20000,0.40000,0.80000,1.00000" },
      "groups" : [
        {
          "layers" : [
            { "image-name" : "glyph.png", "name" : "glyph" },
            { "image-name" : "background.png", "name" : "background" }
          ],
          "shadow" : { "kind" : "neutral", "opacity" : 0.5 },
          "translucency" : { "enabled" : true, "value" : 0.5 }
        }
      ],
      "supported-platforms" : { "circles" : [ "watchOS" ], "squares" : "shared" }
    }

    """

let targetScenarios: [Scenario] = [
    // A widget's SwiftUI code is judged against the widget's own catalog, not the app's.
    Scenario(
        name: "targets-widget-catalog",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + universalFiles("Widget/Assets.xcassets", "vpn-on", 20),
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1,2", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"], resources: ["App/Assets.xcassets"], dependencies: ["Widget"]),
                    .init(
                        name: "Widget", productType: "app-extension",
                        settings: iOS("1,2", "15.0", plist: "Widget/Info.plist"), sources: ["Widget/Widget.swift"],
                        resources: ["Widget/Assets.xcassets"]),
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("Widget/Info.plist", plistText(extensionInfo)),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
            (
                "Widget/Widget.swift",
                """
                import SwiftUI

                struct StatusView: View {
                    var body: some View {
                        Image("vpn-on")
                        // The app's catalog does not ship in the widget's bundle.
                        Image("logo")
                    }
                }

                """
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))])
            + catalog("Widget/Assets.xcassets", [("vpn-on", universal("vpn-on"))]),
        expected: [
            .init(rule: "missing-image", severity: .error, path: "Widget/Widget.swift", line: 7, targets: ["Widget"])
        ]),
    // A file the app and its widget both compile (Focus's Shared/AppConfig.swift): its wordmark
    // loads in the app, whose catalog holds it, and not in the widget, which may never run that
    // code: a warning naming the app. The widget's own code asking for the app's image is certain.
    Scenario(
        name: "targets-shared-file-image-of-one-target",
        images: universalFiles("App/Assets.xcassets", "wordmark", 40)
            + universalFiles("Widget/Assets.xcassets", "vpn-on", 20),
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1,2", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift", "Shared/Config.swift"], resources: ["App/Assets.xcassets"],
                        dependencies: ["Widget"]),
                    .init(
                        name: "Widget", productType: "app-extension",
                        settings: iOS("1,2", "15.0", plist: "Widget/Info.plist"),
                        sources: ["Widget/Widget.swift", "Shared/Config.swift"], resources: ["Widget/Assets.xcassets"]),
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("Widget/Info.plist", plistText(extensionInfo)),
            ("App/Home.swift", "import UIKit\n\nlet title = Config().wordmark\n"),
            ("Shared/Config.swift", "import UIKit\n\nstruct Config {\n    let wordmark = UIImage(named: \"wordmark\")\n}\n"),
            ("Widget/Widget.swift", "import SwiftUI\n\nlet on = Image(\"vpn-on\")\nlet mark = Image(\"wordmark\")\n"),
        ] + catalog("App/Assets.xcassets", [("wordmark", universal("wordmark"))])
            + catalog("Widget/Assets.xcassets", [("vpn-on", universal("vpn-on"))]),
        expected: [
            .init(rule: "missing-image", severity: .warning, path: "Shared/Config.swift", line: 4, targets: ["Widget"]),
            .init(rule: "missing-image", severity: .error, path: "Widget/Widget.swift", line: 4, targets: ["Widget"]),
        ]),
    // Xcode 16 synchronized folders: an exception set leaves files out of the target that owns
    // the folder and adds them to one that does not. The widget builds the app folder's
    // Badge.swift and ships its star.png; the app's catalog, which holds badge, it does not.
    Scenario(
        name: "targets-synchronized-folders",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + universalFiles("App/Assets.xcassets", "badge", 20)
            + universalFiles("Widget/Assets.xcassets", "vpn-on", 20)
            + [("App/Shared/star.png", 16, 16), ("App/Shared/star@2x.png", 32, 32), ("App/Shared/star@3x.png", 48, 48)],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(
                    targets: [
                        .init(
                            name: "App", productType: "application",
                            settings: iOS("1,2", "17.0", plist: "App/Info.plist"), dependencies: ["Widget"]),
                        .init(
                            name: "Widget", productType: "app-extension",
                            settings: iOS("1,2", "17.0", plist: "Widget/Info.plist")),
                    ],
                    synchronizedFolders: [
                        .init(
                            path: "App", owners: ["App"],
                            exceptions: [
                                ("App", ["Info.plist"]),
                                ("Widget", ["Shared/Badge.swift", "Shared/star.png", "Shared/star@2x.png", "Shared/star@3x.png"]),
                            ]),
                        .init(path: "Widget", owners: ["Widget"], exceptions: [("Widget", ["Info.plist"])]),
                    ]
                ).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("Widget/Info.plist", plistText(extensionInfo)),
            ("App/AppView.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
            ("App/Shared/Badge.swift", "import UIKit\n\nlet badge = UIImage(named: \"badge\")\n"),
            (
                "Widget/WidgetView.swift",
                """
                import SwiftUI

                struct StatusView: View {
                    var body: some View {
                        Image("vpn-on")
                        Image(uiImage: UIImage(named: "star") ?? UIImage())
                    }
                }

                """
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo")), ("badge", universal("badge"))])
            + catalog("Widget/Assets.xcassets", [("vpn-on", universal("vpn-on"))]),
        expected: [
            .init(rule: "missing-image", severity: .warning, path: "App/Shared/Badge.swift", line: 3, targets: ["Widget"])
        ]),
    // Icon Composer documents (Xcode 26) in a synchronized folder: each `.icon` is compiled
    // whole into the app icon, so two documents' layers of one name land nowhere, and collide
    // with nothing.
    Scenario(
        name: "targets-icon-composer",
        images: universalFiles("App/Assets.xcassets", "logo", 40) + [
            ("App/AppIcon.icon/Assets/glyph.png", 1024, 1024), ("App/AppIcon.icon/Assets/background.png", 1024, 1024),
            ("App/AppIconNight.icon/Assets/glyph.png", 1024, 1024),
            ("App/AppIconNight.icon/Assets/background.png", 1024, 1024),
        ],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(
                    targets: [
                        .init(
                            name: "App", productType: "application",
                            settings: iOS("1,2", "18.0", plist: "App/Info.plist").merging([
                                "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "AppIconNight",
                            ]) { $1 })
                    ],
                    synchronizedFolders: [.init(path: "App", owners: ["App"], exceptions: [("App", ["Info.plist"])])]
                ).text
            ),
            (
                "App/Info.plist",
                plistText(appInfo + [("UILaunchStoryboardName", "Launch"), ("CFBundleIconName", "AppIcon")])
            ),
            ("App/AppIcon.icon/icon.json", iconComposerDocument),
            ("App/AppIconNight.icon/icon.json", iconComposerDocument),
            ("App/Home.swift", "import SwiftUI\n\nstruct Home: View {\n    var body: some View { Image(\"logo\") }\n}\n"),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        withAlpha: [
            "App/AppIcon.icon/Assets/glyph.png", "App/AppIconNight.icon/Assets/glyph.png",
        ],
        uncheckedImages: 4,
        expected: []),
    // The Info.plist Xcode 13 and later generate from build settings, with the conditions Xcode's
    // multiplatform template writes: UILaunchScreen_Generation gives an empty UILaunchScreen, so
    // the app launches at native size everywhere and the old Default@2x.png goes unused.
    Scenario(
        name: "launch-generated-info-plist",
        images: universalFiles("App/Assets.xcassets", "logo", 40) + [("App/Default@2x.png", 640, 960)],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(
                    targets: [
                        .init(
                            name: "App", productType: "application",
                            settings: [
                                "SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator",
                                "TARGETED_DEVICE_FAMILY": "1,2", "IPHONEOS_DEPLOYMENT_TARGET": "17.0",
                                "GENERATE_INFOPLIST_FILE": "YES",
                                "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]": "YES",
                                "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphonesimulator*]": "YES",
                                "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad":
                                    "UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown "
                                    + "UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight",
                            ])
                    ],
                    synchronizedFolders: [.init(path: "App", owners: ["App"])]
                ).text
            ),
            ("App/Home.swift", "import SwiftUI\n\nstruct Home: View {\n    var body: some View { Image(\"logo\") }\n}\n"),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        expected: []),
    // Two MonoTouch apps in one repository, each with the catalog its ImageAsset items list: a
    // project compiles its own catalog, not the other's, so the other's wrongly sized star is
    // Beta's finding alone.
    Scenario(
        name: "targets-xamarin-catalog-per-project",
        images: universalFiles("Alpha/Resources/Images.xcassets", "box", 20)
            + [
                ("Beta/Resources/Images.xcassets/star.imageset/star.png", 20, 20),
                ("Beta/Resources/Images.xcassets/star.imageset/star@2x.png", 43, 40),
                ("Beta/Resources/Images.xcassets/star.imageset/star@3x.png", 60, 60),
            ],
        infoPlist: nil,
        texts: ["Alpha", "Beta"].flatMap { app -> [(path: String, text: String)] in
            let set = app == "Alpha" ? "box" : "star"
            return [
                ("\(app)/Info.plist", plistText(appInfo + [("MinimumOSVersion", "9.0"), ("UILaunchStoryboardName", "Launch")])),
                (
                    "\(app)/\(app).csproj",
                    classicProject(items: [
                        #"<Compile Include="Main.cs" />"#,
                        #"<ImageAsset Include="Resources\Images.xcassets\\#(set).imageset\Contents.json" />"#,
                        #"<ImageAsset Include="Resources\Images.xcassets\\#(set).imageset\\#(set).png" />"#,
                        #"<ImageAsset Include="Resources\Images.xcassets\\#(set).imageset\\#(set)%402x.png" />"#,
                        #"<ImageAsset Include="Resources\Images.xcassets\\#(set).imageset\\#(set)%403x.png" />"#,
                    ])
                ),
                (
                    "\(app)/Main.cs",
                    "using UIKit;\n\npublic class Screen\n{\n    public static UIImage Art () { return UIImage.FromBundle (\"\(set)\"); }\n}\n"
                ),
            ] + catalog("\(app)/Resources/Images.xcassets", [(set, universal(set))])
        },
        expected: [
            .init(
                rule: "scale-mismatch", severity: .warning,
                path: "Beta/Resources/Images.xcassets/star.imageset/star@2x.png", targets: ["Beta"])
        ]),
    // A MonoTouch sample that ships a folder of sample content (text files and screenshots, as
    // moljac's file-system demo does) copied and read by path: its images are the folder's data,
    // not unused. An image of the app's own that nothing names is.
    Scenario(
        name: "targets-xamarin-data-folder",
        images: [
            ("App/Samples/images/screen-01.png", 320, 480), ("App/Samples/images/more/screen-02.png", 320, 480),
            ("App/Images/logo.png", 100, 40), ("App/Images/logo@2x.png", 200, 80), ("App/Images/logo@3x.png", 300, 120),
            ("App/Images/old-banner.png", 300, 50), ("App/Images/old-banner@2x.png", 600, 100),
        ],
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            ("App/Info.plist", plistText(appInfo + [("MinimumOSVersion", "9.0"), ("UILaunchStoryboardName", "Launch")])),
            (
                "App/App.csproj",
                classicProject(items: [
                    #"<Compile Include="Main.cs" />"#,
                    #"<Content Include="Samples\notes.txt" />"#,
                    #"<Content Include="Samples\images\screen-01.png" />"#,
                    #"<Content Include="Samples\images\more\screen-02.png" />"#,
                    #"<BundleResource Include="Images\logo.png" />"#,
                    #"<BundleResource Include="Images\logo@2x.png" />"#,
                    #"<BundleResource Include="Images\logo@3x.png" />"#,
                    #"<BundleResource Include="Images\old-banner.png" />"#,
                    #"<BundleResource Include="Images\old-banner@2x.png" />"#,
                ])
            ),
            ("App/Samples/notes.txt", "Samples\\\n\timages\\screen-01.png\n"),
            (
                "App/Main.cs",
                "using UIKit;\n\npublic class Screen\n{\n    public static UIImage Logo () { return UIImage.FromBundle (\"Images/logo\"); }\n}\n"
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/old-banner.png", targets: ["App"])]),
    // A framework's xib names an image of a catalog the app ships (Loop's LoopUI
    // StatusBarHUDView.xib and HUDAssets.xcassets): the app's image is used, though no file the
    // app builds names it. A set nothing names is still unused.
    Scenario(
        name: "targets-framework-nib-names-app-image",
        images: universalFiles("HUD/HUDAssets.xcassets", "reservoir_mask", 14)
            + universalFiles("HUD/HUDAssets.xcassets", "old-gauge", 14),
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"], resources: ["HUD/HUDAssets.xcassets"], dependencies: ["HUDKit"]),
                    .init(
                        name: "HUDKit", productType: "framework",
                        settings: iOS("1", "15.0", plist: "HUDKit/Info.plist"),
                        sources: ["HUDKit/StatusView.swift"], resources: ["HUDKit/StatusView.xib"]),
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("HUDKit/Info.plist", plistText([("CFBundlePackageType", "FMWK")])),
            ("App/Home.swift", "import UIKit\n\nlet title = \"Home\"\n"),
            ("HUDKit/StatusView.swift", "import UIKit\n\nfinal class StatusView: UIView {}\n"),
            (
                "HUDKit/StatusView.xib",
                storyboard(
                    """
                    <imageView id="i1" image="reservoir_mask">
                        <rect key="frame" x="0.0" y="0.0" width="14" height="14"/>
                    </imageView>
                    """, resources: [("reservoir_mask", 14, 14)],
                    type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
            ),
        ] + catalog("HUD/HUDAssets.xcassets", [
            ("reservoir_mask", universal("reservoir_mask")), ("old-gauge", universal("old-gauge")),
        ]),
        expected: [
            .init(rule: "unused-image", severity: .warning, path: "HUD/HUDAssets.xcassets/old-gauge.imageset", targets: ["App"])
        ]),
    // An iOS and a tvOS app compile the same Objective-C classes; the on-screen gamepad is created
    // only under `#if !TARGET_OS_TV` (Moonlight's OnScreenControls): its buttons are no question
    // for the TV app, whose Apple TV HD would load the @2x export in the 1x slot of the shared
    // set. The menu, created on both, still asks the TV app for its art.
    Scenario(
        name: "targets-objc-class-created-on-one-platform",
        images: [
            ("Shared/Controls.xcassets/b-button.imageset/b_80@2x.png", 80, 80),
            ("Shared/Controls.xcassets/b-button.imageset/b_120@3x.png", 120, 120),
        ]
            + universalFiles("Phone/Assets.xcassets", "a-button", 40)
            + universalFiles("Phone/Assets.xcassets", "menu-art", 40)
            + [("TV/Assets.xcassets/shelf.imageset/shelf.png", 200, 100),
               ("TV/Assets.xcassets/shelf.imageset/shelf@2x.png", 400, 200)],
        infoPlist: nil,
        texts: [
            (
                "Stream.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Phone", productType: "application",
                        settings: iOS("1", "12.0", plist: "Phone/Info.plist"),
                        sources: ["Shared/StreamView.m", "Shared/OnScreenControls.m", "Shared/Menu.m"],
                        resources: ["Phone/Assets.xcassets", "Shared/Controls.xcassets"]),
                    .init(
                        name: "TV", productType: "application",
                        settings: [
                            "SDKROOT": "appletvos", "TARGETED_DEVICE_FAMILY": "3", "TVOS_DEPLOYMENT_TARGET": "12.0",
                            "INFOPLIST_FILE": "TV/Info.plist",
                        ],
                        sources: ["Shared/StreamView.m", "Shared/OnScreenControls.m", "Shared/Menu.m"],
                        resources: ["TV/Assets.xcassets", "Shared/Controls.xcassets"]),
                ]).text
            ),
            ("Phone/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("TV/Info.plist", plistText(appInfo)),
            (
                "Shared/StreamView.m",
                """
                #import "OnScreenControls.h"
                #import "Menu.h"

                @implementation StreamView
                - (void)setUp {
                    _menu = [[Menu alloc] init];
                #if !TARGET_OS_TV
                    _controls = [[OnScreenControls alloc] initWithView:self];
                #endif
                    UIImage *shelf = [UIImage imageNamed:@"shelf"];
                }
                @end

                """
            ),
            (
                "Shared/OnScreenControls.m",
                """
                #import "OnScreenControls.h"

                @implementation OnScreenControls
                - (void)layout {
                    UIImage *a = [UIImage imageNamed:@"a-button"];
                    UIImage *b = [UIImage imageNamed:@"b-button"];
                }
                @end

                """
            ),
            (
                "Shared/Menu.m",
                """
                #import "Menu.h"

                @implementation Menu
                - (void)layout {
                    UIImage *art = [UIImage imageNamed:@"menu-art"];
                }
                @end

                """
            ),
        ] + catalog("Phone/Assets.xcassets", [("a-button", universal("a-button")), ("menu-art", universal("menu-art"))])
            + catalog("TV/Assets.xcassets", [("shelf", tvEntries("shelf"))])
            + catalog("Shared/Controls.xcassets", [
                ("b-button", [
                    [("filename", "b_80@2x.png"), ("idiom", "universal"), ("scale", "1x")],
                    [("filename", "b_120@3x.png"), ("idiom", "universal"), ("scale", "2x")],
                ])
            ]),
        expected: [
            .init(rule: "missing-image", severity: .warning, path: "Shared/Menu.m", line: 5, targets: ["TV"]),
            .init(rule: "missing-image", severity: .warning, path: "Shared/StreamView.m", line: 10, targets: ["Phone"]),
        ]),
    // A Xamarin watch app is a class library by its OutputType; what makes it a watch app is the
    // build it imports (Xamarin.WatchOS.App.CSharp.targets). Its catalog is its own: a file its
    // app icon set does not list is the watch app's finding, not the phone app's.
    Scenario(
        name: "targets-xamarin-watch-app",
        images: universalFiles("Phone/Resources/Images.xcassets", "box", 20)
            + [("Watch/Resources/Images.xcassets/AppIcons.appiconset/Icon-72.png", 72, 72)],
        infoPlist: nil,
        texts: [
            ("Phone/Info.plist", plistText(appInfo + [("MinimumOSVersion", "9.0"), ("UILaunchStoryboardName", "Launch")])),
            (
                "Phone/Phone.csproj",
                classicProject(
                    items: [
                        #"<Compile Include="Main.cs" />"#,
                        #"<ImageAsset Include="Resources\Images.xcassets\box.imageset\Contents.json" />"#,
                    ],
                    extra: #"<Import Project="$(MSBuildExtensionsPath)\Xamarin\iOS\Xamarin.iOS.CSharp.targets" />"#)
            ),
            ("Phone/Main.cs", "using UIKit;\n\npublic class Screen\n{\n    public static UIImage Art () { return UIImage.FromBundle (\"box\"); }\n}\n"),
            ("Watch/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("WKWatchKitApp", "YES")])),
            (
                "Watch/Watch.csproj",
                """
                <?xml version="1.0" encoding="utf-8"?>
                <Project DefaultTargets="Build" ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
                  <PropertyGroup>
                    <OutputType>Library</OutputType>
                  </PropertyGroup>
                  <ItemGroup>
                    <InterfaceDefinition Include="Interface.storyboard" />
                    <ImageAsset Include="Resources\\Images.xcassets\\AppIcons.appiconset\\Contents.json" />
                    <ImageAsset Include="Resources\\Images.xcassets\\AppIcons.appiconset\\Icon-72.png" />
                  </ItemGroup>
                  <Import Project="$(MSBuildExtensionsPath)\\Xamarin\\WatchOS\\Xamarin.WatchOS.App.CSharp.targets" />
                </Project>

                """
            ),
            ("Watch/Resources/Images.xcassets/Contents.json", catalogContents([])),
            ("Watch/Resources/Images.xcassets/AppIcons.appiconset/Contents.json", catalogContents([])),
        ] + catalog("Phone/Resources/Images.xcassets", [("box", universal("box"))]),
        expected: [
            .init(
                rule: "catalog-unassigned-file", severity: .warning,
                path: "Watch/Resources/Images.xcassets/AppIcons.appiconset/Icon-72.png", targets: ["Watch"])
        ]),
    // A .NET MAUI app whose pages are XAML in a Core library it references (Bitwarden's
    // layout): a name in a Core page keeps the app's image; the one no page names is unused.
    // Core, a class library by the SDK's default OutputType, is no app of its own.
    Scenario(
        name: "targets-maui-xaml-in-core",
        images: [
            ("App/Platforms/iOS/Resources/yubikey.png", 40, 40), ("App/Platforms/iOS/Resources/yubikey@2x.png", 80, 80),
            ("App/Platforms/iOS/Resources/yubikey@3x.png", 120, 120),
            ("App/Platforms/iOS/Resources/old_logo@2x.png", 80, 80), ("App/Platforms/iOS/Resources/old_logo@3x.png", 120, 120),
        ],
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App/App.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
                    <OutputType>Exe</OutputType>
                    <UseMaui>true</UseMaui>
                    <SingleProject>true</SingleProject>
                  </PropertyGroup>
                  <ItemGroup>
                    <ProjectReference Include="..\\Core\\Core.csproj" />
                  </ItemGroup>
                </Project>

                """
            ),
            (
                "App/Platforms/iOS/Info.plist",
                plistText(appInfo + [("MinimumOSVersion", "15.0"), ("UILaunchStoryboardName", "LaunchScreen")])
            ),
            ("App/MauiProgram.cs", "namespace App;\n\npublic static class MauiProgram { }\n"),
            (
                "Core/Core.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFrameworks>net8.0-android;net8.0-ios</TargetFrameworks>
                    <UseMaui>true</UseMaui>
                  </PropertyGroup>
                </Project>

                """
            ),
            (
                "Core/Pages/TwoFactorPage.xaml",
                """
                <ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui">
                    <Image Source="yubikey.png" HeightRequest="40"/>
                </ContentPage>

                """
            ),
        ],
        expected: [
            .init(rule: "unused-image", severity: .warning, path: "App/Platforms/iOS/Resources/old_logo@2x.png", targets: ["App"])
        ]),
    // A .NET MAUI app for iOS and Mac Catalyst (the template's frameworks) is an iOS app. Its
    // bitmap MauiImage items ship as they are, at 1x (beth.png: no retina variant); one the build
    // resizes (BaseSize) is written at each scale; one whose name the iOS resources take
    // (logo.png, with its @2x and @3x; `None Remove` leaves its BundleResource) is not the file
    // iOS loads. The README's screenshot beside the project ships in no app. A bitmap drawn
    // in an Image of a requested size with three pixels a point (yubi.png) is sharp everywhere.
    Scenario(
        name: "targets-maui-images",
        images: [
            ("App/Resources/Images/beth.png", 250, 250), ("App/Resources/Images/bot.png", 80, 80),
            ("App/Resources/Images/logo.png", 100, 20), ("App/Platforms/iOS/Resources/logo.png", 100, 20),
            ("App/Platforms/iOS/Resources/logo@2x.png", 200, 40), ("App/Platforms/iOS/Resources/logo@3x.png", 300, 60),
            ("images/screenshot.png", 600, 400), ("App/Resources/Images/yubi.png", 798, 480),
        ],
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App/App.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFrameworks>net9.0-android;net9.0-ios;net9.0-maccatalyst</TargetFrameworks>
                    <OutputType>Exe</OutputType>
                    <UseMaui>true</UseMaui>
                    <SingleProject>true</SingleProject>
                  </PropertyGroup>
                  <ItemGroup>
                    <MauiImage Include="Resources\\Images\\*" />
                    <MauiImage Update="Resources\\Images\\bot.png" BaseSize="40,40" />
                    <None Remove="Platforms\\iOS\\Resources\\logo.png" />
                  </ItemGroup>
                </Project>

                """
            ),
            (
                "App/Platforms/iOS/Info.plist",
                plistText(appInfo + [("MinimumOSVersion", "15.0"), ("UILaunchStoryboardName", "LaunchScreen")])
            ),
            (
                "App/MainPage.xaml",
                """
                <ContentPage xmlns="http://schemas.microsoft.com/dotnet/2021/maui">
                    <Image Source="beth.png"/>
                    <Image Source="bot.png"/>
                    <Image Source="logo.png"/>
                    <Image Source="yubi.png" WidthRequest="266" HeightRequest="160"/>
                </ContentPage>

                """
            ),
        ],
        uncheckedImages: 3,
        expected: [
            .init(rule: "missing-scale", severity: .warning, path: "App/Resources/Images/beth.png", targets: ["App"])
        ]),
    // Two sample apps of one repository ship a 1x-only Images/Logo.png each. Alpha's code spells
    // its path in a constant and hands `UIImage.FromBundle` names it does not spell there, so
    // Alpha may draw it: a retina variant is advised. Beta's code
    // spells nothing of it: its copy is not drawn as far as its code shows, and what Alpha's code
    // says is no evidence about Beta (with unused-image on, which reads every name).
    Scenario(
        name: "targets-size-advice-per-app",
        images: [("Alpha/Images/Logo.png", 40, 40), ("Beta/Images/Logo.png", 40, 40)],
        infoPlist: nil,
        texts: [(".tallcheck.yml", "opt_in_rules: [unused-image]\n")]
            + ["Alpha", "Beta"].flatMap { app -> [(path: String, text: String)] in
                [
                    ("\(app)/Info.plist", plistText(appInfo + [("MinimumOSVersion", "9.0"), ("UILaunchStoryboardName", "Launch")])),
                    (
                        "\(app)/\(app).csproj",
                        classicProject(items: [#"<Compile Include="Main.cs" />"#, #"<BundleResource Include="Images\Logo.png" />"#])
                    ),
                    (
                        "\(app)/Main.cs",
                        app == "Alpha"
                            ? "public static class Names\n{\n    public const string Logo = \"Images/Logo.png\";\n"
                                + "    public static UIImage Load(string name) => UIImage.FromBundle(name);\n}\n"
                            : "public static class Names\n{\n    public const string Title = \"Beta\";\n}\n"
                    ),
                ]
            },
        expected: [.init(rule: "missing-scale", severity: .warning, path: "Alpha/Images/Logo.png", targets: ["Alpha"])]),
    // An iOS 12 app and its visionOS app share a file whose iOS 12 fallback asks for an image
    // neither ships. The visionOS target inherits the project's SDKROOT (iphoneos) but supports
    // only xros (VLC's): it is a visionOS app, where `#available(iOS 13, *)` is always true and
    // the fallback never runs. On iOS 12 it runs, and finds nothing.
    Scenario(
        name: "targets-visionos-availability",
        images: universalFiles("App/Assets.xcassets", "logo", 40),
        infoPlist: nil,
        texts: [
            (
                "Player.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Player", productType: "application", settings: iOS("1,2", "12.0", plist: "App/Info.plist"),
                        sources: ["Shared/Controls.swift"], resources: ["App/Assets.xcassets"]),
                    .init(
                        name: "Player-visionOS", productType: "application",
                        settings: iOS("7", "12.0", plist: "App/Info.plist").merging([
                            "SUPPORTED_PLATFORMS": "xros xrsimulator", "XROS_DEPLOYMENT_TARGET": "1.0",
                        ]) { $1 },
                        sources: ["Shared/Controls.swift"], resources: ["App/Assets.xcassets"]),
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            (
                "Shared/Controls.swift",
                """
                import UIKit

                let logo = UIImage(named: "logo")
                func lockImage() -> UIImage? {
                    if #available(iOS 13.0, *) {
                        return UIImage(systemName: "lock.rotation")
                    } else {
                        return UIImage(named: "lock.rotation")
                    }
                }

                """
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        expected: [
            .init(rule: "missing-image", severity: .error, path: "Shared/Controls.swift", line: 8, targets: ["Player"])
        ]),
    // A .NET for iOS app beside its watch app's Xcode project: both are read, each a target of
    // its own, and the .NET app is the primary one. Its code asks for a camera image it lacks.
    // The watch app's catalog is outside the .NET project's folder: the .NET app does not
    // compile it (the report counts the primary app's 2 images).
    Scenario(
        name: "targets-dotnet-beside-xcode",
        images: [("Phone/Resources/logo@2x.png", 80, 80), ("Phone/Resources/logo@3x.png", 120, 120)]
            + universalFiles("Watch/Assets.xcassets", "ring", 20),
        infoPlist: nil,
        texts: [
            (
                "Phone/Phone.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net8.0-ios</TargetFramework>
                    <OutputType>Exe</OutputType>
                    <SupportedOSPlatformVersion>15.0</SupportedOSPlatformVersion>
                  </PropertyGroup>
                </Project>

                """
            ),
            (
                "Phone/Info.plist",
                plistText(appInfo + [("UILaunchStoryboardName", "LaunchScreen"), ("MinimumOSVersion", "15.0")])
            ),
            (
                "Phone/AppDelegate.cs",
                """
                using UIKit;

                public class Screens
                {
                    public static UIImage Logo () { return UIImage.FromBundle ("logo"); }
                    public static UIImage Camera () { return UIImage.FromBundle ("camera"); }
                }

                """
            ),
            (
                "Watch/Watch.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Watch", productType: "application",
                        settings: [
                            "SDKROOT": "watchos", "WATCHOS_DEPLOYMENT_TARGET": "10.0", "TARGETED_DEVICE_FAMILY": "4",
                            "INFOPLIST_FILE": "Watch/Info.plist",
                        ],
                        sources: ["Watch/RingView.swift"], resources: ["Watch/Assets.xcassets"])
                ]).text
            ),
            ("Watch/Info.plist", plistText(appInfo)),
            ("Watch/RingView.swift", "import SwiftUI\n\nstruct RingView: View {\n    var body: some View { Image(\"ring\") }\n}\n"),
        ] + catalog("Watch/Assets.xcassets", [("ring", universal("ring"))]),
        uncheckedImages: 3,
        expected: [
            .init(rule: "missing-image", severity: .error, path: "Phone/AppDelegate.cs", line: 6, targets: ["Phone"])
        ]),
    // A vendored SDK with its sample app: the sample's project is not one of the app's, and
    // the image its code asks for is the SDK's business, not the app's.
    Scenario(
        name: "targets-vendored-sdk-samples",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + [("Vendor/SocialSDK/Samples/Share/Share/Images/share@2x.png", 40, 40)],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"], resources: ["App/Assets.xcassets"])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
            (
                "Vendor/SocialSDK/Samples/Share/Share.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Share", productType: "application",
                        settings: iOS("1", "9.0", plist: "Share/Info.plist"), sources: ["Share/ShareViewController.m"],
                        resources: ["Share/Images/share@2x.png"])
                ]).text
            ),
            ("Vendor/SocialSDK/Samples/Share/Share/Info.plist", plistText(appInfo)),
            (
                "Vendor/SocialSDK/Samples/Share/Share/ShareViewController.m",
                "#import <UIKit/UIKit.h>\n\nstatic UIImage *Button(void) { return [UIImage imageNamed:@\"share-button\"]; }\n"
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        uncheckedImages: 1,
        expected: []),
    // A target whose Run Script phase copies branding art into the app (ownCloud's "Copy
    // branding assets"): a name that a file of the tree has, which the target does not copy
    // (Branding/branding-splash-logo@2x.png), is the script's, most likely: not reported. A name
    // no file of the tree has may be made there too, so it is a warning that says so, not an error.
    Scenario(
        name: "targets-run-script-copies-art",
        images: universalFiles("App/Assets.xcassets", "logo", 40) + [("Branding/branding-splash-logo@2x.png", 200, 80)],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Splash.swift"], resources: ["App/Assets.xcassets"],
                        scripts: [
                            (
                                "Copy branding assets",
                                "cp \"${SRCROOT}/Branding/\"branding-*.png \"${TARGET_BUILD_DIR}/${WRAPPER_NAME}/\""
                            )
                        ])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            (
                "App/Splash.swift",
                "import UIKit\n\nlet logo = UIImage(named: \"logo\")\nlet brand = UIImage(named: \"branding-splash-logo\")\n"
                    + "let back = UIImage(named: \"branding-splash-background\")\n"
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        // The branding file is in the tree but in no Copy Bundle Resources: left out, not counted.
        uncheckedImages: 1,
        expected: [.init(rule: "missing-image", severity: .warning, path: "App/Splash.swift", line: 5, targets: ["App"])]),
    // A project naming a file in another case than the disk has it (ozAtlas's
    // BioCollect-logo.png, on disk Biocollect-logo.png): Xcode on a Mac copies it under the
    // project's name, so the code's name loads.
    Scenario(
        name: "targets-project-name-in-another-case",
        images: [("App/Images/Biocollect-logo@2x.png", 200, 80), ("App/Images/Biocollect-logo@3x.png", 300, 120)],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "12.0", plist: "App/Info.plist"),
                        sources: ["App/Login.m"],
                        resources: ["App/Images/BioCollect-logo@2x.png", "App/Images/BioCollect-logo@3x.png"])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            (
                "App/Login.m",
                "#import <UIKit/UIKit.h>\n\nstatic UIImage *Logo(void) { return [UIImage imageNamed:@\"BioCollect-logo\"]; }\n"
            ),
        ],
        expected: []),
    // A folder reference copied whole (ownCloud's doc/ with its store screenshots): when most
    // of its many images are named by nothing, one finding on the folder, not one a file; the
    // size findings of its files go with it.
    Scenario(
        name: "targets-unused-folder-reference",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + (1...12).map { ("Docs/screens/screen\($0).png", 600, 1000) } + [("Docs/cover.png", 300, 200)],
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"], resources: ["App/Assets.xcassets", "Docs"])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\nlet cover = UIImage(named: \"Docs/cover\")\n"),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))]),
        expected: [.init(rule: "unused-image", severity: .warning, path: "Docs", targets: ["App"])]),
    // Names that differ only in case in different folders of the bundle (a folder reference's
    // img/Logo.png, a flat logo.png): side by side nowhere, so no clash.
    Scenario(
        name: "targets-case-twins-in-other-folders",
        images: [
            ("App/Images/logo@2x.png", 200, 80), ("App/Images/logo@3x.png", 300, 120),
            ("Help/img/Logo@2x.png", 200, 80), ("Help/img/Logo@3x.png", 300, 120),
        ],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"],
                        resources: ["App/Images/logo@2x.png", "App/Images/logo@3x.png", "Help"])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\nlet help = UIImage(named: \"Help/img/Logo\")\n"),
        ],
        expected: []),
    // Focus's launch screen set is filled by a Run Script phase that copies the product's own
    // wordmark into it (`cp … wordmark.imageset/wordmark.png … launchscreen.imageset/…`): the two
    // sets are alike by design, and duplicate-image leaves them alone.
    Scenario(
        name: "targets-run-script-fills-set",
        images: [],
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Home.swift"], resources: ["App/Assets.xcassets"],
                        scripts: [
                            (
                                "Copy Wordmark",
                                "if [ \"$PRODUCT_NAME\" = \"Klar\" ]; then\n  cp -v \"$SRCROOT/App/Assets.xcassets/wordmark.imageset/wordmark.png\" \\\n"
                                    + "    \"$SRCROOT/App/Assets.xcassets/launchscreen.imageset/launchscreen.png\"\nfi\n"
                            )
                        ])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"wordmark\")\nlet launch = UIImage(named: \"launchscreen\")\n"),
        ] + catalog("App/Assets.xcassets", [("wordmark", universal("wordmark")), ("launchscreen", universal("launchscreen"))]),
        // The same pixels in both sets, as the script leaves them.
        binaries: ["wordmark", "launchscreen"].flatMap { name in
            [(1, ""), (2, "@2x"), (3, "@3x")].map { scale, suffix in
                (
                    path: "App/Assets.xcassets/\(name).imageset/\(name)\(suffix).png",
                    bytes: PNGBuilder(width: 40 * scale, height: 40 * scale, colorType: 0).encoded()
                )
            }
        },
        expected: []),
    // Loop's "Build Derived Assets" phase runs a script file that fills the catalog the target
    // compiles: what that file writes is not in the project, so a name it may make is a warning.
    // A set in a catalog of the tree the target does not compile (DerivedAssetsBase.xcassets,
    // which the script copies), a custom symbol set too, is what the script makes: not reported.
    Scenario(
        name: "targets-run-script-file-makes-assets",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + universalFiles("App/DerivedAssetsBase.xcassets", "bolus", 24),
        infoPlist: nil,
        texts: [
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application", settings: iOS("1", "15.0", plist: "App/Info.plist"),
                        sources: ["App/Status.swift"], resources: ["App/Assets.xcassets"],
                        scripts: [("Build Derived Assets", "\"${SRCROOT}/Scripts/build-derived-assets.sh\" \"${SRCROOT}/App\"")])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            (
                "App/Status.swift",
                "import UIKit\n\nlet logo = UIImage(named: \"logo\")\nlet meal = UIImage(named: \"Pre-Meal\")\n"
                    + "let bolus = UIImage(named: \"bolus\")\nlet workout = UIImage(named: \"workout-symbol\")\n"
            ),
            (
                "App/DerivedAssetsBase.xcassets/workout-symbol.symbolset/Contents.json",
                #"{ "symbols" : [ { "filename" : "workout.svg", "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
            ),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))])
            + catalog("App/DerivedAssetsBase.xcassets", [("bolus", universal("bolus"))]),
        uncheckedImages: 3,
        expected: [.init(rule: "missing-image", severity: .warning, path: "App/Status.swift", line: 4, targets: ["App"])]),
    // Loop's watch extension runs the script that fills its watch app's catalog
    // ("Build Derived Assets" copies WatchApp/DerivedAssetsBase.xcassets): the watch app's
    // storyboard names a set of that uncompiled catalog, which the script makes, so nothing is missing.
    Scenario(
        name: "targets-watch-extension-script-makes-assets",
        images: [
            ("WatchApp/Assets.xcassets/ring.imageset/ring.png", 80, 80),
            ("WatchApp/DerivedAssetsBase.xcassets/bolus.imageset/bolus.png", 48, 48),
        ],
        infoPlist: nil,
        texts: [
            (
                "Loop.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "WatchApp", productType: "application.watchapp2",
                        settings: [
                            "SDKROOT": "watchos", "TARGETED_DEVICE_FAMILY": "4", "WATCHOS_DEPLOYMENT_TARGET": "9.0",
                            "INFOPLIST_FILE": "WatchApp/Info.plist",
                        ],
                        resources: ["WatchApp/Assets.xcassets", "WatchApp/Base.lproj/Interface.storyboard"],
                        dependencies: ["WatchApp Extension"]),
                    .init(
                        name: "WatchApp Extension", productType: "watchkit2-extension",
                        settings: [
                            "SDKROOT": "watchos", "TARGETED_DEVICE_FAMILY": "4", "WATCHOS_DEPLOYMENT_TARGET": "9.0",
                            "INFOPLIST_FILE": "WatchExt/Info.plist",
                        ],
                        sources: ["WatchExt/Controller.swift"],
                        scripts: [("Build Derived Assets", "\"${SRCROOT}/Scripts/build-derived-assets.sh\" \"${SRCROOT}/WatchApp\"")]),
                ]).text
            ),
            ("WatchApp/Info.plist", plistText(appInfo)),
            ("WatchExt/Info.plist", plistText(appInfo)),
            ("WatchExt/Controller.swift", "import WatchKit\n\nlet ring = UIImage(named: \"ring\")\n"),
            (
                "WatchApp/Base.lproj/Interface.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit">
                    <scenes><scene sceneID="s"><objects>
                        <controller id="c" customClass="InterfaceController"><items>
                            <imageView alignment="left" image="bolus" id="i"/>
                        </items></controller>
                    </objects></scene></scenes>
                </document>

                """
            ),
        ] + catalog("WatchApp/Assets.xcassets", [("ring", [[("filename", "ring.png"), ("idiom", "watch"), ("scale", "2x")]])])
            + catalog(
                "WatchApp/DerivedAssetsBase.xcassets",
                [("bolus", [[("filename", "bolus.png"), ("idiom", "watch"), ("scale", "2x")]])]),
        uncheckedImages: 1,
        expected: []),
    // DEVELOPMENT_ASSET_PATHS (SwiftUI previews' assets, Element X's test media): left out of an
    // archived build, so nothing there is unused, missing a scale or an LFS pointer to fetch.
    Scenario(
        name: "targets-development-assets",
        images: universalFiles("App/Assets.xcassets", "logo", 40)
            + universalFiles("App/Previews/Preview Assets.xcassets", "sample-avatar", 40)
            + [("DevelopmentAssets/Media/test_image.png", 120, 80)],
        infoPlist: nil,
        texts: [
            (".tallcheck.yml", "opt_in_rules: [unused-image]\n"),
            (
                "App.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "App", productType: "application",
                        settings: iOS("1", "17.0", plist: "App/Info.plist").merging([
                            "DEVELOPMENT_ASSET_PATHS": "App/Previews DevelopmentAssets/Media"
                        ]) { $1 },
                        sources: ["App/Home.swift"],
                        resources: [
                            "App/Assets.xcassets", "App/Previews/Preview Assets.xcassets",
                            "DevelopmentAssets/Media/test_image.png",
                        ])
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
        ] + catalog("App/Assets.xcassets", [("logo", universal("logo"))])
            + catalog("App/Previews/Preview Assets.xcassets", [("sample-avatar", universal("sample-avatar"))]),
        uncheckedImages: 4,
        expected: []),
    // An iOS and a tvOS app sharing code: each file is judged against each app that builds it; a
    // name that loads in the phone app only is a warning, as the TV app may never run that line.
    Scenario(
        name: "targets-ios-tvos-shared",
        images: universalFiles("Phone/Assets.xcassets", "poster", 100)
            + universalFiles("Phone/Assets.xcassets", "badge", 20)
            + [
                ("TV/Assets.xcassets/poster.imageset/poster-tv.png", 300, 200),
                ("TV/Assets.xcassets/poster.imageset/poster-tv@2x.png", 600, 400),
                ("TV/Assets.xcassets/shelf.imageset/shelf.png", 200, 100),
                ("TV/Assets.xcassets/shelf.imageset/shelf@2x.png", 400, 200),
            ],
        infoPlist: nil,
        texts: [
            (
                "Showcase.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Phone", productType: "application",
                        settings: iOS("1", "12.0", plist: "Phone/Info.plist"),
                        sources: ["Shared/Artwork.swift", "Phone/PhoneMenu.swift"], resources: ["Phone/Assets.xcassets"]
                    ),
                    .init(
                        name: "TV", productType: "application",
                        settings: [
                            "SDKROOT": "appletvos", "TARGETED_DEVICE_FAMILY": "3", "TVOS_DEPLOYMENT_TARGET": "12.0",
                            "INFOPLIST_FILE": "TV/Info.plist",
                        ],
                        sources: ["Shared/Artwork.swift", "TV/ShelfController.m"],
                        resources: ["TV/Assets.xcassets", "TV/Main.storyboard"]),
                ]).text
            ),
            ("Phone/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("TV/Info.plist", plistText(appInfo)),
            (
                "Shared/Artwork.swift",
                "import UIKit\n\nlet poster = UIImage(named: \"poster\")\nlet badge = UIImage(named: \"badge\")\n"
            ),
            ("Phone/PhoneMenu.swift", "import UIKit\n\nlet menuBadge = UIImage(named: \"badge\")\n"),
            (
                "TV/ShelfController.m",
                "#import <UIKit/UIKit.h>\n\nstatic UIImage *Shelf(void) { return [UIImage imageNamed:@\"shelf\"]; }\n"
            ),
            (
                "TV/Main.storyboard",
                storyboard(
                    """
                    <imageView id="i1" image="shelf">
                        <accessibility key="accessibilityConfiguration">
                            <accessibilityTraits key="traits" image="YES" header="YES"/>
                        </accessibility>
                    </imageView>
                    """, resources: [("shelf", 200, 100)], type: "com.apple.InterfaceBuilder.AppleTV.Storyboard",
                    runtime: "AppleTV")
            ),
        ] + catalog("Phone/Assets.xcassets", [("poster", universal("poster")), ("badge", universal("badge"))])
            + catalog(
                "TV/Assets.xcassets",
                [
                    (
                        "poster",
                        tvEntries("poster-tv")
                    ),
                    (
                        "shelf",
                        tvEntries("shelf")
                    ),
                ]),
        expected: [
            .init(rule: "missing-image", severity: .warning, path: "Shared/Artwork.swift", line: 4, targets: ["TV"])
        ]),
    // A watchOS app with watch-idiom sets, one per case size, beside its iOS app.
    Scenario(
        name: "targets-watch-app",
        images: universalFiles("Runner/Assets.xcassets", "trophy", 30) + [
            ("Watch/Assets.xcassets/ring.imageset/ring.png", 80, 80),
            ("Watch/Assets.xcassets/ring.imageset/ring-44mm.png", 100, 100),
        ],
        infoPlist: nil,
        texts: [
            (
                "Runner.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Runner", productType: "application",
                        settings: iOS("1", "16.0", plist: "Runner/Info.plist"), sources: ["Runner/Main.swift"],
                        resources: ["Runner/Assets.xcassets"], dependencies: ["RunnerWatch"]),
                    .init(
                        name: "RunnerWatch", productType: "application",
                        settings: [
                            "SDKROOT": "watchos", "TARGETED_DEVICE_FAMILY": "4", "WATCHOS_DEPLOYMENT_TARGET": "9.0",
                            "INFOPLIST_FILE": "Watch/Info.plist",
                        ],
                        sources: ["Watch/RingView.swift"], resources: ["Watch/Assets.xcassets"]),
                ]).text
            ),
            ("Runner/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("Watch/Info.plist", plistText(appInfo)),
            ("Runner/Main.swift", "import UIKit\n\nlet trophy = UIImage(named: \"trophy\")\n"),
            (
                "Watch/RingView.swift",
                "import SwiftUI\n\nstruct RingView: View {\n    var body: some View { Image(\"ring\") }\n}\n"
            ),
        ] + catalog("Runner/Assets.xcassets", [("trophy", universal("trophy"))])
            + catalog(
                "Watch/Assets.xcassets",
                [
                    (
                        "ring",
                        [
                            [("filename", "ring.png"), ("idiom", "watch"), ("scale", "2x")],
                            [
                                ("filename", "ring-44mm.png"), ("idiom", "watch"), ("scale", "2x"),
                                ("screen-width", ">183"),
                            ],
                        ]
                    )
                ]),
        expected: []),
    // `<accessibilityTraits image="YES">` is a trait, not an image named YES.
    Scenario(
        name: "ib-accessibility-traits",
        images: [
            ("App/Images/logo.png", 40, 40), ("App/Images/logo@2x.png", 80, 80), ("App/Images/logo@3x.png", 120, 120),
            ("App/Images/play.png", 20, 20), ("App/Images/play@2x.png", 40, 40), ("App/Images/play@3x.png", 60, 60),
        ],
        infoPlist: phoneInfo,
        texts: [
            (
                "App/Main.storyboard",
                storyboard(
                    """
                    <imageView id="i1" image="logo">
                        <accessibility key="accessibilityConfiguration">
                            <accessibilityTraits key="traits" image="YES" header="YES"/>
                        </accessibility>
                    </imageView>
                    <button id="b1">
                        <state key="normal" image="play"/>
                    </button>
                    """, resources: [("logo", 40, 40), ("play", 20, 20)])
            )
        ],
        expected: []),
    // "photo.jpg" asked for where only the image set photo exists: UIKit's answer is not
    // documented, so a warning that says so, never an error. "banner.png" for the set banner
    // is what apps have shipped for years with the image showing: not reported.
    Scenario(
        name: "name-with-extension-set",
        images: universalFiles("App/Assets.xcassets", "banner", 50) + universalFiles("App/Assets.xcassets", "photo", 60),
        infoPlist: phoneInfo,
        texts: [
            (
                "App/Banner.swift",
                "import UIKit\n\nlet banner = UIImage(named: \"banner.png\")\nlet photo = UIImage(named: \"photo.jpg\")\n"
            )
        ]
            + catalog("App/Assets.xcassets", [("banner", universal("banner")), ("photo", universal("photo"))]),
        expected: [.init(rule: "missing-image", severity: .warning, path: "App/Banner.swift", line: 4)]),
    // The seed's helper loads Header-568h@2x.png with FromFile on tall phones and returns what it
    // gets: without the file, nil on every tall phone.
    Scenario(
        name: "tall-suffix-no-fallback",
        images: headerImages, infoPlist: phoneInfo,
        texts: [("App/Tall.cs", seedHelper), ("App/HeaderView.cs", screens)],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/HeaderView.cs", line: 5)]),
    Scenario(
        name: "tall-suffix-no-fallback-present",
        images: headerImages + [("Images/Header-568h@2x.png", 640, 376)], infoPlist: phoneInfo,
        texts: [("App/Tall.cs", seedHelper), ("App/HeaderView.cs", screens)],
        expected: []),
    // The seed guide's helper, in its shape: the suffix from a field, the name from Path methods.
    Scenario(
        name: "tall-suffix-seed-helper",
        images: headerImages, infoPlist: phoneInfo,
        texts: [("App/Tall.cs", seedShapedHelper), ("App/HeaderView.cs", screens)],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/HeaderView.cs", line: 5)]),
    Scenario(
        name: "tall-suffix-seed-helper-present",
        images: headerImages + [("Images/Header-568h@2x.png", 640, 376)], infoPlist: phoneInfo,
        texts: [("App/Tall.cs", seedShapedHelper), ("App/HeaderView.cs", screens)],
        expected: []),
    // A helper that falls back: tall phones get the 3.5-inch image, a warning.
    Scenario(
        name: "tall-suffix-helper-falls-back",
        images: headerImages, infoPlist: phoneInfo,
        texts: [("App/Tall.cs", fallingBackHelper), ("App/HeaderView.cs", screens)],
        expected: [.init(rule: "tall-suffix-fallback", severity: .warning, path: "App/HeaderView.cs", line: 5)]),
    // The shape of a real project: an iOS app, a share extension with its storyboard, a widget
    // sharing code with the app, a tvOS app with brand assets, a framework and tests. No error.
    Scenario(
        name: "targets-app-extensions-tvos",
        images: universalFiles("App/Assets.xcassets", "brand", 60)
            + universalFiles("App/Assets.xcassets", "tab-home", 25)
            + universalFiles("Share/Media.xcassets", "share-logo", 30)
            + universalFiles("Today/Assets.xcassets", "brand", 60)
            + [
                ("TV/Assets.xcassets/brand.imageset/brand-tv.png", 400, 240),
                ("TV/Assets.xcassets/brand.imageset/brand-tv@2x.png", 800, 480),
                (
                    "TV/Assets.xcassets/App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/shelf.png", 192,
                    72
                ),
                (
                    "TV/Assets.xcassets/App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/shelf@2x.png",
                    384, 144
                ),
            ],
        infoPlist: nil,
        texts: [
            (
                "Reader.xcodeproj/project.pbxproj",
                PBXProjWriter(targets: [
                    .init(
                        name: "Reader", productType: "application",
                        settings: iOS("1,2", "13.0", plist: "App/Info.plist"),
                        sources: ["App/AppDelegate.swift", "Shared/Brand.swift"],
                        resources: ["App/Assets.xcassets", "App/Main.storyboard"], dependencies: ["Share", "Today"]),
                    .init(
                        name: "Share", productType: "app-extension",
                        settings: iOS("1,2", "13.0", plist: "Share/Info.plist"),
                        sources: ["Share/ShareViewController.swift"],
                        resources: ["Share/Media.xcassets", "Share/MainInterface.storyboard"]),
                    .init(
                        name: "Today", productType: "app-extension",
                        settings: iOS("1,2", "14.0", plist: "Today/Info.plist"),
                        sources: ["Today/TodayView.swift", "Shared/Brand.swift"], resources: ["Today/Assets.xcassets"]),
                    .init(
                        name: "ReaderTV", productType: "application",
                        settings: [
                            "SDKROOT": "appletvos", "TARGETED_DEVICE_FAMILY": "3", "TVOS_DEPLOYMENT_TARGET": "13.0",
                            "INFOPLIST_FILE": "TV/Info.plist",
                        ],
                        sources: ["TV/TVHome.swift"], resources: ["TV/Assets.xcassets"]),
                    .init(
                        name: "BrandKit", productType: "framework",
                        settings: iOS("1,2", "13.0", plist: "BrandKit/Info.plist"),
                        sources: ["BrandKit/Palette.swift"]),
                    .init(
                        name: "ReaderTests", productType: "bundle.unit-test",
                        settings: iOS("1,2", "13.0", plist: "ReaderTests/Info.plist"),
                        sources: ["ReaderTests/SnapshotTests.swift"]),
                ]).text
            ),
            ("App/Info.plist", plistText(appInfo + [("UILaunchStoryboardName", "Launch")])),
            ("Share/Info.plist", plistText(extensionInfo)),
            ("Today/Info.plist", plistText(extensionInfo)),
            ("TV/Info.plist", plistText(appInfo)),
            ("App/AppDelegate.swift", "import UIKit\n\nlet home = UIImage(named: \"tab-home\")\n"),
            (
                "Shared/Brand.swift",
                "import UIKit\n\n// The brand mark, in the app and in the widget.\nlet brand = UIImage(named: \"brand\")\n"
            ),
            ("Share/ShareViewController.swift", "import UIKit\n\nlet shareLogo = UIImage(named: \"share-logo\")\n"),
            (
                "Today/TodayView.swift",
                "import SwiftUI\n\nstruct TodayView: View {\n    // The brand.\n    var body: some View { Image(\"brand\") }\n}\n"
            ),
            ("TV/TVHome.swift", "import UIKit\n\nlet tvBrand = UIImage(named: \"brand\")\n"),
            (
                "BrandKit/Palette.swift",
                "import UIKit\n\nlet palette = UIImage(named: \"palette\", in: .main, compatibleWith: nil)\n"
            ),
            ("ReaderTests/SnapshotTests.swift", "import UIKit\n\nlet fixture = UIImage(named: \"fixture-only\")\n"),
            (
                "App/Main.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <tabBarController id="t1">
                                    <tabBar key="tabBar" id="t2"/>
                                </tabBarController>
                                <viewController id="v1">
                                    <tabBarItem key="tabBarItem" title="Home" image="tab-home" id="t3"/>
                                </viewController>
                            </objects>
                        </scene>
                    </scenes>
                    <resources>
                        <image name="tab-home" width="25" height="25"/>
                    </resources>
                </document>

                """
            ),
            (
                "Share/MainInterface.storyboard",
                storyboard(#"<imageView id="i1" image="share-logo"/>"#, resources: [("share-logo", 30, 30)])
            ),
            (
                "TV/Assets.xcassets/App Icon & Top Shelf Image.brandassets/Contents.json",
                #"{ "assets" : [ { "filename" : "Top Shelf Image.imageset", "idiom" : "tv", "role" : "top-shelf-image", "size" : "1920x720" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
                    + "\n"
            ),
            (
                "TV/Assets.xcassets/App Icon & Top Shelf Image.brandassets/Top Shelf Image.imageset/Contents.json",
                catalogContents(
                    [
                        catalogEntry([("filename", "shelf.png"), ("idiom", "tv"), ("scale", "1x")]),
                        catalogEntry([("filename", "shelf@2x.png"), ("idiom", "tv"), ("scale", "2x")]),
                    ])
            ),
        ] + catalog("App/Assets.xcassets", [("brand", universal("brand")), ("tab-home", universal("tab-home"))])
            + catalog("Share/Media.xcassets", [("share-logo", universal("share-logo"))])
            + catalog("Today/Assets.xcassets", [("brand", universal("brand"))])
            + catalog(
                "TV/Assets.xcassets",
                [
                    (
                        "brand",
                        tvEntries("brand-tv")
                    )
                ]),
        uncheckedImages: 2, expected: []),
    // Findings a maintainer would not act on (issue 35): a name cleared on purpose, a 1x image
    // larger than every screen, a 1-pixel tile. The one 1x icon that is upscaled stays.
    Scenario(
        name: "quiet-by-design",
        images: [
            ("App/Images/Backdrop.png", 2048, 1536), ("App/Images/Divider.png", 1, 40),
            ("App/Images/Gear.png", 30, 30),
        ],
        infoPlist: phoneInfo,
        texts: [
            (
                "App/Cells.m",
                "#import <UIKit/UIKit.h>\n\nstatic void Clear(UIImageView *view) { view.image = [UIImage imageNamed:@\"\"]; }\n"
                    + "static UIImage *Backdrop(void) { return [UIImage imageNamed:@\"Backdrop\"]; }\n"
                    + "static UIImage *Divider(void) { return [UIImage imageNamed:@\"Divider\"]; }\n"
                    + "static UIImage *Gear(void) { return [UIImage imageNamed:@\"Gear\"]; }\n"
            )
        ],
        expected: [.init(rule: "missing-scale", severity: .warning, path: "App/Images/Gear.png")]),
]
