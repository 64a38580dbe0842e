import PNGShim
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much of a file the probe reads.
public enum ProbeDepth: Sendable, Hashable {
    /// Only the bytes that give the format and size: for a PNG, the chunks before the first IDAT.
    case header
    /// All the image data: for a PNG, every CRC and the whole compressed stream.
    case verify
}

/// Caps that keep a hostile header from making the probe allocate much or run long.
///
/// With the standard limits a PNG row is at most 65,536 × 8 bytes, so verifying holds a few
/// row buffers of at most 512 KiB each.
public struct ProbeLimits: Sendable, Hashable {
    /// The widest and tallest image accepted, in pixels.
    public var maxSide: Int
    /// The most pixels (width × height) accepted.
    public var maxPixels: Int
    /// The largest ancillary chunk libpng may allocate, in bytes.
    public var maxChunkBytes: Int

    public init(
        maxSide: Int = ReadLimits.standard.imageSide, maxPixels: Int = ReadLimits.standard.imagePixels,
        maxChunkBytes: Int = ReadLimits.standard.pngChunkBytes
    ) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxChunkBytes = maxChunkBytes
    }

    public static let standard = ProbeLimits()

    /// The limits as the PNG shim takes them.
    package var shim: tc_png_limits {
        tc_png_limits(
            max_side: UInt32(clamping: maxSide), max_pixels: UInt64(clamping: maxPixels),
            max_chunk_bytes: UInt32(clamping: maxChunkBytes))
    }
}

/// Reads what an image file really is: its format by magic bytes, its pixel size, PNG
/// header facts, and whether it is sound.
///
/// The probe never trusts the file name, never blocks on a FIFO or device, and never
/// allocates more than ``ProbeLimits`` allow. It is a value type and safe to use from many
/// threads at once.
public struct ImageProbe: Sendable {
    public var depth: ProbeDepth
    public var limits: ProbeLimits
    /// Hash the bytes of the first read (``ImageFacts/head``), for the duplicate search: a
    /// file no longer than that read is then known whole without being opened again.
    public var hashesHead = false
    /// With ``ProbeDepth/verify``, hash each ordinary PNG's pixels as its rows are read
    /// (``ImageFacts/pixelDigest``), for the duplicate search: what it would otherwise decode
    /// a second time.
    public var digestsPixels = false
    /// With ``digestsPixels``: the first reads seen so far in this scan. A file whose first read
    /// and length match one seen before is most likely a copy, which the duplicate search tells
    /// apart by its bytes and decodes once per set of copies: its pixels are not hashed here.
    var seenHeads: SeenHeads?

    /// The first reads (their hash and the file's length) the probes of one scan have seen, shared
    /// by the threads probing.
    final class SeenHeads: Sendable {
        private let seen = Mutex<Set<Key>>([])

        struct Key: Hashable, Sendable {
            var digest: ContentDigest
            var byteCount: Int
        }

        init() {}

        /// True the first time a key is given.
        func isFirst(_ key: Key) -> Bool {
            seen.withLock { $0.insert(key).inserted }
        }
    }

    public init(depth: ProbeDepth = .header, limits: ProbeLimits = .standard) {
        self.depth = depth
        self.limits = limits
    }

    /// How many bytes the first read takes: enough for nearly every PNG's chunks before IDAT
    /// and most GIF, WebP and BMP headers in one system call.
    static let headerReadSize = 4096
    /// The buffer size when every byte is going to be read.
    static let verifyReadSize = 65_536
    /// How many of a file's last bytes are searched for its format's end (``ImageFacts/endIsMissing``):
    /// a PNG's `IEND` chunk must be its last 12 bytes and a JPEG's end-of-image marker its last 2,
    /// but some writers pad or append a little after them, which every decoder ignores.
    public static let tailWindow = 512

    /// The whole `IEND` chunk: its zero length, its type and its CRC (the same in every PNG).
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    /// A JPEG's end-of-image marker.
    static let jpegEnd: [UInt8] = [0xFF, 0xD9]

    /// The last bytes of a Samsung phone's JPEG trailer (`SEFT`), which follows the end-of-image
    /// marker and may be longer than ``tailWindow``.
    static let samsungTrailerEnd = Array("SEFT".utf8)

