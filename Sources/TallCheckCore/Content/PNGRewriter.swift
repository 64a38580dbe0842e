import PNGShim

/// Writes a PNG again, smaller and losslessly, for `tallcheck fix --recompress`: its image data
/// deflated at zlib's level 9, every other chunk byte for byte as it was (`tc_png_rewrite`). The
/// new file is used only when both files decode, through libpng, to the same pixels; a CgBI file
/// is never rewritten.
package enum PNGRewriter {
    /// The smaller file, nil when none comes out smaller, or why the file cannot be rewritten.
    package static func rewrite(_ bytes: [UInt8]) -> Result<[UInt8]?, FileReadFailure> {
        let reader = PNGContent()
        var limits = reader.limits.shim
        var made = tc_png_rewritten()
        bytes.withUnsafeBufferPointer { buffer in tc_png_rewrite(buffer.baseAddress, buffer.count, &limits, &made) }
        defer { tc_png_rewritten_free(&made) }
        guard made.status == TC_PNG_OK else {
            let message = withUnsafeBytes(of: made.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return .failure(FileReadFailure(message: message))
        }
        guard let start = made.bytes else { return .success(nil) }
        let rewritten = Array(UnsafeBufferPointer(start: start, count: made.size))
        // Decoded both ways: the same pixels, or the file is not used.
        var old = bytes
        var new = rewritten
        guard case .success(let before) = reader.pixelDigest(ofMemory: &old),
            case .success(let after) = reader.pixelDigest(ofMemory: &new), before == after
        else {
            return .failure(FileReadFailure(message: "the rewritten file does not decode to the same pixels"))
        }
        return .success(rewritten)
    }
}
