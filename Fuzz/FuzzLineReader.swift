// libFuzzer entry point for LineReader (`resolve --batch` reads standard input with it),
// compiled into the TallCheckKit module by Scripts/fuzz (`lines`). Any bytes through a pipe, with
// a small cap: the lines are the input's, split at each newline, a line over the cap reported
// once as too long, none held above the cap.

#if canImport(Glibc)
    import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cap = 16
    var expected = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
        $0.count > cap ? LineReader.Line.tooLong : .text(Array($0))
    }
    if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty { expected.removeLast() }
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    // libFuzzer's inputs (4 KiB by default) fit in a pipe's buffer: write all, then read.
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    var reader = LineReader(descriptor: fds[0], maxLineBytes: cap)
    var lines: [LineReader.Line] = []
    while let line = reader.next() { lines.append(line) }
    close(fds[0])
    precondition(lines == expected, "\(lines) != \(expected)")
    return 0
}
