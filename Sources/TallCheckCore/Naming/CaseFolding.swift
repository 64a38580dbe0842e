/// File names compared as a case-insensitive file system (a Mac's, the simulator's) compares
/// them, to find names that only a device, whose file system is case-sensitive, tells apart.
extension String {
    /// A hash of the name with ASCII letters folded to lower case; names that are not ASCII
    /// hash their `lowercased()` form.
    package var caseFoldedHash: UInt64 {
        // Asked for every image's path and base: its bytes in place when they are there.
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var hash = FNV1a()
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                hash.add(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
            return hash.value
        }
        if case .some(.some(let hash)) = inPlace { return hash }
        // Beyond ASCII (or bytes not in place): the lower-case form, which for ASCII is the
        // folding above.
        var folded = FNV1a()
        folded.add(lowercased().utf8)
        return folded.value
    }

    /// Lower case, without allocating for the common all-lower-case ASCII name.
    package var caseFolded: String {
        utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) } ? self : lowercased()
    }
}
