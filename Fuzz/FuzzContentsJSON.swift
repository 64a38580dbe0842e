// libFuzzer entry point for asset catalog Contents.json reading, compiled into the
// TallCheckKit module by Scripts/fuzz. The input is the file's bytes; a set is built from
// whatever decodes, and every entry's file is looked up as the rules do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContentsJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch AssetCatalogReader.decodeContents(bytes) {
    case .success(let contents):
        let set = CatalogSet(
            folder: "A.xcassets/x.imageset", entries: contents.images ?? [], fileNames: ["x.png", "X@2x.png"])
        for entry in set.entries {
            _ = set.file(for: entry)
            _ = entry.scaleFactor
            _ = entry.slotDescription
            _ = LaunchImageSlot(catalogEntry: entry)?.pixelSize
            _ = AppIconSize.pixelSize(of: entry)
        }
    case .failure(let problem):
        _ = problem.reason
    }
    return 0
}
