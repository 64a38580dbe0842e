#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size in points of the vector images asset catalogs hold: a PDF's first `/MediaBox`, an
/// SVG's `width` and `height` (or its `viewBox`). Xcode draws one PDF or SVG point as one iOS
/// point, at every scale.
///
/// Only a bounded window of the file is read (its first and last ``window`` bytes): a box that
/// sits elsewhere, or inside a compressed object stream, leaves the size unknown, which is not
/// an error.
enum VectorFile {
    /// How many bytes are read from each end of the file.
    static let window = 64 << 10

    static func probe(_ head: HeaderBytes, format: ImageFormat) -> ImageFacts {
        let start =
            head.bytes(at: 0, count: min(window, fileSize(head.fd) ?? head.prefix.count))
            ?? Array(head.prefix)
        switch format {
        case .pdf:
            if let box = mediaBox(in: start) { return ImageFacts(format: .pdf, vectorSize: box) }
            // Writers that put the page tree last (incremental saves, most exporters' xref) keep
            // the box near the end.
            if let size = fileSize(head.fd), size > window,
                let tail = readBytes(head.fd, at: size - window, count: window), let box = mediaBox(in: tail)
            {
                return ImageFacts(format: .pdf, vectorSize: box)
            }
            return ImageFacts(format: .pdf)
        default:
            guard let element = svgElement(in: start) else {
                return ImageFacts(
                    format: .unknown,
                    problem: .invalid("an XML file without an <svg> element in its first \(window >> 10) KiB"))
            }
            return ImageFacts(format: .svg, vectorSize: svgSize(element))
        }
    }

    private static func fileSize(_ fd: Int32) -> Int? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    // MARK: PDF

    /// The first `/MediaBox [x0 y0 x1 y1]` (PDF 32000-1:2008, 7.7.3.3), as a width and height.
    static func mediaBox(in bytes: [UInt8]) -> PointSize? {
        let key = Array("/MediaBox".utf8)
        var from = 0
        while let found = firstIndex(of: key, in: bytes, from: from) {
            from = found + key.count
            var index = from
            skipWhitespace(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { continue }
            index += 1
            var numbers: [Double] = []
            while numbers.count < 4 {
                skipWhitespace(bytes, &index)
                guard let number = readNumber(bytes, &index) else { break }
                numbers.append(number)
            }
            guard numbers.count == 4 else { continue }
            let width = abs(numbers[2] - numbers[0])
            let height = abs(numbers[3] - numbers[1])
            guard width > 0, height > 0, width < 1e6, height < 1e6 else { continue }
            return PointSize(width: width, height: height)
        }
        return nil
    }

    // MARK: SVG

    /// The text of the first `<svg …>` start tag, attributes included.
    static func svgElement(in bytes: [UInt8]) -> [UInt8]? {
        let open = Array("<svg".utf8)
        var from = 0
        while let found = firstIndex(of: open, in: bytes, from: from) {
            from = found + open.count
            guard from < bytes.count, isWhitespace(bytes[from]) || bytes[from] == UInt8(ascii: ">") else { continue }
            guard let end = bytes[from...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return Array(bytes[from..<end])
        }
        return nil
    }

    /// `width` and `height` in user units (px, pt or none: one point each), else the `viewBox`'s.
    static func svgSize(_ element: [UInt8]) -> PointSize? {
        let attributes = Self.attributes(element)
        func length(_ name: String) -> Double? {
            guard let value = attributes[name] else { return nil }
            var text = Substring(value.trimmingSpaces)
            for unit in ["px", "pt"] where text.hasSuffix(unit) { text = text.dropLast(2) }
            guard let number = Double(text), number > 0, number < 1e6 else { return nil }
            return number
        }
        if let width = length("width"), let height = length("height") {
            return PointSize(width: width, height: height)
        }
        let box = (attributes["viewBox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .compactMap { Double($0) }
        guard box.count == 4, box[2] > 0, box[3] > 0, box[2] < 1e6, box[3] < 1e6 else { return nil }
        return PointSize(width: box[2], height: box[3])
    }

    /// `name="value"` pairs of a start tag (either quote).
    private static func attributes(_ element: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        var index = 0
        while index < element.count {
            skipWhitespace(element, &index)
            let nameStart = index
            while index < element.count, element[index] != UInt8(ascii: "="), !isWhitespace(element[index]) {
                index += 1
            }
            let name = String(decoding: element[nameStart..<index], as: UTF8.self)
            skipWhitespace(element, &index)
            guard index < element.count, element[index] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            index += 1
            skipWhitespace(element, &index)
            guard index < element.count, element[index] == UInt8(ascii: "\"") || element[index] == UInt8(ascii: "'")
            else { continue }
            let quote = element[index]
            index += 1
            let valueStart = index
            while index < element.count, element[index] != quote { index += 1 }
            if result[name] == nil { result[name] = String(decoding: element[valueStart..<index], as: UTF8.self) }
            index += 1
        }
        return result
    }

    // MARK: Bytes

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    private static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
    }

    /// A PDF number: an optional sign, digits, an optional fraction (7.3.3).
    private static func readNumber(_ bytes: [UInt8], _ index: inout Int) -> Double? {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard index - start <= 32 else { return nil }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        while index <= bytes.count - needle.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
