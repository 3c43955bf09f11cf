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
    func syncList(_ path: ObjectPath) -> Bool {
        let menu = follower.online ? mirror.menu(at: path) : nil
        guard lists[path] != nil || menu?.snapshot.layoutStyle == .list else { return false }
        let state = menu?.snapshot.state ?? .collapsed
        let open = state == .expanding || state == .expanded
        guard let menu, open, menu.snapshot.layoutStyle == .list else {
            lists.removeValue(forKey: path)?.destroy()
            // A menu that is no longer a list is drawn as circles.
            return menu?.snapshot.layoutStyle == .list || menu == nil
        }
        if let window = lists[path] {
            window.update(menu: menu)
            if state == .expanded, window.closeWhenOpen {
                window.closeWhenOpen = false
                follower.perform(.close, onMenuAt: path)
            }
            return true
        }
        let window = ListWindow(menu: menu, log: log)
        window.act = { [unowned self, unowned window] action in perform(action, from: window) }
        window.accessibility.choose = { [unowned window] offset in
            if let action = window.picker.click(visibleRow: offset) { window.act(action) }
        }
        lists[path] = window
        let placement = menu.snapshot.placement
        let pointer = outputs.pointer()
        let choice = OutputGeometry.choose(
            among: outputs.outputs, named: placement.output, pointer: pointer, focused: outputs.focused)
        let output = choice?.output
        window.show(
            on: output, monitor: output.flatMap { HeldMonitor(outputs.monitor(named: $0.name)) },
            placement: placement, pointer: pointer)
        return true
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
