#!/usr/bin/python3
"""Asks GTK 3 what it sees of the display in the environment, for the test
harness's readiness checks. Exits 0 when the answer is yes, 1 when no, 2 when
there is no display to open.

    display_probe.py composited   a compositing manager owns _NET_WM_CM_S0,
                                  so GTK clients get an RGBA visual and transparency
"""
import sys

import gi

gi.require_version("Gdk", "3.0")
from gi.repository import Gdk  # noqa: E402

screen = Gdk.Screen.get_default()
if screen is None:
    sys.exit(2)
if sys.argv[1:] == ["composited"]:
    composited = screen.is_composited() and screen.get_rgba_visual() is not None
    print("composited" if composited else "not composited", flush=True)
    sys.exit(0 if composited else 1)
sys.exit(f"unknown question: {sys.argv[1:]}")
