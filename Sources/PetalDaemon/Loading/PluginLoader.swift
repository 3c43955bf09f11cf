import DBus
import Glibc
import Linux
import PetalCore
import PetalPluginABI
import PetalPluginRuntime
import TextEscaping

/// Finds, checks and loads plugin libraries into an ``ActionRegistry``
/// (docs/plugins.md, "Where petald looks, and what it accepts"), each
/// checked by ``PluginRules`` and by the rules here, which depend on what
/// else is loaded. Every file found gets a ``PluginRecord``; a bad one is skipped
/// with its reason, never a crash. Libraries are never `dlclose`d.
///
/// This file is over 300 lines on purpose: it reads top to bottom in the
/// order the loader checks a file, which is the order docs/plugins.md gives.
struct PluginLoader {
    /// The plugins shipped with Petal, which `--safe-mode` still loads.
    static let builtInNames = Set(BuiltInActions.ids.keys)

    let searchPath: PluginSearchPath
    /// The folders Petal's own plugins are installed in (or built into).
    let builtInDirectories: Set<String>
    let safeMode: Bool
    let settings: PluginSettings
    let quarantine: Quarantine
    let log: Logger
    let connection: DBusConnection?
    /// Starts the programs plugins launch.
    let launcher: SystemdLauncher
    /// Which plugins run in a host process of their own, and how.
    let isolation: IsolationSupport
    /// Petal's own plugins as linked into petald, by name: taken instead of
    /// their files' libraries when they run inside petald (``deferLoading``).
    var linkedPlugins: [String: LinkedPlugin] = [:]

    /// What the loader loaded: plugins inside petald, and plugins in hosts of their own.
    struct Loaded {
        var records: [PluginRecord] = []
        var native: [NativePlugin] = []
        var isolated: [IsolatedPlugin] = []
    }

    /// Loads every `*.so` of the search path, in order, registering their actions.
    func load(into registry: inout ActionRegistry) -> Loaded {
        var loaded = Loaded()
        var loadedNames: [String: String] = [:]
        for directory in searchPath.directories {
            for path in Self.libraries(in: directory) {
                var record = PluginRecord(
                    name: PluginRules.stem(of: path), version: "", path: path, status: .failed, reason: "")
                switch load(
                    path, builtIn: builtInDirectories.contains(directory), record: &record,
                    loadedNames: &loadedNames, registry: &registry)
                {
                case .native(let plugin): loaded.native.append(plugin)
                case .isolated(let plugin): loaded.isolated.append(plugin)
                case nil: break
                }
                if record.status == .loaded {
                    log.info(
                        "loaded plugin \(record.name) \(record.version) from \(path)\(record.reason.isEmpty ? "" : " (\(record.reason))")"
                    )
                } else {
                    log.warning("skipped plugin \(path): \(record.status.rawValue): \(record.reason)")
                }
                loaded.records.append(record)
            }
        }
        return loaded
    }

    enum Plugin {
        case native(NativePlugin)
        case isolated(IsolatedPlugin)
    }

