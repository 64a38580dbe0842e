#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls `body` with each entry of an open folder stream but `.` and `..`: the name's bytes
/// (any bytes but `/` and NUL: not necessarily UTF-8) and the type `readdir` gives
/// (`DT_UNKNOWN` on file systems that do not fill it in).
///
/// - Returns: nil when the whole folder was listed, else the error (`errno`) that cut the
///   listing short.
func forEachEntry(of stream: OpaquePointer, _ body: (_ name: [UInt8], _ type: UInt8) -> Void) -> Int32? {
    while true {
        errno = 0
        guard let entry = readdir(stream) else { return errno == 0 ? nil : errno }
        // The name's length by `strlen`, and its bytes copied once (a byte-by-byte copy of the
        // prefix cost about 260 instructions an entry).
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            let base = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            return [UInt8](UnsafeRawBufferPointer(start: base, count: strnlen(base, raw.count)))
        }
        if name == [0x2E] || name == [0x2E, 0x2E] { continue }
        body(name, entry.pointee.d_type)
    }
}
