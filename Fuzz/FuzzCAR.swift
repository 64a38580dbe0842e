// libFuzzer entry point for the Assets.car reader (CompiledCatalog and its BOM store), compiled
// into the TallCheckKit module by Scripts/fuzz. Whatever the input, reading it must end (no
// hang, no trap) with renditions or a failure that says what is wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let catalog = try CompiledCatalog(bytes: bytes)
        precondition(catalog.renditions.count <= CompiledCatalog.maxTreeEntries)
    } catch {
        precondition(!error.reason.isEmpty, "a failure that says nothing")
    }
    return 0
}
