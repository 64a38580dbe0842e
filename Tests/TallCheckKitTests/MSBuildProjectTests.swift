import Testing

@testable import TallCheckCore

/// What a .csproj says about the platform it builds for and what it is.
@Suite struct MSBuildProjectTests {
    /// A source path below a project is in its build's output when a folder of it, not the
    /// file, is named `bin` or `obj`.
    @Test func aFolderNamedBinOrObjIsTheBuildsOutputAFileSoNamedIsNot() {
        func inOutput(_ path: String) -> Bool {
            var path = path
            return path.withUTF8(MSBuildProject.inBuildOutput)
        }
        #expect(inOutput("bin/Debug/App.cs"))
        #expect(inOutput("Views/obj/x.cs"))
        #expect(!inOutput("Views/bin"))
        #expect(!inOutput("Views/binary/x.cs"))
        #expect(!inOutput("Objects/x.cs"))
        #expect(!inOutput("App.cs"))
    }

    /// A Windows project that uses a portable library names MonoTouch only inside the library's
    /// profile (`portable-net45+win8+MonoAndroid10+MonoTouch10`): it is no Apple project.
    @Test func aPortableProfileInAPackagePathNamesNoPlatformOfTheProject() {
        let windows = """
            <Project ToolsVersion="12.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup>
                <Reference Include="SQLite.Net">
                  <HintPath>..\\packages\\SQLite.Net-PCL.3.0.5\\lib\\portable-win8+net45+wp8+wpa81+MonoAndroid1+MonoTouch1\\SQLite.Net.dll</HintPath>
                </Reference>
                <Content Include="Assets\\Logo.png" />
              </ItemGroup>
            </Project>
            """
        #expect(!MSBuildProject.namesAnApplePlatform(Array(windows.utf8)))
        let classic = windows.replacingOccurrences(
            of: "<ItemGroup>", with: "<PropertyGroup><TargetFrameworkIdentifier>Xamarin.iOS</TargetFrameworkIdentifier></PropertyGroup><ItemGroup>")
        #expect(MSBuildProject.namesAnApplePlatform(Array(classic.utf8)))
    }

    /// Xamarin's watch apps and extensions are class libraries by their OutputType; the build
    /// targets they import say what they are.
    @Test func theImportedBuildTargetsSayWhatAXamarinBundleIs() {
        #expect(
            MSBuildProject.bundleKind(
                imports: [#"$(msbuildextensionspath)\xamarin\watchos\xamarin.watchos.app.csharp.targets"#],
                isAppExtension: false) == .watchApp)
        #expect(
            MSBuildProject.bundleKind(
                imports: [#"$(msbuildextensionspath)\xamarin\watchos\xamarin.watchos.appextension.csharp.targets"#],
                isAppExtension: false) == .watchExtension)
        #expect(
            MSBuildProject.bundleKind(
                imports: [#"$(msbuildextensionspath)\xamarin\ios\xamarin.ios.watchapp.csharp.targets"#],
                isAppExtension: false) == .watchApp)
        #expect(MSBuildProject.bundleKind(imports: [], isAppExtension: true) == .appExtension)
        #expect(
            MSBuildProject.bundleKind(
                imports: [#"$(msbuildextensionspath)\xamarin\ios\xamarin.ios.csharp.targets"#], isAppExtension: false)
                == nil)
    }
}
