/// The loose keys (``NameKeys/loose(_:)``) some image of a tree may be asked for by, as a byte
/// trie: it tells in a few steps whether a string of the code or the data files may have one,
/// so that only those strings are keyed (a tree's data holds about 100,000 strings, most of
/// them sentences in many languages; keying every one was most of `unused-image`'s cost).
///
/// Every loose key of a string is a prefix of its letters and digits, lower-cased, from its start
/// or from its last path component's, that ends where the string or its base does: the last
/// component (`iconsstar` of `Icons/star.png` gives `star`, `starpng`), its base, and the
/// folders before them. So `star` passes `Icons/star@2x.png`, and not `starfish` or `Start`. A
/// letter or digit beyond ASCII would be in the key: where every key is ASCII, it ends the walk;
/// otherwise the string passes, for the exact keying to tell.
public struct LooseKeyFilter: Sendable {
    /// The trie, in one object: a filter is copied wherever it is asked (`if let asked`), and a
    /// copy is then one reference. Its tables are memory it owns, read through pointers: a walk
    /// step is one probe, with nothing retained or released (copying the tables' arrays into a
    /// walk, and a `Dictionary` lookup a step, were most of a data file's filtering).
    private final class Trie: @unchecked Sendable {
        /// Node 0 is the root. Each edge keyed by `node * 36 + symbol + 1` (a letter `a`–`z` is
        /// 0–25, a digit 26–35: only those step the walk) in an open-addressing table of
        /// ``slots`` (key, child) pairs, the root's in a table of their own (every string starts
        /// there); and whether a key ends at each node. Immutable once made.
        let slots: UnsafeMutablePointer<(key: Int32, child: Int32)>
        let mask: Int
        let rootEdges: UnsafeMutablePointer<Int32>
        let ends: UnsafeMutablePointer<Bool>
        /// The keys, for what the trie cannot tell (a key beyond ASCII).
        let keys: Set<String>
        let asciiOnly: Bool

        init(_ keys: Set<String>) {
            self.keys = keys
            asciiOnly = keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            // Edges go straight into the table, kept at most half full so that a probe ends at
            // an empty slot within a step or two.
            var capacity = 64
            var mask = capacity - 1
            var slots = UnsafeMutablePointer<(key: Int32, child: Int32)>.allocate(capacity: capacity)
            slots.initialize(repeating: (0, -1), count: capacity)
            let rootEdges = UnsafeMutablePointer<Int32>.allocate(capacity: 36)
            rootEdges.initialize(repeating: -1, count: 36)
            var edges = 0
            var endsList = [false]
            for key in keys {
                // A key's bytes beyond ASCII letters and digits never step a walk: the key is
                // followed no further (a walk that meets such a letter decides without the trie).
                var node = 0
                var complete = true
                for byte in key.utf8 {
                    guard let symbol = LooseKeyFilter.symbol(byte) else {
                        complete = false
                        break
                    }
                    if node == 0 {
                        if rootEdges[symbol] < 0 {
                            endsList.append(false)
                            rootEdges[symbol] = Int32(endsList.count - 1)
                        }
                        node = Int(rootEdges[symbol])
                        continue
                    }
                    let edge = Int32(truncatingIfNeeded: node &* 36 &+ symbol &+ 1)
                    var slot = Trie.hash(Int(edge)) & mask
                    while slots[slot].key != 0, slots[slot].key != edge { slot = (slot + 1) & mask }
                    if slots[slot].key == 0 {
                        endsList.append(false)
                        let child = Int32(endsList.count - 1)
                        slots[slot] = (edge, child)
                        edges += 1
                        if edges * 2 > capacity {
                            capacity <<= 1
                            Trie.grow(&slots, &mask, to: capacity)
                        }
                        node = Int(child)
                    } else {
                        node = Int(slots[slot].child)
                    }
                }
                if complete { endsList[node] = true }
            }
            (self.slots, self.mask, self.rootEdges) = (slots, mask, rootEdges)
            ends = .allocate(capacity: endsList.count)
            ends.initialize(from: endsList, count: endsList.count)
        }

        /// Moves the edges into a table of `capacity` slots.
        private static func grow(
            _ slots: inout UnsafeMutablePointer<(key: Int32, child: Int32)>, _ mask: inout Int, to capacity: Int
        ) {
            let (old, oldCapacity) = (slots, mask + 1)
            mask = capacity - 1
            slots = .allocate(capacity: capacity)
            slots.initialize(repeating: (0, -1), count: capacity)
            for index in 0..<oldCapacity where old[index].key != 0 {
                var slot = Trie.hash(Int(old[index].key)) & mask
                while slots[slot].key != 0 { slot = (slot + 1) & mask }
                slots[slot] = old[index]
            }
            old.deallocate()
        }

        deinit {
            slots.deallocate()
            rootEdges.deallocate()
            ends.deallocate()
        }

