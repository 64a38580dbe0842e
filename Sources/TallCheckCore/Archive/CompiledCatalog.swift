/// A compiled asset catalog (`Assets.car`): its renditions, as far as the checks need them.
///
/// The format is Apple's private one; this follows the published reverse-engineered
/// descriptions (docs/built-apps.md): Timac, "Reverse engineering the .car file format" (2018);
/// iineva/bom and blacktop/ipsw `pkg/car` (Go); hogliux/bomutils for the BOM container. The
/// container is a BOM store (big-endian): a header, a block table and named variables; the
/// catalog's variables are `CARHEADER`, `KEYFORMAT` (which attributes a rendition key holds, in
/// order), `RENDITIONS` (a tree from keys to CSI headers: pixel size, scale, the file's name)
/// and `FACETKEYS` (a tree from asset names to the attributes that pick their renditions). What
/// is unknown is skipped; what is unreadable is a ``Failure`` naming the structure.
struct CompiledCatalog: Sendable {
    struct Rendition: Sendable, Hashable {
        /// The asset's name (`AppIcon`, `Background`), from FACETKEYS; nil when no facet names it.
        var asset: String?
        /// The file name the rendition was compiled from (`Icon@2x.png`), from its CSI header.
        var fileName: String
        var width: Int
        var height: Int
        /// 1, 2 or 3 (0: any).
        var scale: Int
        // Width and height are 0 where the header does not hold them: colours, multisize sets,
        // vectors, and (CoreUI 970, Xcode 26) JPEGs, whose sizes are in the entries after it.
        /// 0 universal, 1 phone, 2 pad, 3 tv, 4 car, 5 watch, 6 marketing (App Store icon), 7 mac,
        /// 8 vision.
        var idiom: Int
        /// The image set slot of a 4-inch phone (`retina4`) is 568; watch sizes are 320 and 384;
        /// 0 for none.
        var subtype: Int
        /// 0 any; dark and others are catalog-specific numbers.
        var appearance: Int
        /// The CSI pixel format as four characters: `ARGB`, `GA8 `, `PDF `, `JPEG`, ….
        var pixelFormat: String
        /// The CSI header's layout: 10–12 images, 1003 a link into a packed atlas, 1009 a colour,
        /// 1010 a multisize image set's size list, … (CARParser's and blacktop/ipsw's lists).
        var layout: Int = 0
        /// The key's other attributes that are not zero (display gamut, size classes, memory,
        /// …), by attribute number: what else tells two renditions of one asset apart.
        var otherAttributes: [Int: Int] = [:]
        /// A multisize image set's sizes (layout 1010): each icon's point size by its index.
        var iconSizes: [IconSize] = []

        struct IconSize: Sendable, Hashable {
            var width: Int
            var height: Int
            var index: Int
        }

        /// The pixel format when it is four printable characters; nil for none (0) or others.
        var printablePixelFormat: String? {
            pixelFormat.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? pixelFormat : nil
        }

        /// Dimension 2 (attribute 9): an app icon's index into its multisize image set's sizes.
        var iconIndex: Int? { otherAttributes[9] }
    }

    struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    var renditions: [Rendition]

    /// Layouts of images (Timac/CARParser `Car.h`; joey-gm/Asset-Catalog-Viewer `Layout.swift`):
    /// one-part (10 fixed, 11 tile, 12 scale: actool's bitmaps), three-part (20–25), nine-part
    /// (30–34), many-part (40), animation (50), and 1003, an image kept in a packed atlas. The
    /// rest (raw data, links, layer stacks, colours, textures, multisize size lists, models,
    /// glyphs, …) are no images code loads by name.
    static func isImage(layout: Int) -> Bool {
        (10...12).contains(layout) || (20...25).contains(layout) || (30...34).contains(layout)
            || [40, 50, 1003].contains(layout)
    }

    /// Rendition key attributes (Timac's list; blacktop/ipsw `pkg/car` names the same numbers).
    enum Attribute: UInt32 {
        case appearance = 7, scale = 12, idiom = 15, subtype = 16, identifier = 17
    }

    /// ``ReadLimits/compiledCatalogEntries``.
    static let maxTreeEntries = ReadLimits.standard.compiledCatalogEntries
    /// ``ReadLimits/compiledCatalogDepth``.
    static let maxTreeDepth = ReadLimits.standard.compiledCatalogDepth
    /// ``ReadLimits/compiledCatalogFacetAttributes``.
    static let maxFacetAttributes = ReadLimits.standard.compiledCatalogFacetAttributes
    /// ``ReadLimits/imageNameBytes``.
    static let maxNameBytes = ReadLimits.standard.imageNameBytes
    /// ``ReadLimits/compiledCatalogIconSizes``.
    static let maxIconSizes = ReadLimits.standard.compiledCatalogIconSizes

