import DBus
import PetalAPI
import PetalCore

/// The menus' states as the chains change them: each change announced in
/// order (`StateChanged` and `State`, a submenu's `Placement`, `Parent` and
/// its parent's `Submenu`, `ActiveMenu`), a frontend started for an opening
/// menu when none draws, the `Choose` calls of a closing menu cancelled, a
/// transient menu removed once closed, and one timer for the next
/// transition's end.
extension MenuService {
    /// `Toggle`, `Open` or `Close` of the menu `name`; returns its state after the call.
    func handle(_ command: MenuCommand, of name: String) -> MenuState {
        guard let menu = menus[name] else { return .collapsed }
        switch command {
        case .toggle:
            if chains.state(of: name) == .collapsed { menu.place(nil) }
            apply(chains.toggle(name), opening: name)
        case .open:
            if chains.state(of: name) == .collapsed { menu.place(nil) }
            apply(chains.open(name), opening: name)
        case .close:
            apply(chains.close(name))
        }
        return state(of: name)
    }

    /// `Show` of the menu `name`: placed where `options` say, then opened as
    /// `Open` does (closed, with `toggle`, when it is open); returns its state after the call.
    func show(_ name: String, _ options: ShowOptions) -> MenuState {
        if chains.state(of: name) == .collapsed { menus[name]?.place(options) }
        apply(chains.open(name, toggle: options.toggle), opening: name)
        return state(of: name)
    }

    /// `Back` of the menu `name`; returns its state after the call.
    func back(_ name: String) -> MenuState {
        apply(chains.back(name))
        return state(of: name)
    }

    /// The state of the menu `name` now.
    func state(of name: String) -> MenuState { chains.state(of: name) ?? .collapsed }

    /// The object of the menu `name` is open from as a submenu; `/` when none.
    func parentPath(of name: String) -> ObjectPath {
        chains.parent(of: name).flatMap { menus[$0.menu]?.path } ?? "/"
    }

    /// The object of the submenu open from the menu `name`; `/` when none.
    func submenuPath(of name: String) -> ObjectPath {
        chains.submenu(of: name).flatMap { menus[$0]?.path } ?? "/"
    }

    /// The object of the innermost open menu; `/` when every menu is collapsed.
    var activeMenuPath: ObjectPath {
        chains.activeMenu.flatMap { menus[$0]?.path } ?? "/"
    }

    /// Announces `changes` in order, and what follows from them. `opener` is
    /// the menu whose opening made them, if any: another menu they close is
    /// closed because of it, which its `Choose` callers are told.
    func apply(_ changes: [MenuChains.Change], opening opener: String? = nil) {
        typealias Menu = PetalBus.Menu
        var closed: [String] = []
        for change in changes {
            switch change {
            case .state(let name, let transition):
                guard let menu = menus[name] else { continue }
                if transition.clearsHighlight { menu.clearHighlight() }
                if transition.to == .expanding { frontend.menuOpened() }
                // Eight signals in all for a menu, whatever it does: each is built once.
                signals.emit(
                    Menu.stateChanged, at: menu.path, transition.to, transition.from, reusable: true)
                signals.emitChange(of: Menu.state, at: menu.path, to: transition.to, reusable: true)
                if transition.to == .collapsing || transition.to == .collapsed {
                    // Another menu opening closes this chain: its callers are told which.
                    let replacer = opener.flatMap { $0 != name && transition.to == .collapsing ? $0 : nil }
                    menu.choosers.cancelAll(
                        replacer.map(ChooseCancellation.replaced(by:)) ?? "the menu closed before an item was chosen")
                }
                if transition.to == .collapsed && menu.transient { closed.append(name) }
            case .linked(let child, let parent, let item):
                guard let submenu = menus[child], let menu = menus[parent] else { continue }
                submenu.place(asSubmenuOf: menu.path, item: item)
                signals.emitPropertiesChanged(at: submenu.path, [Menu.parent])
                signals.emitPropertiesChanged(at: menu.path, [Menu.submenu])
            case .unlinked(let child, let parent):
                if let submenu = menus[child] {
                    submenu.place(nil)
                    signals.emitPropertiesChanged(at: submenu.path, [Menu.parent])
                }
                if let menu = menus[parent] { signals.emitPropertiesChanged(at: menu.path, [Menu.submenu]) }
            }
        }
        for name in closed { removeFamily(of: name) }
        announceActiveMenu()
        scheduleTransition()
    }

    /// Announces `ActiveMenu` when it changed.
    func announceActiveMenu() {
        let active = chains.activeMenu
        guard active != announcedActiveMenu else { return }
        announcedActiveMenu = active
        // A copy of a message built once: one of these goes with every Toggle.
        signals.emitChange(of: PetalBus.Menus.activeMenu, at: PetalBus.path, to: activeMenuPath, reusable: true)
    }

    /// Keeps one timer, for the earliest end of a running transition.
    private func scheduleTransition() {
        let next = order.compactMap { chains.deadline(of: $0) }.min()
        if let current = transitionTimer {
            guard current.deadline != next else { return }
            scheduler.cancel(current.timer)
            transitionTimer = nil
        }
        guard let next else { return }
        let timer = scheduler.schedule(after: max(next - scheduler.clock.now, .zero)) { [unowned self] in
            transitionTimer = nil
            apply(chains.advance())
        }
        transitionTimer = (timer, next)
    }
}
