#!/usr/bin/python3
"""The hostile clients of run.py's part `hostile`: a D-Bus client
written on a bare Unix socket, so that it does exactly what it is told and no
library reads, answers or buffers anything behind its back.

  flood  --dest NAME -n N       connects, makes 1,000 Get(State) calls of
                                warm-up (read), prints `ready`; on `go` sends N
                                Properties.Get("org.petal.Petal1.Menu",
                                "State") calls and never reads a byte, prints
                                `sent SECONDS`; on `drain` reads every reply and
                                prints a JSON count of returns and errors.
                                --nobody: the calls go to a name nobody owns,
                                with NO_AUTO_START, after no warm-up: what the
                                bus alone costs the others (it answers each)
  probe  --dest NAME            Get(State) calls one at a time, each timed,
                                INTERVAL ms apart (--interval, default 1), after
                                200 of warm-up; prints `ready`, and on a line
                                (or EOF) on stdin stops and prints the samples
                                as JSON: [[sent ns CLOCK_MONOTONIC, latency ns], …]
  bigdict --dest NAME -n KEYS   builds Trigger("bench.noop", params) with a KEYS-key
                                a{sv} ("key-0000000": true, …), prints `ready
                                BYTES`; on `go` sends it and prints the reply
                                as JSON with the CLOCK_MONOTONIC ns around it.
                                --known: a Trigger("bench.noop", {}) first, so
                                that the server knows who the caller is
  call   --dest NAME MEMBER [ARG]  one org.petal.Petal1.Menu call (Open,
                                Activate ITEM, …) on /org/petal/Petal1; prints
                                the reply as JSON, timed as bigdict's

Every Get(State) reply is checked: it must return a variant holding one of
the four states, or the client exits non-zero saying what came instead; the
other replies are printed for run.py to check.
The bus is $DBUS_SESSION_BUS_ADDRESS (a unix:path= or unix:abstract=
address). Standard library only; run.py runs it with /usr/bin/python3.
"""
import argparse
import json
import os
import select
import socket
import struct
import sys
import time

PATH = "/org/petal/Petal1"
MENU = "org.petal.Petal1.Menu"
PROPERTIES = "org.freedesktop.DBus.Properties"
STATES = ("collapsed", "expanding", "expanded", "collapsing")
METHOD_CALL, METHOD_RETURN, ERROR = 1, 2, 3
NO_AUTO_START = 0x2
# Header fields (the D-Bus specification, "Message Format").
F_PATH, F_INTERFACE, F_MEMBER, F_ERROR_NAME, F_REPLY_SERIAL, F_DESTINATION, _F_SENDER, F_SIGNATURE = range(1, 9)


class WireError(Exception):
    """A wrong reply, a lost connection, or a timeout."""


# ---- marshalling (little-endian) ----

class Out:
    """A message being written; offsets are from its first byte, which is 8-aligned."""

    def __init__(self):
        self.data = bytearray()

    def pad(self, n):
        self.data += b"\0" * (-len(self.data) % n)

    def put(self, signature, value):
        kind = signature[0]
        if kind == "y":
            self.data.append(value)
        elif kind == "b":
            self.pad(4)
            self.data += struct.pack("<I", 1 if value else 0)
        elif kind == "u":
            self.pad(4)
            self.data += struct.pack("<I", value)
        elif kind in "so":
            encoded = value.encode()
            self.put("u", len(encoded))
            self.data += encoded + b"\0"
        elif kind == "g":
            encoded = value.encode()
            self.data.append(len(encoded))
            self.data += encoded + b"\0"
        elif kind == "v":
            inner, inner_value = value
            self.put("g", inner)
            self.put(inner, inner_value)
        elif signature.startswith("a{"):  # a{sX}, from a dict
            value_type = signature[3:-1]
            self.put("u", 0)
            length_at = len(self.data) - 4
            self.pad(8)
            start = len(self.data)
            for key, member in value.items():
                self.pad(8)
                self.put("s", key)
                self.put(value_type, member)
            struct.pack_into("<I", self.data, length_at, len(self.data) - start)
        elif signature.startswith("(yv)"):  # a header field
            self.pad(8)
            self.put("y", value[0])
            self.put("v", value[1])
        else:
            raise ValueError(f"cannot marshal {signature}")


