#!/usr/bin/python3
"""A plain GTK 3 window for the context benchmark (bench/context.py):

    context_window.py NAME TITLE

NAME is GTK's program name: the window's app id on Wayland and, capitalised,
its WM_CLASS class on X11. Prints `ready XID` once drawn (XID 0 on Wayland).
Run by Debian's /usr/bin/python3 with gi and gir1.2-gtk-3.0.
"""
import sys

import gi

name, title = sys.argv[1:3]
# GTK's own --name, which GTK reads from sys.argv when gi imports it: set
# later, the X11 class would already be made from the script's name.
sys.argv = [sys.argv[0], f"--name={name}"]
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

window = Gtk.Window(title=title)
window.set_default_size(320, 240)


def drawn(*_):
    xid = window.get_window().get_xid() if hasattr(window.get_window(), "get_xid") else 0
    print("ready", xid, flush=True)
    return False


window.connect("map-event", lambda *_: GLib.timeout_add(50, drawn))
window.connect("destroy", Gtk.main_quit)
window.show_all()
Gtk.main()
