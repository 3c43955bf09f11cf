/// One option of a command, whatever its value's type: what the parser, the
/// help and the completions read. Programs declare a ``Flag`` or an
/// ``Option`` and hand their `declaration` to a ``CommandDeclaration``.
public struct OptionDeclaration: Sendable {
    /// Its spellings as help shows them: a short `-j`, a long `--json`. The
    /// first is the option's name in a ``CommandDeclaration``'s groups and in
    /// ``CompletionKind/program(arguments:passing:)``.
    public let names: [String]
    /// Further spellings the parser accepts and help does not show, such as
    /// rofi's single-dash `-dmenu` or `-p`.
    public let aliases: [String]
    /// What help shows for the value (`FILE`, `X,Y`); nil for a flag.
    public let valueName: String?
    /// One line on what it does, for help and for the shells' descriptions.
    public let abstract: String
    /// How a missing value is explained: the text after "e.g.", such as `--at 640,360`.
    public let example: String?
    /// The only values it takes (an enum's `allCases`), or empty for any.
    public let values: [String]
    /// What a value is called in "unknown NOUN", such as `anchor`.
    public let noun: String
    /// What the shells offer for its value.
    public let completion: CompletionKind
    /// Whether it must be given (`preview --svg FILE`).
    public let isRequired: Bool
    /// Whether the line may give it more than once, each value kept
    /// (`--plugin-dir`); any other option given again keeps its last value.
    public let isRepeatable: Bool
    /// Whether it asks for help, which then wins over any mistake on the line.
    public let isHelp: Bool
    /// For an option whose value may be left out (`--lines [N]`), the value
    /// kept when it is; nil for every other option.
    let absentValue: (any Sendable)?
    /// Whether the shells offer it; help shows it either way.
    public let isCompleted: Bool
    /// What is said when the option is given to a subcommand that does not
    /// take it (see ``CommandDeclaration/options``): the subcommand's name and
    /// the value given lead to the message. Nil for the usual message.
    public let refusal: (@Sendable (_ command: String, _ value: String) -> String)?
    /// The value's text made the program's value: the parser keeps what this returns.
    let convert: @Sendable (String) throws(UsageError) -> any Sendable

    /// What a value of the option spelt `names` is called by default: its long name without dashes.
    static func noun(of names: [String]) -> String {
        String((names.first { $0.hasPrefix("--") } ?? names[0]).drop { $0 == "-" })
    }

    /// Whether it takes a value.
    public var takesValue: Bool { valueName != nil }
    /// Whether its value may be left out: then the next word is its value
    /// only when the option accepts it (``Option/init(_:aliases:optionalValue:abstract:absent:parse:)``).
    public var isValueOptional: Bool { absentValue != nil }
    /// Whether the word after it is always its value: the shells complete it so.
    var takesRequiredValue: Bool { takesValue && !isValueOptional }
    /// The name messages and completions use: the first long spelling, else the first.
    public var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }
    /// Every spelling the parser accepts.
    public var spellings: [String] { names + aliases }

    /// A declaration; ``Flag`` and ``Option`` make them.
    init(
        names: [String], aliases: [String], valueName: String?, abstract: String, example: String?,
        values: [String], noun: String?, completion: CompletionKind, isRequired: Bool, isRepeatable: Bool = false,
        isHelp: Bool,
        isCompleted: Bool, refusal: (@Sendable (String, String) -> String)?, absentValue: (any Sendable)? = nil,
        convert: @escaping @Sendable (String) throws(UsageError) -> any Sendable
    ) {
        precondition(!names.isEmpty, "an option has a name")
        precondition(
            (names + aliases).allSatisfy { $0.hasPrefix("-") && $0.count > 1 && $0 != "--" },
            "an option's spellings start with - or --: \(names + aliases)")
        self.names = names
        self.aliases = aliases
        self.valueName = valueName
        self.abstract = abstract
        self.example = example
        self.values = values
        self.noun = noun ?? Self.noun(of: names)
        self.completion = completion
        self.isRequired = isRequired
        self.isRepeatable = isRepeatable
        self.isHelp = isHelp
        self.isCompleted = isCompleted
        self.refusal = refusal
        self.absentValue = absentValue
        self.convert = convert
    }
}

/// Anything a ``CommandDeclaration`` lists among its options.
public protocol OptionDeclaring: Sendable {
    /// What the parser, the help and the completions read.
    var declaration: OptionDeclaration { get }
}

/// An option without a value: given or not.
public struct Flag: OptionDeclaring {
    /// What the parser, the help and the completions read.
    public let declaration: OptionDeclaration

    /// A flag spelt `names` (and `aliases`, which help does not show).
    public init(
        _ names: String..., aliases: [String] = [], abstract: String, completed: Bool = true,
        refusal: (@Sendable (String, String) -> String)? = nil
    ) {
        declaration = OptionDeclaration(
            names: names, aliases: aliases, valueName: nil, abstract: abstract, example: nil, values: [], noun: nil,
            completion: .none, isRequired: false, isHelp: false, isCompleted: completed, refusal: refusal,
            convert: { _ throws(UsageError) in true })
    }

    /// `-h` and `--help`: asks for help, which wins over any mistake on the line.
    public static func help(_ abstract: String) -> Flag {
        Flag(
            declaration: OptionDeclaration(
                names: ["-h", "--help"], aliases: [], valueName: nil, abstract: abstract, example: nil, values: [],
                noun: nil, completion: .none, isRequired: false, isHelp: true, isCompleted: true, refusal: nil,
                convert: { _ throws(UsageError) in true }))
    }

    private init(declaration: OptionDeclaration) { self.declaration = declaration }
}
