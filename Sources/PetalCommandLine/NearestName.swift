/// "Did you mean …?" for a mistyped option, subcommand or value.
///
/// A copy of PetalCore's `Spelling.closest` (the same rule and distance),
/// kept here because this module depends on nothing of Petal's.
enum NearestName {
    /// Longer words are not compared: a guess at them would be noise.
    static let longestCompared = 64

    /// The word of `known` closest to `word`, ignoring case and leading
    /// dashes, when it is one edit away (words of up to four characters) or
    /// two; nil for an exact match or none close. The first wins a tie.
    static func closest(to word: String, among known: [String]) -> String? {
        let typed = Array(word.drop { $0 == "-" }.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= longestCompared else { return nil }
        let limit = typed.count < 5 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in known where candidate != word {
            let scalars = Array(candidate.drop { $0 == "-" }.lowercased().unicodeScalars)
            guard scalars.count <= longestCompared, abs(scalars.count - typed.count) <= limit else { continue }
            let distance = editDistance(typed, scalars)
            if distance <= limit && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// ` (did you mean "GUESS"?)` when a known word is close to `word`, else "".
    static func suggestion(for word: String, among known: [String]) -> String {
        closest(to: word, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The optimal string alignment distance: insertions, deletions,
    /// substitutions and swaps of neighbours each count one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
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
}
