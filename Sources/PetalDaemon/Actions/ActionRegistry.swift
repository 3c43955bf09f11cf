/// Every action the daemon can run, by id, with the plugin that provides it.
///
/// Plugins register into it at start-up; the first registration of an id
/// wins and later ones are refused, so a plugin cannot shadow another's action.
public struct ActionRegistry: Sendable {
    /// A registered action and where it came from.
    public struct Entry: Sendable {
        public let action: any Action
        public let plugin: String
    }

    private var entries: [Entry] = []
    private var index: [String: Int] = [:]

    /// An empty registry.
    public init() {}

    /// Adds `action` from `plugin`; returns false (adding nothing) if its id is taken.
    @discardableResult
    public mutating func register(_ action: any Action, plugin: String) -> Bool {
        guard index[action.id] == nil else { return false }
        index[action.id] = entries.count
        entries.append(Entry(action: action, plugin: plugin))
        return true
    }

    /// The action with `id`, if registered.
    public func action(_ id: String) -> (any Action)? {
        index[id].map { entries[$0].action }
    }

    /// Whether an action with `id` is registered.
    public func contains(_ id: String) -> Bool { index[id] != nil }

    /// The plugin that provides action `id`, if any.
    public func plugin(of id: String) -> String? { index[id].map { entries[$0].plugin } }

    /// Removes every action `plugin` registered (a provider that left).
    public mutating func removeAll(from plugin: String) {
        entries.removeAll { $0.plugin == plugin }
        index = Dictionary(entries.enumerated().map { ($1.action.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every registered action, in registration order.
    public var all: [Entry] { entries }
}
