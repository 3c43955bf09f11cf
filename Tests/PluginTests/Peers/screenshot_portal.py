#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Screenshot portal: owns
org.freedesktop.portal.Desktop on a private bus and answers Screenshot with a
request object, then sends that request's Response (to the caller alone, as
the real portal does). Records each call and each Close to a JSON file.

Usage: screenshot_portal.py BUS_ADDRESS RECORD_FILE RESPONSE URI [early|never|decoys]
  RESPONSE  the response code to send: 0 success, 1 cancelled, 2 failed
  early     send the Response before the method reply
  never     send no Response (the request stays open until closed)
  decoys    before the Response, send the caller successful Responses it must
            ignore, before the method reply and after it: on the request's path
            from another connection, and from the portal on another request's
            path (their URIs are file:///decoy/...)
"""

import sys

import dbus
import dbus.lowlevel
import dbus.service
from gi.repository import GLib

import peer_common

REQUEST = "org.freedesktop.portal.Request"
SCREENSHOT = "org.freedesktop.portal.Screenshot"


class Request(dbus.service.Object):
    def __init__(self, portal, path):
        super().__init__(portal.bus, path)
        self.portal = portal
        self.path = path

    @dbus.service.method(REQUEST, in_signature="", out_signature="")
    def Close(self):
        self.portal.closed.append(self.path)
        self.portal.save()
        self.remove_from_connection()


class Portal(dbus.service.Object):
    def __init__(self, bus, other, record_path, response, uri, mode):
        super().__init__(bus, "/org/freedesktop/portal/desktop")
        self.bus = bus
        self.other = other
        self.record_path = record_path
        self.response = response
        self.uri = uri
        self.mode = mode
        self.calls = []
        self.closed = []
        self.requests = []
        self.save()

    def save(self):
        peer_common.record(self.record_path, {"calls": self.calls, "closed": self.closed})

    @dbus.service.method(SCREENSHOT, in_signature="sa{sv}", out_signature="o",
                         sender_keyword="sender", async_callbacks=("reply", "error"))
    def Screenshot(self, parent_window, options, sender, reply, error):
        token = str(options.get("handle_token", "t%d" % len(self.calls)))
        handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
        self.requests.append(Request(self, handle))
        self.calls.append({"parent_window": str(parent_window), "options": peer_common.plain(options),
                           "sender": str(sender), "handle": handle})
        self.save()
        if self.mode == "early":
            self.respond(sender, handle)
            reply(dbus.ObjectPath(handle))
        elif self.mode == "decoys":
            self.decoys(sender, handle, "before")
            reply(dbus.ObjectPath(handle))
            self.decoys(sender, handle, "after")
            GLib.timeout_add(200, self.respond, sender, handle)
        else:
            reply(dbus.ObjectPath(handle))
            if self.mode != "never":
                GLib.timeout_add(50, self.respond, sender, handle)

    def respond(self, sender, handle, response=None, uri=None, bus=None):
        response = self.response if response is None else response
        uri = uri or self.uri
        results = dbus.Dictionary({"uri": dbus.String(uri)} if response == 0 else {}, signature="sv")
        message = dbus.lowlevel.SignalMessage(handle, REQUEST, "Response")
        message.set_destination(sender)
        message.append(dbus.UInt32(response), results, signature="ua{sv}")
        (bus or self.bus).send_message(message)
        return False

    def decoys(self, sender, handle, when):
        self.respond(sender, handle, 0, "file:///decoy/%s-from-another-connection.png" % when, bus=self.other)
        self.respond(sender, handle + "_other", 0, "file:///decoy/%s-on-another-request.png" % when)
        self.other.flush()
        self.bus.flush()


def main():
    bus = peer_common.connect(sys.argv[1])
    # A second connection, for Responses the caller must not take for the portal's.
    other = dbus.bus.BusConnection(sys.argv[1])
    mode = sys.argv[5] if len(sys.argv) > 5 else ""
    portal = Portal(bus, other, sys.argv[2], int(sys.argv[3]), sys.argv[4], mode)
    name = dbus.service.BusName("org.freedesktop.portal.Desktop", bus, do_not_queue=True)
    peer_common.run()
    del portal, name


if __name__ == "__main__":
    main()
