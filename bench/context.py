#!/usr/bin/python3
"""The context benchmark: how soon petal-context tells petald of a focus
change, and what it costs while nothing changes. On a real sway (headless,
wlroots' pixman renderer) and a real X11 desktop (Xvfb with openbox), each
with two GTK windows whose focus goes back and forth, against the real
petald on a private bus.

    bench/context.py --bin .build/release [--tools .build/bench] [--smoke]

Latency is from the compositor's event to petald's PropertiesChanged of
Context as a client on the bus receives it: on sway, the window::focus
event as a second IPC client reads it (the focus moved by a RUN_COMMAND on
a third); on X11, the PropertyNotify of _NET_ACTIVE_WINDOW as
bench-x11-focus reads it (the focus moved by the EWMH request a pager
sends). Both ends are CLOCK_MONOTONIC; the client is dbus-python, so its
own dispatch (~0.1 ms) is counted in. Idle is petal-
context's context switches, summed over its threads, and its RssAnon, with
focus still. Nothing is pinned to a CPU.

Standard library and Debian's /usr/bin/python3 (dbus, gi) only. Needs xvfb,
openbox and sway; as root, sway runs as the user nobody. Exits non-zero when
anything fails to start or a change is not told within 5 s.
"""
import argparse
import json
import os
import queue
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # importing private_bus must leave no __pycache__ in bench/
import private_bus  # noqa: E402  (bench/private_bus.py, beside this script)

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
WINDOW = os.path.join(HERE, "context_window.py")
COUNTS = {"full": dict(switches=200, idle=10.0), "smoke": dict(switches=10, idle=1.0)}
GOALS = dict(p50_ms=5.0, idle_wakeups=0, rss_kib=2048)
NAMES = ("petal-alpha", "petal-beta")


class BenchError(Exception):
    """Something went wrong; the message says what."""


def watcher():
    """A client of petald: once petald owns its name, prints `ready`, then
    `NANOSECONDS APP` for each PropertiesChanged of Context as it arrives."""
    import dbus
    import dbus.mainloop.glib
    from gi.repository import GLib

    def changed(interface, properties, invalidated):
        if interface == "org.petal.Petal1.Menus" and "Context" in properties:
            print(time.monotonic_ns(), str(properties["Context"].get("app", "")), flush=True)

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    bus.add_signal_receiver(changed, signal_name="PropertiesChanged", dbus_interface="org.freedesktop.DBus.Properties",
                            bus_name="org.petal.Petal1", path="/org/petal/Petal1")
    for _ in range(400):
        if bus.name_has_owner("org.petal.Petal1"):
            break
        time.sleep(0.025)
    else:
        raise SystemExit("petald did not take its name on the bus")
    print("ready", flush=True)
    GLib.MainLoop().run()


def lines_of(process, into):
    """Reads `process`'s stdout a line at a time into the queue `into`, then None."""
    def read():
        for line in process.stdout:
            into.put(line.strip())
        into.put(None)
    threading.Thread(target=read, daemon=True).start()


def take(lines, what, timeout=5.0, predicate=lambda line: True):
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise BenchError(f"no {what} within {timeout} s")
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            continue
        if line is None:
            raise BenchError(f"the process ended before {what}")
        if predicate(line):
            return line


