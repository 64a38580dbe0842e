// libFuzzer entry point for the image probe, compiled into the TallCheckKit module by
// Scripts/fuzz. The input becomes the contents of an in-memory file, probed as a file on disk
// would be: header mode, or verify mode when built with -D FUZZ_VERIFY.
#if canImport(Glibc)
    import Glibc
#endif

private let depth: ProbeDepth = {
    #if FUZZ_VERIFY
        .verify
    #else
        .header
    #endif
}()

/// The input, as a file.
private let memoryFile = MemoryFile()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageProbe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    memoryFile.rewrite(UnsafeRawBufferPointer(start: data, count: size))
    let facts = ImageProbe(depth: depth).probe(openFile: memoryFile.descriptor)
    // What reports print must be computable for whatever the probe returns.
    _ = facts.problem?.description
    _ = facts.pixelSize?.description
    if let size = facts.pixelSize, facts.format == .png, facts.isValid {
        precondition(size.width > 0 && size.height > 0, "a valid PNG with an empty side")
        precondition(size.width <= ProbeLimits.standard.maxSide && size.height <= ProbeLimits.standard.maxSide)
    }
    return 0
}
