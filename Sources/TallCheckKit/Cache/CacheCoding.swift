/// The cache's byte format: little-endian integers, strings as a length and UTF-8 bytes.
/// Written and read only by TallCheck; the reader checks every length against what is left, so
/// a truncated or edited file is an error, never a crash or a huge allocation.
struct CacheWriter {
    private(set) var bytes: [UInt8] = []

    mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func raw(_ values: [UInt8]) { bytes += values }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) { integer(value.bitPattern) }

    mutating func string(_ value: String) {
        integer(UInt32(value.utf8.count))
        bytes += value.utf8
    }

    /// Bytes that need not be UTF-8 (a file name), as a length and the bytes.
    mutating func rawBytes(_ values: [UInt8]) {
        integer(UInt32(values.count))
        bytes += values
    }

    mutating func strings(_ values: [String]) {
        integer(UInt32(values.count))
        for value in values { string(value) }
    }
}

struct CacheReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func integer<Value: FixedWidthInteger>(_: Value.Type = Value.self) throws(Malformed) -> Value {
        let size = MemoryLayout<Value>.size
        guard bytes.count - offset >= size else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
        offset += size
        return Value(littleEndian: value)
    }

    mutating func byte() throws(Malformed) -> UInt8 { try integer(UInt8.self) }

    mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func double() throws(Malformed) -> Double { Double(bitPattern: try integer(UInt64.self)) }

    mutating func string() throws(Malformed) -> String {
        let count = Int(try integer(UInt32.self))
        guard bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<(offset + count)], as: UTF8.self) else { throw Malformed() }
        return text
    }

    mutating func rawBytes() throws(Malformed) -> [UInt8] {
        Array(bytes[try rawBytesRange()])
    }

    /// Where the next length-prefixed bytes lie in the file, without copying them.
    mutating func rawBytesRange() throws(Malformed) -> Range<Int> {
        let count = Int(try integer(UInt32.self))
        guard bytes.count - offset >= count else { throw Malformed() }
        defer { offset += count }
        return offset..<(offset + count)
    }

    mutating func strings() throws(Malformed) -> [String] {
        let count = Int(try integer(UInt32.self))
        // Each string takes at least its 4-byte length: a count beyond that is a lie.
        guard count <= (bytes.count - offset) / 4 else { throw Malformed() }
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
