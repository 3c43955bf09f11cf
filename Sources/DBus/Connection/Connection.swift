import CDBus
import Glibc

/// Which bus to connect to.
public enum BusAddress: Sendable, Equatable, CustomStringConvertible {
    case session
    case system
    /// A bus at a D-Bus address such as `unix:path=/run/user/1000/bus`.
    case address(String)

    /// Parses `session`, `system`, or anything else as an address.
    public init(_ text: String) {
        switch text {
        case "session": self = .session
        case "system": self = .system
        default: self = .address(text)
        }
    }

    public var description: String {
        switch self {
        case .session: "the session bus"
        case .system: "the system bus"
        case .address(let address): "the bus at \(address)"
        }
    }
}

/// A connection to a message bus, owned by one ``EventLoop`` thread.
///
/// Every libdbus call on the connection is made on the loop's thread; the
/// public methods may be called from any thread and hop there when needed.
/// Incoming method calls go to ``objectServer``; signals go to subscriptions.
///
/// Unchecked Sendable: every libdbus call is made on its loop's thread; the public methods hop there.
public final class DBusConnection: @unchecked Sendable {
    /// The loop that owns this connection.
    public let loop: EventLoop
    /// The unique name the bus gave this connection, e.g. `:1.42`.
    public let uniqueName: String
    /// Serves this connection's objects.
    public private(set) var objectServer: ObjectServer!

    let raw: OpaquePointer
    private let integration: LoopIntegration
    private var subscriptions: [UInt64: SignalSubscription] = [:]
    private var nextSubscriptionID: UInt64 = 1
    private var disconnectHandlers: [() -> Void] = []
    private(set) var isConnected = true
    /// Calls read and not yet served, each caller in turn (``dispatchQueued()``).
    private var waitingCalls = CallsInTurn<WaitingCall>()

    /// A call waiting its turn: as read, or held and decided (by the access check).
    private enum WaitingCall {
        case read(Message)
        case decided(() -> Void)
    }

    /// Connects to `bus` and registers with it.
    ///
    /// - Parameter loop: the loop to run on; without one the connection starts
    ///   its own, and ``close()`` stops it.
    /// The loop keeps the connection alive until ``close()`` (or a disconnect).
    public static func connect(to bus: BusAddress, loop: EventLoop? = nil) throws -> DBusConnection {
        let ownLoop = try loop ?? EventLoop(name: "dbus")
        do {
            return try ownLoop.performAndWait { try DBusConnection(bus: bus, loop: ownLoop, ownsLoop: loop == nil) }
        } catch {
            if loop == nil { ownLoop.stop() }
            throw error
        }
    }

    private let ownsLoop: Bool