    private func load(
        _ path: String, builtIn: Bool, record: inout PluginRecord,
        loadedNames: inout [String: String], registry: inout ActionRegistry
    ) -> Plugin? {
        if safeMode && !(builtIn && Self.builtInNames.contains(Self.pluginName(fromFile: path))) {
            record.status = .disabled
            record.reason = "petald runs with --safe-mode, which loads only Petal's built-in plugins"
            return nil
        }
        // Before dlopen, which runs the library's constructors: a disabled plugin runs no code.
        if let listed = Self.disabledName(of: path, in: settings.disabled) {
            record.status = .disabled
            record.reason = "listed in plugins.disabled of the configuration (as \"\(listed)\")"
            return nil
        }
        let file: PluginFile
        do {
            file = try PluginFile(path: path, user: getuid())
        } catch {
            record.reason = error.description
            return nil
        }
        if let note = file.note {
            // Read from the file before dlopen: a plugin refused here runs none of its code.
            record.name = note.name
            record.version = note.version
            if let (status, reason) = refusal(of: note, builtIn: builtIn, loadedNames: loadedNames) {
                record.status = status
                record.reason = reason
                return nil
            }
        }
        if let entry = quarantine.entry(for: file.identity) {
            record.status = .quarantined
            record.reason = entry.reason
            if let name = entry.name { record.name = name }
            if let version = entry.version { record.version = version }
            return nil
        }
        // Without a note (ABI 1.0), the name the file gives: libclock.so and clock.so are "clock".
        let name = file.note?.name ?? Self.bareName(fromFile: path)
        if isolation.policy.isolates(name, builtIn: builtIn) {
            return loadIsolated(
                file, name: name, builtIn: builtIn, record: &record, loadedNames: &loadedNames,
                registry: &registry
            ).map(Plugin.isolated)
        }
        // From here on, a crash in the plugin's code is blamed on this file, under the note's name if it has one.
        let slot = quarantine.register(file.identity)
        if let note = file.note {
            quarantine.name(slot, file.identity, note.name, version: LogText.escaped(note.version, maximumBytes: 64))
        }
        if builtIn, let note = file.note, let actions = BuiltInActions.declared[note.name] {
            return deferLoading(
                file, note: note, actions: actions, slot: slot, record: &record, loadedNames: &loadedNames,
                registry: &registry
            ).map(Plugin.native)
        }
        let plugin: NativePlugin
        switch PluginLibrary.open(file, slot: slot, recordsCode: true, log: log) {
        case .success(let opened): plugin = opened
        case .failure(let refusal):
            (record.status, record.reason) = (refusal.status, refusal.reason)
            if let name = refusal.name { record.name = name }
            if let version = refusal.version { record.version = version }
            return nil
        }
        record.name = plugin.name
        record.version = plugin.version
        if file.note == nil && PluginRules.isValidName(plugin.name) {
            quarantine.name(
                slot, file.identity, plugin.name, version: LogText.escaped(plugin.version, maximumBytes: 64))
        }
        if let problem = problem(
            name: plugin.name, actions: plugin.declaredActions.map(\.id), builtIn: builtIn,
            loadedNames: loadedNames, registry: registry)
        {
            record.reason = problem
            return nil
        }
        loadedNames[plugin.name] = path
        if settings.disabled.contains(plugin.name) {
            record.status = .disabled
            record.reason = "listed in plugins.disabled of the configuration"
            return nil
        }
        let pluginSettings = settings.settings[plugin.name]?.objectValue ?? [:]
        let context = PluginContext(
            name: plugin.name, settings: pluginSettings, log: log, connection: connection,
            launcher: launcher, slot: slot)
        do {
            try plugin.startWorker()
        } catch {
            record.reason = "its worker thread could not be started: \(error)"
            return nil
        }
        if let failure = plugin.initialize(host: context.table) {
            record.reason = "its init failed: \(failure)"
            return nil
        }
        for action in plugin.actions() { registry.register(action, plugin: plugin.name) }
        record.status = .loaded
        return .native(plugin)
    }

    /// Starts the plugin's host, which loads it and runs its init, and takes
    /// its actions if nothing here refuses them.
    private func loadIsolated(
        _ file: PluginFile, name: String, builtIn: Bool, record: inout PluginRecord,
        loadedNames: inout [String: String], registry: inout ActionRegistry
    ) -> IsolatedPlugin? {
        let hosting: (server: HostServer, executable: String)
        switch isolation.hosting {
        case .success(let found): hosting = found
        case .failure(let error):
            record.reason = "it is to run isolated (plugins.isolate is \(isolation.policy)), but \(error)"
            return nil
        }
        let (log, connection, launcher) = (log, connection, launcher)
        let pluginSettings = settings.settings
        let plugin: IsolatedPlugin
        do {
            let context = PluginContext(
                name: name, settings: pluginSettings[name]?.objectValue ?? [:], log: log,
                connection: connection, launcher: launcher, slot: CrashSlot(raw: -1))
            let spawner = HostSpawner(
                executable: hosting.executable, address: hosting.server.address, systemd: launcher,
                loop: isolation.loop, clock: isolation.clock, log: log)
            plugin = try IsolatedPlugin(
                file: file, name: name, builtIn: builtIn, settings: pluginSettings[name]?.objectValue ?? [:],
                server: hosting.server, spawner: spawner, loop: isolation.loop, clock: isolation.clock,
                quarantine: quarantine, log: log, context: context)
        } catch {
            record.reason = "its thread in petald could not be started: \(error)"
            return nil
        }
        if let refusal = plugin.startAndWait() {
            (record.status, record.reason) = refusal
            if plugin.version != "" || plugin.name != name {
                (record.name, record.version) = (plugin.name, plugin.version)
            }
            return nil
        }
        (record.name, record.version) = (plugin.name, plugin.version)
        var refusal: (PluginRecord.Status, String)?
        if let problem = problem(
            name: plugin.name, actions: plugin.declaredActions.map(\.id), builtIn: builtIn,
            loadedNames: loadedNames, registry: registry)
        {
            refusal = (.failed, problem)
        } else if file.note == nil && settings.disabled.contains(plugin.name) {
            refusal = (.disabled, "listed in plugins.disabled of the configuration")
        }
        if let (status, reason) = refusal {
            plugin.retire(status, reason)
            (record.status, record.reason) = (status, reason)
            return nil
        }
        loadedNames[plugin.name] = file.path
        for action in plugin.declaredActions {
            registry.register(
                IsolatedAction(plugin: plugin, id: action.id, title: action.title, icon: action.icon),
                plugin: plugin.name)
        }
        record = (try? isolation.loop.performAndWait { plugin.record }) ?? record
        return plugin
    }

