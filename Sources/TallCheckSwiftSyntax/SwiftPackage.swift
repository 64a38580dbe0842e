import SwiftParser
import SwiftSyntax
import TallCheckCore

extension SwiftPackage {
    /// Reads a manifest's literal names, platforms and resources from its syntax tree.
    package init(manifest bytes: [UInt8], path: String) {
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let reader = ManifestReader(viewMode: .sourceAccurate)
        // swift-syntax takes time exponential in unclosed `[` (SwiftReferenceScanner): a manifest
        // nested deeper than any real one is not parsed, and names no target.
        if SwiftReferenceScanner.squareBracketDepth(bytes[...]) <= SwiftReferenceScanner.maxSquareBracketDepth {
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
            reader.walk(tree)
        }
        let targets: [Target] = reader.targets.compactMap { found in
            guard let relative = found.path ?? Optional("Sources/\(found.name)"),
                !relative.split(separator: "/").contains(".."), !relative.hasPrefix("/")
            else { return nil }
            let trimmed = relative.hasSuffix("/") ? String(relative.dropLast()) : relative
            return Target(
                name: found.name, folder: folder.isEmpty ? trimmed : "\(folder)/\(trimmed)",
                processed: found.processed, copied: found.copied)
        }
        self.init(
            path: path, name: reader.packageName, platforms: reader.platforms, deploymentTargets: reader.versions,
            targets: targets)
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
}
