import PetalCommandLine
import PetalCore
import PetalJSON

/// The commands on petald itself rather than one menu: actions, plugins,
/// the context, reloading, versions, and help.
extension PetalctlCommandLine {
    static let actions = CommandDeclaration(
        "actions", abstract: "list the actions plugins provide",
        help: [
            .text(
                """
                List every action the loaded plugins provide: id, plugin, title. --ids
                prints only the ids, one a line.
                """)
        ],
        options: [ids])

    static let clearQuarantine = Flag("--clear-quarantine", abstract: "forget the quarantined plugins")

    static let plugins = CommandDeclaration(
        "plugins", abstract: "list plugin files and whether they loaded",
        help: [
            .text(
                """
                List every plugin file petald found: name, version, status (loaded,
                disabled, incompatible, failed, quarantined), file and the reason when it
                is not loaded.

                --clear-quarantine forgets the plugins that were quarantined after a
                crash ($XDG_STATE_HOME/petal/quarantine.json), so the next start of
                petald loads them again; restart it with: systemctl --user restart petald
                """)
        ],
        options: [clearQuarantine])

    static let action = Operand<String>(
        "ACTION", noun: "action id",
        missing: "an action id, e.g. petalctl trigger open.uri uri=https://example.org (see petalctl actions)",
        completion: .program(arguments: ["actions", "--ids"], passing: ["--bus", "--address"]))

    static let parameter = Operand<(key: String, value: JSONValue)>(
        "KEY=VALUE | KEY:=JSON", noun: "parameter", optional: true, repeating: true, parse: parameter)

    static let trigger = CommandDeclaration(
        "trigger", abstract: "run an action with parameters",
        help: [
            .text(
                """
                Run ACTION with parameters, whatever the menu's state. KEY=VALUE passes a
                string; KEY:=JSON a typed value: count:=3, loud:=true, tags:='["a","b"]'.
                Waits for the action and prints its result like activate.

                Example: petalctl trigger open.uri uri=https://example.org
                """)
        ],
        operands: [action, parameter])

    static let contextWord = Operand<(key: DesktopContext.Key, value: String)>(
        "KEY=VALUE", noun: "context key", completion: .words(DesktopContext.Key.matched.map { "\($0.rawValue)=" }),
        optional: true, repeating: true, parse: contextWord)

    static let contextCommand = CommandDeclaration(
        "context", abstract: "show the context, or set it while petalctl runs",
        usage: ["", "[app=APP] [instance=I] [title=TITLE] [output=OUTPUT]"],
        help: [
            .text(
                """
                Without arguments, print the context petald holds: what the desktop
                shows (app, instance, title, output) and which source set it, one KEY
                VALUE a line, control characters escaped; with --json, the object of
                the keys set ({} when none is). petalctl show --context opens the menu
                whose "when" matches it (main when none does).

                With KEY=VALUE words, set the context to those keys (source is
                petalctl) and hold it until interrupted: it is petalctl's while it
                runs, and cleared when it ends (Ctrl-C, SIGTERM: exit status 0). If
                petald restarts meanwhile, it is set again. For a script on a desktop
                petal-context cannot read, or to try a configuration's "when":

                  petalctl context app=firefox title='Pull requests - GitHub' &
                  petalctl show --context
                """)
        ],
        operands: [contextWord])

    static let reload = CommandDeclaration(
        "reload", abstract: "reread the configuration file",
        help: [
            .text(
                """
                Reread the configuration file. If it has errors they are printed and
                the old configuration stays in force (exit status 1). Otherwise its
                warnings (petald's ConfigWarnings: unknown keys, actions nothing
                provides, drop-in files skipped) are printed on standard error with
                their count; nothing is printed when there are none. With --json,
                {"warnings": [...]}.
                """)
        ])

    static let versionCommand = CommandDeclaration(
        "version", abstract: "print petalctl's and petald's versions",
        help: [
            .text(
                """
                Print petalctl's version and the running petald's. petalctl --version
                prints petalctl's alone, without asking petald.
                """)
        ])

    static let topic = Operand<CommandName>("COMMAND", noun: "command", optional: true)

    static let helpCommand = CommandDeclaration(
        "help", abstract: "print help for a command", help: [.text("Print petalctl's help, or COMMAND's.")],
        operands: [topic])

    /// `KEY=VALUE` (a string) or `KEY:=JSON` (a typed value), as HTTPie writes them.
    static func parameter(_ word: String) throws(UsageError) -> (key: String, value: JSONValue) {
        guard let equals = word.firstIndex(of: "=") else {
            throw UsageError(
                "parameter \"\(word)\" is not KEY=VALUE (a string) or KEY:=JSON (a typed value), e.g. count:=3")
        }
        var key = String(word[..<equals])
        let text = String(word[word.index(after: equals)...])
        let typed = key.hasSuffix(":")
        if typed { key.removeLast() }
        guard !key.isEmpty else { throw UsageError("parameter \"\(word)\" has no name before the =") }
        guard typed else { return (key, .string(text)) }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw UsageError(
                "parameter \"\(key)\": \"\(text)\" is not JSON (\(error)); for a string write \(key)=\(text)")
        }
        if value == .null {
            throw UsageError("parameter \"\(key)\" is null, which D-Bus cannot carry; leave it out instead")
        }
        return (key, value)
    }

    /// `app=…`, `instance=…`, `title=…` or `output=…` (docs/context.md).
    static func contextWord(_ word: String) throws(UsageError) -> (key: DesktopContext.Key, value: String) {
        guard let equals = word.firstIndex(of: "=") else {
            throw UsageError(
                "context takes KEY=VALUE words, e.g. petalctl context app=firefox title=Mail, not \"\(word)\"")
        }
        let name = String(word[..<equals])
        let value = String(word[word.index(after: equals)...])
        guard let key = DesktopContext.Key(rawValue: name), key != .source else {
            throw UsageError(
                name == DesktopContext.Key.source.rawValue
                    ? "petalctl sets source itself, to petalctl; give app=, instance=, title= and output="
                    : "the context has no key \"\(name)\"; its keys are \(DesktopContext.Key.matchedList)")
        }
        let bytes = value.utf8.count
        guard bytes <= DesktopContext.maximumValueBytes else {
            throw UsageError(
                "\(name) is \(bytes) bytes long; a value of the context has at most \(DesktopContext.maximumValueBytes)"
            )
        }
        return (key, value)
    }
}
