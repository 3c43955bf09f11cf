import DBus
import Linux
import PetalAPI
import PetalCommandLine
import PetalCore
import PetalJSON
import Spelling

/// The commands of named and ad-hoc menus: `show`, `menus`, `choose --from` and `choose --lines`.
extension Controller {
    /// `show NAME`: one `ShowMenu` call, quiet, so that a key binding costs one round trip.
    func showMenu(_ name: String, _ options: ShowOptions, client: PetalClient) async throws {
        try printShown(try await client.showMenu(name, options))
    }

    /// What `show` prints of the menu it opened: nothing, or with `--json` its name and path.
    func printShown(_ path: ObjectPath) throws {
        guard invocation.json else { return }
        var shown: JSONObject = [:]
        if let name = PetalBus.menuName(at: path) { shown["menu"] = .string(name) }
        shown["path"] = .string(path.rawValue)
        try console.print(JSONValue.object(shown).jsonText + "\n")
    }

    /// `menus`: every menu with its state and owner; `--names` the names alone, one a line.
    func listMenus(namesOnly: Bool, client: PetalClient) async throws {
        let rows = try await client.menus()
        if namesOnly { return try printIDs(rows.map(\.name)) }
        var listed: [Reports.ListedMenu] = []
        for row in rows {
            do {
                let menu = try await client.menu(at: row.path).snapshot()
                listed.append(Reports.ListedMenu(row: row, state: menu.state, owner: menu.owner))
            } catch let error as DBusError where error.name == DBusError.Name.unknownObject {
                continue  // An ad-hoc menu removed since Menus was read.
            }
        }
        try show(Reports.menus(listed))
    }

    /// `choose --from`: a menu made for this call (`ChooseFrom`), answered
    /// as a key's command is, on the main thread with no task: the menu's
    /// first frame waits on petalctl's start. `choose --lines` and `dmenu`:
    /// the same with `PickFrom` (``pick(_:rows:options:client:)``).
    func choose(_ choice: Choice, client: PetalClient) -> Result<Void, any Error> {
        let options = choice.options
        if case .lines(let dmenu) = options.source, let rows = choice.rows {
            return pick(choice, rows: rows, options: dmenu, client: client)
        }
        let answer = Self.wait {
            client.chooseFrom(
                choice.json, options: options.placement, timeout: options.timeout, dispatch: options.dispatch, then: $0)
        }
        switch answer {
        case .failure(let error) where error.name == PetalBus.ErrorName.timeout.errorName:
            return .failure(
                ControlFailure(status: .timedOut, message: "\(error.name): \(error.message)", isDaemonAnswer: true))
        case .failure(let error):
            return .failure(error)
        case .success(let id):
            return Result {
                try console.print(
                    invocation.json ? JSONValue.object(["id": .string(id)]).jsonText + "\n" : id + "\n")
            }
        }
    }

    /// `choose --lines` and `dmenu`: `PickFrom` with the rows (a list's as a
    /// row table in a sealed memfd, the `rows` option), then each choice
    /// printed as `--format` says, and rofi's exit statuses.
    private func pick(_ choice: Choice, rows: ChoiceLines, options: DmenuOptions, client: PetalClient)
        -> Result<Void, any Error>
    {
        let answer = Self.wait {
            client.pickFrom(
                choice.json, options: choice.options.placement, timeout: choice.options.timeout, dispatch: false,
                rows: choice.table, then: $0)
        }
        switch answer {
        case .failure(let error) where error.name == PetalBus.ErrorName.cancelled.errorName:
            // As dmenu: nothing chosen is status 1 with nothing said, unless another menu took its place.
            let replacing = ChooseCancellation.replacingMenu(in: error.message)
            return .failure(
                ControlFailure(
                    status: .nothingChosen,
                    message: replacing.map { "petalctl: nothing was chosen: the menu \($0) was opened instead" } ?? ""
                ))
        case .failure(let error) where error.name == PetalBus.ErrorName.timeout.errorName:
            // As timeout(1): 124, with nothing said.
            return .failure(ControlFailure(status: .timedOut, message: "", isDaemonAnswer: true))
        case .failure(let error):
            return .failure(error)
        case .success(let answer):
            return Result {
                let output = try DmenuOutput(answer: answer, rows: rows, options: options)
                try console.write(bytes: invocation.json ? Array((output.json.jsonText + "\n").utf8) : output.text)
                if output.customKey != 0 { throw ControlFailure(status: .customKey(output.customKey), message: "") }
            }
        }
    }
}

