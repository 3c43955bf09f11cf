import Synchronization

/// An incoming method call being served; its handler answers it exactly once.
///
/// A handler that returns ``MethodReply/later`` keeps this object and calls
/// ``reply(_:)`` or ``fail(_:)`` when it is done, from any thread. Answers
/// after the first are ignored. A call sent with NO_REPLY_EXPECTED runs but
/// its answer is not sent.
public final class MethodCall: Sendable {
    /// The call as it arrived.
    public let message: Message
    let connection: DBusConnection
    private let declaredReply: DeclaredTypes
    private let answered = Atomic<Bool>(false)
    /// The context the called object was registered with (see ``ObjectServer/register(_:at:context:)``).
    private let context: (any Sendable)?

    init(message: Message, connection: DBusConnection, declaredReply: DeclaredTypes, context: (any Sendable)? = nil) {
        self.message = message
        self.connection = connection
        self.declaredReply = declaredReply
        self.context = context
    }

    /// The server serving the call.
    var server: ObjectServer? { connection.objectServer }

    /// The context the called object was registered with, for a handler
    /// shared by many objects (see ``ObjectServer/register(_:at:context:)``).
    ///
    /// - Throws: `org.freedesktop.DBus.Error.Failed` when the object was
    ///   registered without a context of that type.
    public func object<Object: Sendable>(as type: Object.Type) throws(DBusError) -> Object {
        guard let object = context as? Object else {
            throw DBusError.failed("internal error: the object at \(message.path ?? "/") has no \(Object.self)")
        }
        return object
    }

    /// The caller's unique bus name.
    public var sender: String { message.sender ?? "" }

    /// Whether ``reply(_:)`` or ``fail(_:)`` has been called.
    public var isAnswered: Bool { answered.load(ordering: .acquiring) }

    /// Answers with values, which must carry the method's declared out-types
    /// (otherwise see ``DeclarationEnforcement``); returns false if the call
    /// was already answered. `here`: sent from the calling thread
    /// (``DBusConnection/sendHere(_:)``), not through the loop.
    @discardableResult
    public func reply(_ values: [DBusValue], here: Bool = false) -> Bool {
        guard claim() else { return false }
        if let problem = declaredReply.violation(by: values) {
            if !message.noReplyExpected { send(message.makeError(.failed("internal error: \(problem)")), here: here) }
            return true
        }
        guard !message.noReplyExpected else { return true }
        do {
            send(try message.makeReturn(values), here: here)
        } catch {
            send(message.makeError(.failed("the reply could not be built: \(error)")), here: here)
        }
        return true
    }

    /// Answers with an error; returns false if the call was already answered.
    /// `here` as for ``reply(_:here:)``.
    @discardableResult
    public func fail(_ error: DBusError, here: Bool = false) -> Bool {
        guard claim() else { return false }
        guard !message.noReplyExpected else { return true }
        send(message.makeError(error), here: here)
        return true
    }

    private func send(_ answer: Message, here: Bool) {
        if here { connection.sendHere(answer) } else { connection.send(answer) }
    }

    func claim() -> Bool {
        answered.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
