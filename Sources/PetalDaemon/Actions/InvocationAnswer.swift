import DBus
import PetalAPI
import PetalPluginRuntime
import Synchronization

/// A ``SignalSink`` that can also emit from any thread: the ``ObjectServer``
/// in petald, whose connection libdbus locks itself. A recorder in tests is
/// not one, and its invocations are answered on the scheduler.
protocol SignalsHere: AnyObject, Sendable {
    /// Emits `member` of `interface` from `path` on the calling thread.
    func emitHere(_ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue])
}

extension ObjectServer: SignalsHere {}

/// Which of an invocation's ends answers it: the first to claim it. The
/// action's own outcome claims it on the action's thread and, when it can,
/// answers there (``AnswerHere``); a timeout or a stop claims it on the loop.
final class InvocationAnswer: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// True for the first caller only, which must then answer.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Whether some end has claimed it: the invocation is answered, or being answered.
    var isClaimed: Bool { claimed.load(ordering: .acquiring) }
}

/// An invocation's answer sent from the thread its action finished on —
/// `ActionFinished`, then the caller's reply — with no hop back to the loop,
/// which learns of the end later, without being woken for it (see
/// ``ActionDispatcher``). `ActionStarted` went from the loop before the action
/// started, so libdbus's queue keeps the order docs/dbus-api.md promises.
struct AnswerHere: Sendable {
    let signals: any SignalsHere
    let id: UInt32
    let action: String
    let path: ObjectPath
    let call: any PendingCall<DBusVariantDictionary>

    /// Sends `outcome`'s `ActionFinished` and reply, in that order, from this thread.
    func send(_ outcome: ActionOutcome) {
        let finished = PetalBus.Menu.actionFinished
        switch outcome {
        case .success(let result):
            signals.emitHere(finished.name, of: finished.interface, at: path, finished.values(id, action, true, "", ""))
            call.replyHere(ParamsCoding.result(from: result))
        case .failure(let error):
            signals.emitHere(
                finished.name, of: finished.interface, at: path,
                finished.values(id, action, false, error.name.errorName, error.message))
            call.failHere(error.dbusError)
        }
    }
}

/// Set once the dispatcher stops or waits to be idle: the end of an action
/// answered from its own thread then wakes the loop, which waits for it.
final class WakeForEnds: Sendable {
    private let flag = Atomic<Bool>(false)

    /// From now on, ends wake the loop.
    func set() { flag.store(true, ordering: .releasing) }

    /// Whether ends wake the loop.
    var isSet: Bool { flag.load(ordering: .acquiring) }
}
