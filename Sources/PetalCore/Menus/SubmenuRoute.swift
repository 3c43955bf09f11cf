/// The way to a menu through submenus: the menus from a top-level one down to
/// it, each with the item that opens the next (docs/configuration.md,
/// submenus). What a client draws to show a submenu open from its item.
///
/// A menu open as a submenu is reached the way it was opened; any other the
/// way the first item that opens it leads, in the order the menus are given
/// (configuration order) and each menu's item order. A menu that no item opens
/// is top-level and the route is the menu alone. The route never holds a menu
/// twice and holds at most ``MenuLimits/maximumChain`` menus, so a cycle made
/// by menus that are not a configuration's cannot make it endless.
public struct SubmenuRoute: Equatable, Sendable {
    /// A menu as the route sees it: its name and, for each item in order, the
    /// menu the item opens, or nil.
    public struct Menu: Equatable, Sendable {
        /// The menu's name.
        public var name: String
        /// For each item, in item order, the name of the menu it opens; nil for an item that opens none.
        public var submenus: [String?]

        /// A menu called `name` whose items open `submenus`.
        public init(name: String, submenus: [String?]) {
            self.name = name
            self.submenus = submenus
        }
    }

    /// A menu of the route and the index of its item that opens the next one.
    public struct Step: Equatable, Sendable {
        /// The menu's name.
        public var menu: String
        /// The index of its item that opens the next menu.
        public var item: Int

        /// The item at `item` of `menu`.
        public init(menu: String, item: Int) {
            self.menu = menu
            self.item = item
        }
    }

    /// The menus before the target, the top-level one first; empty when no item opens the target.
    public private(set) var steps: [Step]
    /// The menu the route leads to.
    public let target: String

    /// The names along the route, the top-level menu first and the target last.
    public var names: [String] { steps.map(\.menu) + [target] }

    /// The route to `target` among `menus`.
    ///
    /// - Parameters:
    ///   - menus: every menu, in configuration order.
    ///   - open: for each menu open as a submenu now, the item of its parent
    ///     it was opened from; it wins over configuration order. An entry
    ///     naming no menu of `menus`, or an item that is not there, is ignored.
    public init(to target: String, among menus: [Menu], open: [String: Step] = [:]) {
        var itemCounts: [String: Int] = [:]
        var firstOpener: [String: Step] = [:]
        for menu in menus where itemCounts[menu.name] == nil {
            itemCounts[menu.name] = menu.submenus.count
            for (index, submenu) in menu.submenus.enumerated() {
                if let submenu, firstOpener[submenu] == nil {
                    firstOpener[submenu] = Step(menu: menu.name, item: index)
                }
            }
        }
        func opener(of name: String) -> Step? {
            if let live = open[name], let count = itemCounts[live.menu], (0..<count).contains(live.item) {
                return live
            }
            return firstOpener[name]
        }
        self.target = target
        steps = []
        var seen: Set<String> = [target]
        var current = target
        while steps.count + 1 < Limits.menuChain, let step = opener(of: current),
            seen.insert(step.menu).inserted
        {
            steps.insert(step, at: 0)
            current = step.menu
        }
    }
}
