import PetalJSON

/// What a menu section's items may do, and where its defaults come from.
struct MenuContext {
    /// The names a string `submenu` may name, in configuration order: main and
    /// the valid names of `menus`. Empty for a menu made over D-Bus, whose
    /// submenus are written in place only.
    var names: [String]
    /// `names` as a set, to look names up.
    var nameSet: Set<String>
    /// What each section leaves out.
    var defaults: MenuDefaults
    /// Whether the menu was made over D-Bus: its items may be choices, and its
    /// submenus are written in place.
    var isAdHoc: Bool
    /// Whether the top menu's rows come from a row table (``RowTable``), not its `items`.
    var rowsFromTable: Bool

    init(names: [String], defaults: MenuDefaults, isAdHoc: Bool, rowsFromTable: Bool = false) {
        self.names = names
        self.nameSet = Set(names)
        self.defaults = defaults
        self.isAdHoc = isAdHoc
        self.rowsFromTable = rowsFromTable
    }
}

/// An item's submenu: from which menu to which, and where it is written.
struct SubmenuLink {
    /// The name of the menu the item is in.
    var from: String
    /// The name of the menu it opens.
    var to: String
    /// The JSON path of its `submenu` value.
    var path: String
}

/// The menus: main (the top-level `menu` and `items`, or `menus.main`), the
/// sections of `menus`, and the menus written in place in items' `submenu`.
extension ConfigurationDecoder {
    /// The keys of a menu section: those of `menu`, and its title, items,
    /// appearance, `when` and `picker`.
    static let menuSectionKeys = menuKeys + ["title", "items", "appearance", "when", "picker"]
    /// How a message words a valid menu name.
    static let menuNameRule = #"a menu name of 1 to 64 letters, digits, "_" or "-""#
    /// How many menu names a message lists before saying how many more there are.
    static let listedNames = 20
    /// The most menus a name that is none of them is compared with, for a near miss.
    static let guessedAmong = 100

    /// The main menu and the others, in configuration order, their submenus
    /// checked for cycles and chains that are too long.
    mutating func menus(of top: JSONObject, defaults: MenuDefaults) -> (main: MenuSection, others: [MenuSection]) {
        let named =
            member("menus", of: top, at: "", expected: "an object of menu sections by name") { $0.objectValue }
            ?? [:]
        var names = [MenuName.main]
        for name in named.keys where name != MenuName.main {
            if MenuName.isValid(name) {
                names.append(name)
            } else {
                report(
                    .error, Self.shownPath(name, of: "menus"),
                    "expected \(Self.menuNameRule) such as \"apps\", found \(Self.describe(.string(name)))",
                    positionOf: JSONPath.member(name, of: "menus"))
            }
        }
        let context = MenuContext(names: names, defaults: defaults, isAdHoc: false)
        let mainPath = JSONPath.member(MenuName.main, of: "menus")
        if let section = named[MenuName.main] {
            let topLevel = ["menu", "items"].filter { top[$0] != nil }
            if !topLevel.isEmpty {
                let places = topLevel.map { "the top-level \"\($0)\"" }.joined(separator: " and ")
                report(.error, mainPath, "expected the main menu in one place, found it both here and in \(places)")
            }
            menuSection(section, at: mainPath, named: MenuName.main, in: context, isMain: true)
            // One that is not a section has been reported; main is still first.
            if sections.isEmpty { sections.append(MenuSection(name: MenuName.main, items: [])) }
        } else {
            let index = sections.count
            sections.append(MenuSection(name: MenuName.main, items: []))
            let items = top["items"].map { self.items($0, at: "items", of: MenuName.main, in: context) }
            if top["items"] != nil {
                menuSites.append(MenuSite(menu: MenuName.main, path: "items", position: positions["items"]))
            }
            sections[index] = MenuSection(
                name: MenuName.main, settings: defaults.settings, items: items ?? MenuConfiguration.defaultItems,
                appearance: defaults.appearance)
        }
        for (name, section) in named where name != MenuName.main {
            menuSection(section, at: JSONPath.member(name, of: "menus"), named: name, in: context)
        }
        checkChains()
        return (sections[0], Array(sections.dropFirst()))
    }

