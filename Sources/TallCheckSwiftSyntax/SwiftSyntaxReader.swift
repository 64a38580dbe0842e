import TallCheckCore

/// Swift parsed with swift-syntax, for a scan: the image references in Swift sources
/// (``SwiftReferenceScanner``) and `Package.swift` manifests (``SwiftPackage``).
public struct SwiftSyntaxReader: SwiftSyntaxReading {
    public init() {}

    package func references(inSwift bytes: [UInt8], path: String) -> (references: [ImageReference], note: String?) {
        SwiftReferenceScanner.scan(bytes, path: path)
    }

    package func package(manifest bytes: [UInt8], path: String) -> SwiftPackage {
        SwiftPackage(manifest: bytes, path: path)
    }
}

extension ScanOptions {
    /// These options, with Swift sources and `Package.swift` manifests parsed.
    public var parsingSwift: ScanOptions {
        var options = self
        options.swiftSyntax = SwiftSyntaxReader()
        return options
    }
}
