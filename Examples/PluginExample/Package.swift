// swift-tools-version: 6.1
// A package whose target lints its images with TallCheck's plugins:
//   swift build                      the build-tool plugin lints Gallery's images on every build
//                                    that changed one (diagnostics in the build log)
//   swift package tallcheck          the command plugin lints every target with images
//   swift package plugin --list      lists the command plugin
// The images are written by make-images.py (python3, no packages needed).
import PackageDescription

let package = Package(
    name: "PluginExample",
    dependencies: [
        .package(name: "TallCheck", path: "../..")
    ],
    targets: [
        .target(
            name: "Gallery",
            resources: [.copy("Images")],
            plugins: [.plugin(name: "TallCheckBuildToolPlugin", package: "TallCheck")]
        )
    ]
)
