import PNGShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small picture of an image for the HTML report: an ordinary 8-bit RGBA PNG that libpng
/// decoded, averaged down and encoded again, never the original bytes (a 4096² file must not
/// make the report huge, and a browser cannot show a CgBI file).
public struct Thumbnail: Sendable, Hashable {
    /// The encoded PNG.
    public var png: [UInt8]
    /// The thumbnail's own pixel size: the image's, scaled so the longer side fits.
    public var size: PixelSize
    /// Whether it was made from Apple's CgBI variant (channels swapped back, alpha divided out).
    public var fromCgBI: Bool
}

/// A thumbnail, or why there is none, for a placeholder that says so.
public enum ThumbnailOutcome: Sendable, Hashable {
    case image(Thumbnail)
    case unavailable(String)
}

/// Makes thumbnails of the PNGs of a scanned folder, opening each below it without following
/// links, as the scan did.
public struct ThumbnailMaker: Sendable {
    /// The longest side of a thumbnail, in pixels.
    public var maxSide: Int
    /// Images over these are not decoded: a placeholder says how large they are.
    public var limits: ProbeLimits
    /// Interlaced PNGs are decoded whole before they are averaged; larger ones get a placeholder.
    public var maxDecodedBytes: Int
    /// CgBI files are read whole to be converted; larger ones get a placeholder.
    public var maxCgBIFileBytes: Int

    public init(
        maxSide: Int = 160,
        limits: ProbeLimits = ProbeLimits(
            maxSide: ReadLimits.standard.thumbnailImageSide, maxPixels: ReadLimits.standard.decodedImagePixels),
        maxDecodedBytes: Int = ReadLimits.standard.interlacedDecodeBytes,
        maxCgBIFileBytes: Int = ReadLimits.standard.cgbiFileBytes
    ) {
        self.maxSide = maxSide
        self.limits = limits
        self.maxDecodedBytes = maxDecodedBytes
        self.maxCgBIFileBytes = maxCgBIFileBytes
    }

    /// The thumbnail of the file at `path` (relative to `root`, which must be open).
    func thumbnail(of path: String, in root: TreeRoot) -> ThumbnailOutcome {
        // Opened below the root without following links, as the scan opened it.
        let file = FoundFile(
            location: FileSystemPath(path), displayPath: path,
            beneath: ContainedPath(root: root, relative: Array(path.utf8)))
        switch openRegularFile(file) {
        case .failure(let failure):
            return .unavailable(failure.message)
        case .success(let fd):
            defer { close(fd) }
            return thumbnail(ofOpenFile: fd)
        }
    }

    /// The thumbnail of the PNG open at `fd`, read from its current position (its start).
    public func thumbnail(ofOpenFile fd: Int32) -> ThumbnailOutcome {
        let capacity = 64 * 1024
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var source = tc_png_source(fd: fd, buffer: buffer, capacity: capacity, length: 0, refill: capacity)
        var cLimits = limits.shim
        var made = tc_png_thumbnail()
        tc_png_make_thumbnail(
            &source, &cLimits, UInt32(clamping: maxSide), UInt64(clamping: maxDecodedBytes),
            UInt64(clamping: maxCgBIFileBytes), &made)
        defer { tc_png_free(made.png) }
        guard made.status == TC_PNG_OK, let png = made.png else {
            let message = withUnsafeBytes(of: made.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if made.status == TC_PNG_OVER_LIMIT, made.source_width > 0 {
                return .unavailable("\(made.source_width)×\(made.source_height) px: \(message)")
            }
            return .unavailable(message.isEmpty ? "cannot be decoded" : message)
        }
        return .image(
            Thumbnail(
                png: Array(UnsafeBufferPointer(start: png, count: made.png_length)),
                size: PixelSize(width: Int(made.width), height: Int(made.height)), fromCgBI: made.is_cgbi != 0))
    }
}
