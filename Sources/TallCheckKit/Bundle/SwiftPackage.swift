import SwiftParser
import SwiftSyntax

/// A local Swift package in the tree (`Package.swift`), read for what its targets ship: each
/// regular target's resources go into a bundle of its own (`Package_Target.bundle`), which its
/// code reaches as `Bundle.module`. Asset catalogs in a target's folder are resources without
/// being declared; other files only when `resources:` names them (`.process` copies them to the
/// bundle's top level, `.copy` keeps the folder). (Swift Package Manager, "Bundling resources
/// with a Swift package"; SE-0271.)
///
/// Read from its syntax tree (swift-syntax), never run: only literal names, paths and
/// resources count, as most manifests write them.
struct SwiftPackage: Sendable {
    /// The largest manifest read.
    static let maxBytes = 1 << 20

    struct Target: Sendable, Hashable {
        var name: String
        /// Relative to the scanned folder: `Packages/Kit/Sources/Kit`.
        var folder: String
        /// Declared resources, relative to ``folder``: what `.process` flattens and `.copy` keeps.
        var processed: [String]
        var copied: [String]
    }

    /// The manifest's path, relative to the scanned folder.
    let path: String
    let name: String?
    /// The platforms it declares (`.iOS(.v15)`); empty: every platform.
    let platforms: [Platform]
    /// The versions it declares for them (`.iOS(.v15_4)`, `.iOS("15.4")`).
    let deploymentTargets: [Platform: OSVersion]
    /// The deployment target of a platform the manifest gives none for: the oldest Xcode 14 and
    /// later build for (iOS 12, tvOS 12, watchOS 4), the floor SwiftPM falls back to.
    static let oldestDeploymentTarget: [Platform: OSVersion] = [
        .iOS: OSVersion(12, 0), .tvOS: OSVersion(12, 0), .watchOS: OSVersion(4, 0),
    ]
    let targets: [Target]

    init(manifest bytes: [UInt8], path: String) {
        self.path = path
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let reader = ManifestReader(viewMode: .sourceAccurate)
        // swift-syntax takes time exponential in unclosed `[` (SwiftReferenceScanner): a manifest
        // nested deeper than any real one is not parsed, and names no target.
        if SwiftReferenceScanner.squareBracketDepth(bytes[...]) <= SwiftReferenceScanner.maxSquareBracketDepth {
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
            reader.walk(tree)
        }
        name = reader.packageName
        platforms = reader.platforms
        deploymentTargets = reader.versions
        targets = reader.targets.compactMap { found in
            guard let relative = found.path ?? Optional("Sources/\(found.name)"),
                !relative.split(separator: "/").contains(".."), !relative.hasPrefix("/")
            else { return nil }
            let trimmed = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
            return Target(
                name: found.name, folder: folder.isEmpty ? trimmed : "\(folder)/\(trimmed)",
                processed: found.processed, copied: found.copied)
        }
    }

    /// Whether the package builds for iOS-family devices (an iOS, tvOS or watchOS app can link it).
    var platform: Platform? {
        if platforms.isEmpty { return .iOS }
        return platforms.first { $0 != .macOS }
    }

    private final class ManifestReader: SyntaxVisitor {
        struct Found {
            var name: String
            var path: String?
            var processed: [String] = []
            var copied: [String] = []
        }

        /// Whether a `.target(…)` call is an element of the `targets:` list of `Package(…)`.
        static func isInTargetsList(_ node: FunctionCallExprSyntax) -> Bool {
            guard let element = node.parent?.as(ArrayElementSyntax.self),
                let array = element.parent?.parent?.as(ArrayExprSyntax.self),
                let argument = array.parent?.as(LabeledExprSyntax.self)
            else { return false }
            return argument.label?.text == "targets"
        }

        var packageName: String?
        var platforms: [Platform] = []
        var versions: [Platform: OSVersion] = [:]
        var targets: [Found] = []

        /// `.v15_4` or `"15.4"`.
        static func version(_ expression: ExprSyntax?) -> OSVersion? {
            if let text = expression?.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
                return OSVersion(text)
            }
            guard let member = expression?.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                member.hasPrefix("v")
            else { return nil }
            return OSVersion(member.dropFirst().replacingOccurrences(of: "_", with: "."))
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression
            let name =
                callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            func string(_ label: String) -> String? {
                node.arguments.first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?
                    .representedLiteralValue
            }
            switch name {
            case "Package":
                packageName = string("name")
                if let list = node.arguments.first(where: { $0.label?.text == "platforms" })?.expression.as(
                    ArrayExprSyntax.self)
                {
                    for element in list.elements {
                        let call = element.expression.as(FunctionCallExprSyntax.self)
                        let found: Platform?
                        switch call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text {
                        case "iOS": found = .iOS
                        case "tvOS": found = .tvOS
                        case "watchOS": found = .watchOS
                        case "macOS": found = .macOS
                        case "visionOS": found = .visionOS
                        default: found = nil
                        }
                        guard let found else { continue }
                        platforms.append(found)
                        if let version = Self.version(call?.arguments.first?.expression) { versions[found] = version }
                    }
                }
            case "target", "executableTarget":
                // Only a declaration in `targets: [...]`, not `.target(name:)` among a target's dependencies.
                guard Self.isInTargetsList(node), let targetName = string("name") else { break }
                var found = Found(name: targetName, path: string("path"))
                if let argument = node.arguments.first(where: { $0.label?.text == "resources" })?.expression {
                    var readable = argument.is(ArrayExprSyntax.self)
                    for element in argument.as(ArrayExprSyntax.self)?.elements ?? [] {
                        guard let call = element.expression.as(FunctionCallExprSyntax.self),
                            let rule = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                            let resource = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?
                                .representedLiteralValue,
                            !resource.split(separator: "/").contains("..")
                        else {
                            readable = false
                            continue
                        }
                        let trimmed = resource.hasSuffix("/") ? String(resource.dropLast()) : resource
                        if rule == "copy" { found.copied.append(trimmed) } else { found.processed.append(trimmed) }
                    }
                    // Resources built by code the manifest runs: every file of the folder may be one.
                    if !readable { found.processed = [""] }
                }
                targets.append(found)
            default: break
            }
            return .visitChildren
        }
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
