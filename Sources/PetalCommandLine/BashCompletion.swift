/// A program's completion for bash: one function that reads the line as
/// the parser would (the command, its operands, the options' values) and
/// offers what the declaration says for the word under the cursor.
struct BashCompletion {
    let program: CompletedProgram
    var root: CommandDeclaration { program.root }
    var function: String { "_" + program.functionName }

    init(_ program: CompletedProgram) { self.program = program }

    var script: String {
        [header, words, unquote, optionNames, ask, values, arguments, main].joined(separator: "\n\n") + "\n\n"
            + "complete -F \(function) \(root.name)\n"
    }

    private var header: String {
        """
        # bash completion for \(root.name), made by `\(root.name) --completions bash` from the
        # declaration of its command line: regenerate it rather than edit it.
        """
    }

    private var words: String {
        """
        # \(function)_words: sets \(function)_line (the words before the cursor) and
        # \(function)_cur (the word being completed), split at blanks only. bash splits
        # COMP_WORDS at COMP_WORDBREAKS too, ":" and "=" among them, which would
        # tear a value such as unix:path=/run/user/1000/bus apart.
        \(function)_words() {
            if [[ -n ${COMP_LINE+set} && -n ${COMP_POINT+set} ]]; then
                local line=${COMP_LINE:0:COMP_POINT}
                read -ra \(function)_line <<<"$line"
                if [[ -z $line || $line == *[[:blank:]] ]]; then
                    \(function)_cur=""
                else
                    \(function)_cur=${\(function)_line[${#\(function)_line[@]} - 1]}
                    unset '\(function)_line[${#\(function)_line[@]}-1]'
                fi
            else
                \(function)_line=("${COMP_WORDS[@]:0:COMP_CWORD}")
                \(function)_cur=${COMP_WORDS[COMP_CWORD]}
            fi
        }
        """
    }

    private var unquote: String {
        """
        # \(function)_unquote WORD: WORD without the quotes around it, as in --bus 'unix:path=…'.
        \(function)_unquote() {
            local word=$1
            case $word in
            \\'*\\' | \\"*\\") word=${word:1:${#word}-2} ;;
            esac
            printf '%s' "$word"
        }
        """
    }

    private var optionNames: String {
        let arms = program.valueOptions.map { option in
            "    \(option.spellings.joined(separator: " | "))) echo \(option.name) ;;"
        }
        return """
            # \(function)_option WORD: the name of the option WORD spells, when it takes a value.
            \(function)_option() {
                case $1 in
            \(arms.joined(separator: "\n"))
                esac
            }
            """
    }

    private var ask: String {
        """
        # \(function)_ask OPTION... -- ARGUMENT...: what the \(root.name) of the line prints
        # for the ARGUMENTs, given the line's values of the OPTIONs, quietly.
        \(function)_ask() {
            local -a passed=()
            while (($#)) && [[ $1 != -- ]]; do
                [[ -n ${\(function)_given[$1]+set} ]] && passed+=("$1" "${\(function)_given[$1]}")
                shift
            done
            shift
            local program=${\(function)_line[0]:-\(root.name)}
            [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
            timeout 3 "$program" "${passed[@]}" "$@" 2>/dev/null
        }
        """
    }

    /// What `completion` offers, as bash lines that fill `replies` or set `files`.
    private func offer(_ completion: CompletionKind) -> String? {
        switch completion {
        case .none: nil
        case .words(let words): "replies=(\(words.map(CompletedProgram.quoted).joined(separator: " ")))"
        case .file: "files=yes"
        case .program(let arguments, let passing):
            "mapfile -t replies < <(\(function)_ask \(CompletedProgram.askArguments(arguments, passing: passing)))"
        }
    }

    private var values: String {
        var arms: [String] = []
        for option in program.valueOptions {
            guard let offer = offer(option.completion) else { continue }
            let global = root.options.contains { $0.name == option.name }
            let takers = root.subcommands.filter { $0.takes(option.name) }.flatMap { [$0.name] + $0.aliases }
            let names = takers.map(CompletedProgram.quoted).joined(separator: " | ")
            arms.append("    \(option.name)) " + (global ? offer : "case $1 in \(names)) \(offer) ;; esac") + " ;;")
        }
        return """
            # \(function)_value COMMAND OPTION: what the value of OPTION may be, after COMMAND.
            \(function)_value() {
                case $2 in
            \(arms.joined(separator: "\n"))
                esac
            }
            """
    }

