#!/usr/bin/python3
"""petalctl's cost per key press: `petalctl toggle` and `petalctl show NAME`,
each from exec to exit, against `busctl --user call` and `gdbus call` making
the same call, on the same private bus and the same release petald.

    bench/petalctl.py --bin .build/release [--smoke] [--runs N]

A key binding starts petalctl once per press, so what counts is the whole
life of the process: loading, the runtime's start, connecting to the bus
(Hello), the one call, and exit. Each run starts one client with
posix_spawn and reaps it with wait4: the wall time from spawn to reaping,
and the CPU time (user + system) the kernel charged the client. The
clients take turns, run by run, so that load from elsewhere on the machine
lands on each alike; the figures are medians, and the ratios are petalctl's
median over the other client's, in the same run. Goal: petalctl at most
1.0× busctl.

petald runs with no animation (openDuration = closeDuration = 0) and a
menu `power`; `show` is measured only when petald serves ShowMenu
(org.petal.Petal1.Menus), and the table says so otherwise. Toggle flips
the menu, ShowMenu with `toggle` opens and closes `power`, so every call
changes state as a key press does. By default the bus, petald and the
clients share one CPU (as bench/run.py pins them); BENCH_PIN=0 lets the
scheduler place them.

Standard library only. Exits non-zero when a client fails or petald does not start.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # importing the modules beside it must leave no __pycache__ in bench/
import private_bus  # noqa: E402

GOAL = 1.0  # petalctl / busctl, wall time, at most
RUNS = {"full": 400, "smoke": 5}
WARMUP = {"full": 20, "smoke": 1}
NAME = "org.petal.Petal1"
ROOT = "/org/petal/Petal1"


class BenchError(Exception):
    """Something went wrong; the message says what."""


class StartupBench:
    def __init__(self, bin_dir, smoke, pin):
        self.bin_dir = bin_dir
        self.smoke = smoke
        self.tmp = tempfile.mkdtemp(prefix="petal-bench-petalctl-")
        self.pin = pin
        self.bus = self.petald = None
        self.env = None
        self.frontend = None

    def start(self):
        if self.pin:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # the bus, petald and the clients inherit it
        try:
            self.bus, address = private_bus.start(self.tmp)
        except private_bus.BusError as error:
            raise BenchError(str(error))
        self.env = private_bus.environment(self.tmp, address)
        petald_config = os.path.join(self.tmp, "config.json")
        with open(petald_config, "w") as f:
            json.dump({"menu": {"openDuration": 0, "closeDuration": 0},
                       "menus": {"power": {"title": "Power", "items": [
                           {"id": "lock", "title": "Lock", "action": "command.run",
                            "params": {"argv": ["true"]}}]}}}, f)
        self.petald = subprocess.Popen([os.path.join(self.bin_dir, "petald"), "--config", petald_config, "-q"],
                                       env=self.env, stdout=subprocess.DEVNULL,
                                       stderr=open(os.path.join(self.tmp, "petald.log"), "w"))
        for _ in range(500):
            if self.busctl("call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                           "NameHasOwner", "s", NAME).stdout.strip() == "b true":
                return
            if self.petald.poll() is not None:
                break
            time.sleep(0.02)
        with open(os.path.join(self.tmp, "petald.log")) as f:
            raise BenchError(f"petald did not own {NAME}: {f.read().strip() or 'no message'}")

    def start_frontend(self):
        """Owns org.petal.Frontend1 as petal-overlay would on a desktop, so that
        petalctl's question (does anything draw menus?) gets the answer it gets
        there, and it warns of nothing; the question itself still goes out."""
        self.frontend = subprocess.Popen(
            ["/usr/bin/python3", "-c", "import dbus, sys, time\n"
             "bus = dbus.SessionBus(); bus.request_name('org.petal.Frontend1')\n"
             "print('owned', flush=True); time.sleep(1e6)"],
            env=self.env, stdout=subprocess.PIPE, text=True)
        if self.frontend.stdout.readline().strip() != "owned":
            raise BenchError("the stand-in frontend could not own org.petal.Frontend1")

    def busctl(self, *words):
        return subprocess.run(["busctl", "--user"] + list(words), env=self.env, capture_output=True, text=True)

    def serves_show_menu(self):
        """Whether this petald serves ShowMenu, as its introspection data says."""
        done = self.busctl("introspect", "--xml-interface", NAME, ROOT)
        if done.returncode != 0:
            raise BenchError(f"cannot introspect petald: {done.stderr.strip()}")
        menus = done.stdout.split('<interface name="org.petal.Petal1.Menus">', 1)
        return len(menus) == 2 and '<method name="ShowMenu">' in menus[1].split("</interface>", 1)[0]

    def close(self):
        for process in (self.frontend, self.petald, self.bus):
            if process:
                process.terminate()
                process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def spawn(self, argv):
        """Runs `argv` once: (wall ns from spawn to reaping, CPU ns of user and system time)."""
        with open(os.devnull, "wb") as null:
            started = time.perf_counter_ns()
            pid = os.posix_spawnp(argv[0], argv, self.env, file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1)])
            _, status, usage = os.wait4(pid, 0)
            wall = time.perf_counter_ns() - started
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            raise BenchError(f"{' '.join(argv)} failed (status {status:#x})")
        return wall, int((usage.ru_utime + usage.ru_stime) * 1e9)

    def measure(self, clients):
        """Every client `runs` times, taking turns; (wall, cpu) lists by client label."""
        mode = "smoke" if self.smoke else "full"
        for label, argv in clients:  # the files in the page cache, the bus and petald warm
            for _ in range(WARMUP[mode]):
                self.spawn(argv)
        times = {label: ([], []) for label, _ in clients}
        for run in range(RUNS[mode]):
            shift = run % len(clients)
            for label, argv in clients[shift:] + clients[:shift]:
                wall, cpu = self.spawn(argv)
                times[label][0].append(wall / 1e6)
                times[label][1].append(cpu / 1e6)
        return times


def clients_for(petalctl, verb, others=()):
    """The three clients making `verb`'s one call, and other petalctl builds to compare."""
    extra = [(os.path.basename(path), [os.path.abspath(path)] + (["toggle"] if verb == "toggle" else
                                                                   ["show", "power", "--toggle"])) for path in others]
    if verb == "toggle":
        return extra + [("petalctl", [petalctl, "toggle"]),
                ("busctl", ["busctl", "--user", "call", NAME, ROOT, "org.petal.Petal1.Menu", "Toggle"]),
                ("gdbus", ["gdbus", "call", "--session", "--dest", NAME, "--object-path", ROOT,
                           "--method", "org.petal.Petal1.Menu.Toggle"])]
    return extra + [("petalctl", [petalctl, "show", "power", "--toggle"]),
            ("busctl", ["busctl", "--user", "call", NAME, ROOT, "org.petal.Petal1.Menus", "ShowMenu", "sa{sv}",
                        "power", "1", "toggle", "b", "true"]),
            ("gdbus", ["gdbus", "call", "--session", "--dest", NAME, "--object-path", ROOT,
                       "--method", "org.petal.Petal1.Menus.ShowMenu", "power", "{'toggle': <true>}"])]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def print_table(headers, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    for cells in [headers, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petald and petalctl")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: check that everything works")
    parser.add_argument("--runs", type=int, help="runs of each client (default 400, 5 with --smoke)")
    parser.add_argument("--compare", action="append", default=[], metavar="PETALCTL",
                        help="another petalctl build to measure in the same run (a dynamically linked one, say)")
    args = parser.parse_args()
    if args.runs:
        RUNS["smoke" if args.smoke else "full"] = args.runs
    for tool in ("busctl", "gdbus", "dbus-daemon"):
        if not shutil.which(tool):
            print(f"bench: petalctl: FAILED: {tool} is not installed", file=sys.stderr)
            return 1
    petalctl = os.path.join(os.path.abspath(args.bin), "petalctl")
    bench = StartupBench(os.path.abspath(args.bin), args.smoke, os.environ.get("BENCH_PIN", "1") != "0")
    results, skipped = {}, []
    try:
        bench.start()
        bench.start_frontend()
        for verb in ("toggle", "show"):
            if verb == "show" and not bench.serves_show_menu():
                skipped.append("show: this petald does not serve ShowMenu (org.petal.Petal1.Menus) yet")
                continue
            print(f"  petalctl: {verb}, {RUNS['smoke' if args.smoke else 'full']} runs of each client",
                  file=sys.stderr, flush=True)
            results[verb] = bench.measure(clients_for(petalctl, verb, args.compare))
    except BenchError as error:
        print(f"bench: petalctl: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        bench.close()
    print(f"\npetalctl per key press: exec to exit, the one call made by each client in turn, "
          f"{'pinned to one CPU' if bench.pin else 'unpinned'}"
          f"{'; SMOKE: figures meaningless' if args.smoke else ''}.")
    rows, verdicts = [], []
    for verb, times in results.items():
        wall = {label: statistics.median(w) for label, (w, _) in times.items()}
        cpu = {label: statistics.median(c) for label, (_, c) in times.items()}
        for label, (w, _) in times.items():
            mine = label not in ("busctl", "gdbus")
            ratio = lambda other: f"{wall[label] / wall[other]:.2f}×" if mine else ""
            rows.append([f"{verb}: {label}", f"{wall[label]:.2f}", f"{percentile(w, 0.9):.2f}",
                         f"{cpu[label]:.2f}", ratio("busctl"), ratio("gdbus"),
                         f"{cpu[label] / cpu['busctl']:.2f}×" if mine else ""])
        verdicts.append((verb, wall["petalctl"] / wall["busctl"]))
    print_table(["client", "p50 ms", "p90 ms", "CPU ms", "÷ busctl", "÷ gdbus", "CPU ÷ busctl"], rows)
    for note in skipped:
        print(f"Not measured: {note}.")
    if args.smoke:
        print("Goal: judged only in a full run.")
    else:
        print(f"Goal: petalctl ≤ {GOAL:.1f}× busctl (p50): "
              + ", ".join(f"{verb} {ratio:.2f}× {'met' if ratio <= GOAL else 'MISSED'}" for verb, ratio in verdicts)
              + ".")
    return 0


if __name__ == "__main__":
    sys.exit(main())