    /// Why the plugin a note describes is refused before its code runs, or nil:
    /// it is disabled by name, built for another ABI, or its name is reserved or taken.
    private func refusal(
        of note: PluginNote, builtIn: Bool, loadedNames: [String: String]
    ) -> (PluginRecord.Status, String)? {
        if settings.disabled.contains(note.name) {
            return (
                .disabled,
                "listed in plugins.disabled of the configuration (as \"\(note.name)\", the name its \(PluginRules.noteSection) gives)"
            )
        }
        if let problem = PluginRules.abiProblem(
            major: UInt(note.abiMajor), minor: UInt(note.abiMinor),
            claim: "its \(PluginRules.noteSection) says it was")
        {
            return (.incompatible, problem)
        }
        if let problem = Self.nameProblem(note.name, builtIn: builtIn, loadedNames: loadedNames) {
            return (.failed, problem)
        }
        return nil
    }

    /// Why a plugin may not have `name` here: it is invalid, reserved, or already loaded.
    static func nameProblem(_ name: String, builtIn: Bool, loadedNames: [String: String]) -> String? {
        guard PluginRules.isValidName(name) else {
            return
                "its name \"\(LogText.escaped(name))\" is not valid; names are lowercase letters, digits, \"-\" and \"_\""
        }
        if !builtIn && reservedNames.contains(name) {
            return
                "its name \"\(name)\" is reserved for the plugins installed with petald (\(reservedNames.sorted().joined(separator: ", "))); give the plugin another name"
        }
        if let first = loadedNames[name] {
            return "a plugin named \"\(name)\" is already loaded from \(first); the first in the search path wins"
        }
        return nil
    }

    /// Why a plugin of `name` declaring `actions` cannot join the others: its
    /// name is reserved or taken, or one of its actions is provided already.
    func problem(
        name: String, actions: [String], builtIn: Bool, loadedNames: [String: String], registry: ActionRegistry
    ) -> String? {
        if let problem = Self.nameProblem(name, builtIn: builtIn, loadedNames: loadedNames) { return problem }
        for action in actions {
            if let owner = registry.all.first(where: { $0.action.id == action }) {
                return "its action \"\(action)\" is already provided by plugin \"\(owner.plugin)\""
            }
        }
        return nil
    }

    /// Names only the plugins installed with petald may have.
    static let reservedNames = BuiltInActions.reservedNames

    /// The entry of `disabled` that names the file at `path` (`libNAME.so`, `NAME`, or
    /// `libpetal-NAME.so`'s `NAME`), so that it is refused before any of its code runs.
    static func disabledName(of path: String, in disabled: [String]) -> String? {
        if disabled.isEmpty { return nil }
        let file = PluginSearchPath.lastComponent(of: path)
        let stem = PluginRules.stem(of: path)
        let bare = stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
        let names: Set<String> = [file, stem, bare, pluginName(fromFile: path)]
        return disabled.first { names.contains($0) }
    }

    /// The `*.so` files of `directory`, sorted by name; none if it cannot be read.
    static func libraries(in directory: String) -> [String] {
        let names = (folderEntries(directory) ?? []).filter { $0.hasSuffix(".so") && !$0.hasPrefix(".") }
        return names.sorted().map { directory == "/" ? "/\($0)" : "\(directory)/\($0)" }
    }

    /// `libclock.so` and `clock.so` → `clock`, `libpetal-camera.so` → `camera`: a plugin's name
    /// as its file gives it, for a plugin without a note.
    static func bareName(fromFile path: String) -> String {
        let name = pluginName(fromFile: path)
        return name.hasPrefix("lib") && name.count > 3 ? String(name.dropFirst(3)) : name
    }

    /// `libpetal-camera.so` → `camera`: how Petal's own plugin files are named.
    static func pluginName(fromFile path: String) -> String {
        let stem = PluginRules.stem(of: path)
        return stem.hasPrefix("libpetal-") ? String(stem.dropFirst("libpetal-".count)) : stem
    }
}
