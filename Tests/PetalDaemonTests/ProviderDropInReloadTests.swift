import DBus
import Foundation
import TestSupport
import Testing

/// Providers' drop-in files read again by `Reload` and SIGHUP
/// (docs/providers.md): a new file's actions are listed, a changed one's
/// replace the old, a removed one's go, and a bad one is skipped saying why
/// while the rest is served. The bus starts the Python example for its bus
/// name, as it does for a file read at start.
@Suite struct ProviderDropInReloadTests {
    private static let example = PythonPeer.providers.appendingPathComponent("hello-python")
    private static let busName = "org.petal.Examples.Hello"
    private static let weather =
        #"{"name": "weather", "busName": "org.example.Weather", "path": "/w", "actions": [["weather.now", "Now", ""]]}"#

    /// A daemon whose drop-in folder is `folder`, on a bus that can start the
    /// example, with a menu whose item `greet` runs `hello.greet`.
    final class Fixture {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-dropin-reload-\(UUID().uuidString.prefix(8))")
        var folder: URL { root.appendingPathComponent("data/petal/providers") }
        private(set) var daemon: RunningDaemon!

        /// - Parameter hello: whether the example's own drop-in is there at start.
        init(dropIns: [String: String] = [:], hello: Bool = false) async throws {
            let services = root.appendingPathComponent("services")
            for directory in [services, folder] {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            for (file, text) in dropIns { try write(file, text) }
            if hello { try addHello() }
            try "[D-BUS Service]\nName=\(busName)\nExec=/usr/bin/python3 \(example.path)/provider.py\n"
                .write(to: services.appendingPathComponent("\(busName).service"), atomically: true, encoding: .utf8)
            let configuration = root.appendingPathComponent("config.json")
            let items =
                #"{"items": [{"id": "greet", "title": "Greet", "action": "hello.greet"}, "#
                + #"{"id": "echo", "title": "Echo", "action": "test.echo"}]}"#
            try items.write(to: configuration, atomically: true, encoding: .utf8)
            daemon = try await RunningDaemon(
                environment: [
                    "XDG_DATA_HOME": root.appendingPathComponent("data").path,
                    "PETAL_TEST_CONFIG": configuration.path,
                ],
                bus: try PrivateBus(serviceDirectory: services))
        }

        deinit {
            daemon?.stop()
            try? FileManager.default.removeItem(at: root)
        }

        /// Writes the drop-in `file` (a name in the folder).
        func write(_ file: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }

        /// Copies the example's own drop-in, `hello.json`, into the folder.
        func addHello() throws {
            try FileManager.default.copyItem(
                at: example.appendingPathComponent("hello.json"), to: folder.appendingPathComponent("hello.json"))
        }

        func remove(_ file: String) throws {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }

        /// `Reload`, which answers nothing when it worked.
        func reload() async throws {
            #expect(try await daemon.menu("Reload") == [])
        }

        /// `Actions`: each (id, plugin, title).
        func actions() async throws -> [[String]] {
            guard case .array(_, let rows) = try await daemon.property("Actions") else { return [] }
            return rows.compactMap { row in
                if case .structure(let fields) = row { fields.compactMap(\.stringValue) } else { nil }
            }
        }

        func actionIDs() async throws -> [String] { try await actions().map { $0[0] } }

        /// `Plugins`: each (name, version, path, status, reason).
        func pluginRows() async throws -> [[String]] {
            guard case .array(_, let rows) = try await daemon.property("Plugins") else { return [] }
            return rows.compactMap { row in
                if case .structure(let fields) = row { fields.compactMap(\.stringValue) } else { nil }
            }
        }

        func greetEnabled() async throws -> Bool? {
            try await daemon.items().first { $0.id == "greet" }?.enabled
        }

        func greet(_ name: String) async throws -> DBusValue {
            try await daemon.trigger("hello.greet", [("name", .variant(.string(name)))])
        }

        /// Kills the example the bus started, if it runs.
        func killExample() async throws {
            let pid = try? await daemon.client.call(
                destination: .bus, path: .bus, interface: .bus, member: "GetConnectionUnixProcessID",
                [.string(ProviderDropInReloadTests.busName)]
            ).first?.integerValue
            if let pid { kill(pid_t(pid), SIGKILL) }
        }
    }

    @Test(arguments: ["Reload", "SIGHUP"])
    func aDropInAddedAfterStartIsUsedAfterAReload(how: String) async throws {
        let fixture = try await Fixture()
        #expect(try await !fixture.actionIDs().contains("hello.greet"))
        #expect(try await fixture.greetEnabled() == false)

        try fixture.addHello()
        if how == "Reload" {
            try await fixture.reload()
        } else {
            kill(fixture.daemon.process.processIdentifier, SIGHUP)
        }

        #expect(try await eventually { try await fixture.actionIDs().contains("hello.greet") }, "\(fixture.daemon.log)")
        #expect(try await fixture.greetEnabled() == true, "the item that runs it is enabled")
        let row = try #require(try await fixture.pluginRows().first { $0.first == "hello" })
        #expect(row[2] == "dbus:\(Self.busName)/org/petal/Examples/Hello" && row[4].hasPrefix("activatable"), "\(row)")
        // The first call has the bus start the program, as for a file read at start.
        #expect(try await fixture.greet("reload") == .vardict([("greeting", .string("Hello, reload!"))]))
        try await fixture.killExample()
    }

