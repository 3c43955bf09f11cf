import Linux
import PetalCore
import PetalPluginABI

/// A plugin loaded at its first invocation rather than at start-up: petald
/// starts without mapping and relocating a library (and, for a plugin in
/// Swift, the shared Swift runtime) that a session may never use.
///
/// The file is checked and opened at start-up, as any plugin's; its
/// descriptor stays open, and it is that file which is loaded later
/// (``PluginFile/load()``). The load and the `init` run on the plugin's
/// worker, inside its crash slot, as every call into its code.
extension NativePlugin {
    /// The checked file a deferred plugin loads, and the host table its `init` gets.
    ///
    /// Unchecked Sendable: made on the loop, then used on the plugin's worker alone.
    struct Deferral: @unchecked Sendable {
        let file: PluginFile
        /// The plugin as linked into this program, taken instead of the file's library.
        let linked: LinkedPlugin?
        let host: UnsafePointer<petal_host>
    }

    /// On the worker, before a call into the plugin: loads its library and
    /// runs its `init` if that was deferred. The reason it cannot be invoked,
    /// for this invocation and every later one, or nil.
    func loadIfDeferred() -> ActionError? {
        if let failure = deferredLoadFailure { return .failed(failure) }
        guard let deferral else { return nil }
        self.deferral = nil
        if let failure = load(deferral) {
            deferredLoadFailure = "plugin \(name) could not be loaded at its first use: \(failure)"
            log.error("\(deferredLoadFailure ?? failure)")
            return .failed(deferredLoadFailure ?? failure)
        }
        log.info(
            deferral.linked == nil
                ? "plugin \(name): its library was loaded for its first invocation"
                : "plugin \(name): started from the copy linked into this program, for its first invocation")
        return nil
    }

    private func load(_ deferral: Deferral) -> String? {
        let opened: NativePlugin
        let result =
            if let linked = deferral.linked {
                PluginLibrary.open(linked, for: deferral.file, slot: slot, log: log)
            } else {
                PluginLibrary.open(deferral.file, slot: slot, recordsCode: true, log: log)
            }
        switch result {
        case .success(let plugin): opened = plugin
        case .failure(let refusal): return "\(refusal.status.rawValue): \(refusal.reason)"
        }
        let declared = opened.declaredActions
        guard opened.name == name, let expected = actionsInAdvance, declared.elementsEqual(expected, by: ==) else {
            return
                "its table names it \"\(opened.name)\" with actions \(declared.map(\.id)), where petald expected \"\(name)\" with \(actionsInAdvance?.map(\.id) ?? [])"
        }
        table = opened.table
        return initialize(host: deferral.host).map { "its init failed: \($0)" }
    }
}