    /// Whether the last ``tailWindow`` bytes of `bytes` (a file's last bytes) hold the end of a
    /// PNG or a JPEG (or a JPEG ends with a trailer phones append after it); true for other formats.
    static func hasEnd(of format: ImageFormat, in bytes: UnsafeRawBufferPointer) -> Bool {
        let marker: [UInt8]
        switch format {
        case .png: marker = pngEnd
        case .jpeg:
            if bytes.count >= samsungTrailerEnd.count,
                bytes.suffix(samsungTrailerEnd.count).elementsEqual(samsungTrailerEnd)
            {
                return true
            }
            marker = jpegEnd
        default: return true
        }
        let tail =
            bytes.count > tailWindow ? UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - tailWindow)...]) : bytes
        guard tail.count >= marker.count else { return false }
        // From the end: the marker is nearly always the very last bytes.
        var start = tail.count - marker.count
        while start >= 0 {
            var index = 0
            while index < marker.count, tail[start + index] == marker[index] { index += 1 }
            if index == marker.count { return true }
            start -= 1
        }
        return false
    }

    public func probe(fileAtPath path: String) -> ImageFacts {
        probe(file: FileSystemPath(path))
    }

    /// Probes the file at `path`, whose name need not be UTF-8.
    public func probe(file path: FileSystemPath) -> ImageFacts {
        probe(file: path, listedAsRegular: false)
    }

    /// Probes a file a walk found: below the scanned folder without following links when the
    /// walk says where, else by its path.
    public func probe(found file: FoundFile) -> ImageFacts {
        opened(openMeasuredFile(file))
    }

    /// ``probe(found:)``, with which file was opened (nil when none was); with a `cursor`, a
    /// file in the folder of the one before it is opened by its name alone.
    func probeWithIdentity(found file: FoundFile, cursor: FolderCursor? = nil) -> (
        facts: ImageFacts, identity: FileIdentity?
    ) {
        let open = openMeasuredFile(file, cursor: cursor)
        guard case .success(let opened) = open else { return (self.opened(open), nil) }
        return (self.opened(open), opened.identity)
    }

    /// Probes the file at `path`, skipping the `stat` when a folder listing said it is a
    /// regular file (what was opened is checked all the same).
    public func probe(file path: FileSystemPath, listedAsRegular: Bool) -> ImageFacts {
        opened(openMeasuredFile(path, listedAsRegular: listedAsRegular))
    }

    private func opened(_ open: Result<OpenedFile, FileReadFailure>) -> ImageFacts {
        switch open {
        case .success(let file):
            defer { close(file.descriptor) }
            var facts = probe(openFile: file.descriptor, byteCount: file.size)
            // The length of what was opened (not of what the path names now).
            facts.byteCount = file.size
            return facts
        case .failure(let failure):
            return ImageFacts(format: .unknown, problem: .unreadable(failure.message))
        }
    }

    /// Probes a file already open for reading, from its current position (the start).
    func probe(openFile fd: Int32, byteCount: Int? = nil) -> ImageFacts {
        let capacity = depth == .verify ? Self.verifyReadSize : Self.headerReadSize
        // A file whose length the open measured is read to that length and no further: a small
        // file is then one read, not a second one that only finds its end.
        let first = byteCount.map { $0 > 0 ? Swift.min($0, capacity) : capacity } ?? capacity
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let firstRead = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<first]))
            guard let length = readFully(fd, into: firstRead) else {
                return ImageFacts(format: .unknown, problem: .unreadable("cannot read: \(errnoDescription())"))
            }
            if length == 0 {
                return ImageFacts(format: .unknown, problem: .invalid("empty file (0 bytes)"))
            }
            // Hashed before the PNG reader refills the buffer.
            let digest =
                hashesHead
                ? PNGContent.digest(of: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length]))) : nil
            // Copied only to change it: a copy retains the shared `seenHeads`, on every core at once.
            var changed: ImageProbe?
            if depth == .verify, digestsPixels, let seenHeads, let digest, let byteCount {
                changed = self
                changed?.digestsPixels = seenHeads.isFirst(.init(digest: digest, byteCount: byteCount))
            }
            // A file the first read holds whole has its tail in hand; the PNG reader may refill
            // the buffer, so look before it runs.
            let whole = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length]))
            let format = ImageFormat(magic: UnsafeBufferPointer(rebasing: buffer[..<length]))
            let endInHand = length < capacity || byteCount == length ? Self.hasEnd(of: format, in: whole) : nil
            var facts =
                changed?.probe(fd: fd, buffer: buffer, length: length) ?? probe(fd: fd, buffer: buffer, length: length)
            if let digest { facts.head = ImageFacts.Head(digest: digest, length: length) }
            // A PNG the verify pass read to its IEND is whole, whatever follows; a JPEG's data is
            // never read past its header, so its end is looked for at either depth.
            let readToTheEnd = format == .png && depth == .verify
            if facts.problem == nil, format == .png || format == .jpeg, !readToTheEnd {
                if let endInHand {
                    facts.endIsMissing = !endInHand
                } else if let byteCount, byteCount > length {
                    // One read of the last bytes: what finds a file cut off without reading it all.
                    let window = Swift.min(Self.tailWindow, byteCount)
                    if let tail = readBytes(fd, at: byteCount - window, count: window), tail.count == window {
                        facts.endIsMissing = !tail.withUnsafeBytes { Self.hasEnd(of: format, in: $0) }
                    }
                }
            }
            return facts
        }
    }

    /// Probes bytes held in memory (an archive's entry, or its first bytes), with no file at all:
    /// their end is the file's end.
    func probe(memory bytes: inout [UInt8]) -> ImageFacts {
        guard !bytes.isEmpty else { return ImageFacts(format: .unknown, problem: .invalid("empty file (0 bytes)")) }
        // The bytes' own storage, not a copy: an entry read whole for --verify may be 24 MiB.
        return bytes.withUnsafeMutableBufferPointer { probe(fd: -1, buffer: $0, length: $0.count) }
    }

    private func probe(fd: Int32, buffer: UnsafeMutableBufferPointer<UInt8>, length: Int) -> ImageFacts {
        let head = HeaderBytes(fd: fd, prefix: UnsafeBufferPointer(rebasing: buffer[..<length]))
        let format = ImageFormat(magic: head.prefix)
        switch format {
        case .png:
            return PNGFile.probe(
                fd: fd, buffer: buffer, length: length, depth: depth, digestsPixels: digestsPixels, limits: limits)
        case .jpeg:
            return limited(JPEGFile.probe(head))
        case .gif, .webp, .bmp:
            return limited(SimpleHeader.probe(head, format: format))
        case .pdf, .svg:
            return VectorFile.probe(head, format: format)
        case .heic, .tiff:
            // Their sizes sit in box or IFD structures that cost more than a header read;
            // nothing checks them yet.
            return ImageFacts(format: format)
        case .unknown:
            if Self.isLFSPointer(head.prefix) { return ImageFacts(format: .unknown, problem: .lfsPointer) }
            return ImageFacts(format: .unknown, problem: .invalid(Self.unknownSignatureReason(head.prefix)))
        }
    }

    /// A size no image has (zero or negative) or one over the limits PNG files are held to, as
    /// a problem.
    func limited(_ facts: ImageFacts) -> ImageFacts {
        guard let size = facts.pixelSize, facts.problem == nil else { return facts }
        let name = facts.format.displayName
        if size.width <= 0 || size.height <= 0 {
            return ImageFacts(format: facts.format, problem: .invalid("\(name) header gives a size of \(size) px"))
        }
        if size.width > limits.maxSide || size.height > limits.maxSide || size.width * size.height > limits.maxPixels {
            return ImageFacts(
                format: facts.format,
                problem: .invalid(
                    "\(name) header claims \(size) pixels, over the probe's limit of \(limits.maxSide) a side and "
                        + "\(limits.maxPixels) in all"))
        }
        return facts
    }

    /// Probes many files, on all cores, in the order given.
    public func probe(filesAtPaths paths: [String]) -> [ImageFacts] {
        probe(files: paths.map(FileSystemPath.init))
    }

    /// Probes many files, on all cores, in the order given.
    public func probe(files paths: [FileSystemPath]) -> [ImageFacts] {
        paths.concurrentMap { probe(file: $0) }
    }
}

