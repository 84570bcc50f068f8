
/// Process-wide allocator settings for moving audio around.
///
/// glibc serves blocks over 128 KB (a segment's audio is about 600 KB) with fresh `mmap`s and
/// gives them back on `free`, so every segment's buffers are faulted in and zeroed page by page
/// again; a profile of a build showed a tenth of its time in those page faults. Keeping freed
/// memory in the heap lets the next segment reuse pages that are already there. Each thread
/// would get an arena of its own, each keeping its freed memory: two arenas bound that.
public enum MemoryTuning {
    public static func keepFreedMemory() {
        #if os(Linux)
        // <malloc.h>'s M_TRIM_THRESHOLD and M_MMAP_THRESHOLD (not in Swift's Glibc module).
        _ = glibcMallopt(-3, 64 << 20)
        _ = glibcMallopt(-1, 256 << 20)
        _ = glibcMallopt(-8, 2)  // M_ARENA_MAX
        #endif
    }

    /// Gives the freed memory of the heap back to the system. Preparing a long document (a
    /// book) goes through several copies of its text, which are freed but, kept by the
    /// allocator, would stay in the process's memory while the whole book is synthesized.
    public static func releaseFreedMemory() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
/// glibc's `int malloc_trim(size_t pad)`.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

/// glibc's `int mallopt(int param, int value)`, which Swift's Glibc module does not export.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
