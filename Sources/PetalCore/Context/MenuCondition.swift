import PetalJSON
import PetalPattern

/// A key of the context a menu's `when` can test (docs/context.md): any but `source`.
public typealias ContextKey = DesktopContext.Key

extension DesktopContext.Key {
    /// `app, instance, title and output`: the keys a `when` may test, for messages.
    public static let matchedList =
        matched.dropLast().map(\.rawValue).joined(separator: ", ") + " and " + matched.last!.rawValue
}

/// A menu's `when`: for each key it gives, a pattern that must match that
/// key's whole value in the context (docs/configuration.md).
public struct MenuCondition: Equatable, Sendable, CustomStringConvertible {
    /// The patterns, one per key given, in the order of ``DesktopContext/Key/matched``.
    public let patterns: [(key: ContextKey, pattern: ContextPattern)]

    /// A condition on the keys given, at least one.
    public init(_ patterns: [ContextKey: ContextPattern]) {
        precondition(!patterns.isEmpty, "a when gives at least one key")
        self.patterns = ContextKey.matched.compactMap { key in patterns[key].map { (key, $0) } }
    }

    /// How many keys it tests: a menu whose `when` tests more is chosen first.
    public var keyCount: Int { patterns.count }

    /// Whether every pattern matches its key's whole value in `context`.
    public func matches(_ context: DesktopContext) -> Bool {
        patterns.allSatisfy { $0.pattern.matches(context.value(of: $0.key)) }
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
    public static func menu(for context: DesktopContext, among menus: [MenuSection]) -> String {
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
