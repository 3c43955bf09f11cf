import DBus
import Foundation
import TestSupport
import Testing

/// The daemon through the tools script authors use (docs/dbus-api.md users): busctl,
/// gdbus and dbus-send each call every method, see error names, and accept
/// the introspection data, which lists exactly the spec's members.
@Suite struct ExternalClientTests {
    /// A command-line D-Bus client, and how it spells a call and prints replies.
    enum Tool: String, CaseIterable, Sendable {
        case busctl, gdbus
        case dbusSend = "dbus-send"

        /// The command line calling `method` of the menu with `arguments` (in the tool's own syntax).
        func call(_ address: String, _ method: String, _ arguments: [String] = []) -> [String] {
            switch self {
            case .busctl:
                [
                    "busctl", "--address=\(address)", "call", "org.petal.Petal1", "/org/petal/Petal1",
                    "org.petal.Petal1.Menu", method,
                ] + arguments
            case .gdbus:
                [
                    "gdbus", "call", "--address", address, "-d", "org.petal.Petal1", "-o", "/org/petal/Petal1",
                    "-m", "org.petal.Petal1.Menu.\(method)",
                ] + arguments
            case .dbusSend:
                [
                    "dbus-send", "--bus=\(address)", "--print-reply", "--dest=org.petal.Petal1", "/org/petal/Petal1",
                    "org.petal.Petal1.Menu.\(method)",
                ] + arguments
            }
        }

        /// How the tool spells the single string argument `value`.
        func stringArgument(_ value: String) -> [String] {
            switch self {
            case .busctl: ["s", value]
            case .gdbus: [value]
            case .dbusSend: ["string:\(value)"]
            }
        }

        /// How the tool writes the string reply `value`.
        func stringReply(_ value: String) -> String {
            switch self {
            case .busctl: "s \"\(value)\""
            case .gdbus: "('\(value)',)"
            case .dbusSend: "string \"\(value)\""
            }
        }
    }

    @Test(arguments: Tool.allCases)
    func everyMethodAnswersThroughTheTool(_ tool: Tool) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let address = daemon.bus.address
        func run(_ method: String, _ arguments: [String] = []) async throws -> ExternalCommand {
            let command = try await ExternalCommand.running(tool.call(address, method, arguments))
            #expect(command.status == 0, "\(tool.rawValue) \(method): \(command.summary)")
            return command
        }

        #expect(try await run("Toggle").output.contains(tool.stringReply("expanding")))
        try await daemon.waitForState("expanded", within: .patience)
        #expect(try await run("Close").output.contains(tool.stringReply("collapsing")))
        try await daemon.waitForState("collapsed", within: .patience)
        #expect(try await run("Open").output.contains(tool.stringReply("expanding")))
        try await daemon.waitForState("expanded", within: .patience)

        let activated = try await run("Activate", tool.stringArgument("echo")).output
        #expect(activated.contains("greeting") && activated.contains("hello"), "\(activated)")
        try await daemon.waitForState("collapsed", within: .patience)

        if tool == .dbusSend {
            // dbus-send cannot build a variant inside a dictionary, so a{sv} calls are out of its
            // reach; the nearest it can send is refused with a clear InvalidArgs.
            let refused = try await ExternalCommand.running(
                tool.call(address, "Trigger", ["string:test.echo", "dict:string:string:name,Ann"]))
            #expect(refused.errors.contains("Error org.freedesktop.DBus.Error.InvalidArgs"), "\(refused.summary)")
        } else {
            let arguments =
                tool == .busctl
                ? ["sa{sv}", "test.echo", "1", "name", "s", "Ann"] : ["test.echo", "{'name': <'Ann'>}"]
            let triggered = try await run("Trigger", arguments).output
            #expect(
                triggered.trimmingCharacters(in: .whitespacesAndNewlines)
                    == (tool == .busctl ? "a{sv} 1 \"name\" s \"Ann\"" : "({'name': <'Ann'>},)"))

