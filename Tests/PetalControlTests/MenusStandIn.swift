import DBus
import Foundation
import PetalAPI
import PetalCore
import Synchronization
import TestSupport

/// A stand-in for a petald with named menus, on a private bus of its own:
/// it owns `org.petal.Petal1` and serves, from the declarations petald
/// serves, the root's `org.petal.Petal1.Menus` (`ShowMenu`, `ChooseFrom`, `PickFrom`,
/// `Menus`, `ActiveMenu`) and `org.petal.Petal1.Menu` on every menu's object
/// (the properties petalctl reads, `Toggle` and `Back`), recording each call.
/// It lets petalctl's side of named menus be tested whatever petald serves;
/// the same behaviours are tested against the real petald in
/// NamedMenuCommandTests.
final class MenusStandIn: @unchecked Sendable {
    /// One menu it serves.
    struct Menu: Sendable {
        var name: String
        var title: String
        var state = MenuState.collapsed
        var owner = ""
        var items: [ItemRow] = []
        var path: ObjectPath { PetalBus.menuPath(name) }
    }

    /// A call as it came: its member, the menu's object, and its arguments as text.
    struct Call: Sendable, Equatable {
        let member: String
        let path: String
        let arguments: [String]
    }

    private final class State: Sendable {
        let menus: Mutex<[Menu]>
        let active = Mutex(ObjectPath.root)
        let calls = Mutex<[Call]>([])
        let choices = Mutex<[DBusReply<String>]>([])
        let picks = Mutex<[DBusReply<DBusVariantDictionary>]>([])
        init(_ menus: [Menu]) { self.menus = Mutex(menus) }

        func record(_ member: String, _ path: ObjectPath, _ arguments: [String]) {
            calls.withLock { $0.append(Call(member: member, path: path.rawValue, arguments: arguments)) }
        }
    }

    let bus: PrivateBus
    let connection: DBusConnection
    private let state: State

    /// Starts on a new private bus, serving `menus` (main first), and waits until it owns the name.
    init(menus: [Menu]) async throws {
        bus = try PrivateBus()
        state = State(menus)
        connection = try DBusConnection.connect(to: .address(bus.address))
        let (connection, state) = (connection, state)
        try await connection.loop.perform {
            for menu in menus {
                var interfaces = [Self.menuInterface(menu.path, state)]
                if menu.path == PetalBus.path { interfaces.append(Self.menusInterface(state)) }
                connection.objectServer.register(interfaces, at: menu.path)
            }
        }
        let reply = try await connection.requestName(PetalBus.name, flags: [.doNotQueue])
        guard reply == .primaryOwner else { throw TestSetupError("the stand-in could not own \(PetalBus.name)") }
        // It stands in for a frontend too, as a desktop where petal-overlay runs has one:
        // toggle, open and show then have no warning to print.
        _ = try await connection.requestName(PetalBus.frontendName, flags: [.doNotQueue])
    }

    /// The usual menus: `main`, `apps` and `power`, with an item each.
    static func standard() async throws -> MenusStandIn {
        try await MenusStandIn(menus: [
            Menu(
                name: "main", title: "Main",
                items: [ItemRow(id: "apps", title: "Apps", icon: "", action: "", enabled: true, selected: false)]),
            Menu(
                name: "apps", title: "Apps",
                items: [
                    ItemRow(
                        id: "web", title: "Web", icon: "web-browser", action: "open.uri", enabled: true, selected: false
                    )
                ]),
            Menu(name: "power", title: "Power", state: .expanded, owner: ":1.7"),
        ])
    }

    /// Every call so far, oldest first.
    var calls: [Call] { state.calls.withLock { $0 } }

