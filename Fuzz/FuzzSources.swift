// libFuzzer entry point for the source reference scanners, compiled into the TallCheckKit module
// by Scripts/fuzz (`sources`). Any bytes, as Swift, Objective-C, C# and Interface Builder XML:
// no crash, no hang, and every reference at a real place in the file.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
    var references = SwiftReferenceScanner.references(in: bytes, path: "f.swift")
    references += SwiftReferenceScanner.referencesParsingWholeFile(in: bytes, path: "f.swift")
    references += ObjectiveCReferenceScanner.references(in: bytes, path: "f.m")
    references += CSharpReferenceScanner(tallSuffixFunctions: ["Tall"]).references(in: bytes, path: "f.cs")
    references += (try? InterfaceBuilderReferenceScanner.references(in: bytes, path: "f.xib")) ?? []
    for reference in references {
        precondition(reference.line >= 1 && reference.line <= lines && reference.column >= 1, "\(reference)")
    }
    return 0
}
