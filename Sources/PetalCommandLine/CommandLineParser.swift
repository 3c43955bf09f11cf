extension CommandDeclaration {
    /// Parses `arguments` (the words after the program's name) by this declaration.
    ///
    /// An option is `--name VALUE`, `--name=VALUE` or `-n VALUE` (its value
    /// the next word whatever it is, but never empty; for an option whose
    /// value may be left out, the next word only when it accepts it); `--` ends the options,
    /// and `-` is an operand. A program's options go anywhere on the line,
    /// before its subcommand or after; a subcommand's, after it. An option
    /// given again replaces its value, a flag given again changes nothing.
    /// When help is asked for, nothing else is checked.
    ///
    /// - Throws: ``UsageError`` for the first mistake on the line: an unknown
    ///   option or subcommand (with the closest name, if one is close), a
    ///   missing value, a value its option refuses, an operand too many or
    ///   missing, two of an ``ExclusiveGroup``, a shared option given to a
    ///   subcommand that does not take it.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var parser = CommandLineParser(path: [self])
        return try parser.parse(arguments)
    }
}

/// One pass over a command line.
struct CommandLineParser {
    /// The program and the subcommands given so far.
    var path: [CommandDeclaration]
    /// The options given, in order: the declaration, how it was spelt, its text and value.
    var given: [(option: OptionDeclaration, spelling: String, text: String, value: any Sendable)] = []
    /// The words that are the innermost command's operands.
    var words: [String] = []
    /// The first mistake, thrown once the whole line is read (unless help is asked for).
    var firstError: UsageError?
    var isHelpRequested = false

    var command: CommandDeclaration { path[path.count - 1] }

