import DBus
import Glibc
import PetalAPI
import PetalCore

/// `petalctl context KEY=VALUE…`: sets petald's context and holds it while
/// it runs, as any source's context lasts while its source runs
/// (docs/context.md). petald drops it when this connection closes, so what
/// petalctl set goes with it, however it ends; SIGINT and SIGTERM, the way
/// it is meant to end, exit with status 0. When petald restarts, the
/// context is set again on the new one.
struct ContextHolder {
    let bus: BusAddress
    let json: Bool
    let console: Console

    func run(_ context: DesktopContext) async throws {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: bus)
        } catch {
            throw ControlFailure.from(error, bus: bus)
        }
        defer { connection.close() }
        let (events, continuation) = AsyncStream<String>.makeStream()
        connection.onDisconnect { continuation.finish() }
        let client = PetalClient(connection: connection)
        try await client.followPetald { owner in continuation.yield(owner) }
        try await client.setContext(context)
        Self.endOnSignals()
        if json {
            try console.print(Reports.context(context).json.jsonText + "\n")
        } else {
            try console.print(
                "Context set: \(Reports.contextLine(context)).\nHolding it until interrupted (Ctrl-C); it is cleared when petalctl ends.\n"
            )
        }
        for await owner in events {
            if owner.isEmpty {
                console.error("petald left the bus; the context is set again when it returns")
            } else {
                try await client.setContext(context)
                console.error("petald is back on the bus (\(owner)); the context is set again")
            }
        }
        throw ControlFailure.unreachable("the connection to the bus was closed", bus: bus)
    }

    /// SIGINT and SIGTERM end petalctl with status 0: interrupted is how
    /// holding a context ends. The connection closes with the process, and
    /// petald drops the context. They are unblocked on this thread, as a
    /// process started with them blocked (by a test runner, say) would
    /// otherwise never see them.
    private static func endOnSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM] {
            // Only _exit, which is async-signal-safe: nothing is left to write.
            _ = Glibc.signal(signal) { _ in _exit(ExitStatus.success.rawValue) }
            sigaddset(&signals, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
