// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TallCheck",
    products: [
        .library(name: "TallCheckKit", targets: ["TallCheckKit"]),
        .executable(name: "tallcheck", targets: ["tallcheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The system libraries. Debian's libpng-dev brings zlib1g-dev with it.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Every libpng call that can longjmp runs here, behind setjmp: Swift cannot.
        .target(
            name: "PNGShim",
            dependencies: ["CLibPNG", "CZlib"]
        ),
        .target(
            name: "TallCheckKit",
            dependencies: ["PNGShim"]
        ),
        .executableTarget(
            name: "tallcheck",
            dependencies: [
                "TallCheckKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TallCheckKitTests",
            dependencies: ["TallCheckKit", "CZlib"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
