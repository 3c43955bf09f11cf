import Glibc
import PetalCore
import Synchronization

/// The order of calls into one plugin, whatever threads they come from:
///
/// - `cancel(id)` only after `invoke(id)` has returned, and `invoke(id)` not
///   at all once the invocation was cancelled;
/// - nothing after `deinit`: ``close(within:)`` waits for the calls inside
///   the plugin to return and refuses new ones.
final class PluginGate: Sendable {
    private enum Phase {
        /// Begun, `invoke` not called yet.
        case pending
        /// Cancelled before `invoke` was called, which then is not.
        case cancelledEarly
        /// Inside `invoke`; a cancellation has come if the flag is set.
        case invoking(cancelRequested: Bool)
        /// `invoke` has returned: a cancellation goes straight to the plugin.
        case returned
    }

    private struct State {
        /// False once closing has begun: no new invocation is let in.
        var accepting = true
        /// True once every call has drained: nothing at all is let in.
        var closed = false
        var inside = 0
        var phases: [UInt64: Phase] = [:]
    }

    private let state = Mutex(State())

    /// Starts tracking invocation `id`; pair with ``end(_:)``.
    func begin(_ id: UInt64) {
        state.withLock { $0.phases[id] = .pending }
    }

    /// Stops tracking invocation `id`, whose outcome is in.
    func end(_ id: UInt64) {
        _ = state.withLock { $0.phases.removeValue(forKey: id) }
    }

    /// Runs `invoke` for invocation `id` unless it was cancelled or the gate is
    /// closing, then `cancel` if a cancellation came while it ran; returns the
    /// reason when the plugin was not invoked.
    func invoke(_ id: UInt64, _ invoke: () -> Void, cancel: () -> Void) -> ActionError? {
        let refusal: ActionError? = state.withLock { state in
            if case .cancelledEarly? = state.phases[id] {
                return ActionError.failed("the action was cancelled before it started")
            }
            guard state.accepting else { return ActionError.failed("the plugin is stopping and takes no new invocations") }
            state.phases[id] = .invoking(cancelRequested: false)
            state.inside += 1
            return nil
        }
        if let refusal { return refusal }
        invoke()
        let cancelled = state.withLock { state in
            let cancelled = if case .invoking(true)? = state.phases[id] { true } else { false }
            state.phases[id] = .returned
            return cancelled
        }
        // Still counted as inside, so that deinit waits for this cancel too.
        if cancelled { cancel() }
        state.withLock { $0.inside -= 1 }
        return nil
    }

    /// Records the cancellation of `id`; returns true when `cancel` should be sent now.
    func cancel(_ id: UInt64) -> Bool {
        state.withLock { state in
            switch state.phases[id] {
            case .pending?:
                state.phases[id] = .cancelledEarly
                return false
            case .invoking?:
                state.phases[id] = .invoking(cancelRequested: true)
                return false
            case .returned?:
                return !state.closed
            case .cancelledEarly?, nil:
                return false
            }
        }
    }

    /// Runs `call` (a `cancel`) unless the gate is closed, counting it as inside the plugin.
    func call(_ call: () -> Void) {
        let open = state.withLock { state in
            guard !state.closed else { return false }
            state.inside += 1
            return true
        }
        guard open else { return }
        call()
        state.withLock { $0.inside -= 1 }
    }

    /// Closes the gate: lets no new invocation in, waits until no call is
    /// inside the plugin (cancellations still go in meanwhile, so each running
    /// invocation hears its own), then lets nothing in. False if a call is
    /// still inside after `limit`.
    func close(within limit: Duration) -> Bool {
        state.withLock { $0.accepting = false }
        let clock = MonotonicClock()
        let deadline = clock.now + limit
        defer { state.withLock { $0.closed = true } }
        while state.withLock({ $0.inside }) > 0 {
            guard clock.now < deadline else { return false }
            usleep(1000)
        }
        return true
    }
}
