import CLinux
import DBus
import Glibc
import Linux
import PetalContextCore
import PetalContextSources
import PetalCore
import Synchronization

/// `petal-context`: reads which window has focus on the desktop and keeps
/// petald's `Context` property current (docs/context.md).
///
/// Three threads: the main one, which waits; the desktop's, blocked reading
/// its socket or the X server; and the D-Bus loop's, which publishes. None
/// wakes while nothing changes.
public enum ContextMain {
    /// Exit statuses, as `petal-context --help` documents them.
    enum ExitStatus: Int32 {
        case stopped = 0
        case fault = 1
        case usage = 2
    }

    /// The signals that stop petal-context cleanly.
    static let stopSignals = [SIGTERM, SIGINT]

    /// The whole of the executable's `main`: runs and exits with the status.
    public static func main() -> Never {
        // Blocked before any thread starts, so every thread inherits the mask
        // and the signals reach the loop's signalfd alone.
        var mask = signalMask()
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        // libxcb writes with writev: an X server gone mid-write must be an
        // error petal-context reports, not a SIGPIPE that kills it silently.
        signal(SIGPIPE, SIG_IGN)
        exit(run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    static func run(arguments: [String]) -> ExitStatus {
        let options: ContextOptions
        do {
            options = try ContextOptions(arguments)
        } catch {
            writeToStandardError("petal-context: \(error)\nSee petal-context --help.\n")
            return .usage
        }
        switch options.mode {
        case .help:
            print(ContextOptions.commandLine.help(), terminator: "")
            return .stopped
        case .version:
            print("petal-context \(petalVersion)")
            return .stopped
        case .run:
            return follow(
                options: options,
                log: Logger(
                    program: "petal-context", threshold: options.verbose ? .debug : .info, escapesMessages: true))
        }
    }

    private static func follow(options: ContextOptions, log: Logger) -> ExitStatus {
        let source: any DesktopSource
        switch BackendChoice.choose(environment: environment(), forced: options.backend) {
        case .failure(let unreadable):
            log.error(unreadable.description)
            log.error(unreadable.advice)
            return .fault
        case .success(let choice):
            do {
                source = try DesktopSources.open(choice)
            } catch {
                log.error("\(error)")
                return .fault
            }
        }
        let backend = source.backend
        log.info(
            "reading \(backend.displayName)'s focus from \(source.location); petald's context says source \(backend.source)"
        )

        let loop: EventLoop
        let connection: DBusConnection
        do {
            loop = try EventLoop(name: "petal-context")
            connection = try DBusConnection.connect(to: options.bus, loop: loop)
        } catch {
            log.error("cannot connect to \(options.bus): \(error)")
            return .fault
        }
        let status = Mutex(ExitStatus.stopped)
        let stop: @Sendable (ExitStatus) -> Void = { code in
            status.withLock { if $0 == .stopped { $0 = code } }
            loop.stop()
        }
        connection.onDisconnect {
            log.error("lost the connection to \(options.bus)")
            stop(.fault)
        }
        let publisher = PetaldPublisher(connection: connection, source: backend.source, log: log)
        let mailbox = ContextMailbox(loop: loop) { publisher.desktopChanged(to: $0) }
        do {
            try loop.performAndWait {
                publisher.start()
                try watchStopSignals(on: loop) { stop(.stopped) }
            }
            let follower = UncheckedSource(source)
            try startThread(name: "petal-\(backend.rawValue)") {
                do {
                    try follower.source.follow { mailbox.post($0) }
                } catch {
                    log.error("\(error)")
                    stop(.fault)
                }
            }
        } catch {
            log.error("cannot start: \(error)")
            return .fault
        }
        loop.waitUntilStopped()
        return status.withLock { $0 }
    }

    /// The variables the backends are chosen by, as the process has them.
    private static func environment() -> [String: String] {
        let names = BackendChoice.variables + ["WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "XDG_CURRENT_DESKTOP"]
        var environment: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    private static func signalMask() -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in stopSignals { sigaddset(&mask, signal) }
        return mask
    }

    /// Runs `handler` on the loop when a stop signal comes, through a signalfd.
    private static func watchStopSignals(on loop: EventLoop, _ handler: @escaping () -> Void) throws(SystemCallError) {
        var mask = signalMask()
        let fd = try systemCall("signalfd") { clinux_signalfd(&mask) }
        loop.addSource(fd: fd, events: .readable) { _ in
            while clinux_read_signal(fd) != 0 { handler() }
        }
    }
}

/// The source, handed to the one thread that follows it and used there alone.
///
/// Unchecked Sendable: handed once to the thread that follows the desktop, which alone uses it.
private struct UncheckedSource: @unchecked Sendable {
    let source: any DesktopSource
    init(_ source: any DesktopSource) { self.source = source }
}
