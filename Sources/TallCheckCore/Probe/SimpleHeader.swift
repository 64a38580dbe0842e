/// Sizes of formats that keep them at fixed offsets near the start: GIF, WebP and BMP.
enum SimpleHeader {
    static func probe(_ head: HeaderBytes, format: ImageFormat) -> ImageFacts {
        let size: PixelSize?
        switch format {
        case .gif: size = gifSize(head)
        case .webp: size = webPSize(head)
        case .bmp: size = bmpSize(head)
        default: size = nil
        }
        guard let size else {
            return ImageFacts(
                format: format, problem: .invalid("\(format.rawValue.uppercased()) header is truncated or malformed"))
        }
        return ImageFacts(format: format, pixelSize: size)
    }

    /// GIF logical screen size: little-endian at bytes 6 and 8 (GIF89a, section 18).
    private static func gifSize(_ head: HeaderBytes) -> PixelSize? {
        guard let width = head.uint16LE(at: 6), let height = head.uint16LE(at: 8) else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// WebP canvas size from the first chunk: lossy `VP8 `, lossless `VP8L` or extended `VP8X`.
    private static func webPSize(_ head: HeaderBytes) -> PixelSize? {
        guard let chunk = head.bytes(at: 12, count: 4).map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        switch chunk {
        case "VP8 ":
            // Key frame start code 9D 01 2A at 23, then 14-bit width and height.
            guard head.bytes(at: 23, count: 3) == [0x9D, 0x01, 0x2A],
                let width = head.uint16LE(at: 26), let height = head.uint16LE(at: 28)
            else { return nil }
            return PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            // Signature 0x2F, then width − 1 and height − 1 in 14 bits each.
            guard head.bytes(at: 20, count: 1) == [0x2F], let bits = head.uint32LE(at: 21) else { return nil }
            return PixelSize(width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = head.uint24LE(at: 24), let height = head.uint24LE(at: 27) else { return nil }
            return PixelSize(width: width + 1, height: height + 1)
        default:
            return nil
        }
    }

    /// BMP size from the DIB header after the 14-byte file header.
    private static func bmpSize(_ head: HeaderBytes) -> PixelSize? {
        guard let headerSize = head.uint32LE(at: 14) else { return nil }
        if headerSize == 12 {  // BITMAPCOREHEADER: 16-bit fields
            guard let width = head.uint16LE(at: 18), let height = head.uint16LE(at: 20) else { return nil }
            return PixelSize(width: width, height: height)
        }
        guard headerSize >= 40, let width = head.uint32LE(at: 18), let height = head.uint32LE(at: 22) else {
            return nil
        }
        // A negative height means the rows are stored top-down; a negative width means nothing.
        return PixelSize(width: Int(Int32(bitPattern: width)), height: abs(Int(Int32(bitPattern: height))))
    }
}
