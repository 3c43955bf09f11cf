/// A program's completion for zsh: `_arguments` specs for the options, and
/// the line read as the parser would for the command and its operands.
struct ZshCompletion {
    let program: CompletedProgram
    var root: CommandDeclaration { program.root }
    var function: String { "_" + program.functionName }

    init(_ program: CompletedProgram) { self.program = program }

    var script: String {
        ["#compdef \(root.name)\n" + header, ask, lines, main].joined(separator: "\n\n") + "\n\n\(function) \"$@\"\n"
    }

    private var header: String {
        """
        # zsh completion for \(root.name), made by `\(root.name) --completions zsh` from the
        # declaration of its command line: regenerate it rather than edit it.
        """
    }

    private var ask: String {
        """
        # \(function)_ask OPTION... -- ARGUMENT...: what the \(root.name) of the line prints
        # for the ARGUMENTs, given the line's values of the OPTIONs, quietly.
        \(function)_ask() {
          local -a passed
          while (( $# )) && [[ $1 != -- ]]; do
            (( ${+\(function)_given[$1]} )) && passed+=($1 ${\(function)_given[$1]})
            shift
          done
          shift
          timeout 3 ${~\(function)_program} $passed "$@" 2>/dev/null
        }
        """
    }

    private var lines: String {
        """
        # \(function)_lines DESCRIPTION OPTION... -- ARGUMENT...: offers the lines \(function)_ask prints.
        \(function)_lines() {
          local description=$1 expl
          shift
          local -a lines
          lines=(${(f)"$(\(function)_ask "$@")"})
          _wanted values expl $description compadd -a lines
        }
        """
    }

    /// `text` inside single quotes.
    private static func single(_ text: String) -> String {
        "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }

    /// `text` inside double quotes, for a description inside a single-quoted spec.
    private static func double(_ text: String) -> String {
        "\"" + text.reduce(into: "") { $0 += "\"$`\\".contains($1) ? "\\\($1)" : String($1) } + "\""
    }

    /// `text` as an `_arguments` spec's description or message, its brackets and colons escaped.
    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { result, character in
            if "[]:\\".contains(character) { result += "\\" }
            result.append(character)
        }
    }

    /// What `completion` offers, as a command line (for `_arguments` actions and the operands alike).
    private func action(_ completion: CompletionKind, noun: String) -> String {
        switch completion {
        case .none:
            return "_message -e values \(Self.double(noun))"
        case .words(let words) where words.allSatisfy({ $0.hasSuffix("=") }):
            return "_wanted values expl \(Self.double(noun)) compadd -S '' -- "
                + words.map(CompletedProgram.quoted).joined(separator: " ")
        case .words(let words):
            return "_wanted values expl \(Self.double(noun)) compadd -- "
                + words.map(CompletedProgram.quoted).joined(separator: " ")
        case .file(let extensions):
            let pattern = extensions.count == 1 ? extensions[0] : "(\(extensions.joined(separator: "|")))"
            return extensions.isEmpty ? "_files" : "_files -g \"*.\(pattern)(-.)\""
        case .program(let arguments, let passing):
            return
                "\(function)_lines \(Self.double(noun)) \(CompletedProgram.askArguments(arguments, passing: passing))"
        }
    }

    /// The `_arguments` specs of `option`, one a spelling, each excluding the
    /// option's other spellings and the other members of its groups in `command`.
    private func specs(_ option: OptionDeclaration, in command: CommandDeclaration) -> [String] {
        let others = command.exclusions.filter { group in group.members.contains { option.spellings.contains($0) } }
            .flatMap(\.members).compactMap { command.option(spelt: $0)?.names }.flatMap { $0 }
        let excluded = Set((option.isRepeatable ? [] : option.names) + others).sorted()
        return CompletedProgram.offered(option).map { name in
            var spec =
                (excluded.isEmpty ? "" : "(\(excluded.joined(separator: " ")))") + (option.isRepeatable ? "*" : "")
            spec += name
            if option.takesRequiredValue { spec += name.hasPrefix("--") ? "=" : "+" }
            spec += "[\(Self.escaped(option.abstract))]"
            if let value = option.valueName, option.takesRequiredValue {
                let action: String
                switch option.completion {
                case .none: action = " "
                case .words(let words): action = "(\(words.map(CompletedProgram.quoted).joined(separator: " ")))"
                default: action = self.action(option.completion, noun: option.noun)
                }
                spec += ":\(Self.escaped(value)):\(action)"
            }
            return Self.single(spec)
        }
    }

    private func arm(_ command: CommandDeclaration) -> String {
        let names = ([command.name] + command.aliases).joined(separator: "|")
        let options = (["$globals"] + command.options.filter(\.isCompleted).flatMap { specs($0, in: command) })
            .joined(separator: " ")
        let arguments = "_arguments \(options) && ret=0"
        guard !command.operands.isEmpty else { return "        (\(names))\n          \(arguments) ;;" }
        var branches: [String] = []
        for (index, operand) in command.operands.enumerated() {
            let test =
                "(( operands \(operand.isRepeating ? ">=" : "==") \(index) )) && [[ -z $pending && $PREFIX != -* ]]"
            branches += [
                "\(branches.isEmpty ? "if" : "elif") \(test); then",
                "  \(action(operand.completion, noun: operand.noun)) && ret=0",
            ]
        }
        branches += ["else", "  \(arguments)", "fi ;;"]
        return "        (\(names))\n" + branches.map { "          " + $0 }.joined(separator: "\n")
    }

    private var main: String {
        let skips = program.valueOptions.map { option in
            "      (\(option.spellings.joined(separator: "|"))) option=\(option.name) ;;"
        }
        let commands = root.subcommands.map { "    " + Self.single("\(Self.escaped($0.name)):\($0.abstract)") }
        let globals = program.globals.flatMap { specs($0, in: root) }.map { "    " + $0 }
        return """
            \(function)() {
              local curcontext=$curcontext state line ret=1
              local \(function)_program=${words[1]}
              # The values of the options on the whole line, the command and how many
              # operands it has (once _arguments narrows the words to the command's,
              # the program's options among them are gone), and whether the word
              # being completed is an option's value.
              local -A \(function)_given
              local i word option command="" ended=no pending=""
              integer operands=0
              for (( i = 2; i < CURRENT; i++ )); do
                word=${words[i]}
                if [[ $ended == yes || $word == - || $word != -* ]]; then
                  if [[ -z $command ]]; then command=$word; else (( operands++ )); fi
                  continue
                fi
                [[ $word == -- ]] && { ended=yes; continue }
                case ${word%%=*} in
            \(skips.joined(separator: "\n"))
                  (*) continue ;;
                esac
                if [[ $word == --*=* ]]; then
                  \(function)_given[$option]=${(Q)word#*=}
                elif (( i + 1 == CURRENT )); then
                  pending=$option  # the word being completed is its value: _arguments offers it
                else
                  \(function)_given[$option]=${(Q)words[i+1]}
                  (( i++ ))
                fi
              done

              local -a commands globals
              commands=(
            \(commands.joined(separator: "\n"))
              )
              globals=(
            \(globals.joined(separator: "\n"))
              )

              _arguments -C $globals '1:command:->command' '*::argument:->argument' && ret=0
              case $state in
                (command)
                  _describe -t commands \(Self.single("\(root.name) command")) commands && ret=0
                  ;;
                (argument)
                  curcontext=${curcontext%:*:*}:\(root.name)-$command:
                  case $command in
            \(root.subcommands.map(arm).joined(separator: "\n"))
                  esac
                  ;;
              esac
              return ret
            }
            """
    }
}
