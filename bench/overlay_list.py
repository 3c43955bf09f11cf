"""The overlay benchmark's list part (bench/overlay.py imports it): a `list`
menu, the picker that filters as you type (docs/overlay.md, "The list
layout"), against the dmenus given the same rows.

- First frame: a PickFrom of 5 rows and of 100,000 rows, made over D-Bus by
  bench/list_client.py (dbus-python; its start and the menu's JSON are not
  timed: it says `ready`, then the clock starts just before the call goes
  out), each twice: the rows as the JSON's `items`, and as a row table in a
  sealed memfd (the `rows` option, as `petalctl dmenu` sends them; the table
  made before `ready`, as the JSON is), to the list window's first frame on screen, judged as for the
  dmenus (overlay_menus: on X11 the first DamageNotify after the MapNotify
  of a new top-level window; on Wayland the first commit after an attach of
  a new layer-shell or xdg-shell surface). rofi -dmenu (X11) and
  fuzzel --dmenu (Wayland) get the same titles on standard input, exec →
  first frame, reading them all included.
- Keystroke → filtered frame at 100,000 rows: keys typed into the open
  picker (its rows sent as a row table) one at a time, each once the frame of the one before is painted;
  on X11 sent with XTest (libXtst through ctypes), from just before the key
  goes out to the list window's next `trace frame` after its `trace key`;
  on Wayland sent with wtype, from the window's `trace key` (the key as the
  overlay gets it) to its next `trace frame`, since a wtype is a program
  started per key. On Wayland fuzzel --dmenu, given the same rows, gets the
  same keys, and both are timed the same way from their WAYLAND_DEBUG=1
  lines: from the wl_keyboard.key press they are sent to their next commit
  of a buffer attached. The sway holds a keyboard for the whole run (a
  sleeping wtype, as the tests' HeadlessSway): without one, each wtype's
  own keyboard came and went around its key, and the key was often lost.
"""
import ctypes
import os
import subprocess
import time

from overlay_menus import MAIN_PATH, TIMEOUT, now_us, watcher, x11_first_frame, x11_frames
from run import BenchError  # noqa: E402  (bench/ is on sys.path: overlay.py put it there)

HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = (5, 100_000)
BIG = 100_000
FIRST_FRAME_TIMEOUT = 60.0  # a dmenu reading 100,000 lines may take seconds
WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo",
         "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
         "whiskey", "xray", "yankee", "zulu")
# One round of keys: narrowing as a person types, then back to nothing.
KEYS = ["o", "s", "c", "space", "1", "2", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace",
        "BackSpace"]
PEERS = {"x11": ("rofi", ["rofi", "-dmenu"]), "wayland": ("fuzzel", ["fuzzel", "--dmenu"])}


def titles(count):
    """`count` titles of two words and a number, the same every run."""
    return [f"{WORDS[i % 26]} {WORDS[(i * 7 + i // 26) % 26]} {i}" for i in range(count)]


class XKeys:
    """Key presses sent with XTest on an X display, through ctypes."""

    def __init__(self, display):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xtst = ctypes.CDLL("libXtst.so.6")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(display.encode())
        if not self.display:
            raise BenchError(f"XOpenDisplay({display}) failed")

    def press(self, name):
        """Presses and releases the key `name` (an X keysym name); returns the µs just before it went out."""
        code = self.x11.XKeysymToKeycode(self.display, self.x11.XStringToKeysym(name.encode()))
        if not code:
            raise BenchError(f"no keycode for {name}")
        sent = now_us()
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XFlush(self.display)
        return sent

    def close(self):
        self.x11.XCloseDisplay(self.display)


