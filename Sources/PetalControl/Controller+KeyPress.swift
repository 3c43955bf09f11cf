import DBus
import Dispatch
import PetalAPI
import PetalCore
import Synchronization

/// The commands a key binding runs, once per press: `toggle`, `open`,
/// `close`, `back` and `show`, and `choose`, whose menu's first frame waits
/// on petalctl's start. Each is one call, made from the main thread,
/// which then blocks until the reply: no Swift task is started, so Swift's
/// cooperative threads and libdispatch's never start either, and the process
/// is the main thread and the connection's loop thread (bench/petalctl.py
/// measures it against busctl and gdbus).
extension Controller {
    /// Carries out a key's command (or `choose`) and returns how it ended;
    /// nil for any other command, which ``run()`` carries out.
    func runAtOnce() -> ExitStatus? {
        let call: (PetalClient) -> Result<Void, any Error>
        switch invocation.command {
        case .toggle: call = { change(PetalBus.Menu.toggle, of: $0) }
        case .open: call = { change(PetalBus.Menu.open, of: $0) }
        case .close: call = { change(PetalBus.Menu.close, of: $0) }
        case .back: call = { change(PetalBus.Menu.back, of: $0) }
        case .show(let name, let options):
            call = { client in
                Self.wait { client.showMenu(name, options, then: $0) }
                    .mapError { $0 as any Error }
                    .flatMap { path in Result { try printShown(path) } }
            }
        case .chooseFrom(let options):
            let choice: Choice
            do {
                choice = try Choice(options)
            } catch {
                return report(error)
            }
            call = { choose(choice, client: $0) }
        default:
            return nil
        }
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: invocation.bus)
        } catch {
            return report(error)
        }
        defer { connection.close() }
        let client = PetalClient(connection: connection)
        let frontend = askForFrontend(client)
        switch call(client) {
        case .success:
            frontend?.warnIfNothingDraws(on: console)
            return .success
        case .failure(let error as DBusError):
            let names =
                MenuFailure.needsMenuNames(error, menu: invocation.menu)
                ? (try? Self.wait { client.menus(then: $0) }.get())?.map(\.name) : nil
            return report(
                MenuFailure.explained(error, command: invocation.command, menu: invocation.menu, menuNames: names))
        case .failure(let error): return report(error)
        }
    }

    /// `Toggle`, `Open`, `Close` or `Back` of the menu of `--menu` (for
    /// `close` and `back` without it, the open one's), and the state printed with `--json`.
    private func change(_ method: DBusMethodDeclaration<MenuState>, of client: PetalClient) -> Result<Void, any Error> {
        let target: Result<PetalClient, DBusError>
        if invocation.menuOption == nil, let name = invocation.command.name,
            CommandName.followingTheOpenMenu.contains(name)
        {
            target = Self.wait { client.menuToActOn(named: nil, outermost: name == .close, then: $0) }
        } else {
            target = .success(client.menu(named: invocation.menu))
        }
        return target.flatMap { menu in Self.wait { menu.menu.call(method, then: $0) } }
            .mapError { $0 as any Error }
            .flatMap { state in Result { try printState(state) } }
    }

    /// Starts a call with `start` and blocks the calling thread until its completion runs.
    static func wait<Value: Sendable>(
        _ start: (@escaping @Sendable (Result<Value, DBusError>) -> Void) -> Void
    ) -> Result<Value, DBusError> {
        let answer = Answer<Value>()
        start { result in answer.give(result) }
        return answer.take()
    }
}

/// One reply, handed from the connection's loop thread to the thread that waits for it.
final class Answer<Value: Sendable>: Sendable {
    private let value = Mutex<Result<Value, DBusError>?>(nil)
    // A semaphore: the main thread, which has nothing else to do until the
    // reply comes, blocks on it; the loop thread signals it once, never waiting.
    private let given = DispatchSemaphore(value: 0)

    func give(_ result: Result<Value, DBusError>) {
        value.withLock { $0 = result }
        given.signal()
    }

    func take() -> Result<Value, DBusError> {
        given.wait()
        return value.withLock { $0! }
    }
}
