import CZlibSystem

/// The pixels of an 8-bit RGBA, non-interlaced PNG, decoded here with zlib and the PNG
/// specification's five filters (section 9), independently of libpng, to check what the
/// thumbnail encoder wrote. Nil when the file is anything else.
struct PNGPixels {
    var width: Int
    var height: Int
    /// Row-major RGBA.
    var rgba: [UInt8]

    init?(_ png: [UInt8]) {
        guard png.count > 33, png.prefix(8).elementsEqual(PNGBuilder.signature) else { return nil }
        var at = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            guard at + 12 + length <= png.count else { return nil }
            let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = Array(png[(at + 8)..<(at + 8 + length)])
            if type == "IHDR" { header = data }
            if type == "IDAT" { compressed += data }
            if type == "IEND" { break }
            at += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[9] == 6, header[12] == 0 else { return nil }
        width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let stride = width * 4
        var raw = [UInt8](repeating: 0, count: height * (stride + 1))
        var rawLength = uLong(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &rawLength, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { return nil }
        rgba = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = Int(raw[y * (stride + 1) + 1 + x])
                let left = x >= 4 ? Int(rgba[y * stride + x - 4]) : 0
                let up = y > 0 ? Int(rgba[(y - 1) * stride + x]) : 0
                let upLeft = x >= 4 && y > 0 ? Int(rgba[(y - 1) * stride + x - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: return nil
                }
                rgba[y * stride + x] = UInt8((value + predicted) & 0xFF)
            }
        }
    }

    /// The pixel at (x, y) as (red, green, blue, alpha).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        Array(rgba[((y * width + x) * 4)..<((y * width + x) * 4 + 4)])
    }
}
