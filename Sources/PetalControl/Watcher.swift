import DBus
import PetalAPI

/// `petalctl watch`: follows petald's signals until interrupted, across
/// restarts of petald, without ever polling.
struct Watcher {
    let bus: BusAddress
    let json: Bool
    let waybar: Bool
    let console: Console

    func run() async throws {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: bus)
        } catch {
            throw ControlFailure.from(error, bus: bus)
        }
        let (stream, continuation) = AsyncStream<Message>.makeStream()
        connection.onDisconnect { continuation.finish() }
        // Everything the root object emits (Menu signals, PropertiesChanged,
        // InterfacesAdded/Removed), and petald coming and going.
        _ = try await connection.subscribe(
            MatchRule(sender: PetalClient.name.rawValue, path: PetalClient.path)) { continuation.yield($0) }
        _ = try await connection.subscribe(MatchRule(
            sender: BusName.bus.rawValue, path: .bus, interface: .bus, member: "NameOwnerChanged",
            arguments: [0: PetalClient.name.rawValue])) { continuation.yield($0) }

        let client = PetalClient(connection: connection)
        var waybarLine = ""
        var running = 0
        func showWaybar(online: Bool) async {
            let menu = online ? try? await client.snapshot() : nil
            let line = WaybarStatus.line(menu: menu, runningActions: running)
            if line != waybarLine {
                waybarLine = line
                console.print(line + "\n")
            }
        }
        if waybar { await showWaybar(online: true) }

        for await message in stream {
            guard waybar else {
                console.print((json ? SignalLine.json(message) : SignalLine.text(message)) + "\n")
                continue
            }
            switch message.member {
            case "ActionStarted": running += 1
            case "ActionFinished": running = max(0, running - 1)
            case "NameOwnerChanged": running = 0
            // Its PropertiesChanged follows with the same news.
            case "StateChanged": continue
            default: break
            }
            let gone = message.member == "NameOwnerChanged" && (try? message.argumentsWithoutDescriptors().last?.stringValue) == ""
            await showWaybar(online: !gone)
        }
        throw ControlFailure.unreachable("the connection to the bus was closed", bus: bus)
    }
}
