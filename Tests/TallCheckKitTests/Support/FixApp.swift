import Foundation

/// The app `tallcheck fix` is shown and tested on, under `Fixtures/FixApp`: an Xcode app whose
/// project has groups, a folder reference (`Levels`) and a variant group (`Welcome.png`), with
/// an asset catalog; and a Xamarin app whose `.csproj` names its images with `%40` escapes. Each
/// has findings `fix` answers and one it leaves to a person. The project text follows Xcode's
/// documented layout (one object a line for files, sections in comments), written here, never
/// copied from a project. This list is its only source; `Scripts/make-fixtures` writes it.
enum FixApp {
    static let folder = "Fixtures/FixApp"

    static func png(_ width: Int, _ height: Int, seed: UInt64) -> [UInt8] {
        PNGBuilder(width: width, height: height, colorType: 2, seed: seed).encoded()
    }

    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tB00000000000000000000001 /* button~ipad@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000001 /* button~ipad@2x.png */; };
        \t\tB00000000000000000000002 /* Icon@2X.png in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000002 /* Icon@2X.png */; };
        \t\tB00000000000000000000003 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000003 /* Assets.xcassets */; };
        \t\tB00000000000000000000004 /* Levels in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000004 /* Levels */; };
        \t\tB00000000000000000000005 /* Welcome.png in Resources */ = {isa = PBXBuildFile; fileRef = A00000000000000000000001 /* Welcome.png */; };
        \t\tB00000000000000000000006 /* Avatar.png in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000008 /* Avatar.png */; };
        \t\tB00000000000000000000007 /* Avatar@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000009 /* Avatar@2x.png */; };
        \t\tB00000000000000000000008 /* Menu.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000000B /* Menu.swift */; };
        \t\tB00000000000000000000009 /* Old.png in Resources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000000C /* Old.png */; };
        \t\tB0000000000000000000000A /* Old@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000000D /* Old@2x.png */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\tF00000000000000000000001 /* button~ipad@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = "button~ipad@2x.png"; sourceTree = "<group>"; };
        \t\tF00000000000000000000002 /* Icon@2X.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = "Icon@2X.png"; sourceTree = "<group>"; };
        \t\tF00000000000000000000003 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
        \t\tF00000000000000000000004 /* Levels */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Levels; sourceTree = "<group>"; };
        \t\tF00000000000000000000005 /* en */ = {isa = PBXFileReference; lastKnownFileType = image.png; name = en; path = en.lproj/Welcome.png; sourceTree = "<group>"; };
        \t\tF00000000000000000000006 /* fr */ = {isa = PBXFileReference; lastKnownFileType = image.png; name = fr; path = fr.lproj/Welcome.png; sourceTree = "<group>"; };
        \t\tF00000000000000000000007 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        \t\tF00000000000000000000008 /* Avatar.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = Avatar.png; sourceTree = "<group>"; };
        \t\tF00000000000000000000009 /* Avatar@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = "Avatar@2x.png"; sourceTree = "<group>"; };
        \t\tF0000000000000000000000A /* FixApp.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = FixApp.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tF0000000000000000000000B /* Menu.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Menu.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000000C /* Old.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = Old.png; sourceTree = "<group>"; };
        \t\tF0000000000000000000000D /* Old@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = "Old@2x.png"; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        \t\tG00000000000000000000001 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tG00000000000000000000002 /* App */,
        \t\t\t\tG00000000000000000000004 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000002 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000007 /* Info.plist */,
        \t\t\t\tF0000000000000000000000B /* Menu.swift */,
        \t\t\t\tG00000000000000000000003 /* Images */,
        \t\t\t\tF00000000000000000000003 /* Assets.xcassets */,
        \t\t\t\tF00000000000000000000004 /* Levels */,
        \t\t\t\tA00000000000000000000001 /* Welcome.png */,
        \t\t\t);
        \t\t\tpath = App;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000003 /* Images */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000001 /* button~ipad@2x.png */,
        \t\t\t\tF00000000000000000000002 /* Icon@2X.png */,
        \t\t\t\tF00000000000000000000008 /* Avatar.png */,
        \t\t\t\tF00000000000000000000009 /* Avatar@2x.png */,
        \t\t\t\tF0000000000000000000000C /* Old.png */,
        \t\t\t\tF0000000000000000000000D /* Old@2x.png */,
        \t\t\t);
        \t\t\tpath = Images;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000004 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF0000000000000000000000A /* FixApp.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tT00000000000000000000001 /* FixApp */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = L00000000000000000000002 /* Build configuration list for PBXNativeTarget "FixApp" */;
        \t\t\tbuildPhases = (
        \t\t\t\tS00000000000000000000001 /* Sources */,
        \t\t\t\tR00000000000000000000001 /* Resources */,
        \t\t\t);
        \t\t\tname = FixApp;
        \t\t\tproductName = FixApp;
        \t\t\tproductReference = F0000000000000000000000A /* FixApp.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tP00000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = L00000000000000000000001 /* Build configuration list for PBXProject "FixApp" */;
        \t\t\tcompatibilityVersion = "Xcode 14.0";
        \t\t\tmainGroup = G00000000000000000000001;
        \t\t\tproductRefGroup = G00000000000000000000004 /* Products */;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tT00000000000000000000001 /* FixApp */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\tR00000000000000000000001 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\tB00000000000000000000001 /* button~ipad@2x.png in Resources */,
        \t\t\t\tB00000000000000000000002 /* Icon@2X.png in Resources */,
        \t\t\t\tB00000000000000000000003 /* Assets.xcassets in Resources */,
        \t\t\t\tB00000000000000000000004 /* Levels in Resources */,
        \t\t\t\tB00000000000000000000005 /* Welcome.png in Resources */,
        \t\t\t\tB00000000000000000000006 /* Avatar.png in Resources */,
        \t\t\t\tB00000000000000000000007 /* Avatar@2x.png in Resources */,
        \t\t\t\tB00000000000000000000009 /* Old.png in Resources */,
        \t\t\t\tB0000000000000000000000A /* Old@2x.png in Resources */,
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tS00000000000000000000001 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\tB00000000000000000000008 /* Menu.swift in Sources */,
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXVariantGroup section */
        \t\tA00000000000000000000001 /* Welcome.png */ = {
        \t\t\tisa = PBXVariantGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000005 /* en */,
        \t\t\t\tF00000000000000000000006 /* fr */,
        \t\t\t);
        \t\t\tname = Welcome.png;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXVariantGroup section */

        /* Begin XCBuildConfiguration section */
        \t\tC00000000000000000000001 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tIPHONEOS_DEPLOYMENT_TARGET = 12.0;
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t\tC00000000000000000000002 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = App/Info.plist;
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t\tTARGETED_DEVICE_FAMILY = "1,2";
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\tL00000000000000000000001 /* Build configuration list for PBXProject "FixApp" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tC00000000000000000000001 /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        \t\tL00000000000000000000002 /* Build configuration list for PBXNativeTarget "FixApp" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tC00000000000000000000002 /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        /* End XCConfigurationList section */
        \t};
        \trootObject = P00000000000000000000001 /* Project object */;
        }

        """

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>com.example.fixapp</string>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        </dict>
        </plist>

        """

    /// An image set as Xcode writes its `Contents.json`.
    static func contents(_ images: [[(String, String)]]) -> String {
        let entries = images.map { members in
            "    {\n" + members.map { "      \"\($0.0)\" : \"\($0.1)\"" }.joined(separator: ",\n") + "\n    }"
        }
        return "{\n  \"images\" : [\n" + entries.joined(separator: ",\n")
            + "\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    }

    /// The code names every image but `Old` and the set `Retired`, which `--delete-unused` deletes.
    static let menu = """
        import UIKit

        final class Menu {
            let images = [
                UIImage(named: "Avatar"), UIImage(named: "Star"), UIImage(named: "Arrow"), UIImage(named: "Welcome"),
                UIImage(named: "button"), UIImage(named: "Icon"), UIImage(named: "Levels/level1"),
            ]
        }

        """

    static let csproj = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net8.0-ios</TargetFramework>
            <OutputType>Exe</OutputType>
            <SupportedOSPlatformVersion>12.0</SupportedOSPlatformVersion>
          </PropertyGroup>
          <ItemGroup>
            <BundleResource Include="Resources\\logo~ipad%402x.png" />
            <BundleResource Include="Resources\\Badge%402X.png">
              <LogicalName>Badge%402X.png</LogicalName>
            </BundleResource>
            <BundleResource Include="Resources\\Card.png" />
          </ItemGroup>
        </Project>

        """

    static func files() throws -> [(path: String, bytes: [UInt8])] {
        let star = contents([
            [("filename", "Star.png"), ("idiom", "universal"), ("scale", "1x")],
            [("idiom", "universal"), ("scale", "2x")],
            [("filename", "Star@3x.png"), ("idiom", "universal"), ("scale", "3x")],
        ])
        let arrow = contents([
            [("filename", "Arrow.png"), ("idiom", "universal"), ("scale", "1x")],
            [("filename", "Arrow@2x.png"), ("idiom", "universal"), ("scale", "2x")],
            [("filename", "Arrow@3x.png"), ("idiom", "universal"), ("scale", "3x")],
        ])
        let retired = contents([[("filename", "Retired@2x.png"), ("idiom", "universal"), ("scale", "2x")]])
        let files: [(String, [UInt8])] = [
            ("Xcode/App/Assets.xcassets/Arrow.imageset/Arrow.png", png(20, 20, seed: 1)),
            ("Xcode/App/Assets.xcassets/Arrow.imageset/Arrow@3x.png", png(60, 60, seed: 2)),
            ("Xcode/App/Assets.xcassets/Arrow.imageset/Contents.json", Array(arrow.utf8)),
            ("Xcode/App/Assets.xcassets/Arrow.imageset/arrow@2x.png", png(40, 40, seed: 3)),
            (
                "Xcode/App/Assets.xcassets/Contents.json",
                Array("{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n".utf8)
            ),
            ("Xcode/App/Assets.xcassets/Star.imageset/Contents.json", Array(star.utf8)),
            ("Xcode/App/Assets.xcassets/Star.imageset/Star.png", png(30, 30, seed: 4)),
            ("Xcode/App/Assets.xcassets/Star.imageset/Star@2x.png", png(60, 60, seed: 5)),
            ("Xcode/App/Images/Avatar.png", png(50, 50, seed: 6)),
            ("Xcode/App/Images/Avatar@2x.png", png(98, 98, seed: 7)),
            ("Xcode/App/Images/Icon@2X.png", png(58, 58, seed: 8)),
            ("Xcode/App/Images/Old.png", png(24, 24, seed: 16)),
            ("Xcode/App/Images/Old@2x.png", png(48, 48, seed: 17)),
            ("Xcode/App/Menu.swift", Array(menu.utf8)),
            ("Xcode/App/Assets.xcassets/Retired.imageset/Contents.json", Array(retired.utf8)),
            ("Xcode/App/Assets.xcassets/Retired.imageset/Retired@2x.png", png(32, 32, seed: 18)),
            ("Xcode/App/Images/button~ipad@2x.png", png(88, 88, seed: 9)),
            ("Xcode/App/Info.plist", Array(infoPlist.utf8)),
            ("Xcode/App/Levels/level1~ipad@2x.png", png(64, 64, seed: 10)),
            ("Xcode/App/en.lproj/Welcome.png", png(40, 20, seed: 11)),
            ("Xcode/App/fr.lproj/Welcome.png", png(40, 20, seed: 12)),
            ("Xcode/FixApp.xcodeproj/project.pbxproj", Array(pbxproj.utf8)),
            ("Xamarin/Resources/Badge@2X.png", png(40, 40, seed: 13)),
            ("Xamarin/Resources/Card.png", png(30, 30, seed: 14)),
            ("Xamarin/Resources/logo~ipad@2x.png", png(80, 80, seed: 15)),
            ("Xamarin/XamarinApp.csproj", Array(csproj.utf8)),
        ]
        return files.sorted { $0.0 < $1.0 }.map { (path: $0.0, bytes: $0.1) }
    }
}
