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
    /// Who waits, first come first served, and how many slots each wants.
    private var waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A pool of `count` slots.
    public init(count: Int) { free = count }

    /// Waits until `count` slots are free and takes them together, so that
    /// a test wanting several never holds some while waiting for the rest.
    /// (A test that takes its slots one by one, as one with two displays
    /// does, may hold one while it waits: so a waiter for several never
    /// blocks the waiters behind it.)
    public func acquire(_ count: Int = 1) async {
        if free >= count {
            free -= count
            return
        }
        await withCheckedContinuation { waiting.append((count, $0)) }
    }

    /// Gives `count` slots back, to the longest waiters they suffice for.
    public func release(_ count: Int = 1) {
        free += count
        var index = 0
        while index < waiting.count, free > 0 {
            if waiting[index].count <= free {
                free -= waiting[index].count
                waiting.remove(at: index).continuation.resume()
            } else {
                index += 1
            }
        }
    }
}
