"""The overlay benchmark's pie part (bench/overlay.py imports it): a radial
menu chosen by direction (docs/overlay.md, "Pie gestures").

- Pointer motion → new highlight on screen: main is shown centred at
  (640, 360) (`petalctl show main --at 640,360`); the pointer is first
  swept once round the centre, 200 px out, to learn which direction
  highlights which item (untimed); then it jumps from one item's direction
  to the next's, one motion at a time, each once the frame of the one
  before is painted. On X11 the motion goes out with XTest (libXtst through
  ctypes) and is timed from just before it is sent; on Wayland a wlroots
  virtual pointer (Tests/Support/Peers/virtual_pointer.py, as the tests
  drive one) sends it and says when. Both to the menu window's next
  `trace frame` after its `trace highlight` of the item aimed at, the list
  part's keystroke method with a pointer.
- Wake-ups while the pointer is still: with the menu open and the pointer
  resting on an item, the voluntary and involuntary context switches of
  every thread of petal-overlay over a few seconds (/proc/PID/task/*/status),
  and the frames it paints meanwhile. Zero is the goal: a pie menu arms a
  timer only while a pause can choose something.
"""
import ctypes
import math
import os
import subprocess
import time

from overlay_menus import MAIN_PATH, TIMEOUT, now_us
from run import BenchError  # noqa: E402  (bench/ is on sys.path: overlay.py put it there)

HERE = os.path.dirname(os.path.abspath(__file__))
VIRTUAL_POINTER = os.path.join(HERE, "..", "Tests", "Support", "Peers", "virtual_pointer.py")
CENTRE = (640, 360)
RADIUS = 200
DIRECTIONS = 24


class XPointer:
    """Pointer motion sent with XTest on an X display, through ctypes."""

    def __init__(self, display):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(display.encode())
        if not self.display:
            raise BenchError(f"XOpenDisplay({display}) failed")

    def move(self, x, y):
        """Moves the pointer to (x, y); returns the µs just before the motion went out."""
        sent = now_us()
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        self.x11.XFlush(self.display)
        return sent

    def close(self):
        self.x11.XCloseDisplay(self.display)