class Picker:
    """bench/list_client.py, ready to send its PickFrom of the rows in `rows_file`."""

    def __init__(self, rows_file, env, by_fd=False):
        flags = ["--rows-fd"] if by_fd else []
        self.proc = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "list_client.py"), *flags, rows_file],
                                     env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1)
        line = self.proc.stdout.readline()
        if line.strip() != "ready":
            raise BenchError(f"list_client.py said {line!r}: {self.proc.stderr.read().strip()}")

    def send(self):
        """Sends PickFrom; returns the µs just before it went out."""
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().split()
        if len(line) != 2 or line[0] != "sent":
            raise BenchError(f"list_client.py said {line!r}: {self.proc.stderr.read().strip()}")
        return int(line[1])

    def answer(self):
        return self.proc.stdout.readline().strip()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def run(bench, traced, wayland_traced):
    """The list part on `bench`'s display (an overlay.OverlayBench); `traced`
    and `wayland_traced` are overlay.py's reader classes."""
    peer, peer_command = PEERS["wayland" if bench.wayland else "x11"]
    if not os.path.exists("/usr/bin/python3") or subprocess.run(
            ["/usr/bin/python3", "-c", "import dbus"], capture_output=True).returncode != 0:
        raise BenchError("the list part needs /usr/bin/python3 with dbus-python (Debian: python3-dbus)")
    files = {}
    for count in ROWS:
        files[count] = os.path.join(bench.bench.tmp, f"rows-{count}.txt")
        with open(files[count], "w") as f:
            f.write("".join(title + "\n" for title in titles(count)))
    kind = wayland_traced if bench.wayland else traced
    overlay = kind(bench.overlay_command(), bench.env, "petal-overlay")
    frames = None if bench.wayland else x11_frames(bench.tools_dir, bench.env)
    first = {count: {name: [] for name in ("petal", "painted", "signalled", "petal-fd", "painted-fd", "signalled-fd",
                                          "first-key", peer)} for count in ROWS}
    watch = watcher(bench.tools_dir, bench.env)
    try:
        overlay.until(lambda e: e[0] == "frame", "first frame")
        bench.settle(overlay)
        for i in range(bench.counts["startups"]):
            for count in ROWS:
                turns = [("petal", None), ("petal-fd", None), (peer, peer_command)]
                for name, command in (turns if i % 2 == 0 else turns[::-1]):
                    if name.startswith("petal"):
                        fd = name == "petal-fd"
                        on_screen, painted, signalled, first_key = petal_first_frame(
                            bench, overlay, frames, watch, files[count], count, by_fd=fd,
                            first_key=fd and count == BIG and not bench.wayland)
                        if first_key is not None:
                            first[count]["first-key"].append(first_key)
                        suffix = "-fd" if fd else ""
                        first[count]["petal" + suffix].append(on_screen)
                        first[count]["painted" + suffix].append(painted)
                        first[count]["signalled" + suffix].append(signalled)
                    else:
                        first[count][peer].append(peer_first_frame(bench, overlay, frames, command, files[count],
                                                                   f"{peer} ({count} lines)", kind))
        # fuzzel first: started after the picker's keys, it crashed (SIGSEGV) as it drew its first frames.
        peer_keys = peer_keystrokes(bench, overlay, peer_command, files[BIG], kind) if bench.wayland else None
        keys = keystrokes(bench, overlay, frames, files[BIG])
        if peer_keys is not None:
            keys["peer"] = peer_keys
    finally:
        watch.stop()
        overlay.stop()
        if frames:
            frames.stop()
    return dict(first=first, keys=keys, peer=peer)


def petal_first_frame(bench, overlay, frames, watch, rows_file, count, by_fd=False, first_key=False):
    """A PickFrom of the rows (`by_fd`: as a row table): ms to the list's
    first frame on screen, to its first painted (`trace frame`), and to
    petald's StateChanged(expanding) as a bystander on the bus reads it;
    with `first_key`, also ms from the overlay's `trace key` of a key typed
    at once after that frame (before the rows may be folded) to the frame
    it filtered, else None. (On X11 alone: on sway, fuzzel --dmenu started
    after a picker's keys crashed, SIGSEGV, as the keystrokes below began.)"""
    picker = Picker(rows_file, bench.env, by_fd)
    try:
        sent = picker.send()
        seen = []
        if frames:
            at = x11_first_frame(frames, sent, f"the list of {count}")
        else:
            seen = overlay.until(lambda e: e[0] == "shown" and e[1] >= sent, f"first frame of the list of {count}",
                                 timeout=FIRST_FRAME_TIMEOUT)
            at = seen[-1][1]
        listed = lambda e: e[0] == "frame" and e[3] not in (None, MAIN_PATH) and e[1] >= sent  # noqa: E731
        painted = next((e for e in seen if listed(e)), None) or overlay.until(
            listed, f"trace frame of the list of {count}", timeout=FIRST_FRAME_TIMEOUT)[-1]
        signalled = watch.until(lambda i: i[0] == "signal" and i[1] >= sent and i[2][1] == "expanding"
                                and i[2][0] != MAIN_PATH, f"StateChanged of the list of {count}")[1]
        key_ms = type_first_key(bench, overlay, painted[3], painted[1]) if first_key else None
        return (at - sent) / 1000, (painted[1] - sent) / 1000, (signalled - sent) / 1000, key_ms
    finally:
        picker.stop()
        settle_after(bench, overlay, frames)
        watch.drain()


def type_first_key(bench, overlay, path, since):
    """Types `o` into the list at `path` at once: ms from its `trace key` to the next frame it paints."""
    if bench.wayland:
        subprocess.run(["wtype", "-k", "o"], env=bench.env, check=True, timeout=TIMEOUT)
    else:
        xkeys = XKeys(bench.display)
        try:
            xkeys.press("o")
        finally:
            xkeys.close()
    key_at = overlay.until(lambda e: e[0] == "key" and e[3] == path and e[1] >= since,
                           "trace key of the first key")[-1][1]
    drawn = overlay.until(lambda e: e[0] == "frame" and e[3] == path and e[1] >= key_at, "frame after the first key")
    return (drawn[-1][1] - key_at) / 1000


