// libFuzzer entry point for the Assets.car reader (CompiledCatalog and its BOM store), compiled
// into the TallCheckKit module by Scripts/fuzz. Whatever the input, reading it must end (no
// hang, no trap) with renditions or a failure that says what is wrong; and the renditions read
// as catalog sets must name only images they hold, and check without a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let catalog = try CompiledCatalog(bytes: bytes)
        let info = AppInfo(path: "Info.plist")
        let compiled = catalog.catalogSets(at: "Assets.car", info: info)
        let paths = Set(compiled.images.map(\.path))
        for set in compiled.sets {
            for (_, path) in set.presentEntries { precondition(paths.contains(path), "an entry without its image") }
        }
        let inventory = Inventory(images: compiled.images, info: info, catalogSets: compiled.sets)
        _ = Linter().findings(in: inventory)
    } catch {
        precondition(!error.reason.isEmpty, "a failure that says nothing")
    }
    return 0
}
