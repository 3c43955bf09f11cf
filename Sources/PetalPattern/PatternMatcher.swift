/// One match of a ``PatternProgram`` against a value: every thread steps
/// through the program together, one character at a time.
///
/// Characters that are one ASCII scalar, most of any title, are compared
/// by their code; any other by Swift's `Character` rules (canonical
/// equivalence: the Kelvin sign is "K").
struct PatternMatcher {
    /// The code of a character or lowercased text that is one ASCII scalar; nil otherwise.
    static func asciiCode(of scalars: some Sequence<Unicode.Scalar>) -> UInt8? {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next(), first.isASCII, iterator.next() == nil else { return nil }
        return UInt8(first.value)
    }

    /// Marks every code that is not one ASCII scalar.
    private static let notASCII: UInt8 = 0xFF

    private let program: PatternProgram
    private let characters: [Character]
    /// Each character's ASCII code, or ``notASCII``.
    private let codes: [UInt8]
    /// The lowercase form of each character that is not ASCII, when the program needs it.
    private let lowered: [String]
    /// Threads stepped and instructions followed so far.
    private(set) var steps = 0

    init(_ program: PatternProgram, _ value: String) {
        self.program = program
        characters = Array(value)
        codes = characters.map { Self.asciiCode(of: $0.unicodeScalars) ?? Self.notASCII }
        lowered =
            program.lowercases
            ? zip(characters, codes).map { $1 == Self.notASCII ? $0.lowercased() : "" } : []
    }

    /// Whether the program matches the whole value.
    mutating func run() -> Bool {
        let size = program.instructions.count
        var current = ThreadList(size: size)
        var next = ThreadList(size: size)
        var pending: [Int] = []
        // Counted in a local: passing the property inout would copy the whole matcher at each call.
        var steps = 0
        defer { self.steps = steps }
        follow(0, at: 0, into: &current, pending: &pending, steps: &steps)
        for position in 0...characters.count {
            guard !current.isEmpty else { return false }
            next.clear()
            for pc in current.threads {
                steps += 1
                let instruction = program.instructions[pc]
                guard position < characters.count else {
                    if instruction.kind == .match { return true }
                    continue
                }
                if reads(instruction, at: position) {
                    follow(pc + 1, at: position + 1, into: &next, pending: &pending, steps: &steps)
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Whether `instruction` takes the character at `position`.
    private func reads(_ instruction: PatternProgram.Instruction, at position: Int) -> Bool {
        let code = codes[position]
        let operand = Int(instruction.first)
        switch instruction.kind {
        case .ascii:
            return code == Self.notASCII
                ? characters[position] == Character(Unicode.Scalar(UInt8(operand))) : Int(code) == operand
        case .character:
            return characters[position] == program.characters[operand]
        case .lowered:
            guard code != Self.notASCII else { return lowered[position] == program.texts[operand] }
            let folded = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(code) ? code + 32 : code
            return Int(folded) == Int(instruction.second)
        case .set:
            guard code != Self.notASCII else {
                return program.classes[operand].contains(characters[position]) { lowered[position] }
            }
            return program.asciiMembers[operand * 2 + Int(code) / 64] & (1 << (UInt64(code) % 64)) != 0
        case .any:
            guard operand == 0 else { return true }
            return code == Self.notASCII ? !characters[position].isNewline : !(10...13).contains(code)
        case .assertion, .split, .jump, .match:
            return false
        }
    }

    /// Adds the thread at `pc` to `list`, at `position`, following jumps,
    /// splits and assertions to the instructions that read a character (or
    /// match): those are the threads a list keeps.
    private func follow(
        _ pc: Int, at position: Int, into list: inout ThreadList, pending: inout [Int], steps: inout Int
    ) {
        pending.append(pc)
        while let pc = pending.popLast() {
            guard list.insert(pc) else { continue }
            steps += 1
            let instruction = program.instructions[pc]
            switch instruction.kind {
            case .jump:
                pending.append(Int(instruction.first))
            case .split:
                pending.append(Int(instruction.second))
                pending.append(Int(instruction.first))
            case .assertion:
                if holds(instruction.first, at: position) { pending.append(pc + 1) }
            default:
                list.keep(pc)
            }
        }
    }

    /// Whether the assertion of operand `kind` holds at `position`.
    private func holds(_ kind: Int32, at position: Int) -> Bool {
        switch kind {
        case 0: position == 0
        case 1: position == characters.count
        default:
            position == characters.count
                || (position == characters.count - 1 && characters[position].isNewline)
        }
    }
}

/// The threads at one position: each instruction once, in the order added.
private struct ThreadList {
    /// The instructions that read a character or match, in the order added.
    private(set) var threads: [Int] = []
    /// `seen[pc] == generation` when `pc` was reached at this position.
    private var seen: [Int]
    private var generation = 1

    init(size: Int) {
        seen = Array(repeating: 0, count: size)
        threads.reserveCapacity(size)
    }

    var isEmpty: Bool { threads.isEmpty }

    /// Marks `pc` as reached; false when it already was.
    mutating func insert(_ pc: Int) -> Bool {
        guard seen[pc] != generation else { return false }
        seen[pc] = generation
        return true
    }

    mutating func keep(_ pc: Int) { threads.append(pc) }

    mutating func clear() {
        threads.removeAll(keepingCapacity: true)
        generation += 1
    }
}
