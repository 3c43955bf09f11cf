/// `\d`, `\w` and `\s`, as Swift's `Regex` defines them for characters.
enum BuiltinClass: Equatable, Sendable {
    /// `\d`: a character that is a number (`Character.isNumber`).
    case digit
    /// `\w`: a letter, a number or "_".
    case word
    /// `\s`: whitespace, newlines included.
    case whitespace

    /// The class an escape letter names, and whether it is the inverse
    /// (`\D`, `\W`, `\S`); nil for any other letter.
    static func escaped(_ escape: Character) -> (BuiltinClass, inverted: Bool)? {
        switch escape {
        case "d": (.digit, false)
        case "D": (.digit, true)
        case "w": (.word, false)
        case "W": (.word, true)
        case "s": (.whitespace, false)
        case "S": (.whitespace, true)
        default: nil
        }
    }

    func contains(_ character: Character) -> Bool {
        switch self {
        case .digit: character.isNumber
        case .word: character.isLetter || character.isNumber || character == "_"
        case .whitespace: character.isWhitespace
        }
    }
}

/// A bracketed class (`[a-z_]`, `[^\s]`) or one escape (`\d`): which
/// characters one position may hold.
struct CharacterClass: Equatable, Sendable {
    /// One thing a class holds.
    enum Member: Equatable, Sendable {
        case character(Character)
        /// The characters from the first to the second, as Swift orders characters.
        case range(Character, Character)
        case builtin(BuiltinClass, inverted: Bool)
        /// A character of a case-insensitive class, lowercased.
        case lowered(String)
        /// A range of a case-insensitive class, its ends lowercased: it holds
        /// the characters whose lowercase form is between them.
        case loweredRange(String, String)
    }

    /// `[^…]`: every character the members do not hold.
    var inverted: Bool
    /// `(?i)` was in force: letters of either case match.
    var caseInsensitive: Bool
    private(set) var members: [Member] = []

    /// An empty class.
    init(inverted: Bool, caseInsensitive: Bool) {
        self.inverted = inverted
        self.caseInsensitive = caseInsensitive
    }

    /// The class of one escape: `\d`, `\W`, …
    init(builtin: BuiltinClass, inverted: Bool) {
        self.init(inverted: false, caseInsensitive: false)
        members = [.builtin(builtin, inverted: inverted)]
    }

    mutating func add(_ member: Member) {
        switch member {
        case .character(let character) where caseInsensitive:
            members.append(.lowered(character.lowercased()))
        case .range(let low, let high) where caseInsensitive:
            members.append(.loweredRange(low.lowercased(), high.lowercased()))
        default:
            members.append(member)
        }
    }

    /// Whether the class holds `character`; `lowered` gives its lowercase
    /// form, asked only of a case-insensitive class.
    func contains(_ character: Character, lowered: () -> String) -> Bool {
        let held = members.contains { member in
            switch member {
            case .character(let member): member == character
            case .range(let low, let high): low <= character && character <= high
            case .builtin(let builtin, let inverted): builtin.contains(character) != inverted
            case .lowered(let member): member == lowered()
            case .loweredRange(let low, let high): low <= lowered() && lowered() <= high
            }
        }
        return held != inverted
    }
}
