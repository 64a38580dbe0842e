#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system spells it: bytes, which need not be UTF-8.
///
/// A Swift `String` cannot hold a name that is not UTF-8, so files are opened by these bytes
/// and reports show ``displayString``.
public struct FileSystemPath: Sendable, Hashable {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A path given as text; a command-line argument that was not UTF-8 keeps its real bytes
    /// (``RawArguments``).
    public init(_ path: String) {
        bytes = RawArguments.bytes(for: path) ?? Array(path.utf8)
    }

    /// This path with `name` (a folder entry's bytes) appended after a `/`.
    func appending(_ name: [UInt8]) -> FileSystemPath {
        FileSystemPath(bytes: joinedPathBytes(bytes, name, slash: bytes.last != UInt8(ascii: "/")))
    }

    /// Calls `body` with the path as a C string, for system calls.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        // A NUL-terminated copy on the stack (or the heap for long paths), not a new array.
        try withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            }
            buffer[bytes.count] = 0
            return try body(buffer.baseAddress!)
        }
    }

    /// Calls `body` with the text path `path` as a C string: ``init(_:)``'s bytes.
    package static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows
        -> Result
    {
        try FileSystemPath(path).withCString(body)
    }

    /// The path for reports: see ``escapedForDisplay(_:)``.
    public var displayString: String { escapedForDisplay(bytes) }
}

/// A file name or path as reports show it, safe on one line of text: `\n`, `\r`, `\t` and
/// `\\` for those characters, `\xNN` for other control bytes and bytes that are not UTF-8,
/// `\u{NNNN}` for other control and line-breaking characters (C1 controls, U+2028, U+2029).
/// Everything else, including non-ASCII text, is kept as it is.
///
/// A newline in a file name cannot then forge a line of a report, nor an escape sequence
/// reach a terminal.
public func escapedForDisplay(_ bytes: [UInt8]) -> String {
    // Most names are printable ASCII without a backslash: nothing to escape.
    if bytes.allSatisfy(isPlainPathByte) {
        return String(decoding: bytes, as: UTF8.self)
    }
    var shown = ""
    var parser = Unicode.UTF8.ForwardParser()
    var input = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &input) {
        case .valid(let encoded):
            let scalar = Unicode.UTF8.decode(encoded)
            offset += encoded.count
            shown += escapedScalar(scalar)
        case .error(let length):
            for byte in bytes[offset..<offset + length] { shown += "\\x" + hexByte(byte) }
            offset += length
        case .emptyInput:
            return shown
        }
    }
}

/// Printable ASCII other than the backslash: shown as it is.
func isPlainPathByte(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
}

/// ``escapedForDisplay(_:)`` for text that is already a string (a command-line argument).
public func escapedForDisplay(_ text: String) -> String {
    // An argument that was not UTF-8 shows its real bytes (`caf\xE9`), not U+FFFD.
    escapedForDisplay(FileSystemPath(text).bytes)
}

/// Text that came from a file (a catalog `filename`, a property list value) made safe to print:
/// control characters, invisible format characters (bidirectional overrides, U+FEFF) and line
/// separators escaped as in ``escapedForDisplay(_:)``. Backslashes stay as they are, so text
/// that is already escaped is left unchanged.
public func escapedControls(_ text: String) -> String {
    // Most text is printable ASCII, seen so by its bytes: a scalar at a time cost about 1,500
    // instructions a message (a large app's lint escapes thousands).
    if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) == true {
        return text
    }
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var shown = ""
    for scalar in text.unicodeScalars {
        shown += needsEscape(scalar) ? escapedScalar(scalar) : String(scalar)
    }
    return shown
}

private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
    return scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar)
}

/// Control, format (U+202E, U+FEFF, U+200B…) and line or paragraph separator characters.
private func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
}

private func escapedScalar(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    case "\\": return "\\\\"
    default:
        if scalar.value < 0x20 || scalar.value == 0x7F { return "\\x" + hexByte(UInt8(scalar.value)) }
        if isInvisible(scalar) {
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        return String(scalar)
    }
}

private func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

/// `folder`, a `/` when `slash`, and `name`, in one array written in place (the walk makes
/// two such paths for each entry of the tree).
func joinedPathBytes(_ folder: [UInt8], _ name: [UInt8], slash: Bool) -> [UInt8] {
    let count = folder.count + (slash ? 1 : 0) + name.count
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        var at = UnsafeMutableBufferPointer(rebasing: buffer[...]).initialize(fromContentsOf: folder)
        if slash {
            buffer[at] = UInt8(ascii: "/")
            at += 1
        }
        at = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(fromContentsOf: name) + at
        initialized = at
    }
}
