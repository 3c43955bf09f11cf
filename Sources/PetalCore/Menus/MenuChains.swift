/// The state machines of several menus, and the chains of submenus they
/// form (docs/dbus-api.md, "Several menus"), with no I/O: the daemon feeds
/// it commands and timer deadlines and emits the ``Change``s it returns, in
/// order.
///
/// The rules it keeps:
/// - each menu has its own state machine, and ``MenuMachine``'s table holds for each;
/// - **one open chain**: at most one top-level menu (with the submenus open
///   from it) is opening or open at a time. Opening another closes that
///   chain first, innermost menu first, each menu that is opening or open
///   going to `collapsing` at once; then the new menu opens, its opening
///   overlapping the old chain's closing;
/// - a menu opens as a submenu of an expanded menu, from one of its items,
///   linked to it (``Change/linked(child:parent:item:)``) before it starts
///   opening, and unlinked once it has collapsed;
/// - closing a menu closes its open submenus first, innermost first.
public struct MenuChains: Sendable {
    /// What a command did, in the order to announce it.
    public enum Change: Equatable, Sendable {
        /// A menu's state changed.
        case state(String, StateTransition)
        /// `child` is opening as `parent`'s submenu, from `item`.
        case linked(child: String, parent: String, item: String)
        /// `child`, a submenu of `parent`, has collapsed and is on its own again.
        case unlinked(child: String, parent: String)
    }

    private var machines: [String: MenuMachine] = [:]
    /// The submenus, linked from opening until collapsed: child → its parent and the item it was opened from.
    private var links: [String: (parent: String, item: String)] = [:]
    private let clock: any MenuClock

    /// No menus yet, on `clock`'s time line.
    public init(clock: any MenuClock) { self.clock = clock }

    // MARK: Menus

    /// Adds a collapsed menu called `name`, or changes the durations of the one there is.
    public mutating func add(_ name: String, openDuration: Duration, closeDuration: Duration) {
        if machines[name] == nil {
            machines[name] = MenuMachine(openDuration: openDuration, closeDuration: closeDuration, clock: clock)
        } else {
            machines[name]?.openDuration = openDuration
            machines[name]?.closeDuration = closeDuration
        }
    }

    /// Removes the menu `name`, closing it and its submenus first (each one
    /// opening or open goes to `collapsing`); a removed submenu is unlinked at once.
    public mutating func remove(_ name: String) -> [Change] {
        guard machines[name] != nil else { return [] }
        var changes = catchUp()
        changes += interruptDescendants(of: name) + interrupt(name)
        if let link = links.removeValue(forKey: name) { changes.append(.unlinked(child: name, parent: link.parent)) }
        machines[name] = nil
        return changes
    }

    /// Whether there is a menu called `name`.
    public func contains(_ name: String) -> Bool { machines[name] != nil }

    /// The state of `name`, or nil when there is no such menu.
    public func state(of name: String) -> MenuState? { machines[name]?.state }

    /// When the running transition of `name` completes, on the clock's time line; nil when idle.
    public func deadline(of name: String) -> Duration? { machines[name]?.deadline }

    /// The menu `name` is open from, and the item, while it is linked as a submenu.
    public func parent(of name: String) -> (menu: String, item: String)? {
        links[name].map { ($0.parent, $0.item) }
    }

    /// The submenu open from `name`: the one linked to it that is opening or open; nil when none.
    public func submenu(of name: String) -> String? {
        links.first { $0.value.parent == name && isOpening(or: $0.key) }?.key
            ?? links.first { $0.value.parent == name }?.key
    }

    /// The top-level menu of the chain `name` is in (`name` itself when it is no submenu).
    public func top(of name: String) -> String {
        var current = name
        var steps = 0
        while let link = links[current], steps < machines.count {
            current = link.parent
            steps += 1
        }
        return current
    }

    /// The chain from `top` down through its open submenus: `[top, child, grandchild…]`.
    public func chain(from top: String) -> [String] {
        var chain = [top]
        while let next = submenu(of: chain[chain.count - 1]), !chain.contains(next) { chain.append(next) }
        return chain
    }

    /// The innermost menu that is not collapsed, in the chain that is opening
    /// or open, else in one that is closing; nil when every menu is collapsed.
    public var activeMenu: String? {
        let tops = machines.keys.filter { links[$0] == nil && machines[$0]?.state != .collapsed }.sorted()
        guard let top = tops.first(where: { isOpening(or: $0) }) ?? tops.first else { return nil }
        return chain(from: top).last { machines[$0]?.state != .collapsed }
    }

    // MARK: Commands

    /// Opens `name` as a top-level menu (`Open`, `Show`, `ShowMenu`): the
    /// open chain, if another, is closed first. A menu that is opening or open
    /// already, on its own or as a submenu, is left as it is; a closing one
    /// is left to close. With `toggle`, an open menu closes instead (as `Toggle` does).
    public mutating func open(_ name: String, toggle: Bool = false) -> [Change] {
        var changes = catchUp()
        guard let state = machines[name]?.state else { return changes }
        switch state {
        case .collapsed:
            for top in openTops() where top != name { changes += interruptChain(from: top) }
            changes += apply(name) { $0.handle(.open) }
        case .expanded where toggle:
            changes += close(name)
        case .expanding, .expanded, .collapsing:
            break
        }
        return changes
    }

