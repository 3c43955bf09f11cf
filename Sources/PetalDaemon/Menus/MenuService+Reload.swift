import DBus
import PetalAPI
import PetalCore

/// `Reload`: the configuration read again and swapped in whole, or kept.
extension MenuService {
    /// Loads the configuration again and swaps it in whole, or keeps the old
    /// one; once it is good, reads the providers' drop-in files again.
    ///
    /// Menus keep their state; a menu the new configuration lacks is closed
    /// and removed, a new one served; ad-hoc menus stay. Selections of items
    /// that remain are kept, and a highlighted item that is gone is cleared.
    public func reload() throws(DBusError) {
        let fresh: LoadedConfiguration
        do {
            fresh = try loadConfiguration()
        } catch {
            throw PetalError.make(.invalidConfig, "\(error); the previous configuration stays in force")
        }
        let definitions = fresh.configuration.menus
        loaded = fresh
        actions.settings = configuration.actions
        for plugin in isolated { plugin.actionTimeout = configuration.actions.timeout }
        // Before the menus, so that their items see the drop-ins' actions as they are now.
        let dropInsChanged = providers?.readDropIns(in: dropInFolder) ?? false
        let configured = Set(definitions.map(\.name))
        for name in order where menus[name]?.isAdHoc == false && !configured.contains(name) { removeMenu(name) }
        var added: [ServedMenu] = []
        for definition in definitions {
            guard let menu = menus[definition.name], !menu.isAdHoc else {
                added.append(addMenu(definition))
                continue
            }
            reload(menu, from: definition)
        }
        // Configured menus first, in configuration order; ad-hoc ones after, as they came.
        order = definitions.map(\.name) + order.filter { menus[$0]?.isAdHoc == true }
        for menu in added { publish(menu) }
        takeWarnings()
        // Always both: a client learns of each configuration put in force from ConfigWarnings.
        signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menus.menus, PetalBus.Menus.configWarnings])
        if dropInsChanged {
            signals.emitPropertiesChanged(at: PetalBus.path, [PetalBus.Menu.plugins])
            // Ad-hoc menus are not reloaded, but their items may use the drop-ins' actions.
            for name in order where menus[name]?.isAdHoc == true { itemsFollowActions(in: name) }
        }
        log.info(
            "configuration reloaded: \(definitions.count) menu\(definitions.count == 1 ? "" : "s"), \(main.items.count) items in main, \(configWarnings.count) warning\(configWarnings.count == 1 ? "" : "s")"
        )
    }

    private func reload(_ menu: ServedMenu, from definition: MenuSection) {
        let previousAppearance = menu.appearance
        let previousTitle = menu.title
        let previousPicker = menu.definition.picker
        let (previous, highlightCleared) = menu.reload(definition)
        chains.add(
            menu.name, openDuration: definition.settings.openDuration, closeDuration: definition.settings.closeDuration)
        typealias Menu = PetalBus.Menu
        var changed: [any DBusPropertyMember] = [Menu.items, Menu.itemDetails, Menu.layout, Menu.layoutStyle]
        if menu.path == PetalBus.path { changed.append(Menu.actions) }
        if highlightCleared { changed.append(Menu.highlighted) }
        // Clients redraw on this one, so it is announced only when it changed.
        if menu.appearance != previousAppearance { changed.append(Menu.appearance) }
        if menu.title != previousTitle { changed.append(Menu.title) }
        if menu.definition.picker != previousPicker { changed.append(Menu.picker) }
        if menu.items.count != previous.count { changed.append(Menu.rowCount) }
        signals.emitPropertiesChanged(at: menu.path, changed)
        menu.publishItems(replacing: previous, interfaces: itemInterfaces)
    }
}
