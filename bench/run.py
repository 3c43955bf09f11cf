#!/usr/bin/python3
"""Runs Petal's benchmark and prints one table: the C libdbus peer (the
floor), the same C server keeping Petal's contract, the dbus-python peer and
petald, side by side, with ratios against the C peers measured in the same run.
The part hostile adds a second: the goals under hostile traffic (a
flood of unread calls, a 1,000,000-key a{sv}, a slow fsync), through the raw
clients of bench/hostile.py.
The part context runs bench/context.py: petal-context's delay from a focus
change on headless sway and on Xvfb with openbox to petald's
PropertiesChanged of Context, and its cost while idle (it needs sway, openbox
and xvfb; it is not pinned). The part petalctl runs bench/petalctl.py:
`petalctl toggle` and `petalctl show NAME` from exec to exit against
`busctl --user call` and `gdbus call` making the same call, the cost of
a key press. The part matcher runs bench-matcher (bench/matcher.swift, built
by bench/Makefile): the picker's matcher per keystroke over 100,000 rows,
in-process, with no bus (not pinned).

Everything runs on a private dbus-daemon started here with its own
configuration, never on the user's session bus. By default the bus, the
servers and the client are pinned to CPU 0 (taskset -c 0; in a container
confined to other CPUs, the first it may use); BENCH_PIN=0 lets the
scheduler place them.

Usage (normally through `make bench` or `make bench-smoke`):
    bench/run.py --bin .build/release [--tools .build/bench] [--smoke] [--only trigger,hostile,context,petalctl,...]

Standard library only, for Debian's /usr/bin/python3. Any failed call, wrong
reply or server that does not start makes it exit non-zero.
"""
import argparse
import datetime
import json
import os
import platform
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True  # importing private_bus must leave no __pycache__ in bench/
import private_bus  # noqa: E402  (bench/private_bus.py, beside this script)

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"  # Debian's, which has the dbus and gi modules

# How much work each scenario does. `smoke` only proves that every path works.
COUNTS = {
    "full": dict(rounds=4, warmup=2000, seq=100_000, trigger=20_000, pipe=50_000, in_flight=16, processes=4,
                 per_process=5000, startups=20, subscribers=50, signal_rounds=200, during_calls=10_000,
                 during_seconds=5, during_repeats=3, reloads=50,
                 flood=100_000, big_keys=1_000_000, fsync_delay=2.0, quiet=0.5),
    "smoke": dict(rounds=1, warmup=20, seq=200, trigger=100, pipe=200, in_flight=16, processes=2,
                  per_process=50, startups=2, subscribers=50, signal_rounds=3, during_calls=100,
                  during_seconds=1, during_repeats=1, reloads=2,
                  flood=2000, big_keys=50_000, fsync_delay=0.2, quiet=0.2),
}
ITEM_COUNTS = (10, 64, 100, 1000)  # petald accepts at most 64 items (docs/configuration.md)
MENU_ERROR = "org.petal.Petal1.Error."
# petald's answer to a call past the most one caller may have waiting (docs/dbus-api.md#limits-and-faults).
LIMIT_EXCEEDED = MENU_ERROR + "LimitExceeded"
# How many calls one connection may have awaiting replies on the private bus.
# dbus-daemon's default is 128 and Debian's session bus allows 50,000
# (/usr/share/dbus-1/session.conf); past it the bus itself answers
# LimitsExceeded, so most of a flood of 100,000 unread calls
# would never reach the server. No other scenario has over 16 in flight.
MAX_PENDING_CALLS = 1_000_000
# The columns: the C floor, the same C server passing through expanding and
# collapsing as docs/dbus-api.md#the-state-machine asks of petald (four signals per Toggle, not two),
# the C server whose Trigger keeps Petal's contract (ActionStarted, the action
# through the bench plugin, ActionFinished, the reply), the same server keeping
# the contract's threading too (--hop: the action on a worker thread, never on
# the dispatch thread, as petald runs it), the dbus-python peer, and petald.
PEERS = ("C peer", "C spec-states", "C contract", "C hop", "dbus-python", "petald")
# What each peer is measured on, when not everything: C contract's Toggle is C
# spec-states' code, so it runs the Trigger scenarios (and starts up, since it
# loads a plugin) and its other cells stay empty; C hop, the same program, runs
# the Trigger scenarios only.
TRIGGER_SCENARIOS = {"trigger", "trigger_pipe", "trigger_procs", "builtin", "builtin_pipe", "builtin_procs"}
PEER_SCENARIOS = {"C contract": TRIGGER_SCENARIOS | {"startup"}, "C hop": TRIGGER_SCENARIOS}
# The part trigger's own table: Trigger(bench.noop) on the servers that run an
# action, and dbus-python, which answers at once, with instructions per call
# counted under callgrind (bench/callgrind.py) after the timed runs.
TRIGGER_TABLE = ("petald", "C contract", "C hop", "dbus-python")
CALLGRIND_CALLS = {"full": (2000, 2000), "smoke": (20, 20)}  # (warm-up, counted)
# The parts --only may pick; every part by default.
PARTS = ("startup", "toggle", "trigger", "builtin", "signals", "petald", "provider", "isolated", "hostile", "context",
         "petalctl", "menus", "matcher")
# The part builtin: a Trigger through a built-in plugin, and so through the Swift SDK. None
# has an action without side effects (each starts a program or calls a service), so it is
# phone.call with no number, which the plugin refuses with InvalidParams having started
# nothing: the whole path into the plugin and back, but for what the action would then do.
# C contract loads the same libpetal-phone.so (from --bin) and must answer the same error;
# the C peer, C spec-states and dbus-python answer it as any Trigger, at once.
BUILTIN_ACTION = "phone.call"
BUILTIN_LIBRARY = "libpetal-phone.so"
BUILTIN_ERROR = "org.petal.Petal1.Error.InvalidParams"
# The part context: petal-context on real desktops, with a table of its own (bench/context.py).
CONTEXT = os.path.join(HERE, "context.py")
# The part petalctl: petalctl per key press against busctl and gdbus, with a table of its own (bench/petalctl.py).
PETALCTL = os.path.join(HERE, "petalctl.py")
# The part menus: ShowMenu, ChooseFrom, ad-hoc menus' memory and floods, with tables of its own (bench/menus.py).
MENUS = os.path.join(HERE, "menus.py")
# The part matcher: the picker's matcher per keystroke, a program of --tools (bench/matcher.swift).
MATCHER = "bench-matcher"
# The parts that are programs of their own, each printing its own table.
SCRIPT_PARTS = {"context": CONTEXT, "petalctl": PETALCTL, "menus": MENUS, "matcher": MATCHER}
# The peers whose Trigger must keep the contract, checked by `bench-client contract` in every run.
CONTRACT_PEERS = ("C contract", "C hop", "petald")
# The part hostile: the servers flooded and sent the huge a{sv}, each
# started afresh for each scenario; the slow fsync is petald's alone (no peer
# has toggle items). See docs/benchmarks.md, "Hostile traffic".
HOSTILE = os.path.join(HERE, "hostile.py")
# The part provider: Trigger through the example D-Bus action provider in Python.
PROVIDER = os.path.join(HERE, "..", "examples", "providers", "hello-python", "provider.py")
PROVIDER_ACTION = "hello.greet"
HOSTILE_PEERS = ("C contract", "dbus-python", "petald")
# The part isolated: the bench plugin inside petald and in a petal-plugin-host, and crashes.
ISOLATED_GOAL = 1.5  # Trigger(bench.noop) p50, isolated / inside petald
HOST_RSS_GOAL_MIB = 2.0  # a host's own memory (RssAnon)
HOST_READY_GOAL_MS = 30.0  # exec of a host to its Ready
CRASHES = {"full": 1000, "smoke": 9}
NOBODY = "org.petal.Bench.Nobody"  # owned by no one: the huge a{sv} sent there costs only the bus
TOGGLE_ITEM = "like"
HOSTILE_GOALS_MS = 50  # the worst delay another caller may see
FLOOD_GOAL_MIB = 16  # petald's RssAnon growth under a flood of unread calls
# Another caller's worst delay during that flood, against the same flood sent to a name
# nobody owns while petald is timed (the bus's own share; at least 1 ms, so noise is no floor).
FLOOD_FAIRNESS_GOAL = 1.5
BIG_RESULT_GOAL_MS = 5  # the worst delay another caller may see while a plugin's 10 MiB result is refused


class BenchError(Exception):
    """Something went wrong; the message says what."""


def combine(runs):
    """One figure from the rounds: the median of each, except that maxima take the
    largest and memory the last reading (after all the calls)."""
    combined = {}
    for key in runs[0]:
        values = [run[key] for run in runs]
        if key.startswith("max"):
            combined[key] = max(values)
        elif key.startswith("rss_warm"):
            combined[key] = values[0]
        elif key.startswith(("rss", "pss")):
            combined[key] = values[-1]
        elif key == "calls":
            combined[key] = sum(values)
        else:
            combined[key] = statistics.median(values)
    return combined