    /// Waits until a `ChooseFrom` (or with `pick`, a `PickFrom`) waits for
    /// its answer, and returns its arguments.
    ///
    /// The wait is long: petalctl is a process of its own, which a machine
    /// busy with the rest of the suite may take seconds to start.
    func waitForChoice(pick: Bool = false, within limit: Duration = .seconds(30)) async throws -> Call {
        let deadline = ContinuousClock.now + limit
        let member = pick ? "PickFrom" : "ChooseFrom"
        while true {
            // The calls as they were when the choices were looked at, for the message.
            let waiting = pick ? state.picks.withLock { !$0.isEmpty } : state.choices.withLock { !$0.isEmpty }
            let seen = calls
            if waiting, let call = seen.last(where: { $0.member == member }) { return call }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("no \(member) waited within \(limit); the calls then were \(seen)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Answers every waiting `ChooseFrom` with `id`, or with `Cancelled` for nil.
    func answerChoice(_ id: String?) async throws {
        let waiting = state.choices.withLock { choices in
            defer { choices = [] }
            return choices
        }
        try await connection.loop.perform {
            for reply in waiting {
                if let id {
                    _ = reply.reply(id)
                } else {
                    _ = reply.fail(
                        DBusError(PetalBus.ErrorName.cancelled.errorName, "the menu closed without a choice"))
                }
            }
        }
    }

    /// Answers every waiting `PickFrom` with `answer`, or with `Cancelled` for nil.
    func answerPick(_ answer: PickAnswer?) async throws {
        let waiting = state.picks.withLock { picks in
            defer { picks = [] }
            return picks
        }
        try await connection.loop.perform {
            for reply in waiting {
                if let answer {
                    _ = reply.reply(answer.dictionary)
                } else {
                    _ = reply.fail(
                        DBusError(PetalBus.ErrorName.cancelled.errorName, "the menu closed without a choice"))
                }
            }
        }
    }

    /// Makes `name` the open menu (nil: none), with `state`, announcing it as petald does.
    func open(_ name: String?, state newState: MenuState = .expanded) async throws {
        let path = name.map(PetalBus.menuPath) ?? .root
        let (connection, state) = (connection, state)
        try await connection.loop.perform {
            var previous = MenuState.collapsed
            if let name {
                state.menus.withLock { menus in
                    for index in menus.indices where menus[index].name == name {
                        previous = menus[index].state
                        menus[index].state = newState
                    }
                }
            }
            state.active.withLock { $0 = path }
            let server: ObjectServer = connection.objectServer
            if let name {
                let menu = PetalBus.menuPath(name)
                server.emitPropertiesChanged(at: menu, [PetalBus.Menu.state])
                server.emit(PetalBus.Menu.stateChanged, at: menu, newState, previous)
            }
            server.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menus.activeMenu])
        }
    }

    /// Emits `ActionStarted` from `menu`'s object, as petald does for an item of its chain.
    func emitActionStarted(menu: String, action: String, item: String) async throws {
        let connection = connection
        try await connection.loop.perform {
            connection.objectServer.emit(
                PetalBus.Menu.actionStarted, at: PetalBus.menuPath(menu), UInt32(1), action, item)
        }
    }

    func stop() {
        connection.close()
        let bus = bus
        Thread.detachNewThread { bus.stop() }
    }

    // MARK: - What it serves

    private static func menusInterface(_ state: State) -> DBusInterface {
        DBusInterface(
            PetalBus.Menus.interface,
            methods: [
                PetalBus.Menus.showMenu.serve { _, name, options in
                    state.record("ShowMenu", PetalBus.path, [name, Self.text(options)])
                    let shown = name.isEmpty ? "power" : name
                    guard state.menus.withLock({ $0.contains { $0.name == shown } }) else {
                        throw DBusError(PetalBus.ErrorName.unknownMenu.errorName, "no menu is called \"\(name)\"")
                    }
                    return PetalBus.menuPath(shown)
                },
                PetalBus.Menus.chooseFrom.serveLater { reply, json, options in
                    state.record("ChooseFrom", PetalBus.path, [json, Self.text(options)])
                    state.choices.withLock { $0.append(reply) }
                },
                PetalBus.Menus.pickFrom.serveLater { reply, json, options in
                    state.record("PickFrom", PetalBus.path, [json, Self.text(options)])
                    state.picks.withLock { $0.append(reply) }
                },
            ],
            properties: [
                PetalBus.Menus.menus.serve {
                    state.menus.withLock { $0.map { MenuRow(name: $0.name, path: $0.path, title: $0.title) } }
                },
                PetalBus.Menus.activeMenu.serve { state.active.withLock { $0 } },
            ])
    }

    private static func menuInterface(_ path: ObjectPath, _ state: State) -> DBusInterface {
        @Sendable func menu() -> Menu { state.menus.withLock { $0.first { $0.path == path }! } }
        return DBusInterface(
            PetalBus.Menu.interface,
            methods: [
                PetalBus.Menu.toggle.serve { _ in
                    state.record("Toggle", path, [])
                    return menu().state
                },
                PetalBus.Menu.back.serve { _ in
                    state.record("Back", path, [])
                    return menu().state
                },
            ],
            properties: [
                PetalBus.Menu.state.serve { menu().state },
                PetalBus.Menu.highlighted.serve(get: { "" }, set: { _ in }),
                PetalBus.Menu.layoutStyle.serve(get: { .radial }, set: { _ in }),
                PetalBus.Menu.version.serve { "0.1.0" },
                PetalBus.Menu.items.serve { menu().items },
                PetalBus.Menu.actions.serve { [] },
                PetalBus.Menu.plugins.serve { [] },
                PetalBus.Menu.layout.serve { menu().items.map { LayoutPoint(id: $0.id, x: 80, y: 0) } },
                PetalBus.Menu.name.serve { menu().name },
                PetalBus.Menu.title.serve { menu().title },
                PetalBus.Menu.owner.serve { menu().owner },
            ],
            signals: PetalBus.Menu.signals)
    }

    /// Options as `key=value` words in order, for the record.
    private static func text(_ options: DBusVariantDictionary) -> String {
        options.entries.map { "\($0.key)=\($0.value.unwrapped)" }.joined(separator: " ")
    }
}
