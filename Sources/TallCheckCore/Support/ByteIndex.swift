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
}

extension Substring {
    /// ``Swift/String/lastIndex(ofByte:)``.
    package func lastIndex(ofByte byte: UInt8) -> Index? {
        switch utf8.withContiguousStorageIfAvailable({ lastOffset(of: byte, in: $0) }) {
        case .some(let found): found.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        case .none: utf8.lastIndex(of: byte)
        }
    }
}

extension String {
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
}

extension String {
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
}