    init(bytes: [UInt8]) throws(Failure) {
        let store = try BOMStore(bytes)
        guard let keyFormat = store.variable("KEYFORMAT").flatMap({ store.block($0, upTo: 12 + 4 * 64) }) else {
            throw Failure(reason: "no KEYFORMAT block")
        }
        guard keyFormat.count >= 12, Array(keyFormat[0..<4]) == Array("tmfk".utf8) else {
            throw Failure(reason: "KEYFORMAT does not start with its tag")
        }
        let attributeCount = Int(LittleEndian.u32(keyFormat, 8))
        guard attributeCount <= 64, keyFormat.count >= 12 + 4 * attributeCount else {
            throw Failure(reason: "KEYFORMAT lists \(attributeCount) attributes it does not hold")
        }
        let attributes = (0..<attributeCount).map { LittleEndian.u32(keyFormat, 12 + 4 * $0) }
        func position(_ attribute: Attribute) -> Int? { attributes.firstIndex(of: attribute.rawValue) }

        // Facets: asset name → identifier.
        var names: [UInt16: String] = [:]
        if let facets = store.variable("FACETKEYS") {
            let facetBytes = 6 + 4 * Self.maxFacetAttributes
            for (keyBlock, valueBlock) in try store.tree(facets, keyBytes: Self.maxNameBytes, valueBytes: facetBytes) {
                // Only what is read is copied: many entries may point at one large block.
                guard let head = store.block(valueBlock, upTo: 6), head.count == 6 else { continue }
                let count = min(Int(LittleEndian.u16(head, 4)), Self.maxFacetAttributes)
                guard let value = store.block(valueBlock, upTo: 6 + 4 * count), value.count == 6 + 4 * count,
                    let key = store.block(keyBlock, upTo: Self.maxNameBytes)
                else { continue }
                for index in 0..<count
                where LittleEndian.u16(value, 6 + 4 * index) == UInt16(Attribute.identifier.rawValue) {
                    names[LittleEndian.u16(value, 8 + 4 * index)] = String(
                        decoding: key.prefix { $0 != 0 }, as: UTF8.self)
                }
            }
        }
        guard let renditionsTree = store.variable("RENDITIONS") else { throw Failure(reason: "no RENDITIONS tree") }
        var renditions: [Rendition] = []
        for (keyBlock, valueBlock) in try store.tree(
            renditionsTree, keyBytes: 2 * attributes.count, valueBytes: Self.csiHeaderBytes)
        {
            guard let key = store.block(keyBlock, upTo: 2 * attributes.count),
                let value = store.block(valueBlock, upTo: Self.csiHeaderBytes)
            else { continue }
            func attribute(_ which: Attribute) -> Int {
                guard let index = position(which), key.count >= 2 * (index + 1) else { return 0 }
                return Int(LittleEndian.u16(key, 2 * index))
            }
            // The CSI header: tag, version, flags, width, height, scale × 100, pixel format, …, name.
            guard value.count >= Self.csiHeaderBytes, Array(value[0..<4]) == Array("ISTC".utf8) else { continue }
            let nameBytes = value[40..<168].prefix { $0 != 0 }
            var others: [Int: Int] = [:]
            for (index, number) in attributes.enumerated()
            where Attribute(rawValue: number) == nil && key.count >= 2 * (index + 1) {
                let value = Int(LittleEndian.u16(key, 2 * index))
                if value != 0 { others[Int(number)] = value }
            }
            // Sides past PNG's 2^31 − 1 are no picture's: 0, as for renditions without a size.
            func side(_ at: Int) -> Int {
                let side = Int(LittleEndian.u32(value, at))
                return side <= Int(Int32.max) ? side : 0
            }
            let layout = Int(LittleEndian.u16(value, 36))
            let format = LittleEndian.u32(value, 24)
            let formatText = String(
                decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: format >> UInt32($0)) }, as: UTF8.self)
            renditions.append(
                Rendition(
                    asset: names[UInt16(truncatingIfNeeded: attribute(.identifier))],
                    fileName: String(decoding: nameBytes, as: UTF8.self), width: side(12), height: side(16),
                    scale: Int(LittleEndian.u32(value, 20)) / 100, idiom: attribute(.idiom),
                    subtype: attribute(.subtype), appearance: attribute(.appearance), pixelFormat: formatText,
                    layout: layout, otherAttributes: others,
                    iconSizes: layout == Self.multisizeLayout ? Self.iconSizes(block: valueBlock, in: store) : []))
        }
        self.renditions = renditions
    }

    /// The layout of a multisize image set: an app icon's list of point sizes by icon index.
    static let multisizeLayout = 1010
    /// A CSI header's length, up to the end of its name and the counts after it.
    static let csiHeaderBytes = 184

    /// A multisize image set's sizes: after the 184-byte header and its TLV list, `SISM` (the tag
    /// `MSIS` stored little-endian), a version, a count and (width, height, index) per size, in
    /// points (blacktop/ipsw `csiMultisizeImageSet`; xtool-org/AssetKit; TotallyGamerJet's
    /// darwinbundle). Whatever does not fit is left out.
    static func iconSizes(block: Int, in store: BOMStore) -> [Rendition.IconSize] {
        guard let header = store.block(block, upTo: 184), header.count == 184 else { return [] }
        let start = 184 + Int(LittleEndian.u32(header, 168))
        guard let head = store.block(block, from: start, count: 12), head.count == 12,
            Array(head[0..<4]) == Array("SISM".utf8)
        else { return [] }
        let wanted = min(Int(LittleEndian.u32(head, 8)), Self.maxIconSizes)
        guard let list = store.block(block, from: start + 12, count: 12 * wanted) else { return [] }
        return stride(from: 0, to: list.count - list.count % 12, by: 12).map { at in
            Rendition.IconSize(
                width: Int(LittleEndian.u32(list, at)), height: Int(LittleEndian.u32(list, at + 4)),
                index: Int(LittleEndian.u32(list, at + 8)))
        }
    }

}

