extension CommandDeclaration {
    /// The help of the command at `path` (subcommands' names; empty for the
    /// program): its usage, then its ``help`` blocks, each line within 80
    /// columns where the words allow, ending with a newline.
    public func help(for path: [String] = []) -> String {
        guard let command = command(at: path) else { return help() }
        let prefix = ([name] + path).joined(separator: " ")
        let usage =
            command.usage.isEmpty
            ? [HelpFormatter.wrap(parts: command.synopsisParts(sharedFrom: nil), after: "Usage: \(prefix)")]
            : command.usage.enumerated().map { index, line in
                (index == 0 ? "Usage: " : "       ") + prefix + (line.isEmpty ? "" : " " + line)
            }
        let blocks = command.help.map { HelpFormatter.block($0, of: command) }
        return ([usage.joined(separator: "\n")] + blocks).joined(separator: "\n\n") + "\n"
    }

    /// How help writes the command's operands and options after its path:
    /// `ID [--menu NAME]`, `[--signals|--waybar]`. `sharedFrom`'s shared
    /// options are left out (the program's list of commands leaves out `--menu`).
    func synopsis(sharedFrom parent: CommandDeclaration?) -> String {
        synopsisParts(sharedFrom: parent).joined(separator: " ")
    }

    /// The synopsis's parts, each an operand, an option or a group, which a line never breaks.
    func synopsisParts(sharedFrom parent: CommandDeclaration?) -> [String] {
        var parts: [String] = []
        var grouped = Set<String>()
        func add(_ member: String, _ text: String) {
            guard !grouped.contains(member) else { return }
            guard let group = exclusions.first(where: { $0.members.contains(member) }) else {
                parts.append(text)
                return
            }
            grouped.formUnion(group.members)
            let members = group.members.map { member in
                operands.first { $0.valueName == member }?.synopsis ?? option(spelt: member).map(Self.spelling)
                    ?? member
            }
            let joined = members.joined(separator: members.contains { $0.contains(" ") } ? " | " : "|")
            parts.append(group.isRequired ? joined : "[\(joined)]")
        }
        for operand in operands {
            add(operand.valueName, operand.isOptional ? "[\(operand.synopsis)]" : operand.synopsis)
        }
        for option in options where !option.isHelp && parent?.isShared(option.name) != true {
            let text = Self.spelling(option)
            add(option.names[0], option.isRequired ? text : "[\(text)]")
        }
        return parts
    }

    /// `-t|--timeout S`: the spellings help shows, short ones first, and the value.
    static func spelling(_ option: OptionDeclaration) -> String {
        shortFirst(option.names).joined(separator: "|") + (option.valueName.map { " \($0)" } ?? "")
    }

    /// `names` with the short ones (`-j`) before the long ones (`--json`).
    static func shortFirst(_ names: [String]) -> [String] {
        names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
    }
}

/// Lays out help: tables of names and abstracts, words wrapped under 80 columns.
enum HelpFormatter {
    /// Lines are kept to this many columns where the words allow.
    static let width = 80

    /// One block of `command`'s help.
    static func block(_ block: HelpBlock, of command: CommandDeclaration) -> String {
        switch block {
        case .madeText(let make):
            return HelpFormatter.block(.text(make()), of: command)
        case .text(let text):
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                guard line.count > width else { return String(line) }
                let indent = String(line.prefix { $0 == " " })
                return wrap(String(line.dropFirst(indent.count)), indent: indent)
            }.joined(separator: "\n")
        case .commands(let heading, let column):
            let rows = command.subcommands.map { subcommand in
                let label = wrap(parts: subcommand.synopsisParts(sharedFrom: command), after: "  " + subcommand.name)
                return row(String(label.dropFirst(2)), subcommand.abstract, column: column)
            }
            return ((heading.map { [$0] } ?? []) + rows).joined(separator: "\n")
        case .options(let names, let heading, let column):
            let options =
                names.map { names in names.compactMap { command.option(spelt: $0) } }
                ?? command.options + command.sharedOptions
            let rows = options.map { option in
                let names = CommandDeclaration.shortFirst(option.names).joined(separator: ", ")
                return row(names + (option.valueName.map { " \($0)" } ?? ""), option.abstract, column: column)
            }
            return ((heading.map { [$0] } ?? []) + rows).joined(separator: "\n")
        }
    }

    /// `  LABEL   ABSTRACT`, the abstract from `column` and wrapped there; on
    /// the next line when the label reaches it.
    static func row(_ label: String, _ abstract: String, column: Int) -> String {
        let indent = String(repeating: " ", count: column)
        let head = "  " + label
        let body = wrap(abstract, indent: indent)
        guard head.count + 1 <= column, !head.contains("\n") else { return head + "\n" + body }
        return head + String(repeating: " ", count: column - head.count) + body.dropFirst(column)
    }

    /// `parts` after `first` and a space each, in lines of at most ``width``
    /// columns, every further line indented as far as `first` and its space.
    static func wrap(parts: [String], after first: String) -> String {
        let indent = String(repeating: " ", count: first.count + 1)
        var lines: [String] = []
        var line = first
        for part in parts {
            if line.count > indent.count && line.count + 1 + part.count > width {
                lines.append(line)
                line = String(indent.dropLast())
            }
            line += " " + part
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// `text`'s words in lines of at most ``width`` columns, each line after `indent`;
    /// its own line breaks are kept.
    static func wrap(_ text: String, indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count > indent.count && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
