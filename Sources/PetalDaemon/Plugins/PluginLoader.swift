import DBus
import Glibc
import PetalCore
import PetalPluginABI
import TextEscaping

/// Finds, checks and loads plugin libraries into an ``ActionRegistry``
/// (SPEC §3). Every file found gets a ``PluginRecord``; a bad one is skipped
/// with its reason, never a crash. Libraries are never `dlclose`d.
struct PluginLoader {
    /// The plugins shipped with Petal, which `--safe-mode` still loads.
    static let builtInNames: Set<String> = ["camera", "message", "phone", "command", "open"]

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

    /// Loads every `*.so` of the search path, in order, registering their actions.
    func load(into registry: inout ActionRegistry) -> (records: [PluginRecord], plugins: [NativePlugin]) {
        var records: [PluginRecord] = []
        var plugins: [NativePlugin] = []
        var loadedNames: [String: String] = [:]
        for directory in searchPath.directories {
            for path in Self.libraries(in: directory) {
                var record = PluginRecord(name: Self.stem(of: path), version: "", path: path, status: .failed, reason: "")
                if let plugin = load(path, builtIn: builtInDirectories.contains(directory), record: &record,
                                     loadedNames: &loadedNames, registry: &registry) {
                    plugins.append(plugin)
                }
                if record.status == .loaded {
                    log.info("loaded plugin \(record.name) \(record.version) from \(path)")
                } else {
                    log.warning("skipped plugin \(path): \(record.status.rawValue): \(record.reason)")
                }
                records.append(record)
            }
        }
        return (records, plugins)
    }

