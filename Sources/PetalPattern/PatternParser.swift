/// A `when` pattern parsed: the part of Swift Regex syntax Petal matches.
indirect enum PatternNode: Equatable, Sendable {
    /// Matches the empty string.
    case empty
    /// One character: equal to it, or, when case-insensitive, equal once both are lowercased.
    case character(Character, caseInsensitive: Bool)
    /// One character of a class (`[a-z]`, `\d`).
    case set(CharacterClass)
    /// `.`: any character, newlines only when `(?s)` says so.
    case any(newlines: Bool)
    /// `^`, `$`, `\A`, `\z`, `\Z`.
    case assertion(PatternAssertion)
    /// Each in turn.
    case sequence([PatternNode])
    /// Any one of them.
    case alternation([PatternNode])
    /// `minimum` to `maximum` times (nil: no limit).
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// A position a pattern can require.
enum PatternAssertion: Equatable, Sendable {
    /// `^`, `\A`: the start of the value.
    case start
    /// `$`, `\z`: the end of the value.
    case end
    /// `\Z`: the end, or before a newline that ends the value.
    case endBeforeFinalNewline
}

/// Reads a pattern already known to be Swift Regex syntax (Swift's parser
/// accepted it) into a ``PatternNode``, refusing what Petal's matcher does
/// not support. It works on characters, as Swift's `Regex` does by default:
/// `é` is one character whether written with one scalar or two.
struct PatternParser {
    let characters: [Character]
    var index = 0
    /// `(?i)`: letters match either case.
    var caseInsensitive = false
    /// `(?s)`: `.` matches newlines too.
    var dotMatchesNewlines = false

    /// The largest count a repetition (`{n,m}`) may give.
    static let maximumCount = 1000

    init(_ pattern: String) {
        characters = Array(pattern)
    }

    /// The whole pattern.
    mutating func parse() throws(ContextPatternError) -> PatternNode {
        let node = try alternation()
        if index < characters.count {
            // Swift's parser refuses an unbalanced ")", so this is only a safeguard.
            throw unsupported("an unbalanced \")\"")
        }
        return node
    }

    // MARK: - Structure

    var next: Character? { index < characters.count ? characters[index] : nil }

    func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    mutating func take(_ expected: Character) -> Bool {
        guard next == expected else { return false }
        index += 1
        return true
    }

    private mutating func alternation() throws(ContextPatternError) -> PatternNode {
        var branches = [try sequence()]
        while take("|") { branches.append(try sequence()) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(ContextPatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let character = next, character != "|", character != ")" {
            guard let atom = try atom() else { continue }
            items.append(try quantified(atom))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    /// One atom, or nil for an option change such as `(?i)`, which matches nothing.
    private mutating func atom() throws(ContextPatternError) -> PatternNode? {
        let character = characters[index]
        index += 1
        switch character {
        case "(": return try group()
        case "[": return .set(try characterClass())
        case ".": return .any(newlines: dotMatchesNewlines)
        case "^": return .assertion(.start)
        case "$": return .assertion(.end)
        case "\\": return try escape()
        case "*", "+", "?":
            throw unsupported("\"\(character)\" with nothing before it to repeat")
        case "{":
            index -= 1
            if try counts() != nil { throw unsupported("a repetition with nothing before it to repeat") }
            throw unsupported(#"a "{" that starts no repetition such as {2} or {1,3}; write \{ for the character {"#)
        default:
            return .character(character, caseInsensitive: caseInsensitive && character.isCased)
        }
    }

    private mutating func quantified(_ atom: PatternNode) throws(ContextPatternError) -> PatternNode {
        let bounds: (minimum: Int, maximum: Int?)
        switch next {
        case "*": (index, bounds) = (index + 1, (0, nil))
        case "+": (index, bounds) = (index + 1, (1, nil))
        case "?": (index, bounds) = (index + 1, (0, 1))
        case "{":
            guard let counts = try counts() else {
                throw unsupported(
                    #"a "{" that starts no repetition such as {2} or {1,3}; write \{ for the character {"#)
            }
            bounds = counts
        default:
            return atom
        }
        if take("+") {
            throw unsupported("possessive quantifiers (such as a*+), which need backtracking; leave out the +")
        }
        _ = take("?")  // Lazy or greedy, a whole match either exists or not.
        // A second quantifier (`a**`) is refused by Swift's parser, and by ``atom()`` if it got this far.
        return .repetition(atom, minimum: bounds.minimum, maximum: bounds.maximum)
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at the current "{", consumed; nil
    /// when none starts there, and nothing consumed.
    ///
    /// - Throws: when a count is over ``maximumCount``.
    private mutating func counts() throws(ContextPatternError) -> (minimum: Int, maximum: Int?)? {
        var cursor = index + 1
        func number() -> Int? {
            var value: Int?
            while cursor < characters.count, let digit = characters[cursor].wholeNumberValue,
                characters[cursor].isASCII
            {
                value = min((value ?? 0) * 10 + digit, Self.maximumCount + 1)
                cursor += 1
            }
            return value
        }
        let lower = number()
        var upper = lower
        if cursor < characters.count, characters[cursor] == "," {
            cursor += 1
            upper = number()
            if lower == nil && upper == nil { return nil }
        } else if lower == nil {
            return nil
        }
        guard cursor < characters.count, characters[cursor] == "}" else { return nil }
        let minimum = lower ?? 0
        guard minimum <= Self.maximumCount, (upper ?? 0) <= Self.maximumCount else {
            throw unsupported("a repetition count over \(Self.maximumCount)")
        }
        index = cursor + 1
        return (minimum, upper.map { max($0, minimum) })
    }

    // MARK: - Groups and options

    private mutating func group() throws(ContextPatternError) -> PatternNode? {
        let saved = (caseInsensitive, dotMatchesNewlines)
        if take("?") {
            switch next {
            case ":":
                index += 1
            case "<" where peek(1) != "=" && peek(1) != "!", "'":
                try skipName(closing: characters[index] == "<" ? ">" : "'")
            case "P" where peek(1) == "<":
                index += 1
                try skipName(closing: ">")
            case "=", "!":
                throw unsupported("lookahead ((?=…) and (?!…)), which needs backtracking")
            case "<":
                throw unsupported("lookbehind ((?<=…) and (?<!…)), which needs backtracking")
            case ">":
                throw unsupported("atomic groups ((?>…)), which need backtracking")
            default:
                guard try options() else {
                    // `(?i)` on its own: the options hold until the end of the group it is in.
                    index += 1
                    return nil
                }
            }
        }
        let inside = try alternation()
        guard take(")") else { throw unsupported("a \"(\" without its \")\"") }
        (caseInsensitive, dotMatchesNewlines) = saved
        return inside
    }

    /// Reads option letters up to `:` (returns true, the group goes on) or
    /// `)` (returns false, at the `)`), setting them.
    private mutating func options() throws(ContextPatternError) -> Bool {
        var on = true
        while let character = next {
            switch character {
            case "i": caseInsensitive = on
            case "s": dotMatchesNewlines = on
            case "-" where on: on = false
            case ":":
                index += 1
                return true
            case ")":
                return false
            default:
                throw unsupported(
                    "the option \"\(character)\"; the options supported are i (either case) and s (. matches newlines), as in (?i) or (?i:…)"
                )
            }
            index += 1
        }
        throw unsupported("a \"(?\" without its \")\"")
    }

    private mutating func skipName(closing: Character) throws(ContextPatternError) {
        index += 1
        while let character = next, character != closing { index += 1 }
        guard take(closing) else { throw unsupported("a group name without its closing \"\(closing)\"") }
    }

    func unsupported(_ what: String) -> ContextPatternError {
        ContextPatternError("Petal's matcher does not support \(what)")
    }
}
