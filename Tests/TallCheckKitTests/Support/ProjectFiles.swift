/// Small project files written by tests: an Xcode project as Xcode lays it out, and MSBuild
/// projects. Written here, never copied from public repositories.
enum ProjectFiles {
    /// `Game.xcodeproj` for a tree holding `Game/Levels` (a folder reference with `map1.png`),
    /// `Game/Icons` (a group with `gear.png` and `gear@2x.png`), `Game/SVProgressHUD.bundle`,
    /// `Game/Flags` (a variant group for `flag.png` in `en.lproj` and `fr.lproj`), `Game/Art` (an
    /// Xcode 16 synchronized folder whose exception set leaves out `Unused/old.png`), and
    /// `Game/Docs/manual.png`, which no phase copies.
    static let gamePBXProj = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXBuildFile section */
        		B001 /* Levels in Resources */ = {isa = PBXBuildFile; fileRef = F001 /* Levels */; };
        		B002 /* gear.png in Resources */ = {isa = PBXBuildFile; fileRef = F002 /* gear.png */; };
        		B003 /* gear@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = F003 /* gear@2x.png */; };
        		B004 /* SVProgressHUD.bundle in Resources */ = {isa = PBXBuildFile; fileRef = F004; };
        		B005 /* flag.png in Resources */ = {isa = PBXBuildFile; fileRef = V001 /* flag.png */; };
        /* End PBXBuildFile section */

        		F001 /* Levels */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Levels; sourceTree = "<group>"; };
        		F002 /* gear.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = gear.png; sourceTree = "<group>"; };
        		F003 /* gear@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = "gear@2x.png"; sourceTree = "<group>"; };
        		F004 /* SVProgressHUD.bundle */ = {isa = PBXFileReference; lastKnownFileType = "wrapper.plug-in"; path = SVProgressHUD.bundle; sourceTree = "<group>"; };
        		F005 /* en */ = {isa = PBXFileReference; lastKnownFileType = image.png; name = en; path = en.lproj/flag.png; sourceTree = "<group>"; };
        		F006 /* fr */ = {isa = PBXFileReference; lastKnownFileType = image.png; name = fr; path = fr.lproj/flag.png; sourceTree = "<group>"; };
        		F007 /* manual.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = manual.png; sourceTree = "<group>"; };
        		V001 /* flag.png */ = {isa = PBXVariantGroup; children = (F005, F006, ); name = flag.png; sourceTree = "<group>"; };

        		G000 = {isa = PBXGroup; children = (G001, ); sourceTree = "<group>"; };
        		G001 /* Game */ = {isa = PBXGroup; children = (F001, G002, F004, G003, G004, S001, ); path = Game; sourceTree = "<group>"; };
        		G002 /* Icons */ = {isa = PBXGroup; children = (F002, F003, ); path = Icons; sourceTree = "<group>"; };
        		G003 /* Flags */ = {isa = PBXGroup; children = (V001, ); path = Flags; sourceTree = "<group>"; };
        		G004 /* Docs */ = {isa = PBXGroup; children = (F007, ); path = Docs; sourceTree = "<group>"; };

        		S001 /* Art */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E001, ); path = Art; sourceTree = "<group>"; };
        		E001 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Unused/old.png, ); target = T001; };

        		R001 /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (B001, B002, B003, B004, B005, ); runOnlyForDeploymentPostprocessing = 0; };
        		T001 /* Game */ = {isa = PBXNativeTarget; buildConfigurationList = L001; buildPhases = (R001, ); fileSystemSynchronizedGroups = (S001, ); name = Game; productType = "com.apple.product-type.application"; };
        		C001 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 12.0; }; name = Debug; };
        		C002 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 11.0; }; name = Release; };
        		L001 = {isa = XCConfigurationList; buildConfigurations = (C001, C002, ); };
        		P001 /* Project object */ = {isa = PBXProject; mainGroup = G000; projectDirPath = ""; targets = (T001, ); };
        	};
        	rootObject = P001 /* Project object */;
        }
        """

    /// The image files `gamePBXProj` describes, with their pixel sizes.
    static let gameImages: [(String, Int, Int)] = [
        ("Game/Levels/map1.png", 100, 100), ("Game/Levels/Forest/map2.png", 100, 100),
        ("Game/Icons/gear.png", 20, 20), ("Game/Icons/gear@2x.png", 40, 40),
        ("Game/SVProgressHUD.bundle/error.png", 28, 28), ("Game/SVProgressHUD.bundle/error@2x.png", 56, 56),
        ("Game/Flags/en.lproj/flag.png", 30, 20), ("Game/Flags/fr.lproj/flag.png", 30, 20),
        ("Game/Art/hero.png", 50, 50), ("Game/Art/hero@2x.png", 100, 100), ("Game/Art/Unused/old.png", 10, 10),
        ("Game/Docs/manual.png", 800, 600),
    ]

    /// A Xamarin.iOS project: escaped `@`, backslashes, the `Resources\\` prefix, a `Link` and a
    /// `LogicalName`.
    static let classicCSProj = """
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup>
            <OutputType>Exe</OutputType>
          </PropertyGroup>
          <ItemGroup>
            <BundleResource Include="Resources\\Images\\button.png" />
            <BundleResource Include="Resources\\Images\\button%402x.png" />
            <Content Include="Assets\\Default-568h%402x.png">
              <Link>Default-568h@2x.png</Link>
            </Content>
            <BundleResource Include="Art\\splash.png">
              <LogicalName>Launch/splash.png</LogicalName>
            </BundleResource>
            <Compile Include="Main.cs" />
          </ItemGroup>
        </Project>
        """

    static let classicImages: [(String, Int, Int)] = [
        ("App/Resources/Images/button.png", 44, 44), ("App/Resources/Images/button@2x.png", 88, 88),
        ("App/Assets/Default-568h@2x.png", 640, 1136), ("App/Art/splash.png", 320, 480),
        ("App/Art/unlisted.png", 10, 10),
    ]

    /// A .NET for iOS project: everything under `Resources/` ships by default.
    static let sdkCSProj = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net8.0-ios</TargetFramework>
            <OutputType>Exe</OutputType>
          </PropertyGroup>
          <ItemGroup>
            <BundleResource Remove="Resources\\Drafts\\*.png" />
          </ItemGroup>
        </Project>
        """

    static let sdkImages: [(String, Int, Int)] = [
        ("App/Resources/tile.png", 10, 10), ("App/Resources/tile@2x.png", 20, 20),
        ("App/Resources/Icons/star@2x.png", 40, 40), ("App/Resources/Drafts/draft.png", 10, 10),
        ("App/Marketing/banner.png", 100, 50),
    ]
}
