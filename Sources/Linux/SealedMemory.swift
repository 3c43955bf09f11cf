import CLinux
import Glibc

/// Bytes in a sealed memfd: a file in memory that nobody, its maker included,
/// can change, shrink or grow any more, so that a receiver may map it and read
/// it without copying and without fearing that it changes underneath
/// (``SealedMapping``).
public enum SealedMemory {
    /// Every seal a file made here gets: no writing, shrinking or growing, and no changing the seals.
    public static let seals = CLINUX_SEAL_WRITE | CLINUX_SEAL_SHRINK | CLINUX_SEAL_GROW | CLINUX_SEAL_SEAL

    /// A memfd (`MFD_CLOEXEC | MFD_ALLOW_SEALING`) holding `bytes`, sealed
    /// `F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL`.
    ///
    /// - Parameter name: what `/proc/<pid>/fd` shows the file as (`/memfd:<name>`); it need not be unique.
    /// - Throws: ``SystemCallError`` of `memfd_create`, `write` or `fcntl`.
    public static func make(name: String, bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> FileDescriptor {
        let file = try memoryFile(name: name)
        try write(bytes, to: file, name: name)
        try addSeals(seals, to: file, name: name)
        return file
    }

    /// A sealed memfd holding `bytes`; see ``make(name:bytes:)``.
    public static func make(name: String, bytes: [UInt8]) throws(SystemCallError) -> FileDescriptor {
        let made = bytes.withUnsafeBytes { buffer in
            Result { () throws(SystemCallError) in try make(name: name, bytes: buffer) }
        }
        return try made.get()
    }

    /// An empty memfd that can be sealed, not sealed yet.
    static func memoryFile(name: String) throws(SystemCallError) -> FileDescriptor {
        FileDescriptor(adopting: try systemCall("memfd_create", path: name) { clinux_memfd_create(name) })
    }

    /// Writes all of `bytes` at the file's offset.
    static func write(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor, name: String) throws(SystemCallError) {
        var written = 0
        while written < bytes.count {
            let start = bytes.baseAddress! + written
            written += try systemCall("write", path: "memfd:\(name)") {
                Glibc.write(file.rawValue, start, bytes.count - written)
            }
        }
    }

    /// Adds `seals` (`CLINUX_SEAL_*`) to the file's.
    static func addSeals(_ seals: Int32, to file: FileDescriptor, name: String) throws(SystemCallError) {
        try systemCall("fcntl(F_ADD_SEALS)", path: "memfd:\(name)") { clinux_add_seals(file.rawValue, seals) }
    }
}
