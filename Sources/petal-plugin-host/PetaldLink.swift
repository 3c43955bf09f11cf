import DBus
import Dispatch
import Linux
import PetalPluginRuntime
import Synchronization

/// How a `petal-plugin-host` calls petald's ``HostProtocol/servicesInterface``
/// on its connection: told (no answer), asked (the answer on the bus
/// thread), or asked and waited for (never on the bus thread).
struct PetaldLink: Sendable {
    let connection: DBusConnection

    /// Whether the caller is on the host's bus thread, where no call may be waited for.
    var onBusThread: Bool { connection.loop.inEventLoop }

    /// Sends a call nobody waits for.
    func tell<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In
    ) {
        // The values are the host's strings and numbers, which always append.
        try? connection.send(method, on: nil, at: HostProtocol.servicesPath, repeat each arguments)
    }

    /// Sends a call and runs `completion` on the bus thread with petald's answer.
    func ask<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In,
        timeout: Duration = DBusConnection.defaultCallTimeout,
        completion: @escaping @Sendable (Result<Out, DBusError>) -> Void
    ) {
        connection.call(
            method, on: nil, at: HostProtocol.servicesPath, repeat each arguments, timeout: timeout,
            then: completion)
    }

    /// Sends a call and waits for petald's answer; never on the bus thread.
    func askAndWait<each In: DBusArgumentValue, Out: Sendable>(
        _ method: DBusMethodDeclaration<repeat each In, Out>, _ arguments: repeat each In,
        timeout: Duration = DBusConnection.defaultCallTimeout
    ) -> Result<Out, DBusError> {
        precondition(!onBusThread, "PetaldLink.askAndWait called on the host's bus thread")
        let answer = Handoff<Result<Out, DBusError>>()
        ask(method, repeat each arguments, timeout: timeout) { answer.put($0) }
        return answer.take()
    }
}
