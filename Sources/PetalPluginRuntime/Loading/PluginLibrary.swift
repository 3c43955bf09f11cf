import Glibc
import Linux
import PetalPluginABI
import TextEscaping

/// Loads a checked plugin file into this process, in petald or in a
/// `petal-plugin-host` alike: `dlopen` (the library's constructors run
/// there), the entry point, and the table's own checks, which hold whatever
/// else is loaded.
package enum PluginLibrary {
    /// Why a library was not taken: `failed` or `incompatible`, with the reason,
    /// and the name and version its table gave when it got that far.
    package struct Refusal: Error {
        package let status: PluginRecord.Status
        package let reason: String
        package var name: String? = nil
        package var version: String? = nil
    }

    /// Opens `file`'s library and reads its table. Every call into its code
    /// is marked with `slot`, and its code ranges are recorded for the crash
    /// handler when `recordsCode` (in petald, which keeps crash records).
    package static func open(
        _ file: PluginFile, slot: CrashSlot, recordsCode: Bool, log: Logger
    ) -> Result<NativePlugin, Refusal> {
        let handle: UnsafeMutableRawPointer
        // dlopen runs the library's constructors: plugin code, watched like init.
        switch slot.inControl({ file.load() }) {
        case .success(let opened): handle = opened
        case .failure(let refusal): return .failure(Refusal(status: .failed, reason: refusal.description))
        }
        guard let symbol = dlsym(handle, PETAL_PLUGIN_ENTRY_SYMBOL) else {
            return .failure(
                Refusal(
                    status: .incompatible,
                    reason:
                        "it does not export \(PETAL_PLUGIN_ENTRY_SYMBOL); is it a Petal plugin built against petal_plugin.h?"
                ))
        }
        typealias Entry = @convention(c) () -> UnsafePointer<petal_plugin>?
        if recordsCode { slot.addCode(of: handle, log: log) }
        guard let table = slot.inControl({ unsafeBitCast(symbol, to: Entry.self)() }) else {
            return .failure(Refusal(status: .failed, reason: "\(PETAL_PLUGIN_ENTRY_SYMBOL) returned NULL"))
        }
        return take(table, file: file, slot: slot, log: log)
    }

    /// Takes the table of `linked`, a plugin linked into this program, for
    /// `file`, the plugin's file, with the checks a table from that file would
    /// meet. Its code is this program's, so no code ranges are recorded: a
    /// crash is blamed on it when it comes inside a call into it.
    package static func open(
        _ linked: LinkedPlugin, for file: PluginFile, slot: CrashSlot, log: Logger
    ) -> Result<NativePlugin, Refusal> {
        let table = slot.inControl { linked.entry() }.assumingMemoryBound(to: petal_plugin.self)
        return take(table, file: file, slot: slot, log: log)
    }

    /// The checks a table meets whatever else is loaded: its ABI, its name (the note's), its actions.
    private static func take(
        _ table: UnsafePointer<petal_plugin>, file: PluginFile, slot: CrashSlot, log: Logger
    ) -> Result<NativePlugin, Refusal> {
        if let problem = PluginRules.compatibilityProblem(table.pointee) {
            return .failure(Refusal(status: .incompatible, reason: problem))
        }
        let plugin = NativePlugin(table: table, file: file.identity, slot: slot, log: log)
        func refuse(_ reason: String) -> Result<NativePlugin, Refusal> {
            .failure(Refusal(status: .failed, reason: reason, name: plugin.name, version: plugin.version))
        }
        if let note = file.note, note.name != plugin.name {
            return refuse(
                "its table names it \"\(LogText.escaped(plugin.name))\" but its \(PluginRules.noteSection) names it \"\(note.name)\"; the two must be equal (PETAL_PLUGIN_DESCRIBE's first argument is the table's name)"
            )
        }
        guard PluginRules.isValidName(plugin.name) else {
            return refuse(
                "its name \"\(LogText.escaped(plugin.name))\" is not valid; names are lowercase letters, digits, \"-\" and \"_\""
            )
        }
        if let problem = PluginRules.actionsProblem(name: plugin.name, actions: plugin.declaredActions.map(\.id)) {
            return refuse(problem)
        }
        return .success(plugin)
    }
}
