/// A program's completion for fish: one `complete` line per subcommand,
/// option and operand, each with a condition on the line as the parser reads it.
struct FishCompletion {
    let program: CompletedProgram
    var root: CommandDeclaration { program.root }
    var function: String { "__" + program.functionName }

    init(_ program: CompletedProgram) { self.program = program }

    var script: String {
        [header, words, needsCommand, commandIs, operandIs, ask, completions].joined(separator: "\n\n") + "\n"
    }

    private var header: String {
        """
        # fish completion for \(root.name), made by `\(root.name) --completions fish` from the
        # declaration of its command line: regenerate it rather than edit it.
        """
    }

    private var words: String {
        let spellings = program.valueOptions.flatMap(\.spellings).joined(separator: " ")
        return """
            # The words of the line before the cursor that are neither options nor
            # their values: the command first, then its operands.
            function \(function)_words
                set -l words (commandline -opc)
                set -e words[1]
                set -l skip 0
                set -l ended 0
                for word in $words
                    if test $skip = 1
                        set skip 0
                    else if test $ended = 1
                        echo $word
                    else
                        switch $word
                            case --
                                set ended 1
                            case \(spellings)
                                set skip 1
                            case '-?*'
                            case '*'
                                echo $word
                        end
                    end
                end
            end
            """
    }

    private var needsCommand: String {
        """
        # True when the line has no command yet.
        function \(function)_needs_command
            test (count (\(function)_words)) -eq 0
        end
        """
    }

    private var commandIs: String {
        """
        # \(function)_command_is COMMAND...: true when the line's command is one of these.
        function \(function)_command_is
            set -l words (\(function)_words)
            test (count $words) -ge 1; and contains -- $words[1] $argv
        end
        """
    }

    private var operandIs: String {
        """
        # \(function)_operand_is N only|more COMMAND...: true when the line's command is
        # one of these and the word being completed is its operand N (from 0), or
        # with "more" any after it too.
        function \(function)_operand_is
            set -l words (\(function)_words)
            test (count $words) -ge 1; and contains -- $words[1] $argv[3..-1]; or return 1
            set -l index (math (count $words) - 1)
            if test $argv[2] = more
                test $index -ge $argv[1]
            else
                test $index -eq $argv[1]
            end
        end
        """
    }

    private var ask: String {
        """
        # \(function)_ask OPTION... -- ARGUMENT...: what the \(root.name) of the line prints
        # for the ARGUMENTs, given the line's values of the OPTIONs, quietly.
        function \(function)_ask
            set -l wanted
            while test (count $argv) -gt 0; and test "$argv[1]" != --
                set wanted $wanted $argv[1]
                set -e argv[1]
            end
            set -e argv[1]
            set -l words (commandline -opc)
            set -l passed
            set -l next ""
            for word in $words[2..-1]
                if test -n "$next"
                    set passed $passed $next $word
                    set next ""
                    continue
                end
                for option in $wanted
                    if test "$word" = $option
                        set next $option
                    else if string match -q -- "$option=*" $word
                        set passed $passed $option (string replace -- "$option=" "" $word)
                    end
                end
            end
            timeout 3 $words[1] $passed $argv 2>/dev/null
        end
        """
    }

    /// `text` in fish's single quotes.
    private static func single(_ text: String) -> String {
        "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
    }

    /// The `complete` flags that offer what `completion` says, for an option's value or an operand.
    private func offer(_ completion: CompletionKind) -> String? {
        switch completion {
        case .none: return nil
        case .words(let words): return "-a " + Self.single(words.joined(separator: " "))
        case .file: return "-F"
        case .program(let arguments, let passing):
            let spellings = passing.flatMap { name in
                program.valueOptions.first { $0.name == name }?.spellings ?? [name]
            }
            return "-a "
                + Self.single("(\(function)_ask \(CompletedProgram.askArguments(arguments, passing: spellings)))")
        }
    }

    /// The `complete` line of `option`, under `condition`.
    private func line(_ option: OptionDeclaration, condition: String?) -> String {
        var parts = ["complete -c \(root.name)"]
        if let condition { parts.append("-n " + Self.single(condition)) }
        for name in CompletedProgram.offered(option).reversed() {
            parts.append(
                name.hasPrefix("--")
                    ? "-l \(name.dropFirst(2))" : name.count == 2 ? "-s \(name.dropFirst())" : "-o \(name.dropFirst())")
        }
        if option.takesRequiredValue {
            if case .file = option.completion { parts.append("-r") } else { parts.append("-x") }
            if let offer = offer(option.completion) { parts.append(offer) }
        }
        parts.append("-d " + Self.single(option.abstract))
        return parts.joined(separator: " ")
    }

    private var completions: String {
        var lines = ["complete -c \(root.name) -f", "", "# The program's options, before or after the command."]
        lines += program.globals.map { line($0, condition: nil) }
        lines += ["", "# The commands."]
        lines += root.subcommands.map { command in
            "complete -c \(root.name) -n \(function)_needs_command -a \(CompletedProgram.quoted(command.name)) -d \(Self.single(command.abstract))"
        }
        lines += ["", "# Each command's options and operands."]
        var seen = Set<String>()
        for option in root.subcommands.flatMap(\.options) where option.isCompleted && seen.insert(option.name).inserted
        {
            let takers = root.subcommands.filter { $0.takes(option.name) }.flatMap { [$0.name] + $0.aliases }
            lines.append(line(option, condition: "\(function)_command_is \(takers.joined(separator: " "))"))
        }
        for command in root.subcommands {
            for (index, operand) in command.operands.enumerated() {
                guard let offer = offer(operand.completion) else { continue }
                let names = ([command.name] + command.aliases).joined(separator: " ")
                let condition = "\(function)_operand_is \(index) \(operand.isRepeating ? "more" : "only") \(names)"
                lines.append(
                    "complete -c \(root.name) -n \(Self.single(condition)) \(offer) -d \(Self.single(operand.noun))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
