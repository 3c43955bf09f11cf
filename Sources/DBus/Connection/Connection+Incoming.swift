import CDBus
import Glibc

/// Reading and dispatching what comes in: calls each caller in turn, with
/// back-pressure, and signals in their order after the calls read before them.
extension DBusConnection {
    /// How many bytes of replies and signals may wait to be written to the bus
    /// before dispatching pauses. Small, because an answer waits behind all of
    /// them: while a busy bus reads this connection slowly, a megabyte keeps
    /// another caller's answer from waiting behind many (part menus of
    /// docs/benchmarks.md: 8 MiB made it wait ~3× as long under a flood).
    static let maximumQueuedBytes = 1 << 20

    /// libdbus reads on the watch handlers; this runs the filter for each queued message.
    ///
    /// Back-pressure, as dbus-daemon applies it: while more than
    /// ``maximumQueuedBytes`` wait to be written, no further call is
    /// dispatched, so a client that floods calls and never reads its replies
    /// costs bounded memory. Calls read meanwhile wait, within the limits of
    /// ``CallsInTurn`` (refused past them, so reading goes on); the loop runs
    /// this again as the bus drains what is queued. (A lower receive limit in
    /// libdbus would deadlock: a call held for the access check counts against
    /// it, and the bus's answer to that check must still be read.)
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
    func dispatchQueued() {
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

    func filter(_ raw: OpaquePointer) -> DBusHandlerResult {
        switch dbus_message_get_type(raw) {
        case LibDBus.messageTypeMethodCall:
            let call = Message(retaining: raw)
            let caller = call.sender ?? ""
            if let refusal = waitingCalls.append(.read(call), from: caller, bytes: call.approximateByteCount) {
                refuse(call, because: refusal)
            }
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

    /// How many calls one caller may have read and waiting to be served:
    /// far above what a client that waits for its answers has in flight (a
    /// pipelining client keeps a few dozen), so only a client that sends
    /// without waiting meets it.
    public static let maximumWaitingCallsPerCaller = 256

    /// How many bytes the calls read and waiting to be served may take, from
    /// all callers, but for each caller's first (``CallsInTurn``): callers
    /// that send large calls without waiting for their answers meet it, are
    /// refused, and reading goes on, far below libdbus's limit on what is read
    /// and not yet let go (63 MiB), at which it would stop reading everyone.
    public static let maximumWaitingCallBytes = 8 << 20

    /// Answers a call refused by ``CallsInTurn``'s limits with the error
    /// called `name` (the bus's `LimitsExceeded` until set); any thread.
    public func answerCallsOverLimit(with name: String) {
        loop.execute { [self] in callsOverLimitError = name }
    }

    /// A call refused by ``CallsInTurn``'s limits is answered at once,
    /// unread, so that it costs only the answer and reading goes on behind
    /// it; one that wants no reply is dropped.
    private func refuse(_ call: Message, because refusal: CallsInTurn<WaitingCall>.Refusal) {
        guard !call.noReplyExpected else { return }
        let text =
            switch refusal {
            case .tooManyCalls:
                "\(Self.maximumWaitingCallsPerCaller) calls of this connection already wait to be served, "
                    + "the most one may have waiting: wait for their answers before sending more"
            case .tooManyBytes:
                "calls of \(Self.maximumWaitingCallBytes >> 20) MiB already wait to be served, the most all "
                    + "connections may have waiting, and this connection has some of them: "
                    + "wait for their answers before sending more"
            }
        sendOnLoop(call.makeError(DBusError(callsOverLimitError, text)))
    }

    /// Serves `calls` of `caller`, held since they were read (for an access
    /// check), in its turn and before its calls read since; on the loop thread.
    func serveInTurn(_ calls: [() -> Void], from caller: String) {
        guard isConnected, !calls.isEmpty else { return }
        waitingCalls.prepend(calls.map(WaitingCall.decided), from: caller)
        loop.execute {}  // The loop comes back to serve them, wherever this was called from.
    }
}
