import DBus
import Dispatch
import Glibc
import Linux
import PetalAPI
import PetalCommandLine
import PetalConfiguration
import PetalCore
import PetalJSON

/// Runs one petalctl invocation and says how it ended.
public struct Controller: Sendable {
    let invocation: Invocation
    let console = Console()

    /// A controller for `invocation`.
    public init(invocation: Invocation) { self.invocation = invocation }

    /// petalctl's whole life: parse, run, print, exit.
    ///
    /// The commands a key runs and `choose` (``runAtOnce()``) are carried out
    /// on the main thread with no Swift task; every other one in a task, while the main
    /// thread serves the main queue.
    public static func main(arguments: [String]) -> Never {
        let invocation: Invocation
        do {
            invocation = try Invocation(arguments: arguments)
        } catch {
            Console().error("petalctl: \(error)\nSee petalctl --help.")
            exit(ExitStatus.usage.rawValue)
        }
        let controller = Controller(invocation: invocation)
        if let status = controller.runAtOnce() { exit(status.rawValue) }
        Task { exit(await controller.run().rawValue) }
        dispatchMain()
    }

    /// Runs the command, printing its output and any failure.
    public func run() async -> ExitStatus {
        do {
            try await perform(invocation.command)
            return .success
        } catch {
            return report(error)
        }
    }

    /// Prints what went wrong, if anything is to be said, and returns the exit status it calls for.
    func report(_ error: any Error) -> ExitStatus {
        // The reader of a pipeline went away (waybar quit, `| head` had enough): nothing is left to do.
        if let error = error as? OutputError, error == .readerGone { return .success }
        let failure = ControlFailure.from(error, bus: invocation.bus)
        if !failure.message.isEmpty {
            let own = failure.isDaemonAnswer || failure.message.hasPrefix("petalctl: ")
            console.error(own ? failure.message : "petalctl: \(failure.message)")
        }
        return failure.status
    }

    private func perform(_ command: Command) async throws {
        switch command {
        case .help(let topic):
            try console.print(topic.map(HelpText.help(for:)) ?? HelpText.overview)
        case .completions(let shell):
            try console.print(PetalctlCommandLine.program.completionScript(for: shell))
        case .version(daemon: false):
            try console.print(
                invocation.json
                    ? JSONValue.object(["petalctl": .string(petalVersion)]).jsonText + "\n"
                    : "petalctl \(petalVersion)\n")
        case .preview(let options) where options.configPath != nil:
            try await Preview(options: options, menu: invocation.menu, client: nil, console: console).write()
        case .plugins(clearQuarantine: true):
            try clearQuarantine()
        case .watch(let format):
            try await Watcher(bus: invocation.bus, json: invocation.json, format: format, console: console).run()
        case .context(let context?):
            do {
                try await ContextHolder(bus: invocation.bus, json: invocation.json, console: console).run(context)
            } catch let error as DBusError {
                throw MenuFailure.explained(error, command: command, menu: invocation.menu, menuNames: nil)
            }
        default:
            try await withClient { client in
                do {
                    try await perform(command, with: client)
                } catch let error as DBusError {
                    let names =
                        MenuFailure.needsMenuNames(error, menu: invocation.menu)
                        ? (try? await client.menus())?.map(\.name) : nil
                    throw MenuFailure.explained(error, command: command, menu: invocation.menu, menuNames: names)
                }
            }
        }
    }

    private func perform(_ command: Command, with client: PetalClient) async throws {
        // The Menu calls go to the menu of --menu, or the open one; the rest (actions, plugins, reload) are petald's own.
        let menu = try await target(of: command, client)
        switch command {
        case .toggle: try printState(try await menu.change(PetalBus.Menu.toggle))
        case .open: try printState(try await menu.change(PetalBus.Menu.open))
        case .close: try printState(try await menu.change(PetalBus.Menu.close))
        case .back: try printState(try await menu.back())
        case .show(let name, let options): try await showMenu(name, options, client: client)
        case .menus(let namesOnly): try await listMenus(namesOnly: namesOnly, client: client)
        case .context: try show(Reports.context(try await client.context()))
        case .reload:
            try await client.reload()
            try reportWarnings(try? await client.configWarnings())
        case .status: try show(Reports.status(try await menu.snapshot()))
        case .items(let idsOnly):
            let menu = try await menu.snapshot()
            try idsOnly ? printIDs(menu.items.map(\.id)) : show(Reports.items(menu))
        case .actions(let idsOnly):
            let menu = try await client.snapshot()
            try idsOnly ? printIDs(menu.actions.map(\.id)) : show(Reports.actions(menu))
        case .plugins: try show(Reports.plugins(try await client.snapshot()))
        case .layout(let style):
            if let style {
                try await menu.setLayoutStyle(style)
            } else {
                try show(Reports.layout(try await menu.snapshot()))
            }
        case .activate(let item): try printResult(try await menu.activate(item))
        case .highlight(let item?): try await menu.setHighlighted(item)
        case .highlight(nil): try printHighlight(try await menu.snapshot())
        case .trigger(let action, let params): try printResult(try await client.trigger(action, params))
        case .choose(let timeout, let dispatch):
            let id: String
            do {
                id = try await menu.choose(timeout: timeout, dispatch: dispatch)
            } catch let error as DBusError where error.name == PetalBus.ErrorName.timeout.errorName {
                throw ControlFailure(
                    status: .timedOut, message: "\(error.name): \(error.message)", isDaemonAnswer: true)
            }
            try console.print(invocation.json ? JSONValue.object(["id": .string(id)]).jsonText + "\n" : id + "\n")
        case .version:
            let daemon = try await client.snapshot().version
            try console.print(
                invocation.json
                    ? JSONValue.object(["petalctl": .string(petalVersion), "petald": .string(daemon)]).jsonText + "\n"
                    : "petalctl \(petalVersion)\npetald \(daemon)\n")
        case .preview(let options):
            try await Preview(options: options, menu: invocation.menu, client: client, console: console).write()
        case .help, .completions, .watch, .chooseFrom:
            break  // Carried out before: runAtOnce() or perform(_:).
        }
    }

