import Foundation

/// Writes zip archives byte by byte (APPNOTE.TXT 6.3: local headers, central directory, end
/// record; ZIP64 extra fields when asked), so that tests can make the archives a real zip tool
/// refuses to: names with `..`, sizes that lie, 100,000 entries. Stored or deflated data is
/// given ready-made.
struct ZipWriter {
    struct Entry {
        var name: String
        var data: [UInt8]
        /// 0 stored, 8 deflated (then `data` is a raw deflate stream).
        var method: UInt16 = 0
        /// What the headers claim it inflates to; the data's length when nil.
        var claimedSize: UInt64? = nil
        var crc: UInt32 = 0
        /// A symbolic link (Unix mode in the external attributes).
        var isLink = false
        /// Where the central directory says its local header is, in place of where it is
        /// (written as a ZIP64 value).
        var claimedOffset: UInt64? = nil
        /// What the headers claim its stored bytes are; the data's length when nil (more runs
        /// its data over the entries after it).
        var claimedCompressedSize: UInt64? = nil
    }

    var entries: [Entry] = []

    mutating func add(_ name: String, _ data: [UInt8], method: UInt16 = 0, claimedSize: UInt64? = nil, crc: UInt32 = 0)
    {
        entries.append(Entry(name: name, data: data, method: method, claimedSize: claimedSize, crc: crc))
    }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let offset = UInt32(out.count)
            let name = Array(entry.name.utf8)
            let size = entry.claimedSize ?? UInt64(entry.data.count)
            let compressed = entry.claimedCompressedSize ?? UInt64(entry.data.count)
            let zip64 = size > 0xFFFF_FFFE || compressed > 0xFFFF_FFFE || entry.claimedOffset != nil
            let extra: [UInt8] =
                zip64
                ? le16(0x0001) + le16(entry.claimedOffset == nil ? 16 : 24) + le64(size) + le64(compressed)
                    + (entry.claimedOffset.map(le64) ?? []) : []
            let (shownSize, shownCompressed): (UInt32, UInt32) =
                zip64 ? (0xFFFF_FFFF, 0xFFFF_FFFF) : (UInt32(size), UInt32(compressed))
            out += le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(0) + le16(entry.method) + le16(0) + le16(0x21)
            out += le32(entry.crc) + le32(shownCompressed) + le32(shownSize) + le16(UInt16(name.count))
            out += le16(UInt16(extra.count)) + name + extra + entry.data
            central += le32(0x0201_4B50) + le16(0x031E) + le16(zip64 ? 45 : 20) + le16(0) + le16(entry.method)
            central += le16(0) + le16(0x21) + le32(entry.crc) + le32(shownCompressed) + le32(shownSize)
            central += le16(UInt16(name.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0)
            let mode: UInt32 = entry.isLink ? 0o120777 : 0o100644
            central += le32(mode << 16) + le32(entry.claimedOffset == nil ? offset : 0xFFFF_FFFF) + name + extra
        }
        let start = UInt32(out.count)
        out += central
        if entries.count > 0xFFFE {
            // More entries than the end record counts: a ZIP64 end record and its locator first.
            let record = UInt64(out.count)
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(entries.count)) + le64(UInt64(entries.count)) + le64(UInt64(central.count))
            out += le64(UInt64(start))
            out += le32(0x0706_4B50) + le32(0) + le64(record) + le32(1)
        }
        let count = UInt16(min(entries.count, 0xFFFF))
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count) + le32(UInt32(central.count))
        out += le32(start) + le16(0)
        return out
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    private func le64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(value >> (8 * UInt64($0)) & 0xFF) } }
}
