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
    /// Its options. A program's are accepted anywhere on the line, after a subcommand too.
    public let options: [OptionDeclaration]
    /// A program's options that are accepted anywhere on the line, but only
    /// by the subcommands that list them among their own (the same
    /// declaration), as petalctl's `--menu` is.
    public let sharedOptions: [OptionDeclaration]
    /// Options and operands of which the line gives at most one.
    public let exclusions: [ExclusiveGroup]
    /// Its subcommands, each made when first needed: parsing a line makes the one it names alone.
    public let subcommandEntries: [Subcommand]

    /// A command called `name` (see each property).
    public init(
        _ name: String, aliases: [String] = [], abstract: String, usage: [String] = [], help: [HelpBlock] = [],
        operands: [any OperandDeclaring] = [], options: [any OptionDeclaring] = [],
        sharedOptions: [any OptionDeclaring] = [], exclusions: [ExclusiveGroup] = [], subcommands: [Subcommand] = []
    ) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.usage = usage
        self.help = help.isEmpty ? [.text(abstract)] : help
        self.operands = operands.map { $0.declaration }
        self.options = options.map { $0.declaration }
        self.sharedOptions = sharedOptions.map { $0.declaration }
        self.exclusions = exclusions
        self.subcommandEntries = subcommands
        precondition(
            self.operands.dropLast().allSatisfy { !$0.isRepeating }, "only the last operand of \(name) may repeat")
        precondition(subcommands.isEmpty || self.operands.isEmpty, "\(name) takes a subcommand or operands, not both")
        for group in exclusions {
            precondition(
                group.members.allSatisfy { member in
                    self.operands.contains { $0.valueName == member }
                        || self.options.contains { $0.spellings.contains(member) }
                }, "\(name)'s group \(group.members) names no option or operand of it")
        }
    }

    /// Its subcommands, in the order help lists them (each made, if it was not yet).
    public var subcommands: [CommandDeclaration] { subcommandEntries.map { $0.declaration } }

    /// The subcommand called `name`, by its name or an alias.
    public func subcommand(named name: String) -> CommandDeclaration? {
        subcommandEntries.first { $0.name == name || $0.aliases.contains(name) }?.declaration
    }

    /// Its own option spelt `spelling`, shared ones too.
    func option(spelt spelling: String) -> OptionDeclaration? {
        (options + sharedOptions).first { $0.spellings.contains(spelling) }
    }

    /// Whether it lists `option` among its own.
    public func takes(_ option: any OptionDeclaring) -> Bool {
        takes(option.declaration.name)
    }

    /// Whether it lists the option called `name` among its own.
    func takes(_ name: String) -> Bool {
        options.contains { $0.name == name }
    }

    /// Whether the option called `name` is one of its ``sharedOptions``.
    func isShared(_ name: String) -> Bool {
        sharedOptions.contains { $0.name == name }
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

/// A subcommand of a ``CommandDeclaration``, by its names, and how to make
/// its declaration: a program with many subcommands makes only the one a
/// line names (petalctl runs once per key press).
public struct Subcommand: Sendable {
    /// Its name.
    public let name: String
    /// Further names the parser accepts.
    public let aliases: [String]
    private let make: @Sendable () -> CommandDeclaration

    /// The subcommand `declaration`, already made.
    public init(_ declaration: CommandDeclaration) {
        (name, aliases, make) = (declaration.name, declaration.aliases, { declaration })
    }

    /// The subcommand called `name`, whose declaration `make` returns when
    /// needed: a static's, so that it is made once, however often it is asked for.
    public init(_ name: String, aliases: [String] = [], make: @escaping @Sendable () -> CommandDeclaration) {
        (self.name, self.aliases, self.make) = (name, aliases, make)
    }

    /// Its declaration.
    public var declaration: CommandDeclaration {
        let declaration = make()
        precondition(declaration.name == name, "the subcommand \(name) is declared as \(declaration.name)")
        return declaration
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
    /// Paragraphs made when help is shown, from what parsing need not make
    /// (other subcommands' declarations); laid out as ``text(_:)``.
    case madeText(@Sendable () -> String)
    /// The subcommands, each with its usage and abstract, the abstract from `column`; `heading` above them.
    case commands(heading: String?, column: Int)
    /// The options named (every one of the command's when nil), each with its
    /// spellings and value and its abstract from `column`; `heading` above them.
    case options([String]?, heading: String?, column: Int)
}
