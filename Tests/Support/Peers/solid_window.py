#!/usr/bin/python3
"""A stand-in for "the window behind the overlay": a plain GTK 3 toplevel in
one solid colour that reports every input it gets, one line each on stdout:

    ready WIDTH HEIGHT        once the window has been drawn
    press X Y BUTTON          a button press (window coordinates)
    release X Y BUTTON        a button release
    key NAME                  a key press (GDK key name: Escape, Return, 1, Tab, Left, ...)
    focus in|out              keyboard focus came or went

Usage: solid_window.py --color '#rrggbb' [--size WxH] [--position X,Y] [--title T] [--strut-bottom N]

With --strut-bottom (X11 only) it is a panel: a dock window whose
_NET_WM_STRUT_PARTIAL keeps N pixels along the screen's bottom edge, set
with xprop before it says ready.
Run by Debian's /usr/bin/python3, which has gi; needs gir1.2-gtk-3.0.
Works on X11 and Wayland alike: the backend comes from GDK_BACKEND.
"""
import argparse
import subprocess
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def say(*words):
    print(*words, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--color", required=True)
    parser.add_argument("--size", default=None, help="WxH; the whole screen when absent")
    parser.add_argument("--position", default="0,0")
    parser.add_argument("--title", default="petal-solid-window")
    parser.add_argument("--strut-bottom", type=int, default=0)
    options = parser.parse_args()

    colour = Gdk.RGBA()
    if not colour.parse(options.color):
        sys.exit(f"not a colour: {options.color}")
    if options.size:
        width, height = (int(n) for n in options.size.split("x"))
    else:
        display = Gdk.Display.get_default()
        if display is None:
            sys.exit("no display to open (is DISPLAY or WAYLAND_DISPLAY set?)")
        geometry = display.get_monitor(0).get_geometry()
        width, height = geometry.width, geometry.height
    x, y = (int(n) for n in options.position.split(","))

    window = Gtk.Window(title=options.title)
    window.set_decorated(False)
    window.set_default_size(width, height)
    window.move(x, y)
    if options.strut_bottom:
        window.set_type_hint(Gdk.WindowTypeHint.DOCK)
    # The colour through CSS, not a draw handler: Python's cairo bindings (python3-gi-cairo) are not needed.
    css = Gtk.CssProvider()
    css.load_from_data(f"window {{ background: {colour.to_string()}; }}".encode())
    Gtk.StyleContext.add_provider_for_screen(window.get_screen(), css, Gtk.STYLE_PROVIDER_PRIORITY_USER)
    window.add_events(Gdk.EventMask.BUTTON_PRESS_MASK | Gdk.EventMask.BUTTON_RELEASE_MASK
                      | Gdk.EventMask.KEY_PRESS_MASK | Gdk.EventMask.FOCUS_CHANGE_MASK)

    def painted(clock):
        # After the first frame: a moment later it has reached the screen, then say so once.
        clock.disconnect(handler[0])
        def report():
            if options.strut_bottom:
                gi.require_version("GdkX11", "3.0")
                from gi.repository import GdkX11  # noqa: F401, E402
                strut = [0, 0, 0, options.strut_bottom] + [0] * 7 + [window.get_screen().get_width() - 1]
                subprocess.run(["xprop", "-id", str(window.get_window().get_xid()), "-f", "_NET_WM_STRUT_PARTIAL",
                                "32c", "-set", "_NET_WM_STRUT_PARTIAL", ", ".join(map(str, strut))], check=True)
            allocation = window.get_allocation()
            say("ready", allocation.width, allocation.height)
            return False
        GLib.timeout_add(50, report)

    handler = [None]
    window.connect("realize", lambda w: handler.__setitem__(0, w.get_frame_clock().connect("after-paint", painted)))

    def press(_widget, event):
        say("press", int(event.x), int(event.y), event.button)
        return True

    def release(_widget, event):
        say("release", int(event.x), int(event.y), event.button)
        return True

    def key(_widget, event):
        say("key", Gdk.keyval_name(event.keyval))
        return True

    window.connect("button-press-event", press)
    window.connect("button-release-event", release)
    window.connect("key-press-event", key)
    window.connect("focus-in-event", lambda *_: say("focus", "in"))
    window.connect("focus-out-event", lambda *_: say("focus", "out"))
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    Gtk.main()


if __name__ == "__main__":
    main()
