import Glibc

/// The user's base folders, as the XDG Base Directory Specification names
/// them, found one way for all of Petal's programs: each variable when it is
/// an absolute path (a relative one is ignored, as the specification says),
/// else its default under `$HOME`; nil when neither is usable.
public struct XDGDirectories: Sendable {
    /// The environment read.
    public let environment: [String: String]

    /// The folders of `environment`, the process's by default.
    public init(environment: [String: String] = XDGDirectories.processVariables()) {
        self.environment = environment
    }

    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public var configHome: String? { base("XDG_CONFIG_HOME", default: ".config") }
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public var dataHome: String? { base("XDG_DATA_HOME", default: ".local/share") }
    /// `$XDG_STATE_HOME`, else `~/.local/state`.
    public var stateHome: String? { base("XDG_STATE_HOME", default: ".local/state") }
    /// `$XDG_RUNTIME_DIR`, which has no default.
    public var runtimeDirectory: String? { environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } }

    /// Petal's folder in `base`: `base/petal`.
    public static func petal(in base: String?) -> String? { base.map { $0 + "/petal" } }

    private func base(_ variable: String, default relative: String) -> String? {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/" + relative
    }

    /// The variables the folders are made of (`HOME` and the `XDG_` ones read
    /// here), as the process has them: five lookups rather than the whole
    /// environment decoded, which start-up would pay at each use.
    public static func processVariables() -> [String: String] {
        ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"].reduce(into: [:]) {
            if let value = getenv($1) { $0[$1] = String(cString: value) }
        }
    }
}
