#!/usr/bin/python3
"""Counts the instructions a server spends per call, under valgrind's callgrind:
the figure of the benchmark that repeats on a shared machine, where times move
by tens of percent between runs.

Each server runs alone under `valgrind --tool=callgrind` on a private bus (run.py's),
as run.py starts it; bench-client makes W calls of warm-up, `callgrind_control -z`
zeroes the counts, bench-client makes N calls, `callgrind_control -d` dumps them, and
the dump's total, divided by N, is the server's instructions per call (all its
threads; user space only, so no kernel work). `--method builtin` counts run.py's
part builtin: Trigger(phone.call) with no number, through the built-in plugin.
`--method startup` counts start-up instead: every instruction from exec to the
name owned (the dynamic loader's included), dumped as soon as the name is owned.

Usage (after `swift build -c release` and `make -C bench`):
    bench/callgrind.py --bin .build/release [--method trigger|toggle|builtin|startup] [-n 2000] [--warmup 2000]
                       [--peers "C peer,C contract,petald"] [--keep DIR] [--by-object]

Needs valgrind (Debian's package of that name). Standard library only.
"""
import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # importing run.py must leave no __pycache__ in bench/
from run import HERE, PYTHON, Bench, BenchError  # noqa: E402

# The servers this can count, by run.py's column names; each (name, command from the Bench).
SERVERS = {
    "C peer": ("org.petal.Bench.C", lambda b: [os.path.join(b.tools_dir, "bench-peer"), "org.petal.Bench.C"]),
    "C spec-states": ("org.petal.Bench.CSpec", lambda b: [os.path.join(b.tools_dir, "bench-peer"), "--spec-states",
                                                          "org.petal.Bench.CSpec"]),
    "C contract": ("org.petal.Bench.CContract",
                   lambda b, builtin=False: b.contract_peer_command("org.petal.Bench.CContract", builtin=builtin)),
    "C hop": ("org.petal.Bench.CHop",
              lambda b, builtin=False: b.contract_peer_command("org.petal.Bench.CHop", builtin=builtin, hop=True)),
    "dbus-python": ("org.petal.Bench.Python", lambda b: [PYTHON, os.path.join(HERE, "peer.py"), "org.petal.Bench.Python"]),
    "petald": ("org.petal.Petal1", lambda b: b.petald_command()),
}


