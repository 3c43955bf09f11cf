import Testing

@testable import PetalCommandLine

/// Help made from the declaration: usage, the list of commands, option tables.
@Suite struct HelpTests {
    @Test func theUsageNamesOperandsThenOptionsAndWrapsWithin80Columns() {
        let help = Sample.program.help(for: ["paint"])
        #expect(
            help.hasPrefix(
                """
                Usage: sample paint ID [--colour red|green|blue] [-n|--count N] [--loud|--quiet]
                                    [--target NAME]

                paint an item

                """))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func optionalRepeatingAndEnumOperandsAreBracketedAndListed() {
        #expect(Sample.program.help(for: ["set"]).hasPrefix("Usage: sample set [KEY=VALUE ...]\n"))
        #expect(Sample.program.help(for: ["pick"]).hasPrefix("Usage: sample pick [red|green|blue] [--target NAME]\n"))
        #expect(Sample.program.help(for: ["draw"]).hasPrefix("Usage: sample draw --file FILE\n"), "a required option")
    }

    @Test func theProgramListsItsCommandsWithoutTheSharedOptions() {
        let help = Sample.program.help()
        #expect(
            help.contains(
                "\n  paint ID [--colour red|green|blue] [-n|--count N] [--loud|--quiet]\n                        paint an item\n"
            ), "a long usage puts the abstract on a line of its own")
        #expect(help.contains("\n  list [--names]        list the names\n"))
        #expect(help.contains("\n  pick [red|green|blue] pick a colour\n"), "--target is the program's to list")
        #expect(
            help.hasPrefix("Usage: sample [--bus BUS] [-v|--verbose] [-I|--include DIR]\n"),
            "shared options are the subcommands'")
        #expect(help.contains("\n  -I, --include DIR     look in DIR too (repeatable)\n"))
        #expect(help.contains("\n  --target NAME         what to act on\n"))
        #expect(!help.contains("-color"), "an alias is not shown")
    }

    @Test func aLongLabelPutsItsAbstractOnTheNextLine() {
        #expect(
            HelpFormatter.row("--bus session|system|ADDRESS", "the bus", column: 30)
                == "  --bus session|system|ADDRESS\n                              the bus")
        #expect(HelpFormatter.row("-j, --json", "print JSON", column: 16) == "  -j, --json    print JSON")
    }

    @Test func abstractsWrapAtTheirColumn() {
        let row = HelpFormatter.row(
            "--menu NAME", "the menu a command acts on (default: the open one, or main; see above)", column: 30)
        #expect(
            row == """
                  --menu NAME                 the menu a command acts on (default: the open one,
                                              or main; see above)
                """)
    }

    @Test func theUsageCanBeWrittenByHand() {
        let command = CommandDeclaration(
            "tool", abstract: "a tool", usage: ["--a", "--b FILE"], help: [.text("First.\n\nSecond.")],
            options: [Flag("--a", abstract: "a"), Option<String>("--b", valueName: "FILE", abstract: "b")])
        #expect(command.help() == "Usage: tool --a\n       tool --b FILE\n\nFirst.\n\nSecond.\n")
    }
}
