/// Name patterns (``NamePattern``, lower-cased) bucketed by their fixed ends, so that a name is
/// tried only against the patterns that may match it: those whose first piece starts as it
/// does, or, for a pattern with no first piece (`*_dark`), whose last piece ends as it does.
/// Patterns fixed at neither end (`*icon*`) are tried every time. Trying every pattern for every
/// image made `unused-image` grow with images × patterns on large apps.
public struct PatternIndex<Value: Sendable>: Sendable {
    private var patterns: [(pattern: NamePattern, value: Value)] = []
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
        patterns.append((pattern, value))
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
        var found: Set<Int> = []
        for name in names { found.formUnion(indices(matching: name)) }
        return found.sorted().map { patterns[$0] }
    }

    private func indices(matching name: String) -> [Int] {
        let bytes = Array(name.utf8)
        var candidates = loose
        if let first = bytes.first {
            candidates += byFirstByte[first] ?? []
            if bytes.count >= 2 { candidates += byStart[Self.pair(bytes[0], bytes[1])] ?? [] }
        }
        if let last = bytes.last {
            candidates += byLastByte[last] ?? []
            if bytes.count >= 2 { candidates += byEnd[Self.pair(bytes[bytes.count - 2], last)] ?? [] }
        }
        return candidates.filter { patterns[$0].pattern.matches(name) }.sorted()
    }

    private static func pair(_ first: UInt8, _ second: UInt8) -> UInt16 { UInt16(first) << 8 | UInt16(second) }
}
