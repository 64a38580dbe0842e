/// Positions in a caller's list, found by a 64-bit hash the caller already has (or makes from
/// bytes in one pass), by open addressing. For tables filled from every image of an app, where a
/// `Dictionary` or `Set` hashed a `String` key again with SipHash (270 instructions a look-up
/// in `case-mismatch`). Equal hashes need not mean equal keys: the caller says which stored
/// position is the one it looks for.
package struct HashSlots: Sendable {
    private var hashes: [UInt64]
    /// -1 for an empty slot.
    private var positions: [Int]
    private var bits: Int
    package private(set) var count = 0

    /// Room for `capacity` positions before the table grows.
    package init(capacity: Int) {
        bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        hashes = Array(repeating: 0, count: 1 << bits)
        positions = Array(repeating: -1, count: 1 << bits)
    }

    /// The first position stored under `hash` that `matches`; when none does, nil, and
    /// `position` is stored under `hash`.
    package mutating func firstMatch(_ hash: UInt64, orInsert position: Int, matches: (Int) -> Bool) -> Int? {
        let mask = positions.count - 1
        var slot = Self.home(of: hash, bits: bits)
        while positions[slot] >= 0 {
            if hashes[slot] == hash, matches(positions[slot]) { return positions[slot] }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        positions[slot] = position
        count += 1
        if count * 2 > positions.count { grow() }
        return nil
    }

    /// Fibonacci hashing: the top bits of the hash times 2^64/φ, so that hashes alike in their
    /// low bits spread.
    private static func home(of hash: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    private mutating func grow() {
        let (oldHashes, oldPositions) = (hashes, positions)
        bits += 1
        hashes = Array(repeating: 0, count: 1 << bits)
        positions = Array(repeating: -1, count: 1 << bits)
        let mask = positions.count - 1
        for index in oldPositions.indices where oldPositions[index] >= 0 {
            var slot = Self.home(of: oldHashes[index], bits: bits)
            while positions[slot] >= 0 { slot = (slot + 1) & mask }
            hashes[slot] = oldHashes[index]
            positions[slot] = oldPositions[index]
        }
    }
}

extension FNV1a {
    /// The FNV-1a hash of `bytes`, and whether they are all ASCII; nil when `text`'s bytes are
    /// not in one piece (a bridged or foreign string).
    static func asciiHash(of text: some StringProtocol) -> (hash: UInt64, isASCII: Bool)? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var hash = FNV1a()
            var high: UInt8 = 0
            for byte in bytes {
                hash.add(byte)
                high |= byte
            }
            return (hash.value, high < 0x80)
        }
    }
}

/// Lengths (of paths) as bits: asked of every image of the app, often from both cores, where a
/// `Set<Int>` hashed each length first (165 instructions a look-up).
package struct LengthBits: Sendable {
    private var words: [UInt64] = []

    package init() {}

    package init(_ lengths: some Sequence<Int>) {
        for length in lengths where length >= 0 {
            let word = length >> 6
            if word >= words.count { words += repeatElement(0, count: word - words.count + 1) }
            words[word] |= 1 << UInt64(length & 63)
        }
    }

    package func contains(_ length: Int) -> Bool {
        let word = length >> 6
        return length >= 0 && word < words.count && words[word] & (1 << UInt64(length & 63)) != 0
    }
}
