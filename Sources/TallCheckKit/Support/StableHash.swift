/// FNV-1a, 64-bit, over UTF-8: a hash that is the same in every run and on every machine,
/// unlike `Hasher`, for fingerprints that CI systems compare across runs.
func stableHash(_ parts: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for (index, part) in parts.enumerated() {
        // A separator no UTF-8 text contains, so ["ab", "c"] and ["a", "bc"] differ.
        for byte in (index > 0 ? [0xFF] : []) + Array(part.utf8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