def wakeups(pid):
    """Context switches so far, voluntary and not, summed over the process's threads."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                total += sum(int(line.split()[1]) for line in f if "ctxt_switches" in line)
        except FileNotFoundError:
            pass
    return total


def rss_anon_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("RssAnon:"))


class ContextBench:
    def __init__(self, bin_dir, tools_dir, smoke):
        self.bin_dir, self.tools_dir = bin_dir, tools_dir
        self.counts = COUNTS["smoke" if smoke else "full"]
        self.tmp = tempfile.mkdtemp(prefix="petal-bench-context-")
        os.chmod(self.tmp, 0o711)  # sway's user passes through to its runtime folder
        self.processes = []
        self.watcher = None
        self.calls = queue.Queue()
        self.env = None

    def start(self, command, name, env, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL):
        log = open(os.path.join(self.tmp, name + ".log"), "w")
        process = subprocess.Popen(command, env=env, stdout=stdout, stderr=log, stdin=stdin, text=True)
        self.processes.append(process)
        return process

    def close(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=3)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # ---- the bus, petald, and a client watching its Context ----

    def start_bus(self):
        config = private_bus.write_config(self.tmp)
        bus = self.start(["dbus-daemon", "--config-file", config, "--nofork", "--print-address=1"], "dbus",
                         dict(os.environ), stdout=subprocess.PIPE)
        address = bus.stdout.readline().strip()
        if not address:
            raise BenchError("the private dbus-daemon did not start")
        self.env = {"PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": address, "NO_AT_BRIDGE": "1",
                    "GDK_GL": "disable", "HOME": self.tmp}
        # The embedded menu (no configuration file under this HOME); no plugin needs isolating.
        self.start([os.path.join(self.bin_dir, "petald"), "--bus", address], "petald",
                   dict(self.env, XDG_RUNTIME_DIR=self.tmp))
        self.watcher = self.start([PYTHON, os.path.abspath(__file__), "--watch"], "watcher", self.env,
                                  stdout=subprocess.PIPE)
        lines_of(self.watcher, self.calls)
        take(self.calls, "petald on the bus", timeout=10, predicate=lambda line: line == "ready")

    def context_program(self, env, name):
        program = self.start([os.path.join(self.bin_dir, "petal-context"), "--bus",
                              self.env["DBUS_SESSION_BUS_ADDRESS"]] + (["-v"] if os.environ.get("BENCH_CONTEXT_VERBOSE") else []), name, env)
        take(self.calls, f"the first Context {name} set", timeout=10)
        return program

    def window(self, name, env):
        window = self.start([PYTHON, WINDOW, name, f"{name}'s window"], f"window-{name}", env, stdout=subprocess.PIPE)
        ready = window.stdout.readline().split()
        if not ready or ready[0] != "ready":
            raise BenchError(f"the window {name} did not open; see its log")
        return int(ready[1])

    def told(self, app):
        """When the watcher received the next PropertiesChanged of Context with `app`."""
        line = take(self.calls, f"Context(app={app})", predicate=lambda line: line.split(" ", 1)[1:] == [app])
        return int(line.split()[0])

    def idle(self, pid):
        time.sleep(1)
        before, started = wakeups(pid), time.monotonic()
        time.sleep(self.counts["idle"])
        return {"idle_wakeups": wakeups(pid) - before, "idle_seconds": time.monotonic() - started,
                "rss_kib": rss_anon_kib(pid)}

    # ---- X11: Xvfb and openbox ----

    def x11(self):
        xvfb = self.start(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-noreset"],
                          "Xvfb", dict(os.environ), stdout=subprocess.PIPE)
        display = ":" + xvfb.stdout.readline().strip()
        env = dict(self.env, DISPLAY=display, GDK_BACKEND="x11")
        self.start(["openbox", "--sm-disable"], "openbox", env)
        for _ in range(200):
            check = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env, capture_output=True, text=True)
            if "window id" in check.stdout:
                break
            time.sleep(0.05)
        else:
            raise BenchError("openbox did not start")
        windows = {name.capitalize(): self.window(name, env) for name in NAMES}
        program = self.context_program(env, "petal-context-x11")
        focus = self.start([os.path.join(self.tools_dir, "bench-x11-focus")], "bench-x11-focus", env,
                           stdout=subprocess.PIPE, stdin=subprocess.PIPE)
        events = queue.Queue()
        lines_of(focus, events)
        latencies = []
        apps = list(windows)
        for index in range(self.counts["switches"] + 1):
            app = apps[index % 2]
            focus.stdin.write(f"{windows[app]}\n")
            focus.stdin.flush()
            event = int(take(events, f"_NET_ACTIVE_WINDOW naming {app}"))
            received = self.told(app)
            if index:  # the first only makes sure where the focus starts
                latencies.append((received - event) / 1e6)
        return dict(self.idle(program.pid), latencies=latencies)

    # ---- sway, headless ----

    def sway(self):
        runtime = os.path.join(self.tmp, "sway-runtime")
        os.mkdir(runtime, 0o700)
        config = os.path.join(runtime, "config")
        with open(config, "w") as f:
            f.write("xwayland disable\noutput HEADLESS-1 resolution 1280x720 position 0 0\n"
                    "default_border none\nfocus_follows_mouse no\n")
        command = ["sway", "--config", config]
        if os.getuid() == 0:  # sway refuses root
            import pwd
            nobody = pwd.getpwnam("nobody")
            os.chown(runtime, nobody.pw_uid, nobody.pw_gid)
            os.chown(config, nobody.pw_uid, nobody.pw_gid)
            command = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"] + command
        self.start(command, "sway", {"PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime,
                                     "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                                     "WLR_RENDERER": "pixman"})
        ipc = wayland = None
        for _ in range(400):
            names = os.listdir(runtime) if os.access(runtime, os.R_OK) else []
            ipc = next((os.path.join(runtime, n) for n in names if n.startswith("sway-ipc.")), None)
            wayland = next((os.path.join(runtime, n) for n in names if n.startswith("wayland-") and not n.endswith(".lock")), None)
            if ipc and wayland:
                break
            time.sleep(0.05)
        else:
            raise BenchError("sway made no IPC or Wayland socket; see its log")
        client_runtime = os.path.join(self.tmp, "client-runtime")
        os.mkdir(client_runtime, 0o700)
        env = dict(self.env, WAYLAND_DISPLAY=wayland, XDG_RUNTIME_DIR=client_runtime, GDK_BACKEND="wayland")
        for name in NAMES:
            self.window(name, env)
        program = self.context_program(dict(self.env, SWAYSOCK=ipc), "petal-context-sway")

        events = queue.Queue()
        subscriber = I3IPC(ipc)
        subscriber.send(2, json.dumps(["window"]))
        threading.Thread(target=subscriber.stamp_focus_events, args=(events,), daemon=True).start()
        commands = I3IPC(ipc)
        latencies = []
        for index in range(self.counts["switches"] + 1):
            app = NAMES[index % 2]
            commands.send(0, f'[app_id="{app}"] focus')
            commands.receive()
            event = int(take(events, f"window::focus of {app}", predicate=lambda line: line.split()[1] == app).split()[0])
            received = self.told(app)
            if index:
                latencies.append((received - event) / 1e6)
        return dict(self.idle(program.pid), latencies=latencies)


class I3IPC:
    """A client of sway's IPC socket: i3-ipc messages, `i3-ipc`, length, type, payload."""

    def __init__(self, path):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)

    def send(self, kind, payload):
        data = payload.encode()
        self.socket.sendall(b"i3-ipc" + struct.pack("=II", len(data), kind) + data)

    def receive(self):
        header = self.exactly(14)
        length, kind = struct.unpack("=II", header[6:])
        return kind, json.loads(self.exactly(length))

    def exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                raise BenchError("sway closed its IPC socket")
            data += chunk
        return data

    def stamp_focus_events(self, into):
        """`NANOSECONDS APP_ID` for each window::focus event, stamped as its header arrives."""
        while True:
            try:
                header = self.exactly(14)
            except (BenchError, OSError):
                return  # sway has gone: the run is over
            arrived = time.monotonic_ns()
            length, kind = struct.unpack("=II", header[6:])
            body = json.loads(self.exactly(length))
            if kind == 0x80000003 and body.get("change") == "focus":
                into.put(f"{arrived} {body['container'].get('app_id')}")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    if sys.argv[1:] == ["--watch"]:
        return watcher()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petal-context and petald")
    parser.add_argument("--tools", default=os.path.join(HERE, "..", ".build", "bench"),
                        help="the folder of bench-x11-focus")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: check that everything works")
    args = parser.parse_args()
    bench = ContextBench(os.path.abspath(args.bin), os.path.abspath(args.tools), args.smoke)
    results = {}
    try:
        bench.start_bus()
        for desktop, run in (("sway", bench.sway), ("X11 (openbox)", bench.x11)):
            print(f"  context: {desktop}, {bench.counts['switches']} focus changes, then idle", file=sys.stderr, flush=True)
            results[desktop] = run()
    except BenchError as error:
        print(f"bench: context: FAILED: {error} (logs in {bench.tmp})", file=sys.stderr)
        bench.tmp = os.devnull  # keep the logs
        return 1
    finally:
        bench.close()
    print(f"\npetal-context: focus change → petald's PropertiesChanged of Context, as a client receives it "
          f"({'SMOKE: figures meaningless; ' if args.smoke else ''}idle over {bench.counts['idle']:.0f} s)")
    rows = [[desktop, len(r["latencies"]), f"{statistics.median(r['latencies']):.2f}",
             f"{percentile(r['latencies'], 0.9):.2f}", f"{max(r['latencies']):.2f}", r["idle_wakeups"],
             f"{r['rss_kib']:,}"] for desktop, r in results.items()]
    headers = ["desktop", "changes", "p50 ms", "p90 ms", "max ms", "idle wake-ups", "RssAnon KiB"]
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    for cells in [headers, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))
    if args.smoke:
        print("Goals: judged only in a full run.")
        return 0
    met = all(statistics.median(r["latencies"]) <= GOALS["p50_ms"] and r["idle_wakeups"] <= GOALS["idle_wakeups"]
              and r["rss_kib"] <= GOALS["rss_kib"] for r in results.values())
    print(f"Goals: p50 ≤ {GOALS['p50_ms']:.0f} ms, {GOALS['idle_wakeups']} wake-ups idle, "
          f"RssAnon ≤ {GOALS['rss_kib'] // 1024} MiB: {'met' if met else 'NOT met'}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
