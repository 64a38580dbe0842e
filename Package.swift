// swift-tools-version: 6.1
import PackageDescription

// With TALLCHECK_ARTIFACTBUNDLE naming an artifact bundle inside this package (what
// `Scripts/release .build-bundle` writes: .build-bundle/tallcheck.artifactbundle), the plugins run
// that prebuilt tallcheck instead of building it from source.
let prebuiltBundle = Context.environment["TALLCHECK_ARTIFACTBUNDLE"].flatMap { $0.isEmpty ? nil : $0 }
let pluginTool: Target.Dependency = prebuiltBundle == nil ? "tallcheck" : "TallCheckPrebuilt"

let package = Package(
    name: "TallCheck",
    products: [
        .library(name: "TallCheckKit", targets: ["TallCheckKit"]),
        // Scan an app once and ask which file a device loads for a name: no swift-syntax, no Yams.
        .library(name: "TallCheckCore", targets: ["TallCheckCore"]),
        .library(name: "RetinaGeometry", targets: ["RetinaGeometry"]),
        .executable(name: "tallcheck", targets: ["tallcheck"]),
        // swift package tallcheck [lint options] [FOLDER]
        .plugin(name: "TallCheckCommandPlugin", targets: ["TallCheckCommandPlugin"]),
        // Lints a target's images on every build that changed them.
        .plugin(name: "TallCheckBuildToolPlugin", targets: ["TallCheckBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Swift sources are parsed, not grepped, for the images they ask for.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // The tests write .ipa archives with it (the tool reads them with its own bounded reader).
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // The system libraries. Debian's libpng-dev brings zlib1g-dev with it.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlibSystem",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Every libpng call that can longjmp runs here, behind setjmp: Swift cannot.
        .target(
            name: "PNGShim",
            dependencies: ["CLibPNG", "CZlibSystem"]
        ),
        // Opening a file beneath a folder without following links (openat2, or openat per component).
        .target(name: "CFileSystem"),
        // Byte scans for the source lexers, sixteen bytes at a time.
        .target(name: "CTextScan"),
        // Image facts, names, devices, catalogs, the bundle and target model, the scan of a folder,
        // a built .app or an .ipa, and the resolver: libpng only. What a resolution query imports.
        .target(
            name: "TallCheckCore",
            dependencies: ["PNGShim", "CFileSystem", "CTextScan"]
        ),
        // What needs swift-syntax: Swift sources' image references and Package.swift manifests.
        .target(
            name: "TallCheckSwiftSyntax",
            dependencies: [
                "TallCheckCore",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // The rules, the lint session, its configuration (Yams) and the reporters; re-exports the
        // two modules above, so `import TallCheckKit` is the whole library.
        .target(
            name: "TallCheckKit",
            dependencies: ["TallCheckCore", "TallCheckSwiftSyntax", "PNGShim", .product(name: "Yams", package: "Yams")]
        ),
        // Pixel alignment and flipped coordinates: pure, the standard library only.
        .target(name: "RetinaGeometry"),
        .executableTarget(
            name: "tallcheck",
            dependencies: [
                "TallCheckKit",
                "RetinaGeometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Thin shims over the tallcheck executable (Plugins/).
        .plugin(
            name: "TallCheckCommandPlugin",
            capability: .command(
                intent: .custom(verb: "tallcheck", description: "Lints the package's image resources with tallcheck")
            ),
            dependencies: [pluginTool]
        ),
        .plugin(
            name: "TallCheckBuildToolPlugin",
            capability: .buildTool(),
            dependencies: [pluginTool]
        ),
        // In-process benchmarks: swift run -c release tallcheck-bench TREE
        .executableTarget(
            name: "tallcheck-bench",
            dependencies: ["TallCheckKit"],
            path: "Benchmarks/Harness"
        ),
        .testTarget(
            name: "TallCheckKitTests",
            dependencies: [
                "TallCheckKit", "TallCheckCore", "TallCheckSwiftSyntax", "CZlibSystem",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The command line: argument parsing, exit statuses, and what each command prints.
        .testTarget(
            name: "TallCheckCommandTests",
            dependencies: [
                "tallcheck", "TallCheckKit", "TallCheckCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            // Reviewed command output the tests compare with, read from the source tree.
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "RetinaGeometryTests",
            dependencies: [
                "RetinaGeometry",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

if let prebuiltBundle {
    package.targets.append(.binaryTarget(name: "TallCheckPrebuilt", path: prebuiltBundle))
}
