/// The kind of image a file really is, decided by its first bytes, never by its name.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    case png, jpeg, gif, webp, heic, bmp, tiff
    /// Vector images, which asset catalogs hold (and loose files never are for `UIImage(named:)`).
    case pdf, svg
    case unknown

    /// How many leading bytes `init(magic:)` looks at.
    public static let magicLength = 16

    /// Identifies a format from the start of a file, per each format's signature.
    public init(magic bytes: some Collection<UInt8>) {
        // Nearly every file probed is a PNG: its signature is checked in place, with no copy.
        let isPNG = bytes.withContiguousStorageIfAvailable { bytes in
            bytes.count >= 8 && bytes[0] == 0x89 && bytes[1] == 0x50 && bytes[2] == 0x4E && bytes[3] == 0x47
                && bytes[4] == 0x0D && bytes[5] == 0x0A && bytes[6] == 0x1A && bytes[7] == 0x0A
        }
        if isPNG == true {
            self = .png
            return
        }
        let head = Array(bytes.prefix(Self.magicLength))
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count
                && head[offset..<offset + signature.count].elementsEqual(signature)
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(with: Array("ftyp".utf8), at: 4)
            && Self.heifBrands.contains(where: { starts(with: $0, at: 8) })
        {
            self = .heic
        } else if starts(with: Array("BM".utf8)) {
            self = .bmp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if starts(with: Array("%PDF-".utf8)) {
            self = .pdf
        } else if Self.startsLikeSVG(head) {
            // XML; the probe confirms an <svg> element.
            self = .svg
        } else {
            self = .unknown
        }
    }

    /// ISO-BMFF major brands of HEIF images (ISO/IEC 23008-12, annex B).
    private static let heifBrands: [[UInt8]] = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].map {
        Array($0.utf8)
    }

    /// Markup that may be an SVG: `<svg`, `<?xml`, `<!DOCTYPE` or a comment, after an optional
    /// byte-order mark and white space.
    private static func startsLikeSVG(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return ["<svg", "<?xml", "<!DOCTYPE svg", "<!--"].contains { rest.starts(with: Array($0.utf8)) }
    }

    /// Whether the format is drawn from vectors: its size is in points, not pixels.
    public var isVector: Bool { self == .pdf || self == .svg }

    /// Whether a file name ends in a bitmap image extension, ignoring case: the loose files
    /// `UIImage(named:)` loads.
    public static func hasImageExtension(_ fileName: some StringProtocol) -> Bool {
        claimedFormat(fileName).map { !$0.isVector } ?? false
    }

    /// Whether a file name ends in an extension an asset catalog set holds: a bitmap, a PDF or an SVG.
    public static func hasCatalogImageExtension(_ fileName: some StringProtocol) -> Bool {
        claimedFormat(fileName) != nil
    }

    private static func claimedFormat(_ fileName: some StringProtocol) -> ImageFormat? {
        // Asked of every file a walk lists: the extension's bytes, folded to lower case, as one
        // number. An extension with other bytes than ASCII letters is looked at as text below.
        if case .some(.some(let claimed)) = fileName.utf8.withContiguousStorageIfAvailable(claimedFormat(bytes:)) {
            return claimed
        }
        return claimedFormat(text: fileName)
    }

    /// The format a name's last bytes claim; nil when they do not decide, which only bytes
    /// beyond ASCII next to the extension make (the name is then looked at as text, in
    /// Characters).
    private static func claimedFormat(bytes: UnsafeBufferPointer<UInt8>) -> ImageFormat?? {
        var folded: UInt32 = 0
        var shift: UInt32 = 0
        var index = bytes.count
        while index > 0 {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: ".") {
                // A byte beyond ASCII may join the dot into one Character with it.
                guard index < 2 || bytes[index - 2] < 0x80 else { return nil }
                return .some(shift == 0 ? nil : formatsByFoldedExtension[folded])
            }
            let lower = byte | 0x20
            guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else {
                return byte < 0x80 ? .some(nil) : nil
            }
            // Five letters: no extension of four or fewer (`.swift`, or no dot at all).
            guard shift < 32 else { return .some(nil) }
            folded |= UInt32(lower) << shift
            shift += 8
            index -= 1
        }
        return .some(nil)
    }

    /// The extensions, lower case, as ``claimedFormat(bytes:)`` folds them (last byte lowest).
    private static let formatsByFoldedExtension: [UInt32: ImageFormat] = {
        let names: [(String, ImageFormat)] = [
            ("png", .png), ("jpg", .jpeg), ("jpeg", .jpeg), ("gif", .gif), ("webp", .webp), ("heic", .heic),
            ("heif", .heic), ("bmp", .bmp), ("tif", .tiff), ("tiff", .tiff), ("pdf", .pdf), ("svg", .svg),
        ]
        return Dictionary(
            uniqueKeysWithValues: names.map { name, format in
                (
                    name.utf8.reversed().enumerated().reduce(UInt32(0)) { $0 | UInt32($1.1) << (8 * UInt32($1.0)) },
                    format
                )
            })
    }()

    private static func claimedFormat(text fileName: some StringProtocol) -> ImageFormat? {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let ext = fileName[fileName.index(after: dot)...]
        return ext.count <= 4 ? ImageFormat(fileExtension: String(ext)) : nil
    }

    /// The format a file name's extension claims, ignoring case; nil for other extensions.
    public init?(fileExtension: String) {
        // Nearly every image's, asked by rules of every image: no lower-cased copy.
        if fileExtension == "png" {
            self = .png
            return
        }
        switch fileExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "gif": self = .gif
        case "webp": self = .webp
        case "heic", "heif": self = .heic
        case "bmp": self = .bmp
        case "tif", "tiff": self = .tiff
        case "pdf": self = .pdf
        case "svg": self = .svg
        default: return nil
        }
    }

    /// `PNG`, `JPEG`, `WebP`: the name people use.
    public var displayName: String {
        switch self {
        case .webp: "WebP"
        case .heic: "HEIC"
        case .svg: "SVG"
        case .unknown: "unrecognised"
        default: rawValue.uppercased()
        }
    }
}
