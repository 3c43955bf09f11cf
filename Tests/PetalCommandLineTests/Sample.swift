import PetalCommandLine

/// A small program declared as Petal's are: options of its own and shared,
/// subcommands with operands, an enum, aliases and an exclusive group.
enum Sample {
    enum Colour: String, CaseIterable, Sendable {
        case red, green, blue
    }

    static let verbose = Flag("-v", "--verbose", abstract: "say more")
    static let help = Flag.help("print help")
    static let bus = Option<String>(
        "--bus", valueName: "BUS", abstract: "the bus to use", example: "--bus session",
        completion: .words(["session", "system"]))
    static let target = Option<String>(
        "--target", valueName: "NAME", abstract: "what to act on", example: "--target apps",
        completion: .program(arguments: ["list", "--names"], passing: ["--bus"]))
    static let colour = Option<Colour>("--colour", aliases: ["-color"], abstract: "the colour to paint")
    static let include = Option<String>(
        "-I", "--include", valueName: "DIR", abstract: "look in DIR too (repeatable)", example: "--include /tmp",
        completion: .file(extensions: []),
        repeatable: true)
    static let count = Option<Int>("-n", "--count", valueName: "N", abstract: "how many", example: "-n 3") {
        text throws(UsageError) in
        guard let number = Int(text), number > 0 else {
            throw UsageError("--count needs a positive number, not \"\(text)\"")
        }
        return number
    }
    static let loud = Flag("--loud", abstract: "shout")
    static let quiet = Flag("--quiet", aliases: ["-q"], abstract: "whisper")
    static let file = Option<String>(
        "--file", valueName: "FILE", abstract: "the file to write", example: "--file out.svg",
        completion: .file(extensions: ["svg"]),
        required: true)

    static let item = Operand<String>("ID", noun: "item id", missing: "an item id, e.g. sample paint lamp")
    static let words = Operand<String>(
        "KEY=VALUE", noun: "setting", completion: .words(["a=", "b="]), optional: true, repeating: true)
    static let style = Operand<Colour>(noun: "colour", optional: true)

    static let paint = CommandDeclaration(
        "paint", aliases: ["p"], abstract: "paint an item", operands: [item],
        options: [colour, count, loud, quiet, target], exclusions: [ExclusiveGroup("--loud", "--quiet")])
    static let set = CommandDeclaration("set", abstract: "set things", operands: [words])
    static let pick = CommandDeclaration("pick", abstract: "pick a colour", operands: [style], options: [target])
    static let draw = CommandDeclaration("draw", abstract: "draw it", options: [file])
    static let list = CommandDeclaration(
        "list", abstract: "list the names", options: [Flag("--names", abstract: "names only")])

    static let program = CommandDeclaration(
        "sample", abstract: "A sample program.",
        help: [
            .text("A sample program."), .commands(heading: nil, column: 24),
            .options(nil, heading: "Options:", column: 24),
        ],
        options: [bus, verbose, include, help], sharedOptions: [target],
        subcommands: [paint, set, pick, draw, list].map(Subcommand.init))
}
