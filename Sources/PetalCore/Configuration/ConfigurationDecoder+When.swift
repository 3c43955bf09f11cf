import PetalJSON
import PetalPattern

/// A menu section's `when`: the context the menu is for (docs/configuration.md).
extension ConfigurationDecoder {
    /// An example of a `when`, for messages.
    static let conditionExample = #"{"app": "firefox|chromium"}"#

    /// The `when` at `path` of a menu section; nil after reporting what is wrong.
    ///
    /// Every key must be one of the context's (a misspelt key ignored would
    /// make the menu match more than meant), and every pattern one Petal can
    /// match, so each problem is an error.
    mutating func condition(_ value: JSONValue, at path: String, in scope: MenuContext) -> MenuCondition? {
        guard !scope.isAdHoc else {
            report(
                .error, path,
                #"expected no "when" in a menu made over D-Bus: ShowMenu("") chooses among the configuration's menus, and this one opens by its name"#
            )
            return nil
        }
        guard let object = value.objectValue, !object.isEmpty else {
            let found =
                value.objectValue == nil ? Self.describe(value) : "an empty object, which would match any context"
            report(
                .error, path,
                "expected an object of regular expressions by context key (\(ContextKey.matchedList)), such as \(Self.conditionExample), found \(found)"
            )
            return nil
        }
        let keys = ContextKey.matched.map(\.rawValue)
        var patterns: [ContextKey: ContextPattern] = [:]
        var valid = true
        for (key, member) in object {
            let memberPath = JSONPath.member(key, of: path)
            guard let contextKey = ContextKey(rawValue: key), contextKey != .source else {
                var message = "expected a key of the context"
                if let guess = Self.closest(to: key, among: keys) { message += " (did you mean \"\(guess)\"?)" }
                message += "; a when tests \(ContextKey.matchedList)"
                report(.error, Self.shownPath(key, of: path), message, positionOf: memberPath)
                valid = false
                continue
            }
            let expected =
                "a regular expression that matches the whole \(key), such as \(Self.example(for: contextKey))"
            guard let text = member.stringValue else {
                report(.error, memberPath, "expected \(expected), found \(Self.describe(member))")
                valid = false
                continue
            }
            do {
                patterns[contextKey] = try ContextPattern(text)
            } catch {
                report(.error, memberPath, "expected \(expected), found \(Self.describe(member)): \(error)")
                valid = false
            }
        }
        return valid ? MenuCondition(patterns) : nil
    }

    private static func example(for key: ContextKey) -> String {
        switch key {
        case .app: #""firefox|chromium""#
        case .instance: #""crx_.*|Navigator""#
        case .title: #"".*GitHub.*""#
        case .output: #""HDMI-A-1""#
        case .source: #""petal-context/sway""#
        }
    }
}
