@_exported import TallCheckCore
@_exported import TallCheckSwiftSyntax

/// The scan every command runs: TallCheckCore's ``AppScanner``, with Swift sources and
/// `Package.swift` manifests parsed (TallCheckSwiftSyntax).
public enum InventoryScanner {
    public static func scan(_ options: ScanOptions) throws(ScanError) -> ScanResult {
        try AppScanner.scan(options.parsingSwift)
    }

    /// ``scan(_:)``, with `beside` called as ``AppScanner/scan(_:beside:)`` says.
    static func scan(_ options: ScanOptions, beside: (Inventory) -> Void) throws(ScanError) -> ScanResult {
        try AppScanner.scan(options.parsingSwift, beside: beside)
    }
}
