import Glibc

/// An open file descriptor owned by exactly one value, closed when that value goes away.
///
/// Whoever holds the descriptor number elsewhere (a D-Bus message, a child's
/// file actions) holds a duplicate of its own or borrows this one while it
/// keeps this value alive: nothing else closes ``rawValue``.
public final class FileDescriptor: Sendable {
    /// The descriptor's number, valid while this value lives.
    public let rawValue: Int32

    /// Takes ownership of `rawValue`, an open descriptor nobody else will close.
    public init(adopting rawValue: Int32) {
        precondition(rawValue >= 0, "FileDescriptor(adopting:) needs an open descriptor, not \(rawValue)")
        self.rawValue = rawValue
    }

    /// A close-on-exec duplicate of `rawValue`, owned by the new value; `rawValue` stays its owner's.
    ///
    /// - Throws: ``SystemCallError`` of `fcntl` (EBADF for a descriptor that is not open, EMFILE).
    public convenience init(duplicating rawValue: Int32) throws(SystemCallError) {
        self.init(adopting: try systemCall("fcntl") { fcntl(rawValue, F_DUPFD_CLOEXEC, 3) })
    }

    /// A close-on-exec duplicate of this descriptor, open on the same file, owned by the new value.
    public func duplicate() throws(SystemCallError) -> FileDescriptor {
        try FileDescriptor(duplicating: rawValue)
    }

    deinit { close(rawValue) }
}

extension FileDescriptor: Equatable {
    /// Whether both are the same owner: an open descriptor has one, so two owners are two descriptors.
    public static func == (lhs: FileDescriptor, rhs: FileDescriptor) -> Bool { lhs === rhs }
}
