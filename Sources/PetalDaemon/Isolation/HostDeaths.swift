import DBus
import Glibc
import Linux
import PetalCore
import PetalPluginRuntime

/// How an isolated plugin's host deaths add up: each waits out a growing
/// delay before the next host starts, and the third within 10 minutes
/// (``CrashWindow``) quarantines the plugin, as a crash inside petald would,
/// until its file changes or the quarantine is cleared. The quarantine's file
/// is written, and the plugin's file checked, on the plugin's thread in
/// petald, never on the loop. On the loop thread but for that.
///
/// Unchecked Sendable: confined to the event loop; its file work hops to the plugin's thread and back.
final class HostDeaths: @unchecked Sendable {
    private var window = CrashWindow()
    private let quarantine: Quarantine
    /// petald's thread for the plugin's slow work.
    private let worker: WorkerThread
    private let loop: EventLoop
    private let clock: any MenuClock

    init(quarantine: Quarantine, worker: WorkerThread, loop: EventLoop, clock: any MenuClock) {
        self.quarantine = quarantine
        self.worker = worker
        self.loop = loop
        self.clock = clock
    }

    /// How long the next host waits before it starts.
    var restartDelay: Duration { window.restartDelay(at: clock.now) }

    /// Counts a death whose cause was `cause`. Returns the reason of the
    /// quarantine when this death is one too many; its entry is then written
    /// for `identity`, off the loop.
    func record(cause: String, identity: PluginIdentity, name: String, version: String) -> String? {
        guard window.record(at: clock.now) else { return nil }
        let reason =
            "its host ended \(window.limit) times within \(window.window.components.seconds / 60) minutes, the last time: \(cause); it stays off until the file changes or the quarantine is cleared (petalctl plugins --clear-quarantine)"
        let entry = Quarantine.Entry(identity: identity, reason: reason, name: name, version: version)
        let quarantine = quarantine
        worker.submit { quarantine.add(entry) }
        return reason
    }

    /// Forgets the deaths counted so far: the plugin's file has changed.
    func forget() {
        window = CrashWindow()
    }

    /// Checks, off the loop, whether the quarantined file at `path` has been
    /// replaced since it was `known`; if it has and passes the loader's checks,
    /// its quarantine is lifted. `then` gets the file's new identity on the
    /// loop, or nil when it has not changed.
    func fileChanged(
        path: String, known: PluginIdentity, name: String, then: @escaping (PluginIdentity?) -> Void
    ) {
        let quarantine = quarantine
        let answer = UncheckedSendable(then)
        let submitted = worker.submit { [loop] in
            let file = try? PluginFile(path: path, user: getuid())
            let current = file.flatMap { $0.note == nil || $0.note?.name == name ? $0.identity : nil }
            let changed = current.map { $0 != known } ?? false
            if changed { quarantine.remove(path: path) }
            _ = loop.execute {
                answer.value(changed ? current : nil)
            }
        }
        if !submitted { answer.value(nil) }
    }
}
