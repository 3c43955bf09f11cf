import DBus
import Linux
import PetalAPI
import PetalCore

/// `org.petal.Petal1.Menus` on the root object: showing any menu by name,
/// ad-hoc menus made, removed and chosen from, and the lists of menus.
extension MenuService {
    /// The Menus interface, served from its declarations (``PetalBus/Menus``).
    func menusInterface() -> DBusInterface {
        typealias Menus = PetalBus.Menus
        return DBusInterface(
            Menus.interface,
            methods: [
                Menus.showMenu.limitingSize(
                    of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge
                )
                .serve { [unowned self] _, name, options in try showMenu(name, options: options) },
                Menus.createMenu.limitingSize(
                    of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge
                )
                .limitingSize(of: "menu", to: AdHocMenus.maximumBytes, refusal: AdHocMenus.tooLarge)
                .admitting { [unowned self] caller throws(DBusError) in try adHoc.admit(caller) }
                .serve { [unowned self] call, json, options in
                    try createMenu(json, options: options, owner: call.sender).path
                },
                Menus.removeMenu.serve { [unowned self] call, path in try removeMenu(at: path, by: call.sender) },
                Menus.chooseFrom.limitingSize(
                    of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge
                )
                .limitingSize(of: "menu", to: AdHocMenus.maximumBytes, refusal: AdHocMenus.tooLarge)
                .admitting { [unowned self] caller throws(DBusError) in try adHoc.admit(caller) }
                .serveLater { [unowned self] reply, json, options in
                    try chooseFrom(json, options: options, caller: .choose(reply))
                },
                Menus.pickFrom.limitingSize(
                    of: "options", to: ChooseOptions.maximumBytes, refusal: ChooseOptions.tooLarge
                )
                .limitingSize(of: "menu", to: AdHocMenus.maximumBytes, refusal: AdHocMenus.tooLarge)
                .admitting { [unowned self] caller throws(DBusError) in try adHoc.admit(caller) }
                .serveLater { [unowned self] reply, json, options in
                    try chooseFrom(json, options: options, caller: .pick(reply))
                },
                Menus.setContext.limitingSize(
                    of: "context", to: DesktopContext.maximumWireBytes, refusal: DesktopContext.tooLarge
                )
                .serve { [unowned self] call, context in try setContext(context, from: call.sender) },
            ],
            properties: [
                Menus.menus.serve { [unowned self] in
                    order.compactMap { name in menus[name].map { MenuRow(name: name, path: $0.path, title: $0.title) } }
                },
                Menus.activeMenu.serve { [unowned self] in activeMenuPath },
                Menus.context.serve { [unowned self] in context.dictionary },
                Menus.configWarnings.serve { [unowned self] in configWarnings },
            ])
    }

    /// `ShowMenu`: shows the menu `name` where `options` say; returns its
    /// object. "" is the menu the context asks for (the `context` option's,
    /// else the `Context` property's), on the context's output unless the
    /// options name one.
    func showMenu(_ name: String, options: DBusVariantDictionary) throws(DBusError) -> ObjectPath {
        var (target, placement) = (name, try ShowOptions(checking: options))
        if name.isEmpty { (target, placement) = menuForContext(placement) }
        let menu = try menu(target)
        _ = show(menu.name, placement)
        return menu.path
    }

    /// `CreateMenu`: makes an ad-hoc menu of `json` owned by `owner`, with
    /// the submenus written in it, or with the rows of a row table; `transient`
    /// in `options` removes it once it closes.
    @discardableResult
    func createMenu(
        _ json: String, options: DBusVariantDictionary, owner: String, forcingTransient: Bool = false
    ) throws(DBusError) -> ServedMenu {
        let requested = try CreateMenuOptions(checking: options)
        return try createMenu(
            json, rows: requested.rows, owner: owner, transient: forcingTransient || requested.transient)
    }

