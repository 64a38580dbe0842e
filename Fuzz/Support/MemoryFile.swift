// Compiled into every fuzz target by Scripts/fuzz: inputs become the contents of a file, so the
// code under test reads them as it reads files on disk.
#if canImport(Glibc)
    import Glibc
#endif

/// An unlinked temporary file, rewritten for every input.
struct MemoryFile {
    let descriptor: Int32

    init() {
        var template = Array("/tmp/tallcheck-fuzz-XXXXXX".utf8CString)
        descriptor = mkstemp(&template)
        unlink(template)
        precondition(descriptor >= 0, "mkstemp failed")
    }

    /// Makes `bytes` the whole file, and goes back to its start.
    func rewrite(_ bytes: UnsafeRawBufferPointer) {
        precondition(ftruncate(descriptor, 0) == 0)
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
            precondition(count > 0)
            written += count
        }
        precondition(lseek(descriptor, 0, SEEK_SET) == 0)
    }
}
