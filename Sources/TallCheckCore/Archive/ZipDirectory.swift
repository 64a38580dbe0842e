import PNGShim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A zip archive's central directory, read and checked before a byte of any entry is: every
/// entry's data must lie inside the file, after its own local header, and its bytes (local
/// header to data end) apart from every other entry's; stored entries must be as long as they
/// say, and deflated ones claim no more than deflate can make of their stored bytes. Entries
/// are then read with `pread` (safe from many threads) and inflated with zlib, never past their
/// stored size nor past the caller's limit, so no archive, however it lies, makes a read run on
/// or a buffer grow. The directory is read a window at a time, and the entries kept are capped
/// in number and in name bytes, so its memory is bounded whatever it claims.
///
/// The layout is PKWARE's APPNOTE.TXT (6.3.10): end of central directory record (4.3.16),
/// ZIP64 end record and locator (4.3.14, 4.3.15), central directory headers (4.3.12), local
/// headers (4.3.7), the ZIP64 extra field (4.5.3).
///
/// ZIPFoundation (the tests write archives with it) was the first reader: on hostile archives
/// it loops for ever on a deflate stream that does not end before the file does, and traps on
/// ZIP64 offsets and sizes of 2^63 or more (docs/built-apps.md).
final class ZipDirectory: @unchecked Sendable {
    struct Entry: Sendable {
        /// The name as reports show it: escaped like file names (`\n`, `\xNN` for bytes that are
        /// not UTF-8), so that no name can start a new line of output.
        var path: String
        /// The name holds a NUL byte (which the escaped path shows as `\x00`).
        var hasNUL = false
        var method: UInt16
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        /// Where the entry's local header starts in the file.
        var localOffset: UInt64 = 0
        /// Where the entry's data starts in the file (0 until its local header is found).
        var dataOffset: UInt64
        var isLink: Bool
        var isDirectory: Bool
        /// Why it is not read, when it is not: its data lies outside the file, say.
        var refusal: Refusal?
    }

    /// Why an entry is not read; its words are made when shown, so that 200,000 refused
    /// entries hold no message each.
    enum Refusal: Sendable, CustomStringConvertible {
        case method(UInt16)
        case noLocalHeader
        case pastEnd(claimed: UInt64)
        case storedSizes(stored: UInt64, claimed: UInt64)
        case overInflated(stored: UInt64, claimed: UInt64)
        /// Its bytes overlap those of the entry of this name.
        case overlaps(String)

        var description: String {
            switch self {
            case .method(let method):
                "compressed with method \(method), which is neither stored nor deflated; not read"
            case .noLocalHeader: "its local header is not where the directory says; not read"
            case .pastEnd(let claimed):
                "its data would run past the archive's end (\(claimed) bytes claimed); not read"
            case .storedSizes(let stored, let claimed): "stored, yet claims \(claimed) bytes in \(stored); not read"
            case .overInflated(let stored, let claimed):
                "claims \(claimed) bytes inflated from \(stored) stored, more than deflate makes of them "
                    + "(\(ZipDirectory.deflateRatio) to 1); not read"
            case .overlaps(let other): "its bytes overlap those of \(other); not read"
            }
        }
    }

    /// The most bytes deflate makes of one stored byte: a 258-byte match coded in two bits.
    static let deflateRatio: UInt64 = 1032

    /// Why an archive cannot be read at all.
    struct Failure: Error {
        var reason: String
    }

    let descriptor: Int32
    let fileSize: UInt64
    private(set) var entries: [Entry] = []
    /// What the directory says that is not an entry's business: fewer entries than it claims.
    private(set) var notes: [String] = []

    /// ``ReadLimits/zipDirectoryBytes``.
    static let maxDirectoryBytes: UInt64 = ReadLimits.standard.zipDirectoryBytes

