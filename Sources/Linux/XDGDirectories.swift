import Glibc

/// The user's base folders, as the XDG Base Directory Specification names
/// them, found one way for all of Petal's programs: each variable when it is
/// an absolute path (a relative one is ignored, as the specification says),
/// else its default under `$HOME`; nil when neither is usable.
public struct XDGDirectories: Sendable {
    /// The environment read.
    public let environment: [String: String]

    /// The folders of `environment`, the process's by default.
    public init(environment: [String: String] = XDGDirectories.processEnvironment()) {
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

    /// The process environment as a dictionary.
    public static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // Split on the first "=" byte: cheaper than by characters, which run
            // grapheme breaking over every variable at every start.
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                environment[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
                    decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return environment
    }
}
