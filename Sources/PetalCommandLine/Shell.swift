/// A shell whose completions a ``CommandDeclaration`` writes.
public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// Where the completions of `program` go under a prefix, as each shell
    /// loads them by the command's name on demand.
    public func completionPath(of program: String) -> String {
        switch self {
        case .bash: "share/bash-completion/completions/\(program)"
        case .zsh: "share/zsh/site-functions/_\(program)"
        case .fish: "share/fish/vendor_completions.d/\(program).fish"
        }
    }
}

extension CommandDeclaration {
    /// The completion script of this program for `shell`: subcommands,
    /// options, and their values and operands as ``CompletionKind`` says.
    public func completionScript(for shell: Shell) -> String {
        let program = CompletedProgram(self)
        switch shell {
        case .bash: return BashCompletion(program).script
        case .zsh: return ZshCompletion(program).script
        case .fish: return FishCompletion(program).script
        }
    }
}

/// A program as the completion scripts see it: which options take a value,
/// which are global and which shared, each subcommand's own.
struct CompletedProgram {
    let root: CommandDeclaration
    /// The name of the shell functions: the program's, with `_` for what a name cannot hold.
    let functionName: String
    /// The program's options every subcommand takes, in order, as the shells offer them.
    let globals: [OptionDeclaration]
    /// Every option whose next word is its value, of the program and its subcommands, each once.
    let valueOptions: [OptionDeclaration]

    init(_ root: CommandDeclaration) {
        self.root = root
        functionName = String(root.name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        globals = root.options.filter(\.isCompleted)
        var seen = Set<String>()
        valueOptions = (root.options + root.sharedOptions + root.subcommands.flatMap(\.options)).filter {
            $0.takesRequiredValue && seen.insert($0.name).inserted
        }
    }

    /// What the shells offer for an option's spellings: every name, long ones first (no alias).
    static func offered(_ option: OptionDeclaration) -> [String] {
        option.names.filter { $0.hasPrefix("--") } + option.names.filter { !$0.hasPrefix("--") }
    }

    /// The subcommands that declare the option called `name` (or all, for a global one).
    func takers(of name: String) -> [CommandDeclaration] {
        root.subcommands.filter { $0.takes(name) }
    }

    /// `word` as a shell word: bare when it holds nothing a shell reads, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "_-.,:=/+@%".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingAll("'", with: #"'\''"#) + "'"
    }

    /// The arguments of a shell function that asks the program: `OPTION... -- ARGUMENT...`.
    static func askArguments(_ arguments: [String], passing: [String]) -> String {
        (passing + ["--"] + arguments).map(quoted).joined(separator: " ")
    }
}

extension String {
    /// This text with every `target` replaced (the standard library alone has no such call).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { $0 += $1 == target ? replacement : String($1) }
    }
}
