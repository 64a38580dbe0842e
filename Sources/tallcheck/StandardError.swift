#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a line to standard error, prefixed with the tool's name.
func printError(_ line: String) {
    write("tallcheck: \(line)\n", to: STDERR_FILENO)
}

/// A usage error as ArgumentParser words it, unprefixed, with its final newline.
func printUsageError(_ message: String) {
    write(message.hasSuffix("\n") ? message : message + "\n", to: STDERR_FILENO)
}

/// Writes to standard output unbuffered.
func writeStandardOutput(_ text: String) {
    write(text, to: STDOUT_FILENO)
}

private func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Ends the process now, with `status`: what is still allocated is left to the system to
/// reclaim, which costs nothing, instead of being freed object by object. (Inside a command,
/// `exit` names ArgumentParser's `exit(withError:)`.)
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
