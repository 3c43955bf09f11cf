/// Method calls waiting to be served, a queue per caller, served in turn:
/// one caller's calls keep their order, and a caller who has just called
/// waits for at most one call of every other caller, however many each
/// has sent before. What keeps a client that floods calls from making
/// everyone else wait behind all of them (``DBusConnection``).
///
/// A caller may have at most ``maximumPerCaller`` calls waiting: one more is
/// refused (``append(_:from:)`` says so), so that a client that sends calls
/// and never waits for their answers cannot fill what the connection may
/// hold and stop it reading everyone else's.
///
/// Adding and taking a call cost the same however many callers wait (a
/// session bus lets a user open thousands of connections).
/// A pure value: it holds what it is given and says what comes next.
struct CallsInTurn<Call> {
    /// How many calls one caller may have waiting.
    let maximumPerCaller: Int

    /// Holds no call yet; a caller may have `maximumPerCaller` calls waiting.
    init(maximumPerCaller: Int = .max) {
        precondition(maximumPerCaller > 0, "a caller must be able to call")
        self.maximumPerCaller = maximumPerCaller
    }

    /// Each waiting caller's calls, oldest first, by the caller's bus name:
    /// a caller is in ``turns`` exactly while it has calls here.
    private var queues: [String: FIFO<Call>] = [:]
    /// The callers in the order they are served.
    private var turns = FIFO<String>()

    /// How many calls wait, from every caller.
    private(set) var count = 0

    /// Whether no call waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `call` from `caller` after that caller's earlier calls; false,
    /// adding nothing, when `caller` already has ``maximumPerCaller`` waiting.
    @discardableResult
    mutating func append(_ call: Call, from caller: String) -> Bool {
        if let index = queues.index(forKey: caller) {
            guard queues.values[index].count < maximumPerCaller else { return false }
            queues.values[index].append(call)
        } else {
            // A caller with nothing waiting is served last, after everyone waiting now.
            queues[caller] = FIFO([call])
            turns.append(caller)
        }
        count += 1
        return true
    }

    /// Adds `calls` from `caller` before that caller's waiting calls: calls
    /// it sent earlier, held until now (for an access check, say). They were
    /// let in when they came, so they are added even past ``maximumPerCaller``.
    mutating func prepend(_ calls: [Call], from caller: String) {
        guard !calls.isEmpty else { return }
        if let index = queues.index(forKey: caller) {
            queues.values[index].prepend(calls)
        } else {
            queues[caller] = FIFO(calls)
            turns.append(caller)
        }
        count += calls.count
    }

    /// The oldest call of the caller whose turn it is, taken out; nil when none waits.
    mutating func removeNext() -> Call? {
        guard let caller = turns.removeFirst(), let index = queues.index(forKey: caller),
            let call = queues.values[index].removeFirst()
        else { return nil }
        count -= 1
        if queues.values[index].isEmpty {
            queues.remove(at: index)
        } else {
            turns.append(caller)
        }
        return call
    }

    /// Forgets every waiting call.
    mutating func removeAll() {
        queues = [:]
        turns = FIFO()
        count = 0
    }
}

/// A first-in, first-out queue: taken from the front in constant time
/// (amortized), however many wait.
private struct FIFO<Element> {
    private var elements: [Element]
    private var head = 0

    init(_ elements: [Element] = []) { self.elements = elements }

    var isEmpty: Bool { head == elements.count }

    var count: Int { elements.count - head }

    mutating func append(_ element: Element) { elements.append(element) }

    mutating func prepend(_ earlier: [Element]) {
        elements = earlier + elements[head...]
        head = 0
    }

    mutating func removeFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = elements[head]
        head += 1
        // Taken elements are let go of once they are half the array.
        if head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }
}
