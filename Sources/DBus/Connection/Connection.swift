import CDBus
import Glibc

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
    let integration: LoopIntegration
    private var subscriptions: [UInt64: SignalSubscription] = [:]
    private var nextSubscriptionID: UInt64 = 1
    private var disconnectHandlers: [() -> Void] = []
    private(set) var isConnected = true
    /// Calls read and not yet served, each caller in turn (``dispatchQueued()``).
    var waitingCalls = CallsInTurn<WaitingCall>(
        maximumPerCaller: maximumWaitingCallsPerCaller, maximumBytes: maximumWaitingCallBytes)
    /// The error a call refused by ``waitingCalls``' limits is answered with (``answerCallsOverLimit(with:)``).
    var callsOverLimitError = "org.freedesktop.DBus.Error.LimitsExceeded"
    /// Whether libdbus holds a signal back, at the head of its queue, until
    /// every call read before it has been served.
    var signalWaits = false

    /// A call waiting its turn: as read, or held and decided (by the access check).
    enum WaitingCall {
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

    func handleDisconnect() {
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

    func deliver(signal message: Message) {
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