class HostileClient:
    """bench/hostile.py MODE as a child process, talked to a line at a time."""

    def __init__(self, bench, mode, dest, *args, env=None):
        self.what = f"hostile.py {mode} --dest {dest}"
        self.log = os.path.join(bench.tmp, "hostile.log")
        command = bench.pin + [PYTHON, HOSTILE, mode, "--dest", dest] + [str(a) for a in args]
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(command, env=env or bench.env, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=log, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def expect(self, timeout=180):
        """The next line it prints; BenchError if it exits or says nothing within `timeout` s."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.process.kill()
            raise BenchError(f"{self.what} said nothing in {timeout} s") from None
        if line is None:
            self.process.wait()
            with open(self.log) as f:
                said = f.read().strip().splitlines()
            raise BenchError(f"{self.what} exited with {self.process.returncode}: "
                             f"{said[-1] if said else 'no message'}")
        return line

    def say(self, word):
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()

    def finish(self):
        """Its last line, as JSON, once it has exited."""
        line = self.expect()
        self.process.wait()
        return json.loads(line)


def rss_anon_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("RssAnon:"))


def cpu_ns(pid):
    """Time on a CPU, summed over the process's threads (/proc/PID/task/*/schedstat)."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass  # a thread that ended meanwhile
    return total


def parse(line):
    """`key=value key=value` from bench-client into a dict of floats."""
    return {key: float(value) for key, value in (field.split("=", 1) for field in line.split())}


class Bench:
    def __init__(self, bin_dir, tools_dir, smoke, pin, parts=PARTS):
        self.bin_dir, self.tools_dir = bin_dir, tools_dir
        self.parts = set(parts)
        self.smoke = smoke
        self.counts = COUNTS["smoke" if smoke else "full"]
        # CPU 0 normally; in a container confined to other CPUs, the first one it may use.
        self.cpu = min(os.sched_getaffinity(0))
        self.pin = ["taskset", "-c", str(self.cpu)] if pin else []
        self.tmp = tempfile.mkdtemp(prefix="petal-bench-")
        self.bus = None
        self.env = None

    # ---- the private bus ----

    def start_bus(self):
        try:
            self.bus, address = private_bus.start(
                self.tmp, limits={"max_replies_per_connection": MAX_PENDING_CALLS}, prefix=self.pin)
        except private_bus.BusError as error:
            raise BenchError(str(error))
        xdg = os.path.join(self.tmp, "xdg")
        os.makedirs(xdg)
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_CONFIG_HOME=xdg,
                        XDG_DATA_HOME=xdg, XDG_STATE_HOME=xdg, XDG_RUNTIME_DIR=self.tmp)
        self.env.pop("PETAL_PLUGIN_PATH", None)
        self.env.pop("NOTIFY_SOCKET", None)

    def close(self):
        if self.bus:
            self.bus.terminate()
            self.bus.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # ---- running things ----

    def client(self, mode, dest, *args, pid=None):
        command = self.pin + [os.path.join(self.tools_dir, "bench-client"), mode, "--dest", dest]
        command += [str(a) for a in args] + (["--pid", str(pid)] if pid else [])
        done = subprocess.run(command, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0:
            raise BenchError(done.stderr.strip() or f"{' '.join(command)} exited with {done.returncode}")
        return parse(done.stdout)

    def serve(self, command, name, env=None):
        server = subprocess.Popen(self.pin + command, env=env or self.env, stdout=subprocess.DEVNULL,
                                  stderr=open(os.path.join(self.tmp, name + ".log"), "a"))
        self.client("wait-name", name)
        return server

    # ---- the peers ----

    def plugin_dir(self):
        """The folder of the bench plugin petald loads; bench-contract-peer loads the same file."""
        plugins = os.path.join(self.tmp, "plugins")
        if not os.path.isdir(plugins):
            os.makedirs(plugins, mode=0o755)
            shutil.copy(os.path.join(self.tools_dir, "libbench.so"), plugins)
        return plugins

    def petald_command(self):
        plugins = self.plugin_dir()
        self.write_config(1)
        return [os.path.join(self.bin_dir, "petald"), "--config", self.config_path(), "--plugin-dir", plugins, "-q"]

    def contract_peer_command(self, name, builtin=False, hop=False):
        """bench-contract-peer with the bench plugin; with `builtin`, also the built-in plugin
        whose action the part builtin triggers, so that it runs the same library as petald.
        Start-up is timed without it, as before that part existed. `hop`: --hop."""
        plugins = [os.path.join(self.plugin_dir(), "libbench.so")]
        if builtin:
            plugins.append(os.path.join(self.bin_dir, BUILTIN_LIBRARY))
        return ([os.path.join(self.tools_dir, "bench-contract-peer")] + ["--hop"] * hop
                + [word for plugin in plugins for word in ("--plugin", plugin)] + [name])

    @staticmethod
    def builtin_arguments(label):
        """bench-client's arguments for a Trigger of the built-in action on the peer `label`:
        the peers that run actions must answer it with the plugin's error."""
        return ["--action", BUILTIN_ACTION] + (["--expect-error", BUILTIN_ERROR] if label in CONTRACT_PEERS else [])

    def config_path(self):
        return os.path.join(self.tmp, "config.json")

    def write_config(self, items, isolate="none", path=None):
        """A menu of `items` items running bench.noop, with no animation (Toggle measures the call, not timers).
        The bench plugin runs inside petald, as the C peers run it, unless `isolate` says otherwise."""
        config = {"menu": {"openDuration": 0, "closeDuration": 0, "layout": "radial"},
                  "items": [{"id": f"item-{i}", "title": f"Item {i}", "icon": "system-run",
                             "action": "bench.noop"} for i in range(items)],
                  "plugins": {"isolate": isolate}}
        with open(path or self.config_path(), "w") as f:
            json.dump(config, f)

    def check_plugins(self, name):
        """Every plugin file petald found must be loaded: the five built-ins and the bench plugin."""
        done = subprocess.run(["busctl", "--user", "--json=short", "get-property", name, "/org/petal/Petal1",
                               "org.petal.Petal1.Menu", "Plugins"], env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise BenchError(f"cannot read petald's Plugins: {done.stderr.strip()}")
        plugins = json.loads(done.stdout)["data"]
        loaded = sorted(p[0] for p in plugins if p[3] == "loaded")
        if len(loaded) != len(plugins) or not {"bench", "camera", "command", "message", "open", "phone"} <= set(loaded):
            raise BenchError(f"petald did not load every plugin: {plugins}")
        return loaded

    # ---- the scenarios ----

    @staticmethod
    def measures(label, key):
        """Whether scenario `key` is run on the peer `label` (PEER_SCENARIOS)."""
        return key in PEER_SCENARIOS.get(label, {key})

    def run_all(self, peers):
        """Every scenario for every peer. Start-up first, one server at a time; then all
        servers run at once and each scenario goes round the peers back to back, in
        `rounds` rounds (the order rotating), so that a burst of load from elsewhere on
        the machine lands on every column alike rather than on one."""
        c = self.counts
        results = {label: {} for label, _, _ in peers}
        petal_label, petal_name, _ = peers[-1]
        if "startup" in self.parts:
            for label, name, command in peers:
                if not self.measures(label, "startup"):
                    continue
                print(f"  start-up: {label}", file=sys.stderr, flush=True)
                results[label]["startup"] = self.client("startup", name, "-n", c["startups"], "--", *command)
            # petald again with no plugin at all: the executable copied to a folder of its own.
            bare = os.path.join(self.tmp, "bare")
            os.makedirs(bare, exist_ok=True)
            shutil.copy(os.path.join(self.bin_dir, "petald"), bare)
            results[petal_label]["startup_bare"] = self.client(
                "startup", petal_name, "-n", c["startups"], "--", os.path.join(bare, "petald"),
                "--config", self.config_path(), "-q")
            # petald's first call into a built-in plugin after its start, and the call after it.
            results[petal_label]["first_builtin"] = self.client(
                "startup", petal_name, "-n", c["startups"], "--method", "trigger",
                *self.builtin_arguments(petal_label), "--", *peers[-1][2])

        def serving(label, name, command):
            if label in ("C contract", "C hop") and "builtin" in self.parts:
                return self.contract_peer_command(name, builtin=True, hop=label == "C hop")
            return command

        servers = {label: self.serve(serving(label, name, command), name) for label, name, command in peers}
        try:
            pids = {label: self.child_pid(server.pid) if self.pin else server.pid for label, server in servers.items()}
            results[petal_label]["plugins"] = self.check_plugins(petal_name)
            for label, name, _ in peers:
                if label in CONTRACT_PEERS:  # not timed: would a Trigger figure compare like with like?
                    self.client("contract", name, "-n", 3)
            rounds = c["rounds"]
            scenarios = [
                ("toggle", "seq", "-n", c["seq"] // rounds, "--warmup", c["warmup"]),
                ("trigger", "seq", "--method", "trigger", "-n", c["trigger"] // rounds, "--warmup", c["warmup"]),
                ("builtin", "seq", "--method", "trigger", "-n", c["trigger"] // rounds, "--warmup", c["warmup"]),
                ("toggle_pipe", "pipe", "-n", c["pipe"] // rounds, "-k", c["in_flight"], "--warmup", c["warmup"]),
                ("trigger_pipe", "pipe", "--method", "trigger", "-n", c["pipe"] // rounds, "-k", c["in_flight"],
                 "--warmup", c["warmup"]),
                ("builtin_pipe", "pipe", "--method", "trigger", "-n", c["pipe"] // rounds, "-k", c["in_flight"],
                 "--warmup", c["warmup"]),
                ("toggle_procs", "procs", "-c", c["processes"], "-n", c["per_process"] // rounds, "--warmup", 100),
                ("trigger_procs", "procs", "--method", "trigger", "-c", c["processes"],
                 "-n", c["per_process"] // rounds, "--warmup", 100),
                ("builtin_procs", "procs", "--method", "trigger", "-c", c["processes"],
                 "-n", c["per_process"] // rounds, "--warmup", 100),
                ("signals", "signals", "-s", c["subscribers"], "-n", c["signal_rounds"] // rounds),
            ]
            # "trigger_pipe" belongs to the part "trigger", "signals" to "signals".
            scenarios = [s for s in scenarios if s[0].split("_")[0] in self.parts]
            parts = ", ".join(sorted({s[0].split("_")[0] for s in scenarios}, key=PARTS.index)) or "nothing"
            for round_ in range(rounds if scenarios else 0):
                order = peers[round_ % len(peers):] + peers[:round_ % len(peers)]
                print(f"  round {round_ + 1} of {rounds}: {parts}", file=sys.stderr, flush=True)
                for key, mode, *args in scenarios:
                    for label, name, _ in order:
                        if not self.measures(label, key):
                            continue
                        pid = pids[label] if mode != "signals" else None
                        extra = self.builtin_arguments(label) if key.startswith("builtin") else []
                        figures = self.client(mode, name, *args, *extra, pid=pid)
                        results[label].setdefault(key, []).append(figures)
            for label in results:
                for key, runs in results[label].items():
                    if isinstance(runs, list) and runs and isinstance(runs[0], dict):
                        results[label][key] = combine(runs)
            if "petald" in self.parts:
                print("  petald: Toggle while an action runs, Reload", file=sys.stderr, flush=True)
                results[petal_label].update(self.petal_only(petal_name, pids[petal_label]))
            if "provider" in self.parts:
                print(f"  provider: Trigger({PROVIDER_ACTION}) through the Python example provider",
                      file=sys.stderr, flush=True)
                results[petal_label]["provider"] = self.through_provider(petal_name, pids[petal_label])
            for label, server in servers.items():
                if server.poll() is not None:
                    raise BenchError(f"{label} exited during the run (status {server.returncode})")
        finally:
            for server in servers.values():
                server.terminate()
                server.wait()
        if "isolated" in self.parts:  # petalds of its own, under petald's name: after the others have gone
            results["isolated"] = self.run_isolated(petal_name)
        if "hostile" in self.parts:  # servers of its own, under the same names: after the others have gone
            results["hostile"] = self.run_hostile(peers)
        return results

    def count_instructions(self, labels):
        """Instructions per Trigger(bench.noop) of each server in `labels`, under callgrind
        (bench/callgrind.py), one at a time on the same bus; {} without valgrind."""
        if not shutil.which("valgrind") or not shutil.which("callgrind_control"):
            print("  callgrind: no valgrind here; the instruction counts are left out", file=sys.stderr, flush=True)
            return {}
        # bench/callgrind.py imports this file as `run`: let it find this very module, so that
        # its `except BenchError` catches what this module's Bench raises.
        sys.modules.setdefault("run", sys.modules[__name__])
        import callgrind
        warmup, n = CALLGRIND_CALLS["smoke" if self.smoke else "full"]
        bin_dir = self.bin_dir
        self.bin_dir = callgrind.without_debug_info(bin_dir, os.path.join(self.tmp, "callgrind-bin"))
        try:
            counts = {}
            for label in labels:
                print(f"  callgrind: {label}, {warmup:,} + {n:,} × Trigger", file=sys.stderr, flush=True)
                counts[label] = callgrind.count(self, label, "trigger", n, warmup, None, False)
            return counts
        finally:
            self.bin_dir = bin_dir

    @staticmethod
    def child_pid(taskset_pid):
        """taskset execs its command, so the pid is the server's own; check it is no longer taskset."""
        for _ in range(100):
            with open(f"/proc/{taskset_pid}/comm") as f:
                if f.read().strip() != "taskset":
                    return taskset_pid
            time.sleep(0.01)
        raise BenchError("taskset did not exec the server")

    def through_provider(self, name, pid):
        """Sequential Trigger(hello.greet) calls that petald sends on to the example provider, which
        registers itself first; its CPU is counted apart from petald's."""
        log = os.path.join(self.tmp, "provider.log")
        provider = subprocess.Popen(self.pin + [PYTHON, PROVIDER], env=self.env,  # on the bus of DBUS_SESSION_BUS_ADDRESS
                                    stdout=open(log, "w"), stderr=subprocess.STDOUT)
        try:
            for _ in range(500):
                with open(log) as f:
                    text = f.read()
                if "registered" in text or "refused" in text or provider.poll() is not None:
                    break
                time.sleep(0.02)
            if "registered" not in text:
                raise BenchError(f"the example provider did not register: {text.strip() or 'no output'}")
            c = self.counts
            before = cpu_ns(provider.pid)
            figures = self.client("seq", name, "--method", "trigger", "--action", PROVIDER_ACTION, "--any-result",
                                  "-n", c["trigger"] // 2, "--warmup", c["warmup"] // 4, pid=pid)
            figures["provider_cpu_us_per_call"] = (cpu_ns(provider.pid) - before) / 1e3 / (c["trigger"] // 2 + c["warmup"] // 4)
            return figures
        finally:
            provider.terminate()
            provider.wait()

    def petal_only(self, name, pid):
        c = self.counts
        results = {}
        # Idle, busy, idle, three times over: one burst of load from elsewhere moves a
        # p99 of a few thousand calls, so each side is the median of its runs.
        idle, busy = [], []
        for _ in range(c["during_repeats"]):
            idle.append(self.client("seq", name, "-n", c["during_calls"], "--warmup", c["warmup"], pid=pid))
            busy.append(self.client("seq", name, "-n", c["during_calls"], "--warmup", c["warmup"],
                                    "--during", f"bench.sleep:{c['during_seconds']}", pid=pid))
        idle.append(self.client("seq", name, "-n", c["during_calls"], "--warmup", c["warmup"], pid=pid))
        results["during"] = {"idle": combine(idle), "busy": combine(busy)}

        reloads = {}
        for items in ITEM_COUNTS:
            self.write_config(items)
            if items <= 64:
                reloads[items] = self.client("reload", name, "-n", c["reloads"])
                if reloads[items]["items"] != items:
                    raise BenchError(f"after Reload, Items has {reloads[items]['items']:.0f} items, not {items}")
            else:
                reloads[items] = self.client("reload", name, "--expect-error", MENU_ERROR + "InvalidConfig")
        self.write_config(1)
        results["reload"] = reloads
        return results

    # ---- the part isolated ----

    def run_isolated(self, name):
        """Trigger(bench.noop) with the bench plugin inside petald and in a host of its own, petalds
        started afresh and alternated round by round; the host's memory and CPU; then the plugin
        crashed over and over in one petald, whose pid and memory must not move."""
        c = self.counts
        rounds = c["rounds"]
        runs = {"none": [], "third-party": []}
        host = {}
        for round_ in range(rounds):
            for isolate in (("none", "third-party") if round_ % 2 == 0 else ("third-party", "none")):
                print(f"  isolated: round {round_ + 1} of {rounds}, Trigger(bench.noop), isolate {isolate}",
                      file=sys.stderr, flush=True)
                config = os.path.join(self.tmp, f"isolated-{isolate}.json")
                self.write_config(1, isolate=isolate, path=config)
                command = [os.path.join(self.bin_dir, "petald"), "--config", config, "--plugin-dir", self.plugin_dir(), "-q"]

                def trigger(name, pid, isolate=isolate):
                    host_pid = self.host_pid(name) if isolate != "none" else None
                    before = cpu_ns(host_pid) if host_pid else 0
                    figures = self.client("seq", name, "--method", "trigger", "-n", c["trigger"] // rounds,
                                          "--warmup", c["warmup"], pid=pid)
                    if host_pid:
                        calls = c["trigger"] // rounds + c["warmup"]
                        figures["host_cpu_us_per_call"] = (cpu_ns(host_pid) - before) / 1e3 / calls
                        figures["host_rss_anon_kib"] = rss_anon_kib(host_pid)
                    return figures
                runs[isolate].append(self.with_server(name, command, trigger))
        results = {"inside": combine(runs["none"]), "isolated": combine(runs["third-party"])}
        print(f"  isolated: {CRASHES['smoke' if self.smoke else 'full']:,} crashes of the bench plugin",
              file=sys.stderr, flush=True)
        results["crashes"] = self.crash_over_and_over(name)
        return results

    def host_pid(self, name):
        """The pid of the bench plugin's host, from Plugins ("isolated, pid N")."""
        done = subprocess.run(["busctl", "--user", "--json=short", "get-property", name, "/org/petal/Petal1",
                               "org.petal.Petal1.Menu", "Plugins"], env=self.env, capture_output=True, text=True)
        rows = json.loads(done.stdout)["data"] if done.returncode == 0 else []
        reason = next((row[4] for row in rows if row[0] == "bench"), "")
        if not reason.startswith("isolated, pid "):
            raise BenchError(f"the bench plugin is not running isolated: {rows}")
        return int(reason.split()[2])

    def crash_over_and_over(self, name):
        """bench.crash N times in a row in one petald. Every third crash within 10 minutes
        quarantines the plugin, as it should; the file is then touched, which lifts the quarantine
        at the next call. Each answer must be ActionFailed saying how the host died."""
        count = CRASHES["smoke" if self.smoke else "full"]
        config = os.path.join(self.tmp, "isolated-crashes.json")
        self.write_config(1, isolate="third-party", path=config)
        log = os.path.join(self.tmp, "isolated-crashes.log")
        # A copy of the plugin, and a state folder of its own: the quarantine this run keeps
        # making (and the file it keeps touching) must not reach the petalds of other parts.
        plugins = tempfile.mkdtemp(prefix="crash-plugins-", dir=self.tmp)
        os.chmod(plugins, 0o755)
        library = os.path.join(plugins, "libbench.so")
        shutil.copy(os.path.join(self.plugin_dir(), "libbench.so"), library)
        env = dict(self.env, XDG_STATE_HOME=tempfile.mkdtemp(prefix="crash-state-", dir=self.tmp))
        command = [os.path.join(self.bin_dir, "petald"), "--config", config, "--plugin-dir", plugins]
        server = subprocess.Popen(self.pin + command, env=env, stdout=subprocess.DEVNULL, stderr=open(log, "w"))
        try:
            self.client("wait-name", name)
            pid = self.child_pid(server.pid) if self.pin else server.pid
            figures = {"count": count, "pid": pid}
            crashed = 0
            started = time.monotonic()
            while crashed < count:
                done = subprocess.run(["busctl", "--user", "call", name, "/org/petal/Petal1", "org.petal.Petal1.Menu",
                                       "Trigger", "sa{sv}", "bench.crash", "0"],
                                      env=self.env, capture_output=True, text=True)
                if "is quarantined" in done.stderr:
                    stamp = time.time_ns()
                    os.utime(library, ns=(stamp, stamp))
                    continue
                if "plugin bench crashed (SIGSEGV)" not in done.stderr:
                    raise BenchError(f"bench.crash was answered {done.stdout.strip() or done.stderr.strip()!r}, "
                                     "not ActionFailed saying the plugin crashed")
                crashed += 1
                if crashed == min(100, count // 3 or 1):
                    figures["rss_anon_kib_early"] = rss_anon_kib(pid)
                    figures["fds_early"] = len(os.listdir(f"/proc/{pid}/fd"))
            figures["seconds"] = time.monotonic() - started
            figures["rss_anon_kib_after"] = rss_anon_kib(pid)
            figures["fds_after"] = len(os.listdir(f"/proc/{pid}/fd"))
            figures["same_pid"] = server.poll() is None and self.child_pid(server.pid) == pid
            # A Toggle and the plugin's own noop still answer.
            self.client("seq", name, "-n", 10, "--warmup", 0, pid=pid)
            if server.poll() is not None:
                raise BenchError(f"petald exited during the crashes (status {server.returncode})")
        finally:
            server.terminate()
            server.wait()
        with open(log) as f:
            ready = [float(line.split(" is ready, ")[1].split(" ms")[0]) for line in f if " is ready, " in line]
        if not ready:
            raise BenchError(f"petald logged no host as ready; see {log}")
        figures["ready_ms_p50"] = statistics.median(ready)
        figures["ready_ms_p99"] = sorted(ready)[min(len(ready) - 1, int(len(ready) * 0.99))]
        figures["starts"] = len(ready)
        return figures

    # ---- the part hostile ----

    def run_hostile(self, peers):
        """Each scenario on servers started for it, so that none inherits another's heap."""
        c = self.counts
        commands = {label: (name, command) for label, name, command in peers}
        results = {label: {} for label in HOSTILE_PEERS + ("bus alone",)}
        for label in HOSTILE_PEERS:
            print(f"  hostile: {c['flood']:,} unread Get(State) calls to {label}", file=sys.stderr, flush=True)
            results[label]["flood"] = self.with_server(*commands[label], self.flood)
        petal_name, petal_command = commands["petald"]
        print(f"  hostile: {c['flood']:,} unread Get(State) calls to {NOBODY}, petald timed", file=sys.stderr, flush=True)
        results["bus alone"]["flood"] = self.with_server(
            petal_name, petal_command, lambda name, pid: self.flood(name, pid, flood_dest=NOBODY))
        # (column, where the a{sv} goes, the server started and timed, from a caller it knows)
        big = [(label, commands[label][0], *commands[label], False) for label in HOSTILE_PEERS]
        big += [("bus alone", NOBODY, petal_name, petal_command, False),
                ("petald", petal_name, petal_name, petal_command, True)]
        for label, dest, name, command, known in big:
            print(f"  hostile: a {c['big_keys']:,}-key a{{sv}} to {dest}{' from a known caller' * known}",
                  file=sys.stderr, flush=True)
            results[label]["big_known" if known else "big"] = self.with_server(
                name, command, lambda name, pid, dest=dest, known=known: self.big_dict(dest, name, known))
        print(f"  hostile: a toggle saved with fsync delayed {c['fsync_delay']} s", file=sys.stderr, flush=True)
        results["petald"]["fsync"] = self.slow_fsync(petal_name)
        print("  hostile: a plugin returns 10 MiB", file=sys.stderr, flush=True)
        results["petald"]["big_result"] = self.with_server(petal_name, petal_command,
                                                           lambda name, pid: self.big_result(name))
        self.check_hostile(results)
        return results

    def with_server(self, name, command, scenario, env=None):
        """scenario(name, pid) on a server of its own, which must outlive it."""
        server = self.serve(command, name, env)
        try:
            figures = scenario(name, self.child_pid(server.pid) if self.pin else server.pid)
            if server.poll() is not None:
                raise BenchError(f"{name} exited during the hostile part (status {server.returncode})")
            return figures
        finally:
            server.terminate()
            server.wait()

    def flood(self, name, pid, flood_dest=None):
        """N Get(State) calls sent and never read; the server's RssAnon once it and the bus are quiet,
        and the worst delay of another caller's Get(State) on `name`, timed every 1 ms meanwhile.
        With `flood_dest` (a name nobody owns), the flood goes there: the bus's own share."""
        c = self.counts
        flooder = HostileClient(self, "flood", flood_dest or name, "-n", c["flood"], *(["--nobody"] if flood_dest else []))
        flooder.expect()  # ready, after 1,000 calls of warm-up
        probe = HostileClient(self, "probe", name)
        probe.expect()  # ready, after 200 calls of warm-up
        # What the probe's calls cost the server and the bus: "quiet" below is above that.
        idle_from, cpu_from = time.monotonic(), cpu_ns(pid) + cpu_ns(self.bus.pid)
        time.sleep(c["quiet"])
        probing = (cpu_ns(pid) + cpu_ns(self.bus.pid) - cpu_from) / ((time.monotonic() - idle_from) * 1e9)
        before = rss_anon_kib(pid)
        peak = before
        started_ns = time.monotonic_ns()
        flooder.say("go")
        started = time.monotonic()
        sent = None
        window = [(started, cpu_ns(pid) + cpu_ns(self.bus.pid))]
        while True:  # until both have spent under 1% of a CPU (beyond the probe's share) for `quiet` seconds
            # after the last call was sent
            time.sleep(0.02)
            peak = max(peak, rss_anon_kib(pid))
            if sent is None and not flooder.lines.empty():
                sent = float(flooder.expect().split()[1])
            now = time.monotonic()
            window.append((now, cpu_ns(pid) + cpu_ns(self.bus.pid)))
            while len(window) > 1 and window[1][0] <= now - c["quiet"]:
                window.pop(0)  # window[0]: the last reading at least `quiet` s old
            then, cpu_then = window[0]
            if sent is not None and now - then >= c["quiet"] and now - started > sent + c["quiet"] and \
                    window[-1][1] - cpu_then < (0.01 + 1.5 * probing) * (now - then) * 1e9:
                break
            if now - started > 300:
                raise BenchError(f"{name} was still busy 300 s after the flood began")
        settled = time.monotonic() - started
        after = rss_anon_kib(pid)
        probe.say("stop")
        samples = probe.finish()["samples"]
        flooder.say("drain")
        answers = flooder.finish()
        if flood_dest:
            if sum(answers["errors"].values()) != c["flood"]:
                raise BenchError(f"the bus answered {answers} to the {c['flood']:,} calls to {flood_dest}")
        else:
            # petald refuses a caller's calls past the most it may have waiting with LimitExceeded
            # (docs/dbus-api.md#limits-and-faults): an answer too. Every other call gets the state.
            refused = answers["errors"].get(LIMIT_EXCEEDED, 0)
            if answers["returns"] + refused != c["flood"] or set(answers["errors"]) - {LIMIT_EXCEEDED}:
                raise BenchError(f"{name} answered {answers['returns']:,} of the {c['flood']:,} flooded calls "
                                 f"with a state; errors: {answers['errors']}")
        quiet = [latency for sent_ns, latency in samples if sent_ns < started_ns]
        during = sorted(latency for sent_ns, latency in samples if sent_ns + latency >= started_ns)
        if len(quiet) < 10 or not during:
            raise BenchError(f"the probe of {name} made {len(quiet)} calls before the flood and {len(during)} after")
        p50 = statistics.median(quiet) / 1e6
        return {"growth_kib": after - before, "peak_kib": peak - before, "sent_s": sent, "settled_s": settled,
                "answered": answers["returns"], "refused": answers["errors"].get(LIMIT_EXCEEDED, 0),
                "probe_p50_ms": p50, "probe_max_ms": during[-1] / 1e6,
                "probe_p99_ms": during[int(len(during) * 0.99)] / 1e6, "delay_ms": during[-1] / 1e6 - p50,
                "probe_calls": len(during)}

    def probed(self, probe_dest, event):
        """Get(State) on probe_dest timed every millisecond by a connection of its own while
        event() runs; event returns (started_ns, reply). The delay: the worst latency from
        the event on, against the median before it."""
        quiet = self.counts["quiet"]
        probe = HostileClient(self, "probe", probe_dest)
        probe.expect()  # ready, after 200 calls of warm-up
        time.sleep(quiet)
        started, reply = event()
        time.sleep(quiet)
        probe.say("stop")
        samples = probe.finish()["samples"]
        before = [latency for sent, latency in samples if sent < started]
        after = [latency for sent, latency in samples if sent + latency >= started]
        if len(before) < 10 or not after:
            raise BenchError(f"the probe of {probe_dest} made {len(before)} calls before and {len(after)} after")
        p50, worst = statistics.median(before) / 1e6, max(after) / 1e6
        return {"p50_ms": p50, "max_ms": worst, "delay_ms": worst - p50, "calls": len(samples), "reply": reply}

    def big_dict(self, dest, probe_dest, known=False):
        """Trigger("bench.noop", params) with a huge a{sv} sent to dest, built before anything is timed."""
        sender = HostileClient(self, "bigdict", dest, "-n", self.counts["big_keys"], *(["--known"] if known else []))
        size = int(sender.expect().split()[1])  # ready BYTES, once built

        def send():
            sender.say("go")
            reply = sender.finish()
            reply["ms"] = (reply["finished_ns"] - reply["started_ns"]) / 1e6
            return reply["started_ns"], reply

        figures = self.probed(probe_dest, send)
        figures["bytes"] = size
        return figures

    def big_result(self, name):
        """Trigger(bench.big), whose plugin completes with 10 MiB of JSON; Get(State) timed meanwhile."""
        def trigger():
            reply = HostileClient(self, "call", name, "Trigger", "bench.big").finish()
            reply["ms"] = (reply["finished_ns"] - reply["started_ns"]) / 1e6
            return reply["started_ns"], reply

        return self.probed(name, trigger)

    def slow_fsync(self, name):
        """A toggle item activated while strace delays every fsync of petald; Get(State) timed meanwhile."""
        c = self.counts
        config = os.path.join(self.tmp, "hostile-config.json")
        with open(config, "w") as f:
            json.dump({"menu": {"openDuration": 0, "closeDuration": 0, "layout": "radial"},
                       "items": [{"id": TOGGLE_ITEM, "title": "Like", "icon": "non-starred",
                                  "selectedIcon": "starred", "action": "bench.noop", "toggle": True}],
                       "plugins": {"isolate": "none"}}, f)
        state_home = tempfile.mkdtemp(prefix="state-", dir=self.tmp)  # where the selection is saved
        env = dict(self.env, XDG_STATE_HOME=state_home)
        command = [os.path.join(self.bin_dir, "petald"), "--config", config, "--plugin-dir", self.plugin_dir(), "-q"]

        def scenario(name, pid):
            opened = HostileClient(self, "call", name, "Open", env=env).finish()
            if opened.get("args") != ["expanded"]:
                raise BenchError(f"Open was answered {opened}, not expanded (Activate needs it)")
            trace = os.path.join(self.tmp, "fsync.strace")
            strace = subprocess.Popen(
                self.pin + ["strace", "-f", "-p", str(pid), "-o", trace, "-e", "trace=fsync",
                            "-e", f"inject=fsync:delay_exit={int(c['fsync_delay'] * 1e6)}"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                attached = strace.stderr.readline()  # "strace: Process PID attached with N threads"
                if "attached" not in attached:
                    raise BenchError(f"strace did not attach to petald: {attached.strip() or strace.wait()}")
                threading.Thread(target=strace.stderr.read, daemon=True).start()  # new threads are announced too

                def activate():
                    reply = HostileClient(self, "call", name, "Activate", TOGGLE_ITEM, env=env).finish()
                    reply["ms"] = (reply["finished_ns"] - reply["started_ns"]) / 1e6
                    return reply["started_ns"], reply

                figures = self.probed(name, activate)
            finally:
                strace.kill()  # SIGKILL: strace may hold SIGTERM while a tracee is stopped
                strace.wait()
            with open(trace) as f:
                figures["delayed"] = sum("(DELAYED)" in line for line in f)
            return figures

        figures = self.with_server(name, command, scenario, env)
        with open(os.path.join(state_home, "petal", "state.json")) as f:
            # Version 2 of the state file: selections by menu, the bench's item in main.
            figures["saved"] = json.load(f).get("selected", {}).get("main", {}).get(TOGGLE_ITEM)
        return figures

    def check_hostile(self, results):
        """What every run must see, smoke or full; the goals are judged in the table."""
        c = self.counts
        fsync = results["petald"]["fsync"]
        activated = fsync["reply"]
        if activated["type"] != "return" or activated["signature"] != "a{sv}":
            raise BenchError(f"Activate({TOGGLE_ITEM}) with fsync delayed was answered {activated}")
        if fsync["delayed"] < 1 or activated["ms"] < c["fsync_delay"] * 1000 or fsync["saved"] is not True:
            raise BenchError(f"the toggle's save did not go through the delayed fsync: {fsync['delayed']} delayed, "
                             f"Activate took {activated['ms']:.0f} ms, state.json says {fsync['saved']}")
        refused = results["petald"]["big_result"]["reply"]
        if refused.get("error") != MENU_ERROR + "ActionFailed" or "plugin bench" not in refused.get("message", ""):
            raise BenchError(f"Trigger(bench.big) was answered {refused}, not ActionFailed naming the plugin")
        expected = [("C contract", "big", MENU_ERROR + "InvalidParams"),
                    ("bus alone", "big", "org.freedesktop.DBus.Error.NameHasNoOwner"),
                    ("dbus-python", "big", None)]  # peer.py takes any a{sv}
        # petald's refusal is one of the hostile-traffic goals, judged in the table of a full run; a smoke run insists on it.
        if self.counts is COUNTS["smoke"]:
            expected += [("petald", "big", MENU_ERROR + "InvalidParams"),
                         ("petald", "big_known", MENU_ERROR + "InvalidParams")]
        for label, key, error in expected:
            reply = results[label][key]["reply"]
            if reply.get("error") != error:
                raise BenchError(f"{label} answered the {c['big_keys']:,}-key Trigger with "
                                 f"{reply.get('error') or 'a return'}, not {error or 'a return'}: {reply}")


# ---- the table ----

def ratio(value, floor):
    return f"{value / floor:.2f}×" if value is not None and floor else "—"


def report(results, args, counts, pin):
    report_menu(results, args, counts, pin)
    if "trigger" in results.get("petald", {}):
        report_trigger(results, args.smoke)
    if "provider" in results.get("petald", {}):
        report_provider(results, args.smoke)
    if "isolated" in results:
        report_isolated(results["isolated"], args.smoke)
    if "hostile" in results:
        report_hostile(results["hostile"], args.smoke, counts)


def report_menu(results, args, counts, pin):
    c_peer, c_spec, c_contract, c_hop, py_peer, petal = (results[p] for p in PEERS)
    rows = []

    def row(what, unit, get, digits=1):
        """One figure for every peer, "—" where a peer was not measured on it; no row when none was."""
        values = []
        for r in (c_peer, c_spec, c_contract, c_hop, py_peer, petal):
            try:
                values.append(get(r))
            except KeyError:
                values.append(None)
        if all(v is None for v in values):
            return
        cells = ["—" if v is None else f"{v:,.{digits}f}" for v in values]
        floor, spec, contract, hop, python, petald = values
        rows.append((what, unit, *cells, ratio(python, floor), ratio(contract, floor), ratio(petald, floor),
                     ratio(petald, spec), ratio(petald, contract), ratio(petald, hop)))

    row("exec → name owned, median", "ms", lambda r: r["startup"]["median_ms"], 2)
    for method, title in (("toggle", "Toggle"), ("trigger", "Trigger(noop)"), ("builtin", f"Trigger({BUILTIN_ACTION})")):
        seq = lambda r, k, m=method: r[m][k]
        row(f"{title} sequential p50", "µs", lambda r: seq(r, "p50_us"))
        row(f"{title} sequential p90", "µs", lambda r: seq(r, "p90_us"))
        row(f"{title} sequential p99", "µs", lambda r: seq(r, "p99_us"))
        row(f"{title} sequential max", "µs", lambda r: seq(r, "max_us"))
        row(f"{title} sequential", "calls/s", lambda r: seq(r, "calls_per_s"), 0)
        row(f"{title} server CPU per call (seq)", "µs", lambda r: seq(r, "cpu_us_per_call"), 2)
        row(f"{title} pipelined, {counts['in_flight']} in flight", "calls/s",
            lambda r, m=method: r[f"{m}_pipe"]["calls_per_s"], 0)
        row(f"{title} server CPU per call (pipelined)", "µs",
            lambda r, m=method: r[f"{m}_pipe"]["cpu_us_per_call"], 2)
        row(f"{title} {counts['processes']} client processes", "calls/s",
            lambda r, m=method: r[f"{m}_procs"]["calls_per_s"], 0)
        row(f"{title} server CPU per call ({counts['processes']} processes)", "µs",
            lambda r, m=method: r[f"{m}_procs"]["cpu_us_per_call"], 2)
    row(f"StateChanged to {counts['subscribers']} subscribers, p50", "µs", lambda r: r["signals"]["p50_us"])
    row(f"StateChanged to {counts['subscribers']} subscribers, max", "µs", lambda r: r["signals"]["max_us"])
    row("RSS after warm-up", "MiB", lambda r: r["toggle"]["rss_warm_kib"] / 1024, 2)
    row(f"RSS at the end ({counts['seq']:,} Toggles and the rest)", "MiB", lambda r: r["toggle"]["rss_kib"] / 1024, 2)
    row("  of which private (RssAnon)", "MiB", lambda r: r["toggle"]["rss_anon_kib"] / 1024, 2)
    row("  PSS (shared pages divided)", "MiB", lambda r: r["toggle"]["pss_kib"] / 1024, 2)

    headers = ("figure", "unit", *PEERS, "python/C", "contract/C", "petald/C", "petald/C-spec", "petald/C-contract",
               "petald/C-hop")
    if rows:
        print_table(headers, rows)

    bare = f"{petal['startup_bare']['median_ms']:.2f}" if "startup_bare" in petal else "—"
    first_builtin = (f"{petal['first_builtin']['first_call_ms']:.2f} / {petal['first_builtin']['second_call_ms']:.2f}"
                     if "first_builtin" in petal else "—")
    start_rows = [("exec → name owned, no plugin loaded, median", "ms", bare),
                  ("first Trigger(phone.call) after start / the next, median", "ms", first_builtin)]
    if "during" not in petal:
        if "startup_bare" in petal:
            print("\npetald only:")
            print_table(("figure", "unit", "value"), start_rows)
        print("\npetald's own figures and the goals: only in a run with the part petald (and the others; no --only).")
        return
    during = petal["during"]
    idle_p99, busy_p99 = during["idle"]["p99_us"], during["busy"]["p99_us"]
    reps = counts["during_repeats"]
    print(f"\npetald only (Toggle: sequential runs of up to {counts['during_calls']:,} calls; "
          f"median of {reps + 1} idle runs and of the {reps} busy runs between them):")
    print_table(("figure", "unit", "value"), [
        *start_rows,
        ("Toggle p50 / p99, idle", "µs", f"{during['idle']['p50_us']:,.1f} / {idle_p99:,.1f}"),
        (f"Toggle p50 / p99, while a {counts['during_seconds']} s action runs", "µs",
         f"{during['busy']['p50_us']:,.1f} / {busy_p99:,.1f}"),
        ("p99 busy / idle", "", f"{busy_p99 / idle_p99:.2f}×"),
    ])
    print("\npetald Reload (median) and the Items property (the Get reply as marshalled):")
    reload_rows = []
    for items, r in petal["reload"].items():
        if items <= 64:
            reload_rows.append((str(items), f"{r['p50_us']:,.0f}", f"{r['items_reply_bytes']:,.0f}", "loaded"))
        else:
            reload_rows.append((str(items), f"{r['p50_us']:,.0f}", "—", "refused: InvalidConfig (at most 64 items)"))
    print_table(("items", "Reload µs", "Items bytes", "outcome"), reload_rows)

    if args.smoke:
        print("\nGoals: judged only in a full run (make bench); a smoke run checks that every scenario works.")
        return
    if not all(key in petal for key in ("startup", "toggle", "toggle_pipe")):
        print("\nGoals: judged only in a run of every part (without --only).")
        return
    print("\nGoals (against the C peers of the same run):")
    goals = [
        ("Toggle sequential p50 ≤ 1.10× C peer", petal["toggle"]["p50_us"] / c_peer["toggle"]["p50_us"], 1.10, "×"),
        ("Toggle sequential p50 below dbus-python", petal["toggle"]["p50_us"] / py_peer["toggle"]["p50_us"], 1.0, "× python"),
        ("server CPU per Toggle ≤ 1.3× C peer", petal["toggle"]["cpu_us_per_call"] / c_peer["toggle"]["cpu_us_per_call"], 1.3, "×"),
        ("pipelined Toggle ≥ 0.9× C peer", petal["toggle_pipe"]["calls_per_s"] / c_peer["toggle_pipe"]["calls_per_s"], 0.9, "×"),
        ("exec → name owned, all plugins, ≤ 10 ms", petal["startup"]["median_ms"], 10, " ms"),
        (f"RSS after {counts['seq']:,} calls ≤ 12 MiB", petal["toggle"]["rss_kib"] / 1024, 12, " MiB"),
        ("Toggle p99 while an action runs ≤ 1.5× idle", busy_p99 / idle_p99, 1.5, "×"),
    ]
    for what, value, limit, unit in goals:
        met = value >= limit if "≥" in what else value < limit if "below" in what else value <= limit
        print(f"  {'met   ' if met else 'MISSED'}  {what}: {value:.2f}{unit}")


def report_trigger(results, smoke):
    """Trigger(bench.noop) on the servers that run an action, and dbus-python, side by side:
    what a call costs each, in time, in CPU, in context switches and in instructions."""
    instructions = results.get("callgrind", {})
    rows = []

    def row(what, unit, get, digits=1):
        values = []
        for label in TRIGGER_TABLE:
            try:
                values.append(get(label))
            except KeyError:
                values.append(None)
        cells = ["—" if v is None else f"{v:,.{digits}f}" for v in values]
        petald, contract, hop = values[:3]
        rows.append((what, unit, *cells, ratio(petald, contract), ratio(petald, hop)))

    trigger = lambda label, key: results[label]["trigger"][key]  # noqa: E731
    row("sequential p50", "µs", lambda label: trigger(label, "p50_us"))
    row("sequential p90", "µs", lambda label: trigger(label, "p90_us"))
    row("sequential p99", "µs", lambda label: trigger(label, "p99_us"))
    row("server CPU per call", "µs", lambda label: trigger(label, "cpu_us_per_call"), 2)
    row("voluntary context switches per call", "", lambda label: trigger(label, "voluntary_switches_per_call"), 2)
    row("involuntary context switches per call", "", lambda label: trigger(label, "involuntary_switches_per_call"), 2)
    row("instructions per call (callgrind)", "", lambda label: instructions[label], 0)
    print("\nTrigger(bench.noop), the servers that run an action side by side (C hop is the floor that keeps "
          "petald's contract: the action never on the dispatch thread); dbus-python answers at once. "
          "Context switches summed over the server's threads; instructions counted under callgrind "
          "in a run of their own, server only, user space:")
    print_table(("figure", "unit", *TRIGGER_TABLE, "petald/C-contract", "petald/C-hop"), rows)
    if smoke:
        return
    petald, hop = results["petald"]["trigger"], results["C hop"]["trigger"]
    print("\nTrigger goals (against C hop, the same run):")
    for what, value, limit in (("Trigger sequential p50 ≤ 1.10× C hop", petald["p50_us"] / hop["p50_us"], 1.10),
                               ("server CPU per Trigger ≤ 1.25× C hop",
                                petald["cpu_us_per_call"] / hop["cpu_us_per_call"], 1.25)):
        print(f"  {'met   ' if value <= limit else 'MISSED'}  {what}: {value:.2f}×")


def report_hostile(hostile, smoke, counts):
    petald, contract, python, bus = (hostile[label] for label in ("petald", "C contract", "dbus-python", "bus alone"))
    peers = (contract, python)
    invalid = MENU_ERROR + "InvalidParams"
    verdict = lambda ok: "—" if smoke else "met" if ok else "MISSED"
    mib = lambda kib: f"{kib / 1024:,.2f}"
    ms = lambda value: f"{value:,.1f}"

    def answer(reply):
        name = reply["error"].rsplit(".", 1)[-1] if reply["type"] == "error" else "a return"
        return f"{name}, {reply['ms']:,.0f} ms"

    def cells(get, peers=peers, bus_cell="—"):
        return [get(r) for r in peers] + [bus_cell]

    flood, big, known, fsync = petald["flood"], petald["big"], petald["big_known"], petald["fsync"]
    huge = petald["big_result"]
    keys = f"{counts['big_keys']:,}-key"
    rows = [
        (f"flood: RssAnon growth after {counts['flood']:,} unread Get(State)", "MiB", f"≤ {FLOOD_GOAL_MIB}",
         mib(flood["growth_kib"]), verdict(flood["growth_kib"] <= FLOOD_GOAL_MIB * 1024),
         *cells(lambda r: mib(r["flood"]["growth_kib"]))),
        ("  peak growth while they came in", "MiB", "", mib(flood["peak_kib"]), "",
         *cells(lambda r: mib(r["flood"]["peak_kib"]))),
        ("  calls sent in / server and bus quiet after", "s", "", f"{flood['sent_s']:.1f} / {flood['settled_s']:.1f}", "",
         *cells(lambda r: f"{r['flood']['sent_s']:.1f} / {r['flood']['settled_s']:.1f}")),
        ("  calls answered with the state / LimitExceeded (read at the end)", "", "all",
         f"{flood['answered']:,} / {flood['refused']:,}", "",
         *cells(lambda r: f"{r['flood']['answered']:,} / {r['flood']['refused']:,}")),
        ("  worst delay of another caller's Get(State) meanwhile (max − p50)", "ms",
         f"≤ {FLOOD_FAIRNESS_GOAL:g}× bus", ms(flood["delay_ms"]),
         verdict(flood["delay_ms"] <= FLOOD_FAIRNESS_GOAL * max(bus["flood"]["delay_ms"], 1.0)),
         *cells(lambda r: ms(r["flood"]["delay_ms"]), bus_cell=ms(bus["flood"]["delay_ms"]))),
        ("  … ÷ the bus alone's (the flood sent to a name nobody owns)", "×", f"≤ {FLOOD_FAIRNESS_GOAL:g}",
         f"{flood['delay_ms'] / max(bus['flood']['delay_ms'], 1.0):.2f}×", "",
         *cells(lambda r: f"{r['flood']['delay_ms'] / max(bus['flood']['delay_ms'], 1.0):.2f}×", bus_cell="1.00×")),
        ("  that caller's p50 before / p99 / max while it came", "ms", "",
         f"{flood['probe_p50_ms']:.2f} / {flood['probe_p99_ms']:,.1f} / {flood['probe_max_ms']:,.1f}", "",
         *cells(lambda r: f"{r['flood']['probe_p50_ms']:.2f} / {r['flood']['probe_p99_ms']:,.1f} / "
                          f"{r['flood']['probe_max_ms']:,.1f}",
                bus_cell=f"{bus['flood']['probe_p50_ms']:.2f} / {bus['flood']['probe_p99_ms']:,.1f} / "
                         f"{bus['flood']['probe_max_ms']:,.1f}")),
        (f"{keys} Trigger(bench.noop): the answer", "", "InvalidParams", answer(big["reply"]),
         verdict(big["reply"].get("error") == invalid), *cells(lambda r: answer(r["big"]["reply"]),
                                                               bus_cell=answer(bus["big"]["reply"]))),
        ("  worst delay of another caller's Get(State) (max − p50)", "ms", f"≤ {HOSTILE_GOALS_MS}",
         ms(big["delay_ms"]), verdict(big["delay_ms"] <= HOSTILE_GOALS_MS),
         *cells(lambda r: ms(r["big"]["delay_ms"]), bus_cell=ms(bus["big"]["delay_ms"]))),
        ("  that caller's Get(State) p50 before it / max", "ms", "", f"{big['p50_ms']:.2f} / {ms(big['max_ms'])}", "",
         *cells(lambda r: f"{r['big']['p50_ms']:.2f} / {ms(r['big']['max_ms'])}",
                bus_cell=f"{bus['big']['p50_ms']:.2f} / {ms(bus['big']['max_ms'])}")),
        ("  from a caller petald already knows: the answer", "", "InvalidParams", answer(known["reply"]),
         verdict(known["reply"].get("error") == invalid), "—", "—", "—"),
        ("  … and the worst delay of another caller (max − p50)", "ms", "", ms(known["delay_ms"]), "", "—", "—", "—"),
        (f"slow fsync: worst Get(State) latency while a toggle saves", "ms", f"≤ {HOSTILE_GOALS_MS}",
         ms(fsync["max_ms"]), verdict(fsync["max_ms"] <= HOSTILE_GOALS_MS), "—", "—", "—"),
        ("  Get(State) p50 before it (strace attached)", "ms", "", f"{fsync['p50_ms']:.2f}", "", "—", "—", "—"),
        (f"  Activate answered after ({fsync['delayed']} fsyncs, each delayed {counts['fsync_delay']:g} s)", "s", "",
         f"{fsync['reply']['ms'] / 1000:.2f}", "", "—", "—", "—"),
        ("a plugin's 10 MiB result (bench.big): the answer", "", "ActionFailed", answer(huge["reply"]),
         verdict(huge["reply"].get("error") == MENU_ERROR + "ActionFailed"), "—", "—", "—"),
        ("  worst delay of another caller's Get(State) (max − p50)", "ms", f"≤ {BIG_RESULT_GOAL_MS}",
         ms(huge["delay_ms"]), verdict(huge["delay_ms"] <= BIG_RESULT_GOAL_MS), "—", "—", "—"),
    ]
    print(f"\nHostile traffic, each scenario on servers started for it; Get(State) timed by another "
          f"connection, a call every 1 ms. The {keys} a{{sv}} is {big['bytes']:,} bytes on the wire; "
          f"'bus alone' sends it to a name nobody owns while petald's Get(State) is timed: the bus's own share"
          f"{'; SMOKE: tiny counts, goals not judged' if smoke else ''}.")
    print_table(("figure", "unit", "goal", "petald", "verdict", "C contract", "dbus-python", "bus alone"), rows)


def report_provider(results, smoke):
    """Trigger through the Python provider against dbus-python answering Trigger itself, plus one hop
    (the C peer's Trigger: a bare round trip through the bus)."""
    through = results["petald"]["provider"]
    python, bare = results["dbus-python"].get("trigger"), results["C peer"].get("trigger")
    rows = [("Trigger(hello.greet) through the provider, p50", "µs", f"{through['p50_us']:,.1f}"),
            ("  p99", "µs", f"{through['p99_us']:,.1f}"),
            ("  petald's CPU per call", "µs", f"{through['cpu_us_per_call']:,.2f}"),
            ("  the provider's CPU per call (Python)", "µs", f"{through['provider_cpu_us_per_call']:,.2f}")]
    if python and bare:
        goal = python["p50_us"] + bare["p50_us"]
        verdict = "—" if smoke else "met" if through["p50_us"] <= goal else "MISSED"
        rows += [("dbus-python answering Trigger itself, p50", "µs", f"{python['p50_us']:,.1f}"),
                 ("  plus one hop (the C peer's Trigger p50)", "µs", f"{goal:,.1f}"),
                 ("through the provider / (dbus-python + one hop)", "", f"{through['p50_us'] / goal:.2f}× ({verdict})")]
    print("\nD-Bus action provider: petald sends Trigger on to examples/providers/hello-python "
          "as Invoke, with ActionStarted and ActionFinished; goal: p50 below dbus-python serving the call "
          "directly, plus one hop.")
    print_table(("figure", "unit", "value"), rows)


def report_isolated(isolated, smoke):
    """The bench plugin inside petald and in a host of its own, and petald through its crashes."""
    inside, host, crashes = isolated["inside"], isolated["isolated"], isolated["crashes"]

    def verdict(met):
        return "—" if smoke else "met" if met else "MISSED"

    slower = host["p50_us"] / inside["p50_us"]
    rss = host["host_rss_anon_kib"] / 1024
    growth = (crashes["rss_anon_kib_after"] - crashes.get("rss_anon_kib_early", crashes["rss_anon_kib_after"])) / 1024
    rows = [("Trigger(bench.noop) inside petald, p50", "µs", "", f"{inside['p50_us']:,.1f}", ""),
            ("  isolated, p50", "µs", "", f"{host['p50_us']:,.1f}", ""),
            ("  isolated / inside", "", f"≤ {ISOLATED_GOAL}×", f"{slower:.2f}×", verdict(slower <= ISOLATED_GOAL)),
            ("  p99 inside / isolated", "µs", "", f"{inside['p99_us']:,.1f} / {host['p99_us']:,.1f}", ""),
            ("  petald's CPU per call inside / isolated", "µs", "",
             f"{inside['cpu_us_per_call']:,.2f} / {host['cpu_us_per_call']:,.2f}", ""),
            ("  the host's CPU per call", "µs", "", f"{host['host_cpu_us_per_call']:,.2f}", ""),
            ("a host's own memory (RssAnon)", "MiB", f"≤ {HOST_RSS_GOAL_MIB}", f"{rss:.2f}", verdict(rss <= HOST_RSS_GOAL_MIB)),
            ("exec → ready, p50", "ms", f"≤ {HOST_READY_GOAL_MS:.0f}", f"{crashes['ready_ms_p50']:.1f}",
             verdict(crashes["ready_ms_p50"] <= HOST_READY_GOAL_MS)),
            ("  p99", "ms", "", f"{crashes['ready_ms_p99']:.1f}", ""),
            (f"{crashes['count']:,} crashes in a row: petald's pid unchanged", "", "yes",
             "yes" if crashes["same_pid"] else "NO", verdict(crashes["same_pid"])),
            ("  petald's RssAnon growth, after the first 100 to the last", "MiB", "flat", f"{growth:+.2f}",
             verdict(growth <= 1.0)),
            ("  petald's open descriptors, after the first 100 / the last", "", "flat",
             f"{crashes.get('fds_early', '—')} / {crashes['fds_after']}",
             verdict(crashes.get("fds_early", crashes["fds_after"]) == crashes["fds_after"])),
            ("  time for them all (restarts wait 250 ms after a second crash)", "s", "", f"{crashes['seconds']:.1f}", "")]
    print(f"\nIsolated plugins: the bench plugin in a petal-plugin-host of its own against the same file "
          f"inside petald, petalds started afresh for each round{'; SMOKE: tiny counts, goals not judged' if smoke else ''}.")
    print_table(("figure", "unit", "goal", "value", "verdict"), rows)


def print_table(headers, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    line = lambda cells: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(headers))
    print(line(["-" * w for w in widths]))
    for r in rows:
        print(line(r))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petald and its plugins")
    parser.add_argument("--tools", default=os.path.join(HERE, "..", ".build", "bench"),
                        help="the folder of bench-client, bench-peer and libbench.so")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: check that everything works")
    parser.add_argument("--only", metavar="PARTS", default=",".join(PARTS),
                        help=f"run only these parts, comma-separated, of: {', '.join(PARTS)} (default: all); "
                             "the replies are checked and the contract peers' Trigger contract too, whatever the parts")
    args = parser.parse_args()
    parts = [part for part in args.only.split(",") if part]
    unknown = [part for part in parts if part not in PARTS]
    if unknown or not parts:
        parser.error(f"--only takes parts of {', '.join(PARTS)}, not {args.only!r}")
    pin = os.environ.get("BENCH_PIN", "1") != "0"
    counts = COUNTS["smoke" if args.smoke else "full"]
    started = time.monotonic()
    tables = {}
    for part, script in SCRIPT_PARTS.items():
        if part not in parts:
            continue
        if part == "matcher":
            command = [os.path.join(os.path.abspath(args.tools), MATCHER)]
        else:
            command = [PYTHON, script, "--bin", os.path.abspath(args.bin)]
            command += ["--tools", os.path.abspath(args.tools)] if part in ("context", "menus") else []
        done = subprocess.run(command + (["--smoke"] if args.smoke else []), stdout=subprocess.PIPE, text=True)
        if done.returncode != 0:
            print(f"bench: FAILED: the part {part} ({os.path.basename(script)} said why above)", file=sys.stderr)
            return 1
        tables[part] = done.stdout
    if set(parts) <= set(SCRIPT_PARTS):
        print("".join(tables.values()).lstrip("\n"))
        print(f"({time.monotonic() - started:.0f} s)")
        return 0
    bench = Bench(os.path.abspath(args.bin), os.path.abspath(args.tools), args.smoke, pin, parts)
    try:
        bench.start_bus()
        print(f"Running the {'smoke ' if args.smoke else ''}benchmark on a private bus…", file=sys.stderr)
        tools = bench.tools_dir
        results = bench.run_all([
            ("C peer", "org.petal.Bench.C", [os.path.join(tools, "bench-peer"), "org.petal.Bench.C"]),
            ("C spec-states", "org.petal.Bench.CSpec",
             [os.path.join(tools, "bench-peer"), "--spec-states", "org.petal.Bench.CSpec"]),
            ("C contract", "org.petal.Bench.CContract", bench.contract_peer_command("org.petal.Bench.CContract")),
            ("C hop", "org.petal.Bench.CHop", bench.contract_peer_command("org.petal.Bench.CHop", hop=True)),
            ("dbus-python", "org.petal.Bench.Python", [PYTHON, os.path.join(HERE, "peer.py"), "org.petal.Bench.Python"]),
            ("petald", "org.petal.Petal1", bench.petald_command()),
        ])
        if "trigger" in parts:
            results["callgrind"] = bench.count_instructions(TRIGGER_TABLE)
    except BenchError as error:
        print(f"bench: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        bench.close()
    model = next((line.split(":", 1)[1].strip() for line in subprocess.run(
        ["lscpu"], capture_output=True, text=True).stdout.splitlines() if line.startswith("Model name")), "?")
    notes = (["SMOKE: tiny counts, figures meaningless"] if args.smoke else []) + (
        [] if set(parts) == set(PARTS) else [f"only {', '.join(p for p in PARTS if p in parts)}"])
    print(f"\nPetal benchmark{' (' + '; '.join(notes) + ')' if notes else ''} — "
          f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
          f"{os.cpu_count()} CPUs, {model}")
    print("Pinning: " + (f"client, bus and server all on CPU {bench.cpu} (taskset -c {bench.cpu}); BENCH_PIN=0 to unpin."
                         if pin else "none (BENCH_PIN=0): the scheduler places client, bus and server."))
    print(f"petald: release build from {args.bin}; plugins loaded: {', '.join(results['petald']['plugins'])}; "
          "openDuration = closeDuration = 0.")
    print("The C peer and the dbus-python peer flip collapsed↔expanded at once (one change, two signals per "
          "Toggle); petald and C spec-states pass through expanding/collapsing (two changes, four signals).")
    print("Trigger(bench.noop): C peer, C spec-states and dbus-python reply at once; C contract and petald emit "
          "ActionStarted, run the action through the bench plugin's invoke, emit ActionFinished, then reply "
          "(checked by bench-client contract). C contract runs only the Trigger scenarios and start-up. "
          "C hop is C contract --hop: its dispatch thread emits ActionStarted and queues the action for one worker "
          "thread, which runs it and sends ActionFinished and the reply; it runs only the Trigger scenarios.")
    if "builtin" in parts:
        print(f"Trigger({BUILTIN_ACTION}) with no number: petald and C contract run it through the built-in "
              f"{BUILTIN_LIBRARY} (the Swift SDK), which refuses it with InvalidParams having started nothing; "
              "C peer, C spec-states and dbus-python answer it as any Trigger, at once.")
    print()
    report(results, args, counts, pin)
    for table in tables.values():
        print(table, end="")
    print(f"\n({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
