/// Method calls waiting to be served, a queue per caller, served in turn:
/// one caller's calls keep their order, and a caller who has just called
/// waits for at most one call of every other caller, however many each
/// has sent before. What keeps a client that floods calls from making
/// everyone else wait behind all of them (``DBusConnection``).
///
/// Adding and taking a call cost the same however many callers wait (a
/// session bus lets a user open thousands of connections).
/// A pure value: it holds what it is given and says what comes next.
struct CallsInTurn<Call> {
    /// Each waiting caller's calls, oldest first, by the caller's bus name:
    /// a caller is in ``turns`` exactly while it has calls here.
    private var queues: [String: FIFO<Call>] = [:]
    /// The callers in the order they are served.
    private var turns = FIFO<String>()

    /// How many calls wait, from every caller.
    private(set) var count = 0

    /// Whether no call waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `call` from `caller` after that caller's earlier calls.
    mutating func append(_ call: Call, from caller: String) {
        if let index = queues.index(forKey: caller) {
            queues.values[index].append(call)
        } else {
            // A caller with nothing waiting is served last, after everyone waiting now.
            queues[caller] = FIFO([call])
            turns.append(caller)
        }
        count += 1
    }

    /// Adds `calls` from `caller` before that caller's waiting calls: calls
    /// it sent earlier, held until now (for an access check, say).
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
