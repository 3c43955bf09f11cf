#!/usr/bin/python3
"""bench/list_client.py ROWS-FILE: one PickFrom for the overlay benchmark's
list part (bench/overlay_list.py), made with dbus-python on
$DBUS_SESSION_BUS_ADDRESS, as a frontend-less client would make it.

It reads the rows (one title a line), builds the `list` menu's JSON and
connects, then says `ready` and waits for a line on standard input, so that
neither its start nor the JSON counts; then it prints `sent MICROSECONDS`
(CLOCK_MONOTONIC) just before the call goes out, and `answer IDS FILTER` or
`error NAME` when it returns.
"""
import json
import os
import sys
import time

import dbus


def main():
    with open(sys.argv[1]) as f:
        titles = f.read().splitlines()
    menu = json.dumps({"layout": "list", "picker": {"prompt": "pick"},
                       "items": [{"id": f"r{i}", "title": title} for i, title in enumerate(titles)]})
    bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
    menus = dbus.Interface(bus.get_object("org.petal.Petal1", "/org/petal/Petal1"), "org.petal.Petal1.Menus")
    print("ready", flush=True)
    sys.stdin.readline()
    print(f"sent {time.monotonic_ns() // 1000}", flush=True)
    try:
        answer = menus.PickFrom(menu, dbus.Dictionary({}, signature="sv"), timeout=120)
        print(f"answer {','.join(answer.get('ids', []))} {answer.get('filter', '')}", flush=True)
    except dbus.DBusException as error:
        print(f"error {error.get_dbus_name()}", flush=True)


if __name__ == "__main__":
    main()
