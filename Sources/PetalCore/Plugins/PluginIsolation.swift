/// Which plugins run in a `petal-plugin-host` process of their own rather
/// than inside petald: `plugins.isolate` of the configuration (docs/plugins.md,
/// "Isolated plugins").
public enum PluginIsolation: Equatable, Sendable, CustomStringConvertible {
    /// Every plugin not installed with petald (the default).
    case thirdParty
    /// Every plugin, Petal's own included.
    case all
    /// None: every plugin runs inside petald.
    case none
    /// The plugins of these names.
    case named([String])

    /// Whether the plugin `name`, installed with petald when `builtIn`, is isolated.
    public func isolates(_ name: String, builtIn: Bool) -> Bool {
        switch self {
        case .thirdParty: !builtIn
        case .all: true
        case .none: false
        case .named(let names): names.contains(name)
        }
    }

    /// The configuration's value: `"third-party"`, `"all"`, `"none"` or `["name", …]`.
    public var description: String {
        switch self {
        case .thirdParty: "third-party"
        case .all: "all"
        case .none: "none"
        case .named(let names): "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        }
    }

    /// The word for a configured string, or nil if it is none of them.
    public init?(keyword: String) {
        switch keyword {
        case "third-party": self = .thirdParty
        case "all": self = .all
        case "none": self = .none
        default: return nil
        }
    }
}