    /// The client of the menu `command` acts on: `--menu`'s; without it,
    /// for the commands that follow the open menu, the open chain's (its
    /// top-level menu for `close`), else `main`.
    func target(of command: Command, _ client: PetalClient) async throws -> PetalClient {
        guard invocation.menuOption == nil, let name = command.name, CommandName.followingTheOpenMenu.contains(name)
        else { return client.menu(named: invocation.menu) }
        return try await client.menuToActOn(named: nil, outermost: name == .close)
    }

    /// What `reload` says of the configuration now in force: each warning on
    /// standard error and how many there are, nothing when there are none;
    /// with `--json`, `{"warnings": [...]}` always. Nil from a petald that
    /// does not list them.
    private func reportWarnings(_ warnings: [String]?) throws {
        if invocation.json {
            return try console.print(
                JSONValue.object(["warnings": .array((warnings ?? []).map(JSONValue.string))]).jsonText + "\n")
        }
        guard let warnings, !warnings.isEmpty else { return }
        let count = "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        console.error((warnings + ["petald reloaded its configuration with \(count)"]).joined(separator: "\n"))
    }

    /// `highlight` without an id: the highlighted item's id, nothing when none;
    /// with `--json`, `{"menu": NAME, "highlighted": ID}`.
    private func printHighlight(_ menu: MenuSnapshot) throws {
        if invocation.json {
            return try console.print(
                JSONValue.object(["menu": .string(menu.name), "highlighted": .string(menu.highlighted)]).jsonText
                    + "\n")
        }
        if !menu.highlighted.isEmpty { try console.print(menu.highlighted + "\n") }
    }

    /// Connects, runs `body`, and closes the connection.
    private func withClient(_ body: (PetalClient) async throws -> Void) async throws {
        let connection: DBusConnection
        do {
            connection = try DBusConnection.connect(to: invocation.bus)
        } catch {
            throw ControlFailure.from(error, bus: invocation.bus)
        }
        defer { connection.close() }
        try await body(PetalClient(connection: connection))
    }

    func show(_ report: (text: String, json: JSONValue)) throws {
        try console.print(invocation.json ? report.json.jsonText(pretty: true) + "\n" : report.text)
    }

    func printIDs(_ ids: [String]) throws {
        try console.print(
            invocation.json
                ? JSONValue.array(ids.map(JSONValue.string)).jsonText + "\n"
                : ids.map { $0 + "\n" }.joined())
    }

    /// Toggle, Open and Close are quiet unless JSON is asked for.
    func printState(_ state: MenuState) throws {
        if invocation.json { try console.print(JSONValue.object(["state": .string(state.rawValue)]).jsonText + "\n") }
    }

    private func printResult(_ result: JSONObject) throws {
        try console.print(
            invocation.json ? JSONValue.object(result).jsonText(pretty: true) + "\n" : Reports.result(result))
    }

    /// Forgets the quarantined plugins so the next start of petald loads them.
    ///
    /// The list is read once, at petald's start, so this takes effect on the
    /// next start; there is no D-Bus method for it (docs/dbus-api.md has none).
    private func clearQuarantine() throws {
        guard let folder = StateLocation.folder() else {
            throw ControlFailure(
                status: .daemonError,
                message: "neither XDG_STATE_HOME nor HOME is set, so there is no quarantine to clear")
        }
        let path = folder + "/" + StateLocation.quarantineFile
        let listed = QuarantineList.paths(in: path)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw ControlFailure(
                status: .daemonError,
                message: "cannot remove \(path): \(errorText(errno))")
        }
        if invocation.json {
            try console.print(
                JSONValue.object(["cleared": .array(listed.map(JSONValue.string)), "file": .string(path)]).jsonText
                    + "\n")
        } else if listed.isEmpty {
            try console.print("No plugin is quarantined (\(path)).\n")
        } else {
            try console.print(
                "Released from quarantine:\n" + listed.map { "  \($0)\n" }.joined()
                    + "Restart petald to load them: systemctl --user restart petald\n")
        }
    }
}
