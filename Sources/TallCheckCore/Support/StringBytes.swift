#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// String helpers that work on UTF-8 bytes in place: the hot paths of a scan (paths, names,
/// extensions) ask them for every file. Each answers as the Character-level operation it
/// stands in for (`StringBytesTests`), deferring to it where a byte beyond ASCII could join
/// a separator into another Character.

/// The offset of the last `byte` in `bytes`.
private func lastOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = bytes.count
    while index > 0 {
        index -= 1
        if bytes[index] == byte { return index }
    }
    return nil
}

extension String {
    /// The index of the last `byte` in the string's UTF-8, searched in its storage (the generic
    /// `utf8.lastIndex(of:)` steps back one index at a time; paths are searched for their last
    /// `/` by the hundred thousand in a large app's scan).
    package func lastIndex(ofByte byte: UInt8) -> Index? {
        switch utf8.withContiguousStorageIfAvailable({ lastOffset(of: byte, in: $0) }) {
        case .some(let found): found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        case .none: utf8.lastIndex(of: byte)
        }
    }

    /// `folder/name` (`name` alone when `folder` is empty), made in one allocation: a walk joins
    /// one for every file it lists.
    package static func joinedPath(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        var (folder, name) = (folder, name)
        return folder.withUTF8 { folder in
            name.withUTF8 { name in
                String(unsafeUninitializedCapacity: folder.count + 1 + name.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: folder)
                    buffer[folder.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(folder.count + 1)...]).initialize(
                        fromContentsOf: name)
                    return buffer.count
                }
            }
        }
    }

    /// `hasPrefix(prefix)` for an ASCII `prefix` (not ending in a carriage return), by bytes: an
    /// ASCII letter has no other spelling, so bytes that differ answer no; where the byte after
    /// the prefix may start a combining mark, `hasPrefix` decides (`Icon` is no prefix of `Icón`
    /// spelled with a combining accent).
    package func hasASCIIPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.count >= count else { return false }
            for index in 0..<count where bytes[index] != prefix.utf8Start[index] { return false }
            return bytes.count == count || bytes[count] < 0x80 ? true : nil
        }
        if case .some(.some(let answer)) = inPlace { return answer }
        return hasPrefix(prefix.description)
    }

    /// The folders of a path: `split(separator: "/").dropLast()`, found by bytes (splitting by
    /// Characters costs thousands of instructions a path, and runs for every source file and
    /// finding). Where a byte beyond ASCII touches a slash, which may join it into another
    /// Character, the Character split answers.
    package var folders: ArraySlice<Substring> {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Range<Int>]? in
            var ranges: [Range<Int>] = []
            var start = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "/") {
                if index > 0, bytes[index - 1] >= 0x80 { return nil }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                if index > start { ranges.append(start..<index) }
                start = index + 1
            }
            if bytes.count > start { ranges.append(start..<bytes.count) }
            return ranges
        }
        guard case .some(.some(let ranges)) = found else { return split(separator: "/").dropLast() }
        return ranges.map { range in
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return self[lower..<utf8.index(lower, offsetBy: range.count)]
        }.dropLast()
    }

    /// `lastIndex(of:)` for the Character an ASCII `byte` (`.`, `/`) is, found by bytes. Where a
    /// byte beyond ASCII touches the one found (it may join it into another Character), the
    /// Character search answers.
    package func lastIndex(ofCharacterByte byte: UInt8) -> Index? {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            var index = bytes.count
            while index > 0 {
                index -= 1
                guard bytes[index] == byte else { continue }
                if index > 0, bytes[index - 1] >= 0x80 { return nil }
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return nil }
                return .some(index)
            }
            return .some(nil)
        }
        switch found {
        case .some(.some(let offset)): return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        default: return lastIndex(of: Character(Unicode.Scalar(byte)))
        }
    }

    /// `split(separator: "/").last`, found by bytes; where a byte beyond ASCII touches a slash
    /// that bounds it, the split answers.
    package var lastSplitComponent: Substring? {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>?? in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash {
                if end >= 2, bytes[end - 2] >= 0x80 { return nil }
                if end < bytes.count, bytes[end] >= 0x80 { return nil }
                end -= 1
            }
            guard end > 0 else { return .some(nil) }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            if start > 0, bytes[start] >= 0x80 || (start >= 2 && bytes[start - 2] >= 0x80) { return nil }
            return .some(start..<end)
        }
        switch found {
        case .some(.some(let range)):
            return range.map { range in
                let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                return self[lower..<utf8.index(lower, offsetBy: range.count)]
            }
        default: return split(separator: "/").last
        }
    }

    /// Whether the UTF-8 holds `byte`, searched in place (the generic `utf8.contains` steps
    /// one index at a time).
    package func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(byte) } ?? utf8.contains(byte)
    }

    /// Whether the UTF-8 holds `needle`'s bytes, compared by bytes (`String.contains` of a
    /// string is Foundation's locale-aware search).
    package func contains(bytes needle: StaticString) -> Bool {
        needle.utf8CodeUnitCount == 0 || utf8Offset(of: needle) != nil
    }

    /// The text before the first `needle`, found by bytes (`range(of:)` is Foundation's
    /// locale-aware search, most of a large project's catalog checks): `Art/A` of
    /// `Art/A.xcassets/b.imageset` for `.xcassets/`. The needle starts with an ASCII byte, so
    /// the prefix ends between Characters.
    package func prefix(beforeBytes needle: StaticString) -> Substring? {
        guard let offset = utf8Offset(of: needle) else { return nil }
        return self[..<utf8.index(startIndex, offsetBy: offset)]
    }

    /// The UTF-8 offset of the first `needle`.
    private func utf8Offset(of needle: StaticString) -> Int? {
        let target = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = target.first else { return 0 }
        var text = self
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count >= target.count else { return nil }
            for index in 0...(bytes.count - target.count) where bytes[index] == first {
                if UnsafeBufferPointer(rebasing: bytes[index..<(index + target.count)]).elementsEqual(target) {
                    return index
                }
            }
            return nil
        }
    }

    /// Whether the path has a `.lproj/` folder, found by bytes: each dot (most paths have one)
    /// is checked for the rest of the marker.
    package var containsLprojFolder: Bool {
        var path = self
        return path.withUTF8 { bytes in
            guard bytes.count >= 7 else { return false }
            for index in 0...(bytes.count - 7) where bytes[index] == UInt8(ascii: ".") {
                if bytes[index + 1] == UInt8(ascii: "l"), bytes[index + 2] == UInt8(ascii: "p"),
                    bytes[index + 3] == UInt8(ascii: "r"), bytes[index + 4] == UInt8(ascii: "o"),
                    bytes[index + 5] == UInt8(ascii: "j"), bytes[index + 6] == UInt8(ascii: "/")
                {
                    return true
                }
            }
            return false
        }
    }
}

