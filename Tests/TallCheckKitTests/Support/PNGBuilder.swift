import CZlibSystem

/// One PNG chunk as it will be written. `crc` overrides the computed CRC to make a broken file.
struct PNGChunk {
    var type: String
    var data: [UInt8]
    var crc: UInt32? = nil

    func encoded() -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let checksum = crc ?? crc32Of(typeBytes + data)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(checksum)
    }
}

/// Builds small PNG files, sound or broken on purpose, for tests and the example fixtures.
/// The pixels are a simple pattern; only the structure matters here.
struct PNGBuilder {
    var width: Int
    var height: Int
    var bitDepth = 8
    var colorType: UInt8 = 6
    var interlaced = false
    /// Apple's CgBI variant: a CgBI chunk before IHDR and raw-deflate image data.
    var cgbi = false
    /// Pixels from a pseudo-random sequence, which deflate cannot shrink: for files larger
    /// than the probe's read buffer.
    var noisy = false
    /// Written into the first row (eight bytes, repeated), so images of one size made for
    /// different files differ: otherwise they are byte for byte the same, and duplicates.
    var seed: UInt64? = nil
    /// The colour (red, green, blue, alpha) of each pixel (x, y), for 8-bit RGB and RGBA
    /// images; CgBI files get it swapped to BGRA and premultiplied, as Xcode writes them.
    var paint: (@Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8))? = nil

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var ihdr: PNGChunk {
        PNGChunk(
            type: "IHDR",
            data: bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [
                UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0,
            ])
    }

    /// The chunks in file order. Tests edit this list to break a file in one place.
    var chunks: [PNGChunk] {
        var chunks: [PNGChunk] = []
        if cgbi {
            // The 4 data bytes Xcode's pngcrush writes; their meaning is undocumented.
            chunks.append(PNGChunk(type: "CgBI", data: [0x50, 0x00, 0x20, 0x02]))
        }
        chunks.append(ihdr)
        if colorType == 3 {
            chunks.append(PNGChunk(type: "PLTE", data: [UInt8](repeating: 0x80, count: 3 * (1 << min(bitDepth, 8)))))
        }
        chunks.append(PNGChunk(type: "IDAT", data: compressedImageData()))
        chunks.append(PNGChunk(type: "IEND", data: []))
        return chunks
    }

    func encoded() -> [UInt8] { Self.encode(chunks) }

    static func encode(_ chunks: [PNGChunk], signature: [UInt8] = signature) -> [UInt8] {
        signature + chunks.flatMap { $0.encoded() }
    }

    /// Filtered scanlines, pass by pass for Adam7 (PNG specification 8.2), written
    /// independently of the shim's own arithmetic so the two check each other.
    func rawImageData() -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var data: [UInt8] = []
        var noise: UInt32 = 2_463_534_242
        for pass in passes {
            let passWidth = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0
            let passHeight = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0
            guard passWidth > 0 else { continue }
            let rowBytes = (passWidth * channels * bitDepth + 7) / 8
            for row in 0..<passHeight {
                data.append(0)  // filter type None
                if let paint, bitDepth == 8, channels >= 3 {
                    for column in 0..<passWidth {
                        let (r, g, b, a) = paint(pass.x0 + column * pass.dx, pass.y0 + row * pass.dy)
                        let premultiplied = { (value: UInt8) in UInt8((Int(value) * Int(a) + 127) / 255) }
                        data += cgbi ? [premultiplied(b), premultiplied(g), premultiplied(r)] : [r, g, b]
                        if channels == 4 { data.append(a) }
                    }
                    continue
                }
                for column in 0..<rowBytes {
                    if noisy {  // xorshift32
                        noise ^= noise << 13
                        noise ^= noise >> 17
                        noise ^= noise << 5
                        data.append(UInt8(truncatingIfNeeded: noise))
                    } else if let seed, row == 0, pass.y0 == 0 {
                        data.append(UInt8(truncatingIfNeeded: seed >> (8 * UInt64(column % 8))))
                    } else {
                        data.append(UInt8(truncatingIfNeeded: column &+ row))
                    }
                }
            }
        }
        return data
    }

    /// zlib for ordinary PNGs; raw deflate (the zlib stream without its 2-byte header and
    /// Adler-32 trailer) for CgBI.
    func compressedImageData() -> [UInt8] {
        let zlib = zlibCompress(rawImageData())
        return cgbi ? Array(zlib[2..<(zlib.count - 4)]) : zlib
    }
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func crc32Of(_ bytes: [UInt8]) -> UInt32 {
    UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
}

func zlibCompress(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8] {
    var length = compressBound(uLong(bytes.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = out.withUnsafeMutableBufferPointer { target in
        bytes.withUnsafeBufferPointer { source in
            compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
        }
    }
    precondition(status == Z_OK, "zlib compress2 failed: \(status)")
    return Array(out[..<Int(length)])
}

/// The smallest JPEG header the probe needs: SOI, a JFIF APP0 segment, SOF0 and EOI.
func minimalJPEG(width: Int, height: Int) -> [UInt8] {
    let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    let sof0: [UInt8] = [
        0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
        3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]
    return [0xFF, 0xD8] + app0 + sof0 + [0xFF, 0xD9]
}