    /// The options a subcommand offers: its own, the long spellings first.
    private func ownOptions(_ command: CommandDeclaration) -> String {
        command.options.filter(\.isCompleted).flatMap(CompletedProgram.offered).joined(separator: " ")
    }

    private var arguments: String {
        var arms: [String] = []
        for command in root.subcommands {
            let names = ([command.name] + command.aliases).map(CompletedProgram.quoted).joined(separator: " | ")
            let options = ownOptions(command)
            guard !command.operands.isEmpty else {
                if !options.isEmpty { arms.append("    \(names)) replies=(\(options)) ;;") }
                continue
            }
            var branches = ["if [[ $dash == yes ]]; then", "    \(options.isEmpty ? ":" : "replies=(\(options))")"]
            for (index, operand) in command.operands.enumerated() {
                guard let offer = offer(operand.completion) else { continue }
                branches += ["elif (($2 \(operand.isRepeating ? ">=" : "==") \(index))); then", "    \(offer)"]
            }
            arms.append(
                "    \(names))\n" + (branches + ["fi"]).map { "        " + $0 }.joined(separator: "\n") + "\n        ;;"
            )
        }
        return """
            # \(function)_arguments COMMAND OPERANDS: what may follow COMMAND and its OPERANDS
            # operands: its options after a dash, or what its next operand may be (and
            # the options of a command that takes no operand).
            \(function)_arguments() {
                case $1 in
            \(arms.joined(separator: "\n"))
                esac
            }
            """
    }

    private var main: String {
        let globals = program.globals.flatMap(CompletedProgram.offered).joined(separator: " ")
        let commands = root.subcommands.map(\.name).joined(separator: " ")
        return """
            \(function)() {
                local \(function)_line \(function)_cur
                \(function)_words
                local cur=$\(function)_cur
                # The values of the options on the line, the command and its operands.
                local -A \(function)_given=()
                local -a operands=() replies=()
                local command="" word option="" pending="" ended=no files=no dash=no i
                for ((i = 1; i < ${#\(function)_line[@]}; i++)); do
                    word=${\(function)_line[i]}
                    if [[ $ended == yes || $word == - || $word != -* ]]; then
                        if [[ -z $command ]]; then command=$word; else operands+=("$word"); fi
                    elif [[ $word == -- ]]; then
                        ended=yes
                    elif [[ $word == --*=* ]]; then
                        option=$(\(function)_option "${word%%=*}")
                        [[ -n $option ]] && \(function)_given[$option]=$(\(function)_unquote "${word#*=}")
                    else
                        option=$(\(function)_option "$word")
                        if [[ -n $option ]] && ((i + 1 < ${#\(function)_line[@]})); then
                            \(function)_given[$option]=$(\(function)_unquote "${\(function)_line[i + 1]}")
                            ((i++))
                        elif [[ -n $option ]]; then
                            pending=$option
                        fi
                    fi
                done
                [[ $ended == no && $cur == -* ]] && dash=yes

                if [[ -n $pending ]]; then
                    \(function)_value "$command" "$pending"
                elif [[ -z $command ]]; then
                    if [[ $dash == yes ]]; then replies=(\(globals)); else replies=(\(commands)); fi
                else
                    \(function)_arguments "$command" "${#operands[@]}"
                    [[ $dash == yes ]] && replies+=(\(globals))
                fi

                COMPREPLY=()
                if [[ $files == yes ]]; then
                    local IFS=$'\\n'
                    COMPREPLY=($(compgen -f -- "$cur"))
                    compopt -o filenames 2>/dev/null
                    return 0
                fi
                local reply
                for reply in "${replies[@]}"; do
                    [[ $reply == "$cur"* ]] && COMPREPLY+=("$reply")
                done
                # A word that ends with "=" goes on with its value, with no space.
                [[ ${COMPREPLY[0]-} == *= ]] && compopt -o nospace 2>/dev/null
                # bash replaces only its own current word, which starts after the last
                # ":" or "=" (COMP_WORDBREAKS): drop what comes before it.
                local own=${COMP_WORDS[COMP_CWORD]-$cur}
                if [[ $own != "$cur" && $cur == *"$own" ]]; then
                    local before=${cur%"$own"}
                    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$before"}; done
                fi
                return 0
            }
            """
    }
}
