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

    /// Layouts that are no image: raw data names, thinning placeholders, textures, colours,
    /// multisize size lists, glyphs (1017 and later).
    static func isImage(layout: Int) -> Bool {
        ![1005, 1006, 1007, 1009, 1010].contains(layout) && layout < 1017
    }

    /// Rendition key attributes (Timac's list; blacktop/ipsw `pkg/car` names the same numbers).
    enum Attribute: UInt32 {
        case appearance = 7, scale = 12, idiom = 15, subtype = 16, identifier = 17
    }

    /// The most entries a tree may have, and the deepest it may be: bounds for hostile files.
    static let maxTreeEntries = 1_000_000
    static let maxTreeDepth = 32

    init(bytes: [UInt8]) throws(Failure) {
        let store = try BOMStore(bytes)
        guard let keyFormat = store.variable("KEYFORMAT").flatMap(store.block) else {
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
            for (key, value) in try store.tree(facets) {
                guard value.count >= 6 else { continue }
                let count = Int(LittleEndian.u16(value, 4))
                guard value.count >= 6 + 4 * count else { continue }
                for index in 0..<count
                where LittleEndian.u16(value, 6 + 4 * index) == UInt16(Attribute.identifier.rawValue) {
                    names[LittleEndian.u16(value, 8 + 4 * index)] = String(
                        decoding: key.prefix { $0 != 0 }, as: UTF8.self)
                }
            }
        }
        guard let renditionsTree = store.variable("RENDITIONS") else { throw Failure(reason: "no RENDITIONS tree") }
        var renditions: [Rendition] = []
        for (key, value) in try store.tree(renditionsTree) {
            func attribute(_ which: Attribute) -> Int {
                guard let index = position(which), key.count >= 2 * (index + 1) else { return 0 }
                return Int(LittleEndian.u16(key, 2 * index))
            }
            // The CSI header: tag, version, flags, width, height, scale × 100, pixel format, …, name.
            guard value.count >= 184, Array(value[0..<4]) == Array("ISTC".utf8) else { continue }
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
                    iconSizes: layout == Self.multisizeLayout ? Self.iconSizes(csi: value) : []))
        }
        self.renditions = renditions
    }

    /// The layout of a multisize image set: an app icon's list of point sizes by icon index.
    static let multisizeLayout = 1010

    /// A multisize image set's sizes: after the 184-byte header and its TLV list, `SISM` (the tag
    /// `MSIS` stored little-endian), a version, a count and (width, height, index) per size, in
    /// points (blacktop/ipsw `csiMultisizeImageSet`; xtool-org/AssetKit; TotallyGamerJet's
    /// darwinbundle). Whatever does not fit is left out.
    static func iconSizes(csi value: [UInt8]) -> [Rendition.IconSize] {
        let start = 184 + Int(LittleEndian.u32(value, 168))
        guard start <= value.count - 12, Array(value[start..<(start + 4)]) == Array("SISM".utf8) else { return [] }
        let count = min(Int(LittleEndian.u32(value, start + 8)), (value.count - start - 12) / 12, 64)
        return (0..<count).map { entry in
            let at = start + 12 + 12 * entry
            return Rendition.IconSize(
                width: Int(LittleEndian.u32(value, at)), height: Int(LittleEndian.u32(value, at + 4)),
                index: Int(LittleEndian.u32(value, at + 8)))
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

    /// A block's bytes; nil when the table has no such block or it lies outside the file.
    func block(_ index: Int) -> [UInt8]? {
        guard index > 0, index < blocks.count else { return nil }
        let (offset, length) = blocks[index]
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else { return nil }
        return Array(bytes[offset..<(offset + length)])
    }

    /// The (key, value) pairs of the tree in `index`'s block, leaf by leaf: down the first
    /// child to the leftmost leaf, then along the leaves' forward links. Bounded in depth, in
    /// entries and against loops.
    func tree(_ index: Int) throws(CompiledCatalog.Failure) -> [([UInt8], [UInt8])] {
        guard let tree = block(index), tree.count >= 21, Array(tree[0..<4]) == Array("tree".utf8) else {
            throw CompiledCatalog.Failure(reason: "a tree block without its tag")
        }
        var paths = Int(BigEndian.u32(tree, 8))
        var depth = 0
        while true {
            guard let node = block(paths), node.count >= 12 else {
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
        var pairs: [([UInt8], [UInt8])] = []
        var seen: Set<Int> = []
        while paths != 0, seen.insert(paths).inserted {
            guard let node = block(paths), node.count >= 12 else { break }
            let count = Int(BigEndian.u16(node, 2))
            guard node.count >= 12 + 8 * count else {
                throw CompiledCatalog.Failure(reason: "a tree leaf that claims more entries than it holds")
            }
            for entry in 0..<count {
                guard pairs.count < CompiledCatalog.maxTreeEntries else {
                    throw CompiledCatalog.Failure(
                        reason: "a tree of more than \(CompiledCatalog.maxTreeEntries) entries")
                }
                let value = block(Int(BigEndian.u32(node, 12 + 8 * entry)))
                let key = block(Int(BigEndian.u32(node, 16 + 8 * entry)))
                if let key, let value { pairs.append((key, value)) }
            }
            paths = Int(BigEndian.u32(node, 4))
        }
        return pairs
    }

}
