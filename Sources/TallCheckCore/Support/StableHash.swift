/// A hash of `parts` that is the same in every run and on every machine, as 16 hex digits,
/// for fingerprints that CI systems compare across runs.
package func stableHash(_ parts: [String]) -> String {
    var hash = FNV1a()
    for (index, part) in parts.enumerated() {
        // A separator no UTF-8 text contains, so ["ab", "c"] and ["a", "bc"] differ.
        if index > 0 { hash.add(0xFF) }
        hash.add(part.utf8)
    }
    let hex = String(hash.value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
