/// JPEG size from the first start-of-frame (SOFn) marker (ITU T.81, B.2.2).
///
/// The file is read through a window of ``ByteWindow/size`` bytes, so walking many small
/// segments or a long run of fill bytes costs one read per window, not one per byte.
enum JPEGFile {
    static func probe(_ head: HeaderBytes) -> ImageFacts {
        var window = ByteWindow(head)
        var offset = 2  // past SOI
        while true {
            guard let marker = window.bytes(at: offset, count: 2) else {
                return invalid("file ends before a start-of-frame marker (truncated)")
            }
            guard marker[0] == 0xFF else {
                return invalid("expected a marker at byte \(offset), found 0x\(String(marker[0], radix: 16))")
            }
            let code = marker[1]
            switch code {
            case 0xFF:
                // Fill bytes (B.1.1.2): any number of 0xFF before a marker; skipped in bulk.
                offset = window.firstOffset(notEqualTo: 0xFF, from: offset + 1) - 1
                continue
            case 0x01, 0xD0...0xD8:
                offset += 2  // markers without a length
                continue
            case 0xD9, 0xDA:
                return invalid("no start-of-frame marker before the image data")
            default:
                break
            }
            guard let length = window.uint16BE(at: offset + 2), length >= 2 else {
                return invalid("segment at byte \(offset) is truncated or has a length under 2")
            }
            if isStartOfFrame(code) {
                guard let height = window.uint16BE(at: offset + 5), let width = window.uint16BE(at: offset + 7) else {
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

/// A file read through a sliding window: bytes at increasing offsets cost one `pread` per
/// window, not one per call.
struct ByteWindow {
    static let size = 65_536

    private let head: HeaderBytes
    private var start = 0
    private var bytes: [UInt8]

    init(_ head: HeaderBytes) {
        self.head = head
        bytes = Array(head.prefix)
    }

    /// The byte at `offset`, nil past the end of the file.
    mutating func byte(at offset: Int) -> UInt8? {
        if offset < start || offset >= start + bytes.count {
            guard offset >= 0, let read = readBytes(head.fd, at: offset, count: Self.size), !read.isEmpty else {
                return nil
            }
            start = offset
            bytes = read
        }
        return bytes[offset - start]
    }

    /// The first offset at or after `offset` whose byte is not `value`; the file's end when
    /// every byte to it is `value`.
    mutating func firstOffset(notEqualTo value: UInt8, from offset: Int) -> Int {
        var offset = offset
        while byte(at: offset) != nil {
            let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
                var index = offset - start
                while index < buffer.count {
                    if buffer[index] != value { return index }
                    index += 1
                }
                return nil
            }
            if let found { return start + found }
            offset = start + bytes.count
        }
        return offset
    }

    mutating func bytes(at offset: Int, count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for index in offset..<offset + count {
            guard let byte = byte(at: index) else { return nil }
            result.append(byte)
        }
        return result
    }

    mutating func uint16BE(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { Int($0[0]) << 8 | Int($0[1]) }
    }
}