def split_signature(signature):
    """The complete types of a signature made of basic types, v, a{sX} and (yv)."""
    types, i = [], 0
    while i < len(signature):
        if signature[i] == "a":
            end = signature.index("}", i) + 1
        elif signature[i] == "(":
            end = signature.index(")", i) + 1
        else:
            end = i + 1
        types.append(signature[i:end])
        i = end
    return types


def body_bytes(signature, args):
    out = Out()
    for kind, value in zip(split_signature(signature), args):
        out.put(kind, value)
    return bytes(out.data)


def message(serial, destination, path, interface, member, signature="", body=b"", flags=0):
    """A method call: the header, padded to 8, then the body (already marshalled from offset 0)."""
    fields = [(F_PATH, ("o", path)), (F_INTERFACE, ("s", interface)), (F_MEMBER, ("s", member))]
    if destination:
        fields.append((F_DESTINATION, ("s", destination)))
    if signature:
        fields.append((F_SIGNATURE, ("g", signature)))
    out = Out()
    out.data += struct.pack("<cBBBII", b"l", METHOD_CALL, flags, 1, len(body), serial)
    out.put("u", 0)
    start = len(out.data)
    for field in fields:
        out.put("(yv)", field)
    struct.pack_into("<I", out.data, 12, len(out.data) - start)
    out.pad(8)
    return bytes(out.data) + body


def true_dict(keys):
    """The body `s a{sv}` of Trigger("bench.noop", {"key-0000000": true, …}), built in one pass:
    each entry is 24 bytes (a 16-byte key, the variant signature "b", the boolean), so
    every entry stays 8-aligned with no padding. Checked against Out for a few keys."""
    head = body_bytes("s", ["bench.noop"])  # 15 bytes, then the array's length at 16
    entry = struct.Struct("<I12sBcBxI")  # length 11, "key-NNNNNNN\0", signature length 1, "b", "\0", pad, 1
    entries = b"".join(entry.pack(11, b"key-%07d\0" % i, 1, b"b", 0, 1) for i in range(keys))
    body = head + b"\0" + struct.pack("<I", len(entries)) + b"\0" * 4 + entries  # the length at 16, entries from 24
    if keys <= 3:
        expected = body_bytes("sa{sv}", ["bench.noop", {f"key-{i:07d}": ("b", True) for i in range(keys)}])
        assert body == expected, "true_dict does not marshal as Out does"
    return body


# ---- unmarshalling what comes back ----

class In:
    def __init__(self, data, offset=0, base=0):
        self.data, self.at, self.base = data, offset, base

    def align(self, n):
        self.at += -(self.at - self.base) % n

    def get(self, kind):
        if kind == "y":
            self.at += 1
            return self.data[self.at - 1]
        if kind in "ub":
            self.align(4)
            self.at += 4
            return struct.unpack_from("<I", self.data, self.at - 4)[0]
        if kind in "so":
            n = self.get("u")
            self.at += n + 1
            return self.data[self.at - n - 1:self.at - 1].decode()
        if kind == "g":
            n = self.get("y")
            self.at += n + 1
            return self.data[self.at - n - 1:self.at - 1].decode()
        if kind == "v":
            inner = self.get("g")
            return inner, self.get(inner) if inner in ("y", "b", "u", "s", "o", "g") else None
        raise WireError(f"cannot read {kind}")


def message_length(data):
    """The length of the message at the start of data (which holds at least its first 16 bytes)."""
    body_length, fields_length = struct.unpack_from("<I4xI", data, 4)
    return 16 + fields_length + (-(16 + fields_length) % 8) + body_length


def parse_header(data):
    """(type, serial, fields, header length, total length) of the message at the start of data."""
    if data[0:1] != b"l":
        raise WireError("a big-endian message; this client reads little-endian only")
    kind, _flags, _version, body_length, serial, fields_length = struct.unpack_from("<xBBBIII", data, 0)
    header_length = 16 + fields_length + (-(16 + fields_length) % 8)
    fields, reader = {}, In(data, 16)
    while reader.at < 16 + fields_length:
        reader.align(8)
        code = reader.get("y")
        _signature, value = reader.get("v")
        fields[code] = value
    return kind, serial, fields, header_length, header_length + body_length


