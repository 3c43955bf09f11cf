import DBus
import Glibc
import PetalAPI
import Synchronization

/// `petalctl watch`: follows petald's signals until interrupted, across
/// restarts of petald, without ever polling. It ends, successfully, when its
/// reader goes away: at once when standard output is a pipe or socket whose
/// reader closed it, else at the next line it cannot write.
struct Watcher {
    let bus: BusAddress
    let json: Bool
    let format: WatchFormat
    let console: Console

    private var waybar: Bool { format == .waybar }

    func run() async throws {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: bus)
        } catch {
            throw ControlFailure.from(error, bus: bus)
        }
        defer { connection.close() }
        let (stream, continuation) = AsyncStream<Message>.makeStream()
        connection.onDisconnect { continuation.finish() }
        let readerGone = Atomic(false)
        if console.outputHasReader {
            try await endWhenReaderGoes(loop: connection.loop) {
                readerGone.store(true, ordering: .relaxed)
                continuation.finish()
            }
        }
        // Everything petald emits, of which the menus' objects' signals are
        // shown (``shows(_:)``): the root's (the main menu's, the Menus
        // interface's, InterfacesAdded/Removed) and every other menu's; and
        // petald coming and going.
        _ = try await connection.subscribe(MatchRule(sender: PetalClient.name.rawValue)) { message in
            if Self.shows(message) { continuation.yield(message) }
        }
        _ = try await connection.subscribe(PetalClient.presenceRule) { continuation.yield($0) }

        let client = PetalClient(connection: connection)
        var waybarLine = ""
        var running = 0
        func showWaybar(online: Bool) async throws {
            let (menu, open) = online ? await Self.openMenu(client) : (nil, false)
            let line = WaybarStatus.line(menu: menu, open: open, runningActions: running)
            if line != waybarLine {
                waybarLine = line
                try console.print(line + "\n")
            }
        }
        if waybar { try await showWaybar(online: true) }

        for await message in stream {
            guard waybar else {
                if json {
                    try console.print(SignalLine.json(message) + "\n")
                } else if format == .signals {
                    try console.print(SignalLine.text(message) + "\n")
                } else if let line = EventLine.text(message) {
                    try console.print(line + "\n")
                }
                continue
            }
            var online = true
            if PetalBus.Menu.actionStarted.matches(message) {
                running += 1
            } else if PetalBus.Menu.actionFinished.matches(message) {
                running = max(0, running - 1)
            } else if let (_, _, owner) = BusDaemonInterface.nameOwnerChanged.decode(message) {
                running = 0
                online = !owner.isEmpty
            } else if PetalBus.Menu.stateChanged.matches(message) {
                continue  // Its PropertiesChanged follows with the same news.
            }
            try await showWaybar(online: online)
        }
        if readerGone.load(ordering: .relaxed) { throw OutputError.readerGone }
        throw ControlFailure.unreachable("the connection to the bus was closed", bus: bus)
    }

    /// Whether a signal of petald's is one `watch` shows: one from the root
    /// or from another menu's object, not from an item's.
    static func shows(_ message: Message) -> Bool {
        guard let text = message.path, let path = try? ObjectPath(text) else { return false }
        return path == PetalBus.path || path.parent == PetalBus.menusPath
    }

    /// The menu waybar shows: the innermost open one (`ActiveMenu`), and
    /// true; else, or from a petald without named menus, `main`, and false.
    /// nil when petald cannot be read.
    static func openMenu(_ client: PetalClient) async -> (MenuSnapshot?, Bool) {
        if let active = try? await client.activeMenu(), active != .root,
            let menu = try? await client.menu(at: active).snapshot()
        {
            return (menu, true)
        }
        return (try? await client.snapshot(), false)
    }

    /// Calls `gone` once, on `loop`, when standard output's reader closes its
    /// end: poll reports POLLERR on a pipe's write end then (POLLHUP on a
    /// socket), with no write needed. The watch costs no wake-up before that.
    private func endWhenReaderGoes(loop: EventLoop, _ gone: @escaping @Sendable () -> Void) async throws {
        try await loop.perform {
            var source: EventLoop.SourceID?
            source = loop.addSource(fd: STDOUT_FILENO, events: [.error, .hangup]) { _ in
                if let source { loop.removeSource(source) }
                gone()
            }
        }
    }
}