    mutating func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var rest = arguments[...]
        var optionsEnded = false
        while let word = rest.popFirst() {
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                take(word)
            } else if word == "--" {
                optionsEnded = true
            } else {
                option(word, &rest)
            }
        }
        let commandPath = path.dropFirst().map { $0.name }
        if !isHelpRequested {
            if let firstError { throw firstError }
            try checkOperandsAndGroups()
            try checkSharedOptions()
            try checkRequiredOptions()
        }
        return ParsedCommandLine(
            commandPath: commandPath, isHelpRequested: isHelpRequested,
            givenOptions: given.map { ($0.option.name, $0.value) },
            operandValues: isHelpRequested ? [:] : try operandValues())
    }

    /// A word that is no option: the subcommand, or an operand.
    private mutating func take(_ word: String) {
        guard !command.subcommandEntries.isEmpty, firstError == nil else {
            words.append(word)
            return
        }
        if let subcommand = command.subcommand(named: word) {
            path.append(subcommand)
            return
        }
        let names = command.subcommandEntries.map { $0.name }
        fail(
            "unknown command \"\(word)\"\(NearestName.suggestion(for: word, among: names)); the commands are \(names.joined(separator: ", "))"
        )
    }

    /// `word`, an option, with its value from `word` itself or the next word of `rest`.
    private mutating func option(_ word: String, _ rest: inout ArraySlice<String>) {
        let (spelling, inline) = Self.split(word)
        guard let option = path.lazy.reversed().compactMap({ $0.option(spelt: spelling) }).first else {
            fail(unknownOption(spelling))
            return
        }
        guard option.takesValue else {
            if let inline { return fail("\(spelling) takes no value, but was given \"\(inline)\"") }
            if option.isHelp { isHelpRequested = true }
            given.append((option, spelling, "", true))
            return
        }
        if let absent = option.absentValue, inline == nil {
            // The next word is the value only when it is one: `--lines 20`, but `--lines --prompt`.
            if let next = rest.first, !next.hasPrefix("-"), let value = try? option.convert(next) {
                rest.removeFirst()
                given.append((option, spelling, next, value))
            } else {
                given.append((option, spelling, "", absent))
            }
            return
        }
        guard let text = inline ?? rest.popFirst(), !text.isEmpty else {
            let hint = option.example.map { ", e.g. \($0)" } ?? ": \(option.valueName ?? "")"
            return fail("\(spelling) needs a value\(hint)")
        }
        do {
            given.append((option, spelling, text, try option.convert(text)))
        } catch {
            fail(error)
        }
    }

    private func unknownOption(_ spelling: String) -> UsageError {
        let known = path.flatMap { ($0.options + $0.sharedOptions).flatMap { $0.names } }
        let guess = NearestName.suggestion(for: spelling, among: known)
        guard path.count > 1 else { return UsageError("unknown option \(spelling)\(guess)") }
        let own = command.options.map { $0.name }
        let list = guess.isEmpty && !own.isEmpty ? "; it takes \(Wording.list(own))" : ""
        return UsageError("\(command.name) takes no option \(spelling)\(guess)\(list)")
    }

    /// The operand words against the declaration: none too many, none missing, one of each group.
    private func checkOperandsAndGroups() throws(UsageError) {
        let operands = command.operands
        let repeats = operands.last?.isRepeating == true
        if !repeats, words.count > operands.count {
            let extra = words[operands.count]
            guard let only = operands.first, operands.count == 1 else {
                throw UsageError("\(command.name) takes no argument \"\(extra)\"")
            }
            throw UsageError("\(command.name) takes one \(only.noun), but was given \"\(words[0])\" and \"\(extra)\"")
        }
        let groups = command.exclusions
        for group in groups {
            let present = group.members.filter(isGiven)
            if present.count > 1 {
                throw UsageError(
                    "\(command.name) takes one of \(Wording.list(group.members.map(label))), not \(group.members.count == 2 ? "both" : "two")"
                )
            }
            if present.isEmpty && group.isRequired {
                throw UsageError(
                    "\(command.name) needs \(group.missing ?? Wording.list(group.members.map(label), or: true))")
            }
        }
        for (index, operand) in operands.enumerated()
        where index >= words.count && !operand.isOptional
            && !groups.contains(where: { $0.members.contains(operand.valueName) })
        {
            throw UsageError("\(command.name) needs \(operand.missing ?? "a \(operand.noun)")")
        }
    }

    /// Shared options (see ``CommandDeclaration/options``) given to a subcommand that does not take them.
    private func checkSharedOptions() throws(UsageError) {
        for (parent, child) in zip(path, path.dropFirst()) {
            for given in given where parent.isShared(given.option.name) {
                let name = given.option.name
                guard !child.takes(name) else { continue }
                if let refusal = given.option.refusal { throw UsageError(refusal(child.name, given.text)) }
                let takers = parent.subcommands.filter { $0.takes(name) }.map { $0.name }
                throw UsageError(
                    "\(child.name) takes no \(name); the commands that take it are \(Wording.list(takers))")
            }
        }
    }

    private func checkRequiredOptions() throws(UsageError) {
        for option in command.options
        where option.isRequired && !given.contains(where: { $0.option.name == option.name }) {
            let example = option.example.map { ", e.g. \($0)" } ?? ""
            throw UsageError("\(command.name) needs \(label(option.name))\(example)")
        }
    }

    /// Each operand's values, converted, by value name.
    private func operandValues() throws(UsageError) -> [String: [any Sendable]] {
        var values: [String: [any Sendable]] = [:]
        for (index, word) in words.enumerated() {
            guard
                let operand = command.operands.indices.contains(index) ? command.operands[index] : command.operands.last
            else { break }
            values[operand.valueName, default: []].append(try operand.convert(word))
        }
        return values
    }

    /// Whether a group's member, an option's spelling or an operand's value name, was given.
    private func isGiven(_ member: String) -> Bool {
        if let index = command.operands.firstIndex(where: { $0.valueName == member }) { return words.count > index }
        return given.contains { $0.option.spellings.contains(member) }
    }

    /// A group's member as messages name it: `--from FILE`, `--lines`, `NAME`.
    private func label(_ member: String) -> String {
        guard let option = command.option(spelt: member) else { return member }
        return option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }

    private mutating func fail(_ message: String) {
        fail(UsageError(message))
    }

    private mutating func fail(_ error: UsageError) {
        if firstError == nil { firstError = error }
    }

    /// `--name=value` as ("--name", "value"); anything else as (word, nil).
    static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}
