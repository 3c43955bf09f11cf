/// What kind of character a scalar is, for the fuzzy score's bonuses.
enum PickerCharacterKind: UInt8, Sendable {
    case white, delimiter, nonWord, lower, upper, letter, number

    /// The kind of an ASCII byte.
    init(ascii byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .number
        case UInt8(ascii: " "), 0x09...0x0D: self = .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"):
            self = .delimiter
        default: self = .nonWord
        }
    }

    /// The kind of any scalar, by its Unicode properties.
    init(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            self.init(ascii: UInt8(truncatingIfNeeded: scalar.value))
            return
        }
        let properties = scalar.properties
        if properties.isLowercase {
            self = .lower
        } else if properties.isUppercase {
            self = .upper
        } else if properties.numericType != nil {
            self = .number
        } else if properties.isAlphabetic {
            self = .letter
        } else if properties.isWhitespace {
            self = .white
        } else {
            self = .nonWord
        }
    }

    /// The bonus of a match on each ASCII byte after each other, at
    /// `previous << 7 | byte`: ``FuzzyScore/bonus(after:at:)`` made once.
    static let asciiBonuses: [UInt8] = (0..<(128 * 128)).map { index in
        FuzzyScore.bonus(
            after: PickerCharacterKind(ascii: UInt8(index >> 7)), at: PickerCharacterKind(ascii: UInt8(index & 127)))
    }

    /// Whether the kind is part of a word: a letter or a number.
    var isWord: Bool { rawValue >= PickerCharacterKind.lower.rawValue }
}

/// How well a word matches where it occurs in a row, as fzf scores a fuzzy
/// match (its `--algo=v1`, the linear one): each matched character scores,
/// more at the start of a word (after a space most, after a delimiter
/// `/,:;|` or other punctuation less, at a camelCase hump or a digit after
/// a letter a little less), the first character of the word doubly so, a
/// run of consecutive matches keeps the bonus of its first character, and
/// each gap costs, its first character more than the rest. The occurrence
/// scored is the first in the row, shortened from its end
/// (`fire fox` on `"fox"` scores the `fox`, not `f`…`ox`).
///
/// The numbers are fzf's: a run of matches at word starts is worth a gap of
/// about 8 characters.
enum FuzzyScore {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    static let boundary: UInt8 = 8
    static let boundaryAfterWhite: UInt8 = boundary + 2
    static let boundaryAfterDelimiter: UInt8 = boundary + 1
    static let nonWord: UInt8 = boundary
    static let camelCase: UInt8 = boundary - 1
    /// The least a character in a run of matches gets: what a gap would have cost.
    static let consecutive: UInt8 = 4
    static let firstCharacterMultiplier: Int32 = 2

    /// The bonus of a match on a character of kind `kind` after one of kind `previous`.
    static func bonus(after previous: PickerCharacterKind, at kind: PickerCharacterKind) -> UInt8 {
        if kind.isWord {
            switch previous {
            case .white: return boundaryAfterWhite
            case .delimiter: return boundaryAfterDelimiter
            case .nonWord: return boundary
            default: break
            }
            if previous == .lower && kind == .upper || previous != .number && kind == .number { return camelCase }
            return 0
        }
        return kind == .white ? boundaryAfterWhite : nonWord
    }

    /// The score of `word` in `text[from..<to]`, or nil when its scalars do
    /// not occur there in order. Both are folded (``FoldedText``) and
    /// `bonuses` is the text's; `ascii` says that both are all ASCII, which
    /// scores the same, faster.
    static func score(
        of word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, bonuses: UnsafePointer<UInt8>,
        from: Int, to: Int, ascii: Bool
    ) -> Int32? {
        guard let end = WordSearch.subsequenceEnd(of: word, in: text, from: from, to: to) else { return nil }
        guard ascii else { return scalarsScore(of: word, in: text, bonuses: bonuses, from: from, end: end) }
        return asciiScore(of: word, in: text, bonuses: bonuses, end: end)
    }

    /// The score when `word` and the text are all ASCII, one byte a
    /// character: each place is found by a loop that needs no bound, the
    /// occurrence being known to end at `end`, and a gap costs by its length.
    private static func asciiScore(
        of word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, bonuses: UnsafePointer<UInt8>, end: Int
    ) -> Int32 {
        var start = end
        for index in stride(from: word.count - 1, through: 0, by: -1) {
            start &-= 1
            while text[start] != word[index] { start &-= 1 }
        }
        var score: Int32 = 0
        var runBonus: UInt8 = 0
        var position = start
        var previous = start &- 1
        for index in 0..<word.count {
            while text[position] != word[index] { position &+= 1 }
            var bonus = bonuses[position]
            let gap = position &- previous &- 1
            if index == 0 || gap > 0 {
                if gap > 0 { score &+= gapStart &+ Int32(truncatingIfNeeded: gap &- 1) &* gapExtension }
                runBonus = bonus
            } else {
                // A word start inside a run starts a run of its own.
                if bonus >= boundary && bonus > runBonus { runBonus = bonus }
                bonus = max(bonus, runBonus, consecutive)
            }
            score &+= match &+ Int32(bonus) &* (index == 0 ? firstCharacterMultiplier : 1)
            previous = position
            position &+= 1
        }
        return score
    }

    /// The score scalar by scalar, for text beyond ASCII: the occurrence
    /// ending at `end` shortened from its end, then walked from its start.
    private static func scalarsScore(
        of word: UnsafeBufferPointer<UInt8>, in text: UnsafePointer<UInt8>, bonuses: UnsafePointer<UInt8>,
        from: Int, end: Int
    ) -> Int32 {
        let start = WordSearch.subsequenceStart(of: word, in: text, from: from, end: end)
        var score: Int32 = 0
        var inGap = false
        var runLength = 0
        var runBonus: UInt8 = 0
        var matched = 0
        var position = start
        // Byte by byte: a scalar that is not matched costs a gap at its first
        // byte, and its other bytes (continuation bytes) nothing.
        while position < end {
            let byte = text[position]
            if matched < word.count && byte == word[matched] {
                let length = byte < 0x80 ? 1 : UTF8Length.ofScalar(startingWith: byte)
                if length == 1
                    || position &+ length <= end && WordSearch.scalar(at: matched, of: word, isAt: position, in: text)
                {
                    var bonus = bonuses[position]
                    if runLength == 0 {
                        runBonus = bonus
                    } else {
                        // A word start inside a run starts a run of its own.
                        if bonus >= boundary && bonus > runBonus { runBonus = bonus }
                        bonus = max(bonus, runBonus, consecutive)
                    }
                    score &+= match &+ Int32(bonus) &* (matched == 0 ? firstCharacterMultiplier : 1)
                    inGap = false
                    runLength &+= 1
                    matched &+= length
                    position &+= length
                    continue
                }
            }
            if !UTF8Length.isContinuation(byte) {
                score &+= inGap ? gapExtension : gapStart
                inGap = true
                runLength = 0
                runBonus = 0
            }
            position &+= 1
        }
        return score
    }
}