class Connection:
    def __init__(self, address=None):
        address = address or os.environ["DBUS_SESSION_BUS_ADDRESS"]
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.socket_path(address))
        self.buffer = bytearray()
        self.serial = 0
        self.sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
        while b"\r\n" not in self.buffer:
            self.receive(10)
        if not self.buffer.startswith(b"OK "):
            raise WireError(f"the bus refused authentication: {bytes(self.buffer)!r}")
        self.buffer.clear()
        self.sock.sendall(b"BEGIN\r\n")
        hello = self.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")
        self.unique_name = hello["args"][0]

    @staticmethod
    def socket_path(address):
        for part in address.split(";"):
            if not part.startswith("unix:"):
                continue
            keys = dict(item.split("=", 1) for item in part[5:].split(","))
            if "path" in keys:
                return keys["path"]
            if "abstract" in keys:
                return "\0" + keys["abstract"]
        raise WireError(f"no unix:path= or unix:abstract= in {address!r}")

    def receive(self, timeout):
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            raise WireError(f"nothing came from the bus in {timeout} s")
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise WireError("the bus closed the connection")
        self.buffer += chunk

    def next_serial(self):
        self.serial += 1
        return self.serial

    def read_message(self, timeout=60):
        """The next message: type, fields, and the body as bytes."""
        while len(self.buffer) < 16 or len(self.buffer) < message_length(self.buffer):
            self.receive(timeout)
        kind, _serial, fields, header_length, total = parse_header(self.buffer)
        body = bytes(self.buffer[header_length:total])
        del self.buffer[:total]
        return kind, fields, body

    def reply_to(self, serial, timeout=60):
        """The return or error answering `serial`, as a dict; anything else read meanwhile is dropped."""
        deadline = time.monotonic() + timeout
        while True:
            kind, fields, body = self.read_message(max(deadline - time.monotonic(), 0.001))
            if kind in (METHOD_RETURN, ERROR) and fields.get(F_REPLY_SERIAL) == serial:
                return decode_reply(kind, fields, body)

    def send(self, data):
        self.sock.sendall(data)

    def call(self, destination, path, interface, member, signature="", args=(), timeout=60, flags=0):
        serial = self.next_serial()
        self.send(message(serial, destination, path, interface, member, signature,
                          body_bytes(signature, args), flags))
        return self.reply_to(serial, timeout)


def decode_reply(kind, fields, body):
    signature = fields.get(F_SIGNATURE, "")
    reply = {"type": "return" if kind == METHOD_RETURN else "error", "signature": signature}
    if kind == ERROR:
        reply["error"] = fields.get(F_ERROR_NAME, "")
        reply["message"] = In(body).get("s") if signature.startswith("s") else ""
    elif signature in ("s", "v"):
        reply["args"] = [In(body).get(signature)]
    return reply


def get_state_message(serial, destination, flags=0):
    return message(serial, destination, PATH, PROPERTIES, "Get", "ss", body_bytes("ss", [MENU, "State"]), flags)


def check_state(reply, what):
    if reply["type"] != "return" or reply.get("args", [None])[0] not in [("s", s) for s in STATES]:
        raise WireError(f"{what}: Get(State) was answered {reply}, not a variant holding a state")


# ---- the commands ----

def wait_for(word):
    line = sys.stdin.readline().strip()
    if line != word:
        raise WireError(f"expected {word!r} on stdin, read {line!r}")


def say(text):
    print(text, flush=True)