extension String {
    /// Whether every byte of the string is ASCII.
    package var isASCIIBytes: Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether a byte is an ASCII capital: an ASCII string without one is its own `lowercased()`.
    package var hasASCIIUppercase: Bool {
        utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }

    /// How `self` and `other` order by their bytes: negative, zero or positive. For two ASCII
    /// strings (``isASCIIBytes``, asked once for each) that is their order by `<` and `==`,
    /// found without String's Unicode comparison: for sorts of many paths.
    package func compareBytes(_ other: String) -> Int {
        var (mine, theirs) = (self, other)
        return mine.withUTF8 { mine in
            theirs.withUTF8 { theirs in
                let common = Swift.min(mine.count, theirs.count)
                let compared = common == 0 ? 0 : Int(memcmp(mine.baseAddress!, theirs.baseAddress!, common))
                return compared != 0 ? compared : mine.count - theirs.count
            }
        }
    }
}

/// The first 16 bytes of an ASCII string as two big-endian numbers (zeros past its end): for two
/// ASCII strings whose prefixes differ, the prefixes' order is their order by `<`, found without
/// String's Unicode comparison. Nil for a string with a byte beyond ASCII.
package struct ASCIISortPrefix: Comparable, Sendable {
    private let high: UInt64
    private let low: UInt64

    package init?(_ string: String) {
        var (high, low): (UInt64, UInt64) = (0, 0)
        var count = 0
        for byte in string.utf8 {
            guard byte < 0x80 else { return nil }
            if count < 8 {
                high |= UInt64(byte) << (56 - 8 * count)
            } else if count < 16 {
                low |= UInt64(byte) << (56 - 8 * (count - 8))
            }
            count += 1
        }
        (self.high, self.low) = (high, low)
    }

    package static func < (lhs: ASCIISortPrefix, rhs: ASCIISortPrefix) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

extension Substring {
    /// `hasSuffix` for an ASCII `suffix`, by bytes. Where the byte before it is beyond ASCII (a
    /// prepended mark such as U+0600 joins the next Character), the Character operation answers.
    package func hasASCIISuffix(_ suffix: StaticString) -> Bool {
        let tail = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        let bytes = utf8
        guard bytes.count >= tail.count else { return false }
        let start = bytes.index(bytes.endIndex, offsetBy: -tail.count)
        guard bytes[start...].elementsEqual(tail) else { return false }
        if start > bytes.startIndex, bytes[bytes.index(before: start)] >= 0x80 {
            return hasSuffix(String(decoding: tail, as: UTF8.self))
        }
        return true
    }

    /// ``Swift/String/lastIndex(ofByte:)``.
    package func lastIndex(ofByte byte: UInt8) -> Index? {
        switch utf8.withContiguousStorageIfAvailable({ lastOffset(of: byte, in: $0) }) {
        case .some(let found): found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        case .none: utf8.lastIndex(of: byte)
        }
    }
}
