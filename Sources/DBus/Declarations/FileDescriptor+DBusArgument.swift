import Glibc
import Linux

/// A Unix file descriptor argument (`h`), owned: a method may take one, return
/// one, or find one in an `a{sv}` dictionary (``DBusVariantDictionary/descriptor(_:)``).
///
/// Reading one from a message's values duplicates the descriptor the values
/// hold, so that the new value owns its copy and closes it when it goes away:
/// the object server closes every descriptor a call carries once its handler
/// returns, and a client every one a reply carries once it is decoded, so
/// descriptors nobody declared are never kept. Writing one borrows the
/// descriptor, which libdbus duplicates into the message: the value must live
/// until the message is built (the declarations see to it).
extension FileDescriptor: DBusArgumentValue {
    public static var dbusType: DBusType { .unixFD }

    /// The descriptor, borrowed: valid while this value lives.
    public var dbusValue: DBusValue { .unixFD(rawValue) }

    /// A duplicate of the descriptor `value` holds, owned by the new value; nil
    /// for another type, a descriptor already closed (`-1`) or one that cannot
    /// be duplicated (the process is out of descriptors).
    public convenience init?(dbusValue value: DBusValue) {
        guard case .unixFD(let borrowed) = value, borrowed >= 0 else { return nil }
        let copy = fcntl(borrowed, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { return nil }
        self.init(adopting: copy)
    }

    public static func refusal(of value: DBusValue) -> String {
        guard case .unixFD = value else {
            return "it is of type \"\(value.type.signature)\", not \"\(dbusType.signature)\""
        }
        return "its file descriptor is closed or could not be duplicated"
    }
}

extension DBusVariantDictionary {
    /// The descriptor of the last entry called `key`, duplicated and owned by
    /// the value returned; nil when there is no such entry or it holds no `h`.
    /// The dictionary's own descriptors stay its message's, closed with it.
    public func descriptor(_ key: String) -> FileDescriptor? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        return FileDescriptor(dbusValue: entry.value)
    }
}
