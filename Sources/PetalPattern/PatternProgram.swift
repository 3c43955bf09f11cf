/// A parsed pattern compiled for a Pike VM (``PatternMatcher``): a list of
/// instructions that every thread of a match steps through together, one
/// character of the value at a time (Russ Cox, "Regular Expression
/// Matching: the Virtual Machine Approach").
///
/// At each character the threads are at most one per instruction, so a
/// match costs at most the value's length times the program's size, and a
/// pattern that a backtracking matcher takes years on, such as `(a*)*b`
/// against 4 KiB of `a`, costs what any other of its size does.
///
/// Instructions are plain values, their characters, texts and classes in
/// tables beside them, so that stepping a thread copies no reference.
struct PatternProgram: Sendable {
    /// One instruction: its kind and two operands, whose meaning depends on it.
    struct Instruction: Equatable, Sendable {
        enum Kind: UInt8, Sendable {
            /// The next character is the ASCII character of code `first`.
            case ascii
            /// The next character is `characters[first]`.
            case character
            /// The next character, lowercased, is `texts[first]`; `second`
            /// is that text's code when it is one ASCII character, else -1.
            case lowered
            /// The next character is in `classes[first]`.
            case set
            /// Any next character; not a newline unless `first` is 1.
            case any
            /// The position is the start (`first` 0), the end (1), or the end
            /// or before a final newline (2).
            case assertion
            /// Go on at `first` and at `second`.
            case split
            /// Go on at `first`.
            case jump
            /// A match, when at the value's end.
            case match
        }

        var kind: Kind
        var first: Int32 = 0
        var second: Int32 = 0
    }

    var instructions: [Instruction] = []
    /// The characters of `.character` instructions.
    var characters: [Character] = []
    /// The lowercased texts of `.lowered` instructions.
    var texts: [String] = []
    /// The classes of `.set` instructions.
    var classes: [CharacterClass] = []
    /// For each class, two words: bit `code` is whether it holds that ASCII character.
    var asciiMembers: [UInt64] = []
    /// Whether an instruction compares characters lowercased.
    var lowercases = false

    /// Compiles `tree`.
    ///
    /// - Throws: when it takes more than `maximumInstructions` instructions.
    init(_ tree: PatternNode, maximumInstructions: Int) throws(ContextPatternError) {
        var compiler = PatternCompiler(limit: maximumInstructions)
        guard compiler.emit(tree) else {
            throw ContextPatternError(
                "it is too large for Petal's matcher: with each repetition written out, it would be more than \(maximumInstructions) steps"
            )
        }
        compiler.program.append(Instruction(kind: .match))
        self = compiler.program
    }

    /// An empty program, for the compiler to fill.
    init() {}

    mutating func append(_ instruction: Instruction) {
        instructions.append(instruction)
    }

    /// Adds `set` to the classes; returns its index.
    mutating func add(_ set: CharacterClass) -> Int32 {
        var words: [UInt64] = [0, 0]
        for code in 0..<128 {
            let character = Character(Unicode.Scalar(UInt8(code)))
            if set.contains(character, lowered: { character.lowercased() }) { words[code / 64] |= 1 << (code % 64) }
        }
        classes.append(set)
        asciiMembers += words
        lowercases = lowercases || set.caseInsensitive
        return Int32(classes.count - 1)
    }

    /// Whether the program matches the whole of `value`, and how many thread
    /// steps that took (for the tests of its bound).
    func matches(_ value: String) -> (matched: Bool, steps: Int) {
        var matcher = PatternMatcher(self, value)
        return (matcher.run(), matcher.steps)
    }
}
