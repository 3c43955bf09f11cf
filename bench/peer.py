#!/usr/bin/python3
"""The dbus-python peer: Petal's Toggle and Trigger as a script author would
serve them, with dbus-python on the GLib main loop.

  Toggle() -> s               flips collapsed <-> expanded at once (no
                              animation) and emits StateChanged(new, old) and
                              PropertiesChanged(State), as petald does per change.
  Trigger(s, a{sv}) -> a{sv}  a no-op action: replies with an empty dict.
  Properties.Get(s, s) -> v   the State property (for run.py's part hostile).

Usage: /usr/bin/python3 bench/peer.py [NAME]   (default org.petal.Bench.Python)
Debian's /usr/bin/python3 has the dbus and gi modules; a python3 from
elsewhere on PATH may not.
"""
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PATH = "/org/petal/Petal1"
INTERFACE = "org.petal.Petal1.Menu"


class Menu(dbus.service.Object):
    def __init__(self, bus):
        super().__init__(bus, PATH)
        self.state = "collapsed"

    @dbus.service.method(INTERFACE, in_signature="", out_signature="s")
    def Toggle(self):
        previous = self.state
        self.state = "expanded" if previous == "collapsed" else "collapsed"
        self.StateChanged(self.state, previous)
        self.PropertiesChanged(INTERFACE, {"State": self.state}, [])
        return self.state

    @dbus.service.method(INTERFACE, in_signature="sa{sv}", out_signature="a{sv}")
    def Trigger(self, action, params):
        return dbus.Dictionary({}, signature="sv")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface != INTERFACE or name != "State":
            raise dbus.exceptions.DBusException(f"no property {interface}.{name}",
                                                name="org.freedesktop.DBus.Error.UnknownProperty")
        return dbus.String(self.state)

    @dbus.service.signal(INTERFACE, signature="ss")
    def StateChanged(self, state, previous):
        pass

    @dbus.service.signal(dbus.PROPERTIES_IFACE, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else "org.petal.Bench.Python"
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    menu = Menu(bus)  # noqa: F841 (kept alive by the bus)
    reply = bus.request_name(name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
    if reply != dbus.bus.REQUEST_NAME_REPLY_PRIMARY_OWNER:
        sys.exit(f"bench peer.py: cannot own {name}: it is taken")
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
