import DBus
import PetalAPI
import PetalCore
import PetalScene

/// The windows of menus laid out as a `list` (docs/overlay.md, "The list
/// layout"): made as the menu starts opening, taking the keyboard at once,
/// and gone as it starts closing.
extension MenuWindows {
    /// Brings the list window of the menu at `path` in line with the
    /// mirror; says whether the menu is (or was) a list, which then needs
    /// nothing else.
    ///
    /// The menu is read whole (all its rows, up to 100,000) only to make its
    /// window and when something but its state changed: opening and
    /// closing change the state alone.
    func syncList(_ path: ObjectPath) -> Bool {
        let style = follower.online ? mirror.layoutStyle(at: path) : nil
        guard lists[path] != nil || style == .list else { return false }
        let state = mirror.state(at: path) ?? .collapsed
        let open = state == .expanding || state == .expanded
        let revision = mirror.revision(at: path)
        guard open, style == .list, let revision else {
            lists.removeValue(forKey: path)?.destroy()
            if lists.isEmpty { main.keyRedirect = nil }
            // A menu that is no longer a list is drawn as circles.
            return style == .list || style == nil
        }
        if let window = lists[path] {
            window.traceState(state)
            if window.revision != revision, let menu = mirror.menu(at: path) {
                window.update(menu: menu, revision: revision)
                if window.awaitsTable { askForTable(of: window) }
            }
            if state == .expanded, window.closeWhenOpen {
                window.closeWhenOpen = false
                follower.perform(.close, onMenuAt: path)
            }
            return true
        }
        guard let menu = mirror.menu(at: path) else { return true }
        // The keyboard first, before GTK makes a window: keys typed from now on are the list's.
        // On X11 a grab on main's window; on Wayland main's mapped layer surface takes it,
        // unless main, open, already has it.
        let grabbed =
            main.backend == .x11
            ? ListWindow.grabKeyboard(on: main.widget)
            : !main.keyboardTaken && ListWindow.takeKeyboard(onLayerSurface: main.widget)
        if grabbed { log.debug("list \(path.rawValue): the keyboard is taken, before its window is made") }
        let window = ListWindow(menu: menu, revision: revision, standIn: main.widget, standInGrabbed: grabbed, log: log)
        // Keys that reach main's window while the list is not on screen yet are the list's (ListWindow.standIn).
        main.keyRedirect = { [weak window] keyval, modifiers in
            window?.keyPressed(keyval, modifiers: modifiers) ?? false
        }
        window.act = { [unowned self, unowned window] action in perform(action, from: window) }
        window.accessibility.choose = { [unowned window] offset in
            if let action = window.picker.click(visibleRow: offset) { window.act(action) }
        }
        lists[path] = window
        window.traceState(state)
        // A menu of a row table is shown once its rows are here: its first frame has them.
        if window.awaitsTable {
            askForTable(of: window)
        } else {
            show(window, placement: menu.snapshot.placement)
        }
        return true
    }

    /// Puts `window` on screen, on the output `placement` names or the pointer's.
    private func show(_ window: ListWindow, placement: MenuPlacement) {
        let pointer = outputs.pointer()
        let choice = OutputGeometry.choose(
            among: outputs.outputs, named: placement.output, pointer: pointer, focused: outputs.focused)
        let output = choice?.output
        window.show(
            on: output, monitor: output.flatMap { HeldMonitor(outputs.monitor(named: $0.name)) },
            placement: placement, pointer: pointer)
    }

    /// Calls `GetRows` for `window`'s menu (once at a time), gives it the
    /// table, shows it if it is not on screen yet, then folds its rows in the
    /// background. Without a table (an error, logged) it shows no rows, and
    /// the keys typed meanwhile apply to none.
    private func askForTable(of window: ListWindow) {
        guard !window.tableAsked else { return }
        window.tableAsked = true
        follower.rows(ofMenuAt: window.path) { [weak self, weak window] outcome in
            guard let self, let window, lists[window.path] === window else { return }
            window.tableAsked = false
            switch outcome {
            case .success(let table): window.setTable(table)
            case .failure(let error):
                log.warning("cannot read the rows of \(window.path): \(error)")
                // No rows, but keys work: Escape closes, Enter answers the filter.
                if !window.picker.hasRows, let action = window.picker.setRows([]) { window.act(action) }
            }
            if !window.isShown, let snapshot = mirror.snapshot(at: window.path) {
                show(window, placement: snapshot.placement)
            }
            window.foldInBackground()
        }
    }

    /// Carries out what a list asks: `Submit` its rows or its filter text, or `Close`.
    private func perform(_ action: ListAction, from window: ListWindow) {
        switch action {
        case .submit(let rows, let filter, let key):
            follower.submit(
                window.ids(of: rows), SubmitDetails(filter: filter, key: UInt32(key)), onMenuAt: window.path)
        case .submitCustom(let filter, let key):
            follower.submit([], SubmitDetails(filter: filter, custom: true, key: UInt32(key)), onMenuAt: window.path)
        case .close where mirror.state(at: window.path) == .expanding:
            // petald ignores Close while a menu opens: Escape counts once it is open.
            window.closeWhenOpen = true
        case .close:
            follower.perform(.close, onMenuAt: window.path)
        }
    }
}
