import CLinux

/// Memory the process has freed but the allocator keeps.
public enum FreedMemory {
    /// Gives the pages the allocator holds free back to the system
    /// (`malloc_trim(3)`): after a large structure goes, glibc keeps its
    /// freed chunks for later allocations, and the process's RSS stays at
    /// its peak. It walks the heap, so call it after something large went,
    /// not on every free.
    public static func returnToSystem() {
        _ = clinux_malloc_trim()
    }
}
