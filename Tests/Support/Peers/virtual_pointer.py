#!/usr/bin/python3
"""A pointer for a Wayland compositor that has none (headless sway), through
wlroots' virtual-pointer protocol (zwlr_virtual_pointer_manager_v1), spoken
on the wire directly: no Wayland binding for Python is on Debian 12.

    virtual_pointer.py X Y WIDTH HEIGHT [STEP...]

Adds a pointer to the seat, moves it to (X, Y) of the WIDTH x HEIGHT layout
(the box around every output, in logical pixels), prints "ready" once the
compositor has handled it, and keeps the pointer until it is stopped.

Each STEP then runs in turn, each handled by the compositor before the
next: "X,Y" moves the pointer there, "press" and "release" the left
button, "wait:MS" sleeps; "done" is printed after the last. A STEP of "-"
reads steps from standard input instead, one a line, and prints
"sent MICROSECONDS" (CLOCK_MONOTONIC) just before each goes out, for the
overlay benchmark (bench/overlay_pie.py).
"""
import os
import signal
import socket
import struct
import sys
import time

DISPLAY, REGISTRY, CALLBACK = 1, 2, 3


class Connection:
    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.buffer = b""
        self.next_id = 4

    def send(self, object_id, opcode, payload=b""):
        size = 8 + len(payload)
        self.socket.sendall(struct.pack("<II", object_id, size << 16 | opcode) + payload)

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def events(self):
        """Yields (object id, opcode, payload) as the compositor sends them."""
        while True:
            while len(self.buffer) < 8:
                self.read()
            object_id, word = struct.unpack("<II", self.buffer[:8])
            size = word >> 16
            while len(self.buffer) < size:
                self.read()
            payload, self.buffer = self.buffer[8:size], self.buffer[size:]
            yield object_id, word & 0xFFFF, payload

    def read(self):
        data = self.socket.recv(65536)
        if not data:
            sys.exit("the compositor closed the connection")
        self.buffer += data

    def roundtrip(self, handle=lambda *_: None):
        """Sends wl_display.sync and handles events until its callback is done."""
        callback = self.new_id()
        self.send(DISPLAY, 0, struct.pack("<I", callback))
        for object_id, opcode, payload in self.events():
            if object_id == DISPLAY and opcode == 0:
                _, code = struct.unpack("<II", payload[:8])
                sys.exit(f"protocol error {code}: {string(payload[8:])[0]}")
            if object_id == callback:
                return
            handle(object_id, opcode, payload)


def string(data):
    """A wire string and the rest of `data`."""
    (length,) = struct.unpack("<I", data[:4])
    padded = (length + 3) & ~3
    return data[4 : 4 + length - 1].decode(), data[4 + padded :]


def wire_string(text):
    encoded = text.encode() + b"\0"
    return struct.pack("<I", len(encoded)) + encoded + b"\0" * (-len(encoded) % 4)


def main():
    x, y, width, height = (int(value) for value in sys.argv[1:5])
    path = os.environ["WAYLAND_DISPLAY"]
    if not path.startswith("/"):
        path = os.path.join(os.environ["XDG_RUNTIME_DIR"], path)
    connection = Connection(path)
    connection.next_id = REGISTRY
    connection.send(DISPLAY, 1, struct.pack("<I", connection.new_id()))
    globals_ = {}

    def global_(object_id, opcode, payload):
        if object_id == REGISTRY and opcode == 0:
            (name,) = struct.unpack("<I", payload[:4])
            interface, rest = string(payload[4:])
            globals_[interface] = (name, struct.unpack("<I", rest[:4])[0])

    connection.roundtrip(global_)
    wanted = "zwlr_virtual_pointer_manager_v1"
    if wanted not in globals_:
        sys.exit(f"the compositor has no {wanted}: {sorted(globals_)}")
    name, _ = globals_[wanted]
    manager = connection.new_id()
    connection.send(REGISTRY, 0, struct.pack("<I", name) + wire_string(wanted) + struct.pack("<II", 1, manager))
    pointer = connection.new_id()
    connection.send(manager, 0, struct.pack("<II", 0, pointer))  # create_virtual_pointer(seat: none)
    connection.send(pointer, 1, struct.pack("<IIIII", 0, x, y, width, height))  # motion_absolute
    connection.send(pointer, 4)  # frame
    connection.roundtrip()
    print("ready", flush=True)
    steps = sys.argv[5:]
    from_input = steps == ["-"]
    if from_input:
        steps = (line.strip() for line in sys.stdin)
    for step in steps:
        if from_input:
            print(f"sent {time.monotonic_ns() // 1000}", flush=True)
        milliseconds = int(time.monotonic() * 1000) & 0xFFFFFFFF
        if step in ("press", "release"):
            # button(time, BTN_LEFT, pressed or released)
            connection.send(pointer, 2, struct.pack("<III", milliseconds, 0x110, 1 if step == "press" else 0))
        elif step.startswith("wait:"):
            time.sleep(int(step[5:]) / 1000)
            continue
        else:
            to_x, to_y = (int(value) for value in step.split(","))
            connection.send(pointer, 1, struct.pack("<IIIII", milliseconds, to_x, to_y, width, height))
        connection.send(pointer, 4)  # frame
        connection.roundtrip()
    if from_input:
        return
    if steps:
        print("done", flush=True)
    signal.pause()


main()
