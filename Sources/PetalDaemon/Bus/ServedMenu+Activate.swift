import DBus
import PetalAPI
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// `Activate` and `Choose` on a menu: the checks, a toggle's durable flip,
/// the answer to waiting `Choose` calls, the menu closing, the action.
extension ServedMenu {
    /// Activates the item `id`: flips a toggle, answers waiting `Choose` calls,
    /// closes the menu, and runs the item's action, answering `call` when it finishes.
    func activate(_ id: String, call: any PendingCall<DBusVariantDictionary>) throws(DBusError) {
        try MenuService.checkLength(id, what: "item id")
        guard let item = item(id) else {
            throw PetalError.make(
                .unknownItem,
                "no item has id \"\(id)\"; the Items property lists the ids: \(items.map(\.id).joined(separator: ", "))"
            )
        }
        guard machine.state == .expanded else {
            throw PetalError.make(
                .notExpanded,
                "the menu is \(machine.state.rawValue); items can be activated only when it is expanded (call Open first)"
            )
        }
        guard item.enabled else {
            let reason =
                actions.registry.contains(item.action)
                ? "it is disabled in the configuration"
                : "no loaded plugin provides its action \"\(item.action)\""
            throw PetalError.make(.itemDisabled, "item \"\(id)\" cannot be activated: \(reason)")
        }
        // Everything that can refuse comes before the first side effect.
        let action = choosers.wouldDispatch ? actions.registry.action(item.action) : nil
        guard item.toggle else {
            if action != nil { try actions.admit() }
            try completeActivation(of: item, action: action, params: item.params, call: call, reserved: false)
            return
        }
        guard !savingSelection else {
            throw PetalError.make(.busy, "the selection of a toggle is being saved; try again when it is")
        }
        if action != nil { try actions.reserve() }
        saveSelection(!item.selected, of: id, action: action, call: call)
    }

    /// Saves the toggles' selections with `id` set to `selected` on the writer
    /// thread, and only once they are durable flips the item and completes the
    /// activation; meanwhile the loop serves everyone else. The action's slot,
    /// if any, is reserved; a failed save gives it back and changes nothing.
    private func saveSelection(
        _ selected: Bool, of id: String, action: (any Action)?, call: any PendingCall<DBusVariantDictionary>
    ) {
        var all = Dictionary(
            items.filter(\.toggle).map { ($0.id, $0.selected) }, uniquingKeysWith: { first, _ in first })
        all[id] = selected
        savingSelection = true
        selections.save(all, on: scheduler) { [unowned self] outcome in
            savingSelection = false
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
            guard let item = setSelected(selected, of: id) else {
                if action != nil { actions.release() }
                call.fail(
                    PetalError.make(
                        .unknownItem, "item \"\(id)\" was removed by a Reload while its selection was being saved"))
                return
            }
            var params = item.params
            params["selected"] = .bool(selected)
            do throws(DBusError) {
                try completeActivation(of: item, action: action, params: params, call: call, reserved: true)
            } catch {
                call.fail(error)
            }
        }
    }

    /// The rest of an activation, once nothing can refuse it: answers the
    /// waiting `Choose` calls, closes the menu, and runs the action (or
    /// answers at once when no action runs).
    private func completeActivation(
        of item: MenuItem, action: (any Action)?, params: JSONObject, call: any PendingCall<DBusVariantDictionary>,
        reserved: Bool
    ) throws(DBusError) {
        choosers.choose(item.id)
        closeAfterActivating(item)
        guard let action else {
            call.reply(DBusVariantDictionary([]))
            return
        }
        try actions.run(action, params: ActionParams(params), item: item.id, call: call, reserved: reserved)
    }

    /// Opens the menu if closed, and answers `call` with the next item activated.
    func choose(options: DBusVariantDictionary, call: any PendingCall<String>) throws(DBusError) {
        let options = try ChooseOptions(options)
        try choosers.admit()
        announce(machine.handle(.open))
        guard machine.state == .expanding || machine.state == .expanded else {
            throw PetalError.make(.cancelled, "the menu is \(machine.state.rawValue), so nothing can be chosen now")
        }
        choosers.add(call, options: options, scheduler: scheduler)
    }
}
