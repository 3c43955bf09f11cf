import PetalJSON

/// A key of the context a menu's `when` can test (docs/context.md).
public enum ContextKey: String, CaseIterable, Sendable {
    /// The focused window's application id (its WM_CLASS class on X11).
    case app
    /// Which instance of the application: its WM_CLASS instance on X11
    /// (i3 and sway's `window_properties.instance`), the app id again for a
    /// Wayland window, Hyprland's `initialClass`.
    case instance
    /// The focused window's title.
    case title
    /// The focused output's name.
    case output
}

/// What the desktop shows, as a menu's `when` reads it: each key's value,
/// "" for a key the context lacks.
public struct ContextValues: Equatable, Sendable {
    public var app: String
    public var instance: String
    public var title: String
    public var output: String

    /// A context; each key not given is "".
    public init(app: String = "", instance: String = "", title: String = "", output: String = "") {
        (self.app, self.instance, self.title, self.output) = (app, instance, title, output)
    }

    /// The value of `key`.
    public subscript(key: ContextKey) -> String {
        switch key {
        case .app: app
        case .instance: instance
        case .title: title
        case .output: output
        }
    }

    /// `app, instance, title and output`, for messages.
    public static let keyList =
        ContextKey.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " and "
        + ContextKey.allCases.last!.rawValue
}

/// A menu's `when`: for each key it gives, a pattern that must match that
/// key's whole value in the context (docs/configuration.md).
public struct MenuCondition: Equatable, Sendable, CustomStringConvertible {
    /// The patterns, one per key given, in the order of ``ContextKey/allCases``.
    public let patterns: [(key: ContextKey, pattern: ContextPattern)]

    /// A condition on the keys given, at least one.
    public init(_ patterns: [ContextKey: ContextPattern]) {
        precondition(!patterns.isEmpty, "a when gives at least one key")
        self.patterns = ContextKey.allCases.compactMap { key in patterns[key].map { (key, $0) } }
    }

    /// How many keys it tests: a menu whose `when` tests more is chosen first.
    public var keyCount: Int { patterns.count }

    /// Whether every pattern matches its key's whole value in `context`.
    public func matches(_ context: ContextValues) -> Bool {
        patterns.allSatisfy { $0.pattern.matches(context[$0.key]) }
    }

    /// `{"app": "firefox", "title": ".*GitHub.*"}`, as the configuration writes it.
    public var description: String {
        "{"
            + patterns.map { "\(JSONPath.quoted($0.key.rawValue)): \(JSONPath.quoted($0.pattern.source))" }
            .joined(separator: ", ") + "}"
    }

    /// The `when` as a configuration file writes it.
    public var jsonValue: JSONValue {
        .object(JSONObject(patterns.map { ($0.key.rawValue, JSONValue.string($0.pattern.source)) }))
    }

    public static func == (left: MenuCondition, right: MenuCondition) -> Bool {
        left.patterns.elementsEqual(right.patterns) { $0.key == $1.key && $0.pattern == $1.pattern }
    }
}

/// Which menu `ShowMenu("")` opens (docs/dbus-api.md): of the menus whose
/// `when` matches the context, the one that tests the most keys, then the
/// first in configuration order; `main` when none matches.
public enum ContextChoice {
    /// The name of the menu for `context` among `menus`, in configuration order.
    public static func menu(for context: ContextValues, among menus: [MenuSection]) -> String {
        var chosen: (name: String, keys: Int)?
        for menu in menus {
            guard let condition = menu.when, condition.keyCount > (chosen?.keys ?? 0), condition.matches(context)
            else { continue }
            chosen = (menu.name, condition.keyCount)
        }
        return chosen?.name ?? MenuName.main
    }

    /// The menus with a `when`, in the order ``menu(for:among:)`` tries
    /// them: the most keys first, then configuration order.
    public static func candidates(among menus: [MenuSection]) -> [MenuSection] {
        menus.enumerated().filter { $0.element.when != nil }
            .sorted { a, b in
                let (left, right) = (a.element.when!.keyCount, b.element.when!.keyCount)
                return left != right ? left > right : a.offset < b.offset
            }
            .map(\.element)
    }
}
