/// The candidate a mistyped word most likely meant, for messages that say "did you mean …?":
/// the closest by edit distance (ignoring case, spaces, `-` and `_`), when it is close enough to
/// be a slip (at most a third of the word's letters, and at least one), else nil.
package func closestMatch(to word: String, among candidates: [String]) -> String? {
    func folded(_ text: String) -> [UInt8] {
        text.lowercased().utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
    }
    let wanted = folded(word)
    guard !wanted.isEmpty, wanted.count <= 256 else { return nil }
    let allowed = max(1, wanted.count / 3)
    let digits = wanted.filter { (0x30...0x39).contains($0) }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let letters = folded(candidate)
        guard abs(letters.count - wanted.count) <= allowed, letters.count <= 256 else { continue }
        // Numbers name models and sizes: another number is another thing, not a slip
        // (`iPhone 99` is neither `iPhone` nor `iPhone 5`).
        guard letters.filter({ (0x30...0x39).contains($0) }) == digits else { continue }
        let distance = editDistance(wanted, letters)
        if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    return best?.candidate
}

/// ` (did you mean 'x'?)`, to follow the word in a message, or nothing.
package func didYouMean(_ word: String, among candidates: [String]) -> String {
    closestMatch(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

/// Levenshtein distance, one row at a time.
private func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...max(a.count, 1) where !a.isEmpty {
        current[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = Swift.min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return a.isEmpty ? b.count : previous[b.count]
}