    /// `Toggle` of `name`: opens a collapsed menu as ``open(_:toggle:)`` does,
    /// closes an open one as ``close(_:)`` does; ignored while it moves.
    public mutating func toggle(_ name: String) -> [Change] {
        let changes = catchUp()
        switch machines[name]?.state {
        case .collapsed?: return changes + open(name)
        case .expanded?: return changes + close(name)
        case .expanding?, .collapsing?, nil: return changes
        }
    }

    /// Closes `name` (`Close`, or an activation that closes it), its open
    /// submenus first, innermost first. Ignored while it is opening, as `Close` is.
    public mutating func close(_ name: String) -> [Change] {
        var changes = catchUp()
        guard machines[name]?.state == .expanded else { return changes }
        changes += interruptDescendants(of: name)
        changes += apply(name) { $0.handle(.close) }
        return changes
    }

    /// `Back` of `name`: closes the innermost open submenu of its chain; with
    /// none open, closes `name` itself.
    public mutating func back(_ name: String) -> [Change] {
        let changes = catchUp()
        let chain = chain(from: top(of: name))
        guard chain.count > 1, let innermost = chain.last else { return changes + close(name) }
        return changes + close(innermost)
    }

    /// Closes the whole chain `name` is in, from its top (an activated item's).
    public mutating func closeChain(of name: String) -> [Change] {
        close(top(of: name))
    }

    /// Closes the chain `name` is in at once, even while it opens: for a menu
    /// whose only caller is gone (a `ChooseFrom` that timed out), or one a
    /// `Submit` chose from while it opened.
    public mutating func dismiss(_ name: String) -> [Change] {
        catchUp() + interruptChain(from: top(of: name))
    }

    /// Closes the submenus open from `name`, innermost first, leaving `name` open
    /// (another of its items was activated).
    public mutating func closeSubmenus(of name: String) -> [Change] {
        catchUp() + interruptDescendants(of: name)
    }

    /// Opens `child` as the submenu of `parent`, an expanded menu, from its
    /// `item`: the submenu open from `parent`, if another, is closed first;
    /// `child` is linked, then opens. Nothing happens when `child` is already
    /// open from `parent`, or is not collapsed (it is closing, say).
    public mutating func openSubmenu(_ child: String, from parent: String, item: String) -> [Change] {
        var changes = catchUp()
        guard machines[parent]?.state == .expanded, child != parent, let state = machines[child]?.state else {
            return changes
        }
        if let link = links[child], link.parent == parent, isOpening(or: child) { return changes }
        changes += interruptDescendants(of: parent)
        guard state == .collapsed, links[child] == nil else { return changes }
        links[child] = (parent, item)
        changes.append(.linked(child: child, parent: parent, item: item))
        changes += apply(child) { $0.handle(.open) }
        return changes
    }

    /// Completes the transitions whose deadline has passed (a timer fired),
    /// unlinking submenus that have collapsed.
    public mutating func advance() -> [Change] { catchUp() }

    // MARK: Inside

    private func isOpening(or name: String) -> Bool {
        machines[name]?.state == .expanding || machines[name]?.state == .expanded
    }

    /// The top-level menus that are opening or open.
    private func openTops() -> [String] {
        machines.keys.filter { links[$0] == nil && isOpening(or: $0) }.sorted()
    }

    /// Every menu linked below `name`, deepest first.
    private func descendants(of name: String) -> [String] {
        var found: [String] = []
        for (child, link) in links where link.parent == name {
            found += descendants(of: child) + [child]
        }
        return found
    }

    private mutating func interruptDescendants(of name: String) -> [Change] {
        descendants(of: name).flatMap { interrupt($0) }
    }

    private mutating func interruptChain(from top: String) -> [Change] {
        interruptDescendants(of: top) + interrupt(top)
    }

    private mutating func interrupt(_ name: String) -> [Change] {
        apply(name) { $0.interrupt() }
    }

    /// Runs `body` on the machine of `name` and turns its transitions into
    /// changes, unlinking it once it has collapsed.
    private mutating func apply(_ name: String, _ body: (inout MenuMachine) -> [StateTransition]) -> [Change] {
        guard var machine = machines[name] else { return [] }
        let transitions = body(&machine)
        machines[name] = machine
        var changes = transitions.map { Change.state(name, $0) }
        if machine.state == .collapsed, let link = links.removeValue(forKey: name) {
            changes.append(.unlinked(child: name, parent: link.parent))
        }
        return changes
    }

    /// Completes every transition whose deadline has passed, in deadline order.
    private mutating func catchUp() -> [Change] {
        let now = clock.now
        var due: [(name: String, deadline: Duration)] = []
        for (name, machine) in machines {
            if let deadline = machine.deadline, deadline <= now { due.append((name, deadline)) }
        }
        due.sort { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.name < $1.name }
        var changes: [Change] = []
        for entry in due { changes += apply(entry.name) { $0.advance() } }
        return changes
    }
}
