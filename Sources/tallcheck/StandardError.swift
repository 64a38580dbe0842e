#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a line to standard error, prefixed with the tool's name.
func printError(_ line: String) {
    var text = "tallcheck: \(line)\n"
    text.withUTF8 { bytes in
        _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
    }
}
