import Glibc
import PetalConfiguration
import PetalCore
import PetalPluginRuntime

/// `petald --check-config FILE`: what petald would say of a configuration
/// and of the providers' drop-in files, without serving anything and
/// without running any plugin's code.
struct ConfigurationCheck {
    let options: DaemonOptions

    /// Checks `path`: every problem on stderr, one per line, the warnings as
    /// petald's `ConfigWarnings` lists them, then a summary on stdout when
    /// the file is usable; then the drop-in files. 0 when both are good, 2
    /// when either is not.
    func run(path: String) -> Int32 {
        let (dropIns, refused) = ProviderDropIn.readAll(in: ProviderDropIn.folder(), owner: { _ in nil })
        var status = Daemon.ExitStatus.success
        switch ConfigurationFile.check(path: path) {
        case .success(let loaded):
            let warnings = loaded.warnings(knowing: knownActions(loaded.configuration, dropIns: dropIns))
            for warning in warnings { Daemon.printError(warning.description) }
            let configuration = loaded.configuration
            print("\(path): OK, \(Self.menuSummary(configuration)), \(Self.counted(warnings.count, "warning"))")
            for line in Self.contextSummary(configuration) { print(line) }
        case .failure(let error):
            for problem in error.problems { Daemon.printError(problem.description) }
            let errors = error.problems.filter(\.isError).count
            Daemon.printError(
                "\(path): \(errors) error\(errors == 1 ? "" : "s"); petald would not start with this file")
            status = .usage
        }
        if !reportDropIns(dropIns, refused: refused, in: ProviderDropIn.folder()) { status = .usage }
        return status.rawValue
    }

    /// What is known of actions without loading a plugin: the built-in
    /// plugins' actions, the namespaces the notes of the other plugin files
    /// of the search path name, and the actions the drop-ins list.
    func knownActions(_ configuration: MenuConfiguration, dropIns: [ProviderDropIn]) -> KnownActions {
        var known = KnownActions(ids: Set(BuiltInActions.ids.values.joined()))
        for dropIn in dropIns { known.ids.formUnion(dropIn.description.actions.map(\.id)) }
        let searchPath = PluginSearchPath(explicit: options.pluginDirectories + configuration.plugins.paths)
        for directory in searchPath.directories {
            for path in PluginLoader.libraries(in: directory) {
                let name =
                    (try? PluginFile(path: path, user: getuid()))?.note?.name ?? PluginLoader.bareName(fromFile: path)
                guard BuiltInActions.ids[name] == nil else { continue }
                known.namespaces[name] = "plugin file \(path)"
            }
        }
        return known
    }

    /// The drop-in files of `folder`, checked as petald reads them: each one
    /// it would skip on stderr, in the words of `ConfigWarnings`, and a
    /// summary line when there are any. Names plugins hold are not known
    /// without loading them, so only start finds those clashes. False when a
    /// file is bad.
    private func reportDropIns(
        _ dropIns: [ProviderDropIn], refused: [ProviderDropIn.Refusal], in folder: String?
    ) -> Bool {
        guard let folder, !(dropIns.isEmpty && refused.isEmpty) else { return true }
        for refusal in refused { Daemon.printError(refusal.listed) }
        let total = Self.counted(dropIns.count + refused.count, "provider drop-in")
        guard refused.isEmpty else {
            Daemon.printError(
                "\(folder): \(refused.count) of \(total) bad; petald would skip \(refused.count == 1 ? "it" : "them")")
            return false
        }
        print("\(folder): OK, \(total) (\(dropIns.map(\.description.name).joined(separator: ", ")))")
        return true
    }

    /// The menus with a `when`, in the order `ShowMenu("")` tries them, then
    /// main; nothing when no menu has a `when`:
    ///
    ///     show --context opens the first that matches:
    ///       github   when {"app": "firefox", "title": ".*GitHub.*"}
    ///       browser  when {"app": "firefox|chromium"}
    ///       main     otherwise
    static func contextSummary(_ configuration: MenuConfiguration) -> [String] {
        let candidates = ContextChoice.candidates(among: configuration.menus)
        guard !candidates.isEmpty else { return [] }
        let width = (candidates.map(\.name.count) + [MenuName.main.count]).max()! + 2
        func padded(_ name: String) -> String { name + String(repeating: " ", count: width - name.count) }
        return ["show --context opens the first that matches:"]
            + candidates.map { "  " + padded($0.name) + "when " + ($0.when?.description ?? "") }
            + ["  " + padded(MenuName.main) + "otherwise"]
    }

    /// `3 items` for one menu; for several, each with its item count:
    /// `3 menus (main: 2 items, apps: 1, power: 1)`.
    static func menuSummary(_ configuration: MenuConfiguration) -> String {
        let menus = configuration.menus
        guard menus.count > 1 else { return counted(configuration.items.count, "item") }
        let each = menus.enumerated().map { index, menu in
            "\(menu.name): " + (index == 0 ? counted(menu.items.count, "item") : String(menu.items.count))
        }
        return "\(menus.count) menus (\(each.joined(separator: ", ")))"
    }

    /// `1 item`, `2 items`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
