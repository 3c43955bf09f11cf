#!/usr/bin/python3
"""hello: a Petal action provider in Python, with dbus-python and GLib.

It serves org.petal.Petal1.ActionProvider at /org/petal/Examples/Hello,
owns org.petal.Examples.Hello, and registers with petald — again whenever
petald (re)starts. Its actions:

  hello.greet   {"name": s}           -> {"greeting": "Hello, NAME!"}
  hello.divide  {"a": num, "b": num}  -> {"quotient": a / b}  (b = 0 shows how
                a Python exception reaches the caller: ActionFailed naming it)
  hello.wait    {"seconds": num}      -> {} after that long, unless Petal
                cancels it first (its timeout passed, or it is stopping)
  hello.fail    {}                    -> always org.petal.Petal1.Error.ActionFailed

Started by hand, or by the bus on the first call of one of its actions
(see hello.json and org.petal.Examples.Hello.service beside this file).

Usage: provider.py [BUS_ADDRESS] [--name NAME] [--action ID]
  BUS_ADDRESS   the bus petald is on (default: the session bus)
  --name NAME   serve under another name (the actions keep their verbs)
  --action ID   declare one more action id as is, e.g. to see a refusal

Needs Debian's python3-dbus and python3-gi (/usr/bin/python3 has both).
"""
import argparse
import os

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

PETAL = "org.petal.Petal1"
PETAL_PATH = "/org/petal/Petal1"
MENU = "org.petal.Petal1.Menu"
PROVIDER = "org.petal.Petal1.ActionProvider"
ERROR = "org.petal.Petal1.Error."
BUS_NAME = "org.petal.Examples.Hello"
PATH = "/org/petal/Examples/Hello"


class InvalidParams(dbus.DBusException):
    _dbus_error_name = ERROR + "InvalidParams"


class ActionFailed(dbus.DBusException):
    _dbus_error_name = ERROR + "ActionFailed"


def number(params, key):
    value = params.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidParams(f'"{key}" must be a number, e.g. {{"{key}": 2}}')
    return float(value)


class Provider(dbus.service.Object):
    def __init__(self, bus, name, extra):
        super().__init__(bus, PATH)
        self.name = name
        self.actions = [(f"{name}.greet", "Say hello", "face-smile"),
                        (f"{name}.divide", "Divide two numbers", ""),
                        (f"{name}.wait", "Wait a while", "appointment-soon"),
                        (f"{name}.fail", "Always fail", "dialog-error")] + [(extra, extra, "")] * bool(extra)
        self.waiting = {}  # invocation -> (reply, error, GLib source)

    # ---- org.freedesktop.DBus.Properties: Name and Actions ----

    def properties(self):
        return {"Name": dbus.String(self.name),
                "Actions": dbus.Array([dbus.Struct(row, signature="sss") for row in self.actions], signature="(sss)")}

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.properties() if interface == PROVIDER else {}

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface != PROVIDER or name not in self.properties():
            raise dbus.DBusException(f"no property {interface}.{name}",
                                     name="org.freedesktop.DBus.Error.UnknownProperty")
        return self.properties()[name]

    # ---- org.petal.Petal1.ActionProvider ----

    @dbus.service.method(PROVIDER, in_signature="usa{sv}", out_signature="a{sv}",
                         async_callbacks=("reply", "error"))
    def Invoke(self, invocation, action, params, reply, error):
        verb = action[len(self.name) + 1:]
        try:
            if verb == "greet":
                name = params.get("name", "world")
                if not isinstance(name, str):
                    raise InvalidParams('"name" must be a string, e.g. {"name": "Ada"}')
                reply({"greeting": f"Hello, {name}!"})
            elif verb == "divide":
                reply({"quotient": number(params, "a") / number(params, "b")})
            elif verb == "wait":
                seconds = number(params, "seconds")
                source = GLib.timeout_add(int(seconds * 1000), self.finish_wait, invocation)
                self.waiting[int(invocation)] = (reply, error, source)
            elif verb == "fail":
                raise ActionFailed(f"{action} always fails")
            else:
                raise ActionFailed(f"{action} is declared but does nothing")
        except Exception as exception:  # every failure goes back to petald as the call's error
            error(exception)

    def finish_wait(self, invocation):
        reply, _, _ = self.waiting.pop(int(invocation))
        reply({})
        return False

    @dbus.service.method(PROVIDER, in_signature="u", out_signature="")
    def Cancel(self, invocation):
        entry = self.waiting.pop(int(invocation), None)
        if entry:
            GLib.source_remove(entry[2])
            print(f"cancelled {int(invocation)}", flush=True)
            entry[1](ActionFailed("cancelled"))  # petald has answered already; this only ends the call


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("address", nargs="?", help="the bus petald is on (default: the session bus)")
    parser.add_argument("--name", default="hello")
    parser.add_argument("--action")
    args = parser.parse_args()

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    if args.address:
        bus = dbus.bus.BusConnection(args.address)
    elif os.environ.get("DBUS_STARTER_ADDRESS"):  # started by the bus (D-Bus activation): that bus
        bus = dbus.bus.BusConnection(os.environ["DBUS_STARTER_ADDRESS"])
    else:
        bus = dbus.SessionBus()
    provider = Provider(bus, args.name, args.action)

    def registered():
        print("registered", flush=True)

    def refused(error):
        print(f"refused: {error.get_dbus_name()}: {error.get_dbus_message()}", flush=True)

    def register(owner):
        # Asynchronous: petald reads our properties before it answers, so the loop must run meanwhile.
        if owner:
            bus.call_async(PETAL, PETAL_PATH, MENU, "RegisterProvider", "o", (PATH,), registered, refused)

    bus.watch_name_owner(PETAL, register)  # now if petald runs, and whenever it starts again
    owned = dbus.service.BusName(BUS_NAME, bus)  # noqa: F841 (kept: the name goes with the object)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
