import DBus
import Foundation
import TestSupport
import Testing

/// D-Bus action providers (docs/plugins.md), with the Python example
/// `examples/providers/hello-python` as the provider: it registers, serves,
/// fails in each way, times out and is cancelled, and leaves.
@Suite struct ProviderTests {
    private static let script = PythonPeer.providers.appendingPathComponent("hello-python/provider.py")
    private static let busName = "org.petal.Examples.Hello"

    private func provider(on daemon: RunningDaemon, _ arguments: [String] = []) async throws -> PythonPeer {
        try await PythonPeer(
            scriptAt: Self.script, arguments: arguments, owning: Self.busName, on: daemon,
            logFolder: daemon.bus.directory.path)
    }

    private func waitFor(_ what: String, in peer: PythonPeer) async throws {
        for _ in 0..<500 where !peer.log.contains(what) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(peer.log.contains(what), "the provider's log:\n\(peer.log)")
    }

    private func actionIDs(_ daemon: RunningDaemon) async throws -> [String] {
        guard case .array(_, let rows) = try await daemon.property("Actions") else { return [] }
        return rows.compactMap { row in if case .structure(let fields) = row { fields[0].stringValue } else { nil } }
    }

    private func pluginRows(_ daemon: RunningDaemon) async throws -> [[String]] {
        guard case .array(_, let rows) = try await daemon.property("Plugins") else { return [] }
        return rows.compactMap { row in
            if case .structure(let fields) = row { fields.compactMap(\.stringValue) } else { nil }
        }
    }

    private func trigger(_ daemon: RunningDaemon, _ action: String, _ params: [(String, DBusValue)] = []) async throws
        -> [DBusValue]
    {
        try await daemon.menu("Trigger", [.string(action), .vardict(params)])
    }

    @Test func aProviderRegistersAndItsActionsRunLikeAPlugins() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let hello = try await provider(on: daemon)
        defer { hello.stop() }
        try await waitFor("registered", in: hello)

