import Testing

@testable import TallCheckCore
@testable import TallCheckKit
@testable import TallCheckSwiftSyntax

/// What dependencies put in the app (issue 35): CocoaPods' resources script.
@Suite struct DependencyTests {
    @Test func theResourcesScriptNamesWhatCocoaPodsCopies() {
        #expect(CocoaPodsResources.isScript("Pods/Target Support Files/Pods-App/Pods-App-resources.sh"))
        #expect(CocoaPodsResources.isScript("ios/Pods/Target Support Files/Pods-Shop-App/Pods-Shop-App-resources.sh"))
        #expect(!CocoaPodsResources.isScript("Scripts/make-resources.sh"))
        #expect(!CocoaPodsResources.isScript("Pods/Target Support Files/Pods-App/Pods-Other-resources.sh"))
        let script = """
            install_resource "${PODS_ROOT}/Kit/a@2x.png"
              install_resource "${PODS_ROOT}/Kit/Kit.bundle"
            install_resource "${PODS_ROOT}/Kit/a@2x.png"
            install_resource "${PODS_CONFIGURATION_BUILD_DIR}/Kit/Kit.bundle"
            install_resource "${PODS_ROOT}/../../etc/passwd"
            install_resource "${PODS_ROOT}/Kit/$(NAME).png"
            # install_resource "${PODS_ROOT}/Kit/commented.png"
            """
        let resources = CocoaPodsResources(
            script: Array(script.utf8), path: "ios/Pods/Target Support Files/Pods-Shop-App/Pods-Shop-App-resources.sh")
        #expect(resources.aggregate == "Pods-Shop-App")
        #expect(resources.paths == ["ios/Pods/Kit/a@2x.png", "ios/Pods/Kit/Kit.bundle"])
        #expect(resources.copies(into: "App"))
        #expect(!resources.copies(into: "Widget"))
        var model = BundleModel(source: .xcodeProject(path: "App.xcodeproj", target: "App", otherTargets: []))
        resources.place(
            images: ImagesByFolder(["ios/Pods/Kit/a@2x.png", "ios/Pods/Kit/Kit.bundle/b@2x.png", "ios/Pods/Kit/c.png"]),
            target: "App", into: &model)
        #expect(model.placements["ios/Pods/Kit/a@2x.png"]?.first?.bundlePath == "a@2x.png")
        #expect(model.placements["ios/Pods/Kit/Kit.bundle/b@2x.png"]?.first?.bundlePath == "Kit.bundle/b@2x.png")
        #expect(!model.ships("ios/Pods/Kit/c.png"))
    }
}

