/// What a storyboard, xib or MSBuild project must be before Foundation's `XMLParser` sees it.
///
/// - UTF-8 throughout: swift-corelibs-foundation's `XMLParser` traps (the process dies with
///   SIGILL) on an element name that is not UTF-8, such as a lone Latin-1 byte in
///   `<\u{E9}imageView>` (found by `Scripts/fuzz sources`; the input is in
///   `Fuzz/regressions/sources`). Interface Builder and MSBuild write UTF-8.
/// - No document type or entity declarations, which neither writes and which entity expansion
///   attacks need.
enum XMLPrecheck {
    static let declarations = ["<!DOCTYPE", "<!ENTITY"].map { Array($0.utf8) }

    /// Why the bytes are not handed to the XML parser, or nil when they may be.
    static func refusal(_ bytes: [UInt8]) -> String? {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return "not UTF-8 text, which Interface Builder and MSBuild always write"
        }
        if declarations.contains(where: { bytes.containsBytes($0) }) {
            return "has a document type or entity declaration, which Interface Builder and MSBuild never write"
        }
        return nil
    }
}
