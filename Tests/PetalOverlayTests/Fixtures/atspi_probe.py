#!/usr/bin/python3
"""An AT-SPI client for the overlay's accessibility tests, as a screen reader sees it.

    atspi_probe.py tree         prints the petal-overlay application's windows
                                and their children as JSON: name, role, states,
                                actions and screen extents of each
    atspi_probe.py act NAME     runs the default action (0) of the child named
                                NAME and prints {"done": true|false}

Exits 2 while no petal-overlay application is registered on the
accessibility bus (the caller tries again), 3 when no child is named NAME.
"""

import json
import sys

import pyatspi


def overlay():
    for application in pyatspi.Registry.getDesktop(0):
        if application is not None and application.name == "petal-overlay":
            return application
    sys.exit(2)


def children(window):
    for index in range(window.childCount):
        child = window.getChildAtIndex(index)
        if child is not None:
            yield child


def describe(child):
    action = child.queryAction()
    x, y, width, height = child.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return {
        "name": child.name,
        "role": child.getRoleName(),
        "states": sorted(pyatspi.stateToString(state) for state in child.getState().getStates()),
        "actions": [action.getName(index) for index in range(action.nActions)],
        "extents": [x, y, width, height],
    }


def main():
    application = overlay()
    windows = [window for window in application if window is not None]
    if sys.argv[1:] == ["tree"]:
        print(json.dumps([{"name": window.name, "children": [describe(child) for child in children(window)]}
                          for window in windows]))
    elif len(sys.argv) == 3 and sys.argv[1] == "act":
        for window in windows:
            for child in children(window):
                if child.name == sys.argv[2]:
                    print(json.dumps({"done": bool(child.queryAction().doAction(0))}))
                    return
        sys.exit(3)
    else:
        sys.exit(__doc__)


main()
