import CFileSystem

/// Settings of the process that runs TallCheck, for the command-line tool to apply at start.
public enum ProcessTuning {
    /// Lets each thread's malloc heap grow in steps of 16 MiB of address space (glibc's top
    /// pad) instead of one page at a time: a cold lint of 20,000 images made 1,700 `mprotect`
    /// calls from its worker threads, and runs 3–4 % faster without them (docs/performance.md).
    /// Pages are still touched only when used, and freed memory goes back as before. A library
    /// user's process is its own business, so the library never calls this itself.
    ///
    /// Returns whether the C library took the setting (glibc only).
    @discardableResult
    public static func tuneAllocator() -> Bool {
        tc_tune_malloc() == 1
    }

    @available(*, deprecated, renamed: "tuneAllocator()")
    public static func keepFreedMemoryForReuse() {
        tuneAllocator()
    }
}
