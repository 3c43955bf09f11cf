#!/usr/bin/python3
"""Benchmarks petal-overlay, the GTK 3 client, against bench-gtk-peer, a
minimal GTK 3 program in C (bench/gtk-peer.c) measured in the same run, and
prints one table with the overlay's goals.

Everything runs on a display and a bus of its own: an Xvfb server (with
xcompmgr, so that the RGBA popup is composited as on a desktop) and a private
dbus-daemon with the release petald on it, never the user's. Not pinned: a
GTK client, the X server and the compositor on one CPU would measure the
scheduler. Times come from the programs' own trace lines (PETAL_OVERLAY_TRACE=1:
`trace frame MICROSECONDS SPREAD` after each painted frame, `trace state
MICROSECONDS STATE` on StateChanged), on CLOCK_MONOTONIC, the clock this
script and bench-client read.

Usage (normally through `make bench` or `make bench-smoke`):
    bench/overlay.py --bin .build/release [--tools .build/bench] [--smoke]

Standard library only (the list part's PickFrom is made by bench/list_client.py,
run with /usr/bin/python3 and its dbus-python; its keys go through ctypes and
libXtst). It exits non-zero when a scenario breaks (no display,
no first frame, no StateChanged, no moving frame, a program that dies), never
because of a figure.
"""
import argparse
import datetime
import json
import os
import platform
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # importing run.py must leave no __pycache__ in bench/
sys.path.insert(0, HERE)
from run import Bench, BenchError, print_table  # noqa: E402  the private bus, the table
import overlay_menus  # noqa: E402  several menus, and petalctl choose --lines against the dmenus
import overlay_list  # noqa: E402  a list picker of 5 and 100,000 rows against the dmenus, and keystrokes
import overlay_pie  # noqa: E402  a pie menu chosen by direction: motion → highlight, a still pointer

COUNTS = {
    "full": dict(startups=10, cycles=20, idle_seconds=10.0, still_seconds=5.0),
    "smoke": dict(startups=2, cycles=2, idle_seconds=2.0, still_seconds=2.0),
}
TIMEOUT = 10.0          # seconds to wait for any one expected line
OPEN_SECONDS = 0.3      # openDuration = closeDuration in the configuration below
DISPLAY_HZ = 60.0       # GDK's frame clock on Xvfb, which reports no refresh rate of its own
X11_POPUP = (231, 280)  # petal-overlay's popup for this menu on X11: the peer's size where xwininfo cannot tell
CLK_TCK = os.sysconf("SC_CLK_TCK")
MAIN_PATH = overlay_menus.MAIN_PATH
ITEMS = [("camera", "camera-photo"), ("message", "mail-message-new"), ("phone", "call-start"),
         ("browser", "web-browser"), ("files", "folder"), ("terminal", "utilities-terminal")]


def now_us():
    return time.monotonic_ns() // 1000