    private func load(
        _ path: String, builtIn: Bool, record: inout PluginRecord,
        loadedNames: inout [String: String], registry: inout ActionRegistry
    ) -> NativePlugin? {
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
        // From here on, a crash in the plugin's code is blamed on this file, under the note's name if it has one.
        let slot = quarantine.register(file.identity)
        if let note = file.note {
            quarantine.name(slot, file.identity, note.name, version: LogText.escaped(note.version, maximumBytes: 64))
        }
        let handle: UnsafeMutableRawPointer
        // dlopen runs the library's constructors: plugin code, watched like init.
        switch slot.inControl({ file.load() }) {
        case .success(let opened): handle = opened
        case .failure(let refusal):
            record.reason = refusal.description
            return nil
        }
        guard let symbol = dlsym(handle, PETAL_PLUGIN_ENTRY_SYMBOL) else {
            record.status = .incompatible
            record.reason = "it does not export \(PETAL_PLUGIN_ENTRY_SYMBOL); is it a Petal plugin built against petal_plugin.h?"
            return nil
        }
        typealias Entry = @convention(c) () -> UnsafePointer<petal_plugin>?
        quarantine.addCode(slot, handle: handle)
        guard let table = slot.inControl({ unsafeBitCast(symbol, to: Entry.self)() }) else {
            record.reason = "\(PETAL_PLUGIN_ENTRY_SYMBOL) returned NULL"
            return nil
        }
        if let problem = Self.compatibilityProblem(table.pointee) {
            record.status = .incompatible
            record.reason = problem
            return nil
        }
        let plugin = NativePlugin(table: table, file: file.identity, slot: slot, log: log)
        record.name = plugin.name
        record.version = plugin.version
        if let note = file.note, note.name != plugin.name {
            record.reason = "its table names it \"\(LogText.escaped(plugin.name))\" but its \(Self.noteSection) names it \"\(note.name)\"; the two must be equal (PETAL_PLUGIN_DESCRIBE's first argument is the table's name)"
            return nil
        }
        if file.note == nil && Self.isValidName(plugin.name) {
            quarantine.name(slot, file.identity, plugin.name, version: LogText.escaped(plugin.version, maximumBytes: 64))
        }
        if let problem = problem(with: plugin, builtIn: builtIn, loadedNames: loadedNames, registry: registry) {
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
        let context = PluginContext(name: plugin.name, settings: pluginSettings, log: log, connection: connection,
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
        return plugin
    }

    /// Why the plugin a note describes is refused before its code runs, or nil:
    /// it is disabled by name, built for another ABI, or its name is reserved or taken.
    private func refusal(
        of note: PluginNote, builtIn: Bool, loadedNames: [String: String]
    ) -> (PluginRecord.Status, String)? {
        if settings.disabled.contains(note.name) {
            return (.disabled, "listed in plugins.disabled of the configuration (as \"\(note.name)\", the name its \(Self.noteSection) gives)")
        }
        if let problem = Self.abiProblem(major: UInt(note.abiMajor), minor: UInt(note.abiMinor),
                                         claim: "its \(Self.noteSection) says it was") {
            return (.incompatible, problem)
        }
        if let problem = Self.nameProblem(note.name, builtIn: builtIn, loadedNames: loadedNames) {
            return (.failed, problem)
        }
        return nil
    }

    static let noteSection = PETAL_PLUGIN_NOTE_SECTION

    /// Why a table cannot be used by this daemon's ABI, or nil.
    static func compatibilityProblem(_ table: petal_plugin) -> String? {
        let ours = "\(PETAL_PLUGIN_ABI_MAJOR).\(PETAL_PLUGIN_ABI_MINOR)"
        if let problem = abiProblem(major: UInt(table.abi_major), minor: UInt(table.abi_minor), claim: "it was") {
            return problem
        }
        let minimum = MemoryLayout<petal_plugin>.offset(of: \petal_plugin.deinit)! + MemoryLayout<UnsafeRawPointer?>.size
        guard Int(table.struct_size) >= minimum else {
            return "its struct_size is \(table.struct_size) bytes; an ABI \(ours) table has at least \(minimum)"
        }
        return nil
    }

    /// Why a plugin of ABI `major.minor` cannot load into this daemon, or nil.
    /// `claim` begins the sentence: "it was", or "its .note.petal says it was".
    static func abiProblem(major: UInt, minor: UInt, claim: String) -> String? {
        let ours = "\(PETAL_PLUGIN_ABI_MAJOR).\(PETAL_PLUGIN_ABI_MINOR)"
        guard major == PETAL_PLUGIN_ABI_MAJOR else {
            return "\(claim) built for plugin ABI \(major).\(minor); petald speaks \(ours) (rebuild it against this petal_plugin.h)"
        }
        guard minor <= PETAL_PLUGIN_ABI_MINOR else {
            return "\(claim) built for plugin ABI \(major).\(minor), newer than petald's \(ours); update petald"
        }
        return nil
    }

    /// Why a plugin may not have `name` here: it is invalid, reserved, or already loaded.
    private static func nameProblem(_ name: String, builtIn: Bool, loadedNames: [String: String]) -> String? {
        guard isValidName(name) else {
            return "its name \"\(LogText.escaped(name))\" is not valid; names are lowercase letters, digits, \"-\" and \"_\""
        }
        if !builtIn && reservedNames.contains(name) {
            return "its name \"\(name)\" is reserved for the plugins installed with petald (\(reservedNames.sorted().joined(separator: ", "))); give the plugin another name"
        }
        if let first = loadedNames[name] {
            return "a plugin named \"\(name)\" is already loaded from \(first); the first in the search path wins"
        }
        return nil
    }

    private func problem(
        with plugin: NativePlugin, builtIn: Bool, loadedNames: [String: String], registry: ActionRegistry
    ) -> String? {
        if let problem = Self.nameProblem(plugin.name, builtIn: builtIn, loadedNames: loadedNames) { return problem }
        var seen = Set<String>()
        for action in plugin.declaredActions {
            guard !action.id.isEmpty, action.id.utf8.count <= MenuService.maximumIDBytes else {
                return "it declares an action id that is empty or longer than \(MenuService.maximumIDBytes) bytes"
            }
            guard action.id.hasPrefix(plugin.name + "."), action.id.utf8.count > plugin.name.utf8.count + 1 else {
                return "its action \"\(LogText.escaped(action.id))\" is outside its namespace: plugin \"\(plugin.name)\" may declare only actions named \"\(plugin.name).<verb>\""
            }
            guard seen.insert(action.id).inserted else { return "it declares action \"\(action.id)\" twice" }
            if let owner = registry.all.first(where: { $0.action.id == action.id }) {
                return "its action \"\(action.id)\" is already provided by plugin \"\(owner.plugin)\""
            }
        }
        return nil
    }

    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Whether `name` is a valid plugin name: `[a-z0-9_-]+`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { nameBytes.contains($0) }
    }

    /// Names only the plugins installed with petald may have (SPEC §3, "Namespaces").
    static let reservedNames = builtInNames.union(["petal"])

    /// The entry of `disabled` that names the file at `path` (`libNAME.so`, `NAME`, or
    /// `libpetal-NAME.so`'s `NAME`), so that it is refused before any of its code runs.
    static func disabledName(of path: String, in disabled: [String]) -> String? {
        let file = PluginSearchPath.lastComponent(of: path)
        let stem = stem(of: path)
        let bare = stem.hasPrefix("lib") ? String(stem.dropFirst(3)) : stem
        let names: Set<String> = [file, stem, bare, pluginName(fromFile: path)]
        return disabled.first { names.contains($0) }
    }

    /// The `*.so` files of `directory`, sorted by name; none if it cannot be read.
    static func libraries(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".so") && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted().map { directory == "/" ? "/\($0)" : "\(directory)/\($0)" }
    }

    static func stem(of path: String) -> String {
        let file = PluginSearchPath.lastComponent(of: path)
        return file.hasSuffix(".so") ? String(file.dropLast(3)) : file
    }

    /// `libpetal-camera.so` → `camera`: how Petal's own plugin files are named.
    static func pluginName(fromFile path: String) -> String {
        let stem = stem(of: path)
        return stem.hasPrefix("libpetal-") ? String(stem.dropFirst("libpetal-".count)) : stem
    }
}
