import Spelling

/// "Did you mean …?" for a mistyped option, subcommand or value: the
/// nearest known word by ``Spelling``'s rule, leading dashes aside.
enum NearestName {
    /// The word of `known` closest to `word`, ignoring case and leading
    /// dashes; nil for an exact match or none close.
    static func closest(to word: String, among known: [String]) -> String? {
        let bare = { (text: String) in String(text.drop { $0 == "-" }) }
        let typed = bare(word)
        guard !typed.isEmpty else { return nil }
        let candidates = known.filter { $0 != word }
        // `-menu` for `--menu`: the same word, but for its dashes.
        if let same = candidates.first(where: { bare($0).lowercased() == typed.lowercased() }) { return same }
        guard let nearest = Spelling.closest(to: typed, among: candidates.map(bare)) else { return nil }
        return candidates.first { bare($0) == nearest }
    }

    /// ` (did you mean "GUESS"?)` when a known word is close to `word`, else "".
    static func suggestion(for word: String, among known: [String]) -> String {
        closest(to: word, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