class WaylandPointer:
    """A wlroots virtual pointer on the compositor of `env` (virtual_pointer.py,
    steps read from standard input), over a layout of `size` logical pixels."""

    def __init__(self, env, size):
        if not os.path.exists(VIRTUAL_POINTER):
            raise BenchError(f"{VIRTUAL_POINTER} is missing")
        self.proc = subprocess.Popen(["/usr/bin/python3", VIRTUAL_POINTER, str(CENTRE[0]), str(CENTRE[1]),
                                      str(size[0]), str(size[1]), "-"], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        line = self.proc.stdout.readline().strip()
        if line != "ready":
            raise BenchError(f"virtual_pointer.py said {line!r}: {self.proc.stderr.read().strip()}")

    def move(self, x, y):
        """Moves the pointer to (x, y); returns the µs just before the motion went out."""
        self.proc.stdin.write(f"{int(x)},{int(y)}\n")
        self.proc.stdin.flush()
        fields = self.proc.stdout.readline().split()
        if len(fields) != 2 or fields[0] != "sent":
            raise BenchError(f"virtual_pointer.py said {fields!r}: {self.proc.stderr.read().strip()}")
        return int(fields[1])

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def towards(degrees):
    """The point RADIUS px from CENTRE in the direction `degrees` (counter-clockwise from +x)."""
    radians = math.radians(degrees)
    return CENTRE[0] + RADIUS * math.cos(radians), CENTRE[1] - RADIUS * math.sin(radians)


def run(bench, overlay, still_seconds, switches):
    """The pie part on `bench`'s display (an overlay.OverlayBench) with the
    running petal-overlay `overlay` (an overlay.Traced); `switches` is
    overlay.py's context-switch reader."""
    rounds = 1 if bench.smoke else 10
    pointer = WaylandPointer(bench.env, (1280, 720)) if bench.wayland else XPointer(bench.display)
    try:
        bench.petalctl("show", "main", "--at", f"{CENTRE[0]},{CENTRE[1]}")
        overlay.until(lambda e: e[0] == "state" and e[3] == MAIN_PATH and e[2] == "expanded", "main expanded")
        bench.settle(overlay)
        # Once round, untimed: which direction highlights which item.
        aimed, current = {}, None
        for step in range(DIRECTIONS):
            degrees = step * 360 / DIRECTIONS
            pointer.move(*towards(degrees))
            for event in overlay.drain(0.08):
                if event[0] == "highlight" and event[3] == MAIN_PATH:
                    current = event[2]
            aimed[degrees] = current
        # One direction per item, in angle order: each jump changes the highlight.
        route = []
        for degrees, item in aimed.items():
            if item not in (None, "-") and (not route or route[-1][1] != item):
                route.append((degrees, item))
        if len(route) > 1 and route[0][1] == route[-1][1]:
            route.pop()
        if len(route) < 2:
            raise BenchError(f"a pointer swept round the pie highlighted {sorted(set(aimed.values()), key=str)}")
        # From the last item's direction, so that the first timed motion changes the highlight too.
        pointer.move(*towards(route[-1][0]))
        overlay.drain(0.1)
        sent_to_frame, highlight_to_frame, sent_to_highlight = [], [], []
        for _ in range(rounds):
            for degrees, item in route:
                sent = pointer.move(*towards(degrees))
                lit = overlay.until(lambda e: e[0] == "highlight" and e[3] == MAIN_PATH and e[2] == item
                                    and e[1] >= sent, f"trace highlight {item}")[-1][1]
                drawn = overlay.until(lambda e: e[0] == "frame" and e[3] == MAIN_PATH and e[1] >= lit,
                                      f"frame after highlighting {item}")[-1][1]
                sent_to_frame.append((drawn - sent) / 1000)
                highlight_to_frame.append((drawn - lit) / 1000)
                sent_to_highlight.append((lit - sent) / 1000)
                time.sleep(0.03)
        # Resting on the last item, the menu still open: nothing should wake.
        bench.settle(overlay)
        before = switches(overlay.pid)
        time.sleep(still_seconds)
        after = switches(overlay.pid)
        woke = {f"{name}[{tid}]": count - before.get(tid, (name, 0))[1] for tid, (name, count) in after.items()}
        woke = {thread: count for thread, count in woke.items() if count}
        still_frames = len([e for e in overlay.drain(0.01) if e[0] == "frame"])
        bench.petalctl("close")
        overlay.until(lambda e: e[0] == "state" and e[3] == MAIN_PATH and e[2] == "collapsed", "main collapsed",
                      timeout=TIMEOUT)
        bench.settle(overlay)
    finally:
        pointer.close()
    return dict(items=[item for _, item in route], sent_to_frame=sent_to_frame, highlight_to_frame=highlight_to_frame,
                sent_to_highlight=sent_to_highlight, count=len(sent_to_frame), still_seconds=still_seconds,
                still_wakeups=sum(woke.values()), still_threads=woke, still_frames=still_frames,
                how="virtual pointer" if bench.wayland else "XTest")


def report(r, print_table, median, percentile):
    """The pie part's table; returns its goals."""
    print(f"\nA pie menu chosen by direction: {r['count']} pointer motions ({r['how']}), each from one item's "
          f"direction to the next's ({' → '.join(r['items'])}), {RADIUS} px from the centre:\n")
    table = [(f"{r['how']} motion sent → frame painted", r["sent_to_frame"]),
             ("  motion sent → trace highlight", r["sent_to_highlight"]),
             ("  trace highlight → frame painted", r["highlight_to_frame"])]
    print_table(("figure", "median ms", "p95 ms", "max ms"),
                [(what, f"{median(v):.2f}", f"{percentile(v, 0.95):.2f}", f"{max(v):.2f}") for what, v in table])
    print(f"\nWith the menu open and the pointer still for {r['still_seconds']:.0f} s: "
          f"{r['still_wakeups']} wake-ups ({r['still_threads'] or 'no thread woke'}), "
          f"{r['still_frames']} frames painted.")
    return [
        ("pointer motion → new highlight on screen p95 ≤ 16 ms (one frame)", percentile(r["sent_to_frame"], 0.95), 16,
         " ms", "≤"),
        (f"0 wake-ups over {r['still_seconds']:.0f} s with a pie menu open and the pointer still",
         r["still_wakeups"], 0, "", "≤"),
    ]
