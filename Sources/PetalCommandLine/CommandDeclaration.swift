/// A command line declared once, as a value: a program or one of its
/// subcommands, with its operands, options and subcommands. Parsing
/// (``parse(_:)``), help (``help(for:)``) and the shells' completions
/// (``completionScript(for:)``) all come from it.
public struct CommandDeclaration: Sendable {
    /// What is typed: the program's name, or the subcommand's.
    public let name: String
    /// Further names the parser accepts for a subcommand; help does not show them.
    public let aliases: [String]
    /// One line on what it does: the program's help under its usage, and a
    /// subcommand's in the program's list of commands and the shells' descriptions.
    public let abstract: String
    /// The usage lines help shows after the command's path, when the one made
    /// from the declaration cannot say it (a command with several forms).
    public let usage: [String]
    /// What help shows under the usage; the abstract when empty.
    public let help: [HelpBlock]
    /// Its operands, in order.
    public let operands: [OperandDeclaration]
    /// Its options. A program's are accepted anywhere on the line, after a
    /// subcommand too; one that some subcommands list among their own (the
    /// same declaration) is theirs alone, as petalctl's `--menu` is.
    public let options: [OptionDeclaration]
    /// Options and operands of which the line gives at most one.
    public let exclusions: [ExclusiveGroup]
    /// Its subcommands, in the order help lists them; the first operand names one.
    public let subcommands: [CommandDeclaration]

    /// A command called `name` (see each property).
    public init(
        _ name: String, aliases: [String] = [], abstract: String, usage: [String] = [], help: [HelpBlock] = [],
        operands: [any OperandDeclaring] = [], options: [any OptionDeclaring] = [],
        exclusions: [ExclusiveGroup] = [], subcommands: [CommandDeclaration] = []
    ) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.usage = usage
        self.help = help.isEmpty ? [.text(abstract)] : help
        self.operands = operands.map(\.declaration)
        self.options = options.map(\.declaration)
        self.exclusions = exclusions
        self.subcommands = subcommands
        precondition(
            self.operands.dropLast().allSatisfy { !$0.isRepeating }, "only the last operand of \(name) may repeat")
        precondition(subcommands.isEmpty || self.operands.isEmpty, "\(name) takes a subcommand or operands, not both")
        let members = Set(self.options.flatMap(\.spellings) + self.operands.map(\.valueName))
        for group in exclusions {
            precondition(group.members.allSatisfy(members.contains), "\(name)'s group \(group.members) names no option")
        }
    }

    /// The subcommand called `name`, by its name or an alias.
    public func subcommand(named name: String) -> CommandDeclaration? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// Its own option spelt `spelling`.
    func option(spelt spelling: String) -> OptionDeclaration? {
        options.first { $0.spellings.contains(spelling) }
    }

    /// Whether it lists `option` among its own.
    public func takes(_ option: any OptionDeclaring) -> Bool {
        takes(option.declaration.name)
    }

    /// Whether it lists the option called `name` among its own.
    func takes(_ name: String) -> Bool {
        options.contains { $0.name == name }
    }

    /// Whether its option called `name` is shared: listed by one of its
    /// subcommands, and so taken by those alone.
    func isShared(_ name: String) -> Bool {
        takes(name) && subcommands.contains { $0.takes(name) }
    }

    /// The command at `path` (subcommands' names from here), or nil.
    public func command(at path: [String]) -> CommandDeclaration? {
        var command = self
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }
}

/// Anything a ``CommandDeclaration`` lists among its operands.
public protocol OperandDeclaring: Sendable {
    /// What the parser, the help and the completions read.
    var declaration: OperandDeclaration { get }
}

extension Operand: OperandDeclaring {}

/// Options and operands of one command of which a line gives at most one
/// (`watch --signals|--waybar`), or, when required, exactly one (`show NAME|--context`).
public struct ExclusiveGroup: Sendable {
    /// The options (by any spelling) and operands (by their value name) of the group.
    public let members: [String]
    /// Whether one of them must be given.
    public let isRequired: Bool
    /// What "COMMAND needs …" says when none is given to a required group.
    public let missing: String?

    /// A group of `members`.
    public init(_ members: String..., required: Bool = false, missing: String? = nil) {
        self.members = members
        self.isRequired = required
        self.missing = missing
    }
}

/// A part of a command's help, under its usage.
public enum HelpBlock: Sendable {
    /// Paragraphs, as written; a line over 80 columns is wrapped, under its own indentation.
    case text(String)
    /// The subcommands, each with its usage and abstract, the abstract from `column`; `heading` above them.
    case commands(heading: String?, column: Int)
    /// The options named (every one of the command's when nil), each with its
    /// spellings and value and its abstract from `column`; `heading` above them.
    case options([String]?, heading: String?, column: Int)
}
