import Synchronization

/// One invocation of an action, as a synchronous
/// ``SynchronousPlugin/perform(_:params:invocation:)`` sees it: its id, and
/// whether it has been cancelled.
///
/// The daemon cancels an invocation when its timeout passes, its caller goes
/// away or the daemon stops, through the plugin's C `cancel`. petald calls
/// `cancel` on the plugin's worker thread, the thread a synchronous `perform`
/// runs on, once `perform` has returned: so in petald a synchronous `perform`
/// always runs to its end, and the flag is for hosts that cancel from another
/// thread (the plugin ABI allows it) and for a synchronous plugin called
/// through its async form, whose task's cancellation sets it. Actions that
/// wait for something that may not come belong in an async `perform`; see
/// docs/plugins.md#synchronous-or-async.
public final class Invocation: Sendable {
    /// The daemon's id for the invocation (the ABI's `invocation_id`); 0 when
    /// made outside the daemon.
    public let id: UInt64

    private struct State {
        var cancelled = false
        /// The task running an async `perform`, cancelled with the invocation.
        var task: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// An invocation that is not cancelled yet; for tests, which call `perform` themselves.
    public init(id: UInt64 = 0) { self.id = id }

    /// Whether the invocation has been cancelled.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Throws `CancellationError` once the invocation has been cancelled.
    public func checkCancellation() throws {
        if isCancelled { throw CancellationError() }
    }

    /// Cancels the invocation: sets ``isCancelled``, and cancels the task of an async `perform`.
    public func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Ties the task running an async `perform` to the invocation, cancelling
    /// it at once when the invocation was cancelled before it started.
    func attach(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }
}

/// The invocations a plugin is running, by id, so that the C `cancel` finds them.
final class RunningInvocations: Sendable {
    private let invocations = Mutex<[UInt64: Invocation]>([:])

    /// Registers invocation `id` before its `perform` starts.
    func begin(_ id: UInt64) -> Invocation {
        let invocation = Invocation(id: id)
        invocations.withLock { $0[id] = invocation }
        return invocation
    }

    /// Forgets invocation `id`, once its `perform` has ended.
    func end(_ id: UInt64) {
        _ = invocations.withLock { $0.removeValue(forKey: id) }
    }

    /// Cancels invocation `id`; one that has ended, or is unknown, is left alone.
    func cancel(_ id: UInt64) {
        invocations.withLock { $0[id] }?.cancel()
    }
}