def peer_first_frame(bench, overlay, frames, command, rows_file, label, kind):
    with open(rows_file) as f:
        lines = f.read()
    since = now_us()
    program = kind(command, bench.env, label, stdin=lines)
    try:
        if frames:
            at = x11_first_frame(frames, since, label)
        else:
            at = program.until(lambda e: e[0] == "shown" and e[1] >= since, f"first frame of {label}",
                               timeout=FIRST_FRAME_TIMEOUT)[-1][1]
        return (at - since) / 1000
    finally:
        program.stop()
        settle_after(bench, overlay, frames)


def settle_after(bench, overlay, frames):
    time.sleep(0.3)  # the window goes: petald drops the menu of a client that left
    overlay.drain(0.15)
    if frames:
        frames.drain()


def keystrokes(bench, overlay, frames, rows_file):
    """Keys typed into a picker of the rows, one at a time: ms from each key
    sent (X11) to the next frame painted, and from the overlay's `trace key`
    to that frame."""
    rounds = 1 if bench.smoke else 8
    picker = Picker(rows_file, bench.env, by_fd=True)
    xkeys = None if bench.wayland else XKeys(bench.display)
    sent_to_frame, key_to_frame, delivered_to_commit = [], [], []
    try:
        sent = picker.send()
        seen = overlay.until(lambda e: e[0] == "frame" and e[3] not in (None, MAIN_PATH) and e[1] >= sent,
                             "the list's first frame", timeout=FIRST_FRAME_TIMEOUT)
        path = seen[-1][3]
        bench.settle(overlay)
        for _ in range(rounds):
            for key in KEYS:
                if xkeys:
                    at = xkeys.press(key)
                else:
                    at = now_us()
                    subprocess.run(["wtype", "-k", key], env=bench.env, check=True, timeout=TIMEOUT)
                keyed = overlay.until(lambda e: e[0] == "key" and e[3] == path and e[1] >= at, f"trace key {key}")
                key_at = keyed[-1][1]
                drawn = overlay.until(lambda e: e[0] == "frame" and e[3] == path and e[1] >= key_at,
                                      f"frame after {key}")[-1][1]
                if xkeys:
                    sent_to_frame.append((drawn - at) / 1000)
                else:
                    # As fuzzel's: the key as the compositor handed it over, to the next buffer committed.
                    delivered = [e[1] for e in keyed if e[0] == "wlkey" and e[1] >= at]
                    committed = overlay.until(lambda e: e[0] == "commit" and e[1] >= drawn,
                                              f"commit after {key}")[-1][1]
                    if delivered:
                        delivered_to_commit.append((committed - delivered[0]) / 1000)
                key_to_frame.append((drawn - key_at) / 1000)
                time.sleep(0.03)
        if xkeys:
            xkeys.press("Escape")
        else:
            subprocess.run(["wtype", "-k", "Escape"], env=bench.env, check=True, timeout=TIMEOUT)
        answer = picker.answer()
        if not answer.startswith("error org.petal.Petal1.Error.Cancelled"):
            raise BenchError(f"the picker typed into answered {answer!r}, not Cancelled")
    finally:
        if xkeys:
            xkeys.close()
        picker.stop()
        settle_after(bench, overlay, frames)
    return dict(sent_to_frame=sent_to_frame, key_to_frame=key_to_frame, delivered_to_commit=delivered_to_commit,
                count=len(key_to_frame))


def peer_keystrokes(bench, overlay, command, rows_file, kind):
    """The same keys typed into fuzzel --dmenu given the same rows (Wayland): ms
    from each key press it is sent (wl_keyboard.key) to its next buffer
    committed, as WAYLAND_DEBUG=1 prints them."""
    rounds = 1 if bench.smoke else 8
    with open(rows_file) as f:
        lines = f.read()
    since = now_us()
    program = kind(command, bench.env, "fuzzel (keys)", stdin=lines)
    figures = []
    try:
        program.until(lambda e: e[0] == "shown" and e[1] >= since, "fuzzel's first frame", timeout=FIRST_FRAME_TIMEOUT)
        program.drain(0.5)
        for _ in range(rounds):
            for key in KEYS:
                at = now_us()
                subprocess.run(["wtype", "-k", key], env=bench.env, check=True, timeout=TIMEOUT)
                delivered = program.until(lambda e: e[0] == "wlkey" and e[1] >= at, f"fuzzel's key {key}")[-1][1]
                committed = program.until(lambda e: e[0] in ("commit", "shown") and e[1] >= delivered,
                                          f"fuzzel's frame after {key}")[-1][1]
                figures.append((committed - delivered) / 1000)
                time.sleep(0.03)
                program.drain(0.02)
        subprocess.run(["wtype", "-k", "Escape"], env=bench.env, check=True, timeout=TIMEOUT)
    finally:
        program.stop()
        settle_after(bench, overlay, None)
    return figures