    /// Decodes the menu section `value` at `path` into a menu called `name`, and
    /// adds it to ``sections``, followed by the menus written in place in its
    /// items, depth-first. Main's items follow v2's rule (any number up to 64,
    /// the embedded items when there is no `items`); any other menu needs 1 to 64.
    mutating func menuSection(
        _ value: JSONValue, at path: String, named name: String, in context: MenuContext, isMain: Bool = false,
        extraKeys: [String] = []
    ) {
        guard let object = value.objectValue else {
            report(.error, path, "expected a menu section (an object with items), found \(Self.describe(value))")
            return
        }
        warnAboutUnknownKeys(in: object, at: path, known: Self.menuSectionKeys + extraKeys)
        // A placeholder keeps the menu ahead of those written in place in it.
        let index = sections.count
        sections.append(MenuSection(name: name, items: []))
        let title = text("title", of: object, at: path, what: "a title", maximumBytes: Self.maximumTitleBytes)
        var settings = menuSettings(object, at: path, over: context.defaults.settings)
        let rowsFromTable = context.rowsFromTable && path.isEmpty
        if rowsFromTable { checkRowTableMenu(object, settings: &settings) }
        var appearance = context.defaults.appearance
        if let given = section("appearance", of: object, at: path, known: Self.appearanceKeys) {
            appearance = appearanceSettings(given, at: JSONPath.member("appearance", of: path), over: appearance)
        }
        let itemsPath = JSONPath.member("items", of: path)
        let items: [MenuItem]
        if rowsFromTable {
            items = []
        } else if let list = object["items"] {
            menuSites.append(MenuSite(menu: name, path: itemsPath, position: positions[itemsPath]))
            items = self.items(
                list, at: itemsPath, of: name, in: context, allowsEmpty: isMain,
                maximumItems: Self.maximumItems(for: settings.geometry.style))
        } else if isMain {
            items = MenuConfiguration.defaultItems
        } else {
            report(
                .error, itemsPath, "missing; every menu needs 1 to \(Self.maximumItems) items", positionOf: path)
            items = []
        }
        var when: MenuCondition?
        if let given = object["when"] { when = condition(given, at: JSONPath.member("when", of: path), in: context) }
        var picker: PickerSettings?
        if let given = section("picker", of: object, at: path, known: Self.pickerKeys) {
            picker = pickerSettings(given, at: JSONPath.member("picker", of: path))
        }
        sections[index] = MenuSection(
            name: name, title: title, settings: settings, items: items, appearance: appearance, when: when,
            picker: picker)
    }

    /// The name of the menu the `submenu` value at `path` opens, for the item
    /// `itemName` (its id, or a stand-in when it has none) of the menu `menu`;
    /// a menu written in place is decoded and added to ``sections``. Nil after
    /// reporting what is wrong.
    mutating func submenu(
        _ value: JSONValue, at path: String, item itemName: String, of menu: String, in context: MenuContext
    ) -> String? {
        switch value {
        case .object:
            let name = MenuName.inPlace(in: menu, item: itemName)
            links.append(SubmenuLink(from: menu, to: name, path: path))
            menuSection(value, at: path, named: name, in: context)
            return name
        case .string(let name) where !context.isAdHoc:
            guard context.nameSet.contains(name) else {
                var message = "expected the name of a menu, found \(Self.describe(value))"
                // Among thousands of menus, looking for a near miss each time would be slow.
                if context.names.count <= Self.guessedAmong, let guess = Self.closest(to: name, among: context.names) {
                    message += " (did you mean \"\(guess)\"?)"
                }
                report(.error, path, message + "; the menus are " + Self.listed(context.names))
                return nil
            }
            links.append(SubmenuLink(from: menu, to: name, path: path))
            return name
        case .string:
            report(
                .error, path,
                "expected a submenu written in place (an object with items), found \(Self.describe(value)); "
                    + "a menu made over D-Bus cannot open a configured menu by name, as a reload may remove it")
            return nil
        default:
            let expected =
                context.isAdHoc
                ? "a submenu written in place (an object with items)"
                : "the name of a menu such as \"apps\", or a menu section (an object with items)"
            report(.error, path, "expected \(expected), found \(Self.describe(value))")
            return nil
        }
    }

    /// `names` joined by commas, the first ``listedNames`` of them and how many more.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(listedNames).joined(separator: ", ")
        return names.count > listedNames ? shown + " and \(names.count - listedNames) more" : shown
    }

    /// Reports each cycle of submenus, and each chain longer than
    /// ``MenuLimits/maximumChain``, at the `submenu` that closes or lengthens it.
    mutating func checkChains() {
        let chains = SubmenuLinks(menus: sections.map(\.name), links: links)
        for cycle in chains.cycles {
            report(
                .error, cycle.link.path,
                "expected a submenu that does not lead back to its own menu, found the cycle "
                    + SubmenuLinks.shown(cycle.names))
        }
        for chain in chains.tooLong(maximum: Limits.menuChain) {
            reportExceeded(
                chain.link.path,
                "expected a chain of at most \(Limits.menuChain) menus, found \(chain.names.count): "
                    + SubmenuLinks.shown(chain.names))
        }
    }
}
