import Dispatch
import Glibc

/// A named thread of its own that runs the work it is given, one item at a
/// time, in the order it was submitted.
///
/// A submission costs a lock and, when the thread is asleep, one wake-up
/// (a futex): the one hop from the submitter's thread to this one.
///
/// Unchecked Sendable: its queue and flags are guarded by its pthread mutex, which the unsafe pointers hold.
public final class WorkerThread: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var queue: [@Sendable () -> Void] = []
    private var sleeping = false
    private var stopping = false

    /// Starts the thread, named `name` (15 bytes are kept) for `top -H` and crash reports.
    public init(name: String) throws(SystemCallError) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        try startThread(name: name) { [self] in serve() }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Queues `work`; returns false, dropping it, once ``stop()`` was called.
    @discardableResult
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        pthread_mutex_lock(mutex)
        guard !stopping else {
            pthread_mutex_unlock(mutex)
            return false
        }
        queue.append(work)
        let wake = sleeping
        pthread_mutex_unlock(mutex)
        if wake { pthread_cond_signal(condition) }
        return true
    }

    /// Waits until the thread has run everything submitted before this call,
    /// for at most `limit`; returns whether it has.
    public func drain(within limit: Duration) -> Bool {
        // A semaphore: the caller (petald's last moment, off any loop) blocks until the worker gets here.
        let done = DispatchSemaphore(value: 0)
        guard submit({ done.signal() }) else { return true }
        return done.wait(for: limit)
    }

    /// Lets the thread finish what is queued and end; later submissions are refused.
    public func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        let wake = sleeping
        pthread_mutex_unlock(mutex)
        if wake { pthread_cond_signal(condition) }
    }

    private func serve() {
        pthread_mutex_lock(mutex)
        while true {
            while queue.isEmpty && !stopping {
                sleeping = true
                pthread_cond_wait(condition, mutex)
                sleeping = false
            }
            if queue.isEmpty { break }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            for work in batch { work() }
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