def control(option, pid, kick):
    """callgrind_control OPTION PID. Callgrind reads its commands only while the program
    runs, and an idle server sleeps in poll, so `kick` makes one call every 0.3 s until it
    answers: the count may hold part of one call more than N, an error below 1/N."""
    command = subprocess.Popen(["callgrind_control", option, str(pid)], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    kicks = 0
    for _ in range(100):
        try:
            output, _ = command.communicate(timeout=0.3)
            break
        except subprocess.TimeoutExpired:
            kick()
            kicks += 1
    else:
        command.kill()
        raise BenchError(f"callgrind_control {option} {pid} did not answer")
    if command.returncode != 0 or "Error" in output:
        raise BenchError(f"callgrind_control {option} {pid}: {output.strip()}")
    return kicks


def summary(path):
    """The instruction count of a callgrind dump: its `summary:` line, callgrind_annotate's
    PROGRAM TOTALS (the `totals:` line, the sum of the cost lines, runs ~3% above it)."""
    with open(path) as f:
        for line in f:
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise BenchError(f"{path} has no summary line")


def by_object(path):
    """Self cost by object file (executable or library), from the dump's cost lines:
    {object: instructions}. Their sum is the `totals:` line."""
    names, costs = {}, collections.Counter()
    current, skip = None, False

    def name(value):  # "(N) name" defines N, "(N)" refers to it
        match = re.match(r"\((\d+)\)(?: (.*))?$", value)
        if not match:
            return value
        if match.group(2) is not None:
            names[match.group(1)] = match.group(2)
        return names.get(match.group(1), value)

    with open(path) as f:
        for line in f:
            if line.startswith("ob="):
                current = name(line[3:].rstrip("\n"))
            elif line.startswith("cob="):
                name(line[4:].rstrip("\n"))  # may define a name used later
            elif line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost
            elif line[:1].isdigit() or line[:1] in "+-*":
                if skip:
                    skip = False
                elif len(line.split()) > 1:
                    costs[current] += int(line.split()[1])
    return costs


def without_debug_info(source, target):
    """Copies petald and the built-in plugins beside it with their DWARF removed (symbols kept).

    valgrind 3.19's reader gives up on the DWARF 5 forms Swift 6.3 writes ("unhandled
    dwarf2 abbrev form code 0x25", then "Possibly corrupted debuginfo file") and stops
    the program; the code, and so the count, is the same without it."""
    os.makedirs(target, exist_ok=True)
    for path in [os.path.join(source, "petald")] + glob.glob(os.path.join(source, "*.so")):
        result = subprocess.run(["objcopy", "--strip-debug", path, os.path.join(target, os.path.basename(path))],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise BenchError(f"objcopy --strip-debug {path}: {result.stderr.strip()}")
    return target


def count(bench, label, method, n, warmup, keep, objects):
    name, command = SERVERS[label]
    argv = command(bench, builtin=True) if method == "builtin" and label in ("C contract", "C hop") else command(bench)
    out = os.path.join(bench.tmp, f"callgrind.{label.replace(' ', '-')}")
    server = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                              env=bench.env, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(bench.tmp, f"valgrind.{label.replace(' ', '-')}.log"), "w"))
    try:
        for _ in range(12):  # wait-name gives up after 10 s; petald under valgrind may take longer
            try:
                bench.client("wait-name", name)
                break
            except BenchError:
                if server.poll() is not None:
                    log = os.path.join(bench.tmp, f"valgrind.{label.replace(' ', '-')}.log")
                    with open(log) as text:
                        tail = "".join(text.readlines()[-6:])
                    raise BenchError(f"{label} exited under valgrind (status {server.returncode}); its log ends:\n{tail}")
        else:
            raise BenchError(f"{label} did not own {name} under valgrind")
        if method == "startup":  # everything from exec to the name owned, as one "call"
            kick = lambda: bench.client("seq", name, "--method", "toggle", "-n", 1, "--warmup", 0)  # noqa: E731
            before = set(glob.glob(out + "*"))
            kicks = control("-d", server.pid, kick)
            print(f"    {kicks} extra Toggle(s) to make callgrind_control answer", file=sys.stderr, flush=True)
            dumps = sorted(set(glob.glob(out + "*")) - before, key=os.path.getmtime)
            if not dumps:
                raise BenchError(f"callgrind wrote no dump for {label}")
            if keep:
                shutil.copy(dumps[-1], os.path.join(keep, os.path.basename(out)))
            if objects:
                for obj, cost in by_object(dumps[-1]).most_common(25):
                    print(f"    {cost:>12,.0f}  {os.path.basename(obj or '?')}")
            return summary(dumps[-1])
        calls = ["--method", method] if method != "builtin" else ["--method", "trigger"] + Bench.builtin_arguments(label)
        bench.client("seq", name, *calls, "-n", warmup, "--warmup", 0)
        kick = lambda: bench.client("seq", name, *calls, "-n", 1, "--warmup", 0)  # noqa: E731
        kicks = control("-z", server.pid, kick)
        bench.client("seq", name, *calls, "-n", n, "--warmup", 0)
        before = set(glob.glob(out + "*"))
        kicks += control("-d", server.pid, kick)
        print(f"    {kicks} extra call(s) to make callgrind_control answer", file=sys.stderr, flush=True)
        dumps = sorted(set(glob.glob(out + "*")) - before, key=os.path.getmtime)
        if not dumps:
            raise BenchError(f"callgrind wrote no dump for {label}")
        if keep:
            shutil.copy(dumps[-1], os.path.join(keep, os.path.basename(out)))
        if objects:
            costs = by_object(dumps[-1])
            print(f"  {label}, self instructions per call by object file (the cost lines; they sum to "
                  f"{sum(costs.values()) / n:,.0f}):")
            for obj, cost in costs.most_common():
                if cost / n >= 1:
                    print(f"    {cost / n:>10,.0f}  {os.path.basename(obj or '?')}")
        return summary(dumps[-1]) / n
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petald and its plugins")
    parser.add_argument("--tools", default=os.path.join(HERE, "..", ".build", "bench"),
                        help="the folder of bench-client, the C peers and libbench.so")
    parser.add_argument("--method", default="trigger", choices=("trigger", "toggle", "builtin", "startup"),
                        help="trigger: Trigger(bench.noop); builtin: Trigger(phone.call), refused by the built-in plugin; "
                             "startup: exec to the name owned")
    parser.add_argument("-n", type=int, default=2000, help="calls counted (default 2000)")
    parser.add_argument("--warmup", type=int, default=2000, help="calls before the count (default 2000)")
    parser.add_argument("--peers", default="C peer,C contract,petald",
                        help=f"comma-separated, of: {', '.join(SERVERS)} (default: C peer,C contract,petald)")
    parser.add_argument("--keep", metavar="DIR", help="copy each server's dump into DIR, for callgrind_annotate")
    parser.add_argument("--by-object", action="store_true",
                        help="also print each server's instructions per call by executable and library")
    args = parser.parse_args()
    labels = [label.strip() for label in args.peers.split(",") if label.strip()]
    if not labels or any(label not in SERVERS for label in labels):
        parser.error(f"--peers takes names of: {', '.join(SERVERS)}")
    if not args.n > 0 or not args.warmup > 0:
        parser.error("-n and --warmup take positive numbers")
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    bench = Bench(os.path.abspath(args.bin), os.path.abspath(args.tools), smoke=False, pin=False)
    figures = {}
    try:
        bench.bin_dir = without_debug_info(bench.bin_dir, os.path.join(bench.tmp, "bin"))
        bench.start_bus()
        for label in labels:
            print(f"  callgrind: {label}, {args.warmup:,} + {args.n:,} × {args.method}", file=sys.stderr, flush=True)
            figures[label] = count(bench, label, args.method, args.n, args.warmup, args.keep, args.by_object)
    except BenchError as error:
        print(f"callgrind: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        bench.close()
    floor = figures[labels[0]]
    if args.method == "startup":
        print("instructions from exec to the name owned (server only, user space, the dynamic loader's included):")
        for label in labels:
            print(f"  {label:<14} {figures[label]:>12,.0f}   {figures[label] / floor:.2f}× {labels[0]}")
        return 0
    what = {"toggle": "Toggle", "trigger": "Trigger(bench.noop)", "builtin": "Trigger(phone.call)"}[args.method]
    print(f"instructions per {what} (server only, after {args.warmup:,} calls of warm-up, "
          f"mean of {args.n:,}):")
    for label in labels:
        print(f"  {label:<14} {figures[label]:>10,.0f}   {figures[label] / floor:.2f}× {labels[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
