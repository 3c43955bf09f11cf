import DBus
import Dispatch
import Linux
import PetalCore
import PetalJSON
import PetalPluginRuntime
import Synchronization

/// Starts the programs plugins launch outside petald's sandbox: while the
/// user's service manager (`org.freedesktop.systemd1`) is on the daemon's bus,
/// in a transient service of their own; otherwise directly, detached.
///
/// Whether systemd is there is asked once at start-up and kept current with
/// `NameOwnerChanged`. A launch waits, on the calling thread and never on the
/// loop's (the Swift SDK calls it from a thread of its own, outside the
/// cooperative pool), for the call's reply and the job's `JobRemoved` (with `Type=exec`,
/// "done" means the program's `execve` succeeded), as `systemd-run` does.
///
/// When systemd refuses the unit (an error reply: nothing was started), the
/// program is started directly after a warning, so an action still works, in
/// petald's sandbox. When it accepted but the job failed, or it did not answer,
/// the launch fails: starting it again could start it twice.
final class SystemdLauncher: Sendable {
    /// How long systemd has to answer `StartTransientUnit`.
    static let callTimeout: Duration = .seconds(10)
    /// How long the job may take after the reply before the launch counts as started anyway.
    static let jobTimeout: Duration = .seconds(5)

    let connection: DBusConnection?
    private let log: Logger
    private let present = Atomic<Bool>(false)

    /// A launcher on `connection`; with none, every program is started directly.
    init(connection: DBusConnection?, log: Logger) {
        self.connection = connection
        self.log = log
    }

    /// Whether programs currently go into transient units.
    var underSystemd: Bool { present.load(ordering: .acquiring) }

    /// Learns whether systemd is on the bus and follows its comings and goings.
    func watch() async {
        guard let connection else { return }
        // The subscription lasts as long as the connection.
        _ = try? await connection.subscribe(
            BusDaemonInterface.nameOwnerChanged, sender: .bus, path: .bus,
            arguments: [0: SystemdInterface.bus.rawValue]
        ) { [self] _, _, owner in
            present.store(!owner.isEmpty, ordering: .releasing)
        }
        // Asked and stored on the loop thread, so an answer cannot overwrite a later NameOwnerChanged.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let ask: @Sendable () -> Void = { [self] in
                connection.callOnLoop(
                    BusDaemonInterface.nameHasOwner, on: .bus, at: .bus, SystemdInterface.bus.rawValue
                ) {
                    [self] reply in
                    if case .success(let owned) = reply { present.store(owned, ordering: .releasing) }
                    done.resume()
                }
            }
            if !connection.loop.execute(ask) { done.resume() }
        }
        log.info(
            underSystemd
                ? "systemd is on the bus: launched programs run in transient units (app-petal-*.service)"
                : "systemd is not on the bus: launched programs are started directly")
    }

    /// Starts `argv` detached and returns `{"unit": name}` under systemd, `{"pid": N}` otherwise.
    ///
    /// Called on the loop thread (from a plugin's reply or signal callback),
    /// it cannot wait: it returns the unit's name at once and only logs a failure.
    func launch(
        _ argv: [String], extraEnvironment: [String: String], directory: String?, plugin: String
    ) throws(ProgramLauncher.Failure) -> JSONObject {
        guard let connection, underSystemd else {
            return try ProgramLauncher.launch(argv, extraEnvironment: extraEnvironment, directory: directory)
        }
        let environment = ProgramLauncher.environment(adding: extraEnvironment)
        guard let program = argv.first, !program.isEmpty else {
            throw ProgramLauncher.Failure(description: "no program was given (argv is empty)")
        }
        guard let executable = ProgramLauncher.resolve(program, environment: environment) else {
            throw ProgramLauncher.Failure(description: "the program \"\(program)\" was not found on PATH")
        }
        // The manager supplies the session's current environment (what the
        // compositor imported after petald started, too); the unit adds only the action's.
        let unit = TransientUnit(
            plugin: plugin, argv: [executable] + argv.dropFirst(),
            environment: extraEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
            directory: directory)
        let direct: () throws(ProgramLauncher.Failure) -> JSONObject = {
            try ProgramLauncher.launch(argv, extraEnvironment: extraEnvironment, directory: directory)
        }
        if connection.loop.inEventLoop {
            start(unit, on: connection) { [log] outcome in
                // Said before the fallback starts the program, so the log tells the story in order.
                if let text = Self.describe(outcome, unit: unit) { log.warning(text) }
                if case .refused = outcome { _ = try? direct() }
            }
            return ["unit": .string(unit.name)]
        }
        let waiter = Handoff<TransientOutcome>()
        guard connection.loop.execute({ [self] in start(unit, on: connection) { waiter.put($0) } }) else {
            throw ProgramLauncher.Failure(description: "petald is stopping; \(program) was not started")
        }
        let outcome =
            waiter.take(within: Self.callTimeout + Self.jobTimeout + .seconds(1))
            ?? .unanswered("systemd did not answer in time")
        if let text = Self.describe(outcome, unit: unit) { log.warning(text) }
        switch outcome {
        case .started: return ["unit": .string(unit.name)]
        case .refused: return try direct()
        case .failed(let reason), .unanswered(let reason): throw ProgramLauncher.Failure(description: reason)
        }
    }

    /// What to log about `outcome`, if anything.
    private static func describe(_ outcome: TransientOutcome, unit: TransientUnit) -> String? {
        switch outcome {
        case .started: nil
        case .refused(let error):
            "systemd did not start \(unit.name) (\(error)); starting \(unit.argv[0]) directly, inside petald's sandbox"
        case .failed(let reason), .unanswered(let reason): reason
        }
    }

    /// Asks systemd for `unit` and reports once, on the loop thread. Loop thread only.
    func start(
        _ unit: TransientUnit, on connection: DBusConnection,
        completion: @escaping (TransientOutcome) -> Void
    ) {
        let job = JobWatch(loop: connection.loop, completion)
        // Added before the call is sent, so the job's end cannot slip past.
        job.token = connection.subscribeWithoutWaiting(
            SystemdInterface.jobRemoved, sender: SystemdInterface.bus, path: SystemdInterface.path,
            arguments: [2: unit.name]
        ) { _, _, _, result in
            job.finish(
                result == "done"
                    ? .started
                    : .failed(
                        "systemd could not start \(unit.argv[0]) in \(unit.name) (job \(result)); see `journalctl --user -u \(unit.name)`"
                    ))
        }
        connection.callOnLoop(
            SystemdInterface.startTransientUnit, on: SystemdInterface.bus, at: SystemdInterface.path,
            unit.name, "fail", unit.unitProperties, [], timeout: Self.callTimeout
        ) { [self] reply in
            switch reply {
            case .success:
                job.finish(after: Self.jobTimeout) { [log] in
                    log.warning(
                        "systemd has not finished starting \(unit.name) after \(Self.jobTimeout); counting it as started"
                    )
                    return .started
                }
            case .failure(let error)
            where error.name == DBusError.Name.propertyReadOnly
                && error.message.contains("ExitType") && unit.waitsForAllProcesses:
                // systemd before 250: without ExitType=cgroup the unit ends with its first process.
                log.notice("this systemd does not know ExitType=; \(unit.name) ends when its first process does")
                var older = unit
                older.waitsForAllProcesses = false
                if let completion = job.takeCompletion() { start(older, on: connection, completion: completion) }
            case .failure(let error)
            where [
                DBusError.Name.noReply, DBusError.Name.timeout,
                DBusError.Name.disconnected,
            ].contains(error.name):
                job.finish(
                    .unanswered(
                        "systemd did not answer StartTransientUnit for \(unit.argv[0]) (\(error)); it may or may not have started"
                    ))
            case .failure(let error):
                job.finish(.refused(error))
            }
        }
    }
}

