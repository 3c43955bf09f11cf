import PetalCommandLine

/// What `petalctl --help` and `petalctl COMMAND --help` print, from
/// ``PetalctlCommandLine``'s declarations.
public enum HelpText {
    /// The overview: every command in a line, the global options, the exit statuses.
    public static var overview: String { PetalctlCommandLine.program.help() }

    /// The help for one command; the overview for `help`.
    public static func help(for command: CommandName) -> String {
        command == .help ? overview : PetalctlCommandLine.program.help(for: [command.rawValue])
    }
}