        @inline(__always)
        static func hash(_ key: Int) -> Int { Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 29) }
    }

    private let trie: Trie

    /// The trie's tables as a value with no reference in it: a loop over a file's strings keeps
    /// one and asks it at each string with nothing retained or released (a filter copied at each
    /// string retained its trie, an object the other core's reads share). Valid only while the
    /// filter that gave it lives: use it within `withExtendedLifetime(filter)`.
    package struct Walker {
        fileprivate let slots: UnsafeMutablePointer<(key: Int32, child: Int32)>
        fileprivate let mask: Int
        fileprivate let rootEdges: UnsafeMutablePointer<Int32>
        fileprivate let ends: UnsafeMutablePointer<Bool>
        fileprivate let asciiOnly: Bool
        /// ``LooseKeyFilter/byteClasses``.
        fileprivate let classes = LooseKeyFilter.byteClasses

        /// The child of `node` by `symbol`, or -1.
        @inline(__always)
        func child(_ node: Int, _ symbol: Int) -> Int32 {
            if node == 0 { return rootEdges[symbol] }
            let key = node &* 36 &+ symbol &+ 1
            var slot = Trie.hash(key) & mask
            while true {
                let entry = slots[slot]
                if entry.key == Int32(truncatingIfNeeded: key) { return entry.child }
                if entry.key == 0 { return -1 }
                slot = (slot + 1) & mask
            }
        }
    }

    /// See ``Walker``.
    package var walker: Walker {
        Walker(slots: trie.slots, mask: trie.mask, rootEdges: trie.rootEdges, ends: trie.ends, asciiOnly: trie.asciiOnly)
    }

    /// The keys, for what the trie cannot tell (a key beyond ASCII).
    public var keys: Set<String> { trie.keys }

    public init(_ keys: Set<String>) {
        trie = Trie(keys)
    }

    /// Each byte's ``symbol(_:)``, upper case as lower (0–35); ``leadByte`` for a byte that starts
    /// a scalar beyond ASCII; 255 for any other (skipped).
    /// Made once, before any read, and never written or freed after: read through a pointer
    /// each ``Walker`` holds.
    nonisolated(unsafe) fileprivate static let byteClasses: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for value in 0...255 {
            let byte = UInt8(value)
            let upper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            table[value] = symbol(upper ? byte + 32 : byte).map(UInt8.init) ?? (byte >= 0xC0 ? leadByte : 255)
        }
        return UnsafePointer(table)
    }()
    fileprivate static let leadByte: UInt8 = 254

    /// A lower-case letter or a digit's place in a node's edges.
    @inline(__always)
    fileprivate static func symbol(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    /// Whether `name` may have one of the keys (never false when it has one).
    public func mayMatch(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(mayMatch(utf8:))
    }

    /// ``mayMatch(_:)`` of a string given by its bytes (valid UTF-8), no `String` made.
    public func mayMatch(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withExtendedLifetime(trie) { walker.mayMatch(utf8: bytes) }
    }
}

extension LooseKeyFilter.Walker {
    /// ``LooseKeyFilter/mayMatch(_:)``.
    package func mayMatch(_ name: String) -> Bool {
        var name = name
        return name.withUTF8(mayMatch(utf8:))
    }

    /// ``LooseKeyFilter/mayMatch(utf8:)``.
    package func mayMatch(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        // `/Images/star`, `./Images/star`: the lookup drops what leads.
        while start < bytes.count, bytes[start] == UInt8(ascii: "/") || bytes[start] == UInt8(ascii: ".") {
            start += 1
        }
        if walk(bytes, from: start) { return true }
        // The last component is the lookup's: before any trailing `/` (`Icons/star/`), which it drops.
        var end = bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var slash = end - 1
        while slash >= start, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
        return slash >= start && walk(bytes, from: slash + 1)
    }

    /// Steps the trie along the letters and digits from `start`, lower-cased.
    private func walk(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var node = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // A letter or digit's place in a node's edges, by a table: most bytes step the walk.
            let symbol = classes[Int(byte)]
            if symbol < 36 {
                let next = child(node, Int(symbol))
                guard next >= 0 else { return false }
                node = Int(next)
                // A key ends where the string's base or last component does (`.png`, `@2x`,
                // `~ipad`, `-568h`, `_`, `/`): see ``endsBase(_:at:)``.
                if ends[node], LooseKeyFilter.endsBase(bytes, at: index) { return true }
                continue
            }
            guard symbol == LooseKeyFilter.leadByte else { continue }
            // Beyond ASCII: a letter or digit would be in the key, anything else is dropped.
            let (scalar, length) = LooseKeyFilter.scalar(at: index - 1, in: bytes)
            index += length - 1
            guard let scalar, scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { continue }
            return !asciiOnly
        }
        return false
    }
}

extension LooseKeyFilter {
    /// Whether a key may end at `end`: nothing after it has a letter or digit, or what follows
    /// is a run of other bytes holding the `.`, `@`, `~` or `-` that starts what ``ImageName``
    /// takes off a base (an extension, a scale, a device, `-568h`). So `close` ends in
    /// `close@2x.png` and `close_`, and not in `Close this window` (a sentence of the data files
    /// that starts with an image's name, which exact keying then turned away). Right after the
    /// key, a letter or digit beyond ASCII (`i` of `için`) continues the key's last character or
    /// starts one the keys keep: no key ends there. Any other byte beyond ASCII in the run may be
    /// dropped by the keys or not: the string passes, for the exact keying to tell.
    @inline(__always)
    fileprivate static func endsBase(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
        var index = end
        while index < bytes.count {
            let byte = bytes[index]
            if isLetterOrDigit(byte) { return false }
            if byte >= 0x80 {
                return index != end || !isLetterOrNumber(scalarAt: index, in: bytes)
            }
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "-")
            {
                return true
            }
            index += 1
        }
        return true
    }

    /// Whether the scalar whose UTF-8 starts at `index` is a letter or a number by its general
    /// category (what ``NameKeys/loose(_:)`` keeps, and never a mark that could join the byte before).
    fileprivate static func isLetterOrNumber(scalarAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes[index] >= 0xC0, let scalar = scalar(at: index, in: bytes).scalar else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 starts at `index` (a lead byte, 0xC0 or above), and its length in
    /// bytes; nil when the sequence is cut off by the end.
    fileprivate static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (scalar: Unicode.Scalar?, length: Int) {
        let byte = bytes[index]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return (nil, length) }
        var value = UInt32(byte) & (byte >= 0xF0 ? 0x07 : byte >= 0xE0 ? 0x0F : 0x1F)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value), length)
    }

    fileprivate static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}
