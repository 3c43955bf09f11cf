#!/usr/bin/python3
"""A notification server for the tests: owns org.freedesktop.Notifications on
a private bus, speaks the Desktop Notifications Specification 1.2 and records
every Notify call (all 8 arguments) to a JSON file.

Usage: notification_server.py BUS_ADDRESS RECORD_FILE
"""

import sys

import dbus
import dbus.service

import peer_common

INTERFACE = "org.freedesktop.Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, record_path):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.record_path = record_path
        self.calls = []
        self.next_id = 1
        peer_common.record(record_path, self.calls)

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        self.calls.append({
            "app_name": peer_common.plain(app_name), "replaces_id": peer_common.plain(replaces_id),
            "app_icon": peer_common.plain(app_icon), "summary": peer_common.plain(summary),
            "body": peer_common.plain(body), "actions": peer_common.plain(actions),
            "hints": peer_common.plain(hints), "expire_timeout": peer_common.plain(expire_timeout),
        })
        peer_common.record(self.record_path, self.calls)
        identifier = self.next_id
        self.next_id += 1
        return dbus.UInt32(identifier)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, identifier):
        pass

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body"]

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("petal-test-notifications", "Petal", "1.0", "1.2")


def main():
    bus = peer_common.connect(sys.argv[1])
    server = Server(bus, sys.argv[2])
    name = dbus.service.BusName(INTERFACE, bus, do_not_queue=True)
    peer_common.run()
    del server, name


if __name__ == "__main__":
    main()
