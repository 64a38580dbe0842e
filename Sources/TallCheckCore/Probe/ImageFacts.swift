/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `640×1136`.
    public var description: String { "\(width)×\(height)" }

    /// Width × height, saturating rather than overflowing (a hostile header may claim 2^32 a side).
    public var pixelCount: Int {
        let (product, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        return overflow ? Int.max : product
    }

    /// What the pixels take decoded, 4 bytes each (RGBA, 8 bits a channel), saturating.
    public var decodedBytes: Int {
        let (product, overflow) = pixelCount.multipliedReportingOverflow(by: 4)
        return overflow ? Int.max : product
    }
}

/// A PNG colour type (PNG specification, 11.2.2 IHDR).
public enum PNGColorType: Int, Sendable, Hashable, CaseIterable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6

    /// The name reports use: `gray`, `rgb`, `palette`, `gray-alpha`, `rgba`.
    public var name: String {
        switch self {
        case .gray: "gray"
        case .rgb: "rgb"
        case .palette: "palette"
        case .grayAlpha: "gray-alpha"
        case .rgba: "rgba"
        }
    }

    /// Whether pixels carry an alpha channel (a tRNS chunk aside).
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
}

/// What IHDR says about a PNG.
public struct PNGHeader: Hashable, Sendable {
    public var bitDepth: Int
    public var colorType: PNGColorType
    public var isInterlaced: Bool
    /// Apple's "iPhone-optimised" variant: a CgBI chunk before IHDR, BGRA premultiplied pixels
    /// and raw-deflate image data. Most tools cannot open it.
    public var isCgBI: Bool

    public init(bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool, isCgBI: Bool) {
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
        self.isCgBI = isCgBI
    }
}

/// Why an image is not usable.
public enum ImageProblem: Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read at all: missing, not a regular file, an I/O error.
    case unreadable(String)
    /// The file was read and is malformed, truncated, or over the probe's limits.
    case invalid(String)
    /// The file is a Git LFS pointer: the image itself was never checked out.
    case lfsPointer

    public var description: String {
        switch self {
        case .unreadable(let reason), .invalid(let reason): reason
        case .lfsPointer: "a Git LFS pointer, not the image: the file was not checked out (run git lfs pull)"
        }
    }

    /// One or two words: `corrupt`, `unreadable`, `LFS pointer`.
    public var shortName: String {
        switch self {
        case .unreadable: "unreadable"
        case .invalid: "corrupt"
        case .lfsPointer: "LFS pointer"
        }
    }

    public var isUnreadable: Bool {
        if case .unreadable = self { true } else { false }
    }
}

/// What the probe found out about one file.
public struct ImageFacts: Hashable, Sendable {
    public var format: ImageFormat
    /// The pixel size, when the format's header gives it and the file is not refused.
    public var pixelSize: PixelSize?
    /// IHDR facts, for PNG files whose IHDR could be read.
    public var png: PNGHeader?
    /// Nil when the file is a sound image.
    public var problem: ImageProblem?
    /// A PDF's or SVG's size in points, when the probe found it; vectors have no pixel size.
    public var vectorSize: PointSize?
    /// The file's length in bytes, when the probe opened it.
    public var byteCount: Int?
    /// The hash of the probe's first read, when asked (``ImageProbe/hashesHead``).
    public var head: Head?
    /// The digest of the pixels (``ContentDigest/Kind/pixels``), when the probe decoded them
    /// on its way (``ImageProbe/digestsPixels``).
    public var pixelDigest: ContentDigest?
    /// A PNG with no `IEND` chunk, or a JPEG with no end-of-image marker, in its last bytes
    /// (``ImageProbe/tailWindow``): the file was most likely cut off. The probe looks at the tail
    /// of every PNG and JPEG file it opens from a folder (a PNG under `--verify` is read to its end
    /// instead); a file it refused, and an archive's entries, are not looked at.
    public var endIsMissing = false

    /// The first bytes of a file, as the probe read them in one call.
    public struct Head: Hashable, Sendable {
        /// Of the bytes read, as ``ContentDigest/Kind/bytes`` hashes a whole file.
        public var digest: ContentDigest
        public var length: Int

        public init(digest: ContentDigest, length: Int) {
            self.digest = digest
            self.length = length
        }
    }

    /// The hash of the whole file, when the probe's first read held all of it.
    public var wholeFileDigest: ContentDigest? {
        guard let head, let byteCount, head.length == byteCount else { return nil }
        return head.digest
    }

    public init(
        format: ImageFormat, pixelSize: PixelSize? = nil, png: PNGHeader? = nil, problem: ImageProblem? = nil,
        vectorSize: PointSize? = nil, byteCount: Int? = nil
    ) {
        self.byteCount = byteCount
        self.format = format
        self.pixelSize = pixelSize
        self.png = png
        self.problem = problem
        self.vectorSize = vectorSize
    }

    public var isValid: Bool { problem == nil }
}
