/// Name patterns (``NamePattern``, lower-cased) bucketed by their fixed ends, so that a name is
/// tried only against the patterns that may match it: those whose first piece starts as it
/// does, or, for a pattern with no first piece (`*_dark`), whose last piece ends as it does.
/// Patterns fixed at neither end (`*icon*`) are tried every time. Trying every pattern for every
/// image made `unused-image` grow with images × patterns on large apps.
public struct PatternIndex<Value: Sendable>: Sendable {
    /// The patterns and their values, apart: the matching loop touches only the patterns, with
    /// no generic layout to look up (tuple metadata lookups were a tenth of `unused-image`).
    private var patterns: [NamePattern] = []
    private var values: [Value] = []
    /// Indices by the first two bytes of the first piece, or of the last piece's end.
    private var byStart: [UInt16: [Int]] = [:]
    private var byEnd: [UInt16: [Int]] = [:]
    /// Patterns with short ends: a byte of a first piece, or none and a byte of a last.
    private var byFirstByte: [UInt8: [Int]] = [:]
    private var byLastByte: [UInt8: [Int]] = [:]
    private var loose: [Int] = []

    public init() {}

    public init(_ entries: some Sequence<(NamePattern, Value)>) {
        for (pattern, value) in entries { add(pattern, value) }
    }

    public var isEmpty: Bool { patterns.isEmpty }

    public mutating func add(_ pattern: NamePattern, _ value: Value) {
        let index = patterns.count
        patterns.append(pattern)
        values.append(value)
        let first = Array(pattern.pieces.first?.utf8 ?? "".utf8)
        let last = Array(pattern.pieces.last?.utf8 ?? "".utf8)
        if first.count >= 2 {
            byStart[Self.pair(first[0], first[1]), default: []].append(index)
        } else if first.count == 1 {
            byFirstByte[first[0], default: []].append(index)
        } else if last.count >= 2 {
            byEnd[Self.pair(last[last.count - 2], last[last.count - 1]), default: []].append(index)
        } else if last.count == 1 {
            byLastByte[last[0], default: []].append(index)
        } else {
            loose.append(index)
        }
    }

    /// The patterns that match any of `names`, each once, in the order they were added.
    public func entries(matchingAny names: [String]) -> [(pattern: NamePattern, value: Value)] {
        guard !patterns.isEmpty else { return [] }
        // Bucket by bucket, with no array built per name: a large app asks this of every image.
        var found: [Int] = []
        for name in names {
            func test(_ bucket: [Int]?) {
                guard let bucket else { return }
                for index in bucket where patterns[index].matches(name) { found.append(index) }
            }
            test(loose)
            let bytes = name.utf8
            guard let first = bytes.first, let last = bytes.last else { continue }
            test(byFirstByte[first])
            test(byLastByte[last])
            if bytes.count >= 2 {
                test(byStart[Self.pair(first, bytes[bytes.index(after: bytes.startIndex)])])
                test(byEnd[Self.pair(bytes[bytes.index(bytes.endIndex, offsetBy: -2)], last)])
            }
        }
        guard !found.isEmpty else { return [] }
        found.sort()
        var entries: [(pattern: NamePattern, value: Value)] = []
        for (offset, index) in found.enumerated() where offset == 0 || found[offset - 1] != index {
            entries.append((patterns[index], values[index]))
        }
        return entries
    }

    private static func pair(_ first: UInt8, _ second: UInt8) -> UInt16 { UInt16(first) << 8 | UInt16(second) }
}
