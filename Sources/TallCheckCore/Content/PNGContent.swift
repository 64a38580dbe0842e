import PNGShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole image files for the content pass: hashes of bytes and of decoded pixels, and
/// the zlib level 9 estimate, each streamed through a fixed buffer.
struct PNGContent: Sendable {
    var limits: ProbeLimits
    /// Interlaced PNGs are decoded whole; larger ones are not decoded.
    var maxDecodedBytes: Int
    /// CgBI files are converted in memory; larger ones are not decoded.
    var maxCgBIFileBytes: Int

    /// Images of more than ``ReadLimits/decodedImagePixels`` are told apart by their bytes only.
    init(
        limits: ProbeLimits = ProbeLimits(maxPixels: ReadLimits.standard.decodedImagePixels),
        maxDecodedBytes: Int = ReadLimits.standard.interlacedDecodeBytes,
        maxCgBIFileBytes: Int = ReadLimits.standard.cgbiFileBytes
    ) {
        self.limits = limits
        self.maxDecodedBytes = maxDecodedBytes
        self.maxCgBIFileBytes = maxCgBIFileBytes
    }

    static let bufferSize = 64 * 1024

    /// The digest of every byte from the current position to the end of the file, which must
    /// come after `length` bytes: a file that has grown or shrunk since it was measured is a
    /// failure, and nothing past `length` is hashed.
    static func byteDigest(ofOpenFile fd: Int32, length: Int) -> Result<ContentDigest, FileReadFailure> {
        var hash = tc_hash()
        tc_hash_init(&hash)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            // One byte more than is left, to tell the end of the file from a file that grew.
            let want = min(buffer.count, length - total + 1)
            guard let got = readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want])) else {
                return .failure(FileReadFailure(message: "cannot read: \(errnoDescription())"))
            }
            total += got
            guard total <= length else {
                return .failure(FileReadFailure(message: "changed while it was read (longer than \(length) bytes)"))
            }
            tc_hash_update(&hash, buffer.baseAddress, got)
            if got < want { break }
        }
        guard total == length else {
            return .failure(FileReadFailure(message: "changed while it was read (\(total) bytes, not \(length))"))
        }
        return .success(finished(hash, kind: .bytes))
    }

    /// The digest of `bytes`, as ``byteDigest(ofOpenFile:length:)`` hashes a file that holds them.
    static func digest(of bytes: UnsafeRawBufferPointer) -> ContentDigest {
        var hash = tc_hash()
        tc_hash_init(&hash)
        tc_hash_update(&hash, bytes.baseAddress, bytes.count)
        return finished(hash, kind: .bytes)
    }

    private static func finished(_ hash: tc_hash, kind: ContentDigest.Kind) -> ContentDigest {
        var hash = hash
        var out: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &out) { raw in
            tc_hash_final(&hash, raw.baseAddress!.assumingMemoryBound(to: UInt64.self))
        }
        return ContentDigest(kind: kind, high: out.0, low: out.1)
    }

    /// The digest of the pixels of the PNG open at `fd` (see `tc_png_digest_pixels`).
    /// - Parameter leadingRows: decode only this many rows from the top (a digest of kind
    ///   ``ContentDigest/Kind/leadingRows``); nil for every row.
    func pixelDigest(ofOpenFile fd: Int32, leadingRows: Int? = nil) -> Result<ContentDigest, FileReadFailure> {
        withSource(fd) { pixelDigest(&$0, &$1, leadingRows: leadingRows) }
    }

    /// The digest of the pixels of the PNG held whole in `bytes` (an archive's entry).
    func pixelDigest(ofMemory bytes: inout [UInt8], leadingRows: Int? = nil) -> Result<ContentDigest, FileReadFailure> {
        Self.withSource(memory: &bytes, limits: limits) { pixelDigest(&$0, &$1, leadingRows: leadingRows) }
    }

    private func pixelDigest(_ source: inout tc_png_source, _ limits: inout tc_png_limits, leadingRows: Int?)
        -> Result<ContentDigest, FileReadFailure>
    {
        var made = tc_png_pixel_digest()
        tc_png_digest_pixels(
            &source, &limits, UInt64(clamping: maxDecodedBytes), UInt64(clamping: maxCgBIFileBytes),
            leadingRows.map { UInt32(clamping: max($0, 1)) } ?? 0, &made)
        guard made.status == TC_PNG_OK else {
            let message = Self.message(made.message)
            if made.status == TC_PNG_OVER_LIMIT, made.width > 0 {
                return .failure(FileReadFailure(message: "\(made.width)×\(made.height) px: \(message)"))
            }
            return .failure(FileReadFailure(message: message.isEmpty ? "cannot be decoded" : message))
        }
        return .success(
            ContentDigest(kind: leadingRows == nil ? .pixels : .leadingRows, high: made.digest.0, low: made.digest.1))
    }

    /// The lowest alpha of the pixels of the PNG held whole in `bytes`: 255 when every pixel
    /// is opaque.
    func lowestAlpha(ofMemory bytes: inout [UInt8]) -> Result<UInt8, FileReadFailure> {
        Self.withSource(memory: &bytes, limits: limits) { source, limits in
            var made = tc_png_alpha()
            tc_png_lowest_alpha(
                &source, &limits, UInt64(clamping: maxDecodedBytes), UInt64(clamping: maxCgBIFileBytes), &made)
            guard made.status == TC_PNG_OK else {
                let message = Self.message(made.message)
                return .failure(FileReadFailure(message: message.isEmpty ? "cannot be decoded" : message))
            }
            return .success(made.lowest)
        }
    }

    /// How many bytes the image data of the PNG open at `fd` holds, and would hold deflated at
    /// `level`.
    func recompression(ofOpenFile fd: Int32, level: Int32 = 9) -> Result<
        (stored: Int, recompressed: Int), FileReadFailure
    > {
        withSource(fd) { Self.recompression(&$0, &$1, level: level) }
    }

    /// ``recompression(ofOpenFile:level:)`` of the PNG held whole in `bytes`.
    func recompression(ofMemory bytes: inout [UInt8], level: Int32 = 9) -> Result<
        (stored: Int, recompressed: Int), FileReadFailure
    > {
        Self.withSource(memory: &bytes, limits: limits) { Self.recompression(&$0, &$1, level: level) }
    }

    private static func recompression(_ source: inout tc_png_source, _ limits: inout tc_png_limits, level: Int32)
        -> Result<(stored: Int, recompressed: Int), FileReadFailure>
    {
        var made = tc_png_recompression()
        tc_png_recompress(&source, &limits, level, &made)
        guard made.status == TC_PNG_OK else {
            return .failure(FileReadFailure(message: Self.message(made.message)))
        }
        return .success((Int(clamping: made.stored_bytes), Int(clamping: made.recompressed_bytes)))
    }

    /// A source over bytes in memory: no descriptor, their end is the file's.
    private static func withSource<Result>(
        memory bytes: inout [UInt8], limits: ProbeLimits, _ body: (inout tc_png_source, inout tc_png_limits) -> Result
    ) -> Result {
        var cLimits = limits.shim
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var source = tc_png_source(
                fd: -1, buffer: buffer.baseAddress, capacity: buffer.count, length: buffer.count,
                refill: buffer.count)
            return body(&source, &cLimits)
        }
    }

    private func withSource<Result>(
        _ fd: Int32, _ body: (inout tc_png_source, inout tc_png_limits) -> Result
    ) -> Result {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.bufferSize)
        defer { buffer.deallocate() }
        var source = tc_png_source(
            fd: fd, buffer: buffer, capacity: Self.bufferSize, length: 0, refill: Self.bufferSize)
        var cLimits = limits.shim
        return body(&source, &cLimits)
    }

    private static func message<Tuple>(_ tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
