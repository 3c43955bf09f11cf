/// Turns a ``PatternNode`` into a ``PatternProgram``, within a limit on its instructions.
struct PatternCompiler {
    typealias Instruction = PatternProgram.Instruction

    let limit: Int
    var program = PatternProgram()

    init(limit: Int) { self.limit = limit }

    private var count: Int { program.instructions.count }

    private mutating func append(_ kind: Instruction.Kind, _ first: Int = 0, _ second: Int = 0) {
        program.append(Instruction(kind: kind, first: Int32(first), second: Int32(second)))
    }

    private mutating func patch(_ index: Int, first: Int? = nil, second: Int? = nil) {
        if let first { program.instructions[index].first = Int32(first) }
        if let second { program.instructions[index].second = Int32(second) }
    }

    /// Emits `node`; false as soon as the program is over the limit.
    mutating func emit(_ node: PatternNode) -> Bool {
        guard count < limit else { return false }
        switch node {
        case .empty:
            return true
        case .character(let character, caseInsensitive: true):
            let lowered = character.lowercased()
            program.texts.append(lowered)
            program.lowercases = true
            append(
                .lowered, program.texts.count - 1,
                PatternMatcher.asciiCode(of: lowered.unicodeScalars).map(Int.init) ?? -1)
        case .character(let character, caseInsensitive: false):
            if let code = PatternMatcher.asciiCode(of: character.unicodeScalars) {
                append(.ascii, Int(code))
            } else {
                program.characters.append(character)
                append(.character, program.characters.count - 1)
            }
        case .set(let set):
            append(.set, Int(program.add(set)))
        case .any(let newlines):
            append(.any, newlines ? 1 : 0)
        case .assertion(let assertion):
            switch assertion {
            case .start: append(.assertion, 0)
            case .end: append(.assertion, 1)
            case .endBeforeFinalNewline: append(.assertion, 2)
            }
        case .sequence(let items):
            for item in items where !emit(item) { return false }
        case .alternation(let branches):
            return emit(branches)
        case .repetition(let inner, let minimum, let maximum):
            return emit(inner, minimum: minimum, maximum: maximum)
        }
        return count <= limit
    }

    /// `split L1, next; L1: first; jump end; next: split L2, …; last; end:`.
    private mutating func emit(_ branches: [PatternNode]) -> Bool {
        var jumps: [Int] = []
        for (index, branch) in branches.enumerated() {
            if index == branches.count - 1 {
                guard emit(branch) else { return false }
                break
            }
            let split = count
            append(.split, split + 1)
            guard emit(branch) else { return false }
            jumps.append(count)
            append(.jump)
            patch(split, second: count)
        }
        for jump in jumps { patch(jump, first: count) }
        return count <= limit
    }

    /// `minimum` copies, then `maximum - minimum` optional ones (each inside
    /// the one before), or a loop when there is no maximum.
    private mutating func emit(_ inner: PatternNode, minimum: Int, maximum: Int?) -> Bool {
        for _ in 0..<minimum where !emit(inner) { return false }
        guard let maximum else {
            let loop = count
            append(.split, loop + 1)
            guard emit(inner) else { return false }
            append(.jump, loop)
            patch(loop, second: count)
            return count <= limit
        }
        var skips: [Int] = []
        for _ in minimum..<maximum {
            skips.append(count)
            append(.split, count + 1)
            guard emit(inner) else { return false }
        }
        for skip in skips { patch(skip, second: count) }
        return count <= limit
    }
}
