import CLinux
import Glibc

/// A read-only, shared mapping of a memfd that is sealed against writing,
/// shrinking and growing: its bytes cannot change while they are read, and
/// reading them cannot fault (a file shrunk under a mapping raises SIGBUS).
/// Unmapped when the value goes away; it keeps its descriptor until then.
///
/// Unchecked Sendable: its stored properties never change, and the bytes
/// they point at cannot (the seals forbid writing, and the mapping is read-only).
public final class SealedMapping: @unchecked Sendable {
    /// The file mapped, kept open as long as the mapping.
    public let descriptor: FileDescriptor
    /// The file's bytes, at least one; read-only, valid while this value lives:
    /// keep the mapping in a variable as long as they are read, or use ``withBytes(_:)``.
    public let bytes: UnsafeRawBufferPointer

    /// The seals a file must have to be mapped: no writing, shrinking or growing.
    public static let requiredSeals = CLINUX_SEAL_WRITE | CLINUX_SEAL_SHRINK | CLINUX_SEAL_GROW

    /// Maps `descriptor` after checking that it is sealed (``requiredSeals``)
    /// and holds between 1 and `maximumSize` bytes.
    ///
    /// - Parameter subject: what errors call the file: "the rows' file descriptor", say.
    /// - Throws: ``SealedMappingError`` saying what is wrong and what would be right.
    public init(
        _ descriptor: FileDescriptor, maximumSize: Int, subject: String = "the file descriptor"
    ) throws(SealedMappingError) {
        func failure(_ problem: SealedMappingError.Problem) -> SealedMappingError {
            SealedMappingError(subject: subject, problem: problem)
        }
        let seals = clinux_get_seals(descriptor.rawValue)
        if seals == -1 {
            let code = errno
            throw failure(
                code == EINVAL ? .notSealable : .system(SystemCallError(call: "fcntl(F_GET_SEALS)", errno: code)))
        }
        let missing = Self.requiredSeals & ~seals
        guard missing == 0 else { throw failure(.notSealed(missing: SealedMappingError.Seal.all(in: missing))) }
        // The size is read after the seals: from then on it cannot change.
        var info = stat()
        do {
            try systemCall("fstat") { fstat(descriptor.rawValue, &info) }
        } catch {
            throw failure(.system(error))
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw failure(.empty) }
        guard size <= maximumSize else { throw failure(.tooLarge(size: size, maximum: maximumSize)) }
        let start = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor.rawValue, 0)
        guard let start, start != MAP_FAILED else {
            throw failure(.system(SystemCallError(call: "mmap", errno: errno)))
        }
        self.descriptor = descriptor
        self.bytes = UnsafeRawBufferPointer(start: start, count: size)
    }

    /// Runs `body` with the file's bytes, this mapping kept alive meanwhile (even a temporary's).
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(bytes)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