/// A `choose` command's menu, read from its file or its lines before petald is called.
struct Choice {
    let options: ChoiceOptions
    /// The menu section sent in `ChooseFrom` or `PickFrom`.
    let json: String
    /// With `--lines`, the rows offered, to give back the chosen ones.
    let rows: ChoiceLines?
    /// With `--lines` and a list, the rows' table in a sealed memfd, sent beside ``json``.
    let table: FileDescriptor?

    /// Reads the menu `options` name.
    ///
    /// - Throws: ``UsageError`` for input that is not UTF-8, rows rofi's
    ///   syntax refuses or too many of them, or a failure to read the file;
    ///   ``ControlFailure`` (status 1) when no line is read.
    init(_ options: ChoiceOptions, console: Console = Console()) throws {
        self.options = options
        switch options.source {
        case .file(let path):
            let bytes = try InputFile.read(path)
            guard let json = String(validating: bytes, as: UTF8.self) else {
                throw UsageError("\(path == "-" ? "standard input" : path) is not UTF-8 text; a menu is JSON")
            }
            (self.json, rows, table) = (json, nil, nil)
        case .lines(let dmenu):
            let rows = try RowInput.read(tabIcon: dmenu.tabIcon)
            if !rows.repairedLines.isEmpty { console.error(Self.repairNote(rows.repairedLines)) }
            let menu = try rows.menu(dmenu)
            (json, self.rows, table) = (menu.json, rows, try menu.table.map(Self.sealed))
        }
    }

    /// A sealed memfd holding `table`: how a list's rows go to petald.
    private static func sealed(_ table: [UInt8]) throws(ControlFailure) -> FileDescriptor {
        do {
            return try SealedMemory.make(name: "petalctl-rows", bytes: table)
        } catch {
            throw ControlFailure(
                status: .daemonError, message: "cannot put the rows in a sealed memfd for petald: \(error)")
        }
    }

    /// What petalctl says of lines that were not UTF-8: how many, the first few.
    static func repairNote(_ lines: [Int]) -> String {
        let shown = lines.prefix(5).map(String.init).joined(separator: ", ") + (lines.count > 5 ? ", …" : "")
        let count = lines.count == 1 ? "1 line is" : "\(lines.count) lines are"
        return
            "petalctl: \(count) not UTF-8 (line \(shown)): shown with U+FFFD in place of the bad bytes, printed back as read"
    }
}

/// What petalctl says when a call about a menu fails the way an unknown
/// menu, or a petald without named menus, makes it fail.
enum MenuFailure {
    /// `error`, explained when it says that `menu` is not served (naming
    /// `menuNames`, petald's menus, if known), or that petald predates named
    /// menus and so lacks what `command` calls; any other error as it came.
    static func explained(_ error: DBusError, command: Command, menu: String, menuNames: [String]?) -> any Error {
        if needsMenuNames(error, menu: menu) {
            guard let menuNames else {
                return ControlFailure(
                    status: .daemonError, message: "petald has no menu \"\(menu)\"; it serves no menu but main")
            }
            return unknown(menu, in: "petald", known: menuNames)
        }
        let unknownMember = [
            DBusError.Name.unknownMethod, DBusError.Name.unknownInterface, DBusError.Name.unknownProperty,
        ].contains(error.name)
        if unknownMember, case .context = command {
            return ControlFailure(
                status: .daemonError,
                message:
                    "this petald does not serve the context (\(error.name): \(error.message)); it needs a petald with Context and SetContext on org.petal.Petal1.Menus (docs/context.md)"
            )
        }
        guard unknownMember, command.needsNamedMenus else { return error }
        return ControlFailure(
            status: .daemonError,
            message:
                "this petald does not serve named menus (\(error.name): \(error.message)); they need a petald with the org.petal.Petal1.Menus interface (docs/dbus-api.md)"
        )
    }

    /// `SOURCE has no menu "NAME"; its menus are …`: `menu` is none of
    /// `known`, the menus of `source` (petald, or a configuration file).
    static func unknown(_ menu: String, in source: String, known: [String]) -> ControlFailure {
        let guess = Spelling.closest(to: menu, among: known, maximumDistance: 2).map { "did you mean \($0)? " } ?? ""
        return ControlFailure(
            status: .daemonError,
            message: "\(source) has no menu \"\(menu)\"; \(guess)its menus are \(known.joined(separator: ", "))")
    }

    /// Whether `error` says that `menu` has no object: then ``explained(_:command:menu:menuNames:)``
    /// names the menus petald has, which the caller asks for.
    static func needsMenuNames(_ error: DBusError, menu: String) -> Bool {
        error.name == DBusError.Name.unknownObject && menu != PetalBus.mainMenu
    }
}

extension Command {
    /// Whether the command calls what only a petald with named menus serves.
    var needsNamedMenus: Bool {
        switch self {
        case .show, .back, .menus, .chooseFrom: true
        default: false
        }
    }
}