    @Test func aRemovedDropInsActionsGoAfterReload() async throws {
        let fixture = try await Fixture(dropIns: ["weather.json": Self.weather], hello: true)
        #expect(try await fixture.actionIDs().contains("hello.greet"))

        try fixture.remove("hello.json")
        try await fixture.reload()

        let ids = try await fixture.actionIDs()
        #expect(!ids.contains { $0.hasPrefix("hello.") } && ids.contains("weather.now"), "\(ids)")
        #expect(try await !fixture.pluginRows().contains { $0.first == "hello" })
        #expect(try await fixture.greetEnabled() == false)
        await expectPetalError("UnknownAction") { try await fixture.greet("gone") }
        try await fixture.killExample()  // in case the bus started it after all
        let file = fixture.folder.appendingPathComponent("hello.json").path
        #expect(fixture.daemon.log.contains("\(file) no longer declares the activatable provider hello"))
    }

    @Test func aChangedDropInReplacesItsDeclaration() async throws {
        let fixture = try await Fixture(dropIns: ["weather.json": Self.weather])
        #expect(try await fixture.actions().contains(["weather.now", "weather", "Now"]))

        try fixture.write(
            "weather.json",
            #"{"name": "weather", "busName": "org.example.Sky", "path": "/sky", "actions": [["weather.today", "Today", ""]]}"#
        )
        try await fixture.reload()

        let actions = try await fixture.actions()
        #expect(actions.contains(["weather.today", "weather", "Today"]), "\(actions)")
        #expect(!actions.contains { $0[0] == "weather.now" }, "\(actions)")
        let rows = try await fixture.pluginRows().filter { $0.first == "weather" }
        #expect(rows.map { $0[2] } == ["dbus:org.example.Sky/sky"], "one row, at the new place: \(rows)")
    }

    @Test func aBadDropInOnReloadIsSkippedSayingWhyAndTheRestIsServed() async throws {
        let fixture = try await Fixture(dropIns: ["weather.json": Self.weather])
        try fixture.addHello()
        try fixture.write(
            "weather.json",
            #"{"name": "weather", "busName": "org.example.W", "path": "/w", "actions": [["todo.add", "Add", ""]]}"#)
        try fixture.write("clock.json", #"{"name": "clock", "busName": ":1.5", "path": "/c", "actions": []}"#)

        try await fixture.reload()

        let folder = fixture.folder.path
        for (file, why) in [
            ("weather.json", "its action \"todo.add\" is outside its namespace"),
            ("clock.json", "\"busName\" must be a well-known bus name"),
        ] {
            #expect(
                fixture.daemon.log.contains("skipped provider drop-in \(folder)/\(file): ")
                    && fixture.daemon.log.contains(why), "\(file): \(fixture.daemon.log)")
        }
        let ids = try await fixture.actionIDs()
        #expect(ids.contains("hello.greet") && !ids.contains("weather.now"), "\(ids)")
        #expect(try await fixture.greetEnabled() == true)
        let echoed = try await fixture.daemon.trigger("test.echo", [("x", .variant(.string("y")))])
        #expect(echoed.entries["x"] == .string("y"), "the daemon still runs its other actions: \(echoed)")
        #expect(try await fixture.daemon.menu("Toggle") == [.string("expanding")])
    }

    /// The program the bus started registered itself: it keeps its actions
    /// when its file goes, and once it leaves nothing is listed in its place.
    @Test func aProviderThatRegisteredItselfKeepsItsActionsWhenItsDropInIsRemoved() async throws {
        let fixture = try await Fixture(hello: true)
        #expect(try await fixture.greet("bus") == .vardict([("greeting", .string("Hello, bus!"))]))
        #expect(
            try await eventually {
                try await fixture.pluginRows().contains { $0.first == "hello" && $0[2].hasPrefix("dbus::") }
            })

        try fixture.remove("hello.json")
        try await fixture.reload()
        #expect(try await fixture.pluginRows().contains { $0.first == "hello" && $0[2].hasPrefix("dbus::") })
        #expect(try await fixture.greet("still") == .vardict([("greeting", .string("Hello, still!"))]))

        try await fixture.killExample()
        let gone = try await eventually { try await !fixture.pluginRows().contains { $0.first == "hello" } }
        let rows = try await fixture.pluginRows()
        #expect(gone, "no file to list its actions from: \(rows)")
        #expect(try await !fixture.actionIDs().contains("hello.greet"))
    }

    /// A provider registered by hand, with no file, holds its name against a new file.
    @Test func aNewDropInForANameARunningProviderHoldsIsSkipped() async throws {
        let fixture = try await Fixture()
        let hello = try await PythonPeer(
            scriptAt: Self.example.appendingPathComponent("provider.py"), arguments: [], owning: Self.busName,
            on: fixture.daemon,
            logFolder: fixture.daemon.bus.directory.path)
        defer { hello.stop() }
        #expect(try await eventually { try await fixture.actionIDs().contains("hello.greet") })

        try fixture.addHello()
        try await fixture.reload()

        #expect(
            fixture.daemon.log.contains(
                "skipped provider drop-in \(fixture.folder.path)/hello.json: its Name \"hello\" is taken by the provider at dbus::"
            ), "\(fixture.daemon.log)")
        let rows = try await fixture.pluginRows().filter { $0.first == "hello" }
        #expect(rows.count == 1 && rows[0][2].hasPrefix("dbus::"), "\(rows)")
    }
}
