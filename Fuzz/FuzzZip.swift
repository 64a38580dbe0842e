// libFuzzer entry point for the .ipa reader (ZipDirectory and AppArchive), compiled into the
// TallCheckKit module by Scripts/fuzz. The input becomes a file; whatever it is, reading its
// directory and every entry must end (no hang, no trap), within the limits: no read returns
// more than it was allowed, and no entry's data lies outside the file.
#if canImport(Glibc)
    import Glibc
#endif

private let file = MemoryFile()
private let path = "/proc/self/fd/\(file.descriptor)"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    file.rewrite(UnsafeRawBufferPointer(start: data, count: size))
    guard let zip = try? ZipDirectory(path: path, maxEntries: 1000) else { return 0 }
    precondition(zip.entries.count <= 1000, "more entries than the limit")
    for entry in zip.entries where entry.refusal == nil && !entry.isDirectory && !entry.isLink {
        precondition(entry.dataOffset + entry.compressedSize <= UInt64(size), "data outside the file")
        if case .success(let bytes) = zip.read(entry, limit: 4096) { precondition(bytes.count <= 4096) }
        if case .success(let bytes) = zip.read(entry, limit: 1 << 16, whole: true) {
            precondition(bytes.count <= 1 << 16)
        }
    }
    var limits = AppArchive.Limits()
    limits.maxEntries = 1000
    limits.maxTotalBytes = 1 << 22
    _ = try? AppArchive.scan(ScanOptions(root: path), limits: limits)
    // With --verify, duplicates and weights: images read whole (up to a small limit here),
    // decoded, hashed and deflated again.
    limits.verifyBytes = 1 << 18
    _ = try? AppArchive.scan(
        ScanOptions(root: path, probeDepth: .verify, contentChecks: [.duplicates, .recompression]), limits: limits)
    return 0
}
