import DBus
import PetalAPI
import PetalCore
import TextEscaping

/// The context (docs/context.md): `SetContext` and the `Context` property,
/// owned by the connection that set it, and the menu `ShowMenu("")` opens for it.
extension MenuService {
    /// `SetContext`: replaces the context whole with `dictionary`, owned by
    /// `sender` until it leaves the bus or someone sets another; a change is
    /// announced with PropertiesChanged.
    ///
    /// - Throws: `InvalidArgs` for an unknown key, a value that is not a
    ///   string or is over 4 KiB; the context stays as it was.
    func setContext(_ dictionary: DBusVariantDictionary, from sender: String) throws(DBusError) {
        let given = try DesktopContext(checking: dictionary)
        contextOwner = given.isEmpty ? nil : sender
        guard given != context else { return }
        context = given
        log.debug("context set by \(sender): \(Self.logged(context))")
        signals.emitChange(of: PetalBus.Menus.context, at: PetalBus.path, to: context.dictionary)
    }

    /// Clears the context when `name`, which left the bus, set it.
    func contextOwnerLeft(_ name: String) {
        guard contextOwner == name else { return }
        contextOwner = nil
        context = .none
        log.debug("context cleared: \(name), which set it, left the bus")
        signals.emitChange(of: PetalBus.Menus.context, at: PetalBus.path, to: context.dictionary)
    }

    /// The menu `ShowMenu("")` opens, and where: the one the `context`
    /// option of `show` asks for, else the one the `Context` property asks
    /// for; on that context's output unless `show` names one.
    func menuForContext(_ show: ShowOptions) -> (name: String, show: ShowOptions) {
        let chosen = show.context ?? context
        var placement = show
        if placement.output == nil, let output = chosen[.output], !output.isEmpty,
            output.utf8.count <= ShowOptions.maximumOutputBytes
        {
            placement.output = output
        }
        return (ContextChoice.menu(for: chosen, among: configuration.menus), placement)
    }

    /// `app="firefox" title="…"`, for the log: one line, each value cut at 256 bytes.
    private static func logged(_ context: DesktopContext) -> String {
        DesktopContext.Key.allCases.compactMap { key in
            context[key].map { "\(key.rawValue)=\"\(LogText.escaped($0, maximumBytes: 256))\"" }
        }.joined(separator: " ")
    }
}
