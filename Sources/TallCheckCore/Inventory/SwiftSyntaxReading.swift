/// What needs swift-syntax, which TallCheckCore does not link: the image references in Swift
/// sources and the resources `Package.swift` manifests declare. TallCheckSwiftSyntax supplies it
/// (`SwiftSyntaxReader`); a scan without it reads no Swift file and no manifest, and says so.
package protocol SwiftSyntaxReading: Sendable {
    /// The images a Swift file asks for, and a note when part of it was not read.
    func references(inSwift bytes: [UInt8], path: String) -> (references: [ImageReference], note: String?)
    /// What a `Package.swift` declares (read, never run).
    func package(manifest bytes: [UInt8], path: String) -> SwiftPackage
}
