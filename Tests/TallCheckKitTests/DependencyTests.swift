import Testing

@testable import TallCheckKit

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