        #expect(try await actionIDs(daemon).contains("hello.greet"))
        let row = try #require(try await pluginRows(daemon).first { $0.first == "hello" })
        #expect(row[2].hasPrefix("dbus::") && row[2].hasSuffix("/org/petal/Examples/Hello"), "\(row)")
        #expect(row[3] == "loaded")
        let reply = try await trigger(daemon, "hello.greet", [("name", .variant(.string("Ada")))])
        #expect(reply == [.vardict([("greeting", .string("Hello, Ada!"))])])
        #expect(daemon.log.contains("action provider hello registered by"), "\(daemon.log)")
    }

    @Test func theProvidersErrorsReachTheCaller() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let hello = try await provider(on: daemon)
        defer { hello.stop() }
        try await waitFor("registered", in: hello)

        // Its own InvalidParams and ActionFailed pass through, message and all.
        await expectPetalError("InvalidParams", containing: "\"name\" must be a string") {
            try await trigger(daemon, "hello.greet", [("name", .variant(.int32(5)))])
        }
        await expectPetalError("ActionFailed", containing: "hello.fail always fails") {
            try await trigger(daemon, "hello.fail")
        }
        // Any other error is ActionFailed carrying its name and message.
        await expectPetalError("ActionFailed", containing: "org.freedesktop.DBus.Python.ZeroDivisionError") {
            try await trigger(daemon, "hello.divide", [("a", .variant(.int32(1))), ("b", .variant(.int32(0)))])
        }
        #expect(
            try await trigger(daemon, "hello.divide", [("a", .variant(.int32(3))), ("b", .variant(.int32(2)))])
                == [.vardict([("quotient", .double(1.5))])])
    }

    @Test func aProviderThatDoesNotAnswerTimesOutAndIsToldToCancel() async throws {
        let daemon = try await RunningDaemon(environment: ["PETAL_TEST_TIMEOUT": "0.5"])
        defer { daemon.stop() }
        let hello = try await provider(on: daemon)
        defer { hello.stop() }
        try await waitFor("registered", in: hello)
        await expectPetalError("Timeout", containing: "hello.wait did not finish within 0.5 s") {
            try await trigger(daemon, "hello.wait", [("seconds", .variant(.int32(60)))])
        }
        try await waitFor("cancelled ", in: hello)
        #expect(try await daemon.state() == "collapsed", "petald serves on")
    }

    @Test func aProviderThatLeavesTakesItsActionsAndFailsWhatItHadNotAnswered() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let hello = try await provider(on: daemon)
        try await waitFor("registered", in: hello)
        let pending = Task { try await trigger(daemon, "hello.wait", [("seconds", .variant(.int32(60)))]) }
        try await Task.sleep(for: .milliseconds(200))
        try await hello.stopAndWaitForTheName()

        await expectPetalError("ActionFailed", containing: "provider hello left the bus while running hello.wait") {
            try await pending.value
        }
        for _ in 0..<200 where try await actionIDs(daemon).contains("hello.greet") {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await !actionIDs(daemon).contains("hello.greet"))
        #expect(try await !pluginRows(daemon).contains { $0.first == "hello" })
        await expectPetalError(
            "UnknownAction", containing: "no loaded plugin or provider provides action \"hello.greet\""
        ) {
            try await trigger(daemon, "hello.greet")
        }
    }

    @Test(arguments: [
        (["--name", "command"], "is reserved for the plugins installed with petald"),
        (["--name", "Hello World"], "must be 1 to 64 of a-z"),
        (["--action", "weather.now"], "\"weather.now\" is outside its namespace"),
        (["--action", "hello.greet"], "declares action \"hello.greet\" twice"),
    ])
    func aProviderThatBreaksARuleIsRefusedSayingWhich(arguments: [String], reason: String) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let hello = try await provider(on: daemon, arguments)
        defer { hello.stop() }
        try await waitFor("refused: org.petal.Petal1.Error.InvalidProvider", in: hello)
        #expect(hello.log.contains(reason), "\(hello.log)")
        #expect(try await !actionIDs(daemon).contains { $0.hasSuffix(".greet") })
        try await daemon.waitForState("collapsed")
    }

    @Test func aSecondProviderOfTheSameNameIsRefused() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let first = try await provider(on: daemon)
        defer { first.stop() }
        try await waitFor("registered", in: first)
        // The same script again cannot own the example's bus name, but registers all the same.
        let second = Process()
        second.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        second.arguments = [Self.script.path, daemon.bus.address]
        let log = daemon.bus.directory.path + "/second-provider.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        second.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        second.standardError = second.standardOutput
        try second.run()
        defer {
            kill(second.processIdentifier, SIGKILL)
            second.waitUntilExit()
        }
        for _ in 0..<500 where !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("refused") {
            try await Task.sleep(for: .milliseconds(10))
        }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(text.contains("InvalidProvider") && text.contains("is taken by the provider at dbus:"), "\(text)")
    }

    /// A drop-in file lists the provider's actions at start; the first call has
    /// the private bus start the example from its service folder, and the
    /// program then registers itself; once it leaves, the file's actions stay.
    @Test func anActivatableProviderIsStartedByTheBusOnFirstUse() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-dropin-\(UUID().uuidString.prefix(8))")
        let services = root.appendingPathComponent("services")
        let dropIns = root.appendingPathComponent("data/petal/providers")
        for folder in [services, dropIns] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(
            at: Self.script.deletingLastPathComponent().appendingPathComponent("hello.json"),
            to: dropIns.appendingPathComponent("hello.json"))
        try "[D-BUS Service]\nName=\(Self.busName)\nExec=/usr/bin/python3 \(Self.script.path)\n"
            .write(to: services.appendingPathComponent("\(Self.busName).service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectory: services)
        let daemon = try await RunningDaemon(
            environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path], bus: bus)
        defer { daemon.stop() }

        #expect(try await actionIDs(daemon).contains("hello.greet"), "listed from the drop-in before the program runs")
        let listed = try #require(try await pluginRows(daemon).first { $0.first == "hello" })
        #expect(
            listed[2] == "dbus:\(Self.busName)/org/petal/Examples/Hello" && listed[4].hasPrefix("activatable"),
            "\(listed)")

        let reply = try await trigger(daemon, "hello.greet", [("name", .variant(.string("bus")))])
        #expect(reply == [.vardict([("greeting", .string("Hello, bus!"))])])
        // Started, it registered itself: the row is now its connection's.
        #expect(
            try await eventually {
                try await pluginRows(daemon).contains { $0.first == "hello" && $0[2].hasPrefix("dbus::") }
            })

        let owner = try await daemon.client.call(
            destination: .bus, path: .bus, interface: .bus, member: "GetConnectionUnixProcessID",
            [.string(Self.busName)]
        ).first?.integerValue
        kill(pid_t(try #require(owner)), SIGKILL)
        #expect(
            try await eventually {
                try await pluginRows(daemon).contains { $0.first == "hello" && $0[2] == listed[2] }
            },
            "the drop-in's actions are listed again once the program has gone")
        #expect(try await actionIDs(daemon).contains("hello.greet"))
    }

    @Test func aDropInThatBreaksARuleIsSkippedSayingWhy() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-dropin-\(UUID().uuidString.prefix(8))")
        let folder = data.appendingPathComponent("petal/providers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let files = [
            "weather.json": #"{"name": "hello", "busName": "org.example.W", "path": "/w", "actions": []}"#,
            "command.json": #"{"name": "command", "busName": "org.example.C", "path": "/c", "actions": []}"#,
            "clock.json": #"{"name": "clock", "busName": ":1.5", "path": "/c", "actions": []}"#,
            "notes.json":
                #"{"name": "notes", "busName": "org.example.N", "path": "/n", "actions": [["todo.add", "Add", ""]]}"#,
        ]
        for (file, text) in files {
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let daemon = try await RunningDaemon(environment: ["XDG_DATA_HOME": data.path])
        defer { daemon.stop() }
        for (file, why) in [
            ("weather.json", "it must match the file's name, weather.json"),
            ("command.json", "is reserved for the plugins installed with petald"),
            ("clock.json", "\"busName\" must be a well-known bus name"),
            ("notes.json", "\"todo.add\" is outside its namespace"),
        ] {
            #expect(
                daemon.log.contains("skipped provider drop-in \(folder.path)/\(file): ") && daemon.log.contains(why),
                "\(file): \(daemon.log)")
        }
        #expect(try await pluginRows(daemon).allSatisfy { !$0[2].hasPrefix("dbus:") })
    }

    /// Only petald's own user may register: the same provider run as nobody is refused.
    @Test func aProviderOfAnotherUserIsRefused() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        // A copy nobody can read, wherever the repository is checked out.
        let folder = daemon.bus.directory.appendingPathComponent("nobody")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        chmod(daemon.bus.directory.path, 0o755)
        let copy = folder.appendingPathComponent("provider.py")
        try FileManager.default.copyItem(at: Self.script, to: copy)
        let log = folder.appendingPathComponent("provider.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        other.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", copy.path,
            daemon.bus.address, "--name", "intruder",
        ]
        other.environment = ["HOME": "/nonexistent", "PATH": "/usr/bin:/bin"]
        other.standardOutput = try FileHandle(forWritingTo: log)
        other.standardError = other.standardOutput
        try other.run()
        defer {
            kill(other.processIdentifier, SIGKILL)
            other.waitUntilExit()
        }
        let refused = await eventually { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("refused") }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(refused && text.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(text)")
        #expect(try await !actionIDs(daemon).contains("intruder.greet"))
    }

    @Test func unregisteringWhatWasNeverRegisteredIsUnknownProvider() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        await expectPetalError("UnknownProvider", containing: "has registered no provider at /nowhere") {
            try await daemon.menu("UnregisterProvider", [.objectPath("/nowhere")])
        }
        await expectPetalError("InvalidProvider", containing: "its properties could not be read") {
            try await daemon.menu("RegisterProvider", [.objectPath("/nowhere")])
        }
        #expect(try await daemon.state() == "collapsed")
    }
}