    /// - Parameter maxNameBytes: the entries' names kept, in all (as shown, escaped); the
    ///   entries past it are not kept, with a note.
    init(path: String, maxEntries: Int, maxNameBytes: Int = ReadLimits.standard.archiveNameBytes) throws(Failure) {
        switch openRegularFile(FileSystemPath(path)) {
        case .success(let fd): descriptor = fd
        case .failure(let failure): throw Failure(reason: failure.message)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw Failure(reason: "cannot read: \(errnoDescription())")
        }
        fileSize = UInt64(status.st_size)
        do {
            try readDirectory(maxEntries: maxEntries, maxNameBytes: maxNameBytes)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    // MARK: Reading the directory

    private func readDirectory(maxEntries: Int, maxNameBytes: Int) throws(Failure) {
        // The end record is in the last 65,557 bytes (22 and a comment of at most 65,535).
        let tailLength = min(fileSize, 65_557)
        let tail = try bytes(at: fileSize - tailLength, count: Int(tailLength))
        guard let end = Self.lastIndex(of: [0x50, 0x4B, 0x05, 0x06], in: tail, minimumTail: 22) else {
            throw Failure(reason: "no end of central directory record: not a zip archive, or cut short")
        }
        let endOffset = fileSize - tailLength + UInt64(end)
        var count = UInt64(LittleEndian.u16(tail, end + 10))
        var directorySize = UInt64(LittleEndian.u32(tail, end + 12))
        var directoryOffset = UInt64(LittleEndian.u32(tail, end + 16))
        var directoryEnd = endOffset
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // ZIP64: the locator sits right before the end record.
            guard end >= 20, LittleEndian.u32(tail, end - 20) == 0x0706_4B50 else {
                throw Failure(reason: "the end record asks for ZIP64 but there is no ZIP64 locator")
            }
            let record = LittleEndian.u64(tail, end - 12)
            guard record <= endOffset &- 56, endOffset >= 56 else {
                throw Failure(reason: "the ZIP64 end record lies outside the file")
            }
            let zip64 = try bytes(at: record, count: 56)
            guard LittleEndian.u32(zip64, 0) == 0x0606_4B50 else {
                throw Failure(reason: "no ZIP64 end record where the locator says")
            }
            count = LittleEndian.u64(zip64, 32)
            directorySize = LittleEndian.u64(zip64, 40)
            directoryOffset = LittleEndian.u64(zip64, 48)
            directoryEnd = record
        }
        guard directoryOffset <= directoryEnd, directorySize <= directoryEnd - directoryOffset else {
            throw Failure(reason: "the central directory lies outside the file (cut short?)")
        }
        guard directorySize <= Self.maxDirectoryBytes else {
            throw Failure(reason: "a central directory of \(directorySize) bytes, over \(Self.maxDirectoryBytes)")
        }
        var window = Window(next: directoryOffset, end: directoryOffset + directorySize)
        var nameBytes = 0
        var read = 0
        while try window.ensure(46, from: self), LittleEndian.u32(window.bytes, window.at) == 0x0201_4B50 {
            guard entries.count < maxEntries else {
                notes.append("the archive has more than \(maxEntries) entries; the rest were not read")
                return
            }
            let header = window.at
            let nameLength = Int(LittleEndian.u16(window.bytes, header + 28))
            let extraLength = Int(LittleEndian.u16(window.bytes, header + 30))
            let commentLength = Int(LittleEndian.u16(window.bytes, header + 32))
            let recordLength = 46 + nameLength + extraLength + commentLength
            guard try window.ensure(recordLength, from: self) else { break }
            // The window may have moved its bytes: the record starts at its `at` again.
            let at = window.at
            let directory = window.bytes
            window.at += recordLength
            read += 1
            let name = directory[(at + 46)..<(at + 46 + nameLength)]
            let path = escapedForDisplay(Array(name))
            guard path.utf8.count <= maxNameBytes - nameBytes else {
                notes.append(
                    "the archive's entry names come to more than \(maxNameBytes) bytes; the rest were not read")
                return
            }
            nameBytes += path.utf8.count
            var compressed = UInt64(LittleEndian.u32(directory, at + 20))
            var uncompressed = UInt64(LittleEndian.u32(directory, at + 24))
            var localOffset = UInt64(LittleEndian.u32(directory, at + 42))
            // ZIP64 extra field: the 64-bit values of the fields that read 0xFFFFFFFF, in order.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = LittleEndian.u16(directory, extra)
                let size = Int(LittleEndian.u16(directory, extra + 2))
                let body = extra + 4
                guard body + size <= extraEnd else { break }
                if id == 0x0001 {
                    var field = body
                    for value in [0, 1, 2] where field + 8 <= body + size {
                        if value == 0, uncompressed == 0xFFFF_FFFF {
                            uncompressed = LittleEndian.u64(directory, field)
                            field += 8
                        } else if value == 1, compressed == 0xFFFF_FFFF {
                            compressed = LittleEndian.u64(directory, field)
                            field += 8
                        } else if value == 2, localOffset == 0xFFFF_FFFF {
                            localOffset = LittleEndian.u64(directory, field)
                            field += 8
                        }
                    }
                }
                extra = body + size
            }
            let madeBy = LittleEndian.u16(directory, at + 4) >> 8
            let mode = LittleEndian.u32(directory, at + 38) >> 16
            var entry = Entry(
                path: path, hasNUL: name.contains(0),
                method: LittleEndian.u16(directory, at + 10), compressedSize: compressed,
                uncompressedSize: uncompressed,
                dataOffset: 0, isLink: (madeBy == 3 || madeBy == 19) && mode & 0xF000 == 0xA000,
                isDirectory: name.last == UInt8(ascii: "/"), refusal: nil)
            entry.refusal = check(&entry, localOffset: localOffset, directoryOffset: directoryOffset)
            entries.append(entry)
        }
        if UInt64(read) < count {
            notes.append(
                "the central directory lists \(count) entries but holds \(read): cut short or damaged; "
                    + "the rest were not read")
        }
        refuseOverlaps()
    }