/// Apple's BOM container (hogliux/bomutils' description): big-endian, a 512-byte header, a block
/// table of (offset, length) pairs, and named variables that point at blocks.
struct BOMStore {
    let bytes: [UInt8]
    private let blocks: [(offset: Int, length: Int)]
    private let variables: [String: Int]

    init(_ bytes: [UInt8]) throws(CompiledCatalog.Failure) {
        self.bytes = bytes
        guard bytes.count >= 32, Array(bytes[0..<8]) == Array("BOMStore".utf8) else {
            throw CompiledCatalog.Failure(reason: "not a BOM store (no BOMStore signature)")
        }
        let indexOffset = Int(BigEndian.u32(bytes, 16))
        let varsOffset = Int(BigEndian.u32(bytes, 24))
        guard indexOffset <= bytes.count - 4, varsOffset <= bytes.count - 4 else {
            throw CompiledCatalog.Failure(reason: "the block table or the variables lie outside the file")
        }
        let blockCount = Int(BigEndian.u32(bytes, indexOffset))
        guard blockCount <= (bytes.count - indexOffset - 4) / 8 else {
            throw CompiledCatalog.Failure(reason: "the block table claims \(blockCount) blocks it does not hold")
        }
        var blocks: [(Int, Int)] = []
        blocks.reserveCapacity(blockCount)
        for index in 0..<blockCount {
            blocks.append(
                (
                    Int(BigEndian.u32(bytes, indexOffset + 4 + 8 * index)),
                    Int(BigEndian.u32(bytes, indexOffset + 8 + 8 * index))
                )
            )
        }
        self.blocks = blocks
        var variables: [String: Int] = [:]
        let varCount = Int(BigEndian.u32(bytes, varsOffset))
        var at = varsOffset + 4
        for _ in 0..<min(varCount, 1024) {
            guard at + 5 <= bytes.count else { break }
            let block = Int(BigEndian.u32(bytes, at))
            let length = Int(bytes[at + 4])
            guard at + 5 + length <= bytes.count else { break }
            variables[String(decoding: bytes[(at + 5)..<(at + 5 + length)], as: UTF8.self)] = block
            at += 5 + length
        }
        self.variables = variables
    }

    func variable(_ name: String) -> Int? { variables[name] }

    /// Whether the table has block `index`, inside the file.
    func isBlock(_ index: Int) -> Bool { length(index) != nil }

    /// The length of block `index` when the table has it, inside the file.
    func length(_ index: Int) -> Int? {
        guard index > 0, index < blocks.count else { return nil }
        let (offset, length) = blocks[index]
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else { return nil }
        return length
    }

