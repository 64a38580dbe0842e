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
    // The entries read: each inside the file, and no two sharing a byte.
    var reach: UInt64 = 0
    let read = zip.entries.filter { $0.refusal == nil && !$0.isDirectory && !$0.isLink }
    for entry in read.sorted(by: { $0.localOffset < $1.localOffset }) {
        precondition(entry.localOffset >= reach, "entries that overlap")
        reach = entry.dataOffset + entry.compressedSize
    }
    for entry in read {
        precondition(entry.dataOffset + entry.compressedSize <= UInt64(size), "data outside the file")
        if case .success(let bytes) = zip.read(entry, limit: 4096) { precondition(bytes.count <= 4096) }
        if case .success(let bytes) = zip.read(entry, limit: 1 << 16, whole: true) {
            precondition(bytes.count <= 1 << 16)
        }
    }
    var limits = ReadLimits.standard
    limits.archiveEntries = 1000
    limits.archiveInflatedBytes = 1 << 22
    _ = try? AppArchive.scan(ScanOptions(root: path), limits: limits)
    // With --verify, duplicates and weights: images read whole (up to a small limit here),
    // decoded, hashed and deflated again.
    limits.archiveVerifyBytes = 1 << 18
    _ = try? AppArchive.scan(
        ScanOptions(root: path, probeDepth: .verify, contentChecks: [.duplicates, .recompression]), limits: limits)
    return 0
}
