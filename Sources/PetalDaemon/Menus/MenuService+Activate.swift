import DBus
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// `Activate` and `Choose` across the menus: the checks, a submenu opening,
/// a toggle's durable flip, the answer to the `Choose` calls waiting along
/// the chain (each with the ids from its own menu down, `apps/web`), the
/// chain closing, and the action, announced on its chain's top menu.
extension MenuService {
    /// Activates the item `id` of the menu `name`, answering `call` when its
    /// action finishes (at once for a submenu or a choice); `details` are a
    /// `Submit`'s, which the `Pick` calls waiting are answered with.
    func activate(
        _ id: String, in name: String, call: any PendingCall<DBusVariantDictionary>,
        details: SubmitDetails = SubmitDetails()
    ) throws(DBusError) {
        try PetalError.checkLength(id, what: "item id")
        let menu = try menu(name)
        guard let item = menu.item(id) else {
            throw PetalError.make(
                .unknownItem,
                "no item has id \"\(id)\" in menu \(name); \(menu.idsListed)"
            )
        }
        let state = state(of: name)
        guard state == .expanded else {
            throw PetalError.make(
                .notExpanded,
                "menu \(name) is \(state.rawValue); items can be activated only when it is expanded (call Open or Show first)"
            )
        }
        guard item.enabled else {
            let reason =
                item.kind != .action || actions.registry.contains(item.action)
                ? "it is disabled in the configuration"
                : "no loaded plugin or provider provides its action \"\(item.action)\""
            throw PetalError.make(.itemDisabled, "item \"\(id)\" of menu \(name) cannot be activated: \(reason)")
        }
        if item.kind == .submenu, let child = item.submenu {
            let submenu = try self.menu(child)
            apply(chains.openSubmenu(child, from: name, item: id))
            call.reply(DBusVariantDictionary([("submenu", .objectPath(submenu.path))]))
            return
        }
        // Everything that can refuse comes before the first side effect.
        let action = item.kind == .action && wouldDispatch(from: name) ? actions.registry.action(item.action) : nil
        guard item.toggle else {
            if action != nil { try actions.admit() }
            apply(chains.closeSubmenus(of: name))
            try completeActivation(
                of: item, in: menu, action: action, params: item.params, call: call, reserved: false, details: details)
            return
        }
        guard !menu.savingSelection else {
            throw PetalError.make(.busy, "the selection of a toggle is being saved; try again when it is")
        }
        if action != nil { try actions.reserve() }
        apply(chains.closeSubmenus(of: name))
        saveSelection(!item.selected, of: id, in: menu, action: action, call: call, details: details)
    }

    /// Whether an activation in the menu `name` runs its action: not when a
    /// `Choose` waiting along its chain asked for `dispatch: false`.
    func wouldDispatch(from name: String) -> Bool {
        var current: String? = name
        while let menu = current.flatMap({ menus[$0] }) {
            if !menu.choosers.wouldDispatch { return false }
            current = chains.parent(of: menu.name)?.menu
        }
        return true
    }

    /// Saves a toggle's new selection on the writer thread (in memory for an
    /// ad-hoc menu), and only once it is durable flips the item and completes
    /// the activation; meanwhile the loop serves everyone else. The action's
    /// slot, if any, is reserved; a failed save gives it back and changes nothing.
    private func saveSelection(
        _ selected: Bool, of id: String, in menu: ServedMenu, action: (any Action)?,
        call: any PendingCall<DBusVariantDictionary>, details: SubmitDetails
    ) {
        menu.savingSelection = true
        let saved: (Result<Void, SelectionStore.SaveFailure>) -> Void = { [unowned self, unowned menu] outcome in
            menu.savingSelection = false
            if case .failure(let error) = outcome {
                if action != nil { actions.release() }
                log.error("\(error)")
                call.fail(
                    PetalError.make(
                        .stateNotSaved,
                        "the new selection of \"\(id)\" could not be saved (\(error)); it stays \(selected ? "unselected" : "selected"). Free space or fix the permissions of the state folder and try again"
                    ))
                return
            }
            guard menus[menu.name] === menu, let item = menu.setSelected(selected, of: id) else {
                if action != nil { actions.release() }
                call.fail(
                    PetalError.make(
                        .unknownItem, "item \"\(id)\" was removed by a Reload while its selection was being saved"))
                return
            }
            var params = item.params
            params["selected"] = .bool(selected)
            do throws(DBusError) {
                try completeActivation(
                    of: item, in: menu, action: action, params: params, call: call, reserved: true, details: details)
            } catch {
                call.fail(error)
            }
        }
        guard !menu.isAdHoc else { return saved(.success(())) }
        selections.save(menu.selections(setting: selected, of: id), of: menu.name, on: scheduler, completion: saved)
    }

    /// The rest of an activation, once nothing can refuse it: answers the
    /// `Choose` and `Pick` calls waiting along the chain (with `details`
    /// when a `Submit` chose), closes the chain, and runs the action (or
    /// answers at once when none runs).
    private func completeActivation(
        of item: MenuItem, in menu: ServedMenu, action: (any Action)?, params: JSONObject,
        call: any PendingCall<DBusVariantDictionary>, reserved: Bool, details: SubmitDetails = SubmitDetails()
    ) throws(DBusError) {
        let top = chains.top(of: menu.name)
        signals.emit(PetalBus.Menu.chosen, at: menu.path, item.id)
        let prefixes = answerWaiters(
            PickAnswer(ids: [item.id], filter: details.filter, key: details.key), from: menu.name)
        if menu.settings.closesAfterActivating(item) { apply(chains.closeChain(of: menu.name)) }
        guard let action else {
            call.reply(DBusVariantDictionary([]))
            return
        }
        // Announced on the top menu's object, the item named from there, as its Choose names it.
        try actions.run(
            action, params: ActionParams(params), item: (prefixes[top] ?? "") + item.id,
            at: menus[top]?.path ?? menu.path, call: call, reserved: reserved)
    }

    /// Answers the `Choose` and `Pick` calls of the menu `name` and of the
    /// menus above it with `answer`, its ids named from each one's own menu
    /// down (`apps/web`); returns the prefix of those names by menu (`apps/`).
    func answerWaiters(_ answer: PickAnswer, from name: String) -> [String: String] {
        var prefixes: [String: String] = [:]
        var prefix = ""
        var current: String? = name
        while let menu = current.flatMap({ menus[$0] }) {
            prefixes[menu.name] = prefix
            var named = answer
            named.ids = answer.ids.map { prefix + $0 }
            menu.choosers.choose(named)
            guard let link = chains.parent(of: menu.name) else { break }
            prefix = link.item + "/" + prefix
            current = link.menu
        }
        return prefixes
    }

    /// `Choose` on the menu `name`: opens it if closed, and answers `call`
    /// with the next item chosen in its chain, or `NoFrontend` when no
    /// program comes to draw it (the menu then stays as it is, as after `Timeout`).
    func choose(in name: String, options: DBusVariantDictionary, call: any PendingCall<String>) throws(DBusError) {
        let menu = try menu(name)
        let options = try ChooseOptions(checking: options)
        try menu.choosers.admit()
        if chains.state(of: name) == .collapsed { menu.place(nil) }
        apply(chains.open(name), opening: name)
        let state = state(of: name)
        guard state == .expanding || state == .expanded else {
            throw PetalError.make(.cancelled, "menu \(name) is \(state.rawValue), so nothing can be chosen now")
        }
        menu.choosers.add(.choose(call), options: options, scheduler: scheduler)
        frontend.require(call)
    }
}
