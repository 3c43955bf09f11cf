#ifndef PETAL_CDBUS_SHIM_H
#define PETAL_CDBUS_SHIM_H
// libdbus's public API. Its DBUS_TYPE_* and similar macros are casts Swift
// cannot import, so the DBus module defines its own constants instead.
#include <dbus/dbus.h>
#endif
