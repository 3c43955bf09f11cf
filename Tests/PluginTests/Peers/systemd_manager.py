#!/usr/bin/python3
"""A stand-in for the systemd user manager: owns org.freedesktop.systemd1 on a
private bus and answers org.freedesktop.systemd1.Manager.StartTransientUnit
with its real signature (s name, s mode, a(sv) properties, a(sa(sv)) aux)
-> o job. It records every call to a JSON file (properties as
{name: [signature, value]}), then does what systemd does for a Type=exec
service: runs ExecStart (or ExecStartEx) with the unit's Environment and
WorkingDirectory, and emits JobRemoved(u id, o job, s unit, s result) after
the reply. Like systemd it keeps each unit while its process runs, and
after that while it has failed: GetUnit(s name) -> o, and on that object
org.freedesktop.systemd1.Service's ExecMainPID, ExecMainCode (CLD_EXITED 1,
CLD_KILLED 2, CLD_DUMPED 3) and ExecMainStatus through Properties.Get and
GetAll; a unit whose process exited 0 is collected at once (NoSuchUnit),
ResetFailedUnit(s name) collects a failed one, and KillUnit(s name, s who,
i signal) signals its process.

Usage: systemd_manager.py BUS_ADDRESS RECORD_FILE [done|refuse|fail|old]
  done    run the program; the job ends "done" (the default)
  refuse  answer the call with org.freedesktop.DBus.Error.AccessDenied
  fail    run nothing; the job ends "failed"
  old     like systemd before 250: refuse ExitType as an unknown property
"""

import os
import subprocess
import sys

import dbus
import dbus.service
from gi.repository import GLib

import peer_common

MANAGER = "org.freedesktop.systemd1.Manager"
PATH = "/org/freedesktop/systemd1"


class AccessDenied(dbus.DBusException):
    _dbus_error_name = "org.freedesktop.DBus.Error.AccessDenied"


class PropertyReadOnly(dbus.DBusException):
    _dbus_error_name = "org.freedesktop.DBus.Error.PropertyReadOnly"


class NoSuchUnit(dbus.DBusException):
    _dbus_error_name = "org.freedesktop.systemd1.NoSuchUnit"


SERVICE = "org.freedesktop.systemd1.Service"


class Unit(dbus.service.Object):
    """One transient service while systemd would keep it: its process's pid, and how it ended."""

    def __init__(self, bus, path, pid):
        super().__init__(bus, path)
        self.pid, self.code, self.status = pid, 0, 0

    def properties(self):
        return {"ExecMainPID": dbus.UInt32(self.pid), "ExecMainCode": dbus.Int32(self.code),
                "ExecMainStatus": dbus.Int32(self.status)}

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        return self.properties()[name]

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return self.properties() if interface == SERVICE else {}


class Manager(dbus.service.Object):
    def __init__(self, bus, record_path, mode):
        super().__init__(bus, PATH)
        self.record_path = record_path
        self.mode = mode
        self.calls = []
        self.next_job = 1
        self.bus = bus
        self.units = {}
        peer_common.record(record_path, self.calls)

    @dbus.service.method(MANAGER, in_signature="ssa(sv)a(sa(sv))", out_signature="o",
                         async_callbacks=("reply", "error"))
    def StartTransientUnit(self, name, mode, properties, aux, reply, error):
        recorded = {str(key): [peer_common.signature(value), peer_common.plain(value)] for key, value in properties}
        self.calls.append({"name": str(name), "mode": str(mode), "properties": recorded,
                           "aux": peer_common.plain(aux)})
        peer_common.record(self.record_path, self.calls)
        if self.mode == "refuse":
            error(AccessDenied("Access denied by the test's systemd stand-in"))
            return
        if self.mode == "old" and "ExitType" in recorded:
            error(PropertyReadOnly("Cannot set property ExitType, or unknown property."))
            return
        job_id = self.next_job
        self.next_job += 1
        job = "%s/job/%d" % (PATH, job_id)
        result = "failed" if self.mode == "fail" else self.run(recorded, str(name))
        reply(dbus.ObjectPath(job))
        GLib.timeout_add(20, self.job_removed, job_id, job, str(name), result)

    def run(self, properties, name):
        command = properties.get("ExecStart", properties.get("ExecStartEx"))[1][0]
        # Like the user manager: its own environment, plus the unit's Environment=.
        environment = dict(os.environ)
        environment.update(entry.split("=", 1) for entry in properties.get("Environment", ["as", []])[1])
        directory = properties.get("WorkingDirectory", ["s", "~"])[1]
        if directory == "~":
            directory = environment.get("HOME", os.path.expanduser("~"))
        try:
            process = subprocess.Popen(command[1], executable=command[0], env=environment, cwd=directory,
                                       stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            return "failed"
        path = "%s/unit/%d" % (PATH, len(self.calls))
        self.units[name] = Unit(self.bus, path, process.pid)
        GLib.child_watch_add(GLib.PRIORITY_DEFAULT, process.pid, self.ended, (name, process))
        return "done"

    def ended(self, pid, status, data):
        name, process = data
        process.returncode = status  # reaped by GLib: keep subprocess from reaping it again
        unit = self.units.get(name)
        if unit is None:
            return
        if os.WIFEXITED(status):
            unit.code, unit.status = 1, os.WEXITSTATUS(status)
        else:
            unit.code, unit.status = (3 if os.WCOREDUMP(status) else 2), os.WTERMSIG(status)
        if unit.code == 1 and unit.status == 0:
            self.collect(name)

    def collect(self, name):
        unit = self.units.pop(name, None)
        if unit is not None:
            unit.remove_from_connection()

    @dbus.service.method(MANAGER, in_signature="s", out_signature="o")
    def GetUnit(self, name):
        if name not in self.units:
            raise NoSuchUnit("Unit %s not loaded." % name)
        return dbus.ObjectPath(self.units[name].__dbus_object_path__)

    @dbus.service.method(MANAGER, in_signature="s", out_signature="")
    def ResetFailedUnit(self, name):
        unit = self.units.get(name)
        if unit is not None and unit.code != 0:
            self.collect(name)

    @dbus.service.method(MANAGER, in_signature="ssi", out_signature="")
    def KillUnit(self, name, who, number):
        unit = self.units.get(name)
        if unit is not None and unit.code == 0:
            os.kill(unit.pid, number)

    @dbus.service.signal(MANAGER, signature="uoss")
    def JobRemoved(self, job_id, job, unit, result):
        pass

    def job_removed(self, job_id, job, unit, result):
        self.JobRemoved(dbus.UInt32(job_id), dbus.ObjectPath(job), unit, result)
        return False


def main():
    bus = peer_common.connect(sys.argv[1])
    mode = sys.argv[3] if len(sys.argv) > 3 else "done"
    manager = Manager(bus, sys.argv[2], mode)
    name = dbus.service.BusName("org.freedesktop.systemd1", bus, do_not_queue=True)
    peer_common.run()
    del manager, name


if __name__ == "__main__":
    main()
