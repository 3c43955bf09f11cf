/// Bounds how many daemons the tests run at once.
///
/// Swift Testing starts every test at once; on a 2-core machine a hundred
/// daemons and buses starting together starve each other for seconds, and
/// tests that wait for a signal time out. Each ``RunningDaemon`` holds a slot
/// from start to stop; others wait (asynchronously, holding no thread).
public actor TestSlots {
    /// The slots daemon tests share.
    public static let daemons = TestSlots(count: 4)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A pool of `count` slots.
    public init(count: Int) { free = count }

    /// Waits for a free slot and takes it.
    public func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back, to the longest waiter if any.
    public func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
