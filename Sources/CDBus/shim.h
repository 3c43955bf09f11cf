#ifndef PETAL_CDBUS_SHIM_H
#define PETAL_CDBUS_SHIM_H
// libdbus's public API. Its DBUS_TYPE_* and similar macros are casts Swift
// cannot import, so the DBus module defines its own constants instead.
#include <dbus/dbus.h>

// The bytes an array's elements take, from its length prefix, in O(1). libdbus
// deprecates dbus_message_iter_get_array_len because callers mistook bytes for
// elements; bytes are what a size cap checked before decoding needs.
static inline int petal_dbus_iter_array_bytes(DBusMessageIter *iter) {
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    return dbus_message_iter_get_array_len(iter);
#pragma clang diagnostic pop
}
#endif
