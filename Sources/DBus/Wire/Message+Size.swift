import CDBus

extension Message {
    /// About how many bytes the message takes, found without decoding it:
    /// its body's strings and arrays by their lengths (an array's from its
    /// length prefix), other values at eight bytes, and an allowance for the
    /// header. What the budget of calls waiting to be served counts
    /// (``DBusConnection/maximumWaitingCallBytes``); a few steps of libdbus's
    /// iterator for the small calls most are, and a `strlen` per string.
    public var approximateByteCount: Int {
        var iter = DBusMessageIter()
        var total = Self.headerAllowance
        if dbus_message_iter_init(pointer, &iter) != 0 { Self.add(&iter, to: &total) }
        return total
    }

    /// The header's share: its fields' names, paths and signature.
    static let headerAllowance = 128

    /// Adds the bytes of the values from `iter` to the end of its container.
    private static func add(_ iter: inout DBusMessageIter, to total: inout Int) {
        repeat {
            switch dbus_message_iter_get_arg_type(&iter) {
            case LibDBus.typeInvalid:
                return
            case LibDBus.typeArray:
                total += 4 + (byteLength(&iter) ?? 0)
            case LibDBus.typeString, LibDBus.typeObjectPath, LibDBus.typeSignature:
                total += 5 + (byteLength(&iter) ?? 0)
            case LibDBus.typeVariant, LibDBus.typeStruct, LibDBus.typeDictEntry:
                // Their depth is bounded by the specification (64), which libdbus checked on reading.
                var fields = DBusMessageIter()
                dbus_message_iter_recurse(&iter, &fields)
                total += 8
                add(&fields, to: &total)
            default:
                total += 8
            }
        } while dbus_message_iter_next(&iter) != 0
    }
}
