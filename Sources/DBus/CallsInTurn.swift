/// Method calls waiting to be served, a queue per caller, served in turn:
/// one caller's calls keep their order, and a caller who has just called
/// waits for at most one call of every other caller, however many each
/// has sent before. What keeps a client that floods calls from making
/// everyone else wait behind all of them (``DBusConnection``).
///
/// A pure value: it holds what it is given and says what comes next.
struct CallsInTurn<Call> {
    /// Each caller with calls waiting, and its calls, oldest first, in the
    /// order the callers are served. Few callers wait at once (a bus limits
    /// each user's connections), so a caller is found by looking along.
    private var turns: [(caller: String, calls: Queue)] = []
    /// Where in ``turns`` the next call is taken.
    private var next = 0

    /// How many calls wait, from every caller.
    private(set) var count = 0

    /// Whether no call waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `call` from `caller` after that caller's earlier calls.
    mutating func append(_ call: Call, from caller: String) {
        if let index = turns.firstIndex(where: { $0.caller == caller }) {
            turns[index].calls.append(call)
        } else {
            join(caller, Queue([call]))
        }
        count += 1
    }

    /// Adds `calls` from `caller` before that caller's waiting calls: calls
    /// it sent earlier, held until now (for an access check, say).
    mutating func prepend(_ calls: [Call], from caller: String) {
        guard !calls.isEmpty else { return }
        if let index = turns.firstIndex(where: { $0.caller == caller }) {
            turns[index].calls.prepend(calls)
        } else {
            join(caller, Queue(calls))
        }
        count += calls.count
    }

    /// A caller with nothing waiting is served last, after everyone waiting now.
    private mutating func join(_ caller: String, _ calls: Queue) {
        turns.insert((caller, calls), at: next)
        next += 1
    }

    /// The oldest call of the caller whose turn it is, taken out; nil when none waits.
    mutating func removeNext() -> Call? {
        guard !turns.isEmpty else { return nil }
        if next >= turns.count { next = 0 }
        guard let call = turns[next].calls.removeFirst() else {
            preconditionFailure("a caller in turn has no call waiting")
        }
        count -= 1
        if turns[next].calls.isEmpty {
            turns.remove(at: next)
        } else {
            next += 1
        }
        return call
    }

    /// Forgets every waiting call.
    mutating func removeAll() {
        turns = []
        next = 0
        count = 0
    }

    /// One caller's calls: taken from the front in constant time, however many wait.
    private struct Queue {
        private var calls: [Call]
        private var head = 0

        init(_ calls: [Call]) { self.calls = calls }

        var isEmpty: Bool { head == calls.count }

        mutating func append(_ call: Call) { calls.append(call) }

        mutating func prepend(_ earlier: [Call]) {
            calls = earlier + calls[head...]
            head = 0
        }

        mutating func removeFirst() -> Call? {
            guard !isEmpty else { return nil }
            let call = calls[head]
            head += 1
            // Taken calls are let go of once they are half the array.
            if head * 2 >= calls.count {
                calls.removeFirst(head)
                head = 0
            }
            return call
        }
    }
}
