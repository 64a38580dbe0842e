// libFuzzer entry point for the content pass's readers (tc_png_digest_pixels,
// tc_png_recompress), compiled into the TallCheckKit module by Scripts/fuzz. The input becomes
// an in-memory file; whatever it is, both must return (no crash, no hang, no read past the
// limits), a file read twice must give one digest, the byte hash must stop at the length it
// is told, a sound estimate can only be made of image data that inflated to exactly what IHDR
// asks, and the same bytes in memory (an archive's entry) give the same answers as the file.
#if canImport(Glibc)
    import Glibc
#endif

private let file = MemoryFile()
private let reader = PNGContent(
    limits: ProbeLimits(maxSide: 4096, maxPixels: 1 << 22), maxDecodedBytes: 16 << 20, maxCgBIFileBytes: 4 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGContent(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    file.rewrite(UnsafeRawBufferPointer(start: data, count: size))
    let first = reader.pixelDigest(ofOpenFile: file.descriptor)
    lseek(file.descriptor, 0, SEEK_SET)
    let second = reader.pixelDigest(ofOpenFile: file.descriptor)
    switch (first, second) {
    case (.success(let a), .success(let b)): precondition(a == b, "one file, two digests")
    case (.failure, .failure): break
    default: preconditionFailure("one file, decoded once and refused once")
    }
    // The byte hash stops at the length it was told, and agrees with the hash of the bytes.
    lseek(file.descriptor, 0, SEEK_SET)
    let whole = PNGContent.byteDigest(ofOpenFile: file.descriptor, length: size)
    precondition((try? whole.get()) == PNGContent.digest(of: UnsafeRawBufferPointer(start: data, count: size)))
    if size > 0 {
        lseek(file.descriptor, 0, SEEK_SET)
        guard case .failure = PNGContent.byteDigest(ofOpenFile: file.descriptor, length: size - 1) else {
            preconditionFailure("a file longer than it was said to be hashed whole")
        }
    }
    lseek(file.descriptor, 0, SEEK_SET)
    let estimate = reader.recompression(ofOpenFile: file.descriptor)
    if case .success(let sizes) = estimate {
        precondition(sizes.stored <= size, "more image data than the file holds")
        precondition(sizes.recompressed > 0, "an empty recompressed stream")
    }
    // In memory: the same digest and the same estimate, or the same refusal.
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if size > 0 {
        switch (first, reader.pixelDigest(ofMemory: &bytes)) {
        case (.success(let a), .success(let b)): precondition(a == b, "a file and its bytes, two digests")
        case (.failure, .failure): break
        default: preconditionFailure("a file and its bytes, decoded once and refused once")
        }
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
        switch (estimate, reader.recompression(ofMemory: &bytes)) {
        case (.success(let a), .success(let b)): precondition(a == b, "a file and its bytes, two estimates")
        case (.failure, .failure): break
        default: preconditionFailure("a file and its bytes, weighed once and refused once")
        }
    }
    return 0
}
