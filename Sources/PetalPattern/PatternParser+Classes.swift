/// Escapes (`\d`, `\x41`, `\.`) and bracketed classes (`[a-z_]`) of a `when` pattern.
extension PatternParser {
    // MARK: - Escapes

    mutating func escape() throws(ContextPatternError) -> PatternNode {
        guard let character = next else { throw unsupported("a \"\\\" at the end") }
        index += 1
        if let builtin = BuiltinClass.escaped(character) {
            return .set(CharacterClass(builtin: builtin.0, inverted: builtin.inverted))
        }
        switch character {
        case "A": return .assertion(.start)
        case "z": return .assertion(.end)
        case "Z": return .assertion(.endBeforeFinalNewline)
        default:
            let literal = try escapedCharacter(character)
            return .character(literal, caseInsensitive: caseInsensitive && literal.isCased)
        }
    }

    /// The character an escape other than a class or an anchor stands for:
    /// `\t`, `\x41`, `\u{1F600}`, `\.`, …
    private mutating func escapedCharacter(_ character: Character) throws(ContextPatternError) -> Character {
        switch character {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "a": return "\u{07}"
        case "x", "u":
            if take("{") {
                guard let scalar = hexadecimal(maximumDigits: 8), take("}") else { throw badEscape(character) }
                return Character(scalar)
            }
            guard let scalar = hexadecimal(exactDigits: character == "x" ? 2 : 4) else { throw badEscape(character) }
            return Character(scalar)
        case "0"..."9":
            throw unsupported("backreferences and octal escapes (\\\(character)), which need backtracking")
        case "b", "B":
            throw unsupported("word boundaries (\\b, \\B); match the characters around the word instead")
        case "p", "P":
            throw unsupported("Unicode properties (\\p{…}); use \\w, \\d, \\s or a class such as [a-z]")
        case "k", "g":
            throw unsupported("backreferences (\\\(character)), which need backtracking")
        default:
            guard character.isASCII, !character.isLetter, !character.isNumber else { throw badEscape(character) }
            return character
        }
    }

    private mutating func hexadecimal(exactDigits: Int) -> Unicode.Scalar? {
        var value: UInt32 = 0
        for _ in 0..<exactDigits {
            guard let character = next, character.isASCII, let digit = character.hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return Unicode.Scalar(value)
    }

    private mutating func hexadecimal(maximumDigits: Int) -> Unicode.Scalar? {
        var value: UInt32 = 0
        var digits = 0
        while let character = next, character.isASCII, let digit = character.hexDigitValue {
            guard digits < maximumDigits else { return nil }
            value = value * 16 + UInt32(digit)
            digits += 1
            index += 1
        }
        return digits == 0 ? nil : Unicode.Scalar(value)
    }

    private func badEscape(_ character: Character) -> ContextPatternError {
        unsupported(
            "the escape \\\(character); the escapes supported are \\d \\w \\s (and \\D \\W \\S), \\A \\z \\Z, \\t \\n \\r \\f \\e \\a, \\xHH, \\x{H…}, \\uHHHH, \\u{H…}, and \\ before a punctuation character"
        )
    }

    // MARK: - Character classes

    /// `[…]`, after its "[".
    mutating func characterClass() throws(ContextPatternError) -> CharacterClass {
        var set = CharacterClass(inverted: take("^"), caseInsensitive: caseInsensitive)
        if next == ":" {
            throw unsupported("POSIX classes such as [:alpha:]; use \\w, \\d, \\s or a range such as [a-z]")
        }
        while let character = next, character != "]" {
            if character == "[" {
                throw unsupported("a class within a class (such as [[:alpha:]] or [a[b]]); write its members directly")
            }
            try refuseOperation()
            let member = try classMember()
            guard case .character(let low) = member, next == "-", let after = peek(1), after != "]" else {
                set.add(member)
                continue
            }
            try refuseOperation()
            index += 1
            guard case .character(let high) = try classMember() else {
                throw unsupported("a range whose end is a class, such as [a-\\d]")
            }
            set.add(.range(low, high))
        }
        guard take("]") else { throw unsupported("a \"[\" without its \"]\"") }
        return set
    }

    /// Refuses `--`, `&&` and `~~` at the current position: Swift's
    /// subtraction, intersection and symmetric difference of classes.
    private func refuseOperation() throws(ContextPatternError) {
        guard let character = next, let following = peek(1), following == character, "-&~".contains(character)
        else { return }
        throw unsupported("operations on classes (\(character)\(following)); write the members the class should hold")
    }

    private mutating func classMember() throws(ContextPatternError) -> CharacterClass.Member {
        let character = characters[index]
        index += 1
        guard character == "\\" else { return .character(character) }
        guard let escaped = next else { throw unsupported("a \"\\\" at the end") }
        index += 1
        if let builtin = BuiltinClass.escaped(escaped) { return .builtin(builtin.0, inverted: builtin.inverted) }
        return .character(try escapedCharacter(escaped))
    }
}
