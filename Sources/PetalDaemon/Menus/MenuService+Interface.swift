import DBus
import PetalAPI
import PetalCore

/// `org.petal.Petal1.Menu` on every menu's object and `org.petal.Petal1.Item`
/// on every item's, served from their declarations in PetalAPI
/// (``PetalBus/Menu``, ``PetalBus/Item``): each handler bound to a
/// declaration, so the types it takes and answers are the ones clients read.
/// A handler finds its menu by name at each call: an ad-hoc menu may be gone.
extension MenuService {
    /// `org.petal.Petal1.Menu`, built once and shared by every menu's
    /// object, which is registered with its ``MenuObject`` as context.
    func makeMenuInterface() -> DBusInterface {
        typealias Menu = PetalBus.Menu
        return DBusInterface(
            Menu.interface,
            methods: [
                Menu.toggle.serve { [unowned self] call in try handle(.toggle, of: menu(call.menuName()).name)
                },
                Menu.open.serve { [unowned self] call in try handle(.open, of: menu(call.menuName()).name) },
                Menu.close.serve { [unowned self] call in try handle(.close, of: menu(call.menuName()).name) },
                Menu.activate.serveLater { [unowned self] reply, item in
                    try activate(item, in: reply.call.menuName(), call: reply)
                },
                Menu.trigger.limitingSize(
                    of: "params", to: ParamsCoding.maximumWireBytes, refusal: ParamsCoding.tooLarge
                )
                .serveLater { [unowned self] reply, action, params in
                    try actions.trigger(action, params: params, call: reply)
                },
                Menu.choose.limitingSize(of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge)
                    .serveLater { [unowned self] reply, options in
                        try choose(in: reply.call.menuName(), options: options, call: reply)
                    },
                Menu.reload.serve { [unowned self] _ in try reload() },
                Menu.registerProvider.serveLater { [unowned self] reply, path in
                    guard let providers else { throw DBusError.failed("providers register only over D-Bus") }
                    try providers.register(path, call: reply)
                },
                Menu.unregisterProvider.serve { [unowned self] call, path in
                    guard let providers else { throw DBusError.failed("providers register only over D-Bus") }
                    try providers.unregister(path, sender: call.sender)
                },
                Menu.show.limitingSize(of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge)
                    .serve { [unowned self] call, options in
                        try show(menu(call.menuName()).name, ShowOptions(checking: options))
                    },
                Menu.back.serve { [unowned self] call in try back(menu(call.menuName()).name) },
                Menu.pick.limitingSize(of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge)
                    .serveLater { [unowned self] reply, options in
                        try pick(in: reply.call.menuName(), options: options, call: reply)
                    },
                Menu.submit.limitingSize(
                    of: "details", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge
                )
                .serve { [unowned self] call, ids, details in try submit(ids, details: details, in: call.menuName()) },
                Menu.getRows.serve { [unowned self] call in try menu(call.menuName()).rowsFile() },
            ],
            properties: [
                Menu.state.serve(MenuObject.self) { [unowned self] in state(of: $0.name) },
                Menu.items.serve(MenuObject.self) { [unowned self] in menus[$0.name]?.itemRows ?? [] },
                Menu.actions.serve { [unowned self] in actions.rows },
                Menu.plugins.serve { [unowned self] in plugins.rows },
                Menu.highlighted.serve(
                    MenuObject.self, get: { [unowned self] in menus[$0.name]?.highlighted ?? "" },
                    set: { [unowned self] in try menu($0.name).setHighlighted($1) }),
                Menu.layout.serve(MenuObject.self) { [unowned self] in menus[$0.name]?.layoutRows ?? [] },
                Menu.layoutStyle.serve(
                    MenuObject.self, get: { [unowned self] in menus[$0.name]?.geometry.style ?? .radial },
                    set: { [unowned self] in try menu($0.name).setLayoutStyle($1) }),
                Menu.version.serve { petalVersion },
                Menu.appearance.serve(MenuObject.self) { [unowned self] in
                    menus[$0.name]?.appearance ?? DBusVariantDictionary([])
                },
                Menu.name.serve(MenuObject.self) { $0.name },
                Menu.title.serve(MenuObject.self) { [unowned self] in menus[$0.name]?.title ?? $0.name },
                Menu.placement.serve(MenuObject.self) { [unowned self] in
                    menus[$0.name]?.placement.dictionary ?? MenuPlacement(anchor: .bottomRight).dictionary
                },
                Menu.parent.serve(MenuObject.self) { [unowned self] in parentPath(of: $0.name) },
                Menu.submenu.serve(MenuObject.self) { [unowned self] in submenuPath(of: $0.name) },
                Menu.owner.serve(MenuObject.self) { [unowned self] in menus[$0.name]?.owner ?? "" },
                Menu.picker.serve(MenuObject.self) { [unowned self] in
                    menus[$0.name]?.picker ?? DBusVariantDictionary([])
                },
                Menu.itemDetails.serve(MenuObject.self) { [unowned self] in
                    menus[$0.name]?.itemDetails ?? DBusDictionary([])
                },
                Menu.rowCount.serve(MenuObject.self) { [unowned self] in UInt32(menus[$0.name]?.itemCount ?? 0) },
            ], signals: Menu.signals)
    }

    /// `org.petal.Petal1.Item`, built once and shared by every item's
    /// object, which is registered with its ``ItemObject`` as context; its
    /// getters read the item as it is now (``PetalBus/Item/fields``), so a
    /// reload needs no re-registration.
    func makeItemInterface() -> DBusInterface {
        typealias Item = PetalBus.Item
        let id = Item.id.serve(ItemObject.self) { $0.id }
        let fields = Item.fields.map { field in
            // Closures, not key paths: every new item's object reads each of these at once.
            field.served(ItemObject.self) { [unowned self] object in menus[object.menu]?.item(at: object) }
        }
        return DBusInterface(
            Item.interface,
            methods: [
                Item.activate.serveLater { [unowned self] reply in
                    let item = try reply.call.object(as: ItemObject.self)
                    try activate(item.id, in: item.menu, call: reply)
                }
            ],
            properties: [id] + fields)
    }
}

extension MethodCall {
    /// The name of the menu whose object is called.
    fileprivate func menuName() throws(DBusError) -> String { try object(as: MenuObject.self).name }
}

/// Which menu a menu's object stands for: the context it is registered
/// with, which the shared Menu interface's handlers receive.
struct MenuObject: Sendable {
    /// The menu's name.
    let name: String
}

/// Which item an item's object stands for: the context it is registered
/// with, which the shared Item interface's handlers receive.
struct ItemObject: Sendable {
    /// The menu's name.
    let menu: String
    /// The item's id.
    let id: String
    /// Where the item was in its menu's items when its object was made:
    /// looked at first, as it is still there unless a reload moved it.
    let index: Int
}
