import Dispatch
import Glibc
import Linux
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

    private struct Entry {
        var phase: Phase
        /// The daemon is done with it (its outcome is in, or it was cancelled);
        /// forgotten as soon as `invoke` has returned too.
        var ended = false
    }

    private struct State {
        /// False once closing has begun: no new invocation is let in.
        var accepting = true
        /// True once every call has drained: nothing at all is let in.
        var closed = false
        var inside = 0
        var entries: [UInt64: Entry] = [:]
    }

    private let state = Mutex(State())
    /// A semaphore, signalled when the last call inside leaves a closing
    /// gate: ``close(within:)`` blocks on it, at stop, off any loop.
    private let drained = DispatchSemaphore(value: 0)

    /// Starts tracking invocation `id`; pair with ``end(_:)``.
    func begin(_ id: UInt64) {
        state.withLock { $0.entries[id] = Entry(phase: .pending) }
    }

    /// Says the daemon is done with invocation `id` (its outcome is in, or it
    /// was cancelled); it is forgotten once its `invoke` has returned too,
    /// whichever of the two comes last.
    func end(_ id: UInt64) {
        state.withLock { state in
            guard var entry = state.entries[id] else { return }
            if case .returned = entry.phase {
                state.entries[id] = nil
                return
            }
            entry.ended = true
            state.entries[id] = entry
        }
    }

    /// How many invocations the gate still tracks; for tests.
    var trackedCount: Int { state.withLock { $0.entries.count } }

    /// Runs `invoke` for invocation `id` unless it was cancelled or the gate is
    /// closing, then `cancel` if a cancellation came while it ran; returns the
    /// reason when the plugin was not invoked.
    func invoke(_ id: UInt64, _ invoke: () -> Void, cancel: () -> Void) -> ActionError? {
        let refusal: ActionError? = state.withLock { state in
            if case .cancelledEarly? = state.entries[id]?.phase {
                state.entries[id] = nil
                return ActionError.failed("the action was cancelled before it started")
            }
            guard state.accepting else {
                state.entries[id] = nil
                return ActionError.failed("the plugin is stopping and takes no new invocations")
            }
            state.entries[id, default: Entry(phase: .pending)].phase = .invoking(cancelRequested: false)
            state.inside += 1
            return nil
        }
        if let refusal { return refusal }
        invoke()
        let cancelled = state.withLock { state in
            guard let entry = state.entries[id] else { return false }
            let cancelled = if case .invoking(true) = entry.phase { true } else { false }
            // A cancelled invocation has ended too: nothing more is sent for it after this cancel.
            if cancelled || entry.ended {
                state.entries[id] = nil
            } else {
                state.entries[id]?.phase = .returned
            }
            return cancelled
        }
        // Still counted as inside, so that deinit waits for this cancel too.
        if cancelled { cancel() }
        leave()
        return nil
    }

    /// Records the cancellation of `id`; returns true when `cancel` should be sent now.
    func cancel(_ id: UInt64) -> Bool {
        state.withLock { state in
            switch state.entries[id]?.phase {
            case .pending?:
                state.entries[id]?.phase = .cancelledEarly
                return false
            case .invoking?:
                state.entries[id]?.phase = .invoking(cancelRequested: true)
                return false
            case .returned?:
                state.entries[id] = nil
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
        leave()
    }

    /// A call has left the plugin; the last to leave a closing gate says so.
    private func leave() {
        let last = state.withLock { state -> Bool in
            state.inside -= 1
            return state.inside == 0 && !state.accepting
        }
        if last { drained.signal() }
    }

    /// Closes the gate: lets no new invocation in, waits until no call is
    /// inside the plugin (cancellations still go in meanwhile, so each running
    /// invocation hears its own), then lets nothing in. False if a call is
    /// still inside after `limit`.
    func close(within limit: Duration) -> Bool {
        defer { state.withLock { $0.closed = true } }
        let clock = MonotonicClock()
        let deadline = clock.now + limit
        var busy = state.withLock { state -> Bool in
            state.accepting = false
            return state.inside > 0
        }
        // Each time the calls inside drain to none, the last leaving signals; a cancel may enter again meanwhile.
        while busy {
            let left = deadline - clock.now
            guard left > .zero, drained.wait(for: left) else { return false }
            busy = state.withLock { $0.inside > 0 }
        }
        return true
    }
}
