"""The overlay benchmark's parts for several menus (bench/overlay.py imports it):

- a named menu other than main opened with `petalctl show NAME`, which gets a
  window of its own as it opens, and a submenu opened from one of its items:
  from petald's `StateChanged`, as a bystander on the bus reads it
  (`bench-client watch`), to the first frame of that menu's window in which
  the items have moved;
- `petalctl choose --lines` against the dmenus given the same 20 lines,
  rofi -dmenu on X11, fuzzel --dmenu and wofi --dmenu on sway: exec to the
  first frame on screen, judged the same way for every program, since the
  dmenus trace nothing (docs/benchmarks-overlay.md, "Several menus in the overlay"):
  on X11 the first DamageNotify of a new top-level window at or after its
  MapNotify (bench-x11-first-frame), on Wayland the first `wl_surface.commit`
  after an `attach` of a buffer, of a surface given a layer-shell or
  xdg-shell role after the exec, as WAYLAND_DEBUG=1 prints it on the client.
"""
import os
import queue
import re
import shutil
import subprocess
import threading
import time

from run import BenchError  # noqa: E402  (bench/ is on sys.path: overlay.py put it there)

TIMEOUT = 10.0
MAIN_PATH = "/org/petal/Petal1"
NAMED = "power"
SUBMENU_ITEM = "more"
DMENU_LINES = 20
# A menu of its own beside main, with a submenu written in place: `petalctl show power`,
# then `petalctl activate more --menu power` opens `power/more`.
MENUS = {
    NAMED: {"title": "Power", "layout": "radial",
            "items": [{"id": "lock", "title": "Lock", "icon": "system-lock-screen", "action": "bench.noop"},
                      {"id": "logout", "title": "Log out", "icon": "system-log-out", "action": "bench.noop"},
                      {"id": "reboot", "title": "Reboot", "icon": "system-reboot", "action": "bench.noop"},
                      {"id": SUBMENU_ITEM, "title": "More", "icon": "view-more",
                       "submenu": {"items": [{"id": f"m{i}", "title": f"More {i}", "icon": "folder",
                                              "action": "bench.noop"} for i in range(4)]}}]},
}


def now_us():
    return time.monotonic_ns() // 1000


class Lines:
    """A program's stdout read on a thread of its own into a queue of
    (µs read, fields) for lines `parse` accepts."""

    def __init__(self, command, env, label, parse):
        self.label, self.parse = label, parse
        self.lines = queue.Queue()
        self.proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            parsed = self.parse(line)
            if parsed is not None:
                self.lines.put(parsed)
        self.lines.put(None)

    def until(self, predicate, what, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                item = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise BenchError(f"{self.label}: no {what} within {timeout:.0f} s")
            if item is None:
                raise BenchError(f"{self.label} exited: {self.proc.stderr.read().strip()}")
            if predicate(item):
                return item

    def drain(self):
        while True:
            try:
                if self.lines.get_nowait() is None:
                    raise BenchError(f"{self.label} exited")
            except queue.Empty:
                return

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def watcher(tools_dir, env):
    """bench-client watch: (µs, path, state) for every StateChanged, once it has said `ready`."""
    def parse(line):
        if line.strip() == "ready":
            return ("ready", 0, None)
        match = re.fullmatch(r"signal=(\d+) path=(\S+) state=(\w+)\n", line)
        return ("signal", int(match[1]), (match[2], match[3])) if match else None
    watch = Lines([os.path.join(tools_dir, "bench-client"), "watch"], env, "bench-client watch", parse)
    watch.until(lambda item: item[0] == "ready", "ready")
    return watch


def x11_frames(tools_dir, env):
    """bench-x11-first-frame: ("create"|"map"|"damage", µs, window) once it is watching."""
    def parse(line):
        fields = line.split()
        if fields and fields[0] == "ready":
            return ("ready", int(fields[1]), None)
        if len(fields) >= 3 and fields[0] in ("create", "map", "damage"):
            return (fields[0], int(fields[1]), fields[2])
        return None
    frames = Lines([os.path.join(tools_dir, "bench-x11-first-frame")], env, "bench-x11-first-frame", parse)
    frames.until(lambda item: item[0] == "ready", "ready")
    return frames


def x11_first_frame(frames, since, label):
    """The µs of the first frame on screen of a window made after `since`: its
    first DamageNotify at or after its MapNotify."""
    made, mapped = set(), set()
    while True:
        kind, at, window = frames.until(lambda item: item[1] >= since, f"first frame of {label}")
        if kind == "create":
            made.add(window)
        elif kind == "map" and window in made:
            mapped.add(window)
        elif kind == "damage" and window in mapped:
            return at


class WaylandDebug:
    """Turns a client's WAYLAND_DEBUG=1 lines into ("shown", µs, surface)
    events: the first commit, after an attach of a buffer, of each surface
    given a layer-shell or xdg-shell role; ("commit", µs, surface) for each
    later commit of a buffer attached; and ("wlkey", µs, keycode) for each key
    press the client is sent (wl_keyboard.key). libwayland 1.21 stamps each line
    with CLOCK_REALTIME in µs modulo 2³², printed as milliseconds; the
    stamp is unwrapped near the time the reader was made and moved to
    CLOCK_MONOTONIC, the clock of every other figure."""

    LINE = re.compile(r"\[\s*(\d+)\.(\d{3})\]\s+-> (\w+)@(\d+)\.(\w+)\((.*)\)$")
    ROLE = re.compile(r"new id (?:zwlr_layer_surface_v1|xdg_surface)@\d+, wl_surface@(\d+)")
    KEY = re.compile(r"\[\s*(\d+)\.(\d{3})\]\s+wl_keyboard@\d+\.key\(\d+, \d+, (\d+), 1\)")

    def __init__(self):
        self.offset = time.time_ns() // 1000 - now_us()  # realtime − monotonic, in µs
        self.pending = {}  # surface id → "role" (given, nothing attached yet) or "attached"
        self.attached = set()  # shown surfaces with a buffer attached since their last commit

    def monotonic(self, stamp):
        real_now = time.time_ns() // 1000
        real = real_now - (real_now % 2**32) + stamp
        if real > real_now + 2**31:
            real -= 2**32
        return real - self.offset

    def event(self, line):
        match = self.LINE.search(line)
        if not match:
            key = self.KEY.search(line)
            if key:
                return ("wlkey", self.monotonic(int(key[1]) * 1000 + int(key[2])), int(key[3]), None)
            return None
        interface, surface, request, args = match[3], match[4], match[5], match[6]
        if request in ("get_layer_surface", "get_xdg_surface"):
            role = self.ROLE.search(args)
            if role:
                self.pending[role[1]] = "role"
        elif interface == "wl_surface" and surface not in self.pending:
            if request == "attach" and not args.startswith("nil"):
                self.attached.add(surface)
            elif request == "commit" and surface in self.attached:
                self.attached.discard(surface)
                return ("commit", self.monotonic(int(match[1]) * 1000 + int(match[2])), surface, None)
        elif interface == "wl_surface" and surface in self.pending:
            if request == "attach":
                self.pending[surface] = "role" if args.startswith("nil") else "attached"
            elif request == "commit" and self.pending[surface] == "attached":
                del self.pending[surface]
                return ("shown", self.monotonic(int(match[1]) * 1000 + int(match[2])), surface, None)
            elif request == "destroy":
                del self.pending[surface]
        return None
