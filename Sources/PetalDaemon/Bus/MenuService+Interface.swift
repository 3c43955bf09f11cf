import DBus
import PetalAPI
import PetalCore

/// `org.petal.Petal1.Menu` and `org.petal.Petal1.Item` served from their
/// declarations in PetalAPI (``PetalBus/Menu``, ``PetalBus/Item``): each
/// handler bound to a declaration, so the types it takes and answers are
/// the ones clients read. The object server derives dispatch, introspection
/// and Properties from them.
extension MenuService {
    /// The Menu interface of the main menu.
    func menuInterface() -> DBusInterface {
        typealias Menu = PetalBus.Menu
        return DBusInterface(
            Menu.interface,
            methods: [
                Menu.toggle.serve { [unowned self] _ in menu.handle(.toggle).rawValue },
                Menu.open.serve { [unowned self] _ in menu.handle(.open).rawValue },
                Menu.close.serve { [unowned self] _ in menu.handle(.close).rawValue },
                Menu.activate.serveLater { [unowned self] reply, item in try menu.activate(item, call: reply) },
                Menu.trigger.limitingSize(
                    of: "params", to: ParamsCoding.maximumWireBytes, refusal: ParamsCoding.tooLarge
                )
                .serveLater { [unowned self] reply, action, params in
                    try actions.trigger(action, params: params, call: reply)
                },
                Menu.choose.limitingSize(of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge)
                    .serveLater { [unowned self] reply, options in try menu.choose(options: options, call: reply) },
                Menu.reload.serve { [unowned self] _ in try reload() },
                Menu.registerProvider.serveLater { [unowned self] reply, path in
                    guard let providers else { throw DBusError.failed("providers register only over D-Bus") }
                    try providers.register(path, call: reply)
                },
                Menu.unregisterProvider.serve { [unowned self] call, path in
                    guard let providers else { throw DBusError.failed("providers register only over D-Bus") }
                    try providers.unregister(path, sender: call.sender)
                },
            ],
            properties: [
                Menu.state.serve { [unowned self] in menu.machine.state.rawValue },
                Menu.items.serve { [unowned self] in menu.itemRows },
                Menu.actions.serve { [unowned self] in actions.rows },
                Menu.plugins.serve { [unowned self] in plugins.rows },
                Menu.highlighted.serve(
                    get: { [unowned self] in menu.highlighted },
                    set: { [unowned self] in try menu.setHighlighted($0) }),
                Menu.layout.serve { [unowned self] in menu.layoutRows },
                Menu.layoutStyle.serve(
                    get: { [unowned self] in menu.geometry.style.rawValue },
                    set: { [unowned self] in try menu.setLayoutStyle($0) }),
                Menu.version.serve { petalVersion },
                Menu.appearance.serve { [unowned self] in appearance },
            ], signals: Menu.signals)
    }

    /// The Item interface of the item `id` of the main menu; its getters
    /// read the item as it is now, so a reload needs no re-registration.
    func itemInterface(_ id: String) -> DBusInterface {
        typealias Item = PetalBus.Item
        func text(_ property: DBusPropertyDeclaration<String>, _ read: @escaping @Sendable (MenuItem) -> String)
            -> DBusProperty
        {
            property.serve { [unowned self] in menu.item(id).map(read) ?? "" }
        }
        func flag(_ property: DBusPropertyDeclaration<Bool>, _ read: @escaping @Sendable (MenuItem) -> Bool)
            -> DBusProperty
        {
            property.serve { [unowned self] in menu.item(id).map(read) ?? false }
        }
        return DBusInterface(
            Item.interface,
            methods: [
                Item.activate.serveLater { [unowned self] reply in try menu.activate(id, call: reply) }
            ],
            properties: [
                Item.id.serve { id },
                text(Item.title, \.title),
                text(Item.icon, \.icon),
                text(Item.selectedIcon, \.selectedIcon),
                text(Item.color, \.color),
                text(Item.action, \.action),
                flag(Item.enabled, \.enabled),
                flag(Item.selected, \.selected),
                flag(Item.toggle, \.toggle),
            ])
    }
}