            // Choose waits for an activation; the tool's call opens the menu, then we choose "stay".
            let chooseArguments = tool == .busctl ? ["a{sv}", "0"] : ["{}"]
            let choosing = Task { try await run("Choose", chooseArguments) }
            try await daemon.waitForState("expanded", within: .patience)
            _ = try await daemon.activate("stay")
            #expect(try await choosing.value.output.contains(tool.stringReply("stay")))
        }

        _ = try await run("Reload")
        #expect(await daemon.answers())
    }

    /// Each tool shows the exact error name; busctl prints it in its debug log.
    @Test(arguments: Tool.allCases)
    func errorNameShownByTheTool(_ tool: Tool) async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        var command = tool.call(daemon.bus.address, "Activate", tool.stringArgument("nope"))
        if tool == .busctl { command.insert("SYSTEMD_LOG_LEVEL=debug", at: 0) }

        let failed = try await ExternalCommand.running(command)
        #expect(failed.status != 0)
        let shown =
            switch tool {
            case .busctl: "error-name=org.petal.Petal1.Error.UnknownItem"
            case .gdbus: "GDBus.Error:org.petal.Petal1.Error.UnknownItem: no item has id \"nope\""
            case .dbusSend: "Error org.petal.Petal1.Error.UnknownItem: no item has id \"nope\""
            }
        #expect(failed.errors.contains(shown), "\(failed.summary)")
    }

    // MARK: Introspection

    @Test func busctlIntrospectionListsExactlyTheSpecsMembers() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let xml = try await ExternalCommand.running([
            "busctl", "--address=\(daemon.bus.address)", "introspect",
            "--xml-interface", "org.petal.Petal1", "/org/petal/Petal1",
        ])
        try #require(xml.status == 0, "\(xml.summary)")
        let document = try IntrospectionDocument(xml: xml.output)
        #expect(document.interfaces[RunningDaemon.menu.rawValue]?.members == IntrospectedInterface.petalMenu)
        #expect(
            Set(document.interfaces.keys).isSuperset(of: [
                RunningDaemon.menu.rawValue,
                "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
            ]))

        // busctl's own table, which it builds by parsing the same XML.
        let table = try await ExternalCommand.running([
            "busctl", "--address=\(daemon.bus.address)", "introspect",
            "org.petal.Petal1", "/org/petal/Petal1", RunningDaemon.menu.rawValue,
        ])
        try #require(table.status == 0, "\(table.summary)")
        let listed = table.output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(".") else { return nil }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return "\(fields[0].dropFirst()) \(fields[1])"
        }
        let spec = IntrospectedInterface.petalMenu
        let expected =
            spec.methods.keys.map { "\($0) method" } + spec.properties.keys.map { "\($0) property" }
            + spec.signals.keys.map { "\($0) signal" }
        #expect(listed.sorted() == expected.sorted())
    }

    @Test func gdbusIntrospectionListsExactlyTheSpecsMembers() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let xml = try await ExternalCommand.running([
            "gdbus", "introspect", "--address", daemon.bus.address,
            "-d", "org.petal.Petal1", "-o", "/org/petal/Petal1", "--xml",
        ])
        try #require(xml.status == 0, "\(xml.summary)")
        let menu = try IntrospectionDocument(xml: xml.output).interfaces[RunningDaemon.menu.rawValue]
        #expect(menu?.members == IntrospectedInterface.petalMenu)
        #expect(menu?.annotations["Version"]?["org.freedesktop.DBus.Property.EmitsChangedSignal"] == "const")
    }

    /// `petald --introspect` prints, without a bus, the interfaces the live object serves.
    @Test func petaldIntrospectMatchesTheLiveObject() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let live = try await daemon.call(.introspectableInterface, "Introspect").first?.stringValue ?? ""
        let petald = RunningDaemon.binDirectory.appendingPathComponent("petald").path
        let printed = try await ExternalCommand.running([petald, "--introspect"])
        try #require(printed.status == 0, "\(printed.summary)")

        let offline = try IntrospectionDocument(xml: printed.output).interfaces
        let served = try IntrospectionDocument(xml: live).interfaces
        #expect(offline[RunningDaemon.menu.rawValue] == served[RunningDaemon.menu.rawValue])
        #expect(offline == served)
        #expect(offline[RunningDaemon.menu.rawValue]?.members == IntrospectedInterface.petalMenu)
    }
}
