import DBus
import Foundation
import PetalAPI
import PetalCore
import TestSupport
import Testing

/// The context over D-Bus (docs/context.md, docs/dbus-api.md): `SetContext`
/// and the `Context` property, owned by the setter's connection, hostile
/// values refused with the daemon's state kept, and `ShowMenu("")` opening
/// the menu the context asks for on the context's output.
@Suite(.timeLimit(.minutes(2))) struct ContextTests {
    typealias Menus = PetalBus.Menus

    /// Menus for a browser, for GitHub in Firefox, for terminals and for an
    /// empty desktop; each opens and closes at once.
    static let configuration = #"""
        {
          "menu": { "openDuration": 0, "closeDuration": 0 },
          "items": [ { "id": "echo", "title": "Echo", "icon": "", "action": "test.echo" } ],
          "menus": {
            "browser":  { "when": { "app": "firefox|chromium" },
                          "items": [ { "id": "back", "title": "Back", "icon": "", "action": "test.noop" } ] },
            "github":   { "when": { "app": "firefox", "title": ".*GitHub.*" },
                          "items": [ { "id": "pr", "title": "PR", "icon": "", "action": "test.noop" } ] },
            "work":     { "when": { "app": "firefox", "instance": "work|office" },
                          "items": [ { "id": "mail", "title": "Mail", "icon": "", "action": "test.noop" } ] },
            "terminal": { "when": { "app": "(?i)foot|kitty" },
                          "items": [ { "id": "split", "title": "Split", "icon": "", "action": "test.noop" } ] },
            "desktop":  { "when": { "app": "" },
                          "items": [ { "id": "lock", "title": "Lock", "icon": "", "action": "test.noop" } ] }
          }
        }
        """#

    static let firefox = DesktopContext(
        app: "firefox", title: "Petal - Mozilla Firefox", output: "HDMI-A-1", source: "test")

    static func start() async throws -> MenusFixture {
        try await MenusFixture.start(configuration)
    }

    /// `SetContext` with `entries` from `connection` (the daemon's client by default).
    static func setContext(
        _ fixture: MenusFixture, _ entries: [(String, DBusValue)], from connection: DBusConnection? = nil
    ) async throws {
        _ = try await fixture.daemon.call(
            Menus.interface, "SetContext", [.vardict(entries)], from: connection)
    }

    @Test func setContextIsWhatThePropertyHoldsAnnouncedOncePerChange() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        let client = fixture.client
        #expect(try await client.context() == .none, "no source has set one yet")
        let signals = try await SignalRecorder(fixture.daemon)

        // Keys in any order; the property lists them app, instance, title, output, source.
        try await Self.setContext(
            fixture,
            [
                ("source", .string("test")), ("output", .string("HDMI-A-1")), ("app", .string("firefox")),
                ("title", .string("Petal - Mozilla Firefox")), ("instance", .string("Navigator")),
            ])
        let property = try await fixture.daemon.call(
            .propertiesInterface, "Get", [.string(Menus.interface.rawValue), .string("Context")])
        #expect(
            property.first?.unwrapped
                == .vardict([
                    ("app", .string("firefox")), ("instance", .string("Navigator")),
                    ("title", .string("Petal - Mozilla Firefox")), ("output", .string("HDMI-A-1")),
                    ("source", .string("test")),
                ]))
        let announced = try await signals.wait(for: "PropertiesChanged") { $0.changedProperties["Context"] != nil }
        #expect(announced.path == PetalBus.path.rawValue)
        #expect(announced.changedProperties["Context"]?.entries["app"] == .string("firefox"))

        // The same again changes nothing; a context of fewer keys replaces it whole.
        try await client.setContext(
            DesktopContext(
                app: "firefox", instance: "Navigator", title: "Petal - Mozilla Firefox", output: "HDMI-A-1",
                source: "test"))
        try await client.setContext(DesktopContext(app: "foot"))
        #expect(try await client.context() == DesktopContext(app: "foot"))
        try await signals.wait(for: "PropertiesChanged") {
            $0.changedProperties["Context"]?.entries == ["app": .string("foot")]
        }
        #expect(signals.signals("PropertiesChanged").filter { $0.changedProperties["Context"] != nil }.count == 2)
    }

    @Test func theContextGoesWhenItsSetterLeavesTheBus() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        let signals = try await SignalRecorder(fixture.daemon)
        let source = try fixture.daemon.connectClient()
        try await PetalClient(connection: source).setContext(Self.firefox)
        #expect(try await fixture.client.context() == Self.firefox)

        source.close()
        try await signals.wait(for: "PropertiesChanged") { $0.changedProperties["Context"]?.entries == [:] }
        #expect(try await fixture.client.context() == .none)
    }

    @Test func theLastSetterOwnsTheContext() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        let (first, second) = (try fixture.daemon.connectClient(), try fixture.daemon.connectClient())
        defer { second.close() }
        try await PetalClient(connection: first).setContext(Self.firefox)
        try await PetalClient(connection: second).setContext(DesktopContext(app: "foot", source: "second"))
        let departures = try await SignalRecorder(
            fixture.daemon, rule: MatchRule(sender: "org.freedesktop.DBus", member: "NameOwnerChanged"))
        first.close()
        // The bus told petald before this client, so the next call is answered after petald saw it.
        try await departures.wait(for: "NameOwnerChanged") { $0.arguments.first == .string(first.uniqueName) }
        #expect(try await fixture.client.context() == DesktopContext(app: "foot", source: "second"))

        // An empty context belongs to nobody: the second setter leaving after it announces nothing more.
        try await PetalClient(connection: second).setContext(.none)
        #expect(try await fixture.client.context() == .none)
    }

    static let invalidArgs = DBusError.Name.invalidArgs

    @Test func hostileContextsAreRefusedAndTheContextStays() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(Self.firefox)
        let long = String(repeating: "x", count: DesktopContext.maximumValueBytes + 1)
        let hostile: [(what: String, entries: [(String, DBusValue)], message: String)] = [
            ("an unknown key", [("class", .string("firefox"))], #"no key "class""#),
            ("a value that is no string", [("app", .int32(3))], #""app" must be a string (s), not i"#),
            ("an object path", [("app", .objectPath("/x"))], #""app" must be a string (s), not o"#),
            ("a value over 4 KiB", [("title", .string(long))], "4097 bytes long; a value has at most 4096"),
            ("a key given twice", [("app", .string("a")), ("app", .string("b"))], #""app" is given twice"#),
            (
                "a message over 32 KiB", [("title", .string(String(repeating: "x", count: 40_000)))],
                "the limit is 32768 bytes"
            ),
            (
                "thousands of keys", (0..<5000).map { ("k\($0)", DBusValue.string("")) },
                "the limit is 32768 bytes"
            ),
        ]
        for (what, entries, message) in hostile {
            let error = await expectDBusError(Self.invalidArgs) { try await Self.setContext(fixture, entries) }
            #expect(error?.message.contains(message) == true, "\(what): \(error?.message ?? "")")
            #expect(try await fixture.client.context() == Self.firefox, "\(what) left the context as it was")
        }
        // Not an a{sv} at all: the signature is refused before any handler.
        await expectDBusError(Self.invalidArgs) {
            try await fixture.daemon.call(Menus.interface, "SetContext", [.string("firefox")])
        }
        #expect(try await fixture.client.context() == Self.firefox)
        #expect(try await fixture.menuNames().count == 6, "petald still answers")
    }

    @Test(.enabled(if: getuid() != 65534, "the tests must not themselves run as nobody"))
    func onlyTheDaemonsUserMaySetItAndAnyoneMayReadIt() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(Self.firefox)
        let root = ["org.petal.Petal1", "/org/petal/Petal1", Menus.interface.rawValue]
        func asNobody(_ arguments: [String]) async throws -> ExternalCommand {
            try await ExternalCommand.running(
                [
                    "SYSTEMD_LOG_LEVEL=debug", "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                    "busctl", "--address=\(fixture.daemon.bus.address)",
                ] + arguments)
        }
        let denied = try await asNobody(["call"] + root + ["SetContext", "a{sv}", "1", "app", "s", "foot"])
        #expect(denied.errors.contains("error-name=org.freedesktop.DBus.Error.AccessDenied"), "\(denied.summary)")
        let read = try await asNobody(["get-property"] + root + ["Context"])
        #expect(read.status == 0 && read.output.contains(#""app" s "firefox""#), "\(read.summary)")
        #expect(try await fixture.client.context() == Self.firefox)
    }

    @Test(arguments: [
        (DesktopContext(app: "firefox", title: "Petal · GitHub"), "github"),
        (DesktopContext(app: "firefox", title: "Mail"), "browser"),
        (DesktopContext(app: "firefox", instance: "work", title: "Mail"), "work"),
        (DesktopContext(app: "firefox", instance: "Navigator", title: "Mail"), "browser"),
        (DesktopContext(app: "chromium", title: "GitHub"), "browser"),
        (DesktopContext(app: "Foot"), "terminal"),
        (DesktopContext(app: "", title: ""), "desktop"),
        (DesktopContext(title: "no app key counts as an empty one"), "desktop"),
        (DesktopContext(app: "gimp"), "main"),
    ])
    func showMenuWithNoNameOpensTheMenuTheContextAsksFor(context: DesktopContext, expected: String) async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(context)
        let path = try await fixture.client.showMenu("")
        #expect(path == PetalBus.menuPath(expected))
        #expect(try await fixture.state(of: expected) == "expanded")
        #expect(try await fixture.client.activeMenu() == path)
    }

    @Test func theMenuOpensOnTheContextsOutputUnlessTheOptionsNameOne() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(Self.firefox)
        _ = try await fixture.client.showMenu("", ShowOptions(anchor: .center))
        let placement = try await fixture.menu("browser").snapshot().placement
        #expect(placement.output == "HDMI-A-1" && placement.anchor == .center)
        _ = try await fixture.menu("browser").change(PetalBus.Menu.close)

        _ = try await fixture.client.showMenu("", ShowOptions(output: "DP-2"))
        #expect(try await fixture.menu("browser").snapshot().placement.output == "DP-2")
        _ = try await fixture.menu("browser").change(PetalBus.Menu.close)

        // A menu shown by name opens where its options say, whatever the context.
        _ = try await fixture.client.showMenu("terminal")
        #expect(try await fixture.menu("terminal").snapshot().placement.output == nil)
    }

    @Test func theContextOptionChoosesForOneCall() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(Self.firefox)
        let given = DesktopContext(app: "kitty", output: "DP-1")
        let path = try await fixture.client.showMenu("", ShowOptions(context: given))
        #expect(path == PetalBus.menuPath("terminal"))
        #expect(try await fixture.menu("terminal").snapshot().placement.output == "DP-1")
        #expect(try await fixture.client.context() == Self.firefox, "the property is not changed")

        for bad: DBusValue in [.vardict([("window", .string("x"))]), .string("kitty")] {
            await expectDBusError(Self.invalidArgs) {
                try await fixture.daemon.call(
                    Menus.interface, "ShowMenu", [.string(""), .vardict([("context", bad)])])
            }
        }
        #expect(try await fixture.client.activeMenu() == path, "a refused call opened nothing")
    }

    @Test func aReloadChangesWhichMenuTheContextAsksFor() async throws {
        let fixture = try await Self.start()
        defer { fixture.stop() }
        try await fixture.client.setContext(DesktopContext(app: "firefox"))
        #expect(try await fixture.client.showMenu("") == PetalBus.menuPath("browser"))
        _ = try await fixture.menu("browser").change(PetalBus.Menu.close)

        try fixture.rewrite(Self.configuration.replacingOccurrences(of: "firefox|chromium", with: "chromium"))
        try await fixture.client.reload()
        #expect(try await fixture.client.showMenu("") == PetalBus.path, "nothing matches firefox now: main")
    }
}
