#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes, for the prefilter that spares most source files a
    /// parse: `memchr` to each candidate first byte (Glibc's `memmem` is not visible to Swift).
    func containsBytes(_ needle: [UInt8]) -> Bool {
        firstOffset(of: needle, from: 0) != nil
    }

    /// Each offset where `word` stands as a whole identifier (no identifier byte right before
    /// or after it): `let name` in `let name = …`, not in `let names`.
    func wholeIdentifierOffsets(of word: String) -> [Int] {
        let needle = Array(word.utf8)
        var offsets: [Int] = []
        var start = 0
        while let found = firstOffset(of: needle, from: start) {
            start = found + 1
            let end = found + needle.count
            if (found == 0 || !SwiftSnippets.isIdentifierByte(self[found - 1]))
                && (end >= count || !SwiftSnippets.isIdentifierByte(self[end]))
            {
                offsets.append(found)
            }
        }
        return offsets
    }

    /// The offset of the first `needle` at or after `start`.
    package func firstOffset(of needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, count - start >= needle.count else { return nil }
        return withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { wanted -> Int? in
                guard let base = haystack.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                var offset = start
                let last = haystack.count - wanted.count
                let final = wanted.count - 1
                let lastByte = wanted[final]
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    // Most hits of the first byte are not the needle: its last byte tells, and
                    // the rest (a few bytes) is compared here, not by a call to `memcmp`, whose
                    // cost for a short needle at each hit was a tenth of a large app's source scan.
                    if base[position + final] == lastByte {
                        var index = 1
                        while index < final, base[position + index] == wantedBase[index] { index += 1 }
                        if index >= final { return position }
                    }
                    offset = position + 1
                }
                return nil
            }
        }
    }
}
