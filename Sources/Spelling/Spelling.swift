/// "Did you mean …?": the known word a mistyped one most likely stands for,
/// by edit distance, for every message that names what would be right
/// (unknown configuration keys, menus, actions).
public enum Spelling {
    /// Words longer than this are not compared: a guess at them would be noise, and the work grows with length².
    public static let longestCompared = 64

    /// The word of `known` closest to `word`, ignoring case, when it is at
    /// most `maximumDistance` edits away (nil: one edit for words of up to four
    /// characters, two for longer ones). An exact match is no guess: nil.
    /// Among equally close words, the first in `known` wins.
    public static func closest(to word: String, among known: [String], maximumDistance: Int? = nil) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        guard typed.count <= longestCompared else { return nil }
        let limit = maximumDistance ?? (typed.count < 5 ? 1 : 2)
        var best: (word: String, distance: Int)?
        for candidate in known where candidate != word {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            guard scalars.count <= longestCompared, abs(scalars.count - typed.count) <= limit else { continue }
            let distance = editDistance(typed, scalars)
            if distance <= limit && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The optimal string alignment distance between `a` and `b`: insertions,
    /// deletions, substitutions and swaps of neighbours each count one, so
    /// `opne` is one edit from `open`.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// ` (did you mean "GUESS"?)` when a known word is close to `word`, else "".
    public static func suggestion(for word: String, among known: [String], maximumDistance: Int? = nil) -> String {
        closest(to: word, among: known, maximumDistance: maximumDistance).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
