#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// Writes a line to standard error, prefixed with the tool's name.
func printError(_ line: String) {
    write("tallcheck: \(line)\n", to: STDERR_FILENO)
}

/// A usage error as ArgumentParser words it, unprefixed, with its final newline.
func printUsageError(_ message: String) {
    write(message.hasSuffix("\n") ? message : message + "\n", to: STDERR_FILENO)
}

/// Writes to standard output unbuffered. Output that cannot be written (a full disk, a closed
/// pipe) ends the run with status 2 and says why: a report nobody received is not a pass.
func writeStandardOutput(_ text: String) {
    if let failure = write(text, to: STDOUT_FILENO) { failStandardOutput(failure) }
}

/// Flushes what `print` buffered for standard output; a failure to write it ends the run with
/// status 2, as ``writeStandardOutput(_:)``'s does.
func flushStandardOutput() {
    if fflush(stdout) != 0 || ferror(stdout) != 0 { failStandardOutput(errno) }
}

private func failStandardOutput(_ code: Int32) -> Never {
    printError("error: standard output: cannot write: \(String(cString: strerror(code)))")
    exitProcess(2)
}

/// Writes all of `text`, retrying short and interrupted writes; the errno of a write that
/// failed, else nil.
@discardableResult
private func write(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}

/// Ends the process now, with `status`: what is still allocated is left to the system to
/// reclaim, which costs nothing, instead of being freed object by object. (Inside a command,
/// `exit` names ArgumentParser's `exit(withError:)`.)
func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
