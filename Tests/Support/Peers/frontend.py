#!/usr/bin/python3
"""A program that draws menus, as petald sees one: it owns
org.petal.Frontend1 on the session bus and draws nothing. Started by the bus
from a test's activation file, it first appends its process id to the file
PETAL_TEST_FRONTEND_STARTS names, so the test counts how often it was started.
It exits with the bus."""
import os

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
with open(os.environ["PETAL_TEST_FRONTEND_STARTS"], "a") as starts:
    starts.write(f"{os.getpid()}\n")
bus.request_name("org.petal.Frontend1")
GLib.MainLoop().run()