/// Local Swift packages (issue 35): each target's resources in a bundle of its own.
@Suite struct SwiftPackageTests {
    @Test func theManifestGivesTargetsFoldersResourcesAndPlatforms() {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                platforms: [.iOS(.v15_4), .macOS(.v13)],
                targets: [
                    .target(name: "Kit", resources: [.process("Resources"), .copy("Bundled/Maps")]),
                    .target(name: "Extras", path: "Custom/Extras/"),
                    .target(name: "Escape", path: "../../elsewhere"),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                ]
            )
            """
        let package = SwiftPackage(manifest: Array(manifest.utf8), path: "Packages/Kit/Package.swift")
        #expect(package.name == "Kit")
        #expect(package.platform == .iOS)
        #expect(package.deploymentTargets[.iOS] == OSVersion(15, 4))
        #expect(
            package.targets == [
                .init(
                    name: "Kit", folder: "Packages/Kit/Sources/Kit", processed: ["Resources"], copied: ["Bundled/Maps"]),
                .init(name: "Extras", folder: "Packages/Kit/Custom/Extras", processed: [], copied: []),
            ])
        var model = BundleModel(source: .swiftPackage(path: package.path, target: "Kit"))
        package.place(
            package.targets[0],
            images: ImagesByFolder([
                "Packages/Kit/Sources/Kit/Resources/Icons/a@2x.png", "Packages/Kit/Sources/Kit/Bundled/Maps/m.png",
                "Packages/Kit/Sources/Kit/Loose.png",
            ]), catalogs: ["Packages/Kit/Sources/Kit/Media.xcassets", "App/Assets.xcassets"], into: &model)
        #expect(model.placements["Packages/Kit/Sources/Kit/Resources/Icons/a@2x.png"]?.first?.bundlePath == "a@2x.png")
        #expect(model.placements["Packages/Kit/Sources/Kit/Bundled/Maps/m.png"]?.first?.bundlePath == "Maps/m.png")
        #expect(!model.ships("Packages/Kit/Sources/Kit/Loose.png"), "not a declared resource")
        #expect(model.ships(catalogSetIn: "Packages/Kit/Sources/Kit/Media.xcassets/a.imageset"))
        #expect(!model.ships(catalogSetIn: "App/Assets.xcassets/a.imageset"))
    }

    @Test func aMacOnlyOrHostileManifestNamesNothingToCheck() {
        let mac = SwiftPackage(
            manifest: Array(
                #"let p = Package(name: "M", platforms: [.macOS(.v13)], targets: [.target(name: "M")])"#.utf8),
            path: "Package.swift")
        #expect(mac.platform == nil)
        let nested =
            "let p = Package(name: \"N\", targets: [.target(name: \"N\")]) " + String(repeating: "[", count: 40)
        let started = ContinuousClock.now
        #expect(SwiftPackage(manifest: Array(nested.utf8), path: "Package.swift").targets.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

@Suite struct ReviewFixTests {
    @Test func aDependencyOnATargetIsNoTargetAndUnreadableResourcesAreTheWholeFolder() {
        let manifest = """
            let package = Package(name: "Kit", targets: [
                .target(name: "Core", resources: resourceList),
                .target(name: "UI", dependencies: [.target(name: "Core")]),
            ])
            """
        let package = SwiftPackage(manifest: Array(manifest.utf8), path: "Package.swift")
        #expect(package.targets.map(\.name) == ["Core", "UI"])
        #expect(package.targets.first?.processed == [""])
        var model = BundleModel(source: .swiftPackage(path: "Package.swift", target: "Core"))
        package.place(
            package.targets[0], images: ImagesByFolder(["Sources/Core/Art/a@2x.png"]), catalogs: [], into: &model)
        #expect(model.ships("Sources/Core/Art/a@2x.png"))
    }

    @Test func aCaseListGoesOnAfterACommaAtTheEndOfALine() {
        let names = SwiftCodeNames.names(
            in: Array("enum Flag: String {\n    case us, gb,\n         de, it\n    case fr\n}\n".utf8))
        #expect(
            names.filter { $0.kind == .enumCase }.map(\.shown) == [
                "case us", "case gb", "case de", "case it", "case fr",
            ])
    }

    @Test func anUnsetVariableIsPassedOverAndLongExpansionsDropped() {
        let variables = ["ICON": ["Store"], "HUGE": [String(repeating: "x", count: 2000)]]
        #expect(AppInfo.expansions(of: "$(UNSET)-$(ICON)", variables: variables) == ["$(UNSET)-Store"])
        #expect(AppInfo.expansions(of: "$(HUGE)", variables: variables).isEmpty)
    }

    @Test func aLooseFileInAFolderIsReachedByItsNameAlone() {
        let inventory = Inventory(
            images: [], sourceFileCount: 1,
            codeNames: ["App/A.swift": [CodeName(name: .literal("icon"), kind: .string, line: 1)]])
        let usage = ImageUsage(inventory)
        #expect(usage.evidence(for: "Widget/Images/icon", inCatalog: false)?.what == "\"icon\"")
        #expect(usage.evidence(for: "Widget/icon", inCatalog: true) == nil)
    }
}
