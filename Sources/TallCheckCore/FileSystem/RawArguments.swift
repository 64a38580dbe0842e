#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's command-line arguments that are not UTF-8, by the text Swift made of them.
///
/// `CommandLine.arguments` repairs such an argument with U+FFFD, so `caf\xE9` arrives as
/// `caf\u{FFFD}` and names no file. ``FileSystemPath/init(_:)`` asks this table for the real
/// bytes of a path that came from an argument (or starts with one, as `ROOT/.tallcheck.yml`
/// does), so the file the user named is the one opened. Read once from `argv`; never changed.
enum RawArguments {
    static let table: [[UInt8]: [UInt8]] = {
        var table: [[UInt8]: [UInt8]] = [:]
        func register(_ bytes: ArraySlice<UInt8>) {
            guard String(validating: bytes, as: UTF8.self) == nil else { return }
            let decoded = Array(String(decoding: bytes, as: UTF8.self).utf8)
            if table[decoded] == nil { table[decoded] = Array(bytes) }
        }
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            let all = Array(bytes)[...]
            register(all)
            // `--output=PATH`: the value alone too.
            if all.starts(with: Array("--".utf8)), let equals = all.firstIndex(of: UInt8(ascii: "=")) {
                register(all[(equals + 1)...])
            }
        }
        return table
    }()

    /// The real bytes of `text` when it is, or starts with, a repaired argument; else nil.
    static func bytes(for text: String) -> [UInt8]? {
        guard !table.isEmpty else { return nil }
        let utf8 = Array(text.utf8)
        // U+FFFD is EF BF BD: only text holding it can be a repaired argument.
        guard utf8.count >= 3,
            utf8.indices.dropLast(2).contains(where: {
                utf8[$0] == 0xEF && utf8[$0 + 1] == 0xBF && utf8[$0 + 2] == 0xBD
            })
        else { return nil }
        if let exact = table[utf8] { return exact }
        for (decoded, raw) in table where utf8.count > decoded.count && utf8.starts(with: decoded) {
            if utf8[decoded.count] == UInt8(ascii: "/") { return raw + utf8[decoded.count...] }
        }
        return nil
    }
}
