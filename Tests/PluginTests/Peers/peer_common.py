"""What the test peers share: a private-bus connection that ends with the
test, D-Bus values as JSON (variants as [signature, value]), atomic records."""

import json
import os
import signal

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

_SIGNATURES = [
    (dbus.Boolean, "b"), (dbus.Byte, "y"), (dbus.Int16, "n"), (dbus.UInt16, "q"),
    (dbus.Int32, "i"), (dbus.UInt32, "u"), (dbus.Int64, "x"), (dbus.UInt64, "t"),
    (dbus.Double, "d"), (dbus.ObjectPath, "o"), (dbus.Signature, "g"), (dbus.String, "s"),
]


def signature(value):
    """The D-Bus signature of a value dbus-python received."""
    for kind, code in _SIGNATURES:
        if isinstance(value, kind):
            return code
    if isinstance(value, dbus.Dictionary):
        return "a{%s}" % value.signature
    if isinstance(value, dbus.Array):
        return "a" + value.signature
    if isinstance(value, dbus.Struct):
        return "(" + "".join(signature(v) for v in value) + ")"
    raise TypeError("no signature for %r" % (value,))


def plain(value):
    """A received value as JSON; variants in dictionaries keep their type as [signature, value]."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dbus.Dictionary) and value.signature.endswith("v"):
        return {str(k): [signature(v), plain(v)] for k, v in value.items()}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return [plain(v) for v in value]


def record(path, entries):
    """Writes entries to path as JSON, atomically."""
    temporary = path + ".tmp"
    with open(temporary, "w") as handle:
        json.dump(entries, handle)
    os.replace(temporary, path)


def connect(address):
    """A connection to the private bus whose loss (or the test's exit) ends this process."""
    # A test process starts peers from threads that block most signals, and the mask is inherited.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    bus.set_exit_on_disconnect(True)
    parent = os.getppid()

    def watch_parent():
        if os.getppid() != parent:
            os._exit(0)
        return True

    GLib.timeout_add(200, watch_parent)
    return bus


def run():
    """Serves until killed."""
    GLib.MainLoop().run()