def percentile(values, fraction):
    """The nearest-rank percentile of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-fraction * len(ordered) // 1)) - 1))] if ordered else float("nan")


def report(r, counts, print_table, median):
    """The list part's table; returns its goals."""
    peer, first, keys = r["peer"], r["first"], r["keys"]
    command = "rofi -dmenu" if peer == "rofi" else "fuzzel --dmenu"
    print(f"\nA list picker: PickFrom sent → first frame on screen (petal-overlay), exec → first frame on screen "
          f"({command}, the same titles on standard input), {counts['startups']} of each in turn:\n")
    rows = []
    for count in ROWS:
        other = median(first[count][peer])
        for how, suffix in (("items in the JSON", ""), ("rows fd", "-fd")):
            petal = first[count]["petal" + suffix]
            rows.append((f"PickFrom, {count:,} rows ({how})", f"{median(petal):.1f}", f"{min(petal):.1f}",
                         f"{max(petal):.1f}", f"{median(petal) / other:.2f}×"))
            for what, key in (("  sent → StateChanged (petald)", "signalled"),
                              ("  sent → first frame painted (trace frame)", "painted")):
                values = first[count][key + suffix]
                rows.append((what, f"{median(values):.1f}", f"{min(values):.1f}", f"{max(values):.1f}", ""))
            keyed = first[count]["first-key"] if suffix else []
            if keyed:
                rows.append(("  a key at once after it: trace key → frame", f"{median(keyed):.1f}",
                             f"{min(keyed):.1f}", f"{max(keyed):.1f}", ""))
        rows.append((f"{command}, {count:,} lines", f"{other:.1f}", f"{min(first[count][peer]):.1f}",
                     f"{max(first[count][peer]):.1f}", "1.00×"))
    print_table(("program", "median ms", "min ms", "max ms", f"/ {peer}"), rows)
    goals = [
        (f"PickFrom 5 rows → first frame ≤ 0.5× {peer}'s", median(first[5]["petal"]) / median(first[5][peer]), 0.5,
         "×", "≤"),
        (f"PickFrom {BIG:,} rows → first frame ≤ {peer}'s", median(first[BIG]["petal"]) / median(first[BIG][peer]),
         1.0, "×", "≤"),
        (f"PickFrom {BIG:,} rows by rows fd → first frame ≤ {peer}'s",
         median(first[BIG]["petal-fd"]) / median(first[BIG][peer]), 1.0, "×", "≤"),
    ]
    if keys is None:
        print("\nKeystroke → filtered frame: measured on X11 alone.")
        return goals
    shown = keys["sent_to_frame"] or keys["key_to_frame"]
    how = "XTest key sent" if keys["sent_to_frame"] else "the overlay's trace key (wtype)"
    print(f"\nKeystroke → filtered frame at {BIG:,} rows (a rows fd), {keys['count']} keys ({' '.join(KEYS)}, repeated):\n")
    table = []
    if keys["sent_to_frame"]:
        table.append(("XTest key sent → frame painted", keys["sent_to_frame"]))
    table.append(("trace key → frame painted", keys["key_to_frame"]))
    peer_keys = keys.get("peer")
    if keys.get("delivered_to_commit"):
        table.append(("wl_keyboard.key → buffer committed (petal-overlay)", keys["delivered_to_commit"]))
    if peer_keys:
        table.append((f"wl_keyboard.key → buffer committed ({command})", peer_keys))
    print_table(("figure", "median ms", "p95 ms", "max ms"),
                [(what, f"{median(v):.2f}", f"{percentile(v, 0.95):.2f}", f"{max(v):.2f}") for what, v in table])
    if peer_keys and keys.get("delivered_to_commit"):
        ours, theirs = percentile(keys["delivered_to_commit"], 0.95), percentile(peer_keys, 0.95)
        print(f"\nwl_keyboard.key → committed, p95: petal-overlay / {peer} = {ours / theirs:.2f}× "
              f"(medians {median(keys['delivered_to_commit']) / median(peer_keys):.2f}×), WAYLAND_DEBUG=1 on both.")
    return goals + [
        (f"keystroke ({how}) → filtered frame p95 ≤ 16 ms at {BIG:,} rows", percentile(shown, 0.95), 16, " ms", "≤"),
    ]
