/// JPEG size from the first start-of-frame (SOFn) marker (ITU T.81, B.2.2).
enum JPEGFile {
    static func probe(_ head: HeaderBytes) -> ImageFacts {
        var offset = 2  // past SOI
        while true {
            guard let marker = head.bytes(at: offset, count: 2) else {
                return invalid("file ends before a start-of-frame marker (truncated)")
            }
            guard marker[0] == 0xFF else {
                return invalid("expected a marker at byte \(offset), found 0x\(String(marker[0], radix: 16))")
            }
            let code = marker[1]
            switch code {
            case 0xFF:
                offset += 1  // fill byte
                continue
            case 0x01, 0xD0...0xD8:
                offset += 2  // markers without a length
                continue
            case 0xD9, 0xDA:
                return invalid("no start-of-frame marker before the image data")
            default:
                break
            }
            guard let length = head.uint16BE(at: offset + 2), length >= 2 else {
                return invalid("segment at byte \(offset) is truncated or has a length under 2")
            }
            if isStartOfFrame(code) {
                guard let height = head.uint16BE(at: offset + 5), let width = head.uint16BE(at: offset + 7) else {
                    return invalid("start-of-frame segment is truncated")
                }
                guard width > 0, height > 0 else {
                    return invalid("start-of-frame gives a size of \(width)×\(height)")
                }
                return ImageFacts(format: .jpeg, pixelSize: PixelSize(width: width, height: height))
            }
            offset += 2 + length
        }
    }

    /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    private static func isStartOfFrame(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
    }

    private static func invalid(_ reason: String) -> ImageFacts {
        ImageFacts(format: .jpeg, problem: .invalid("JPEG: \(reason)"))
    }
}
