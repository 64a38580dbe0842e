/// The strings of a tree's data files as read, one after another in one buffer: no `String`
/// is made and none is hashed until the asked keys (``LooseKeyFilter``) pick the few that may
/// name an image. A tree's data holds some 100,000 strings, most of them sentences in many
/// languages; making each a `String` in a set was most of what `unused-image` added to a lint
/// of such an app (Home Assistant: 134 ms of 0.33 s).
///
/// Strings are kept in the order read, duplicates too; each is valid UTF-8 (the reader
/// repairs a file that is not), so its bytes are the `String`'s.
public struct DataStrings: Sendable, DataStringSink {
    private var bytes: [UInt8] = []
    /// The end of each string in ``bytes``.
    private var ends: [Int] = []

    public init() {}

    public var isEmpty: Bool { ends.isEmpty }
    public var count: Int { ends.count }

    public mutating func insert(_ string: String) {
        bytes += string.utf8
        ends.append(bytes.count)
    }

    /// A string given by its bytes, which must be UTF-8.
    mutating func insert(utf8 text: ArraySlice<UInt8>) {
        bytes += text
        ends.append(bytes.count)
    }

    mutating func append(contentsOf other: DataStrings) {
        let offset = bytes.count
        bytes += other.bytes
        ends += other.ends.lazy.map { $0 + offset }
    }

    /// The bytes of the string at `index`.
    func withBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// The index and bytes of each string in `range`, the buffer opened once.
    func forEach(in range: Range<Int>, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var start = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
            for index in range {
                body(index, UnsafeBufferPointer(rebasing: buffer[start..<ends[index]]))
                start = ends[index]
            }
        }
    }

    public func string(at index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Every string, once.
    public var distinct: Set<String> { Set((0..<count).lazy.map(string(at:))) }
}

/// Where a data file's strings go as they are read: a ``DataStrings`` or a set.
package protocol DataStringSink {
    mutating func add(_ string: String)
    /// A string given by its bytes, valid UTF-8.
    mutating func add(utf8 text: ArraySlice<UInt8>)
}

extension DataStrings {
    package mutating func add(_ string: String) { insert(string) }
    package mutating func add(utf8 text: ArraySlice<UInt8>) { insert(utf8: text) }
}

extension Set<String>: DataStringSink {
    package mutating func add(_ string: String) { insert(string) }
    package mutating func add(utf8 text: ArraySlice<UInt8>) { insert(String(decoding: text, as: UTF8.self)) }
}