class Traced:
    """A program whose stderr is read on a thread of its own into a queue of
    ("frame", µs, spread), ("state", µs, state), ("key", µs, None) and ("highlight", µs, item) events
    (with the menu's path last); other lines are kept for the error message
    should it fail."""

    def __init__(self, command, env, label, stdin=None):
        self.label = label
        self.events = queue.Queue()
        self.other = []
        self.proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.pid = self.proc.pid
        threading.Thread(target=self._read, daemon=True).start()
        if stdin is not None:
            try:
                self.proc.stdin.write(stdin)
                self.proc.stdin.close()
            except BrokenPipeError:
                pass  # it exited before reading it all: the next wait for an event says why

    def _read(self):
        for line in self.proc.stderr:
            fields = line.split()
            # petal-overlay adds its window's menu path as a fifth field; the peer has none.
            path = fields[4] if len(fields) == 5 else None
            if len(fields) in (4, 5) and fields[0] == "trace" and fields[1] == "frame":
                self.events.put(("frame", int(fields[2]), float(fields[3]), path))
            elif len(fields) in (4, 5) and fields[0] == "trace" and fields[1] == "state":
                self.events.put(("state", int(fields[2]), fields[3], path))
            elif len(fields) == 4 and fields[0] == "trace" and fields[1] == "key":
                self.events.put(("key", int(fields[2]), None, fields[3]))
            elif len(fields) == 5 and fields[0] == "trace" and fields[1] == "highlight":
                self.events.put(("highlight", int(fields[2]), fields[3], fields[4]))
            elif not self.parse(line):
                self.other.append(line.rstrip())
                del self.other[:-20]
        self.events.put(("exit", now_us(), None, None))

    def parse(self, line):
        """Other lines a subclass turns into events; True when it did."""
        return False

    def next(self, timeout=TIMEOUT):
        try:
            event = self.events.get(timeout=timeout)
        except queue.Empty:
            raise BenchError(f"{self.label}: nothing traced within {timeout:.0f} s{self.said()}")
        if event[0] == "exit":
            raise BenchError(f"{self.label} exited (status {self.proc.wait()}){self.said()}")
        return event

    def until(self, predicate, what, timeout=TIMEOUT):
        """Events up to and including the first that satisfies predicate."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BenchError(f"{self.label}: no {what} within {timeout:.0f} s{self.said()}")
            event = self.next(left)
            seen.append(event)
            if predicate(event):
                return seen

    def drain(self, quiet=0.15):
        """Events until none has come for `quiet` seconds."""
        seen = []
        while True:
            try:
                event = self.events.get(timeout=quiet)
            except queue.Empty:
                return seen
            if event[0] == "exit":
                raise BenchError(f"{self.label} exited (status {self.proc.wait()}){self.said()}")
            seen.append(event)

    def without(self, predicate):
        """Drops the events queued so far that satisfy predicate (the frames of a window that has gone)."""
        kept = []
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            if not predicate(event):
                kept.append(event)
        for event in kept:
            self.events.put(event)

    def said(self):
        return (": " + " | ".join(self.other[-5:])) if self.other else ""

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class WaylandTraced(Traced):
    """A Traced program run with WAYLAND_DEBUG=1, whose protocol lines also
    give ("shown", µs, surface, None): each new surface's first frame
    (overlay_menus.WaylandDebug)."""

    def __init__(self, command, env, label, stdin=None):
        self.debug = overlay_menus.WaylandDebug()
        super().__init__(command, dict(env, WAYLAND_DEBUG="1"), label, stdin)

    def parse(self, line):
        if not line.startswith("["):
            return False
        event = self.debug.event(line)
        if event:
            self.events.put(event)
        return True


# ---- /proc ----

def cpu_ticks(pid):
    """utime + stime of the whole process (all its threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cpu_ns(pid):
    """The sum over its threads of /proc/PID/task/*/schedstat's first field: ns on a CPU, finer than ticks."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            pass
    return total


def switches(pid):
    """{thread id: (name, voluntary + nonvoluntary context switches)}."""
    threads = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                status = dict(line.split(":", 1) for line in f if ":" in line)
        except FileNotFoundError:
            continue
        threads[task] = (status["Name"].strip(), int(status["voluntary_ctxt_switches"])
                         + int(status["nonvoluntary_ctxt_switches"]))
    return threads


def memory_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        status = dict(line.split(":", 1) for line in f if ":" in line)
    return {key: int(status[key].split()[0]) for key in ("VmRSS", "RssAnon")}


# ---- the run ----

class OverlayBench:
    def __init__(self, bin_dir, tools_dir, smoke, wayland=False):
        self.bin_dir, self.tools_dir, self.smoke, self.wayland = bin_dir, tools_dir, smoke, wayland
        self.counts = COUNTS["smoke" if smoke else "full"]
        self.bench = Bench(bin_dir, tools_dir, smoke, pin=False)
        self.xvfb = self.compositor = self.petald = self.toggler = self.keyboard = None
        self.display = None
        self.sway_dir = None

    def start_sway(self):
        """Headless sway (pixman, no input devices, one 1280x720@60Hz output) as an unprivileged
        user, since sway refuses root; returns the absolute path of its Wayland socket."""
        if not shutil.which("sway"):
            raise BenchError("sway is not installed (Debian: sway)")
        self.sway_dir = tempfile.mkdtemp(prefix="petal-bench-sway-")
        with open(os.path.join(self.sway_dir, "config"), "w") as f:
            f.write("output HEADLESS-1 mode 1280x720@60Hz\n")
        os.chmod(os.path.join(self.sway_dir, "config"), 0o644)
        command = ["sway", "-c", os.path.join(self.sway_dir, "config")]
        if os.geteuid() == 0:
            os.chown(self.sway_dir, 65534, 65534)  # nobody
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "XDG_RUNTIME_DIR": self.sway_dir, "HOME": self.sway_dir,
               "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"}
        self.compositor = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                           stderr=open(os.path.join(self.bench.tmp, "sway.log"), "w"))
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            sockets = [n for n in os.listdir(self.sway_dir) if n.startswith("wayland-") and not n.endswith(".lock")]
            if sockets:
                return os.path.join(self.sway_dir, sockets[0])
            if self.compositor.poll() is not None:
                break
            time.sleep(0.05)
        raise BenchError("headless sway did not start (see sway.log)")

    def hold_keyboard(self):
        """Gives headless sway's seat a keyboard for the whole run, a sleeping wtype, as the
        tests' HeadlessSway does: with none, a client binds no keyboard, and each wtype's own,
        added and removed around its key, often lost that key (the list's keystrokes)."""
        if not shutil.which("wtype"):
            raise BenchError("wtype is not installed (Debian: wtype)")
        self.keyboard = subprocess.Popen(["wtype"] + ["-s", "3600000"] * 24, env=self.env,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            sockets = [n for n in os.listdir(self.sway_dir) if n.startswith("sway-ipc.")]
            if sockets:
                done = subprocess.run(["swaymsg", "-s", os.path.join(self.sway_dir, sockets[0]), "-t", "get_inputs",
                                       "--raw"], capture_output=True, text=True, env=self.env)
                try:
                    if any(i.get("type") == "keyboard" for i in json.loads(done.stdout or "[]")):
                        return
                except json.JSONDecodeError:
                    pass
            if self.keyboard.poll() is not None:
                break
            time.sleep(0.05)
        raise BenchError("no keyboard on headless sway's seat from a sleeping wtype")

    def start(self):
        if self.wayland:
            self.bench.start_bus()
            self.display = self.start_sway()
            self.env = dict(self.bench.env, WAYLAND_DISPLAY=self.display, GDK_BACKEND="wayland", NO_AT_BRIDGE="1",
                            GDK_GL="disable", PETAL_OVERLAY_TRACE="1")
            for key in ("DISPLAY", "GTK_MODULES", "GDK_SCALE", "GDK_DPI_SCALE"):
                self.env.pop(key, None)
            self.hold_keyboard()
            self.start_petald()
            return
        for tool in ("Xvfb", "xcompmgr"):
            if not shutil.which(tool):
                raise BenchError(f"{tool} is not installed (Debian: xvfb, xcompmgr)")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-screen", "0", "1280x720x24", "-nolisten", "tcp",
                                      "-displayfd", str(write)], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise BenchError("Xvfb did not start")
        self.display = ":" + number
        self.bench.start_bus()
        self.env = dict(self.bench.env, DISPLAY=self.display, GDK_BACKEND="x11", NO_AT_BRIDGE="1",
                        GDK_GL="disable", PETAL_OVERLAY_TRACE="1")
        for key in ("WAYLAND_DISPLAY", "GTK_MODULES", "GDK_SCALE", "GDK_DPI_SCALE"):
            self.env.pop(key, None)
        self.compositor = subprocess.Popen(["xcompmgr"], env=self.env, stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL)
        self.start_petald()

    def start_petald(self):
        config = os.path.join(self.bench.tmp, "overlay.json")
        with open(config, "w") as f:
            json.dump({"menu": {"openDuration": OPEN_SECONDS, "closeDuration": OPEN_SECONDS, "layout": "radial"},
                       "items": [{"id": i, "title": i.title(), "icon": icon, "action": "bench.noop"}
                                 for i, icon in ITEMS],
                       "menus": overlay_menus.MENUS}, f)
        plugins = os.path.join(self.bench.tmp, "plugins")
        os.makedirs(plugins, mode=0o755)
        shutil.copy(os.path.join(self.tools_dir, "libbench.so"), plugins)
        self.petald = self.bench.serve([os.path.join(self.bin_dir, "petald"), "--config", config,
                                        "--plugin-dir", plugins, "-q"], "org.petal.Petal1")
        self.toggler = subprocess.Popen([os.path.join(self.tools_dir, "bench-client"), "toggles"], env=self.env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def close(self):
        for proc in (self.toggler, self.petald, self.keyboard, self.compositor, self.xvfb):
            if proc and proc.poll() is None:
                proc.terminate()
                proc.wait()
        self.bench.close()
        if self.sway_dir:
            shutil.rmtree(self.sway_dir, ignore_errors=True)

    def overlay_command(self):
        return [os.path.join(self.bin_dir, "petal-overlay"), "--bus", self.bench.env["DBUS_SESSION_BUS_ADDRESS"]]

    def peer_command(self, size, *extra):
        return [os.path.join(self.tools_dir, "bench-gtk-peer"), "--size", f"{size[0]}x{size[1]}",
                "--duration", str(OPEN_SECONDS), *extra]

    def toggle(self):
        """Sends Toggle; returns the µs just before it was sent and the state of the reply."""
        if self.toggler.poll() is not None:
            raise BenchError("bench-client toggles exited")
        self.toggler.stdin.write("toggle\n")
        line = self.toggler.stdout.readline()
        match = re.fullmatch(r"sent=(\d+) state=(\w+)\n", line)
        if not match:
            raise BenchError(f"bench-client toggles said {line!r}")
        return int(match[1]), match[2]

    def window_size(self, title):
        """The size of the window called `title` on our display, as xwininfo says, or None."""
        if self.wayland or not shutil.which("xwininfo"):
            return None
        done = subprocess.run(["xwininfo", "-name", title], env=self.env, capture_output=True, text=True)
        width = re.search(r"Width: (\d+)", done.stdout)
        height = re.search(r"Height: (\d+)", done.stdout)
        return (int(width[1]), int(height[1])) if width and height else None

    # ---- scenarios ----

    def first_frame(self, command, label):
        """µs from just before exec to the first `trace frame`; the program is stopped after."""
        before = now_us()
        program = Traced(command, self.env, label)
        try:
            at = program.until(lambda e: e[0] == "frame", "first frame")[-1][1]
            return (at - before) / 1000
        finally:
            program.stop()

    def startups(self, size):
        """exec → first frame, petal-overlay and the peer alternately, so a burst of load lands on both."""
        overlay, peer = [], []
        for i in range(self.counts["startups"]):
            pair = [("overlay", self.overlay_command(), overlay), ("peer", self.peer_command(size, "--exit"), peer)]
            for label, command, figures in (pair if i % 2 == 0 else pair[::-1]):
                figures.append(self.first_frame(command, "petal-overlay" if label == "overlay" else "bench-gtk-peer"))
        return overlay, peer

    def settle(self, program):
        """Waits until the program has drawn what it is going to draw and gone quiet."""
        program.drain(0.5)

    def cycles(self, overlay):
        """`cycles` open/close cycles on a running petal-overlay, each Toggle measured."""
        results = []
        pid = overlay.pid
        ticks0, ns0 = cpu_ticks(pid), cpu_ns(pid)
        frames_total = 0
        for _ in range(self.counts["cycles"]):
            for opening in (True, False):
                want = "expanding" if opening else "collapsing"
                sent, reply = self.toggle()
                if reply not in (want, "expanded" if opening else "collapsed"):
                    raise BenchError(f"Toggle answered {reply}, expected {want}")
                events = overlay.until(lambda e: e[0] == "state" and e[2] == want, f"trace state {want}")
                state_at = events[-1][1]
                moved = overlay.until(lambda e: e[0] == "frame" and (e[2] > 0 if opening else e[2] < 1),
                                      "moved frame")
                first_moved = moved[-1][1]
                final = "expanded" if opening else "collapsed"
                rest = overlay.until(lambda e: e[0] == "state" and e[2] == final, f"trace state {final}")
                rest += overlay.drain(0.15)
                frames = [e[1] for e in events + moved + rest if e[0] == "frame" and e[1] >= state_at]
                frames_total += len([e for e in events + moved + rest if e[0] == "frame"])
                during = [t for t in frames if t <= state_at + OPEN_SECONDS * 1e6]
                fps = (len(during) - 1) / ((during[-1] - during[0]) / 1e6) if len(during) > 1 else 0
                gaps = [(b - a) / 1000 for a, b in zip(during, during[1:])]
                results.append(dict(opening=opening, send_to_state=(state_at - sent) / 1000,
                                    send_to_moved=(first_moved - sent) / 1000,
                                    state_to_moved=(first_moved - state_at) / 1000, fps=fps,
                                    frames_in_window=len(during), frames=len(frames),
                                    longest_gap=max(gaps, default=float("nan"))))
        ticks, ns = cpu_ticks(pid) - ticks0, cpu_ns(pid) - ns0
        return results, dict(frames=frames_total, ticks=ticks, cpu_ms_ticks=ticks * 1000 / CLK_TCK,
                             cpu_ms=ns / 1e6)

    def peer_cycles(self, peer):
        """The same animation in the peer (SIGUSR1 starts it): its CPU per frame, the floor."""
        pid = peer.pid
        ticks0, ns0 = cpu_ticks(pid), cpu_ns(pid)
        frames = 0
        for _ in range(self.counts["cycles"] * 2):
            os.kill(pid, signal.SIGUSR1)
            seen = peer.until(lambda e: e[0] == "frame", "peer frame")
            seen += peer.drain(0.15 + OPEN_SECONDS)
            frames += len(seen)
        ticks, ns = cpu_ticks(pid) - ticks0, cpu_ns(pid) - ns0
        return dict(frames=frames, ticks=ticks, cpu_ms_ticks=ticks * 1000 / CLK_TCK, cpu_ms=ns / 1e6)

    def petalctl(self, *args):
        done = subprocess.run([os.path.join(self.bin_dir, "petalctl"), *args], env=self.env, capture_output=True,
                              text=True, timeout=TIMEOUT)
        if done.returncode != 0:
            raise BenchError(f"petalctl {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")

    def opened(self, overlay, watch, since, known, what):
        """After a command sent at `since` opened a menu not in `known`: its path
        and µs from the bystander's StateChanged(expanding) to its window's
        first frame with spread > 0, to its window's `trace state`, and from
        `since` to that frame; then waits for it to be expanded."""
        _, signal_at, (path, _) = watch.until(
            lambda i: i[0] == "signal" and i[2][1] == "expanding" and i[2][0] not in known, f"StateChanged of {what}")
        seen = overlay.until(lambda e: e[0] == "frame" and e[3] == path and e[2] > 0, f"moved frame of {what}")
        moved = seen[-1][1]
        state = next((e[1] for e in seen if e[0] == "state" and e[3] == path), None)
        if state is None:
            state = overlay.until(lambda e: e[0] == "state" and e[3] == path, f"trace state of {what}")[-1][1]
        overlay.until(lambda e: e[0] == "state" and e[3] == path and e[2] == "expanded", f"{what} expanded")
        return path, dict(signal_to_moved=(moved - signal_at) / 1000, signal_to_state=(state - signal_at) / 1000,
                          sent_to_moved=(moved - since) / 1000)

    def several_menus(self, overlay):
        """`cycles` times: `petalctl show power` (a window made as it opens),
        `petalctl activate more --menu power` (its submenu, another), then
        `petalctl close --menu power`, which takes both windows away."""
        watch = overlay_menus.watcher(self.tools_dir, self.env)
        shows, submenus = [], []
        try:
            for _ in range(self.counts["cycles"]):
                since = now_us()
                self.petalctl("show", overlay_menus.NAMED)
                named, figures = self.opened(overlay, watch, since, {MAIN_PATH}, overlay_menus.NAMED)
                shows.append(figures)
                since = now_us()
                self.petalctl("activate", overlay_menus.SUBMENU_ITEM, "--menu", overlay_menus.NAMED)
                _, figures = self.opened(overlay, watch, since, {MAIN_PATH, named}, "the submenu")
                submenus.append(figures)
                self.petalctl("close", "--menu", overlay_menus.NAMED)
                watch.until(lambda i: i[0] == "signal" and i[2] == (named, "collapsed"), "StateChanged collapsed")
                self.settle(overlay)
                watch.drain()
        finally:
            watch.stop()
        return dict(show=shows, submenu=submenus)

    def dmenus(self):
        """`petalctl choose --lines` against the dmenus of this display, given the
        same lines, in turn: exec → first frame on screen (overlay_menus)."""
        peers = ([("fuzzel", ["fuzzel", "--dmenu"]), ("wofi", ["wofi", "--dmenu"])] if self.wayland
                 else [("rofi", ["rofi", "-dmenu"])])
        for name, command in peers:
            if not shutil.which(command[0]):
                raise BenchError(f"{name} is not installed (Debian: {name})")
        lines = "".join(f"Choice {i + 1}\n" for i in range(overlay_menus.DMENU_LINES))
        programs = [("petal", [os.path.join(self.bin_dir, "petalctl"), "choose", "--lines"])] + peers
        kind = WaylandTraced if self.wayland else Traced
        overlay = kind(self.overlay_command(), self.env, "petal-overlay")
        frames = None if self.wayland else overlay_menus.x11_frames(self.tools_dir, self.env)
        figures = {name: [] for name, _ in programs}
        traced = []  # petal: exec → the overlay's own `trace frame` of the new window
        signalled = []  # petal: exec → StateChanged(expanding) of the ad-hoc menu, as a bystander reads it
        made = []  # petal: exec → the new window's `trace state`, once it is made
        watch = overlay_menus.watcher(self.tools_dir, self.env)
        try:
            overlay.until(lambda e: e[0] == "frame", "first frame")
            self.settle(overlay)
            for i in range(self.counts["startups"]):
                turn = i % len(programs)
                for name, command in programs[turn:] + programs[:turn]:
                    label = "petalctl choose --lines" if name == "petal" else name
                    since = now_us()
                    program = (kind(command, self.env, label, stdin=lines) if name != "petal" or not self.wayland
                               else Traced(command, self.env, label, stdin=lines))
                    try:
                        seen = []
                        if frames:
                            at = overlay_menus.x11_first_frame(frames, since, label)
                        else:
                            seen = (overlay if name == "petal" else program).until(
                                lambda e: e[0] == "shown" and e[1] >= since, f"first frame of {label}")
                            at = seen[-1][1]
                        figures[name].append((at - since) / 1000)
                        if name == "petal":
                            adhoc = lambda e: e[0] == "frame" and e[3] != MAIN_PATH and e[1] >= since  # noqa: E731
                            if not any(adhoc(e) for e in seen):
                                seen += overlay.until(adhoc, "trace frame of the ad-hoc menu")
                            frame = next(e for e in seen if adhoc(e))
                            traced.append((frame[1] - since) / 1000)
                            state = next(e for e in seen if e[0] == "state" and e[3] != MAIN_PATH and e[1] >= since)
                            made.append((state[1] - since) / 1000)
                            signal_at = watch.until(lambda i: i[0] == "signal" and i[2][1] == "expanding"
                                                    and i[2][0] != MAIN_PATH, "StateChanged of the ad-hoc menu")[1]
                            signalled.append((signal_at - since) / 1000)
                    finally:
                        program.stop()
                    time.sleep(0.2)  # the window goes: petald drops the menu of a client that left
                    overlay.drain(0.15)
                    if frames:
                        frames.drain()
                    watch.drain()
        finally:
            watch.stop()
            overlay.stop()
            if frames:
                frames.stop()
        return dict(figures, traced=traced, signalled=signalled, made=made, peers=[name for name, _ in peers])

    def idle(self, program):
        """Context switches of every thread over idle_seconds with nothing to do."""
        seconds = self.counts["idle_seconds"]
        before = switches(program.pid)
        time.sleep(seconds)
        after = switches(program.pid)
        if program.proc.poll() is not None:
            raise BenchError(f"{program.label} exited while idle")
        per_thread = {}
        for tid, (name, count) in after.items():
            woke = count - before.get(tid, (name, 0))[1]
            if woke:
                per_thread[f"{name}[{tid}]"] = woke
        frames = [e for e in program.drain(0.01) if e[0] == "frame"]
        return dict(seconds=seconds, wakeups=sum(per_thread.values()), threads=per_thread, frames=len(frames),
                    thread_count=len(after))

    def run(self):
        c = self.counts
        # The size of petal-overlay's popup, for the peer's.
        print("  petal-overlay: its window", file=sys.stderr, flush=True)
        overlay = Traced(self.overlay_command(), self.env, "petal-overlay")
        try:
            overlay.until(lambda e: e[0] == "frame", "first frame")
            self.settle(overlay)
            size = self.window_size("Petal") or X11_POPUP
        finally:
            overlay.stop()

        print(f"  exec → first frame, {c['startups']} of each", file=sys.stderr, flush=True)
        startup_overlay, startup_peer = self.startups(size)

        print(f"  petal-overlay: {c['cycles']} open/close cycles, {c['idle_seconds']:.0f} s idle",
              file=sys.stderr, flush=True)
        overlay = Traced(self.overlay_command(), self.env, "petal-overlay")
        peer = Traced(self.peer_command(size), self.env, "bench-gtk-peer")
        try:
            overlay.until(lambda e: e[0] == "frame", "first frame")
            peer.until(lambda e: e[0] == "frame", "first frame")
            self.settle(overlay)
            self.settle(peer)
            mem_start, peer_mem_start = memory_kib(overlay.pid), memory_kib(peer.pid)
            toggles, animation = self.cycles(overlay)
            peer_animation = self.peer_cycles(peer)
            self.settle(overlay)
            self.settle(peer)
            mem_end, peer_mem_end = memory_kib(overlay.pid), memory_kib(peer.pid)
            print(f"  petal-overlay: {c['cycles']} × show {overlay_menus.NAMED}, its submenu, close",
                  file=sys.stderr, flush=True)
            menus = self.several_menus(overlay)
            pie = self.pie(overlay)
            # Idle after menus of their own came and went: every window they had is gone.
            idle, peer_idle = self.idle(overlay), self.idle(peer)
        finally:
            overlay.stop()
            peer.stop()
        print(f"  petalctl choose --lines against the dmenus, exec → first frame on screen, {c['startups']} of each",
              file=sys.stderr, flush=True)
        dmenus = self.dmenus()
        lists = self.lists()
        return dict(size=size, startup=startup_overlay, peer_startup=startup_peer, toggles=toggles,
                    animation=animation, peer_animation=peer_animation, mem_start=mem_start, mem_end=mem_end,
                    peer_mem_start=peer_mem_start, peer_mem_end=peer_mem_end, idle=idle, peer_idle=peer_idle,
                    menus=menus, pie=pie, dmenus=dmenus, lists=lists)

    def pie(self, overlay):
        """Pointer motion → highlight on screen in a pie menu, and a still pointer (overlay_pie)."""
        print(f"  petal-overlay: a pie menu chosen by direction, then {self.counts['still_seconds']:.0f} s with "
              "the pointer still", file=sys.stderr, flush=True)
        return overlay_pie.run(self, overlay, self.counts["still_seconds"], switches)

    def pie_only(self):
        """The pie part alone, on a petal-overlay of its own."""
        overlay = (WaylandTraced if self.wayland else Traced)(self.overlay_command(), self.env, "petal-overlay")
        try:
            overlay.until(lambda e: e[0] == "frame", "first frame")
            self.settle(overlay)
            return self.pie(overlay)
        finally:
            overlay.stop()

    def lists(self):
        """A PickFrom of 5 and of 100,000 rows against the dmenus, and keystrokes at 100,000 rows (overlay_list)."""
        print(f"  a list picker of {' and '.join(f'{n:,}' for n in overlay_list.ROWS)} rows against the dmenus, "
              f"{self.counts['startups']} of each; keystrokes at {overlay_list.BIG:,} rows", file=sys.stderr, flush=True)
        return overlay_list.run(self, Traced, WaylandTraced)


def median(values):
    return statistics.median(values) if values else float("nan")


def report(r, counts, smoke):
    med = lambda key, opening=None: median([t[key] for t in r["toggles"] if opening is None or t["opening"] == opening])
    a, pa = r["animation"], r["peer_animation"]
    opens = [t for t in r["toggles"] if t["opening"]]
    first_open = opens[0]
    cpu_frame = a["cpu_ms"] / a["frames"] if a["frames"] else float("nan")
    cpu_frame_ticks = a["cpu_ms_ticks"] / a["frames"] if a["frames"] else float("nan")
    peer_cpu_frame = pa["cpu_ms"] / pa["frames"] if pa["frames"] else float("nan")
    mib = lambda kib: kib / 1024
    s_med, p_med = median(r["startup"]), median(r["peer_startup"])
    cycles = counts["cycles"]
    rows = [
        ("exec → first frame", "ms", f"{s_med:.1f}", f"{p_med:.1f}", f"{s_med / p_med:.2f}×"),
        ("Toggle sent → trace state (opening)", "ms", f"{med('send_to_state', True):.2f}", "", ""),
        ("Toggle sent → first frame with spread > 0", "ms", f"{med('send_to_moved', True):.2f}", "", ""),
        ("trace state → first moved frame, opening", "ms", f"{med('state_to_moved', True):.2f}", "", ""),
        ("trace state → first moved frame, closing", "ms", f"{med('state_to_moved', False):.2f}", "", ""),
        ("  the first opening after start (icons loaded)", "ms", f"{first_open['state_to_moved']:.2f}", "", ""),
        (f"frames/s during the {OPEN_SECONDS} s opening", "fps", f"{med('fps', True):.1f}", "", ""),
        ("longest frame interval in any opening", "ms", f"{max(t['longest_gap'] for t in opens):.1f}", "", ""),
        ("frames painted per opening (StateChanged on)", "", f"{med('frames', True):.0f}", "", ""),
        ("CPU per frame (schedstat, all threads)", "ms", f"{cpu_frame:.3f}", f"{peer_cpu_frame:.3f}",
         f"{cpu_frame / peer_cpu_frame:.2f}×"),
        ("CPU per frame (utime+stime, /proc/PID/stat)", "ms", f"{cpu_frame_ticks:.3f}",
         f"{pa['cpu_ms_ticks'] / pa['frames']:.3f}" if pa["frames"] else "", ""),
        (f"wake-ups over {r['idle']['seconds']:.0f} s idle (all threads)", "", f"{r['idle']['wakeups']}",
         f"{r['peer_idle']['wakeups']}", ""),
        ("RSS after start", "MiB", f"{mib(r['mem_start']['VmRSS']):.2f}", f"{mib(r['peer_mem_start']['VmRSS']):.2f}",
         f"{r['mem_start']['VmRSS'] / r['peer_mem_start']['VmRSS']:.2f}×"),
        ("  of which private (RssAnon)", "MiB", f"{mib(r['mem_start']['RssAnon']):.2f}",
         f"{mib(r['peer_mem_start']['RssAnon']):.2f}",
         f"{r['mem_start']['RssAnon'] / r['peer_mem_start']['RssAnon']:.2f}×"),
        (f"RSS after {cycles} open/close cycles", "MiB", f"{mib(r['mem_end']['VmRSS']):.2f}",
         f"{mib(r['peer_mem_end']['VmRSS']):.2f}", f"{r['mem_end']['VmRSS'] / r['peer_mem_end']['VmRSS']:.2f}×"),
        ("  of which private (RssAnon)", "MiB", f"{mib(r['mem_end']['RssAnon']):.2f}",
         f"{mib(r['peer_mem_end']['RssAnon']):.2f}",
         f"{r['mem_end']['RssAnon'] / r['peer_mem_end']['RssAnon']:.2f}×"),
    ]
    print_table(("figure", "unit", "petal-overlay", "GTK peer", "overlay/peer"), rows)
    print(f"\nMedians of {counts['startups']} start-ups each and of {cycles} openings and {cycles} closings; "
          f"CPU over all {2 * cycles} animations ({a['frames']} frames traced, {a['ticks']} clock ticks of "
          f"1/{CLK_TCK} s; the peer {pa['frames']} frames, {pa['ticks']} ticks).")
    print(f"Threads: petal-overlay {r['idle']['thread_count']}, peer {r['peer_idle']['thread_count']}. "
          f"Wake-ups by thread while idle: {r['idle']['threads'] or 'none'}; the peer: {r['peer_idle']['threads'] or 'none'}"
          + (f"; frames painted while idle: {r['idle']['frames']}" if r['idle']['frames'] else "") + ".")
    menus_goals = (report_menus(r, counts) + overlay_pie.report(r["pie"], print_table, median, overlay_list.percentile)
                   + overlay_list.report(r["lists"], counts, print_table, median))
    if smoke:
        print("\nGoals: judged only in a full run (make bench); a smoke run checks that every scenario works.")
        return
    print("\nGoals (the overlay's):")
    goals = [
        ("exec → first frame ≤ 60 ms", s_med, 60, " ms", "≤"),
        ("trace state → first moved frame ≤ 16.7 ms (one frame)", med("state_to_moved", True), 16.7, " ms", "≤"),
        (f"animation at the display's rate (≥ 95% of {DISPLAY_HZ:.0f} Hz)", med("fps", True), 0.95 * DISPLAY_HZ, " fps", "≥"),
        ("CPU per frame ≤ 1 ms", cpu_frame, 1.0, " ms", "≤"),
        (f"0 wake-ups over {r['idle']['seconds']:.0f} s idle, with {len(overlay_menus.MENUS) + 1} menus configured and "
         "after they opened", r["idle"]["wakeups"], 0, "", "≤"),
        (f"RSS ≤ 40 MiB after {cycles} cycles", mib(r["mem_end"]["VmRSS"]), 40, " MiB", "≤"),
    ] + menus_goals
    print_goals(goals)


def print_goals(goals):
    for what, value, limit, unit, sense in goals:
        met = value >= limit if sense == "≥" else value <= limit
        shown = f"{value}" if isinstance(value, int) else f"{value:.2f}"
        print(f"  {'met   ' if met else 'MISSED'}  {what}: {shown}{unit}")


def report_menus(r, counts):
    """The table of several menus and of the dmenus; returns their goals."""
    show, submenu, d = r["menus"]["show"], r["menus"]["submenu"], r["dmenus"]
    values = lambda figures, key: [f[key] for f in figures]  # noqa: E731
    row = lambda what, figures: (what, "ms", f"{median(figures):.2f}", f"{max(figures):.2f}")  # noqa: E731
    print(f"\nSeveral menus: {counts['cycles']} × `petalctl show {overlay_menus.NAMED}` (a window made as it opens), "
          f"`petalctl activate {overlay_menus.SUBMENU_ITEM} --menu {overlay_menus.NAMED}` (its submenu's), "
          "`petalctl close`; StateChanged as `bench-client watch` reads it off the bus:\n")
    print_table(("figure", "unit", "median", "max"), [
        row(f"show {overlay_menus.NAMED}: exec petalctl → first moved frame", values(show, "sent_to_moved")),
        row("  StateChanged → its window's trace state (window made)", values(show, "signal_to_state")),
        row("  StateChanged → first moved frame", values(show, "signal_to_moved")),
        row("submenu: exec petalctl activate → first moved frame", values(submenu, "sent_to_moved")),
        row("  StateChanged → its window's trace state (window made)", values(submenu, "signal_to_state")),
        row("  StateChanged → first moved frame", values(submenu, "signal_to_moved")),
    ])
    peers = d["peers"]
    fastest = min(peers, key=lambda name: median(d[name]))
    petal = median(d["petal"])
    print(f"\nA dmenu: exec → first frame on screen, {DMENU_LINES_TEXT}, {counts['startups']} of each in turn "
          "(petalctl choose --lines drawn by the running petal-overlay in a new window):\n")
    rows = [("petalctl choose --lines", f"{petal:.1f}", f"{min(d['petal']):.1f}", f"{max(d['petal']):.1f}",
             f"{petal / median(d[fastest]):.2f}×")]
    rows += [(what, f"{median(d[key]):.1f}", f"{min(d[key]):.1f}", f"{max(d[key]):.1f}", "") for what, key in (
        ("  exec → StateChanged (petalctl, petald)", "signalled"),
        ("  exec → the window made (its trace state)", "made"),
        ("  exec → its first frame painted (trace frame)", "traced"))]
    rows += [(DMENU_COMMANDS[name], f"{median(d[name]):.1f}", f"{min(d[name]):.1f}", f"{max(d[name]):.1f}",
              f"{median(d[name]) / median(d[fastest]):.2f}×") for name in peers]
    print_table(("program", "median ms", "min ms", "max ms", f"/ {fastest}"), rows)
    return [
        (f"show {overlay_menus.NAMED}: StateChanged → first moved frame ≤ 16.7 ms (a new window)",
         median(values(show, "signal_to_moved")), 16.7, " ms", "≤"),
        ("submenu: StateChanged → first moved frame ≤ 16.7 ms (one frame)",
         median(values(submenu, "signal_to_moved")), 16.7, " ms", "≤"),
        (f"choose --lines exec → first frame ≤ 0.25× the fastest dmenu ({fastest}: {median(d[fastest]):.1f} ms)",
         petal / median(d[fastest]), 0.25, "×", "≤"),
    ]


DMENU_LINES_TEXT = f"the same {overlay_menus.DMENU_LINES} lines on standard input"
DMENU_COMMANDS = {"rofi": "rofi -dmenu", "fuzzel": "fuzzel --dmenu", "wofi": "wofi --dmenu"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petald and petal-overlay")
    parser.add_argument("--tools", default=os.path.join(HERE, "..", ".build", "bench"),
                        help="the folder of bench-client, bench-gtk-peer and libbench.so")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: check that everything works")
    parser.add_argument("--json", help="also write the raw figures to this file")
    parser.add_argument("--list-only", action="store_true",
                        help="only the list part (a picker of 5 and 100,000 rows, keystrokes) and its table")
    parser.add_argument("--pie-only", action="store_true",
                        help="only the pie part (pointer motion → highlight on screen, a still pointer) and its table")
    parser.add_argument("--wayland", action="store_true",
                        help="on headless sway (run as nobody when root) instead of Xvfb: the layer-shell path")
    args = parser.parse_args()
    counts = COUNTS["smoke" if args.smoke else "full"]
    run = OverlayBench(os.path.abspath(args.bin), os.path.abspath(args.tools), args.smoke, args.wayland)
    started = time.monotonic()
    try:
        run.start()
        print(f"Running the {'smoke ' if args.smoke else ''}overlay benchmark on "
              f"{'headless sway' if args.wayland else 'Xvfb'} {run.display} and a private bus…", file=sys.stderr)
        if args.list_only:
            results = {"lists": run.lists()}
        elif args.pie_only:
            results = {"pie": run.pie_only()}
        else:
            results = run.run()
    except (BenchError, OSError) as error:
        print(f"bench overlay: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        run.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    model = next((line.split(":", 1)[1].strip() for line in subprocess.run(
        ["lscpu"], capture_output=True, text=True).stdout.splitlines() if line.startswith("Model name")), "?")
    print(f"\npetal-overlay benchmark{' (SMOKE: tiny counts, figures meaningless)' if args.smoke else ''} — "
          f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
          f"{os.cpu_count()} CPUs, {model}")
    if args.list_only or args.pie_only:
        print(f"{'Wayland: headless sway 1280x720@60Hz (pixman)' if args.wayland else 'X11: Xvfb 1280x720x24 with xcompmgr'}"
              f", not pinned; the {'list' if args.list_only else 'pie'} part alone.")
    elif args.wayland:
        print("Wayland: headless sway 1280x720@60Hz (pixman), GDK_BACKEND=wayland, not pinned; petal-overlay a "
              f"layer-shell surface over the whole output, the peer a parentless popup, which sway "
              f"tiles as a window of the output's size; {len(ITEMS)} items, openDuration = closeDuration = {OPEN_SECONDS} s.\n")
    else:
        print(f"X11: Xvfb 1280x720x24 with xcompmgr, GDK_BACKEND=x11, not pinned; popup {results['size'][0]}×"
              f"{results['size'][1]} (the peer's the same); {len(ITEMS)} items, openDuration = closeDuration = "
              f"{OPEN_SECONDS} s.\n")
    if args.list_only or args.pie_only:
        goals = (overlay_list.report(results["lists"], counts, print_table, median) if args.list_only
                 else overlay_pie.report(results["pie"], print_table, median, overlay_list.percentile))
        print(f"\nGoals (the {'list' if args.list_only else 'pie'} part's):")
        print_goals(goals)
    else:
        report(results, counts, args.smoke)
    print(f"\n({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
