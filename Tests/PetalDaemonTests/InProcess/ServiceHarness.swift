import DBus
import Linux
import PetalAPI
import PetalCore
import PetalJSON
import Synchronization

@testable import PetalDaemon
@testable import PetalPluginRuntime

/// A `MenuService` with no bus and no real time: a ``ManualScheduler``, a
/// signal recorder and recorded calls, so that tests drive the state
/// machine, Activate, Choose, timeouts and the invocation lifecycle step by
/// step, as swift-nio's embedded channel lets handlers be tested.
final class ServiceHarness {
    let scheduler = ManualScheduler()
    let signals = RecordedSignals()
    let service: MenuService

    /// A service of `items` and `actions`; without `frontendBus` (no bus at
    /// all) a frontend counts as present, with one the test says who owns
    /// `org.petal.Frontend1` and how starting it ends.
    init(
        items: [MenuItem], actions: [any Action], menu: MenuSettings = MenuSettings(),
        limits: ActionSettings = ActionSettings(), frontendBus: FrontendBusStandIn? = nil
    ) {
        var registry = ActionRegistry()
        for action in actions { registry.register(action, plugin: "inprocess") }
        let configuration = LoadedConfiguration(MenuConfiguration(menu: menu, items: items, actions: limits))
        let log = Logger(threshold: .error, journal: false)
        service = MenuService(
            registry: registry, initial: configuration, configuration: { configuration },
            scheduler: scheduler, signals: signals, server: nil,
            frontend: frontendBus.map { [scheduler] in FrontendPresence(bus: $0, scheduler: scheduler, log: log) },
            log: log)
        service.start()
    }

    /// The main menu.
    var menu: ServedMenu { service.main }

    var state: MenuState { service.state(of: "main") }

    /// Toggle, Open or Close of the main menu, as its D-Bus methods do.
    func handle(_ command: MenuCommand) -> MenuState { service.handle(command, of: "main") }

    /// Opens the menu and lets it finish expanding.
    func expand() {
        _ = handle(.open)
        scheduler.advance(by: service.configuration.menu.openDuration)
    }

    /// Calls Activate the way the item's D-Bus method does; returns the call
    /// (answered at once or later) or the error it threw.
    func activate(_ id: String) -> (call: RecordedCall<DBusVariantDictionary>, thrown: DBusError?) {
        let call = RecordedCall<DBusVariantDictionary>()
        do throws(DBusError) {
            try service.activate(id, in: "main", call: call)
            return (call, nil)
        } catch {
            return (call, error)
        }
    }

    /// Calls Trigger with `params`.
    func trigger(_ action: String, _ params: [(String, DBusValue)] = [])
        -> (call: RecordedCall<DBusVariantDictionary>, thrown: DBusError?)
    {
        let call = RecordedCall<DBusVariantDictionary>()
        do throws(DBusError) {
            try service.actions.trigger(action, params: DBusVariantDictionary(params.map { ($0.0, $0.1) }), call: call)
            return (call, nil)
        } catch {
            return (call, error)
        }
    }

    /// Calls ChooseFrom with the menu `json` and `options`.
    func chooseFrom(_ json: String, _ options: [(String, DBusValue)] = [], sender: String = ":1.1") -> (
        call: RecordedCall<String>, thrown: DBusError?
    ) {
        let call = RecordedCall<String>(sender: sender)
        do throws(DBusError) {
            try service.chooseFrom(
                json, options: DBusVariantDictionary(options.map { ($0.0, $0.1) }), caller: .choose(call))
            return (call, nil)
        } catch {
            return (call, error)
        }
    }

    /// Calls Choose with `options`.
    func choose(_ options: [(String, DBusValue)] = [], sender: String = ":1.1") -> (
        call: RecordedCall<String>, thrown: DBusError?
    ) {
        let call = RecordedCall<String>(sender: sender)
        do throws(DBusError) {
            try service.choose(in: "main", options: DBusVariantDictionary(options.map { ($0.0, $0.1) }), call: call)
            return (call, nil)
        } catch {
            return (call, error)
        }
    }
}

/// A method call whose answer the test reads.
final class RecordedCall<Value: Sendable & Equatable>: PendingCall, Sendable {
    enum Answer: Equatable {
        case value(Value)
        case error(name: String, message: String)
    }

    let sender: String
    private let recorded = Mutex<Answer?>(nil)

    init(sender: String = ":1.1") { self.sender = sender }

