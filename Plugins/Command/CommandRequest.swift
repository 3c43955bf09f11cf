import PetalJSON
import PetalPlugin

/// A `command.run` request: the parameters checked against each other and
/// against the plugin's settings (`timeout`, `allow`).
struct CommandRequest: Equatable {
    /// The parameters `command.run` takes (toggles add `selected`).
    static let parameters: Set<String> = ["argv", "env", "cwd", "timeout", "detach", "selected"]
    /// Seconds a program may run when neither the parameter nor the setting says.
    static let defaultTimeout = 10.0

    /// The program and its arguments, passed as they are: never through a shell.
    var argv: [String]
    /// Variables added to the program's environment.
    var environment: [String: String] = [:]
    /// The folder the program starts in; petald's own when nil.
    var directory: String?
    /// Seconds before the program is stopped (SIGTERM, then SIGKILL a second later).
    var timeout = defaultTimeout
    /// Start the program and return at once, without waiting for it.
    var detach = false

    /// Reads and checks the parameters.
    ///
    /// - Throws: ``PluginError/invalidParams(_:)`` naming the parameter that is
    ///   wrong, or the program that `allow` does not list;
    ///   ``PluginError/failed(_:)`` for a malformed setting.
    init(_ params: Parameters, settings: Settings) throws {
        try params.rejectUnknown(Self.parameters)
        argv = try Self.argv(params.object["argv"])
        if let value = params.object["env"], value != .null {
            guard case .object(let variables) = value else {
                throw PluginError.invalidParams(
                    "the parameter \"env\" must be an object of strings, e.g. {\"LANG\": \"C\"}, not \(value.typeName) \(value)"
                )
            }
            for (name, member) in variables {
                guard let text = member.stringValue else {
                    throw PluginError.invalidParams(
                        "the parameter \"env.\(name)\" must be a string, not \(member.typeName) \(member)")
                }
                guard !name.isEmpty, !name.contains("="), !name.contains("\0"), !text.contains("\0") else {
                    throw PluginError.invalidParams(
                        "the parameter \"env\" holds the variable \"\(name)\", whose name is empty or holds \"=\" or NUL, or whose value holds NUL"
                    )
                }
                environment[name] = text
            }
        }
        if let folder = try params.string("cwd") {
            guard folder.hasPrefix("/"), !folder.contains("\0") else {
                throw PluginError.invalidParams(
                    "the parameter \"cwd\" is \"\(folder)\"; it must be an absolute path, e.g. /tmp")
            }
            directory = folder
        }
        detach = try params.bool("detach") ?? false
        if let seconds = try params.number("timeout") {
            guard !detach else {
                throw PluginError.invalidParams(
                    "the parameter \"timeout\" does not go with \"detach\": a detached program is not waited for")
            }
            guard seconds.isFinite, seconds > 0 else {
                throw PluginError.invalidParams(
                    "the parameter \"timeout\" is \(seconds); it must be a number of seconds above 0, e.g. 5")
            }
            timeout = seconds
        } else if let seconds = try settings.number("timeout") {
            guard seconds.isFinite, seconds > 0 else {
                throw PluginError.failed(
                    "the setting \(settings.path("timeout")) is \(seconds); it must be a number of seconds above 0; fix it in the configuration"
                )
            }
            timeout = seconds
        }
        if let allowed = try settings.strings("allow"), !allowed.contains(argv[0]) {
            throw PluginError.invalidParams(
                "the program \"\(argv[0])\" is not allowed: \(settings.path("allow")) lists only \(allowed.isEmpty ? "nothing" : allowed.joined(separator: ", ")); add it there, spelt exactly as argv[0], to allow it"
            )
        }
    }

    /// The `argv` parameter: a non-empty array of strings whose first is a program.
    private static func argv(_ value: JSONValue?) throws -> [String] {
        let example = "e.g. [\"/bin/echo\", \"hello\"]"
        guard let value, value != .null else {
            throw PluginError.invalidParams(
                "the parameter \"argv\" is required: a non-empty array of strings, \(example)")
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw PluginError.invalidParams(
                "the parameter \"argv\" must be a non-empty array of strings, \(example), not \(value.typeName) \(value)"
            )
        }
        var argv: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue, !text.contains("\0") else {
                throw PluginError.invalidParams(
                    "the parameter \"argv\" must hold strings without NUL, but argv[\(index)] is \(element.typeName) \(element)"
                )
            }
            argv.append(text)
        }
        guard !argv[0].isEmpty else {
            throw PluginError.invalidParams(
                "the parameter \"argv\" starts with an empty string; argv[0] names the program, \(example)")
        }
        return argv
    }
}
