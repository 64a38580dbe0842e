// swift-tools-version: 6.1
// A program that asks TallCheck which file a device loads for an image name, through the core
// module alone: its build compiles neither swift-syntax nor Yams.
//   swift run ResolveExample ../../Fixtures/ExampleApp
import PackageDescription

let package = Package(
    name: "ResolveExample",
    dependencies: [
        .package(name: "TallCheck", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "ResolveExample",
            dependencies: [.product(name: "TallCheckCore", package: "TallCheck")]
        )
    ],
    swiftLanguageModes: [.v6]
)
