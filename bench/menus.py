#!/usr/bin/python3
"""The part `menus`: several menus, ad-hoc menus and ChooseFrom, on a release
petald and a private bus of their own.

    bench/menus.py --bin .build/release --tools .build/bench [--smoke]

1. Calls, timed by bench-menus-client (menus-client.c) in the same run,
   iteration by iteration: Toggle; ShowMenu opening a named menu; Toggle
   then Activate; ChooseFrom of a 20-item menu answered by an Activate from
   a second client (which owns org.petal.Frontend1, as a frontend does).
   Goals: ShowMenu p50 ≤ 1.10× Toggle's; ChooseFrom p50 ≤ 2.5× Toggle's,
   with one InterfacesAdded and one InterfacesRemoved. Then PickFrom of a
   `list` menu of 100,000 rows (about 5 MiB of JSON), answered with Submit:
   call → StateChanged `expanding` p50 ≤ 60 ms; petald's VmRSS while it is
   open ≤ idle + 3× the JSON, and within 1 MiB of idle once it has gone.
2. Memory: 16 connections make 16 ad-hoc menus each, 256 in all (the limit),
   of 8 items; petald's RssAnon before, with them, and after the connections
   leave, three times over (the later rounds show whether what went is
   reused). Goal: at most 4 MiB for the first 256. The same with menus of 64
   items (the most a menu may have) is printed, without a goal.
3. Hostile: 16 connections each send CreateMenu calls without reading a
   reply, as fast as the socket takes them: menus of the largest size
   allowed, malformed JSON nested 60,000 deep, and JSON of 64 KiB + 1. Another
   client meanwhile reads the State property once a millisecond
   (bench/hostile.py probe). Goals: its worst delay ≤ 50 ms; petald's RssAnon
   growth ≤ 16 MiB while the flood lasts and back within 4 MiB of where it
   began once the flooders have left; every menu they made removed. Then
   the same flood against bench-contract-peer, which answers CreateMenu (a
   method it lacks) with UnknownMethod at once: the floor of any server,
   whose worst delay is most of all the bus's own.

By default everything is pinned to one CPU, as bench/run.py does; BENCH_PIN=0
unpins. Standard library only, and bench/hostile.py's bare D-Bus client.
Exits non-zero when anything answers wrong.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # importing the modules beside it must leave no __pycache__ in bench/
import hostile  # noqa: E402  (bench/hostile.py: the bare client)
import private_bus  # noqa: E402

NAME = "org.petal.Petal1"
ROOT = "/org/petal/Petal1"
MENUS = "org.petal.Petal1.Menus"
ERROR = "org.petal.Petal1.Error."
COUNTS = {
    "full": dict(iterations=3000, warmup=300, flood_calls=400, quiet=0.5, picks=20),
    "smoke": dict(iterations=20, warmup=5, flood_calls=20, quiet=0.1, picks=2),
}
SHOW_GOAL = 1.10  # ShowMenu p50 / Toggle p50
CHOOSE_GOAL = 2.5  # ChooseFrom p50 / Toggle p50
PICK_ROWS = 100_000
PICK_GOAL_MS = 60.0  # PickFrom of PICK_ROWS rows → expanding, p50
PICK_RSS_GOAL = 3.0  # petald's VmRSS while it is open ≤ idle + this × the JSON
PICK_LEFT_GOAL_MIB = 1.0  # and back within this of idle once it has gone
ADHOC_GOAL_MIB = 4.0  # 256 ad-hoc menus of 8 items
FLOOD_LATENCY_GOAL_MS = 50.0
FLOOD_GROWTH_GOAL_MIB = 16.0
FLOOD_LEFT_GOAL_MIB = 4.0
REFUSER = "org.petal.Bench.CContract"  # bench-contract-peer, the flood's floor
CONNECTIONS, MENUS_EACH = 16, 16  # petald's limits: 16 ad-hoc menus a connection, 256 in all
CHOICES = 20


class BenchError(Exception):
    """Something went wrong; the message says what."""


def adhoc_menu(items, title_length=8):
    """An ad-hoc menu of `items` items, each with a title of `title_length` characters and an icon."""
    return json.dumps({"items": [{"id": f"item-{i}", "title": f"{i:0{title_length}d}", "icon": "system-run",
                                  "action": "bench.noop"} for i in range(items)]})


def largest_menu():
    """A 64-item menu whose JSON is just under 64 KiB, the largest petald takes."""
    title = (65536 - len(adhoc_menu(64, 1)) - 64) // 64
    menu = adhoc_menu(64, title)
    if not 60_000 < len(menu.encode()) <= 65536:
        raise BenchError(f"the largest menu is {len(menu.encode())} bytes")
    return menu


class MenusBench:
    def __init__(self, bin_dir, tools_dir, smoke, pin):
        self.bin_dir, self.tools_dir = bin_dir, tools_dir
        self.counts = COUNTS["smoke" if smoke else "full"]
        self.smoke, self.pin = smoke, pin
        self.tmp = tempfile.mkdtemp(prefix="petal-bench-menus-")
        self.bus = self.petald = None

    # ---- the bus and petald ----

    def start(self):
        if self.pin:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # the bus, petald and the clients inherit it
        try:
            self.bus, address = private_bus.start(self.tmp, limits={
                "max_replies_per_connection": 1_000_000, "max_incoming_bytes": 1_000_000_000,
                "max_outgoing_bytes": 1_000_000_000, "max_message_size": 32 << 20})
        except private_bus.BusError as error:
            raise BenchError(str(error))
        self.env = private_bus.environment(self.tmp, address)
        os.environ["DBUS_SESSION_BUS_ADDRESS"] = address  # for hostile.Connection
        plugins = os.path.join(self.tmp, "plugins")
        os.makedirs(plugins, mode=0o755)
        shutil.copy(os.path.join(self.tools_dir, "libbench.so"), plugins)
        petald_config = os.path.join(self.tmp, "config.json")
        items = [{"id": f"item-{i}", "title": f"Item {i}", "icon": "system-run", "action": "bench.noop"}
                 for i in range(8)]
        with open(petald_config, "w") as f:
            json.dump({"menu": {"openDuration": 0, "closeDuration": 0, "layout": "radial"}, "items": items,
                       "menus": {"apps": {"title": "Apps", "layout": "stack", "items": items}},
                       "plugins": {"isolate": "none"}}, f)
        self.petald = subprocess.Popen(
            [os.path.join(self.bin_dir, "petald"), "--config", petald_config, "--plugin-dir", plugins, "-q"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.tmp, "petald.log"), "w"))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if self.menu_names() == ["main", "apps"]:
                    return
            except (hostile.WireError, OSError):
                pass
            if self.petald.poll() is not None:
                break
            time.sleep(0.02)
        with open(os.path.join(self.tmp, "petald.log")) as f:
            raise BenchError(f"petald did not serve its two menus: {f.read().strip() or 'no message'}")

    def close(self):
        for process in (self.petald, getattr(self, "refuser", None), self.bus):
            if process:
                process.terminate()
                process.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def rss_anon_kib(self, pid=None):
        with open(f"/proc/{pid or self.petald.pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("RssAnon:"))

    def menu_names(self):
        """The names in petald's Menus property, read with busctl."""
        done = subprocess.run(["busctl", "--user", "--json=short", "get-property", NAME, ROOT, MENUS, "Menus"],
                              env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise hostile.WireError(done.stderr.strip())
        return [row[0] for row in json.loads(done.stdout)["data"]]

    def check_alive(self):
        if self.petald.poll() is not None:
            raise BenchError(f"petald exited with status {self.petald.returncode}")

    # ---- 1. calls ----

    def calls(self):
        c = self.counts
        return self.client(["-n", str(c["iterations"]), "--warmup", str(c["warmup"]), "--items", str(CHOICES),
                            "--menu", "apps"])

    def picks(self):
        """PickFrom of PICK_ROWS rows, answered with Submit: the time to `expanding`, and petald's VmRSS."""
        return self.client(["--only", "pick", "--rows", str(PICK_ROWS), "--picks", str(self.counts["picks"]),
                            "--pid", str(self.petald.pid)])

    def table_picks(self):
        """The same rows as a row table in a sealed memfd (PickFrom's option `rows`)."""
        return self.client(["--only", "pick-table", "--rows", str(PICK_ROWS), "--picks", str(self.counts["picks"]),
                            "--pid", str(self.petald.pid)])

    def client(self, arguments):
        done = subprocess.run([os.path.join(self.tools_dir, "bench-menus-client")] + arguments,
                              env=self.env, capture_output=True, text=True)
        if done.returncode != 0:
            raise BenchError(done.stderr.strip() or "bench-menus-client failed")
        return {key: float(value) for key, value in (word.split("=") for word in done.stdout.split())}

    # ---- 2. memory of 256 ad-hoc menus ----

    def make_menus(self, menu):
        """CONNECTIONS connections making MENUS_EACH menus each; the connections, which hold them."""
        body = hostile.body_bytes("sa{sv}", [menu, {}])
        connections = []
        for _ in range(CONNECTIONS):
            connection = hostile.Connection()
            for _ in range(MENUS_EACH):
                serial = connection.next_serial()
                connection.send(hostile.message(serial, NAME, ROOT, MENUS, "CreateMenu", "sa{sv}", body))
                reply = connection.reply_to(serial)
                if reply["type"] != "return":
                    raise BenchError(f"CreateMenu was answered {reply}")
            connections.append(connection)
        return connections

    def leave(self, connections, expected=("main", "apps")):
        for connection in connections:
            connection.sock.close()
        deadline = time.monotonic() + 10
        while self.menu_names() != list(expected):
            if time.monotonic() > deadline:
                raise BenchError(f"the menus of clients that left are still served: {self.menu_names()}")
            time.sleep(0.01)

    def adhoc_memory(self, items, rounds=3):
        """RssAnon with no ad-hoc menu, with 256 of `items` items, and after their makers
        left, `rounds` times over: the first round is what the first 256 cost, and the
        later ones show whether what went is reused."""
        menu = adhoc_menu(items)
        figures = dict(items=items, json_bytes=len(menu), made=[], left=[])
        time.sleep(self.counts["quiet"])
        figures["before"] = self.rss_anon_kib()
        for _ in range(rounds):
            connections = self.make_menus(menu)
            names = self.menu_names()
            if len(names) != 2 + CONNECTIONS * MENUS_EACH:
                raise BenchError(f"expected {CONNECTIONS * MENUS_EACH} ad-hoc menus, petald serves {len(names) - 2}")
            figures["made"].append(self.rss_anon_kib())
            self.leave(connections)
            time.sleep(self.counts["quiet"])
            figures["left"].append(self.rss_anon_kib())
        return figures

    # ---- 3. the flood ----

    def start_refuser(self):
        """bench-contract-peer as REFUSER: it serves Get(State) on the same path and answers
        CreateMenu (a method it does not have) with UnknownMethod at once, without reading
        the menu: the floor of any server under the same flood."""
        plugins = os.path.join(self.tmp, "plugins")
        self.refuser = subprocess.Popen(
            [os.path.join(self.tools_dir, "bench-contract-peer"), "--plugin", os.path.join(plugins, "libbench.so"),
             REFUSER], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            probe = hostile.Connection()
            try:
                if probe.call(REFUSER, ROOT, hostile.PROPERTIES, "Get", "ss", [hostile.MENU, "State"])["type"] == "return":
                    return
            except (hostile.WireError, OSError):
                pass
            finally:
                probe.sock.close()
            time.sleep(0.02)
        raise BenchError("bench-contract-peer did not start")

    def flood(self, dest=NAME):
        """The flood against `dest`: petald, or REFUSER (start_refuser)."""
        pid = self.petald.pid if dest == NAME else self.refuser.pid
        calls = self.counts["flood_calls"]
        bodies = {"largest": hostile.body_bytes("sa{sv}", [largest_menu(), {}]),
                  "deep": hostile.body_bytes("sa{sv}", ["[" * 60_000, {}]),
                  "oversized": hostile.body_bytes("sa{sv}", ["{" + " " * 65536, {}])}
        kinds = list(bodies)
        flooders = [hostile.Connection() for _ in range(CONNECTIONS)]
        sent = {}

        def send_all(index, connection):
            chunk = bytearray()
            for i in range(calls):
                chunk += hostile.message(connection.next_serial(), dest, ROOT, MENUS, "CreateMenu", "sa{sv}",
                                         bodies[kinds[(index + i) % len(kinds)]])
                if len(chunk) >= 1 << 20:
                    connection.send(chunk)
                    chunk = bytearray()
            connection.send(chunk)
            sent[index] = time.monotonic()

        probe = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "hostile.py"), "probe",
                                  "--dest", dest], env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
        if probe.stdout.readline().strip() != "ready":
            raise BenchError("the probe did not start")
        time.sleep(self.counts["quiet"])
        before = self.rss_anon_kib(pid)
        started = time.monotonic()
        threads = [threading.Thread(target=send_all, args=(i, c)) for i, c in enumerate(flooders)]
        for thread in threads:
            thread.start()
        peak = before
        while any(thread.is_alive() for thread in threads):
            peak = max(peak, self.rss_anon_kib(pid))
            time.sleep(0.01)
        # The calls are all sent; petald still answers them. Keep probing until it has.
        replies = {}
        for connection in flooders:
            for _ in range(calls):
                kind, fields, body = connection.read_message(timeout=120)
                while kind not in (hostile.METHOD_RETURN, hostile.ERROR):
                    kind, fields, body = connection.read_message(timeout=120)
                reply = hostile.decode_reply(kind, fields, body)
                key = reply.get("error", "") or "made"
                replies[key] = replies.get(key, 0) + 1
                peak = max(peak, self.rss_anon_kib(pid)) if len(replies) < 2 else peak
        answered = time.monotonic()
        peak = max(peak, self.rss_anon_kib(pid))
        probe.stdin.write("stop\n")
        probe.stdin.flush()
        samples = json.loads(probe.stdout.readline())["samples"]
        probe.wait()
        during = [latency for sent_ns, latency in samples if started * 1e9 <= sent_ns <= answered * 1e9]
        made = replies.get("made", 0)
        if dest == NAME:
            self.check_alive()
            self.leave(flooders)
        else:
            for connection in flooders:
                connection.sock.close()
        time.sleep(self.counts["quiet"])
        return dict(calls=calls * CONNECTIONS, seconds=answered - started, replies=replies, made=made,
                    worst_ms=max(during) / 1e6 if during else 0.0, probes=len(during),
                    p99_ms=sorted(during)[int(0.99 * (len(during) - 1))] / 1e6 if during else 0.0,
                    before=before, peak=peak, left=self.rss_anon_kib(pid))