/// How a transient unit's start ended.
enum TransientOutcome: Sendable {
    /// The job finished "done": the program runs.
    case started
    /// systemd answered the call with an error: nothing was started.
    case refused(DBusError)
    /// The job failed: the unit was created but its program did not start.
    case failed(String)
    /// No answer: whether it started is unknown.
    case unanswered(String)
}

/// One StartTransientUnit in flight: its JobRemoved subscription, its timer, its completion. Loop thread only.
///
/// Unchecked Sendable: confined to the event loop thread.
private final class JobWatch: @unchecked Sendable {
    private let loop: EventLoop
    var token: SignalSubscriptionToken?
    private var timer: EventLoop.TimerID?
    private var completion: ((TransientOutcome) -> Void)?

    init(loop: EventLoop, _ completion: @escaping (TransientOutcome) -> Void) {
        self.loop = loop
        self.completion = completion
    }

    /// Whether the outcome is still to come.
    var isPending: Bool { completion != nil }

    /// Reports `outcome` unless the job ends first (or has ended).
    func finish(after delay: Duration, _ outcome: @escaping () -> TransientOutcome) {
        guard isPending else { return }
        timer = loop.schedule(after: delay) { [self] in
            timer = nil
            finish(outcome())
        }
    }

    /// Reports `outcome` once and stops watching.
    func finish(_ outcome: TransientOutcome) {
        guard let completion = takeCompletion() else { return }
        completion(outcome)
    }

    /// Stops watching and hands the completion over (nil when already reported).
    func takeCompletion() -> ((TransientOutcome) -> Void)? {
        token?.cancel()
        token = nil
        if let timer { loop.cancel(timer) }
        timer = nil
        defer { completion = nil }
        return completion
    }
}
