/// Writes a small `Assets.car` for tests: a BOM store with CARHEADER, KEYFORMAT, RENDITIONS and
/// FACETKEYS, laid out as the same published descriptions say that the reader follows
/// (Timac 2018; hogliux/bomutils). It checks the reader against itself, not against Apple's
/// compiler: no independent proof of the format.
struct CARWriter {
    struct Rendition {
        var asset: String
        var fileName: String
        var width: Int
        var height: Int
        var scale: Int
        var idiom: Int = 0
        var subtype: Int = 0
        var appearance: Int = 0
        /// Other key attributes by number (9 an app icon's index, 24 display gamut, …); each
        /// must be in ``keyFormat``.
        var other: [UInt32: Int] = [:]
        /// A multisize image set's (width, height, index) in points: written with layout 1010,
        /// no pixel size, and the `SISM` list after the header.
        var iconSizes: [(width: Int, height: Int, index: Int)] = []
    }

    var renditions: [Rendition]
    /// The attributes of a rendition key, in order (7 appearance, 12 scale, 15 idiom, 16
    /// subtype, 17 identifier; 1 element as one the reader does not use).
    var keyFormat: [UInt32] = [1, 7, 12, 15, 16, 17]
    /// Empty leaves chained in front of RENDITIONS' leaf, each linked forward to the next, and
    /// each block claiming the rest of the file (issue 33's chain).
    var emptyLeaves = 0
    /// RENDITIONS entries added after the others, each a new pair of block numbers whose
    /// table rows point at the first rendition's key and CSI header: entries that overlap.
    var repeatedEntries = 0

    func bytes() -> [UInt8] {
        var blocks: [[UInt8]] = [[]]  // block 0 is null
        func add(_ bytes: [UInt8]) -> UInt32 {
            blocks.append(bytes)
            return UInt32(blocks.count - 1)
        }
        // Block numbers whose table rows repeat another block's (offset, length).
        var aliases: [Int: Int] = [:]
        func alias(of block: UInt32) -> UInt32 {
            let new = add([])
            aliases[Int(new)] = Int(block)
            return new
        }
        let header = add(Array("RATC".utf8) + [UInt8](repeating: 0, count: 432))
        let keyFormatBlock = add(Array("tmfk".utf8) + le32(0) + le32(UInt32(keyFormat.count)) + keyFormat.flatMap(le32))
        let assets = Array(Set(renditions.map(\.asset))).sorted()
        func identifier(_ asset: String) -> UInt16 { UInt16(assets.firstIndex(of: asset)! + 1) }
        // RENDITIONS: key = one UInt16 per key format attribute; value = a CSI header.
        var renditionPairs: [(value: UInt32, key: UInt32)] = []
        for rendition in renditions {
            let values = rendition.other.merging([
                7: rendition.appearance, 12: rendition.scale, 15: rendition.idiom, 16: rendition.subtype,
                17: Int(identifier(rendition.asset)),
            ]) { _, known in known }
            let key = keyFormat.flatMap { le16(UInt16(values[$0] ?? 0)) }
            let multisize = !rendition.iconSizes.isEmpty
            var csi = Array("ISTC".utf8) + le32(1) + le32(0) + le32(UInt32(rendition.width))
            csi += le32(UInt32(rendition.height)) + le32(UInt32(rendition.scale * 100))
            // The four-character code ARGB, as a little-endian number; 0 for a multisize set.
            csi += (multisize ? le32(0) : Array("BGRA".utf8)) + le32(0)
            var name = Array(rendition.fileName.utf8.prefix(127))
            name += [UInt8](repeating: 0, count: 128 - name.count)
            // modtime, layout (12: one-part scale, as actool writes bitmaps), name, TLV length,
            // bitmap count, a zero, payload length: 184 bytes.
            var payload: [UInt8] = []
            if multisize {
                payload = Array("SISM".utf8) + le32(1) + le32(UInt32(rendition.iconSizes.count))
                payload += rendition.iconSizes.flatMap {
                    le32(UInt32($0.width)) + le32(UInt32($0.height)) + le32(UInt32($0.index))
                }
            }
            csi += le32(0) + le16(multisize ? 1010 : 12) + le16(0) + name + le32(0) + le32(1) + le32(0)
            csi += le32(UInt32(payload.count)) + payload
            renditionPairs.append((add(csi), add(key)))
        }
        if let first = renditionPairs.first {
            for _ in 0..<repeatedEntries { renditionPairs.append((alias(of: first.value), alias(of: first.key))) }
        }
        // FACETKEYS: key = the asset's name; value = hot spot, count, (attribute, value) pairs.
        var facetPairs: [(value: UInt32, key: UInt32)] = []
        for asset in assets {
            let token = le16(0) + le16(0) + le16(1) + le16(17) + le16(identifier(asset))
            facetPairs.append((add(token), add(Array(asset.utf8))))
        }
        var chained: Range<Int> = 0..<0
        func tree(_ pairs: [(value: UInt32, key: UInt32)], emptyLeaves: Int = 0) -> UInt32 {
            // One branch over one leaf: the reader must walk down before it walks along.
            let leaf = add(
                be16(1) + be16(UInt16(pairs.count)) + be32(0) + be32(0)
                    + pairs.flatMap { be32($0.value) + be32($0.key) })
            var first = leaf
            if emptyLeaves > 0 {
                let start = blocks.count
                for index in 0..<emptyLeaves {
                    let next = index + 1 < emptyLeaves ? UInt32(start + index + 1) : leaf
                    _ = add(be16(1) + be16(0) + be32(next) + be32(0))
                }
                first = UInt32(start)
                chained = start..<blocks.count
            }
            let branch = add(be16(0) + be16(1) + be32(0) + be32(0) + be32(first) + be32(0))
            return add(Array("tree".utf8) + be32(1) + be32(branch) + be32(4096) + be32(UInt32(pairs.count)) + [0])
        }
        let renditionsTree = tree(renditionPairs, emptyLeaves: emptyLeaves)
        let facetsTree = tree(facetPairs)
        let variables: [(String, UInt32)] = [
            ("CARHEADER", header), ("RENDITIONS", renditionsTree), ("FACETKEYS", facetsTree),
            ("KEYFORMAT", keyFormatBlock),
        ]
        // Layout: the 512-byte header, the blocks, the block table, the variables.
        var body: [UInt8] = []
        var table: [(UInt32, UInt32)] = [(0, 0)]
        for (index, block) in blocks.enumerated().dropFirst() {
            if let original = aliases[index] {
                table.append(table[original])
                continue
            }
            table.append((UInt32(512 + body.count), UInt32(block.count)))
            body += block
        }
        for index in chained { table[index].1 = UInt32(body.count + 512) - table[index].0 }
        let indexOffset = UInt32(512 + body.count)
        let index = be32(UInt32(table.count)) + table.flatMap { be32($0.0) + be32($0.1) }
        let varsOffset = indexOffset + UInt32(index.count)
        let vars =
            be32(UInt32(variables.count))
            + variables.flatMap { be32($0.1) + [UInt8($0.0.utf8.count)] + Array($0.0.utf8) }
        var header512 = Array("BOMStore".utf8) + be32(1) + be32(UInt32(blocks.count)) + be32(indexOffset)
        header512 += be32(UInt32(index.count)) + be32(varsOffset) + be32(UInt32(vars.count))
        header512 += [UInt8](repeating: 0, count: 512 - header512.count)
        return header512 + body + index + vars
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    private func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private func be32(_ value: UInt32) -> [UInt8] { (0..<4).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
}
