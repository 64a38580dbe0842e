/// Which file a path leads to: two paths with the same identity (a hard link, a followed
/// symbolic link) are one file, not two copies.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// A 128-bit hash of what a file holds: its bytes, or its decoded pixels (which two
/// encodings of one picture share).
public struct ContentDigest: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Of every byte of the file.
        case bytes
        /// Of the pixels decoded to RGBA, with the size (``PNGContent/pixelDigest(ofOpenFile:)``).
        case pixels
        /// Of the top rows' pixels only, as ``pixels`` (``PNGContent/pixelDigest(ofOpenFile:leadingRows:)``):
        /// given to a file whose top rows already differ from those of every other file of its
        /// pixel size, so its picture is its own. Never equal to a digest of another kind.
        case leadingRows
    }

    public var kind: Kind
    public var high: UInt64
    public var low: UInt64

    public init(kind: Kind, high: UInt64, low: UInt64) {
        self.kind = kind
        self.high = high
        self.low = low
    }
}

/// What the content pass read from one image file, beyond its header.
public struct ImageContent: Hashable, Sendable {
    /// The file opened, when it was opened.
    public var identity: FileIdentity?
    /// Set when the file had to be told apart from others of its pixel size: its pixels' digest
    /// where it was decoded, else its bytes'.
    public var digest: ContentDigest?
    /// For PNGs, what its image data would weigh deflated again at zlib's level 9 (with the
    /// rest of the file as it is), when the weight check asked.
    public var recompressedBytes: Int?

    public init(identity: FileIdentity? = nil, digest: ContentDigest? = nil, recompressedBytes: Int? = nil) {
        self.identity = identity
        self.digest = digest
        self.recompressedBytes = recompressedBytes
    }
}

/// What the content pass reads, beyond the headers every lint reads.
public struct ContentChecks: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Hash the files that may be copies of each other (`duplicate-image`).
    public static let duplicates = ContentChecks(rawValue: 1)
    /// Deflate PNG image data again at level 9 (`image-weight`).
    public static let recompression = ContentChecks(rawValue: 2)
}

/// How many files each stage of the duplicate search looked at: most must be left at the
/// first, with nothing read past their header.
public struct ContentSurvey: Hashable, Sendable {
    /// Sound raster images (app icons aside) whose pixel size the probe read.
    public var candidates = 0
    /// Left out at once: no image of another asset has their pixel size.
    public var excludedBySize = 0
    /// Read whole for a hash of their bytes: another image of their pixel size has their length
    /// and the same first bytes.
    public var hashed = 0
    /// Known whole from the probe's first read (no longer than it), so not read again.
    public var knownFromFirstRead = 0
    /// PNGs deflated again for `image-weight` (not counting those the cache answered for).
    public var weighed = 0
    /// Decoded for a hash of their pixels: images of other assets with their pixel size held
    /// other bytes, and their top rows did not tell them apart.
    public var decoded = 0
    /// Decoded only down to their top rows (an eighth of the picture, at least 16 rows), which
    /// told each apart from every other file of its pixel size.
    public var decodedTopRowsOnly = 0
    /// Left compared by bytes only: their pixel size is shared by more different files than
    /// are decoded before every build (``ContentScanner/maxDecodedContents``), in this many sizes.
    public var bytesOnly = 0
    public var bytesOnlySizes = 0
    /// Files that could not be read or decoded for the search, with why.
    public var unreadable: [String: String] = [:]

    public init() {}
}
