/// The cache's byte format: little-endian integers, strings as a length and UTF-8 bytes.
/// Written and read only by TallCheck; the reader checks every length against what is left, so
/// a truncated or edited file is an error, never a crash or a huge allocation.
package struct CacheWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    package mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func raw(_ values: [UInt8]) { bytes += values }

    package mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func double(_ value: Double) { integer(value.bitPattern) }

    package mutating func string(_ value: String) {
        integer(UInt32(value.utf8.count))
        bytes += value.utf8
    }

    /// Bytes that need not be UTF-8 (a file name), as a length and the bytes.
    package mutating func rawBytes(_ values: [UInt8]) {
        integer(UInt32(values.count))
        bytes += values
    }

    package mutating func strings(_ values: [String]) {
        integer(UInt32(values.count))
        for value in values { string(value) }
    }
}

package struct CacheReader {
    package struct Malformed: Error {
        package init() {}
    }

    private let bytes: [UInt8]
    package private(set) var offset: Int
    /// Where reading stops: the end of `bytes`, or the frame's checksum.
    private let end: Int

    init(_ bytes: [UInt8], from offset: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.offset = offset
        self.end = end ?? bytes.count
    }

    package var isAtEnd: Bool { offset == end }

    package mutating func integer<Value: FixedWidthInteger>(_: Value.Type = Value.self) throws(Malformed) -> Value {
        let size = MemoryLayout<Value>.size
        guard end - offset >= size else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
        offset += size
        return Value(littleEndian: value)
    }

    /// ``integer(_:)`` for one type, for callers in other modules, which would otherwise call the
    /// generic one unspecialized (a type's metadata looked up each time).
    package mutating func uint64() throws(Malformed) -> UInt64 { try integer(UInt64.self) }

    package mutating func byte() throws(Malformed) -> UInt8 { try integer(UInt8.self) }

    package mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    package mutating func double() throws(Malformed) -> Double { Double(bitPattern: try integer(UInt64.self)) }

    package mutating func string() throws(Malformed) -> String {
        let count = Int(try integer(UInt32.self))
        guard end - offset >= count else { throw Malformed() }
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<(offset + count)], as: UTF8.self) else { throw Malformed() }
        return text
    }

    package mutating func rawBytes() throws(Malformed) -> [UInt8] {
        Array(bytes[try rawBytesRange()])
    }

    /// Where the next length-prefixed bytes lie in the file, without copying them.
    package mutating func rawBytesRange() throws(Malformed) -> Range<Int> {
        let count = Int(try integer(UInt32.self))
        guard end - offset >= count else { throw Malformed() }
        defer { offset += count }
        return offset..<(offset + count)
    }

    package mutating func strings() throws(Malformed) -> [String] {
        let count = Int(try integer(UInt32.self))
        // Each string takes at least its 4-byte length: a count beyond that is a lie.
        guard count <= (end - offset) / 4 else { throw Malformed() }
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    /// A raw value of an enum, refused when out of range.
    mutating func value<Value: RawRepresentable>(_: Value.Type) throws(Malformed) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try string()) else { throw Malformed() }
        return value
    }
}

/// What the cache's files share: where a file for a scanned folder lives, and their frame, a
/// magic line, a format version and a key up front and an FNV-1a checksum of everything before
/// it at the end. A file written for another key is not an error, only not this run's.
package enum CacheFrame {
    package enum Failure: Error {
        /// Written by another TallCheck, for another folder or with other settings.
        case otherKey
        case malformed(String)

        var reason: String {
            switch self {
            case .otherKey: "written for another version, binary, folder or settings"
            case .malformed(let reason): reason
            }
        }
    }

    /// The file for the folder whose real path is `realRoot`, named by a hash of it:
    /// `FOLDER/1b06495b2173a960.cache`.
    package static func path(in folder: String, realRoot: String, suffix: String) -> String {
        var hash = FNV1a()
        hash.add(realRoot.utf8)
        return folder + "/" + String(hash.value, radix: 16) + "." + suffix
    }

    /// A writer with the frame's header written.
    package static func writer(magic: [UInt8], version: UInt32, key: String) -> CacheWriter {
        var writer = CacheWriter()
        writer.raw(magic)
        writer.integer(version)
        writer.string(key)
        return writer
    }

    /// The writer's bytes, with the checksum that ends the frame.
    package static func sealed(_ writer: CacheWriter) -> [UInt8] {
        var sealed = writer
        sealed.integer(checksum(writer.bytes[...]))
        return sealed.bytes
    }

    /// Sealed bytes with some changed in place (not the checksum), sealed again.
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var sealed = bytes
        withUnsafeBytes(of: checksum(bytes[..<(bytes.count - 8)]).littleEndian) {
            sealed.replaceSubrange((bytes.count - 8)..., with: $0)
        }
        return sealed
    }

    /// The checksum of a frame's bytes: half of the content hash the duplicate search uses
    /// (``ContentDigest``), which reads 32 bytes a step where FNV-1a read one.
    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { PNGContent.digest(of: $0).high }
    }

    /// A reader just past the header, over the bytes before the checksum (at the same offsets as
    /// in `bytes`), when the magic, the checksum, the version and the key all hold.
    /// - Parameter kind: what the file is, for the message when the magic is wrong.
    package static func open(
        _ bytes: [UInt8], magic: [UInt8], version: UInt32, key: String, kind: String
    ) throws(Failure) -> CacheReader {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else {
            throw .malformed("not a TallCheck \(kind)")
        }
        // Another version's file is not this run's, whatever its checksum (an older version
        // summed otherwise): the version and key are asked first.
        var reader = CacheReader(bytes, from: magic.count, to: bytes.count - 8)
        guard (try? reader.integer(UInt32.self)) == version, (try? reader.string()) == key else { throw .otherKey }
        var trailer = CacheReader(bytes, from: bytes.count - 8)
        guard (try? trailer.integer(UInt64.self)) == checksum(bytes[..<(bytes.count - 8)]) else {
            throw .malformed("checksum mismatch")
        }
        return reader
    }
}
