import PetalJSON
import Spelling

/// Where a configuration names an action: the item, and the place of its
/// `action` value in the text.
public struct ActionSite: Equatable, Sendable {
    /// The menu the item is in.
    public var menu: String
    /// The item's id.
    public var item: String
    /// The action id it names.
    public var action: String
    /// The JSON path of the `action` value, e.g. `menus.apps.items[0].action`.
    public var path: String
    /// Where the value starts in the text, when known.
    public var position: SourcePosition?

    /// Creates a site.
    public init(menu: String, item: String, action: String, path: String, position: SourcePosition? = nil) {
        (self.menu, self.item, self.action, self.path, self.position) = (menu, item, action, path, position)
    }
}

/// What petald knows of the actions an item may name, without running them.
public struct KnownActions: Sendable {
    /// Action ids that are listed: by a loaded plugin, an action provider, or a provider's drop-in file.
    public var ids: Set<String>
    /// Namespaces known only by name (a plugin file found but not loaded, whose
    /// note names it): every action in one is accepted, its verb unchecked.
    /// Each with who has it, for messages.
    public var namespaces: [String: String]

    /// Knowledge of `ids` and `namespaces`.
    public init(ids: Set<String> = [], namespaces: [String: String] = [:]) {
        self.ids = ids
        self.namespaces = namespaces
    }

    /// Whether an item naming `action` may run it, as far as is known.
    public func names(_ action: String) -> Bool {
        ids.contains(action) || namespaces[ActionCheck.namespace(of: action)] != nil
    }
}

/// The warnings for items whose action nothing names (docs/configuration.md,
/// "Actions nobody provides"): each at the item's `action` value, with the
/// closest known id as a guess.
public enum ActionCheck {
    /// The namespace of an action id: what comes before its first dot (`camera` of `camera.open`).
    public static func namespace(of action: String) -> String {
        String(action.prefix { $0 != "." })
    }

    /// One warning for each action item of `configuration` whose action
    /// `known` does not name, in the order of the items; placed at their
    /// `sites` (by menu and item), said of `file`.
    public static func warnings(
        for configuration: MenuConfiguration, sites: [ActionSite], known: KnownActions, file: String?
    ) -> [ConfigurationProblem] {
        var siteOf: [String: ActionSite] = [:]
        for site in sites { siteOf[site.menu + "\u{0}" + site.item] = site }
        var warnings: [ConfigurationProblem] = []
        for menu in configuration.menus {
            for (index, item) in menu.items.enumerated() where item.kind == .action && !known.names(item.action) {
                let site = siteOf[menu.name + "\u{0}" + item.id]
                let path = site?.path ?? defaultPath(menu: menu.name, index: index)
                warnings.append(
                    ConfigurationProblem(
                        .warning, path: path, message(for: item.action, known: known), at: site?.position, file: file))
            }
        }
        return warnings
    }

    /// Why `action` cannot run, and what was likely meant.
    static func message(for action: String, known: KnownActions) -> String {
        let namespace = namespace(of: action)
        let sameNamespace = known.ids.filter { Self.namespace(of: $0) == namespace }.sorted()
        var text: String
        if sameNamespace.isEmpty {
            text = "no loaded plugin, plugin file or action provider provides \"\(action)\"; the item is disabled"
        } else {
            text =
                "\(namespace) has no action \"\(action)\" (it has \(sameNamespace.joined(separator: ", "))); the item is disabled"
        }
        let verb = action.dropFirst(namespace.count)
        let candidates = known.ids.sorted() + known.namespaces.keys.sorted().map { $0 + verb }
        return text + Spelling.suggestion(for: action, among: candidates)
    }

    /// The JSON path of the action of item `index` of menu `name`, for a configuration that came from no text.
    static func defaultPath(menu name: String, index: Int) -> String {
        let items = name == MenuName.main ? "items" : JSONPath.member("items", of: JSONPath.member(name, of: "menus"))
        return JSONPath.member("action", of: JSONPath.element(index, of: items))
    }
}
