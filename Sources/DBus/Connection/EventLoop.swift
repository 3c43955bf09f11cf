import CLinux
import Dispatch
import Glibc
import Linux
import Synchronization

/// A single-threaded event loop: file-descriptor sources, timers and work
/// posted from other threads, on one dedicated thread.
///
/// Everything registered with the loop runs on its thread, so state that only
/// loop callbacks touch needs no locks. ``execute(_:)`` and ``stop()`` may be
/// called from any thread; the other methods only from the loop's own thread
/// (``inEventLoop``), which they check.
///
/// Unchecked Sendable: its sources and timers are the loop thread's; what other threads post is behind a Mutex.
public final class EventLoop: @unchecked Sendable {
    /// Identifies a registered file-descriptor source.
    public struct SourceID: Hashable, Sendable { let raw: UInt64 }
    /// Identifies a scheduled timer.
    public struct TimerID: Hashable, Sendable {
        /// The loop's number for the timer, unique for the loop's life.
        public let raw: UInt64
        /// The timer the loop numbered `raw`.
        public init(raw: UInt64) { self.raw = raw }
    }
    /// Identifies an iteration hook.
    public struct HookID: Hashable, Sendable { let raw: UInt64 }

    /// Readiness flags, as `poll(2)` spells them.
    public struct Events: OptionSet, Sendable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: Int16(POLLIN))
        public static let writable = Events(rawValue: Int16(POLLOUT))
        public static let error = Events(rawValue: Int16(POLLERR))
        public static let hangup = Events(rawValue: Int16(POLLHUP))
    }

    private struct Source {
        let id: SourceID
        let fd: Int32
        var events: Events
        let handler: (Events) -> Void
    }

    private struct Timer {
        let id: TimerID
        let deadline: UInt64
        let work: () -> Void
    }

    private let wakeFD: Int32
    /// Work posted from any thread; `woken` once the loop has been woken for it
    /// (``executeWhenAwake(_:)`` posts without waking).
    private let posted = Mutex<(queue: [@Sendable () -> Void], ended: Bool, woken: Bool)>(([], false, false))
    private let loopThread = Atomic<UInt>(0)
    private let stopRequested = Atomic<Bool>(false)
    /// A semaphore: ``waitUntilStopped()`` blocks a thread (petald's main one) until the loop has ended.
    private let finished = DispatchSemaphore(value: 0)

    // Confined to the loop thread.
    private var sources: [Source] = []
    private var timers: [Timer] = []
    private var nextID: UInt64 = 1
    private var iterationHooks: [(id: HookID, hook: () -> Void)] = []

    /// Creates the loop and starts its thread.
    ///
    /// - Parameter name: the thread's name, as `top -H` shows it (15 bytes at most).
    public init(name: String = "dbus-loop") throws(SystemCallError) {
        wakeFD = try systemCall("eventfd") { clinux_eventfd() }
        // A semaphore: the creator blocks the moment it takes the thread to start and say who it is.
        let ready = DispatchSemaphore(value: 0)
        try startThread(name: name) { [self] in
            loopThread.store(UInt(pthread_self()), ordering: .releasing)
            ready.signal()
            run()
        }
        ready.wait()
    }

    deinit { close(wakeFD) }

    /// Whether the caller runs on this loop's thread.
    public var inEventLoop: Bool {
        loopThread.load(ordering: .relaxed) == UInt(pthread_self())
    }

    /// Runs `work` on the loop thread soon; callable from any thread.
    ///
    /// - Returns: false, running nothing, when the loop has ended.
    @discardableResult
    public func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        let (accepted, mustWake) = posted.withLock { state -> (Bool, Bool) in
            guard !state.ended else { return (false, false) }
            state.queue.append(work)
            defer { state.woken = true }
            return (true, !state.woken)
        }
        if mustWake { wake() }
        return accepted
    }

    /// Runs `work` on the loop thread when it next wakes (for an event or a
    /// timer), without waking it: for bookkeeping nothing waits for. Callable
    /// from any thread; false, running nothing, once the loop has ended.
    @discardableResult
    public func executeWhenAwake(_ work: @escaping @Sendable () -> Void) -> Bool {
        posted.withLock { state in
            guard !state.ended else { return false }
            state.queue.append(work)
            return true
        }
    }

    /// Runs `work` on the loop thread and waits for its result; runs it directly when already there.
    ///
    /// `work` need not be `Sendable`: the caller is blocked while it runs, so
    /// nothing it captures is used on two threads at once.
    public func performAndWait<T>(_ work: @escaping () throws -> T) throws -> T {
        if inEventLoop { return try work() }
        // The caller waits while the loop runs `work`, so neither it nor its result is used on two threads at once.
        let result = Handoff<UncheckedSendable<Result<T, any Error>>>()
        let unchecked = UncheckedSendable(work)
        guard execute({ result.put(UncheckedSendable(Result { try unchecked.value() })) }) else {
            throw EventLoopEnded()
        }
        return try result.take().value.get()
    }

    /// Runs `work` on the loop thread and returns its result without blocking
    /// the calling thread: for async code, which must not hold one of Swift's
    /// few cooperative threads while it waits (``performAndWait(_:)`` would).
    public func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        if inEventLoop { return try work() }
        return try await withCheckedThrowingContinuation { continuation in
            guard execute({ continuation.resume(with: Result { try work() }) }) else {
                return continuation.resume(throwing: EventLoopEnded())
            }
        }
    }

    /// Asks the loop to finish its current iteration and end; callable from any thread.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wake()
    }

    /// Blocks until the loop has ended.
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()  // let any other waiter through too
    }

    // MARK: Sources, timers, hooks (loop thread only)

    /// Watches `fd` for `events`, calling `handler` with what is ready.
    @discardableResult
    public func addSource(fd: Int32, events: Events, handler: @escaping (Events) -> Void) -> SourceID {
        precondition(inEventLoop, "EventLoop.addSource called off the loop thread")
        let id = SourceID(raw: takeID())
        sources.append(Source(id: id, fd: fd, events: events, handler: handler))
        return id
    }

    /// Changes what a source waits for; an empty set pauses it.
    public func updateSource(_ id: SourceID, events: Events) {
        precondition(inEventLoop, "EventLoop.updateSource called off the loop thread")
        if let index = sources.firstIndex(where: { $0.id == id }) { sources[index].events = events }
    }

    /// Stops watching a source.
    public func removeSource(_ id: SourceID) {
        precondition(inEventLoop, "EventLoop.removeSource called off the loop thread")
        sources.removeAll { $0.id == id }
    }

    /// Runs `work` once after `delay`.
    @discardableResult
    public func schedule(after delay: Duration, _ work: @escaping () -> Void) -> TimerID {
        precondition(inEventLoop, "EventLoop.schedule called off the loop thread")
        let id = TimerID(raw: takeID())
        timers.append(Timer(id: id, deadline: monotonicNanoseconds() &+ delay.nanoseconds, work: work))
        return id
    }

    /// Cancels a timer that has not fired; does nothing for one that has.
    public func cancel(_ id: TimerID) {
        precondition(inEventLoop, "EventLoop.cancel called off the loop thread")
        timers.removeAll { $0.id == id }
    }

    /// Runs `hook` at the end of every iteration, before the loop sleeps,
    /// until ``removeIterationHook(_:)``.
    @discardableResult
    public func addIterationHook(_ hook: @escaping () -> Void) -> HookID {
        precondition(inEventLoop, "EventLoop.addIterationHook called off the loop thread")
        let id = HookID(raw: takeID())
        iterationHooks.append((id, hook))
        return id
    }

    /// Stops running a hook, and drops it (and what it holds).
    public func removeIterationHook(_ id: HookID) {
        precondition(inEventLoop, "EventLoop.removeIterationHook called off the loop thread")
        iterationHooks.removeAll { $0.id == id }
    }

    // MARK: The loop

    private func takeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    private func run() {
        var pollSet: [pollfd] = []
        // Made afresh each turn: a buffer kept from a busy moment pins the top of the heap.
        var polled: [Source] = []
        while !stopRequested.load(ordering: .acquiring) {
            pollSet.removeAll(keepingCapacity: true)
            pollSet.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
            for source in sources where !source.events.isEmpty {
                polled.append(source)
                pollSet.append(pollfd(fd: source.fd, events: source.events.rawValue, revents: 0))
            }
            let ready = poll(&pollSet, nfds_t(pollSet.count), pollTimeout())
            if ready > 0 {
                if pollSet[0].revents != 0 { drainWakeups() }
                for (index, source) in polled.enumerated() where pollSet[index + 1].revents != 0 {
                    // A handler may have removed this source; skip it then.
                    guard sources.contains(where: { $0.id == source.id }) else { continue }
                    source.handler(Events(rawValue: pollSet[index + 1].revents))
                }
            }
            polled = []
            runPostedWork()
            fireDueTimers()
            for (_, hook) in iterationHooks { hook() }
        }
        // Work posted before the end still runs (a call then fails as disconnected
        // instead of waiting forever); work posted after it is refused.
        let leftover = posted.withLock { state in
            state.ended = true
            defer { state.queue.removeAll() }
            return state.queue
        }
        for item in leftover { item() }
        // Drop every callback (and what it keeps alive) on the loop's own thread.
        sources.removeAll()
        timers.removeAll()
        iterationHooks.removeAll()
        finished.signal()
    }

    private func pollTimeout() -> Int32 {
        if posted.withLock({ !$0.queue.isEmpty }) { return 0 }
        guard let next = timers.min(by: { $0.deadline < $1.deadline })?.deadline else { return -1 }
        let now = monotonicNanoseconds()
        guard next > now else { return 0 }
        return Duration.nanoseconds(Int64(min(next - now, UInt64(Int64.max)))).milliseconds
    }

    private func drainWakeups() {
        var count: UInt64 = 0
        _ = Glibc.read(wakeFD, &count, 8)
    }

    private func runPostedWork() {
        let work = posted.withLock { state in
            let work = state.queue
            (state.queue, state.woken) = ([], false)
            return work
        }
        for item in work { item() }
    }

    private func fireDueTimers() {
        guard !timers.isEmpty else { return }
        let now = monotonicNanoseconds()
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
        for timer in due {
            // An earlier timer's work may have cancelled this one.
            guard let index = timers.firstIndex(where: { $0.id == timer.id }) else { continue }
            timers.remove(at: index)
            timer.work()
        }
    }
}

/// The loop has ended and runs no more work.
public struct EventLoopEnded: Error, CustomStringConvertible {
    public var description: String { "the event loop has stopped" }
}
