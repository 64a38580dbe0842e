import Foundation
import Testing

@testable import TallCheckCore
@testable import TallCheckKit

/// Every reader of the tree that can name an image keeps it from `unused-image`, and so from
/// `fix --delete-unused`: each test builds a tree with images named only by one kind of file,
/// plus images nothing names, which must still be reported (and are all the plan deletes).
@Suite struct UnusedImageSourcesTests {
    /// A tree with a Swift file that names no image of it (so the rule runs), the catalog sets
    /// `sets` in `App/Assets.xcassets`, the loose files `loose` and the `texts`.
    static func tree(sets: [String] = [], loose: [String] = [], files: [(String, [UInt8])] = []) throws
        -> TemporaryDirectory
    {
        let folder = try TemporaryDirectory()
        try folder.write(Array(catalogContents([]).utf8), to: "App/Assets.xcassets/Contents.json")
        for name in sets {
            try folder.write(
                Array(catalogContents([catalogEntry([("filename", "\(name).png"), ("idiom", "universal")])]).utf8),
                to: "App/Assets.xcassets/\(name).imageset/Contents.json")
            try folder.write(
                PNGBuilder(width: 60, height: 60, colorType: 0).encoded(),
                to: "App/Assets.xcassets/\(name).imageset/\(name).png")
        }
        for path in loose {
            try folder.write(PNGBuilder(width: 60, height: 60, colorType: 0).encoded(), to: path)
        }
        try folder.write(Array("import UIKit\nlet x = UIImage(named: \"nothing\")\n".utf8), to: "App/Main.swift")
        for (path, bytes) in files { try folder.write(bytes, to: path) }
        return folder
    }

    /// The paths `unused-image` reports, sorted, after checking that `fix --delete-unused`
    /// plans to delete files of those and nothing else.
    static func unused(_ folder: TemporaryDirectory) throws -> [String] {
        var request = LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        request.reusesReport = false
        let outcome = try LintSession.run(request) { _ in }
        let paths = outcome.report.findings.filter { $0.ruleID == "unused-image" }.map(\.path).sorted()
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        for deleted in plan.deletions {
            #expect(paths.contains { deleted == $0 || deleted.hasPrefix($0 + "/") }, "\(deleted) is deleted")
        }
        return paths
    }

    static func plist(_ value: Any, binary: Bool) throws -> [UInt8] {
        Array(try PropertyListSerialization.data(fromPropertyList: value, format: binary ? .binary : .xml, options: 0))
    }

