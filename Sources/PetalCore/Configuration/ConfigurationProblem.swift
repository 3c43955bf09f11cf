import PetalJSON

/// One thing wrong with a configuration: where it is and what was expected.
///
/// Its description reads like a compiler's:
/// `config.json:14:15: items[2].color: expected a colour such as "#ef5285" or "#ef5285cc", found "red"`,
/// with `warning: ` before the path of a warning.
public struct ConfigurationProblem: Equatable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Sendable {
        /// The configuration is refused.
        case error
        /// The configuration is used, but something in it is ignored or odd.
        case warning
    }

    /// Whether the configuration is refused because of this problem.
    public var severity: Severity
    /// The JSON path of the value at fault, e.g. `items[2].action`; empty for
    /// the document as a whole or the file itself.
    public var path: String
    /// What was expected and what was found.
    public var message: String
    /// Where the value at fault starts in the text, when known.
    public var position: SourcePosition?
    /// The file the configuration came from, when it came from one.
    public var file: String?

    /// Creates a problem.
    public init(
        _ severity: Severity, path: String, _ message: String,
        at position: SourcePosition? = nil, file: String? = nil
    ) {
        self.severity = severity
        self.path = path
        self.message = message
        self.position = position
        self.file = file
    }

    /// The 1-based line of the value at fault, when known.
    public var line: Int? { position?.line }
    /// The 1-based column of the value at fault, when known.
    public var column: Int? { position?.column }
    /// Whether this is an error.
    public var isError: Bool { severity == .error }

    /// `FILE:LINE:COLUMN: [warning: ]PATH: MESSAGE`, leaving out what is unknown.
    public var description: String {
        var location: [String] = []
        if let file { location.append(file) }
        if let position {
            location.append(String(position.line))
            location.append(String(position.column))
        }
        var text = location.isEmpty ? "" : location.joined(separator: ":") + ": "
        if severity == .warning { text += "warning: " }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }

    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, as ``description`` but without the
    /// severity: how the `ConfigWarnings` property lists a warning.
    public var listed: String {
        var copy = self
        copy.severity = .error
        return copy.description
    }

    /// The same problem, said of `file`.
    public func inFile(_ file: String) -> ConfigurationProblem {
        var copy = self
        copy.file = file
        return copy
    }
}

/// What ``ConfigurationDecoder`` made of a text: the configuration, unless
/// there was an error, and every problem found, in document order.
public struct ConfigurationDecoding: Sendable {
    /// The configuration; nil when any problem is an error.
    public let configuration: MenuConfiguration?
    /// Every error and warning, in the order of their place in the text.
    public let problems: [ConfigurationProblem]
    /// Where each item names its action, in document order.
    public let actionSites: [ActionSite]
    /// Where each menu writes its items, in document order.
    public let menuSites: [MenuSite]

    /// Creates a result.
    public init(
        configuration: MenuConfiguration?, problems: [ConfigurationProblem], actionSites: [ActionSite] = [],
        menuSites: [MenuSite] = []
    ) {
        self.configuration = configuration
        self.problems = problems
        self.actionSites = actionSites
        self.menuSites = menuSites
    }

    /// The problems that refuse the configuration.
    public var errors: [ConfigurationProblem] { problems.filter(\.isError) }
    /// The problems that do not.
    public var warnings: [ConfigurationProblem] { problems.filter { !$0.isError } }
}
