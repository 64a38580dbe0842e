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
                while offset <= last {
                    guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + position, wantedBase, wanted.count) == 0 { return position }
                    offset = position + 1
                }
                return nil
            }
        }
    }
}