def verdict(met):
    return "met" if met else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folder of the release petald")
    parser.add_argument("--tools", required=True, help="the folder of bench-menus-client and libbench.so")
    parser.add_argument("--smoke", action="store_true", help="tiny counts: check that everything works")
    args = parser.parse_args()
    bench = MenusBench(os.path.abspath(args.bin), os.path.abspath(args.tools), args.smoke,
                       os.environ.get("BENCH_PIN", "1") != "0")
    try:
        bench.start()
        print("  menus: ShowMenu, ChooseFrom", file=sys.stderr, flush=True)
        calls = bench.calls()
        print("  menus: PickFrom of 100,000 rows", file=sys.stderr, flush=True)
        picks = bench.picks()
        print("  menus: PickFrom of 100,000 rows as a row table", file=sys.stderr, flush=True)
        tables = bench.table_picks()
        print("  menus: 256 ad-hoc menus", file=sys.stderr, flush=True)
        memory = [bench.adhoc_memory(8), bench.adhoc_memory(64)]
        print("  menus: a flood of CreateMenu", file=sys.stderr, flush=True)
        flood = bench.flood()
        bench.check_alive()
        print("  menus: the same flood against bench-contract-peer", file=sys.stderr, flush=True)
        bench.start_refuser()
        floor = bench.flood(REFUSER)
    except (BenchError, hostile.WireError, OSError) as error:
        print(f"bench: menus: FAILED: {error}", file=sys.stderr)
        return 1
    finally:
        bench.close()

    smoke = "; SMOKE: figures meaningless" if args.smoke else ""
    print(f"\nSeveral menus: petald alone, {int(calls['iterations'])} iterations of each call in turn, "
          f"{'pinned to one CPU' if bench.pin else 'unpinned'}{smoke}.")
    toggle, pair = calls["toggle_p50_us"], calls["toggle_activate_p50_us"]
    rows = [[label, f"{calls[key + '_p50_us']:.1f}", f"{calls[key + '_p90_us']:.1f}",
             f"{calls[key + '_max_us']:.0f}", ratio] for label, key, ratio in (
        ("Toggle", "toggle", "1.00×"),
        ("ShowMenu (a closed menu)", "show", f"{calls['show_p50_us'] / toggle:.2f}× Toggle"),
        ("Toggle + Activate", "toggle_activate", f"{pair / toggle:.2f}× Toggle"),
        (f"ChooseFrom ({CHOICES} items), answered by another client", "choose",
         f"{calls['choose_p50_us'] / toggle:.2f}× Toggle, {calls['choose_p50_us'] / pair:.2f}× Toggle + Activate"))]
    print_table(["call", "p50 µs", "p90 µs", "max µs", "p50 ratio"], rows)
    print(f"Each ChooseFrom: {calls['choose_added_per_call']:.2f} InterfacesAdded and "
          f"{calls['choose_removed_per_call']:.2f} InterfacesRemoved.")
    pick_ms = picks["pick_p50_us"] / 1000
    json_mib = picks["pick_json_bytes"] / (1 << 20)
    open_growth = (picks["rss_open_kib"] - picks["rss_idle_kib"]) / 1024
    pick_left = (picks["rss_after_kib"] - picks["rss_idle_kib"]) / 1024
    print(f"\nPickFrom of {int(picks['pick_rows']):,} rows ({json_mib:.2f} MiB of JSON), "
          f"answered with Submit: call → `expanding` p50 {pick_ms:.1f} ms, p90 {picks['pick_p90_us'] / 1000:.1f} ms, "
          f"max {picks['pick_max_us'] / 1000:.1f} ms. petald's VmRSS: {picks['rss_idle_kib']:.0f} KiB idle, "
          f"{picks['rss_open_kib']:.0f} KiB at most while one is open (+{open_growth:.1f} MiB, "
          f"{open_growth / json_mib:.2f}× the JSON), {picks['rss_after_kib']:.0f} KiB once they have gone "
          f"({pick_left:+.2f} MiB).")
    table_ms = tables["picktable_p50_us"] / 1000
    table_mib = tables["picktable_bytes"] / (1 << 20)
    table_growth = (tables["picktable_rss_open_kib"] - tables["picktable_rss_idle_kib"]) / 1024
    table_left = (tables["picktable_rss_after_kib"] - tables["picktable_rss_idle_kib"]) / 1024
    print(f"The same rows as a row table ({table_mib:.2f} MiB, a sealed memfd passed as `rows`): call → `expanding` "
          f"p50 {table_ms:.1f} ms, p90 {tables['picktable_p90_us'] / 1000:.1f} ms, max "
          f"{tables['picktable_max_us'] / 1000:.1f} ms ({table_ms / pick_ms:.3f}× the JSON's). petald's VmRSS: "
          f"+{table_growth:.1f} MiB while open ({table_growth / json_mib:.2f}× the JSON the rows would be, "
          f"{table_growth / table_mib:.2f}× the table, which it maps and shares with the caller), "
          f"{table_left:+.2f} MiB once they have gone.")
    print("\n256 ad-hoc menus (16 connections × 16), made and left three times over, petald's RssAnon in KiB:")
    print_table(["menus of", "JSON bytes", "before", "made", "left", "made", "left", "made", "left", "first cost"],
                [[f"{m['items']} items", m["json_bytes"], m["before"]]
                 + [kib for pair in zip(m["made"], m["left"]) for kib in pair] + [m["made"][0] - m["before"]]
                 for m in memory])
    replies = ", ".join(f"{name.removeprefix(ERROR)} {count}" for name, count in sorted(flood["replies"].items()))
    print(f"\nA flood of CreateMenu from {CONNECTIONS} connections that read nothing: {flood['calls']} calls "
          f"(largest allowed, nested 60,000 deep, 64 KiB + 1, in turn), answered in {flood['seconds']:.2f} s: "
          f"{replies}.")
    print(f"Another client's Get(State) meanwhile: {flood['probes']} calls, p99 {flood['p99_ms']:.2f} ms, "
          f"worst {flood['worst_ms']:.2f} ms. petald's RssAnon: {flood['before']} KiB before, "
          f"{flood['peak']} KiB at most, {flood['left']} KiB once the flooders had left.")
    print(f"The same flood against bench-contract-peer, which answers CreateMenu (a method it lacks) with "
          f"UnknownMethod at once and the probe's Get(State) as petald does: {floor['calls']} calls answered in "
          f"{floor['seconds']:.2f} s; the probe's p99 {floor['p99_ms']:.2f} ms, worst {floor['worst_ms']:.2f} ms: "
          f"petald's worst is {flood['worst_ms'] / max(floor['worst_ms'], 1e-3):.2f}× the floor's.")
    if args.smoke:
        print("Goals: judged only in a full run.")
        return 0
    cost = (memory[0]["made"][0] - memory[0]["before"]) / 1024
    growth, left = (flood["peak"] - flood["before"]) / 1024, (flood["left"] - flood["before"]) / 1024
    single = calls["choose_added_per_call"] == 1 and calls["choose_removed_per_call"] == 1
    print(f"Goals: ShowMenu ≤ {SHOW_GOAL:.2f}× Toggle: {calls['show_p50_us'] / toggle:.2f}× "
          f"{verdict(calls['show_p50_us'] / toggle <= SHOW_GOAL)}; ChooseFrom ≤ {CHOICE_GOAL_TEXT} "
          f"{calls['choose_p50_us'] / toggle:.2f}× {verdict(calls['choose_p50_us'] / toggle <= CHOOSE_GOAL)}, "
          f"one InterfacesAdded and one InterfacesRemoved: {verdict(single)}; "
          f"PickFrom of {PICK_ROWS:,} rows ≤ {PICK_GOAL_MS:.0f} ms: {pick_ms:.1f} ms "
          f"{verdict(pick_ms <= PICK_GOAL_MS)}, open ≤ idle + {PICK_RSS_GOAL:.0f}× the JSON: "
          f"{open_growth / json_mib:.2f}× {verdict(open_growth <= PICK_RSS_GOAL * json_mib)}, "
          f"gone ≤ {PICK_LEFT_GOAL_MIB:.0f} MiB over idle: {pick_left:+.2f} MiB {verdict(pick_left <= PICK_LEFT_GOAL_MIB)}; "
          f"as a row table: {table_ms:.1f} ms {verdict(table_ms <= PICK_GOAL_MS)}, "
          f"{table_growth / json_mib:.2f}× {verdict(table_growth <= PICK_RSS_GOAL * json_mib)}, "
          f"{table_left:+.2f} MiB {verdict(table_left <= PICK_LEFT_GOAL_MIB)}; "
          f"256 ad-hoc menus ≤ {ADHOC_GOAL_MIB:.0f} MiB: {cost:.2f} MiB {verdict(cost <= ADHOC_GOAL_MIB)}; "
          f"flood: worst delay ≤ {FLOOD_LATENCY_GOAL_MS:.0f} ms: {flood['worst_ms']:.1f} ms "
          f"{verdict(flood['worst_ms'] <= FLOOD_LATENCY_GOAL_MS)}, growth ≤ {FLOOD_GROWTH_GOAL_MIB:.0f} MiB: "
          f"{growth:.1f} MiB {verdict(growth <= FLOOD_GROWTH_GOAL_MIB)}, after leaving ≤ "
          f"{FLOOD_LEFT_GOAL_MIB:.0f} MiB: {left:.1f} MiB {verdict(left <= FLOOD_LEFT_GOAL_MIB)}.")
    return 0


CHOICE_GOAL_TEXT = f"{CHOOSE_GOAL:.1f}× Toggle:"


def print_table(headers, rows):
    widths = [max(len(str(x)) for x in column) for column in zip(headers, *rows)]
    for cells in [headers, ["-" * w for w in widths]] + rows:
        print("  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))


if __name__ == "__main__":
    sys.exit(main())
