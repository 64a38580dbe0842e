import PNGShim

/// PNG facts through libpng (via the PNGShim C target, which catches libpng's longjmps), with
/// Apple's CgBI variant handled beside it.
enum PNGFile {
    /// - Parameters:
    ///   - buffer: the probe's read buffer; its first `length` bytes are the start of the file
    ///     and the file position is just past them. The shim refills it as it reads on.
    static func probe(
        fd: Int32, buffer: UnsafeMutableBufferPointer<UInt8>, length: Int, depth: ProbeDepth, digestsPixels: Bool,
        limits: ProbeLimits
    ) -> ImageFacts {
        var source = tc_png_source(
            fd: fd, buffer: buffer.baseAddress, capacity: buffer.count, length: length, refill: buffer.count)
        var cLimits = limits.shim
        var report = tc_png_report()
        let cDepth =
            switch depth {
            case .header: TC_PROBE_HEADER
            case .verify: digestsPixels ? TC_PROBE_VERIFY_DIGEST : TC_PROBE_VERIFY
            }
        tc_png_probe(&source, Int32(cDepth), &cLimits, &report)

        var facts = ImageFacts(format: .png)
        if report.has_header != 0 {
            facts.pixelSize = PixelSize(width: Int(report.width), height: Int(report.height))
            if let colorType = PNGColorType(rawValue: Int(report.color_type)) {
                facts.png = PNGHeader(
                    bitDepth: Int(report.bit_depth), colorType: colorType,
                    isInterlaced: report.interlaced != 0, isCgBI: report.is_cgbi != 0)
            }
        }
        let message = withUnsafeBytes(of: report.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        switch report.status {
        case TC_PNG_OK:
            if report.has_pixel_digest != 0 {
                facts.pixelDigest = ContentDigest(
                    kind: .pixels, high: report.pixel_digest.0, low: report.pixel_digest.1)
            }
        case TC_PNG_OVER_LIMIT:
            let claimed = facts.pixelSize.map { "\($0) pixels" } ?? "a size"
            facts.problem = .invalid(
                "IHDR claims \(claimed), over the probe's limit of \(limits.maxSide) pixels a side and "
                    + "\(limits.maxPixels) in all, which keeps a hostile header from making it allocate much")
            facts.png = nil
        case TC_PNG_IO_ERROR:
            facts.problem = .unreadable("cannot read: \(message)")
        default:
            facts.problem = .invalid(explained(message))
        }
        return facts
    }

    /// libpng's message, with what it means where the message alone is cryptic.
    private static func explained(_ message: String) -> String {
        // png_read_info stops at the first IDAT, so meeting IEND there means there is none.
        if message.hasPrefix("IEND: out of place") {
            return "no image data: IEND comes before any IDAT chunk (libpng: \(message))"
        }
        return message
    }
}