    private convenience init(bus: BusAddress, loop: EventLoop, ownsLoop: Bool) throws {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let connection: OpaquePointer?
        switch bus {
        case .session: connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error)
        case .system: connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        case .address(let address):
            connection = dbus_connection_open_private(address, &error)
            if let connection, dbus_bus_register(connection, &error) == 0 {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                throw DBusConnectionError("cannot register with \(bus): \(Self.text(of: error))")
            }
        }
        guard let connection else {
            throw DBusConnectionError("cannot connect to \(bus): \(Self.text(of: error))")
        }
        self.init(
            adopting: connection, uniqueName: String(cString: dbus_bus_get_unique_name(connection)),
            loop: loop, ownsLoop: ownsLoop)
    }

    /// Takes over `connection`, a reference the caller owned, on `loop`'s thread.
    init(adopting connection: OpaquePointer, uniqueName: String, loop: EventLoop, ownsLoop: Bool) {
        self.ownsLoop = ownsLoop
        raw = connection
        self.loop = loop
        self.uniqueName = uniqueName
        integration = LoopIntegration(loop: loop)
        dbus_connection_set_exit_on_disconnect(connection, LibDBus.false)
        integration.install(on: connection)
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard
            dbus_connection_add_filter(
                connection,
                { _, message, data in
                    Unmanaged<DBusConnection>.fromOpaque(data!).takeUnretainedValue().filter(message!)
                }, me, nil) != 0
        else { outOfMemory() }
        objectServer = ObjectServer(connection: self)
        // The hook's strong reference is what keeps an open connection alive; closing drops it.
        dispatchHook = loop.addIterationHook { [self] in dispatchQueued() }
    }

    private var dispatchHook: EventLoop.HookID?

    /// Stops dispatching, so that the loop lets go of a closed connection.
    private func dropDispatchHook() {
        if let dispatchHook { loop.removeIterationHook(dispatchHook) }
        dispatchHook = nil
    }

    deinit {
        dbus_connection_unref(raw)
    }

    static func text(of error: CDBus.DBusError) -> String {
        guard let message = error.message else { return "unknown error" }
        return String(cString: message)
    }

    /// Sends what is queued, closes the connection, and stops its loop if it
    /// started one; later sends are dropped.
    /// The close is always posted to the loop, never done in place: called from
    /// a handler inside libdbus's dispatch, closing there would dispatch again
    /// and wait on the dispatch lock it holds. Only when the loop is ending and
    /// refuses new work does a call on its thread close at once.
    public func close() {
        let body: @Sendable () -> Void = { [self] in
            guard isConnected else { return }
            isConnected = false
            dbus_connection_flush(raw)
            dbus_connection_close(raw)
            failPendingCalls()
            waitingCalls.removeAll()  // Read before the close, or during it: no answer can go now.
            dropDispatchHook()
            if ownsLoop { loop.stop() }
        }
        if !loop.execute(body) && loop.inEventLoop { body() }
    }

    /// After a close, libdbus answers every call still waiting for a reply with
    /// an error, but only as it dispatches; without this those callers would wait forever.
    private func failPendingCalls() {
        while dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS {
            dbus_connection_dispatch(raw)
        }
    }

    /// Runs `handler` on the loop thread when the bus connection is lost.
    public func onDisconnect(_ handler: @escaping @Sendable () -> Void) {
        loop.execute { [self] in disconnectHandlers.append(handler) }
    }

    // MARK: Sending

    /// Queues a message for sending; from any thread.
    public func send(_ message: Message) {
        if loop.inEventLoop {
            sendOnLoop(message)
        } else {
            loop.execute { [self] in sendOnLoop(message) }
        }
    }

    func sendOnLoop(_ message: Message) {
        guard isConnected else { return }
        guard dbus_connection_send(raw, message.pointer, nil) != 0 else { outOfMemory() }
    }

    /// Emits a signal from the object at `path`.
    public func emitSignal(path: ObjectPath, interface: InterfaceName, member: MemberName, _ values: [DBusValue]) throws
    {
        send(try Message.signal(path: path, interface: interface, member: member, values))
    }

    // MARK: Incoming

    /// How many bytes of replies and signals may wait to be written to the bus
    /// before dispatching pauses.
    static let maximumQueuedBytes = 8 << 20

    /// libdbus reads on the watch handlers; this runs the filter for each queued message.
    ///
    /// Back-pressure, as dbus-daemon applies it: while more than
    /// ``maximumQueuedBytes`` wait to be written, no further call is
    /// dispatched, so a client that floods calls and never reads its replies
    /// costs bounded memory. Undispatched calls then fill libdbus's own limit
    /// on received messages (63 MiB by default), at which it stops reading the
    /// socket; the loop runs this again as the bus drains what is queued. (A
    /// lower receive limit would deadlock: a call held for the access check
    /// counts against it, and the bus's answer to that check must still be read.)
    ///
    /// Calls are served each caller in turn, not in the order they were read
    /// (``CallsInTurn``): between two calls, what has come meanwhile is read,
    /// so a caller who has just called waits for one call of each other
    /// caller, not for everything a flooding client sent before. One
    /// caller's calls keep their order, and a signal is delivered only once
    /// every call read before it has been served (libdbus holds it, and what
    /// came after it, meanwhile): a caller's calls still come before the bus
    /// says it left. At most ``callsPerIteration`` calls are served before
    /// the loop's timers and other sources have their turn.
    private func dispatchQueued() {
        var served = 0
        while isConnected, dbus_connection_get_outgoing_size(raw) <= Self.maximumQueuedBytes {
            // Signals are delivered, and calls wait their turn: cheap, however many were read.
            dispatchRead()
            guard isConnected, !waitingCalls.isEmpty else { return }
            // Before a call is served, what has come since joins the turns (up to libdbus's limit).
            if readWhatHasCome() { dispatchRead() }
            guard isConnected, !waitingCalls.isEmpty else { return }
            guard served < Self.callsPerIteration else {
                loop.execute {}  // Back at once, once the loop has run the rest.
                return
            }
            guard let call = waitingCalls.removeNext() else { return }
            serve(call)
            served += 1
        }
    }

    /// How many calls are served before the loop runs its timers and other sources.
    static let callsPerIteration = 64

    private func serve(_ call: WaitingCall) {
        switch call {
        case .read(let message): objectServer.dispatch(message)
        case .decided(let serve): serve()
        }
    }

    /// Runs libdbus's dispatch on the messages it has read, ``filter(_:)``
    /// for each, up to a signal that must wait for the calls read before it.
    private func dispatchRead() {
        if signalWaits && waitingCalls.isEmpty { signalWaits = false }
        while isConnected, !signalWaits, dbus_connection_get_dispatch_status(raw) == DBUS_DISPATCH_DATA_REMAINS {
            dbus_connection_dispatch(raw)
        }
    }

    /// Whether libdbus holds a signal back, at the head of its queue, until
    /// every call read before it has been served.
    private var signalWaits = false

    /// Reads what the socket holds now. libdbus reads a few kilobytes a
    /// turn of the loop, so a caller's call would otherwise wait, unread,
    /// behind every call sent before it: read, it waits only its turn.
    /// Reading stops when libdbus holds as many received messages as it may
    /// (it then turns its read watch off), and after ``maximumReadsAhead``
    /// reads. Returns whether it read anything.
    private func readWhatHasCome() -> Bool {
        var reads = 0
        while reads < Self.maximumReadsAhead, let watch = integration.readingWatch {
            var ready = pollfd(fd: dbus_watch_get_unix_fd(watch), events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 else { break }
            _ = dbus_watch_handle(watch, LibDBus.watchReadable)
            reads += 1
        }
        return reads > 0
    }

    /// At most this many reads (a few kilobytes each) before the calls read are served.
    static let maximumReadsAhead = 1024

    private func filter(_ raw: OpaquePointer) -> DBusHandlerResult {
        switch dbus_message_get_type(raw) {
        case LibDBus.messageTypeMethodCall:
            let call = Message(retaining: raw)
            waitingCalls.append(.read(call), from: call.sender ?? "")
            return LibDBus.handled
        case LibDBus.messageTypeSignal:
            let message = Message(retaining: raw)
            if message.path == LibDBus.localPath, message.interface == LibDBus.localInterface,
                message.member == LibDBus.disconnectedMember
            {
                handleDisconnect()
                return LibDBus.handled
            }
            // Calls read before it are served first, in turn: a caller's calls come before the bus says it left.
            // (Once closed, nothing is served: what is left is delivered, or dropped, at once.)
            guard waitingCalls.isEmpty || !isConnected else {
                signalWaits = true
                return LibDBus.putBack
            }
            deliver(signal: message)
            return LibDBus.notYetHandled
        default:
            return LibDBus.notYetHandled
        }
    }

    /// Serves `calls` of `caller`, held since they were read (for an access
    /// check), in its turn and before its calls read since; on the loop thread.
    func serveInTurn(_ calls: [() -> Void], from caller: String) {
        guard isConnected, !calls.isEmpty else { return }
        waitingCalls.prepend(calls.map(WaitingCall.decided), from: caller)
        loop.execute {}  // The loop comes back to serve them, wherever this was called from.
    }

    private func handleDisconnect() {
        guard isConnected else { return }
        isConnected = false
        dbus_connection_close(raw)
        failPendingCalls()
        waitingCalls.removeAll()  // No answer can reach their callers now.
        dropDispatchHook()
        if ownsLoop { loop.stop() }
        let handlers = disconnectHandlers
        disconnectHandlers = []
        for handler in handlers { handler() }
    }

    // MARK: Signal subscriptions (loop thread)

    func addSubscription(_ subscription: SignalSubscription) -> UInt64 {
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        subscriptions[id] = subscription
        return id
    }

    func removeSubscription(_ id: UInt64) {
        subscriptions.removeValue(forKey: id)
    }

    private func deliver(signal message: Message) {
        guard !subscriptions.isEmpty else { return }
        for (_, subscription) in subscriptions where subscription.rule.matches(message) {
            subscription.handler(message)
        }
    }
}

/// A local signal handler and the rule that selects its signals.
struct SignalSubscription {
    let rule: MatchRule
    let handler: (Message) -> Void
}
