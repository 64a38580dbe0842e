// libFuzzer entry point for the HTML report's thumbnails (tc_png_make_thumbnail), compiled into
// the TallCheckKit module by Scripts/fuzz. The input becomes an in-memory file; whatever it is,
// a thumbnail made of it must be an ordinary, sound PNG within the maximum size.
#if canImport(Glibc)
    import Glibc
#endif

/// The image, and its thumbnail.
private let imageFile = MemoryFile()
private let thumbnailFile = MemoryFile()

private let maker = ThumbnailMaker(
    maxSide: 32, limits: ProbeLimits(maxSide: 4096, maxPixels: 1 << 22), maxDecodedBytes: 16 << 20,
    maxCgBIFileBytes: 4 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnail(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    imageFile.rewrite(UnsafeRawBufferPointer(start: data, count: size))
    guard case .image(let thumbnail) = maker.thumbnail(ofOpenFile: imageFile.descriptor) else { return 0 }
    precondition(thumbnail.size.width >= 1 && thumbnail.size.height >= 1)
    precondition(max(thumbnail.size.width, thumbnail.size.height) <= 32, "a thumbnail over the maximum")
    thumbnail.png.withUnsafeBytes { thumbnailFile.rewrite($0) }
    let facts = ImageProbe(depth: .verify).probe(openFile: thumbnailFile.descriptor)
    precondition(
        facts.format == .png && facts.isValid, "a thumbnail that is no sound PNG: \(String(describing: facts.problem))")
    precondition(facts.pixelSize == thumbnail.size, "a thumbnail whose header disagrees with its size")
    precondition(facts.png?.isCgBI == false && facts.png?.colorType == .rgba, "a thumbnail that is not plain RGBA")
    return 0
}
