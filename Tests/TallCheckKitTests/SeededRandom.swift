/// A xorshift generator with a fixed seed: tests that compare two implementations over many
/// random inputs see the same inputs on every run.
struct SeededRandom {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
