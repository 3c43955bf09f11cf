import Synchronization
import Testing

@testable import PetalCommandLine

/// What the parser makes of a line, and how it says what is wrong.
@Suite struct ParserTests {
    func parse(_ words: String...) throws(UsageError) -> ParsedCommandLine { try Sample.program.parse(words) }

    func error(_ words: String...) -> String? {
        do {
            _ = try Sample.program.parse(words)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func optionsOfTheProgramGoBeforeAndAfterTheSubcommand() throws {
        let before = try parse("--bus", "system", "-v", "paint", "lamp")
        let after = try parse("paint", "lamp", "--verbose", "--bus=system")
        for line in [before, after] {
            #expect(line.commandPath == ["paint"])
            #expect(line[Sample.bus] == "system")
            #expect(line[Sample.verbose])
            #expect(line[Sample.item] == "lamp")
        }
    }

    @Test func valuesAreTypedAsDeclared() throws {
        let line = try parse("paint", "-n", "3", "--colour", "green", "lamp")
        #expect(line[Sample.count] == 3)
        #expect(line[Sample.colour] == .green)
        #expect(try parse("paint", "lamp")[Sample.count] == nil)
        #expect(try parse("paint", "lamp")[Sample.loud] == false)
    }

    @Test func anUnknownOptionIsNamedWithTheClosestOne() {
        #expect(
            error("paint", "lamp", "--colur", "red") == #"paint takes no option --colur (did you mean "--colour"?)"#)
        #expect(error("--verbos") == #"unknown option --verbos (did you mean "--verbose"?)"#)
        #expect(error("--frobnicate") == "unknown option --frobnicate")
        #expect(
            error("paint", "lamp", "--zzzzzzz")
                == "paint takes no option --zzzzzzz; it takes --colour, --count, --loud, --quiet and --target")
        #expect(error("set", "--zzzzzzz") == "set takes no option --zzzzzzz")
    }

    @Test func anUnknownSubcommandIsNamedWithTheClosestOne() {
        #expect(
            error("pant")
                == #"unknown command "pant" (did you mean "paint"?); the commands are paint, set, pick, draw, list"#)
    }

    @Test func aMissingValueIsExplainedByTheExample() {
        #expect(error("paint", "lamp", "-n") == "-n needs a value, e.g. -n 3")
        #expect(error("--bus") == "--bus needs a value, e.g. --bus session")
        #expect(error("--bus=", "list") == "--bus needs a value, e.g. --bus session", "an empty value is none")
        #expect(error("paint", "lamp", "--colour") == "--colour needs a value: red|green|blue")
        #expect(error("list", "--names=yes") == #"--names takes no value, but was given "yes""#)
    }

    @Test func aValueAnOptionRefusesIsItsOwnMessage() {
        #expect(error("paint", "lamp", "--count", "0") == #"--count needs a positive number, not "0""#)
    }

    @Test func aValueOutsideAnEnumListsEveryCase() throws {
        #expect(error("paint", "lamp", "--colour", "pink") == #"unknown colour "pink"; use red, green or blue"#)
        #expect(
            error("paint", "lamp", "--colour", "gren")
                == #"unknown colour "gren" (did you mean "green"?); use red, green or blue"#)
        #expect(error("pick", "teal") == #"unknown colour "teal"; use red, green or blue"#)
        #expect(try parse("pick", "blue")[Sample.style] == .blue)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let line = try parse("set", "--", "--verbose", "-x=1", "a=2")
        #expect(line.values(of: Sample.words) == ["--verbose", "-x=1", "a=2"])
        #expect(!line[Sample.verbose])
        #expect(try parse("paint", "--", "-lamp")[Sample.item] == "-lamp")
        #expect(try parse("paint", "-")[Sample.item] == "-", "a lone dash is an operand")
    }

    @Test func aliasesAreAcceptedAndHelpDoesNotShowThem() throws {
        let line = try parse("p", "lamp", "-color", "red", "-q")
        #expect(line.commandPath == ["paint"], "a subcommand's alias names it")
        #expect(line[Sample.colour] == .red, "a single-dash long alias")
        #expect(line[Sample.quiet])
        #expect(!Sample.program.help(for: ["paint"]).contains("-color"))
        #expect(!Sample.program.help().contains(" p "))
    }

    @Test func anOptionGivenAgainReplacesItsValueAndARepeatableOneKeepsEach() throws {
        let line = try parse("-I", "/a", "--include=/b", "--bus", "one", "--bus", "two", "-v", "-v", "list")
        #expect(line.values(of: Sample.include) == ["/a", "/b"])
        #expect(line[Sample.include] == "/b")
        #expect(line[Sample.bus] == "two", "the last one given counts")
        #expect(line[Sample.verbose])
    }

    @Test func operandsAreCountedAgainstTheDeclaration() {
        #expect(error("paint") == "paint needs an item id, e.g. sample paint lamp")
        #expect(error("paint", "lamp", "chair") == #"paint takes one item id, but was given "lamp" and "chair""#)
        #expect(error("list", "extra") == #"list takes no argument "extra""#)
        #expect(throws: Never.self) { try Sample.program.parse(["set", "a=1", "b=2", "c=3"]) }
    }

    @Test func anExclusiveGroupTakesOne() {
        #expect(error("paint", "lamp", "--loud", "-q") == "paint takes one of --loud and --quiet, not both")
        #expect(throws: Never.self) { try Sample.program.parse(["paint", "lamp", "--loud", "--loud"]) }
    }

    @Test func aRequiredOptionIsNamed() {
        #expect(error("draw") == "draw needs --file FILE, e.g. --file out.svg")
    }

    @Test func aSharedOptionGoesOnlyToTheSubcommandsThatTakeIt() throws {
        #expect(try parse("--target", "x", "paint", "lamp")[Sample.target] == "x")
        #expect(try parse("pick", "--target=y")[Sample.target] == "y")
        #expect(
            error("list", "--target", "x") == "list takes no --target; the commands that take it are paint and pick")
    }

    @Test func helpWinsOverAnyMistake() throws {
        let line = try parse("paint", "--frobnicate", "--help")
        #expect(line.isHelpRequested)
        #expect(line.commandPath == ["paint"])
        #expect(try parse("-h").isHelpRequested)
        #expect(try parse("draw", "-h").commandPath == ["draw"], "a required option is not asked for")
    }

    /// How often the lazy subcommand below was made.
    static let made = Atomic<Int>(0)

    @Test func onlyTheSubcommandTheLineNamesIsMade() throws {
        let program = CommandDeclaration(
            "tool", abstract: "a tool",
            subcommands: [
                Subcommand(Sample.list),
                Subcommand("later") {
                    Self.made.add(1, ordering: .relaxed)
                    return CommandDeclaration("later", abstract: "made when named")
                },
            ])
        #expect(try program.parse(["list", "--names"]).commandPath == ["list"])
        #expect(Self.made.load(ordering: .relaxed) == 0)
        #expect(try program.parse(["later"]).commandPath == ["later"])
        #expect(Self.made.load(ordering: .relaxed) == 1)
    }

    @Test func theFirstMistakeIsTheOneSaid() {
        #expect(error("paint", "--count", "x", "--colour", "pink") == #"--count needs a positive number, not "x""#)
    }
}
