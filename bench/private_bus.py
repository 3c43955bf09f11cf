"""The private dbus-daemon each part of the benchmark runs on: a session bus
of its own, listening in the run's temporary folder, never the user's.

    config = private_bus.write_config(folder, limits={"max_replies_per_connection": 1_000_000})
    bus, address = private_bus.start(folder, limits=…, prefix=["taskset", "-c", "0"])

Standard library only.
"""
import os
import subprocess


class BusError(Exception):
    """The bus did not start."""


def write_config(folder, limits=None):
    """Writes `bus.conf` into `folder`: a session bus listening there, EXTERNAL
    authentication, everyone allowed everything (eavesdropping included, for
    monitors), and `limits` as dbus-daemon's <limit> elements. Returns its path."""
    lines = "".join(f'  <limit name="{name}">{value}</limit>\n' for name, value in (limits or {}).items())
    path = os.path.join(folder, "bus.conf")
    with open(path, "w") as f:
        f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir={folder}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
{lines}</busconfig>
""")
    return path


def start(folder, limits=None, prefix=()):
    """Starts dbus-daemon on write_config's file, under `prefix` (taskset, say):
    (the process, its address)."""
    bus = subprocess.Popen(list(prefix) + ["dbus-daemon", "--config-file", write_config(folder, limits), "--nofork",
                                           "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = bus.stdout.readline().strip()
    if not address:
        bus.kill()
        bus.wait()
        raise BusError("the private dbus-daemon did not start")
    return bus, address


def environment(folder, address):
    """This process's environment for a client or petald on the bus at `address`:
    the XDG folders in `folder/xdg` (made here), the runtime folder `folder`,
    and nothing that would point petald at the user's plugins, systemd or the
    system bus."""
    xdg = os.path.join(folder, "xdg")
    os.makedirs(xdg)
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_CONFIG_HOME=xdg, XDG_DATA_HOME=xdg,
               XDG_STATE_HOME=xdg, XDG_RUNTIME_DIR=folder)
    for name in ("PETAL_PLUGIN_PATH", "NOTIFY_SOCKET", "DBUS_SYSTEM_BUS_ADDRESS"):
        env.pop(name, None)
    return env
