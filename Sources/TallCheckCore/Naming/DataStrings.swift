/// The strings of a tree's data files as read, kept as UTF-8 bytes: no `String` is made and none
/// is hashed until the asked keys (``LooseKeyFilter``) pick the few that may name an image. A
/// tree's data holds some 100,000 strings, most of them sentences in many languages; making each
/// a `String` in a set was most of what `unused-image` added to a lint of such an app (Home
/// Assistant: 134 ms of 0.33 s).
///
/// One chunk a file, strings one after another in it, in the order read, duplicates too; joining
/// two keeps their chunks (no copy). Each string is valid UTF-8 (the reader repairs a file that
/// is not), so its bytes are the `String`'s.
public struct DataStrings: Sendable {
    struct Chunk: Sendable {
        var bytes: [UInt8] = []
        /// The end of each string in ``bytes``.
        var ends: [Int] = []
    }

    private(set) var chunks: [Chunk] = []
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    public mutating func insert(_ string: String) {
        insert(utf8: ArraySlice(string.utf8))
    }

    /// A string given by its bytes, which must be UTF-8.
    mutating func insert(utf8 text: ArraySlice<UInt8>) {
        if chunks.isEmpty { chunks.append(Chunk()) }
        chunks[chunks.count - 1].bytes += text
        chunks[chunks.count - 1].ends.append(chunks[chunks.count - 1].bytes.count)
        count += 1
    }

    mutating func append(contentsOf other: DataStrings) {
        chunks += other.chunks.filter { !$0.ends.isEmpty }
        count += other.count
    }

    /// The bytes of each string of a chunk, its buffer opened once.
    static func forEach(in chunk: Chunk, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        chunk.bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            for end in chunk.ends {
                body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }

    /// Every string, in order.
    public var strings: [String] {
        var all: [String] = []
        all.reserveCapacity(count)
        for chunk in chunks { Self.forEach(in: chunk) { all.append(String(decoding: $0, as: UTF8.self)) } }
        return all
    }

    /// Every string, once.
    public var distinct: Set<String> { Set(strings) }
}

/// Where a data file's strings go as they are read: a ``DataStrings`` or a set.
package protocol DataStringSink {
    mutating func add(_ string: String)
    /// A string given by its bytes, valid UTF-8.
    mutating func add(utf8 text: ArraySlice<UInt8>)
    /// The filter a string's bytes must pass to be kept, if any: asked once per file, before
    /// any string is made (a filter read from `inout` storage at each string is a reference
    /// retained and released each time, on an object the other core's reads share).
    var admission: LooseKeyFilter? { get }
}

extension DataStringSink {
    package var admission: LooseKeyFilter? { nil }
}

extension DataStrings: DataStringSink {
    package mutating func add(_ string: String) { insert(string) }
    package mutating func add(utf8 text: ArraySlice<UInt8>) { insert(utf8: text) }
}

extension Set<String>: DataStringSink {
    package mutating func add(_ string: String) { insert(string) }
    package mutating func add(utf8 text: ArraySlice<UInt8>) { insert(String(decoding: text, as: UTF8.self)) }
}
