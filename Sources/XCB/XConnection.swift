import CXCB
import Glibc

/// A connection to an X server through libxcb, used from one thread at a time.
///
/// The libxcb connection is owned here and closed in `deinit`; nothing
/// outside this module sees an xcb pointer. Requests that need a reply wait
/// for it; events come from ``nextEvent()``, which blocks.
///
/// Unchecked Sendable: libxcb's connection is thread-safe, and the pointer never leaves this type.
public final class XConnection: @unchecked Sendable {
    /// The libxcb connection, never NULL (xcb_connect returns an errored one instead).
    let raw: OpaquePointer
    /// The root window of the screen connected to.
    public let root: XWindow
    /// The display as named (`DISPLAY`'s value), for messages.
    public let displayName: String
    /// Whether the server speaks RandR 1.3, once asked (``outputs()``).
    var randrVersionKnown: Bool?

    /// Connects to `display` (`:0`, `host:1.0`), or to `DISPLAY` when nil.
    ///
    /// - Throws: ``XConnectionError`` saying why, e.g. no server at that display.
    public init(display: String? = nil) throws(XConnectionError) {
        displayName = display ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        var screenNumber: Int32 = 0
        let connection = xcb_connect(display, &screenNumber)!
        let failure = xcb_connection_has_error(connection)
        guard failure == 0 else {
            xcb_disconnect(connection)
            throw XConnectionError(
                "cannot open the X display \"\(displayName)\": \(Self.describe(connectionError: failure))")
        }
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        var skipped: Int32 = 0
        while skipped < screenNumber, screens.rem > 0 {
            xcb_screen_next(&screens)
            skipped += 1
        }
        guard screens.rem > 0, let screen = screens.data else {
            xcb_disconnect(connection)
            throw XConnectionError("the X display \"\(displayName)\" has no screen \(screenNumber)")
        }
        raw = connection
        root = XWindow(id: screen.pointee.root)
    }

    deinit { xcb_disconnect(raw) }

    /// The connection's socket, readable when the server has sent something.
    public var fileDescriptor: Int32 { xcb_get_file_descriptor(raw) }

    /// Whether the connection has failed (the server went away, say).
    public var hasFailed: Bool { xcb_connection_has_error(raw) != 0 }

    /// The atoms of `names`, made when the server has none yet, asked for all at once.
    ///
    /// - Throws: ``XConnectionError`` when the connection fails meanwhile.
    public func atoms(_ names: [String]) throws(XConnectionError) -> [String: XAtom] {
        let cookies = names.map { name in
            name.withCString { xcb_intern_atom(raw, 0, UInt16(strlen($0)), $0) }
        }
        var atoms: [String: XAtom] = [:]
        for (name, cookie) in zip(names, cookies) {
            guard let reply = xcb_intern_atom_reply(raw, cookie, nil) else {
                throw XConnectionError(
                    "the X server did not answer InternAtom(\(name)): the connection to \"\(displayName)\" is lost")
            }
            atoms[name] = XAtom(id: reply.pointee.atom)
            free(reply)
        }
        return atoms
    }

    /// Asks for `events` of `window`, replacing what this client asked for
    /// before; an empty set asks for none.
    ///
    /// The event mask is this client's own: other clients' masks on the
    /// window are not touched. A window gone meanwhile answers an error,
    /// which ``nextEvent()`` returns as ``XEvent/error(code:)``.
    public func select(_ events: XEventMask, on window: XWindow) {
        var mask = events.rawValue
        xcb_change_window_attributes(raw, window.id, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(raw)
    }

    /// The properties `names` of `window`, asked for all at once; nil for
    /// each the window lacks, and for all when the window is gone.
    ///
    /// - Parameter maximumBytes: the most of each value read; longer ones are cut there.
    public func properties(_ names: [XAtom], of window: XWindow, maximumBytes: Int) -> [XProperty?] {
        let words = UInt32((maximumBytes + 3) / 4)
        let anyType = UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue)
        let cookies = names.map { xcb_get_property(raw, 0, window.id, $0.id, anyType, 0, words) }
        return cookies.map { cookie in
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            let reply = xcb_get_property_reply(raw, cookie, &error)
            free(error)
            guard let reply else { return nil }
            defer { free(reply) }
            guard reply.pointee.type != XAtom.none.id else { return nil }
            let count = min(Int(xcb_get_property_value_length(reply)), maximumBytes)
            let start = xcb_get_property_value(reply)!.assumingMemoryBound(to: UInt8.self)
            return XProperty(
                type: XAtom(id: reply.pointee.type), format: reply.pointee.format,
                bytes: Array(UnsafeBufferPointer(start: start, count: count)))
        }
    }

