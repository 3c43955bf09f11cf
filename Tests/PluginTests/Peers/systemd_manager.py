#!/usr/bin/python3
"""A stand-in for the systemd user manager: owns org.freedesktop.systemd1 on a
private bus and answers org.freedesktop.systemd1.Manager.StartTransientUnit
with its real signature (s name, s mode, a(sv) properties, a(sa(sv)) aux)
-> o job. It records every call to a JSON file (properties as
{name: [signature, value]}), then does what systemd does for a Type=exec
service: runs ExecStart (or ExecStartEx) with the unit's Environment and
WorkingDirectory, and emits JobRemoved(u id, o job, s unit, s result) after
the reply.

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


class Manager(dbus.service.Object):
    def __init__(self, bus, record_path, mode):
        super().__init__(bus, PATH)
        self.record_path = record_path
        self.mode = mode
        self.calls = []
        self.next_job = 1
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
        result = "failed" if self.mode == "fail" else self.run(recorded)
        reply(dbus.ObjectPath(job))
        GLib.timeout_add(20, self.job_removed, job_id, job, str(name), result)

    def run(self, properties):
        command = properties.get("ExecStart", properties.get("ExecStartEx"))[1][0]
        # Like the user manager: its own environment, plus the unit's Environment=.
        environment = dict(os.environ)
        environment.update(entry.split("=", 1) for entry in properties.get("Environment", ["as", []])[1])
        directory = properties.get("WorkingDirectory", ["s", "~"])[1]
        if directory == "~":
            directory = environment.get("HOME", os.path.expanduser("~"))
        try:
            subprocess.Popen(command[1], executable=command[0], env=environment, cwd=directory,
                             stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError:
            return "failed"
        return "done"

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
