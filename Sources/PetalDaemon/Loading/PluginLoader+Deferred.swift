import Linux
import PetalPluginRuntime

extension PluginLoader {
    /// Takes one of Petal's own plugins, found in petald's own folders, to run
    /// inside petald without loading its library yet: its actions are the
    /// ones ``BuiltInActions`` lists, and its library is loaded, and its
    /// `init` called, on its worker before its first invocation
    /// (``NativePlugin/loadIfDeferred()``). Start-up then maps no Swift
    /// plugin library, nor the runtime they share, for a plugin never used.
    /// When petald carries the plugin linked in, at the version the note
    /// gives, that copy is taken instead of the library, and no library is
    /// mapped at all.
    /// Every check made before `dlopen` has been made; those made after it
    /// (the table's name and actions) are made at that first invocation,
    /// which fails, with every later one, if they do not hold.
    func deferLoading(
        _ file: PluginFile, note: PluginNote, actions: [BuiltInActions.Declared], slot: CrashSlot,
        record: inout PluginRecord, loadedNames: inout [String: String], registry: inout ActionRegistry
    ) -> NativePlugin? {
        if let problem = problem(
            name: note.name, actions: actions.map(\.id), builtIn: true, loadedNames: loadedNames, registry: registry)
        {
            record.reason = problem
            return nil
        }
        let context = PluginContext(
            name: note.name, settings: settings.settings[note.name]?.objectValue ?? [:], log: log,
            connection: connection, launcher: launcher, slot: slot)
        let linked = linkedPlugins[note.name].flatMap { $0.version == note.version ? $0 : nil }
        let plugin = NativePlugin(
            deferring: file, linked: linked, name: note.name, version: note.version,
            actions: actions.map { ($0.id, $0.title, $0.icon) }, host: context.table, slot: slot, log: log)
        do {
            try plugin.startWorker()
        } catch {
            record.reason = "its worker thread could not be started: \(error)"
            return nil
        }
        loadedNames[note.name] = file.path
        for action in plugin.actions() { registry.register(action, plugin: note.name) }
        record.status = .loaded
        return plugin
    }
}