    /// Waits for the next event.
    ///
    /// - Throws: ``XConnectionError`` when the connection is lost.
    public func nextEvent() throws(XConnectionError) -> XEvent {
        guard let event = xcb_wait_for_event(raw) else {
            throw XConnectionError(
                "the connection to the X display \"\(displayName)\" was lost: \(Self.describe(connectionError: xcb_connection_has_error(raw)))"
            )
        }
        defer { free(event) }
        return Self.event(event)
    }

    /// The next event, waiting at most `milliseconds` for one; nil when none came.
    ///
    /// - Throws: ``XConnectionError`` when the connection is lost.
    public func nextEvent(waitingAtMost milliseconds: Int32) throws(XConnectionError) -> XEvent? {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Int64(deadline.tv_sec) * 1000 + Int64(deadline.tv_nsec) / 1_000_000 + Int64(milliseconds)
        while true {
            if let event = pendingEvent() { return event }
            guard !hasFailed else {
                throw XConnectionError(
                    "the connection to the X display \"\(displayName)\" was lost: \(Self.describe(connectionError: xcb_connection_has_error(raw)))"
                )
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000)
            guard left > 0 else { return nil }
            var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32(left))
        }
    }

    /// The next event if one has arrived, without waiting; nil when none has.
    public func pendingEvent() -> XEvent? {
        guard let event = xcb_poll_for_event(raw) else { return nil }
        defer { free(event) }
        return Self.event(event)
    }

    private static func event(_ event: UnsafeMutablePointer<xcb_generic_event_t>) -> XEvent {
        // The top bit marks events another client sent with SendEvent.
        let type = event.pointee.response_type & 0x7f
        switch type {
        case 0:
            return .error(code: UnsafeRawPointer(event).load(as: xcb_generic_error_t.self).error_code)
        case UInt8(XCB_PROPERTY_NOTIFY):
            let notify = UnsafeRawPointer(event).load(as: xcb_property_notify_event_t.self)
            return .propertyChanged(window: XWindow(id: notify.window), atom: XAtom(id: notify.atom))
        case UInt8(XCB_UNMAP_NOTIFY):
            return .unmapped(
                window: XWindow(id: UnsafeRawPointer(event).load(as: xcb_unmap_notify_event_t.self).window))
        case UInt8(XCB_DESTROY_NOTIFY):
            return .destroyed(
                window: XWindow(id: UnsafeRawPointer(event).load(as: xcb_destroy_notify_event_t.self).window))
        default:
            return .other(type: type)
        }
    }

    static func describe(connectionError code: Int32) -> String {
        switch code {
        case 0: "no error"
        case XCB_CONN_ERROR: "no server answers there, or the connection broke"
        case XCB_CONN_CLOSED_EXT_NOTSUPPORTED: "an extension is not supported"
        case XCB_CONN_CLOSED_MEM_INSUFFICIENT: "out of memory"
        case XCB_CONN_CLOSED_REQ_LEN_EXCEED: "a request was too long"
        case XCB_CONN_CLOSED_PARSE_ERR: "the display name cannot be parsed (expected :0 or host:0.0)"
        case XCB_CONN_CLOSED_INVALID_SCREEN: "the server has no such screen"
        default: "libxcb error \(code)"
        }
    }
}
