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
