/// Method calls waiting to be served, a queue per caller, served in turn:
/// one caller's calls keep their order, and a caller who has just called
/// waits for at most one call of every other caller, however many each
/// has sent before. What keeps a client that floods calls from making
/// everyone else wait behind all of them (``DBusConnection``).
///
/// Two limits keep what waits bounded, so that clients that send calls and
/// never wait for their answers cannot fill what the connection may hold
/// and stop it reading everyone else's: a caller may have at most
/// ``maximumPerCaller`` calls waiting, and a caller who already has one
/// waiting may add another only while the calls of all callers stay within
/// ``maximumBytes``. A caller with nothing waiting is always let in, so a
/// flood never refuses the one call of a client that waits for its answers.
/// ``append(_:from:bytes:)`` says why a call was refused.
///
/// Adding and taking a call cost the same however many callers wait (a
/// session bus lets a user open thousands of connections).
/// A pure value: it holds what it is given and says what comes next.
struct CallsInTurn<Call> {
    /// How many calls one caller may have waiting.
    let maximumPerCaller: Int
    /// How many bytes the calls of all callers may take, but for each caller's first.
    let maximumBytes: Int

    /// Why a call was not let in.
    enum Refusal: Equatable {
        /// Its caller already has ``CallsInTurn/maximumPerCaller`` calls waiting.
        case tooManyCalls
        /// Its caller has a call waiting, and with it the calls would pass ``CallsInTurn/maximumBytes``.
        case tooManyBytes
    }

    /// Holds no call yet; a caller may have `maximumPerCaller` calls waiting,
    /// and all callers' calls may take `maximumBytes`.
    init(maximumPerCaller: Int = .max, maximumBytes: Int = .max) {
        precondition(maximumPerCaller > 0, "a caller must be able to call")
        self.maximumPerCaller = maximumPerCaller
        self.maximumBytes = maximumBytes
    }

    /// Each waiting caller's calls, oldest first, by the caller's bus name:
    /// a caller is in ``turns`` exactly while it has calls here.
    private var queues: [String: FIFO<Waiting>] = [:]
    /// The callers in the order they are served.
    private var turns = FIFO<String>()

    /// How many calls wait, from every caller.
    private(set) var count = 0
    /// How many bytes the waiting calls take, as they were given.
    private(set) var bytes = 0

    /// A call and the bytes it was said to take.
    private struct Waiting {
        let call: Call
        let bytes: Int
    }

    /// Whether no call waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `call` from `caller`, taking `bytes`, after that caller's earlier
    /// calls; adds nothing and says why when the limits refuse it.
    @discardableResult
    mutating func append(_ call: Call, from caller: String, bytes: Int = 0) -> Refusal? {
        if let index = queues.index(forKey: caller) {
            guard queues.values[index].count < maximumPerCaller else { return .tooManyCalls }
            guard bytes <= maximumBytes - self.bytes else { return .tooManyBytes }
            queues.values[index].append(Waiting(call: call, bytes: bytes))
        } else {
            // A caller with nothing waiting is served last, after everyone waiting now.
            queues[caller] = FIFO([Waiting(call: call, bytes: bytes)])
            turns.append(caller)
        }
        count += 1
        self.bytes += bytes
        return nil
    }

    /// Adds `calls` from `caller` before that caller's waiting calls: calls
    /// it sent earlier, held until now (for an access check, say). They were
    /// let in when they came, so they are added even past the limits, and
    /// count no bytes (the holder bounded them).
    mutating func prepend(_ calls: [Call], from caller: String) {
        guard !calls.isEmpty else { return }
        let held = calls.map { Waiting(call: $0, bytes: 0) }
        if let index = queues.index(forKey: caller) {
            queues.values[index].prepend(held)
        } else {
            queues[caller] = FIFO(held)
            turns.append(caller)
        }
        count += calls.count
    }

    /// The oldest call of the caller whose turn it is, taken out; nil when none waits.
    mutating func removeNext() -> Call? {
        guard let caller = turns.removeFirst(), let index = queues.index(forKey: caller),
            let waiting = queues.values[index].removeFirst()
        else { return nil }
        count -= 1
        bytes -= waiting.bytes
        if queues.values[index].isEmpty {
            queues.remove(at: index)
        } else {
            turns.append(caller)
        }
        return waiting.call
    }

    /// Forgets every waiting call.
    mutating func removeAll() {
        queues = [:]
        turns = FIFO()
        count = 0
        bytes = 0
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