    /// Finds the entry's data and checks that it lies inside the file and that its sizes can be
    /// what they claim.
    private func check(_ entry: inout Entry, localOffset: UInt64, directoryOffset: UInt64) -> Refusal? {
        guard !entry.isDirectory, !entry.isLink else { return nil }
        guard entry.method == 0 || entry.method == 8 else { return .method(entry.method) }
        guard localOffset <= directoryOffset &- 30, directoryOffset >= 30,
            let header = try? bytes(at: localOffset, count: 30), LittleEndian.u32(header, 0) == 0x0403_4B50
        else { return .noLocalHeader }
        // At most 30 + 2 × 65,535 past an offset inside the file: no overflow.
        let dataOffset = localOffset + 30 + UInt64(LittleEndian.u16(header, 26)) + UInt64(LittleEndian.u16(header, 28))
        guard dataOffset <= directoryOffset, entry.compressedSize <= directoryOffset - dataOffset else {
            return .pastEnd(claimed: entry.compressedSize)
        }
        if entry.method == 0, entry.compressedSize != entry.uncompressedSize {
            return .storedSizes(stored: entry.compressedSize, claimed: entry.uncompressedSize)
        }
        // Deflate makes at most 1,032 bytes of a stored byte (and a few of none): a claim past
        // that is a lie, and the sizes added up later must stay far from overflowing.
        let (most, overflow) = (entry.compressedSize + 1).multipliedReportingOverflow(by: Self.deflateRatio)
        if entry.method == 8, overflow || entry.uncompressedSize > most {
            return .overInflated(stored: entry.compressedSize, claimed: entry.uncompressedSize)
        }
        entry.localOffset = localOffset
        entry.dataOffset = dataOffset
        return nil
    }

    /// Refuses every entry whose bytes, from its local header to its data's end, overlap
    /// another entry's: sorted by where they start once, then each compared with the furthest
    /// end before it. A byte of the file is then read for one entry at most.
    private func refuseOverlaps() {
        var order = entries.indices.filter { entries[$0].dataOffset != 0 && entries[$0].refusal == nil }
        order.sort { (entries[$0].localOffset, $0) < (entries[$1].localOffset, $1) }
        var overlapping: [Int: Int] = [:]
        var reach: (end: UInt64, index: Int)?
        for index in order {
            let entry = entries[index]
            // Inside the file (checked above): no overflow.
            let end = entry.dataOffset + entry.compressedSize
            if let reach, entry.localOffset < reach.end {
                overlapping[index] = reach.index
                if overlapping[reach.index] == nil { overlapping[reach.index] = index }
            }
            if end > reach?.end ?? 0 { reach = (end, index) }
        }
        for (index, other) in overlapping { entries[index].refusal = .overlaps(entries[other].path) }
    }

