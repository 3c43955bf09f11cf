import DBus
import PetalAPI
import PetalCore
import PetalPluginRuntime

/// `Pick` and `Submit`: a menu used as a picker (docs/dbus-api.md, "Picking").
/// `Pick` waits as `Choose` does and is answered with what was picked;
/// `Submit` is how a frontend says what that was: one item or several, or the
/// filter text itself, and the custom key that chose.
extension MenuService {
    /// `Pick` on the menu `name`: shows it where `options` say and answers
    /// `call` with the next choice made in its chain.
    func pick(in name: String, options: DBusVariantDictionary, call: any PendingCall<DBusVariantDictionary>)
        throws(DBusError)
    {
        let menu = try menu(name)
        let options = try PickOptions(checking: options)
        try menu.choosers.admit()
        _ = show(name, options.show)
        let state = state(of: name)
        guard state == .expanding || state == .expanded else {
            throw PetalError.make(.cancelled, "menu \(name) is \(state.rawValue), so nothing can be picked now")
        }
        menu.choosers.add(.pick(call), options: options.choose, scheduler: scheduler)
        frontend.require(call)
    }

    /// `Submit` on the menu `name`: the items `ids` are chosen (or, with
    /// `custom`, the filter text), answering every `Pick` and `Choose`
    /// waiting along the chain, running the items' actions unless one of
    /// them asked for `dispatch: false`, and closing the chain as an
    /// activation does, even while it opens. Everything that can refuse is
    /// checked first.
    func submit(_ ids: [String], details: DBusVariantDictionary, in name: String) throws(DBusError) {
        let menu = try menu(name)
        let details = try SubmitDetails(checking: details)
        let state = state(of: name)
        guard state == .expanding || state == .expanded else {
            throw PetalError.make(
                .notExpanded,
                "menu \(name) is \(state.rawValue); Submit answers a menu that is opening or open (call Pick or Show first)"
            )
        }
        let picker = menu.definition.picker ?? PickerSettings()
        if let key = Int(exactly: details.key), key > picker.customKeys.count {
            throw DBusError.invalidArgs(
                "Submit detail \"key\": menu \(name) has \(picker.customKeys.count) custom keys (picker.keys), so key \(key) cannot have chosen; 0 is Enter or a click"
            )
        }
        if details.custom {
            try submitCustomEntry(details, ids: ids, in: menu, picker: picker)
            return
        }
        let items = try submittedItems(ids, of: menu, picker: picker)
        if items.count == 1, items[0].kind == .submenu || items[0].toggle {
            // One submenu or toggle is what Activate does with it.
            try activate(items[0].id, in: name, call: DetachedCall(sender: ""), details: details)
            return
        }
        let runs = wouldDispatch(from: name) ? items.compactMap { item in runnable(item) } : []
        try reserveSlots(runs.count)
        apply(chains.closeSubmenus(of: name))
        for item in items { signals.emit(PetalBus.Menu.chosen, at: menu.path, item.id) }
        let top = chains.top(of: name)
        let prefixes = answerWaiters(
            PickAnswer(ids: items.map(\.id), filter: details.filter, key: details.key), from: name)
        // Submit is taken while the menu opens, when Close would be ignored: the chain closes all the same.
        if items.contains(where: menu.settings.closesAfterActivating) { apply(chains.dismiss(name)) }
        for (item, action) in runs {
            do throws(DBusError) {
                try actions.run(
                    action, params: ActionParams(item.params), item: (prefixes[top] ?? "") + item.id,
                    at: menus[top]?.path ?? menu.path, call: DetachedCall(sender: ""), reserved: true)
            } catch {
                log.error("item \(item.id) of menu \(name) was chosen, but its action did not start: \(error.message)")
            }
        }
    }

    /// A custom entry: the filter text is chosen, no item.
    private func submitCustomEntry(
        _ details: SubmitDetails, ids: [String], in menu: ServedMenu, picker: PickerSettings
    ) throws(DBusError) {
        guard picker.acceptsCustom(isAdHoc: menu.isAdHoc) else {
            throw DBusError.invalidArgs(
                "menu \(menu.name) takes no custom entry (its picker.custom is false); submit one of its items")
        }
        guard ids.isEmpty else {
            throw DBusError.invalidArgs(
                "a custom entry is the filter text alone; Submit it with no ids, or drop \"custom\"")
        }
        _ = answerWaiters(PickAnswer(ids: [], filter: details.filter, custom: true, key: details.key), from: menu.name)
        apply(chains.dismiss(menu.name))
    }

    /// The items `ids` name, in menu order, once each is known, enabled and
    /// named once, and there is one unless the picker is `multi`.
    private func submittedItems(
        _ ids: [String], of menu: ServedMenu, picker: PickerSettings
    ) throws(DBusError) -> [MenuItem] {
        guard !ids.isEmpty else {
            throw DBusError.invalidArgs("Submit needs the ids of the items chosen, or \"custom\" with the filter text")
        }
        guard ids.count == 1 || picker.multi else {
            throw DBusError.invalidArgs(
                "\(ids.count) ids were submitted, but menu \(menu.name) picks one item (its picker.multi is false)")
        }
        guard ids.count <= menu.itemCount else {
            throw DBusError.invalidArgs(
                "\(ids.count) ids were submitted; menu \(menu.name) has \(menu.itemCount) items")
        }
        var seen = Set<String>()
        for id in ids {
            try PetalError.checkLength(id, what: "item id")
            guard let item = menu.item(id) else {
                throw PetalError.make(
                    .unknownItem, "no item has id \"\(id)\" in menu \(menu.name); \(menu.idsListed)")
            }
            guard item.enabled else {
                throw PetalError.make(.itemDisabled, "item \"\(id)\" of menu \(menu.name) is disabled")
            }
            guard seen.insert(id).inserted else {
                throw DBusError.invalidArgs("item \"\(id)\" was submitted twice; name each item once")
            }
            if ids.count > 1 && (item.kind == .submenu || item.toggle) {
                throw DBusError.invalidArgs(
                    "item \"\(id)\" of menu \(menu.name) is a \(item.toggle ? "toggle" : "submenu"), which is submitted alone"
                )
            }
        }
        guard let rows = menu.rows else { return menu.items.filter { seen.contains($0.id) } }
        return ids.compactMap(rows.row(forID:)).sorted().map(rows.item)
    }

    /// The action `item` runs, if it has one that is registered.
    private func runnable(_ item: MenuItem) -> (MenuItem, any Action)? {
        guard item.kind == .action, let action = actions.registry.action(item.action) else { return nil }
        return (item, action)
    }

    /// Reserves `count` action slots, or none and throws `Busy`.
    private func reserveSlots(_ count: Int) throws(DBusError) {
        for taken in 0..<count {
            do throws(DBusError) {
                try actions.reserve()
            } catch {
                for _ in 0..<taken { actions.release() }
                throw error
            }
        }
    }
}
