@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// Scenarios for issue 35, one small app per class of finding a maintainer would not act on,
/// each written from what real projects do (nothing copied from one): the app names, ships or
/// draws its images in a way a lint that follows only literal names misjudges. Each lints to
/// exactly the findings a maintainer would act on.

private let phoneApp: [String: Scenario.PlistValue] = [
    "CFBundlePackageType": .string("APPL"), "UIDeviceFamily": .array([.int(1), .int(2)]),
    "MinimumOSVersion": .string("15.0"), "UILaunchStoryboardName": .string("Launch"),
]

private let unusedImageOn = (path: ".tallcheck.yml", text: "opt_in_rules: [unused-image]\n")

/// Loose `name@2x.png` and `name@3x.png` at `points` square.
private func loose(_ folder: String, _ names: [String], points: Int = 20) -> [(String, Int, Int)] {
    names.flatMap { name in
        [("\(folder)/\(name)@2x.png", points * 2, points * 2), ("\(folder)/\(name)@3x.png", points * 3, points * 3)]
    }
}

/// A catalog's root, and for each set name (`Icons/star` inside a namespace folder) a set at
/// @2x and @3x; the files come from ``setFiles``.
private func catalogTexts(_ catalog: String, _ names: [String], namespaces: [String] = []) -> [(
    path: String, text: String
)] {
    [("\(catalog)/Contents.json", catalogContents([]))]
        + namespaces.map {
            ("\(catalog)/\($0)/Contents.json", catalogContents([], properties: #"{ "provides-namespace" : true }"#))
        }
        + names.map { name in
            let base = String(name.split(separator: "/").last!)
            return (
                "\(catalog)/\(name).imageset/Contents.json",
                catalogContents([
                    catalogEntry([("filename", "\(base)@2x.png"), ("idiom", "universal"), ("scale", "2x")]),
                    catalogEntry([("filename", "\(base)@3x.png"), ("idiom", "universal"), ("scale", "3x")]),
                ])
            )
        }
}

private func setFiles(_ catalog: String, _ names: [String], points: Int = 20) -> [(String, Int, Int)] {
    names.flatMap { name in
        let base = String(name.split(separator: "/").last!)
        return [
            ("\(catalog)/\(name).imageset/\(base)@2x.png", points * 2, points * 2),
            ("\(catalog)/\(name).imageset/\(base)@3x.png", points * 3, points * 3),
        ]
    }
}

private let promoSets = ["promo-banner-spring", "promo-banner-summer", "promo-banner-autumn", "promo-banner-winter"]
private let flowSets = ["hero-image", "partner-logo", "Icons/star", "tab-bar-home", "old-promo"]
private let flowLoose = [
    "tab-home", "tab-profile", "notifications", "privacy", "badge-gold", "close-button", "back-arrow",
    "AppIcon-Dark-preview", "legacy-banner", "header-icon",
]

/// An iPhone app icon set: 60 pt at @2x and @3x, and the App Store icon.
private let phoneIconSet = catalogContents(
    [
        [("size", "60x60"), ("idiom", "iphone"), ("filename", "icon@2x.png"), ("scale", "2x")],
        [("size", "60x60"), ("idiom", "iphone"), ("filename", "icon@3x.png"), ("scale", "3x")],
        [("size", "1024x1024"), ("idiom", "ios-marketing"), ("filename", "store.png"), ("scale", "1x")],
    ].map(catalogEntry))

/// `App.xcodeproj` with one iOS app target, App (iPhone, iOS 15 unless `settings` says otherwise),
/// whose Info.plist is App/Info.plist and code App/Home.swift.
private func appProject(
    settings: [String: String] = [:], resources: [String] = ["App/Assets.xcassets"],
    configurations: [String: [String: String]] = [:]
) -> (path: String, text: String) {
    let base = [
        "SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "1", "IPHONEOS_DEPLOYMENT_TARGET": "15.0",
        "INFOPLIST_FILE": "App/Info.plist",
    ]
    return (
        "App.xcodeproj/project.pbxproj",
        PBXProjWriter(targets: [
            .init(
                name: "App", productType: "application", settings: base.merging(settings) { _, new in new },
                sources: ["App/Home.swift"], resources: resources, configurations: configurations)
        ]).text
    )
}

/// An IB3-era archive xib (as Xcode 3 and 4 wrote them, and MonoTouch samples ship) holding
/// one `IBUIImageView` for each of `views`: its `IBUIContentMode`, `NSvFlags`, `NSFrame` size
/// and the `NSResourceName` of its image.
private func archiveXib(views: [(mode: Int, flags: Int, size: String, image: String)]) -> String {
    let objects = views.enumerated().map { index, view in
        """
                <object class="IBUIImageView" id="\(100 + index)">
                    <int key="NSvFlags">\(view.flags)</int>
                    <string key="NSFrame">{{20, \(20 + 100 * index)}, {\(view.size)}}</string>
                    <int key="IBUIContentMode">\(view.mode)</int>
                    <object class="NSCustomResource" key="IBUIImage">
                        <string key="NSClassName">NSImage</string>
                        <string key="NSResourceName">\(view.image)</string>
                    </object>
                </object>
        """
    }
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10">
            <data>
                <object class="NSMutableArray" key="IBDocument.RootObjects">
                    <object class="IBUIView" id="1">
                        <string key="NSFrameSize">{320, 460}</string>
                        <object class="NSMutableArray" key="NSSubviews">
        \(objects.joined(separator: "\n"))
                        </object>
                    </object>
                </object>
            </data>
        </archive>

        """
}

/// A MonoTouch app's `.csproj` as Xamarin Studio wrote one: MonoTouch's project type GUIDs,
/// `Exe`, then `properties` and `items` (XML elements, one a line).
private func monoTouchProject(properties: [String] = [], items: [String]) -> String {
    let lines =
        [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<Project DefaultTargets="Build" ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">"#,
            "  <PropertyGroup>",
            "    <ProjectTypeGuids>{6BC8ED88-2882-458C-8E55-DFD12B67127B};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>",
            "    <OutputType>Exe</OutputType>",
        ] + properties.map { "    " + $0 } + ["  </PropertyGroup>", "  <ItemGroup>"] + items.map { "    " + $0 }
        + ["  </ItemGroup>", "</Project>"]
    return lines.joined(separator: "\n") + "\n"
}

let findingScenarios: [Scenario] = [
    // Images a Less style sheet names (Awful's themes: `url('awful-resource://award.png')`, served
    // from the bundle by the app's own URL scheme) are used; the orphan is not.
    Scenario(
        name: "findings-less-style-sheet-names",
        images: loose("App/Theming", ["award", "orphan"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            ("App/Theme.swift", "import UIKit\n\nlet theme = \"default\"\n"),
            (
                "App/Stylesheets/posts.less",
                ".award { background-image: url('app-resource://award.png'); width: 20px; }\n"
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Theming/orphan@2x.png")]),
    // PhotoScroller's tiles (FrogScroller's port): a CATiledLayer view loads each tile by level,
    // column and row and draws it into the rect the zoom decides, so a 1x-only tile is no
    // missing retina variant. A 1x-only image drawn the usual way still is.
    Scenario(
        name: "findings-tiled-layer-tiles",
        images: [
            ("App/Image/ImageTiles/Frog_1000_0_0.png", 256, 256), ("App/Image/ImageTiles/Frog_500_0_0.png", 256, 200),
            ("App/Image/Badge.png", 20, 20),
        ],
        infoPlist: nil,
        texts: [
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("MinimumOSVersion", "6.0")])),
            (
                "App/Scroller.csproj",
                monoTouchProject(
                    items: [
                        "<Compile Include=\"TilingView.cs\" />",
                        "<Compile Include=\"Badge.cs\" />",
                        "<Content Include=\"Image\\ImageTiles\\Frog_1000_0_0.png\" />",
                        "<Content Include=\"Image\\ImageTiles\\Frog_500_0_0.png\" />",
                        "<Content Include=\"Image\\Badge.png\" />",
                    ])
            ),
            (
                "App/TilingView.cs",
                """
                using CoreAnimation;
                using UIKit;

                public class TilingView : UIView
                {
                    [Export ("layerClass")]
                    public static Class LayerClass () { return new Class (typeof (CATiledLayer)); }

                    UIImage Tile (float scale, int col, int row)
                    {
                        string path = String.Format ("Image/ImageTiles/Frog_{0}_{1}_{2}.png", (int)(scale * 1000), col, row);
                        return UIImage.FromFile (path);
                    }
                }

                """
            ),
            ("App/Badge.cs", "using UIKit;\n\npublic static class Badge { public static UIImage Image () => UIImage.FromBundle (\"Image/Badge\"); }\n"),
        ],
        expected: [.init(rule: "missing-scale", severity: .warning, path: "App/Image/Badge.png")]),
    // actool's loose copies of an app icon set's icons (`AppIcon60x60@2x.png`), which CodeHub's
    // support screen loads by name: no missing image. A name no icon has still is one.
    Scenario(
        name: "findings-app-icon-loose-names",
        images: [
            ("App/Assets.xcassets/AppIcon.appiconset/icon-120.png", 120, 120),
            ("App/Assets.xcassets/AppIcon.appiconset/icon-180.png", 180, 180),
            ("App/Assets.xcassets/AppIcon.appiconset/icon-1024.png", 1024, 1024),
        ],
        infoPlist: nil,
        texts: [
            (
                "App/Info.plist",
                plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch"), ("MinimumOSVersion", "10.0")])
            ),
            ("App/Assets.xcassets/Contents.json", catalogContents([])),
            (
                "App/Assets.xcassets/AppIcon.appiconset/Contents.json",
                catalogContents([
                    catalogEntry([("filename", "icon-120.png"), ("idiom", "iphone"), ("scale", "2x"), ("size", "60x60")]),
                    catalogEntry([("filename", "icon-180.png"), ("idiom", "iphone"), ("scale", "3x"), ("size", "60x60")]),
                    catalogEntry([
                        ("filename", "icon-1024.png"), ("idiom", "ios-marketing"), ("scale", "1x"), ("size", "1024x1024"),
                    ]),
                ])
            ),
            (
                "App/Support.swift",
                "import UIKit\n\nlet icon = UIImage(named: \"AppIcon60x60\")\nlet gone = UIImage(named: \"AppIcon83.5x83.5\")\n"
            ),
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Support.swift", line: 4)]),
    // A WatchKit group whose background is an animation (breadwallet's loading indicator):
    // "Spin" plays Spin1, Spin2, Spin3. None is missing or unused; the orphan is.
    Scenario(
        name: "findings-watchkit-animation",
        images: setFiles("Watch/Assets.xcassets", ["Spin1", "Spin2", "Spin3", "orphan"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("Watch/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            (
                "Watch/Base.lproj/Interface.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <controller id="c1">
                                    <items>
                                        <group width="30" height="30" backgroundImage="Spin" id="g1"/>
                                    </items>
                                </controller>
                            </objects>
                        </scene>
                    </scenes>
                </document>

                """
            ),
        ] + catalogTexts("Watch/Assets.xcassets", ["Spin1", "Spin2", "Spin3", "orphan"]),
        expected: [.init(rule: "unused-image", severity: .warning, path: "Watch/Assets.xcassets/orphan.imageset")]),
    // A name with a fallback (VLC's `UIImage(named: "LaunchCone") ?? UIImage(named: "cone")`):
    // a missing first name is what the fallback is for; a fallback to an empty image is none.
    Scenario(
        name: "findings-swift-fallback-chain",
        images: loose("App/Images", ["cone"]),
        infoPlist: nil,
        texts: [
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            (
                "App/Cone.swift",
                """
                import UIKit

                let cone = UIImage(named: "LaunchCone") ?? UIImage(named: "cone")
                let gone = UIImage(named: "gone") ?? UIImage()

                """
            ),
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Cone.swift", line: 4)]),
    // A module loading flags by a code it computes (`UIImage(named: code.lowercased(), in:
    // .module, with: nil)`, CapeBocce's CountryKit): every image of that module is reachable; the
    // app's own orphan is still unused.
    Scenario(
        name: "findings-swift-module-any-name",
        images: setFiles("Resources/CountryKit/Assets.xcassets", ["Flags/fr", "Flags/de", "Flags/jp"])
            + setFiles("Resources/App/Assets.xcassets", ["logo", "orphan"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("Resources/App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            (
                "Sources/CountryKit/Country.swift",
                """
                import UIKit

                public struct Country {
                    public let code: String
                    public var flag: UIImage? { UIImage(named: code.lowercased(), in: .module, with: nil) }
                }

                """
            ),
            ("Sources/App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
        ] + catalogTexts("Resources/CountryKit/Assets.xcassets", ["Flags/fr", "Flags/de", "Flags/jp"])
            + catalogTexts("Resources/App/Assets.xcassets", ["logo", "orphan"]),
        expected: [.init(rule: "unused-image", severity: .warning, path: "Resources/App/Assets.xcassets/orphan.imageset")]),
    // MonoTouch's icon properties: the project, not the Info.plist, names the icons
    // (BundleIcon, BundleIconHigh), and the build writes them into CFBundleIconFiles. They are
    // icons, not images to scale or to delete; the 29 pt one no property names is unused.
    Scenario(
        name: "findings-monotouch-bundle-icons",
        images: [
            ("App/Images/Icons/App-57.png", 57, 57), ("App/Images/Icons/App-114.png", 114, 114),
            ("App/Images/Icons/App-29.png", 29, 29),
        ],
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("MinimumOSVersion", "5.0")])),
            (
                "App/Keyboards.csproj",
                monoTouchProject(
                    properties: [
                        "<BundleIcon>Images\\Icons\\App-57.png</BundleIcon>",
                        "<BundleIconHigh>Images\\Icons\\App-114.png</BundleIconHigh>",
                    ],
                    items: [
                        "<Compile Include=\"Main.cs\" />",
                        "<Content Include=\"Images\\Icons\\App-57.png\" />",
                        "<Content Include=\"Images\\Icons\\App-114.png\" />",
                        "<Content Include=\"Images\\Icons\\App-29.png\" />",
                    ])
            ),
            ("App/Main.cs", "using UIKit;\n\npublic static class Application { }\n"),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/Icons/App-29.png")]),
    // An Objective-C name built into a variable first (iOS 7 Sampler's dropped images):
    // imageNamed:filename reads the format assigned to it. Only the orphan is unused.
    Scenario(
        name: "findings-objc-names-in-locals",
        images: loose("App/Images", ["m1", "m2", "m3", "orphan"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            (
                "App/DropViewController.m",
                """
                #import <UIKit/UIKit.h>

                @implementation DropViewController
                - (void)tapped:(UITapGestureRecognizer *)gesture {
                    NSUInteger num = arc4random() % 3 + 1;
                    NSString *filename = [NSString stringWithFormat:@"m%lu", (unsigned long)num];
                    UIImage *image = [UIImage imageNamed:filename];
                    [self.view addSubview:[[UIImageView alloc] initWithImage:image]];
                }
                @end

                """
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/orphan@2x.png")]),
    // One solution, three apps: only the iOS project is linted; the Windows and Android ones
    // name no Apple platform, and their images are theirs.
    Scenario(
        name: "findings-dotnet-other-platforms",
        images: [
            ("Tasky.iOS/Resources/logo@2x.png", 80, 80), ("Tasky.iOS/Resources/logo@3x.png", 120, 120),
            ("Tasky.Win8/Assets/Logo.png", 150, 150), ("Tasky.Win8/Assets/SmallLogo.png", 30, 30),
            ("Tasky.Android/Resources/drawable/icon.png", 72, 72),
        ],
        infoPlist: nil,
        texts: [
            unusedImageOn,
            (
                "Tasky.iOS/Info.plist",
                plistText([
                    ("CFBundlePackageType", "APPL"), ("MinimumOSVersion", "15.0"), ("UILaunchStoryboardName", "Launch"),
                ])
            ),
            (
                "Tasky.iOS/Tasky.iOS.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net8.0-ios</TargetFramework>
                    <OutputType>Exe</OutputType>
                  </PropertyGroup>
                </Project>

                """
            ),
            ("Tasky.iOS/Home.cs", "using UIKit;\n\npublic static class Home { public static UIImage Logo () => UIImage.FromBundle (\"logo\"); }\n"),
            (
                "Tasky.Win8/Tasky.Win8.csproj",
                """
                <?xml version="1.0" encoding="utf-8"?>
                <Project ToolsVersion="12.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
                  <PropertyGroup>
                    <ProjectTypeGuids>{BC8A1FFA-BEE3-4634-8014-F334798102B3};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                    <OutputType>AppContainerExe</OutputType>
                  </PropertyGroup>
                  <ItemGroup>
                    <Content Include="Assets\\Logo.png" />
                    <Content Include="Assets\\SmallLogo.png" />
                  </ItemGroup>
                </Project>

                """
            ),
            (
                "Tasky.Android/Tasky.Android.csproj",
                """
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <TargetFramework>net8.0-android</TargetFramework>
                    <OutputType>Exe</OutputType>
                  </PropertyGroup>
                </Project>

                """
            ),
        ],
        uncheckedImages: 3,
        expected: []),
    // Names a MonoTouch sample builds into a local first, with a leading slash
    // (PhotoScroller's tiles, as FrogScroller ports them): String.Format into `path`, then
    // FromFile(path); a format into `p`, then FromBundle(p + ".png"). Only the orphan is unused.
    Scenario(
        name: "findings-xamarin-names-in-locals",
        images: [
            ("App/Image/ImageTiles/Frog_1000_0_0.png", 128, 128), ("App/Image/ImageTiles/Frog_1000_0_0@2x.png", 256, 256),
            ("App/Image/PlaceholderImages/Frog_Placeholder.png", 32, 32),
            ("App/Image/PlaceholderImages/Frog_Placeholder@2x.png", 64, 64),
            ("App/Image/Orphan.png", 10, 10), ("App/Image/Orphan@2x.png", 20, 20),
        ],
        infoPlist: nil,
        texts: [
            unusedImageOn,
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("MinimumOSVersion", "6.0")])),
            (
                "App/Scroller.csproj",
                monoTouchProject(
                    items: [
                        "<Compile Include=\"TilingView.cs\" />",
                        "<Content Include=\"Image\\ImageTiles\\Frog_1000_0_0.png\" />",
                        "<Content Include=\"Image\\ImageTiles\\Frog_1000_0_0%402x.png\" />",
                        "<Content Include=\"Image\\PlaceholderImages\\Frog_Placeholder.png\" />",
                        "<Content Include=\"Image\\PlaceholderImages\\Frog_Placeholder%402x.png\" />",
                        "<Content Include=\"Image\\Orphan.png\" />",
                        "<Content Include=\"Image\\Orphan%402x.png\" />",
                    ])
            ),
            (
                "App/TilingView.cs",
                """
                using UIKit;

                public class TilingView : UIView
                {
                    public string ImageName = "Frog";

                    UIImage Tile (float scale, int col, int row)
                    {
                        string path = String.Format ("/Image/ImageTiles/{0}_{1}_{2}_{3}.png", ImageName, (int)(scale * 1000), col, row);
                        return UIImage.FromFile (path);
                    }

                    UIImage Placeholder (string name)
                    {
                        var p = String.Format ("/Image/PlaceholderImages/{0}_Placeholder", name);
                        return UIImage.FromBundle (p + ".png");
                    }
                }

                """
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Image/Orphan.png")]),
    // A MonoTouch iPad app of 2013, as Xamarin Studio wrote it: the project declares utf-16
    // over ASCII bytes, the Info.plist lists its icons with their folder (the project copies
    // them to the bundle's top), and UIDeviceFamily, not a project default, makes it iPad-only.
    // Its 1x-only full-screen art blurs on every retina iPad; images/Icon.png, no icon iOS looks
    // for, is named by nothing; the iTunesArtwork item is not bundled, and the iTunesArtwork@2x
    // that is, at the bundle's root, is what iTunes shows for an ad hoc install: not unused.
    Scenario(
        name: "findings-xamarin-classic-ipad",
        images: [
            ("App/Resources/icon-72.png", 72, 72), ("App/Resources/icon-72@2x.png", 144, 144),
            ("App/Resources/Background~ipad.png", 768, 1004), ("App/Resources/images/Icon.png", 57, 57),
            ("App/iTunesArtwork.png", 512, 512), ("App/Resources/iTunesArtwork@2x.png", 1024, 1024),
        ],
        infoPlist: nil,
        texts: [
            unusedImageOn,
            (
                "App/Info.plist",
                plistText([("CFBundlePackageType", "APPL"), ("MinimumOSVersion", "5.0")])
                    .replacingOccurrences(
                        of: "</dict>",
                        with: """
                            \t<key>UIDeviceFamily</key>
                            \t<array><integer>2</integer></array>
                            \t<key>CFBundleIconFiles</key>
                            \t<array><string>Resources/icon-72.png</string><string>Resources/icon-72@2x.png</string></array>
                            </dict>
                            """)
            ),
            (
                "App/Gallery.csproj",
                """
                <?xml version="1.0" encoding="utf-16"?>
                <Project DefaultTargets="Build" ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
                  <PropertyGroup>
                    <ProjectTypeGuids>{6BC8ED88-2882-458C-8E55-DFD12B67127B};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                    <OutputType>Exe</OutputType>
                    <AssemblyName>Gallery</AssemblyName>
                  </PropertyGroup>
                  <ItemGroup>
                    <Compile Include="Main.cs" />
                    <None Include="Info.plist" />
                    <BundleResource Include="Resources\\icon-72.png" />
                    <BundleResource Include="Resources\\icon-72%402x.png" />
                    <BundleResource Include="Resources\\Background~ipad.png" />
                    <BundleResource Include="Resources\\images\\Icon.png" />
                    <ITunesArtwork Include="iTunesArtwork.png" />
                    <BundleResource Include="Resources\\iTunesArtwork%402x.png" />
                  </ItemGroup>
                </Project>

                """
            ),
            (
                "App/Main.cs",
                """
                using UIKit;

                public class GalleryController : UIViewController
                {
                    public override void ViewDidLoad ()
                    {
                        View.AddSubview (new UIImageView (UIImage.FromBundle ("Background")));
                    }
                }

                """
            ),
        ],
        // iTunesArtwork.png: no BundleResource, so left out and not counted.
        uncheckedImages: 1,
        expected: [
            .init(rule: "missing-scale", severity: .warning, path: "App/Resources/Background~ipad.png"),
            .init(rule: "unused-image", severity: .warning, path: "App/Resources/images/Icon.png"),
        ]),
    // Names that reach an image API through an enum, a constant, a wrapper, a computed property
    // or a generated symbol are used; only the two images nothing names are reported.
    Scenario(
        name: "findings-name-flow",
        images: loose("App/Images", flowLoose) + setFiles("App/Assets.xcassets", flowSets),
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/Tabs.swift",
                """
                import UIKit

                enum Tab: String, CaseIterable {
                    case home, profile

                    var icon: UIImage? { UIImage(named: "tab-\\(rawValue)") }
                }

                enum Setting: String {
                    case notifications, privacy

                    var image: UIImage? { UIImage(named: rawValue) }
                }

                enum Badge: String {
                    case gold = "badge-gold"
                }

                """
            ),
            (
                "App/Icons.swift",
                """
                import UIKit

                enum Icons {
                    static let close = "close-button"
                }

                func icon(_ name: String) -> UIImage? {
                    UIImage(named: name)
                }

                final class Toolbar {
                    let back = icon("back-arrow")
                    let close = UIImage(named: Icons.close)
                    let logo: UIImage = .partnerLogo

                    var previewName: String { "AppIcon-\\(appearance)-preview" }
                    var appearance = "Dark"
                }

                """
            ),
            // An Objective-C header names an image in a macro the code passes on.
            ("App/Constants.h", "#define kHeaderIcon @\"header-icon\"\n"),
            (
                "App/Hero.swift",
                """
                import SwiftUI

                struct HeroView: View {
                    var body: some View {
                        VStack {
                            Image(.heroImage)
                            Image(uiImage: Asset.Icons.star.image)
                            Image(uiImage: R.image.tabBarHome()!)
                        }
                    }
                }

                """
            ),
        ] + catalogTexts("App/Assets.xcassets", flowSets, namespaces: ["Icons"]),
        expected: [
            .init(rule: "unused-image", severity: .warning, path: "App/Assets.xcassets/old-promo.imageset"),
            .init(rule: "unused-image", severity: .warning, path: "App/Images/legacy-banner@2x.png"),
        ]),
    // Names in the data files the app ships (a menu, an onboarding plist, a strings table) and
    // the Info.plist's quick-action icons keep their images.
    Scenario(
        name: "findings-names-in-data",
        images: loose(
            "App/Images", ["menu-home", "menu-search", "onboarding-1", "flag-fr", "shortcut-compose", "unused"])
            + [("App/Help/img/help-hero.png", 600, 300), ("App/Help/img/paper.png", 64, 64)],
        infoPlist: phoneApp.merging([
            "UIApplicationShortcutItems": .array([
                .dictionary([
                    "UIApplicationShortcutItemType": .string("compose"),
                    "UIApplicationShortcutItemIconFile": .string("shortcut-compose"),
                ])
            ])
        ]) { _, new in new },
        texts: [
            unusedImageOn,
            (
                "App/Menu.swift",
                """
                import UIKit

                struct MenuItem: Decodable {
                    let title: String
                    let icon: String

                    var image: UIImage? { UIImage(named: icon) }
                }

                """
            ),
            (
                "App/Resources/menu.json",
                #"[{"title": "Home", "icon": "menu-home"}, {"title": "Search", "icon": "menu-search"}]"# + "\n"
            ),
            (
                "App/Resources/Onboarding.plist",
                plistText([("image", "onboarding-1"), ("title", "Welcome")])
            ),
            ("App/Resources/Countries.strings", "\"France\" = \"flag-fr\";\n"),
            // A help page the app shows in a web view, from the bundle.
            (
                "App/Help/index.html",
                "<!DOCTYPE html>\n<link rel=\"stylesheet\" href=\"style.css\">\n<img src='img/help-hero.png' alt=\"\">\n"
            ),
            ("App/Help/style.css", "body { background: url(img/paper.png) repeat; }\n"),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/unused@2x.png")]),
    // `[NSString stringWithFormat:@"%@.png", name]` could be any image: it keeps none, and the
    // findings name it; `@"flag_%@"` keeps only the flags.
    Scenario(
        name: "findings-any-name-pattern",
        images: loose("App/Images", ["flag_fr", "flag_de", "Intro", "Outro"]),
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/Loader.m",
                """
                #import <UIKit/UIKit.h>

                UIImage *Picture(NSString *name) {
                    return [UIImage imageNamed:[NSString stringWithFormat:@"%@.png", name]];
                }

                UIImage *Flag(NSString *code) {
                    return [UIImage imageNamed:[NSString stringWithFormat:@"flag_%@", code]];
                }

                """
            ),
        ],
        expected: [
            .init(rule: "unused-image", severity: .warning, path: "App/Images/Intro@2x.png"),
            .init(rule: "unused-image", severity: .warning, path: "App/Images/Outro@2x.png"),
        ]),
    // Each build configuration has an icon of its own (a Debug badge, a Beta for TestFlight),
    // and the Info.plist names loose icon files through a setting: every configuration is read,
    // $(ICON_FILE) is each value it takes, and only the Beta icon, which goes through App Store
    // Connect with an alpha channel, is an error, in Beta only. The Debug icon is never uploaded.
    Scenario(
        name: "findings-build-configurations",
        images: ["AppIcon", "AppIcon-Debug", "AppIcon-Beta"].flatMap { name in
            [
                ("App/Assets.xcassets/\(name).appiconset/icon@2x.png", 120, 120),
                ("App/Assets.xcassets/\(name).appiconset/icon@3x.png", 180, 180),
                ("App/Assets.xcassets/\(name).appiconset/store.png", 1024, 1024),
            ]
        } + [
            ("App/Icons/StoreIcon60x60@2x.png", 120, 120), ("App/Icons/StoreIcon60x60@3x.png", 180, 180),
            ("App/Icons/DebugIcon60x60@2x.png", 120, 120), ("App/Icons/DebugIcon60x60@3x.png", 180, 180),
        ] + setFiles("App/Assets.xcassets", ["logo"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            appProject(
                settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ICON_FILE": "StoreIcon"],
                resources: [
                    "App/Assets.xcassets", "App/Icons/StoreIcon60x60@2x.png", "App/Icons/StoreIcon60x60@3x.png",
                    "App/Icons/DebugIcon60x60@2x.png", "App/Icons/DebugIcon60x60@3x.png",
                ],
                configurations: [
                    "Debug": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon-Debug", "ICON_FILE": "DebugIcon"],
                    "Beta": ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon-Beta"],
                ]),
            (
                "App/Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>CFBundlePackageType</key>
                \t<string>APPL</string>
                \t<key>UILaunchStoryboardName</key>
                \t<string>Launch</string>
                \t<key>CFBundleIcons</key>
                \t<dict>
                \t\t<key>CFBundlePrimaryIcon</key>
                \t\t<dict>
                \t\t\t<key>CFBundleIconFiles</key>
                \t\t\t<array>
                \t\t\t\t<string>$(ICON_FILE)60x60</string>
                \t\t\t</array>
                \t\t</dict>
                \t</dict>
                </dict>
                </plist>

                """
            ),
            ("App/Home.swift", "import UIKit\n\nlet logo = UIImage(named: \"logo\")\n"),
        ] + catalogTexts("App/Assets.xcassets", ["logo"])
            + ["AppIcon", "AppIcon-Debug", "AppIcon-Beta"].map { name in
                ("App/Assets.xcassets/\(name).appiconset/Contents.json", phoneIconSet)
            },
        withAlpha: [
            "App/Assets.xcassets/AppIcon-Debug.appiconset/store.png",
            "App/Assets.xcassets/AppIcon-Beta.appiconset/store.png",
        ],
        expected: [
            .init(
                rule: "app-icon-alpha", severity: .error, path: "App/Assets.xcassets/AppIcon-Beta.appiconset/store.png",
                targets: ["App"], configurations: ["Beta"])
        ]),
    // CocoaPods copies a pod's images into the app ("[CP] Copy Pods Resources"): the app's code
    // may load them, and they are the pod's, not the app's to delete or fix.
    Scenario(
        name: "findings-cocoapods",
        images: loose("Pods/PodKit/Resources", ["pod-check", "pod-spinner"])
            + setFiles("App/Assets.xcassets", ["logo"]),
        infoPlist: nil,
        texts: [
            unusedImageOn,
            appProject(),
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            (
                "App/Home.swift",
                "import UIKit\n\nlet logo = UIImage(named: \"logo\")\nlet check = UIImage(named: \"pod-check\")\n"
            ),
            (
                "Pods/Target Support Files/Pods-App/Pods-App-resources.sh",
                """
                #!/bin/sh
                set -e
                install_resource()
                {
                  echo "$1"
                }
                if [[ "$CONFIGURATION" == "Debug" ]]; then
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@2x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@3x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@2x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@3x.png"
                  install_resource "${PODS_CONFIGURATION_BUILD_DIR}/Other/Other.bundle"
                fi
                if [[ "$CONFIGURATION" == "Release" ]]; then
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@2x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-check@3x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@2x.png"
                  install_resource "${PODS_ROOT}/PodKit/Resources/pod-spinner@3x.png"
                fi

                """
            ),
            (
                "Pods/PodKit/Classes/PKSpinner.m",
                "#import <UIKit/UIKit.h>\n\nUIImage *PKSpinner(void) { return [UIImage imageNamed:@\"pod-spinner\"]; }\n"
            ),
        ] + catalogTexts("App/Assets.xcassets", ["logo"]),
        expected: []),
    // A local Swift package's target ships its resources in a bundle of its own: its code's
    // `Bundle.module` names are judged against that bundle (one is missing), and what it asks of
    // the main bundle is the app's, not checked.
    Scenario(
        name: "findings-swift-package",
        images: setFiles("App/Assets.xcassets", ["logo"])
            + setFiles("Packages/DesignKit/Sources/DesignKit/Media.xcassets", ["kit-badge"])
            + loose("Packages/DesignKit/Sources/DesignKit/Resources", ["kit-arrow"]),
        infoPlist: nil,
        texts: [
            appProject(settings: ["TARGETED_DEVICE_FAMILY": "1,2", "IPHONEOS_DEPLOYMENT_TARGET": "16.0"]),
            ("App/Info.plist", plistText([("CFBundlePackageType", "APPL"), ("UILaunchStoryboardName", "Launch")])),
            ("App/Home.swift", "import UIKit\nimport DesignKit\n\nlet logo = UIImage(named: \"logo\")\n"),
            (
                "Packages/DesignKit/Package.swift",
                """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "DesignKit",
                    platforms: [.iOS(.v16)],
                    products: [.library(name: "DesignKit", targets: ["DesignKit"])],
                    targets: [
                        .target(name: "DesignKit", resources: [.process("Resources")]),
                        .testTarget(name: "DesignKitTests", dependencies: ["DesignKit"]),
                    ]
                )

                """
            ),
            (
                "Packages/DesignKit/Sources/DesignKit/Views.swift",
                """
                import SwiftUI
                import UIKit

                public struct Badge: View {
                    public var body: some View {
                        Image("kit-badge", bundle: .module)
                    }
                }

                public let arrow = UIImage(named: "kit-arrow", in: .module, with: nil)
                public let sparkle = Image("kit-sparkle", bundle: .module)
                // The app's own logo, from the main bundle: the package cannot know it.
                public let hostLogo = UIImage(named: "logo")

                """
            ),
        ] + catalogTexts("App/Assets.xcassets", ["logo"])
            + catalogTexts("Packages/DesignKit/Sources/DesignKit/Media.xcassets", ["kit-badge"]),
        expected: [
            .init(
                rule: "missing-image", severity: .error, path: "Packages/DesignKit/Sources/DesignKit/Views.swift",
                line: 11, targets: ["DesignKit"])
        ]),
    // App icon transparency: only the App Store icon of the primary set must have no alpha
    // channel (ITMS-90717). An alternate icon, iOS 18's dark and tinted variants (transparent by
    // design) and device icons that carry an alpha channel are not findings.
    Scenario(
        name: "findings-app-icons",
        images: [
            ("App/Assets.xcassets/AppIcon.appiconset/icon@2x.png", 120, 120),
            ("App/Assets.xcassets/AppIcon.appiconset/icon@3x.png", 180, 180),
            ("App/Assets.xcassets/AppIcon.appiconset/store.png", 1024, 1024),
            ("App/Assets.xcassets/AppIcon.appiconset/store-dark.png", 1024, 1024),
            ("App/Assets.xcassets/AppIcon.appiconset/store-tinted.png", 1024, 1024),
            ("App/Assets.xcassets/AppIcon-Pride.appiconset/icon@2x.png", 120, 120),
            ("App/Assets.xcassets/AppIcon-Pride.appiconset/icon@3x.png", 180, 180),
            ("App/Assets.xcassets/AppIcon-Pride.appiconset/store.png", 1024, 1024),
        ],
        infoPlist: phoneApp.merging([
            "CFBundleIcons": .dictionary([
                "CFBundlePrimaryIcon": .dictionary(["CFBundleIconName": .string("AppIcon")]),
                "CFBundleAlternateIcons": .dictionary([
                    "Pride": .dictionary(["CFBundleIconName": .string("AppIcon-Pride")])
                ]),
            ])
        ]) { _, new in new },
        texts: [
            ("App/Assets.xcassets/Contents.json", catalogContents([])),
            (
                "App/Assets.xcassets/AppIcon.appiconset/Contents.json",
                """
                {
                  "images" : [
                    { "size" : "60x60", "idiom" : "iphone", "filename" : "icon@2x.png", "scale" : "2x" },
                    { "size" : "60x60", "idiom" : "iphone", "filename" : "icon@3x.png", "scale" : "3x" },
                    { "size" : "1024x1024", "idiom" : "ios-marketing", "filename" : "store.png", "scale" : "1x" },
                    { "size" : "1024x1024", "idiom" : "ios-marketing", "filename" : "store-dark.png", "scale" : "1x",
                      "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] },
                    { "size" : "1024x1024", "idiom" : "ios-marketing", "filename" : "store-tinted.png", "scale" : "1x",
                      "appearances" : [ { "appearance" : "luminosity", "value" : "tinted" } ] }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }

                """
            ),
            (
                "App/Assets.xcassets/AppIcon-Pride.appiconset/Contents.json", phoneIconSet
            ),
        ],
        withAlpha: [
            "App/Assets.xcassets/AppIcon.appiconset/icon@2x.png", "App/Assets.xcassets/AppIcon.appiconset/icon@3x.png",
            "App/Assets.xcassets/AppIcon.appiconset/store-dark.png",
            "App/Assets.xcassets/AppIcon.appiconset/store-tinted.png",
            "App/Assets.xcassets/AppIcon-Pride.appiconset/store.png",
        ],
        expected: []),
    // Image views the code holds through outlets (issue 35, as judged on real apps):
    // - a theme's artwork the code puts into a fixed 150-pt aspect-fit view is drawn at the view's
    //   size: hero-dark's @3x a pixel too wide shows nothing (neither it nor the advised 480 px
    //   draws 1:1 there), but hero-light's @3x with two thirds of the pixels it needs draws blurred;
    // - `badgeView` here is a variable of the file's own, not the xib's outlet of that name, and
    //   sized to its image;
    // - a storyboard placeholder the code replaces, of an image that exists nowhere: a warning
    //   that says to remove it;
    // - the promo-banner-* family the code names as data keeps its unnamed member (a server may
    //   name it); old-flyer, no family's, is unused;
    // - legacy-banner, named only by a theme function nothing calls, shows nowhere: its @3x of
    //   the @2x's pixels is not reported (nor is it called unused: a call may hide in a selector).
    Scenario(
        name: "findings-outlets-and-families",
        images: [
            ("App/Theme.xcassets/hero-dark.imageset/hero-dark@2x.png", 320, 320),
            ("App/Theme.xcassets/hero-dark.imageset/hero-dark@3x.png", 481, 480),
            ("App/Theme.xcassets/hero-light.imageset/hero-light@2x.png", 320, 320),
            ("App/Theme.xcassets/hero-light.imageset/hero-light@3x.png", 320, 320),
            ("App/Theme.xcassets/badge.imageset/badge@2x.png", 64, 64),
            ("App/Theme.xcassets/badge.imageset/badge@3x.png", 99, 96),
            ("App/Theme.xcassets/legacy-banner.imageset/legacy-banner@2x.png", 200, 100),
            ("App/Theme.xcassets/legacy-banner.imageset/legacy-banner@3x.png", 200, 100),
        ] + setFiles("App/Theme.xcassets", promoSets + ["old-flyer"]) + loose("App/Images", ["gear"]),
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/Hero.xib",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="HeroViewController">
                            <connections>
                                <outlet property="heroView" destination="hv" id="o1"/>
                                <outlet property="badgeView" destination="bv" id="o2"/>
                            </connections>
                        </placeholder>
                        <view contentMode="scaleToFill" id="root">
                            <subviews>
                                <imageView contentMode="scaleAspectFit" id="hv">
                                    <constraints>
                                        <constraint firstAttribute="width" constant="150" id="c1"/>
                                        <constraint firstAttribute="width" secondItem="hv" secondAttribute="height" multiplier="1:1" id="c2"/>
                                    </constraints>
                                </imageView>
                                <imageView contentMode="scaleAspectFit" id="bv">
                                    <constraints>
                                        <constraint firstAttribute="width" constant="32" id="c3"/>
                                        <constraint firstAttribute="height" constant="32" id="c4"/>
                                    </constraints>
                                </imageView>
                            </subviews>
                        </view>
                    </objects>
                </document>

                """
            ),
            (
                "App/Theme.swift",
                """
                import UIKit

                enum Theme {
                    static var dark = false
                    static func heroImageName() -> String {
                        dark ? "hero-dark" : "hero-light"
                    }
                    // Its screen is gone: nothing calls it.
                    static func legacyBannerImageName() -> String { "legacy-banner" }
                }

                enum Promo {
                    static let spring = "promo-banner-spring"
                    static let summer = "promo-banner-summer"
                    static let autumn = "promo-banner-autumn"
                }

                final class HeroViewController: UIViewController {
                    @IBOutlet weak var heroView: UIImageView!
                    @IBOutlet weak var badgeView: UIImageView!

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        heroView.image = UIImage(named: Theme.heroImageName())
                    }
                }

                """
            ),
            (
                "App/Title.swift",
                """
                import UIKit

                func titleBadge() -> UIView {
                    let badgeView = UIImageView()
                    badgeView.image = UIImage(named: "badge")
                    badgeView.sizeToFit()
                    return badgeView
                }

                final class SettingsCell: UITableViewCell {
                    @IBOutlet var gearView: UIImageView!

                    func fill() {
                        gearView?.image = UIImage(named: "gear")
                    }
                }

                """
            ),
            (
                "App/Settings.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <tableViewController id="t1" sceneMemberID="viewController">
                                    <tableView key="view" id="tv">
                                        <prototypes>
                                            <tableViewCell reuseIdentifier="Gear" id="cell" customClass="SettingsCell">
                                                <tableViewCellContentView key="contentView" id="cv">
                                                    <subviews>
                                                        <imageView contentMode="center" image="old-gear" id="iv"/>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <outlet property="gearView" destination="iv" id="o3"/>
                                                </connections>
                                            </tableViewCell>
                                        </prototypes>
                                    </tableView>
                                </tableViewController>
                            </objects>
                        </scene>
                    </scenes>
                </document>

                """
            ),
        ]
            + catalogTexts(
                "App/Theme.xcassets", ["hero-dark", "hero-light", "badge", "legacy-banner"] + promoSets + ["old-flyer"]),
        expected: [
            .init(rule: "missing-image", severity: .warning, path: "App/Settings.storyboard", line: 12),
            .init(rule: "scale-mismatch", severity: .warning, path: "App/Theme.xcassets/badge.imageset/badge@3x.png"),
            .init(
                rule: "scale-mismatch", severity: .warning,
                path: "App/Theme.xcassets/hero-light.imageset/hero-light@3x.png"
            ),
            .init(rule: "unused-image", severity: .warning, path: "App/Theme.xcassets/old-flyer.imageset"),
        ]),
    // Views an image loader fills from a URL. Nuke (through a wrapper with its labels, into a
    // local bound to the outlet) and Kingfisher set the view's image to their placeholder at
    // once: Interface Builder's sample avatar and cover are never seen, and missing is no
    // finding. AlamofireImage keeps the view's image until its own arrives: its missing name
    // shows meanwhile, a warning that the name is a placeholder to remove.
    Scenario(
        name: "findings-remote-image-views",
        images: setFiles("App/Assets.xcassets", ["logo"]),
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/Profile.storyboard",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <viewController id="vc" customClass="ProfileViewController" sceneMemberID="viewController">
                                    <view key="view" id="root">
                                        <subviews>
                                            <imageView contentMode="scaleAspectFill" image="Sample_Person" id="avatar"/>
                                            <imageView contentMode="scaleAspectFill" image="sample-cover" id="cover"/>
                                            <imageView contentMode="scaleAspectFit" image="old-badge" id="badge"/>
                                            <imageView contentMode="center" image="logo" id="logo"/>
                                        </subviews>
                                    </view>
                                    <connections>
                                        <outlet property="avatarView" destination="avatar" id="o1"/>
                                        <outlet property="coverView" destination="cover" id="o2"/>
                                        <outlet property="badgeView" destination="badge" id="o3"/>
                                    </connections>
                                </viewController>
                            </objects>
                        </scene>
                    </scenes>
                </document>

                """
            ),
            (
                "App/ProfileViewController.swift",
                """
                import UIKit
                import Kingfisher
                import AlamofireImage

                final class ProfileViewController: UIViewController {
                    @IBOutlet weak var avatarView: UIImageView!
                    @IBOutlet weak var coverView: UIImageView!
                    @IBOutlet weak var badgeView: UIImageView!

                    func show(_ profile: Profile) {
                        if let url = profile.avatarURL, let avatar = avatarView {
                            ImageLoader.loadImage(with: url, into: avatar)
                        }
                        coverView?.kf.setImage(with: profile.coverURL)
                        badgeView.af.setImage(withURL: profile.badgeURL)
                    }
                }

                """
            ),
        ] + catalogTexts("App/Assets.xcassets", ["logo"]),
        expected: [.init(rule: "missing-image", severity: .warning, path: "App/Profile.storyboard", line: 11)]),
    // Images that reach a fixed 50-pt aspect-fill view through variables: an ivar an initializer
    // sets, a cell property whose setter hands it to another property whose setter sets the
    // outlet, a local put into each view of an outlet collection by a loop. Their @3x files hold
    // more pixels than their @2x's points need, which a scaled view draws sharper: no finding.
    // The badge a centered view draws at its own size is 20 pt at @2x and 24 pt at @3x.
    Scenario(
        name: "findings-images-through-variables",
        images: [
            ("App/Images/folder@2x.png", 64, 64), ("App/Images/folder@3x.png", 128, 128),
            ("App/Images/cloud@2x.png", 64, 64), ("App/Images/cloud@3x.png", 128, 128),
            ("App/Images/badge@2x.png", 40, 40), ("App/Images/badge@3x.png", 72, 72),
        ],
        infoPlist: phoneApp,
        texts: [
            (
                "App/ListCell.xib",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                    <objects>
                        <tableViewCell id="cell" customClass="ListCell">
                            <tableViewCellContentView key="contentView" id="content">
                                <subviews>
                                    <imageView contentMode="scaleAspectFill" translatesAutoresizingMaskIntoConstraints="NO" id="thumb">
                                        <constraints>
                                            <constraint firstAttribute="width" constant="50" id="w"/>
                                            <constraint firstAttribute="height" constant="50" id="h"/>
                                        </constraints>
                                    </imageView>
                                    <imageView contentMode="scaleAspectFit" translatesAutoresizingMaskIntoConstraints="NO" id="art1">
                                        <constraints>
                                            <constraint firstAttribute="width" constant="50" id="w1"/>
                                            <constraint firstAttribute="height" constant="50" id="h1"/>
                                        </constraints>
                                    </imageView>
                                    <imageView contentMode="center" translatesAutoresizingMaskIntoConstraints="NO" id="badge"/>
                                </subviews>
                            </tableViewCellContentView>
                            <connections>
                                <outlet property="thumbnailView" destination="thumb" id="o1"/>
                                <outletCollection property="artViews" destination="art1" id="o2"/>
                                <outlet property="badgeView" destination="badge" id="o3"/>
                            </connections>
                        </tableViewCell>
                    </objects>
                </document>

                """
            ),
            (
                "App/ListCell.m",
                """
                @implementation ListCell
                - (void)setThumbnailImage:(UIImage *)thumbnailImage {
                    self.icon = thumbnailImage;
                }
                - (void)setIcon:(UIImage *)icon
                {
                    self.thumbnailView.image = icon;
                }
                - (void)showArt {
                    UIImage *img = [UIImage imageNamed:@"cloud"];
                    for (UIImageView *view in self.artViews) {
                        view.image = img;
                    }
                    self.badgeView.image = [UIImage imageNamed:@"badge"];
                }
                @end

                """
            ),
            (
                "App/ListController.m",
                """
                @implementation ListController
                - (instancetype)init {
                    _folderImage = [UIImage imageNamed:@"folder"];
                    return self;
                }
                - (void)configure:(ListCell *)cell {
                    cell.thumbnailImage = self.folderImage;
                }
                @end

                """
            ),
        ],
        expected: [.init(rule: "scale-mismatch", severity: .warning, path: "App/Images/badge@3x.png")]),
    // Slides the code spells in a list and reads by their paths (`url(forResource:)`, then
    // `UIImage(data:)`), at scale 1 on every screen: no file of the app hands an image API a
    // name it does not spell, so the slides get no size advice; the badge it asks
    // `UIImage(named:)` for is blurry on retina.
    Scenario(
        name: "findings-slides-read-by-path",
        images: [("App/Images/slide-1.png", 300, 200), ("App/Images/slide-2.png", 300, 200), ("App/Images/Badge.png", 40, 40)],
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/Slides.swift",
                """
                import UIKit

                let slides = ["slide-1.png", "slide-2.png"]

                func slide(at index: Int) -> UIImage? {
                    guard let url = Bundle.main.url(forResource: slides[index], withExtension: nil),
                        let data = try? Data(contentsOf: url)
                    else { return nil }
                    return UIImage(data: data)
                }

                """
            ),
            ("App/Menu.swift", "import UIKit\n\nlet badge = UIImage(named: \"Badge\")\n"),
        ],
        expected: [.init(rule: "missing-scale", severity: .warning, path: "App/Images/Badge.png")]),
    // Images never drawn at their own size: a 1x backdrop larger than every screen is always
    // scaled down, a 1-pixel tile is stretched; only the small 1x-only badge is blurry on retina.
    Scenario(
        name: "findings-scaled-images",
        images: [
            ("App/Images/Backdrop.png", 2732, 2732), ("App/Images/Divider.png", 1, 40),
            ("App/Images/Badge.png", 40, 40),
        ],
        infoPlist: phoneApp,
        texts: [
            (
                "App/Views.swift",
                """
                import UIKit

                let backdrop = UIImage(named: "Backdrop")
                let divider = UIImage(named: "Divider")?.resizableImage(withCapInsets: .zero)
                let badge = UIImage(named: "Badge")

                """
            )
        ],
        expected: [.init(rule: "missing-scale", severity: .warning, path: "App/Images/Badge.png")]),
    // Image views of a frame nothing resizes draw their images at the frame's size: in an IB3-era
    // archive xib (`NSFrame`, `NSvFlags`, `IBUIContentMode`) and in a xib without Auto Layout. A
    // 118×151 px image fitted into 75×75 pt is drawn 75 pt tall and holds its 150 px at @2x;
    // filling the same view it needs 150 px on both sides and is upscaled. A view its container
    // resizes (`widthSizable`, `NSvFlags` bit 2) has no set size.
    Scenario(
        name: "findings-framed-image-views",
        images: [
            ("App/Images/Monkey.png", 118, 151), ("App/Images/Tile.png", 118, 151),
            ("App/Images/Avatar.png", 160, 160), ("App/Images/Banner.png", 320, 60),
            ("App/Images/Stripe.png", 320, 60),
        ],
        infoPlist: phoneApp,
        texts: [
            ("App/Animation.xib", archiveXib(views: [(1, 292, "75, 75", "Monkey.png"), (0, 292, "75, 75", "Tile.png"), (0, 274, "320, 60", "Stripe.png")])),
            (
                "App/Profile.xib",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="9531">
                    <objects>
                        <view contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                            <subviews>
                                <imageView contentMode="scaleToFill" image="Avatar.png" id="a1">
                                    <rect key="frame" x="20" y="20" width="64" height="64"/>
                                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                </imageView>
                                <imageView contentMode="scaleToFill" image="Banner.png" id="b1">
                                    <rect key="frame" x="0.0" y="100" width="320" height="60"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                                </imageView>
                            </subviews>
                        </view>
                    </objects>
                </document>

                """
            ),
        ],
        expected: [
            .init(rule: "missing-scale", severity: .warning, path: "App/Images/Banner.png"),
            .init(rule: "missing-scale", severity: .warning, path: "App/Images/Stripe.png"),
            .init(rule: "missing-scale", severity: .warning, path: "App/Images/Tile.png"),
        ]),
    // Image views the code sizes itself (a frame of literal size, constant anchors) draw their
    // images at that size: a cell's aspect-fit 44-pt icon view, which a controller fills, holds a
    // 150×102 px image at @3x; the 40×30 px one is upscaled there; an Objective-C local view of a
    // literal frame fills itself with its file's field art. A view framed by its bounds has no
    // set size.
    Scenario(
        name: "findings-code-sized-image-views",
        images: [
            ("App/Images/title-banned.png", 150, 102), ("App/Images/title-probation.png", 40, 30),
            ("App/Images/textfield.png", 460, 62), ("App/Images/spin.png", 36, 36),
        ],
        infoPlist: phoneApp,
        texts: [
            (
                "App/PunishmentCell.swift",
                """
                import UIKit

                final class PunishmentCell: UITableViewCell {
                    let iconView = UIImageView()

                    override func layoutSubviews() {
                        super.layoutSubviews()
                        iconView.contentMode = .scaleAspectFit
                        iconView.frame = CGRect(x: 8, y: 7, width: 44, height: 44)
                    }
                }

                """
            ),
            (
                "App/RapSheetViewController.swift",
                """
                import UIKit

                func configure(_ cell: PunishmentCell, banned: Bool) {
                    cell.iconView.image = banned ? UIImage(named: "title-banned") : UIImage(named: "title-probation")
                }

                """
            ),
            (
                "App/PlaceViewController.m",
                """
                #import <UIKit/UIKit.h>

                @implementation PlaceViewController
                - (void)viewDidLoad {
                    UIImageView *inputFrame = [[UIImageView alloc] initWithFrame:CGRectMake(28, 7, 229, 31)];
                    inputFrame.image = [UIImage imageNamed:@"textfield.png"];
                    UIImageView *spinner = [[UIImageView alloc] initWithFrame:self.view.bounds];
                    spinner.image = [UIImage imageNamed:@"spin.png"];
                }
                @end

                """
            ),
        ],
        expected: [
            .init(rule: "missing-scale", severity: .warning, path: "App/Images/spin.png"),
            .init(rule: "missing-scale", severity: .warning, path: "App/Images/title-probation.png"),
        ]),
    // Bundle resources the code reads by path (`url(forResource: "Hourglass.png", …)` into
    // `Data`, `URLForResource:` in Objective-C) are drawn as they are: no screen's scale picks a
    // variant, so a missing @2x says nothing. A path handed to `UIImage(contentsOfFile:)` does pick
    // one: Intro.png keeps its finding. (What the code spells away from an image API is read
    // with `unused-image` on.)
    Scenario(
        name: "findings-resource-files",
        images: [
            ("App/Images/Hourglass.png", 60, 60), ("App/Images/Sparkle.png", 40, 40), ("App/Images/Intro.png", 320, 200),
        ],
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            (
                "App/LoadingView.swift",
                """
                import UIKit

                func hourglassData() -> Data? {
                    guard let url = Bundle.main.url(forResource: "Hourglass.png", withExtension: nil) else { return nil }
                    return try? Data(contentsOf: url)
                }

                """
            ),
            (
                "App/Sparkle.m",
                """
                #import <UIKit/UIKit.h>

                NSData *SparkleData(void) {
                    NSURL *url = [[NSBundle mainBundle] URLForResource:@"Sparkle" withExtension:@"png"];
                    return [NSData dataWithContentsOfURL:url];
                }

                """
            ),
            (
                "App/Intro.swift",
                """
                import UIKit

                let introPath = Bundle.main.path(forResource: "Intro", ofType: "png")
                let intro = introPath.flatMap { UIImage(contentsOfFile: $0) }

                """
            ),
        ],
        expected: [.init(rule: "missing-scale", severity: .warning, path: "App/Images/Intro.png")]),
    // Files the system reads, not code: an Icon Composer document, a watch complication set, a
    // sticker pack, a custom symbol that Image("…") finds, loose icons the Info.plist lists.
    Scenario(
        name: "findings-system-files",
        images: [
            ("App/AppIcon.icon/Assets/glyph.png", 1024, 1024),
            ("App/Stickers.xcassets/Sticker Pack.stickerpack/Wave.sticker/wave.png", 300, 300),
            ("App/Assets.xcassets/Complication.complicationset/Circular.imageset/circular@2x.png", 32, 32),
            ("App/Icons/AppTile60x60@2x.png", 120, 120), ("App/Icons/AppTile60x60@3x.png", 180, 180),
        ],
        infoPlist: phoneApp.merging([
            "CFBundleIcons": .dictionary([
                "CFBundlePrimaryIcon": .dictionary(["CFBundleIconFiles": .array([.string("AppTile60x60")])])
            ])
        ]) { _, new in new },
        texts: [
            unusedImageOn,
            (
                "App/AppIcon.icon/icon.json",
                #"{ "groups" : [ { "layers" : [ { "image-name" : "glyph.png" } ] } ] }"# + "\n"
            ),
            ("App/Stickers.xcassets/Contents.json", catalogContents([])),
            (
                "App/Assets.xcassets/Complication.complicationset/Contents.json",
                #"{ "assets" : [ { "filename" : "Circular.imageset", "idiom" : "watch", "role" : "circular" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
                    + "\n"
            ),
            (
                "App/Assets.xcassets/Complication.complicationset/Circular.imageset/Contents.json",
                catalogContents([
                    catalogEntry([("filename", "circular@2x.png"), ("idiom", "universal"), ("scale", "2x")])
                ])
            ),
            ("App/Assets.xcassets/Contents.json", catalogContents([])),
            (
                "App/Assets.xcassets/waveform.badge.symbolset/Contents.json",
                #"{ "symbols" : [ { "filename" : "waveform.badge.svg", "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
                    + "\n"
            ),
            (
                "App/Assets.xcassets/waveform.badge.symbolset/waveform.badge.svg",
                #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"></svg>"# + "\n"
            ),
            (
                "App/Player.swift",
                """
                import SwiftUI

                struct PlayerBadge: View {
                    var body: some View { Image("waveform.badge") }
                }

                // Xcode's complication template loads the set's images through its namespace.
                let circular = UIImage(named: "Complication/Circular")

                """
            ),
        ],
        // The glyph and the sticker: the system's, not counted.
        uncheckedImages: 2,
        expected: []),
    // Code not compiled for this app (another OS, Mac Catalyst) is not judged against it; the
    // iOS code's missing image is.
    Scenario(
        name: "findings-uncompiled-code",
        images: loose("App/Images", ["toolbar"]),
        infoPlist: phoneApp,
        texts: [
            (
                "App/Toolbar.swift",
                """
                import UIKit

                let toolbar = UIImage(named: "toolbar")
                #if os(watchOS)
                let crown = UIImage(named: "digital-crown")
                #endif
                #if targetEnvironment(macCatalyst)
                let menuBar = UIImage(named: "menu-bar")
                #endif
                let gone = UIImage(named: "toolbar-old")

                """
            ),
            (
                "App/Legacy.m",
                """
                #import <UIKit/UIKit.h>

                #if TARGET_OS_TV
                UIImage *Shelf(void) { return [UIImage imageNamed:@"tv-shelf"]; }
                #endif
                // An empty name clears the image on purpose.
                void Clear(UIImageView *view) { view.image = [UIImage imageNamed:@""]; }

                """
            ),
        ],
        expected: [.init(rule: "missing-image", severity: .error, path: "App/Toolbar.swift", line: 10)]),
    // Small ones: a dark and a wide-gamut entry do not compete with the plain one; an IB3-era
    // xib names its image in NSResourceName; only the image nothing names is unused.
    Scenario(
        name: "findings-small-ones",
        images: [
            ("App/Assets.xcassets/card.imageset/card@2x.png", 80, 80),
            ("App/Assets.xcassets/card.imageset/card-dark@2x.png", 80, 80),
            ("App/Assets.xcassets/card.imageset/card-p3@2x.png", 80, 80),
        ] + loose("App/Images", ["legacy-tab", "orphan"]),
        infoPlist: phoneApp,
        texts: [
            unusedImageOn,
            ("App/Assets.xcassets/Contents.json", catalogContents([])),
            (
                "App/Assets.xcassets/card.imageset/Contents.json",
                """
                {
                  "images" : [
                    { "idiom" : "universal", "filename" : "card@2x.png", "scale" : "2x" },
                    { "idiom" : "universal", "filename" : "card-dark@2x.png", "scale" : "2x",
                      "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] },
                    { "idiom" : "universal", "filename" : "card-p3@2x.png", "scale" : "2x", "display-gamut" : "display-P3" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }

                """
            ),
            ("App/Card.swift", "import SwiftUI\n\nlet card = Image(\"card\")\n"),
            (
                "App/Tabs.xib",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
                    <data>
                        <object class="NSCustomResource" key="IBUIImage">
                            <string key="NSClassName">NSImage</string>
                            <string key="NSResourceName">legacy-tab.png</string>
                        </object>
                    </data>
                </archive>

                """
            ),
        ],
        expected: [.init(rule: "unused-image", severity: .warning, path: "App/Images/orphan@2x.png")]),
]