    /// `UILaunchScreen` (iOS 14) shows `UIImageName`, an image set or a file of the bundle; so do
    /// its device variants and the `UILaunchScreenDefinitions` of `UILaunchScreens`.
    @Test(arguments: [false, true]) func theLaunchScreensImagesAreUsed(binary: Bool) throws {
        let info: [String: Any] = [
            "CFBundlePackageType": "APPL",
            "UILaunchScreen": ["UIImageName": "LaunchLogo", "UIColorName": "LaunchBackground"],
            "UILaunchScreen~ipad": ["UIImageName": "PadLogo"],
            "UILaunchScreen-iphoneos~iphone": ["UIImageName": "PhoneLogo"],
            "UILaunchScreens": [
                "UIDefaultLaunchScreen": "plain",
                "UILaunchScreenDefinitions": [
                    ["UILaunchScreenIdentifier": "plain", "UIImageName": "Splash"],
                    [
                        "UILaunchScreenIdentifier": "night", "UIImageName": "NightLogo",
                        "UIImageRespectsSafeAreaInsets": true,
                    ],
                ],
            ],
            "UILaunchScreens~ipad": [
                "UILaunchScreenDefinitions": [["UILaunchScreenIdentifier": "pad", "UIImageName": "PadDefined.png"]]
            ],
        ]
        let folder = try Self.tree(
            sets: ["LaunchLogo", "PadLogo", "PhoneLogo", "NightLogo", "stale"],
            loose: ["App/Images/Splash@2x.png", "App/Images/PadDefined@2x.png", "App/Images/Old@2x.png"],
            files: [("App/Info.plist", try Self.plist(info, binary: binary))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset", "App/Images/Old@2x.png"])
    }

    /// An Info.plist whose only app key is `UILaunchScreen` (a SwiftUI app's) is the app's, not a
    /// shallower one without app keys: its launch image is used.
    @Test func anInfoPlistWithALaunchScreenIsTheApps() throws {
        let folder = try Self.tree(
            sets: ["LaunchLogo", "stale"],
            files: [
                ("Shared/Info.plist", try Self.plist(["CFBundleName": "Shared"], binary: false)),
                (
                    "App/Sources/Info.plist",
                    try Self.plist(["UILaunchScreen": ["UIImageName": "LaunchLogo"]], binary: false)
                ),
            ])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    /// The Info.plist is a property list of the tree like any other: a key the code reads
    /// (`Bundle.main.object(forInfoDictionaryKey:)`) or a document type's icon names an image.
    @Test func anInfoPlistsStringsNameImages() throws {
        let info: [String: Any] = [
            "CFBundlePackageType": "APPL",
            "HeroImage": "promo-hero",
            "CFBundleDocumentTypes": [["CFBundleTypeName": "Drawing", "CFBundleTypeIconFiles": ["DocIcon"]]],
        ]
        let folder = try Self.tree(
            sets: ["promo-hero", "stale"], loose: ["App/Images/DocIcon@2x.png"],
            files: [("App/Info.plist", try Self.plist(info, binary: true))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    /// A web view's script names the images it loads: `img.src = "images/logo.png"`.
    @Test func aScriptsStringsNameImages() throws {
        let script = """
            const hero = document.getElementById('hero');
            hero.src = "images/logo.png";
            document.body.style.backgroundImage = 'url(banner@2x.png)';
            const badge = `icons/star.png`;
            // "images/unused.png" is a comment's name: still taken, which only keeps more.

            """
        let folder = try Self.tree(
            loose: [
                "App/Web/images/logo.png", "App/Web/banner@2x.png", "App/Web/icons/star.png", "App/Images/Old@2x.png",
            ],
            files: [("App/Web/app.js", Array(script.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Images/Old@2x.png"])
    }

    /// A C# class of static image properties: a name in a member no code reads reaches nothing.
    /// Read by `Images.Gist.Fork`, by a bare name in its own file (`Star`) or through `using
    /// static`, it does.
    @Test func aCSharpMemberNoCodeReadsNamesNothing() throws {
        let images = """
            namespace App {
                public static class Images {
                    public static class Gist {
                        public static UIImage Share { get { return Helper.Load("Images/Gist/share"); } }
                        public static UIImage Star => Helper.Load("Images/Gist/star");
                        public static readonly UIImage User = Helper.Load("Images/Gist/user");
                        public static UIImage Fork { get { return Helper.Load("Images/Gist/fork"); } }
                        public static UIImage Pinned { get { return Helper.Load("Images/Gist/pinned"); } }
                        public static UIImage Twice { get { return Star; } }
                    }
                    public static class Tabs {
                        public static UIImage Home => Helper.Load("Images/Tabs/home");
                        // Another class's `Share` declares a member, and reads none.
                        public static UIImage Share { get { return null; } }
                        static bool IsFork(UIImage i) { return Fork == i; }
                    }
                }
            }
            """
        let view = "class View { void Load() { image.Image = Images.Gist.Fork; } }\n"
        let other = "using static App.Images.Tabs;\nclass Other { UIImage i = Home; }\n"
        let folder = try Self.tree(
            loose: ["share", "star", "user", "fork", "pinned", "home"].map { "App/Images/Gist/\($0)@2x.png" },
            files: [
                ("App/Images.cs", Array(images.utf8)), ("App/View.cs", Array(view.utf8)),
                ("App/Other.cs", Array(other.utf8)),
                // `Pinned` is read where a property of that name on another class might be meant: kept.
                ("App/Pins.cs", Array("class Pins { object p = Gist.Pinned; }\n".utf8)),
            ])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Images/Gist/share@2x.png", "App/Images/Gist/user@2x.png"])
    }

    /// An app that declares no icon, with an unused square `icon…` file of an icon's size: the
    /// finding says it looks like the icon to declare, and `fix --delete-unused` leaves it.
    @Test func anUndeclaredIconIsToldToBeDeclared() throws {
        let folder = try Self.tree(loose: ["App/Resources/icon-60.png", "App/Resources/iconic-art.png", "App/Resources/photo.png"])
        try folder.write(PNGBuilder(width: 48, height: 48, colorType: 0).encoded(), to: "App/Resources/iconic-art.png")
        var request = LintRequest(root: folder.path, settings: .init(optInRules: ["unused-image"]))
        request.reusesReport = false
        let outcome = try LintSession.run(request) { _ in }
        let unused = outcome.report.findings.filter { $0.ruleID == "unused-image" }
        #expect(unused.map(\.path).sorted() == ["App/Resources/icon-60.png", "App/Resources/iconic-art.png", "App/Resources/photo.png"])
        #expect(unused.filter { $0.message.contains(UnusedImage.undeclaredIconNote) }.map(\.path) == ["App/Resources/icon-60.png"])
        let plan = Fixer.plan(
            root: folder.path, scan: try #require(outcome.scan), findings: outcome.report.findings,
            options: Fixer.Options(deletesUnused: true))
        #expect(plan.deletions.sorted() == ["App/Resources/iconic-art.png", "App/Resources/photo.png"])
        #expect(plan.needsPerson.filter { $0.ruleID == "unused-image" }.map(\.path) == ["App/Resources/icon-60.png"])
    }

    /// A name given to an image API with a folder loads from that folder: `FromBundle("/Images/star")`
    /// keeps `Images/star.png`, not `Images/Gist/star.png`, whose folder the project keeps.
    @Test func aNameWithAFolderReachesThatFolderOnly() throws {
        let code = #"class A { UIImage a = UIImage.FromBundle("/Images/star"); }"#
        let project = """
            <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup><OutputType>Exe</OutputType><ProjectTypeGuids>{FEACFBD2-3405-455C-9665-78FE426C6842}</ProjectTypeGuids></PropertyGroup>
              <ItemGroup>
                <Compile Include="A.cs" />
                <BundleResource Include="Images\\star.png" />
                <BundleResource Include="Images\\Gist\\star.png" />
              </ItemGroup>
            </Project>
            """
        let folder = try Self.tree(
            loose: ["App/Images/star.png", "App/Images/Gist/star.png"],
            files: [("App/A.cs", Array(code.utf8)), ("App/App.csproj", Array(project.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Images/Gist/star.png"])
    }

    /// A binary property list (a data plist whose top level is an array, a settings bundle's
    /// `Root.plist`) names images as an XML one does.
    @Test func aBinaryPropertyListsStringsNameImages() throws {
        let menu: [Any] = [["title": "Home", "icon": "menu-home"], ["title": "Search", "icon": "menu-search"]]
        let settings: [String: Any] = [
            "PreferenceSpecifiers": [["Type": "PSGroupSpecifier", "Title": "About", "FooterText": "settings-badge"]]
        ]
        let folder = try Self.tree(
            sets: ["menu-home", "menu-search", "settings-badge", "stale"],
            files: [
                ("App/Resources/Menu.plist", try Self.plist(menu, binary: true)),
                ("App/Settings.bundle/Root.plist", try Self.plist(settings, binary: true)),
                // Cut short: reported, and the rest goes on.
                ("App/Resources/Broken.plist", Array(try Self.plist(menu, binary: true).prefix(40))),
            ])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
        let scan = try InventoryScanner.scan(try Workspace.open(folder.path).scanOptions(.sources))
        let issues = scan.issues.filter { $0.path == "App/Resources/Broken.plist" }.map(\.message)
        #expect(issues.count == 1 && issues.allSatisfy { $0.hasPrefix("not a property list: ") }, "\(issues)")
    }

    /// JSON strings are read as JSON reads them: `\u` escapes decoded, surrogate pairs joined.
    @Test func jsonEscapesAreDecodedBeforeMatching() throws {
        let json =
            #"{"icon": "b\u0075tton", "hero": "caf\u00e9.png", "math": "\ud835\udc9cngle", "path": "icons\/gear"}"#
        let folder = try Self.tree(
            sets: ["button", "gear", "stale"], loose: ["App/Images/caf\u{E9}.png", "App/Images/\u{1D49C}ngle@2x.png"],
            files: [("App/Resources/menu.json", Array(json.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    /// An XML property list's and an XML data file's text is read with its entities decoded:
    /// `Tom&amp;Jerry.png`, `&#x41;rrow`, `d&#233;part`.
    @Test func xmlEntitiesAreDecodedBeforeMatching() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
                <key>cartoon</key><string>Tom&amp;Jerry.png</string>
                <key>arrow</key><string>&#x41;rrow</string>
                <key>quote</key><string>&quot;Quoted&quot;</string>
            </dict></plist>

            """
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <levels>
                <level image="d&#233;part.png" title="Start"/>
                <level><background>Fin&#x2D;line</background></level>
            </levels>

            """
        let folder = try Self.tree(
            sets: ["Arrow", "Fin-line", "stale"],
            loose: ["App/Images/Tom&Jerry.png", "App/Images/\"Quoted\".png", "App/Images/d\u{E9}part.png"],
            files: [
                ("App/Resources/Cartoons.plist", Array(plist.utf8)),
                ("App/Resources/Levels.xml", Array(xml.utf8)),
            ])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    /// A web page's attributes are read with their entities decoded, as the web view reads them.
    @Test func htmlEntitiesAreDecodedBeforeMatching() throws {
        let page = """
            <!DOCTYPE html>
            <img src="img/Tom&amp;Jerry.png" alt="">
            <img src='img/caf&eacute;.png'>
            <div style="background: url(&quot;img/paper.png&quot;)"></div>

            """
        let folder = try Self.tree(
            loose: [
                "App/Help/img/Tom&Jerry.png", "App/Help/img/caf\u{E9}.png", "App/Help/img/paper.png",
                "App/Images/Old@2x.png",
            ],
            files: [("App/Help/index.html", Array(page.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Images/Old@2x.png"])
    }

    /// A `.strings` file's `\U` escapes (old-style property list text) are decoded.
    @Test func stringsEscapesAreDecodedBeforeMatching() throws {
        let strings = #""welcome.image" = "caf\U00e9";"# + "\n"
        let folder = try Self.tree(
            sets: ["caf\u{E9}", "stale"], files: [("App/en.lproj/Home.strings", Array(strings.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    /// Interface Builder files are parsed as XML: `image="Tom&amp;Jerry"` already names Tom&Jerry.
    @Test func interfaceBuilderEntitiesAreDecoded() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s"><objects><viewController id="vc"><view key="view" id="root"><subviews>
                    <imageView id="a" image="Tom&amp;Jerry"/>
                    <imageView id="b" image="&#x41;rrow"/>
                </subviews></view></viewController></objects></scene></scenes>
                <resources><image name="Tom&amp;Jerry" width="60" height="60"/><image name="Arrow" width="60" height="60"/></resources>
            </document>

            """
        let folder = try Self.tree(
            sets: ["Arrow", "stale"], loose: ["App/Images/Tom&Jerry.png"],
            files: [("App/Base.lproj/Main.storyboard", Array(storyboard.utf8))])
        let unused = try Self.unused(folder)
        #expect(unused == ["App/Assets.xcassets/stale.imageset"])
    }

    @Test func escapesDecodeAsTheirSyntaxReadsThem() {
        func backslashes(_ text: String) -> String { DataNamesInput.decodingBackslashes(ArraySlice(text.utf8)) }
        func entities(_ text: String) -> String { DataNamesInput.decodingEntities(ArraySlice(text.utf8)) }
        #expect(backslashes(#"b\u0075tton"#) == "button")
        #expect(backslashes(#"caf\U00E9"#) == "caf\u{E9}")
        #expect(backslashes(#"\ud83c\udf1f-star"#) == "\u{1F31F}-star")
        #expect(backslashes(#"\u{1F31F}\x41\/\"\'"#) == "\u{1F31F}A/\"'")
        // A lone surrogate, an escape cut short, a backslash at the end.
        #expect(backslashes(#"a\ud83cb"#) == "a\u{FFFD}b")
        #expect(backslashes(#"\udc00"#) == "\u{FFFD}")
        #expect(backslashes(#"\u12"#) == "u12")
        #expect(backslashes(#"a\"#) == #"a\"#)
        #expect(backslashes("caf\\\u{E9}") == "caf\u{E9}")
        #expect(entities("Tom&amp;Jerry &#x41;&#66;&eacute;&lt;&gt;&quot;&apos;") == "Tom&Jerry AB\u{E9}<>\"'")
        // Unknown, out of range, surrogate, NUL, unterminated: kept as written.
        #expect(entities("&bogus; &#x110000; &#xD800; &#0; &amp") == "&bogus; &#x110000; &#xD800; &#0; &amp")
        #expect(entities("&#x1F31F;") == "\u{1F31F}")
    }
}