    var answer: Answer? { recorded.withLock { $0 } }
    var isAnswered: Bool { answer != nil }
    /// The error name, when the call failed.
    var errorName: String? { if case .error(let name, _)? = answer { name } else { nil } }

    @discardableResult func reply(_ value: Value) -> Bool { claim(.value(value)) }
    @discardableResult func fail(_ error: DBusError) -> Bool { claim(.error(name: error.name, message: error.message)) }

    private func claim(_ answer: Answer) -> Bool {
        recorded.withLock { current in
            guard current == nil else { return false }
            current = answer
            return true
        }
    }
}

/// Every signal the service emits, as one line each: `StateChanged expanding collapsed`,
/// `ActionFinished test.held false org.petal.Petal1.Error.Timeout`, `PropertiesChanged /org/petal/Petal1 Items`.
final class RecordedSignals: SignalSink {
    private(set) var lines: [String] = []

    func emit(
        _ member: MemberName, of interface: InterfaceName, at path: ObjectPath, _ values: [DBusValue], reusable: Bool
    ) {
        var words = [member.rawValue]
        for value in values {
            switch value {
            case .string(let text): words.append(text)
            case .boolean(let flag): words.append("\(flag)")
            default: continue
            }
        }
        // ActionFinished's message is prose; the line keeps the name only.
        if member.rawValue == "ActionFinished", words.count == 5 { words.removeLast() }
        lines.append(words.joined(separator: " "))
    }

    func emitPropertiesChanged(at path: ObjectPath, interface: InterfaceName, _ names: [String]) {
        // The Menus interface's ActiveMenu follows every opening and closing; its tests read it apart.
        guard interface != PetalBus.Menus.interface else { return }
        lines.append((["PropertiesChanged", path.rawValue] + names).joined(separator: " "))
    }

    func emitPropertiesChanged(
        at path: ObjectPath, interface: InterfaceName, values: [(key: String, value: DBusValue)], reusable: Bool
    ) {
        guard interface != PetalBus.Menus.interface else { return }
        lines.append((["PropertiesChanged", path.rawValue] + values.map(\.key)).joined(separator: " "))
    }

    /// The lines since the last call.
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// An action that finishes at once with its parameters as the result.
struct EchoAction: Action {
    let id: String
    var title: String { id }

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        finish(.success(params.object))
        return .none
    }
}

/// An action whose runs finish only when the test says so; counts cancellations.
final class HeldAction: Action, @unchecked Sendable {
    let id: String
    var title: String { id }
    private let runs = Mutex<[(params: JSONObject, finish: @Sendable (ActionOutcome) -> Void)]>([])
    private let cancelled = Atomic<Int>(0)

    init(id: String) { self.id = id }

    func start(_ params: ActionParams, finish: @escaping @Sendable (ActionOutcome) -> Void) -> ActionCancellation {
        runs.withLock { $0.append((params.object, finish)) }
        return ActionCancellation { [self] in cancelled.add(1, ordering: .relaxed) }
    }

    var started: Int { runs.withLock { $0.count } }
    var cancellations: Int { cancelled.load(ordering: .relaxed) }
    func params(of run: Int) -> JSONObject { runs.withLock { $0[run].params } }

    /// Ends run `index` (0 for the first) with `outcome`, as the action's own thread would.
    func finish(_ index: Int, _ outcome: ActionOutcome) {
        let finish = runs.withLock { $0[index].finish }
        finish(outcome)
    }
}

/// The bus as ``FrontendPresence`` sees it, told by the test: who owns
/// `org.petal.Frontend1`, and the `StartServiceByName` requests, answered
/// when the test says.
final class FrontendBusStandIn: FrontendBus, @unchecked Sendable {
    private var changed: (@Sendable (Bool) -> Void)?
    private var pending: [@Sendable (Result<Void, DBusError>) -> Void] = []
    /// How many times the bus was asked to start a frontend.
    private(set) var startRequests = 0

    func follow(_ changed: @escaping @Sendable (Bool) -> Void) { self.changed = changed }

    func start(_ completion: @escaping @Sendable (Result<Void, DBusError>) -> Void) {
        startRequests += 1
        pending.append(completion)
    }

    /// The bus says whether the name has an owner now.
    func owner(_ owned: Bool) { changed?(owned) }

    /// Answers the start requests waiting: with success, or with `error`.
    func answerStarts(_ error: DBusError? = nil) {
        let waiting = pending
        pending = []
        for completion in waiting { completion(error.map { .failure($0) } ?? .success(())) }
    }
}
