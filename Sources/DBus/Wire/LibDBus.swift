import CDBus

/// libdbus's constants. Its headers define them as macros that are casts,
/// which Swift cannot import, so they are restated here from dbus-protocol.h
/// and dbus-shared.h.
enum LibDBus {
    static let typeInvalid: Int32 = 0
    static let typeString = Int32(UInt8(ascii: "s"))
    static let typeObjectPath = Int32(UInt8(ascii: "o"))
    static let typeSignature = Int32(UInt8(ascii: "g"))
    static let typeArray = Int32(UInt8(ascii: "a"))
    static let typeVariant = Int32(UInt8(ascii: "v"))
    static let typeStruct = Int32(UInt8(ascii: "r"))
    static let typeDictEntry = Int32(UInt8(ascii: "e"))

    static let messageTypeMethodCall: Int32 = 1
    static let messageTypeMethodReturn: Int32 = 2
    static let messageTypeError: Int32 = 3
    static let messageTypeSignal: Int32 = 4

    static let handled = DBUS_HANDLER_RESULT_HANDLED
    static let notYetHandled = DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    /// Puts the message back at the head of libdbus's queue, to be dispatched again later.
    static let putBack = DBUS_HANDLER_RESULT_NEED_MEMORY

    static let watchReadable: UInt32 = 1 << 0
    static let watchWritable: UInt32 = 1 << 1
    static let watchError: UInt32 = 1 << 2
    static let watchHangup: UInt32 = 1 << 3

    static let nameFlagAllowReplacement: UInt32 = 0x1
    static let nameFlagReplaceExisting: UInt32 = 0x2
    static let nameFlagDoNotQueue: UInt32 = 0x4

    static let timeoutUseDefault: Int32 = -1
    static let timeoutInfinite: Int32 = 0x7fff_ffff

    static let localPath = "/org/freedesktop/DBus/Local"
    static let localInterface = "org.freedesktop.DBus.Local"
    /// The signal libdbus delivers when the connection is lost.
    static let disconnectedMember = "Disconnected"

    static let `true`: dbus_bool_t = 1
    static let `false`: dbus_bool_t = 0
}