extension ImageProbe {
    /// The first line of every Git LFS pointer file (git-lfs docs/spec.md; `hawser` in the
    /// earliest pointers).
    static let lfsPointerPrefixes = [
        "version https://git-lfs.github.com/spec/", "version https://hawser.github.com/spec/",
    ]
    .map { Array($0.utf8) }

    static func isLFSPointer(_ prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        lfsPointerPrefixes.contains { prefix.starts(with: $0) }
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why a file is no known image. A PNG signature with a byte or two changed gets its own
    /// message: text-mode transfers rewrite its CR and LF bytes (which is what they are there
    /// to detect, PNG specification 12.12).
    static func unknownSignatureReason(_ prefix: UnsafeBufferPointer<UInt8>) -> String {
        let head = Array(prefix.prefix(8))
        let shown = head.map(hex).joined(separator: " ")
        let changed = zip(head, pngSignature).filter { $0 != $1 }.count + (8 - head.count)
        guard changed <= 2 else { return "not an image: the file starts with \(shown)" }
        let expected = pngSignature.map(hex).joined(separator: " ")
        let textMode =
            head.count == 8 && [4, 5, 7].contains { head[$0] != pngSignature[$0] }
            && head[0..<4].elementsEqual(pngSignature[0..<4])
        return "damaged PNG signature: \(shown), expected \(expected)"
            + (textMode ? " (line endings changed, as by a text-mode transfer)" : "")
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

/// The bytes at the start of a file, with a way to read further ones.
struct HeaderBytes {
    let fd: Int32
    let prefix: UnsafeBufferPointer<UInt8>

    /// `count` bytes at `offset`, from the prefix when it holds them, else from the file.
    /// Nil when the file ends first or cannot be read.
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        if offset + count <= prefix.count {
            return Array(prefix[offset..<offset + count])
        }
        guard let bytes = readBytes(fd, at: offset, count: count), bytes.count == count else { return nil }
        return bytes
    }

    func uint16BE(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { Int($0[0]) << 8 | Int($0[1]) }
    }

    func uint16LE(at offset: Int) -> Int? {
        bytes(at: offset, count: 2).map { Int($0[1]) << 8 | Int($0[0]) }
    }

    func uint24LE(at offset: Int) -> Int? {
        bytes(at: offset, count: 3).map { Int($0[2]) << 16 | Int($0[1]) << 8 | Int($0[0]) }
    }

    func uint32LE(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 4).map { $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