    /// Makes an ad-hoc menu of `json`, its rows from the row table in the
    /// sealed memory file `rowsFile` if given; everything that can refuse
    /// comes first, the sizes before anything is read.
    func createMenu(
        _ json: String, rows rowsFile: FileDescriptor?, owner: String, transient: Bool
    ) throws(DBusError) -> ServedMenu {
        let mapping = try rowsFile.map { file throws(DBusError) in try RowsOption.map(file) }
        let bytes = json.utf8.count + (mapping?.bytes.count ?? 0)
        try adHoc.admit(json.utf8.count, rows: mapping?.bytes.count ?? 0, from: owner)
        let rows = try mapping.map { mapping throws(DBusError) in try RowsOption.read(mapping) }
        let (definitions, warnings) = try AdHocMenuDefinitions.decode(
            json, defaults: configuration.defaults, rowsFromTable: rows != nil,
            isTaken: { [unowned self] in menus[$0] != nil },
            nextName: { [unowned self] in adHoc.nextName { menus[$0] != nil } })
        guard let top = definitions.first else { throw PetalError.make(.invalidMenu, "the menu has no items") }
        if !warnings.isEmpty {
            log.warning("menu \(top.name) from \(owner): \(AdHocMenuDefinitions.message(warnings))")
        }
        var made: [ServedMenu] = []
        for definition in definitions {
            let isTop = definition.name == top.name
            made.append(addMenu(definition, owner: owner, transient: transient && isTop, rows: isTop ? rows : nil))
        }
        adHoc.record(top.name, with: definitions.map(\.name), bytes: bytes, by: owner)
        for menu in made { publish(menu) }
        signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menus.menus])
        if json.utf8.count >= Self.largeMenuBytes {
            // The parsed JSON and the messages written are gone; once the caller has its answer, their pages go too.
            _ = scheduler.schedule(after: .zero) { FreedMemory.returnToSystem() }
        }
        return made[0]
    }

    /// `RemoveMenu`: removes the ad-hoc menu at `path`, which `owner` made, with its submenus.
    func removeMenu(at path: ObjectPath, by owner: String) throws(DBusError) {
        guard let menu = menu(at: path), adHoc.owns(owner, menu.name) else {
            throw PetalError.make(
                .unknownMenu, "\(owner) has made no ad-hoc menu at \(path); RemoveMenu removes only the caller's own")
        }
        removeFamily(of: menu.name)
    }

    /// Removes the ad-hoc menu `name` with the submenus written in it, innermost first.
    func removeFamily(of name: String) {
        for member in adHoc.family(of: name).reversed() { removeMenu(member) }
    }

    /// `ChooseFrom` and `PickFrom`: a transient ad-hoc menu of `json`, shown
    /// where `options` say and answered as `Choose` or `Pick` is: every item
    /// of it, action or choice, answers; gone once it has closed, which its
    /// timeout or `NoFrontend` makes it.
    func chooseFrom(_ json: String, options: DBusVariantDictionary, caller: ChoiceCaller) throws(DBusError) {
        let options = try ChooseFromOptions(checking: options)
        let menu = try createMenu(json, rows: options.rows, owner: caller.sender, transient: true)
        try menu.choosers.admit()
        _ = self.show(menu.name, options.show)
        // Nobody waits on it any more: it closes, even while it opens, and goes once closed.
        let dismiss = { [unowned self, weak menu] in
            guard let menu, menus[menu.name] === menu else { return }
            apply(chains.dismiss(menu.name))
        }
        menu.choosers.add(caller, options: options.choose, scheduler: scheduler, timedOut: dismiss)
        requireFrontend(for: caller, onFailure: dismiss)
    }

    /// Makes `caller` need a frontend (``FrontendPresence/require(_:within:onFailure:)``).
    func requireFrontend(for caller: ChoiceCaller, onFailure: @escaping () -> Void = {}) {
        switch caller {
        case .choose(let call): frontend.require(call, onFailure: onFailure)
        case .pick(let call): frontend.require(call, onFailure: onFailure)
        }
    }
}
