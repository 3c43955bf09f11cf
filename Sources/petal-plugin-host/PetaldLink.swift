import DBus
import Dispatch
import PetalPluginRuntime
import Synchronization

/// How a `petal-plugin-host` calls petald's ``HostProtocol/servicesInterface``
/// on its connection: told (no answer), asked (the answer on the bus
/// thread), or asked and waited for (never on the bus thread).
struct PetaldLink: Sendable {
    let connection: DBusConnection

    private func message(_ member: MemberName, _ values: [DBusValue]) -> Message {
        let message = Message.methodCall(destination: nil, path: HostProtocol.servicesPath,
                                         interface: HostProtocol.servicesInterface, member: member)
        // The values are built by the host from strings and numbers, which always append.
        try? message.append(values)
        return message
    }

    /// Whether the caller is on the host's bus thread, where no call may be waited for.
    var onBusThread: Bool { connection.loop.inEventLoop }

    /// Sends a call nobody waits for.
    func tell(_ member: MemberName, _ values: [DBusValue]) {
        let message = message(member, values)
        message.noReplyExpected = true
        connection.send(message)
    }

    /// Sends a call and runs `completion` on the bus thread with petald's answer.
    func ask(
        _ member: MemberName, _ values: [DBusValue], timeout: Duration = DBusConnection.defaultCallTimeout,
        completion: @escaping @Sendable (Result<Message, DBusError>) -> Void
    ) {
        let message = message(member, values)
        let connection = connection
        let send: @Sendable () -> Void = { connection.sendWithReply(message, timeout: timeout, completion: completion) }
        if connection.loop.inEventLoop {
            send()
        } else if !connection.loop.execute(send) {
            completion(.failure(DBusError(DBusError.Name.disconnected, "the host's connection to petald is closed")))
        }
    }

    /// Sends a call and waits for petald's answer; never on the bus thread.
    func askAndWait(
        _ member: MemberName, _ values: [DBusValue], timeout: Duration = DBusConnection.defaultCallTimeout
    ) -> Result<Message, DBusError> {
        precondition(!onBusThread, "PetaldLink.askAndWait called on the host's bus thread")
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<Result<Message, DBusError>?>(nil)
        ask(member, values, timeout: timeout) { result in
            answer.withLock { $0 = result }
            answered.signal()
        }
        answered.wait()
        return answer.withLock { $0! }
    }
}
