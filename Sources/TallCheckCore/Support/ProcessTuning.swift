import CFileSystem

/// Settings of the process that runs TallCheck, for the command-line tool to apply at start.
public enum ProcessTuning {
    /// Keeps memory the process frees for its own reuse instead of handing it back to the
    /// system at once. Parsers (swift-syntax's arenas, one per source file, on every core)
    /// allocate and free large blocks; glibc maps each above 128 KiB separately and unmaps it on
    /// free, and every unmap stops the other cores to flush their TLBs: a third of the time of
    /// scanning 3,000 Swift files went to the kernel (`perf record`; docs/performance.md). A lint
    /// is a short process: what it frees, it uses again. A library user's process is its own
    /// business, so the library never calls this itself.
    public static func keepFreedMemoryForReuse() {
        tc_keep_freed_memory()
    }
}