    /// The first `limit` bytes of a block (fewer when it is shorter): a copy of no more than
    /// what is read, since many tree entries may point at one large block.
    func block(_ index: Int, upTo limit: Int) -> [UInt8]? { block(index, from: 0, count: limit) }

    /// `count` bytes of a block from `start` (fewer at its end; none past it).
    func block(_ index: Int, from start: Int, count: Int) -> [UInt8]? {
        guard index > 0, index < blocks.count, start >= 0, count >= 0 else { return nil }
        let (offset, length) = blocks[index]
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else { return nil }
        guard start <= length else { return [] }
        let end = offset + start + min(count, length - start)
        return Array(bytes[(offset + start)..<end])
    }

    /// The (key, value) block numbers of the tree in `index`'s block, leaf by leaf: down the
    /// first child to the leftmost leaf, then along the leaves' forward links. Bounded in depth,
    /// in entries and against loops; the caller copies of each block only what it reads, at
    /// most `keyBytes` of a key and `valueBytes` of a value.
    ///
    /// Bounded too by the bytes behind it: each leaf counts the bytes it holds, each entry the
    /// bytes of its key and value blocks the caller may read, and together they may not come to
    /// more than the file. Blocks of a store lie apart, so a sound tree never does; entries or
    /// leaves that overlap (200,000 entries that all point at one CSI header) do, and are
    /// refused, so the work a tree makes is linear in the file's size.
    func tree(_ index: Int, keyBytes: Int, valueBytes: Int) throws(CompiledCatalog.Failure) -> [(
        key: Int, value: Int
    )] {
        guard let tree = block(index, upTo: 21), tree.count >= 21, Array(tree[0..<4]) == Array("tree".utf8) else {
            throw CompiledCatalog.Failure(reason: "a tree block without its tag")
        }
        var paths = Int(BigEndian.u32(tree, 8))
        var depth = 0
        while true {
            guard let node = block(paths, upTo: 20), node.count >= 12 else {
                throw CompiledCatalog.Failure(reason: "a tree node outside the file")
            }
            if BigEndian.u16(node, 0) != 0 { break }
            guard BigEndian.u16(node, 2) > 0, node.count >= 20, depth < CompiledCatalog.maxTreeDepth else {
                throw CompiledCatalog.Failure(
                    reason: "a tree deeper than \(CompiledCatalog.maxTreeDepth) or with an empty branch")
            }
            paths = Int(BigEndian.u32(node, 12))
            depth += 1
        }
        var pairs: [(key: Int, value: Int)] = []
        var seen: Set<Int> = []
        var leaves = 0
        // The bytes behind the leaves and entries so far, against the file's size.
        var behind = 0
        func charge(_ more: Int) throws(CompiledCatalog.Failure) {
            behind += more
            guard behind <= bytes.count else {
                throw CompiledCatalog.Failure(
                    reason: "a tree whose leaves or entries overlap: their blocks come to more than the file's "
                        + "\(bytes.count) bytes")
            }
        }
        while paths != 0, seen.insert(paths).inserted {
            // The leaf's header first, then only the pairs it counts (at most 65,535): a block may
            // claim far more bytes than its leaf holds, and a chain of such leaves must not copy
            // them over and over. Empty leaves count against the bound too.
            guard let header = block(paths, upTo: 12), header.count == 12 else { break }
            let count = Int(BigEndian.u16(header, 2))
            leaves += 1
            guard leaves <= CompiledCatalog.maxTreeEntries else {
                throw CompiledCatalog.Failure(reason: "a tree of more than \(CompiledCatalog.maxTreeEntries) leaves")
            }
            try charge(12 + 8 * count)
            guard let node = block(paths, upTo: 12 + 8 * count), node.count == 12 + 8 * count else {
                throw CompiledCatalog.Failure(reason: "a tree leaf that claims more entries than it holds")
            }
            for entry in 0..<count {
                guard pairs.count < CompiledCatalog.maxTreeEntries else {
                    throw CompiledCatalog.Failure(
                        reason: "a tree of more than \(CompiledCatalog.maxTreeEntries) entries")
                }
                let value = Int(BigEndian.u32(node, 12 + 8 * entry))
                let key = Int(BigEndian.u32(node, 16 + 8 * entry))
                if let keyLength = length(key), let valueLength = length(value) {
                    try charge(min(keyLength, keyBytes) + min(valueLength, valueBytes))
                    pairs.append((key, value))
                }
            }
            paths = Int(BigEndian.u32(node, 4))
        }
        return pairs
    }

}