    /// The central directory's bytes from `at`: refilled from the file as records are read,
    /// holding what one record needs and a read ahead.
    private struct Window {
        var bytes: [UInt8] = []
        var at = 0
        /// Where in the file the bytes not yet read start, and where the directory ends.
        var next: UInt64
        let end: UInt64
        /// How much is read at a time: a buffer, not a bound (the directory's is
        /// ``ReadLimits/zipDirectoryBytes``).
        static let readAhead = 1 << 20

        /// Whether `count` bytes from `at` are there, reading more when they are not; false
        /// when the directory ends first.
        mutating func ensure(_ count: Int, from zip: ZipDirectory) throws(Failure) -> Bool {
            let held = bytes.count - at
            if held >= count { return true }
            guard UInt64(count - held) <= end - next else { return false }
            let more = Int(min(end - next, UInt64(max(count - held, Self.readAhead))))
            var refilled = Array(bytes[at...])
            refilled.append(contentsOf: try zip.bytes(at: next, count: more))
            bytes = refilled
            next += UInt64(more)
            at = 0
            return true
        }
    }

    // MARK: Reading entries

    /// Up to `limit` bytes of the entry from its start, inflated; never more than its stored
    /// bytes are read. `whole`: the entry must end within the limit (else a failure).
    func read(_ entry: Entry, limit: Int, whole: Bool = false) -> Result<[UInt8], FileReadFailure> {
        if let refusal = entry.refusal { return .failure(FileReadFailure(message: refusal.description)) }
        if entry.method == 0 {
            if whole, entry.uncompressedSize > UInt64(limit) {
                return .failure(FileReadFailure(message: "over its \(limit)-byte limit; not read"))
            }
            let count = Int(min(UInt64(limit), entry.compressedSize))
            guard let bytes = try? bytes(at: entry.dataOffset, count: count) else {
                return .failure(FileReadFailure(message: "cannot be read from the archive: \(errnoDescription())"))
            }
            return .success(bytes)
        }
        return inflate(entry, limit: limit, whole: whole)
    }

    private func inflate(_ entry: Entry, limit: Int, whole: Bool) -> Result<[UInt8], FileReadFailure> {
        // Room for one byte more than a whole read may hold: a stream that fills it is too long.
        let capacity = whole ? Int(min(UInt64(limit), entry.uncompressedSize)) + 1 : limit
        var produced = 0
        var ended: Int32 = 0
        var status: Int32 = 0
        // Not zeroed first: a stream that fails at once costs no more than the bytes it made.
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            status = tc_zip_inflate(
                descriptor, entry.dataOffset, entry.compressedSize, buffer.baseAddress, capacity, &produced, &ended)
            initialized = produced
        }
        switch status {
        case -1: return .failure(FileReadFailure(message: "zlib could not start"))
        case -2: return .failure(FileReadFailure(message: "cannot be read from the archive: \(errnoDescription())"))
        case -3: return .failure(FileReadFailure(message: "its deflate data is damaged; not read"))
        default: break
        }
        if whole {
            guard produced < capacity else {
                return .failure(
                    FileReadFailure(
                        message:
                            "inflates to more than \(capacity - 1) bytes (it claims \(entry.uncompressedSize)); not read"
                    ))
            }
            guard ended != 0 else { return .failure(FileReadFailure(message: "its deflate data ends early; not read")) }
            // A whole read is what the directory claims, no less: sizes and savings rest on it.
            guard UInt64(produced) == entry.uncompressedSize else {
                return .failure(
                    FileReadFailure(
                        message: "inflates to \(produced) bytes, not the \(entry.uncompressedSize) it claims; not read")
                )
            }
        }
        return .success(output)
    }

    // MARK: Bytes

    private func bytes(at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
        guard offset <= fileSize, UInt64(count) <= fileSize - offset else {
            throw Failure(reason: "a read past the end of the file")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + UInt64(done)))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw Failure(reason: got == 0 ? "the file ends early" : errnoDescription()) }
            done += got
        }
        return bytes
    }

    private static func lastIndex(of signature: [UInt8], in bytes: [UInt8], minimumTail: Int) -> Int? {
        guard bytes.count >= minimumTail else { return nil }
        var index = bytes.count - minimumTail
        while index >= 0 {
            if bytes[index] == signature[0], bytes[index + 1] == signature[1], bytes[index + 2] == signature[2],
                bytes[index + 3] == signature[3]
            {
                return index
            }
            index -= 1
        }
        return nil
    }

}
