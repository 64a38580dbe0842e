/// FNV-1a, 64-bit (Fowler, Noll and Vo's hash): the same in every run and on every machine,
/// unlike `Hasher`, and cheap enough to run over every file name.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { add(byte) }
    }
}
