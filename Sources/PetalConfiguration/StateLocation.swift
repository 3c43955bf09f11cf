import Linux

/// Where Petal keeps what must survive a restart: `$XDG_STATE_HOME/petal`,
/// by default `~/.local/state/petal`. petald writes there; petalctl clears
/// the quarantine there.
public enum StateLocation {
    /// The list of quarantined plugins, in the state folder.
    public static let quarantineFile = "quarantine.json"

    /// The XDG state base (`$XDG_STATE_HOME`, which must be absolute, else
    /// `$HOME/.local/state`); nil when neither variable is usable.
    public static func base(environment: [String: String] = XDGDirectories.processVariables()) -> String? {
        XDGDirectories(environment: environment).stateHome
    }

    /// Petal's folder in the state base.
    public static func folder(environment: [String: String] = XDGDirectories.processVariables()) -> String? {
        XDGDirectories.petal(in: base(environment: environment))
    }
}
