#!/usr/bin/python3
"""petalctl dmenu's rows: 100,000 lines of 50 bytes read from standard input,
made into a row table and sent in one PickFrom (the table in a sealed memfd,
its `rows` option), timed from exec to exit.

    bench/dmenu_rows.py --bin .build/release [--rounds 10] [--smoke]

petalctl runs on a private bus where nothing owns org.petal.Petal1, so the
bus answers the PickFrom it was sent with ServiceUnknown (status 3) once the
whole message has reached it: the time is the reading, the table, the memfd,
the connection and the sending, and nothing of petald. The same command given one line is
the floor (the process's start, the connection, a small message); the
difference is what the rows cost. Goal: at most 60 ms for 100,000 rows.

Standard library only. Exits non-zero when petalctl does not end as expected.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import private_bus  # noqa: E402

GOAL_MS = 60.0


def rows(count):
    """`count` lines of 50 bytes each with its newline, all different."""
    return b"".join(b"%-49s\n" % (b"row %d of the dmenu benchmark, some words" % i) for i in range(count))


def timed(petalctl, address, path, rounds):
    """Milliseconds from exec to exit of `petalctl dmenu` reading `path`, `rounds` times."""
    times = []
    for _ in range(rounds):
        with open(path, "rb") as stdin:
            start = time.perf_counter()
            done = subprocess.run([petalctl, "--bus", address, "dmenu"], stdin=stdin, capture_output=True)
            times.append((time.perf_counter() - start) * 1000)
        if done.returncode != 3 or b"ServiceUnknown" not in done.stderr:
            sys.exit(f"petalctl ended with {done.returncode}, not 3 with ServiceUnknown: {done.stderr.decode()}")
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--smoke", action="store_true")
    arguments = parser.parse_args()
    count = 2000 if arguments.smoke else 100_000
    rounds = 2 if arguments.smoke else arguments.rounds
    petalctl = os.path.join(arguments.bin, "petalctl")
    with tempfile.TemporaryDirectory(prefix="petal-dmenu-rows.") as folder:
        bus, address = private_bus.start(folder)
        try:
            many, one = os.path.join(folder, "many"), os.path.join(folder, "one")
            with open(many, "wb") as f:
                f.write(rows(count))
            with open(one, "wb") as f:
                f.write(rows(1))
            floor = timed(petalctl, address, one, rounds)
            full = timed(petalctl, address, many, rounds)
        finally:
            bus.kill()
            bus.wait()
    cost = statistics.median(full) - statistics.median(floor)
    print(f"\npetalctl dmenu, exec → exit, {rounds} rounds; milliseconds:")
    print(f"{'input':<28}{'p50':>8}{'min':>8}{'max':>8}")
    print(f"{'1 line':<28}{statistics.median(floor):8.1f}{min(floor):8.1f}{max(floor):8.1f}")
    print(f"{f'{count} lines of 50 bytes':<28}{statistics.median(full):8.1f}{min(full):8.1f}{max(full):8.1f}")
    verdict = "met" if cost <= GOAL_MS else "MISSED"
    print(f"  {verdict}  {count} rows read and sent (p50 difference): {cost:.1f} ms, goal ≤ {GOAL_MS:.0f} ms")


if __name__ == "__main__":
    main()
