// libFuzzer entry point for the Interface Builder reader (`ib`), compiled into the TallCheckKit
// module by Scripts/fuzz. Any bytes as a storyboard and a xib: no crash, no hang, every reference
// and outlet at a line of the file, names within their bound, and the same answer twice.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterfaceBuilder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Lines end at LF, CR or CR LF, as libxml2 counts them.
    let lines =
        zip(bytes, bytes.dropFirst() + [0]).filter { byte, next in
            byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && next != UInt8(ascii: "\n"))
        }.count + 1
    _ = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "A.xib")
    guard let storyboard = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "A.storyboard") else { return 0 }
    let again = try? InterfaceBuilderReferenceScanner.scan(bytes, path: "A.storyboard")
    precondition(again?.references.map(\.line) == storyboard.references.map(\.line), "the same bytes, another answer")
    for reference in storyboard.references {
        precondition(reference.line >= 1 && reference.line <= lines && reference.column >= 1, "\(reference)")
        precondition(reference.shownName.utf8.count <= 3 * InterfaceBuilderReferenceScanner.maxNameBytes)
    }
    precondition(storyboard.outlets.imageViews.count <= InterfaceBuilderReferenceScanner.maxOutlets)
    for view in storyboard.outlets.imageViews {
        precondition(view.lines.allSatisfy { $0 >= 1 && $0 <= lines }, "\(view.lines)")
    }
    return 0
}
