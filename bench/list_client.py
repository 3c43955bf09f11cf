#!/usr/bin/python3
"""bench/list_client.py [--rows-fd] ROWS-FILE: one PickFrom for the overlay
benchmark's list part (bench/overlay_list.py), made with dbus-python on
$DBUS_SESSION_BUS_ADDRESS, as a frontend-less client would make it.

It reads the rows (one title a line), builds the `list` menu's JSON (with
--rows-fd: the JSON without `items`, and the rows as a row table in a sealed
memfd passed as the `rows` option, as `petalctl dmenu` sends them) and
connects, then says `ready` and waits for a line on standard input, so that
neither its start nor the JSON counts; then it prints `sent MICROSECONDS`
(CLOCK_MONOTONIC) just before the call goes out, and `answer IDS FILTER` or
`error NAME` when it returns.
"""
import fcntl
import json
import os
import struct
import sys
import time

import dbus


def row_table(titles):
    """The row table (docs/dbus-api.md) of `titles`: rows known by their index, no icon, no meta words."""
    text = bytearray()
    ends = []
    for title in titles:
        start = len(text)
        text += title.encode()
        ends += [start, len(text), len(text), len(text)]
    n = len(titles)
    padding = (-n) % 4
    return (b"PETALROW" + struct.pack("<4I", 1, n, len(text), 0) + struct.pack(f"<{4 * n}I", *ends)
            + bytes(n + padding) + bytes(text))


def sealed_memfd(data):
    """A memfd holding `data`, sealed against writing, shrinking, growing and further seals."""
    fd = os.memfd_create("petal-rows", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    os.write(fd, data)
    fcntl.fcntl(fd, fcntl.F_ADD_SEALS,
                fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
    return fd


def main():
    by_fd = sys.argv[1] == "--rows-fd"
    with open(sys.argv[-1]) as f:
        titles = f.read().splitlines()
    options = {}
    if by_fd:
        menu = json.dumps({"layout": "list", "picker": {"prompt": "pick"}})
        options["rows"] = dbus.types.UnixFd(sealed_memfd(row_table(titles)))
    else:
        menu = json.dumps({"layout": "list", "picker": {"prompt": "pick"},
                           "items": [{"id": f"r{i}", "title": title} for i, title in enumerate(titles)]})
    bus = dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
    menus = dbus.Interface(bus.get_object("org.petal.Petal1", "/org/petal/Petal1"), "org.petal.Petal1.Menus")
    print("ready", flush=True)
    sys.stdin.readline()
    print(f"sent {time.monotonic_ns() // 1000}", flush=True)
    try:
        answer = menus.PickFrom(menu, dbus.Dictionary(options, signature="sv"), timeout=120)
        print(f"answer {','.join(answer.get('ids', []))} {answer.get('filter', '')}", flush=True)
    except dbus.DBusException as error:
        print(f"error {error.get_dbus_name()}", flush=True)


if __name__ == "__main__":
    main()