def flood(args):
    conn = Connection()
    for _ in range(0 if args.nobody else 1000):
        check_state(conn.call(args.dest, PATH, PROPERTIES, "Get", "ss", [MENU, "State"]), "warm-up")
    say("ready")
    wait_for("go")
    # The calls differ only in their serial (bytes 8–11), so they are copied from one.
    first = conn.serial + 1
    template = bytearray(get_state_message(first, args.dest, NO_AUTO_START if args.nobody else 0))
    started = time.monotonic()
    chunk = bytearray()
    for serial in range(first, first + args.n):
        struct.pack_into("<I", template, 8, serial)
        chunk += template
        if len(chunk) >= 1 << 16:
            conn.send(chunk)
            chunk = bytearray()
    conn.send(chunk)
    conn.serial = first + args.n - 1
    say(f"sent {time.monotonic() - started:.3f}")
    wait_for("drain")
    returns, errors, pending = 0, {}, set(range(first, first + args.n))
    while pending:
        kind, fields, body = conn.read_message(timeout=60)
        serial = fields.get(F_REPLY_SERIAL)
        if kind not in (METHOD_RETURN, ERROR) or serial not in pending:
            continue
        pending.discard(serial)
        reply = decode_reply(kind, fields, body)
        if kind == METHOD_RETURN:
            check_state(reply, "flood")
            returns += 1
        else:
            errors[reply["error"]] = errors.get(reply["error"], 0) + 1
    say(json.dumps({"returns": returns, "errors": errors}))


def probe(args):
    conn = Connection()
    for _ in range(200):
        check_state(conn.call(args.dest, PATH, PROPERTIES, "Get", "ss", [MENU, "State"]), "warm-up")
    say("ready")
    samples, interval = [], args.interval / 1000
    while True:
        serial = conn.next_serial()
        data = get_state_message(serial, args.dest)
        sent = time.monotonic_ns()
        conn.send(data)
        reply = conn.reply_to(serial, timeout=60)
        samples.append((sent, time.monotonic_ns() - sent))
        check_state(reply, "probe")
        if select.select([sys.stdin], [], [], interval)[0]:
            break
    say(json.dumps({"samples": samples}))


def timed(conn, data, serial, timeout=120):
    started = time.monotonic_ns()
    conn.send(data)
    reply = conn.reply_to(serial, timeout)
    reply.update(started_ns=started, finished_ns=time.monotonic_ns())
    return reply


def bigdict(args):
    conn = Connection()
    if args.known:  # a call of the contract first, so the server has asked the bus who this caller is
        reply = conn.call(args.dest, PATH, MENU, "Trigger", "sa{sv}", ["bench.noop", {}])
        if reply["type"] != "return":
            raise WireError(f"Trigger(bench.noop, {{}}) was answered {reply}")
    body = true_dict(args.n)
    serial = conn.next_serial()
    # NO_AUTO_START: for run.py's bus-only control, sent to a name nobody owns, no activation is tried.
    data = message(serial, args.dest, PATH, MENU, "Trigger", "sa{sv}", body, NO_AUTO_START)
    say(f"ready {len(data)}")
    wait_for("go")
    say(json.dumps(timed(conn, data, serial)))


def call(args):
    conn = Connection()
    serial = conn.next_serial()
    # Trigger ACTION takes its a{sv} too, empty; every other member takes its strings.
    signature = "sa{sv}" if args.member == "Trigger" else "s" * len(args.args)
    values = args.args + [{}] if args.member == "Trigger" else args.args
    data = message(serial, args.dest, PATH, MENU, args.member, signature, body_bytes(signature, values))
    say(json.dumps(timed(conn, data, serial)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, run in (("flood", flood), ("probe", probe), ("bigdict", bigdict), ("call", call)):
        command = commands.add_parser(name)
        command.add_argument("--dest", default="org.petal.Petal1")
        command.set_defaults(run=run)
        if name in ("flood", "bigdict"):
            command.add_argument("-n", type=int, required=True)
        if name == "flood":
            command.add_argument("--nobody", action="store_true",
                                 help="--dest is owned by nobody: no warm-up, NO_AUTO_START, errors expected")
        if name == "bigdict":
            command.add_argument("--known", action="store_true",
                                 help="make a small Trigger first, so the server knows the caller")
        if name == "probe":
            command.add_argument("--interval", type=float, default=1.0, help="ms between calls")
        if name == "call":
            command.add_argument("member")
            command.add_argument("args", nargs="*", help="string arguments (Trigger: the action, then an empty a{sv})")
    args = parser.parse_args()
    try:
        args.run(args)
    except (WireError, OSError) as error:
        print(f"hostile.py {args.command} ({args.dest}): {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
