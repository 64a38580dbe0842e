/// A local Swift package in the tree (`Package.swift`), read for what its targets ship: each
/// regular target's resources go into a bundle of its own (`Package_Target.bundle`), which its
/// code reaches as `Bundle.module`. Asset catalogs in a target's folder are resources without
/// being declared; other files only when `resources:` names them (`.process` copies them to the
/// bundle's top level, `.copy` keeps the folder). (Swift Package Manager, "Bundling resources
/// with a Swift package"; SE-0271.)
///
/// Read from its syntax tree (swift-syntax, in TallCheckSwiftSyntax's ``SwiftSyntaxReading``),
/// never run: only literal names, paths and resources count, as most manifests write them.
package struct SwiftPackage: Sendable {
    /// ``ReadLimits/packageManifestBytes``.
    package static let maxBytes = ReadLimits.standard.packageManifestBytes

    package struct Target: Sendable, Hashable {
        package var name: String
        /// Relative to the scanned folder: `Packages/Kit/Sources/Kit`.
        package var folder: String
        /// Declared resources, relative to ``folder``: what `.process` flattens and `.copy` keeps.
        package var processed: [String]
        package var copied: [String]

        package init(name: String, folder: String, processed: [String], copied: [String]) {
            self.name = name
            self.folder = folder
            self.processed = processed
            self.copied = copied
        }
    }

    /// The manifest's path, relative to the scanned folder.
    package let path: String
    package let name: String?
    /// The platforms it declares (`.iOS(.v15)`); empty: every platform.
    package let platforms: [Platform]
    /// The versions it declares for them (`.iOS(.v15_4)`, `.iOS("15.4")`).
    package let deploymentTargets: [Platform: OSVersion]
    /// The deployment target of a platform the manifest gives none for: the oldest Xcode 14 and
    /// later build for (iOS 12, tvOS 12, watchOS 4), the floor SwiftPM falls back to.
    package static let oldestDeploymentTarget: [Platform: OSVersion] = [
        .iOS: OSVersion(12, 0), .tvOS: OSVersion(12, 0), .watchOS: OSVersion(4, 0),
    ]
    package let targets: [Target]

    package init(
        path: String, name: String?, platforms: [Platform], deploymentTargets: [Platform: OSVersion], targets: [Target]
    ) {
        self.path = path
        self.name = name
        self.platforms = platforms
        self.deploymentTargets = deploymentTargets
        self.targets = targets
    }

    /// Whether the package builds for iOS-family devices (an iOS, tvOS or watchOS app can link it).
    package var platform: Platform? {
        if platforms.isEmpty { return .iOS }
        return platforms.first { $0 != .macOS }
    }

    /// The package target as a target of the project: linted as its own bundle on the
    /// package's platform, with the code in its folder.
    func projectTarget(_ target: Target, sourcePaths: ImagesByFolder) -> ProjectTarget? {
        guard let platform else { return nil }
        var sources: Set<String> = []
        var interfaceFiles: Set<String> = []
        for path in sourcePaths.below(target.folder) {
            if path.hasSuffix(".storyboard") || path.hasSuffix(".xib") {
                interfaceFiles.insert(path)
            } else {
                sources.insert(path)
            }
        }
        return ProjectTarget(
            name: target.name, project: path, kind: .package, platform: platform,
            // A library serves whichever devices its apps do: on iOS, iPhone and iPad.
            deviceFamilies: platform == .iOS ? [.phone, .pad] : platform.defaultIdioms,
            deploymentTarget: deploymentTargets[platform] ?? Self.oldestDeploymentTarget[platform], sources: sources,
            interfaceFiles: interfaceFiles)
    }

    /// What the target's resource bundle holds. `images` are the tree's loose images; `catalogs`
    /// its `.xcassets` folders.
    func place(_ target: Target, images: ImagesByFolder, catalogs: [String], into model: inout BundleModel) {
        for catalog in catalogs where catalog.hasPrefix(target.folder + "/") { model.compile(catalog: catalog) }
        let bundle = "\(name ?? "Package")_\(target.name).bundle"
        for resource in target.processed {
            let path = resource.isEmpty ? target.folder : "\(target.folder)/\(resource)"
            for image in images.contains(path) ? [path] : images.below(path) {
                let fileName = String(image.split(separator: "/").last ?? "")
                model.place(
                    image, at: BundleModel.flatBundlePath(treePath: image, fileName: fileName),
                    because: .packageResource(target: target.name, bundle: bundle))
            }
        }
        for resource in target.copied {
            let path = "\(target.folder)/\(resource)"
            let name = String(resource.split(separator: "/").last ?? "")
            for image in images.contains(path) ? [path] : images.below(path) {
                let inside = image == path ? name : "\(name)/\(image.dropFirst(path.count + 1))"
                model.place(image, at: inside, because: .packageResource(target: target.name, bundle: bundle))
            }
        }
    }
}
