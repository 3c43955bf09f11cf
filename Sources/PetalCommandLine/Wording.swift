/// How the messages and help put words together.
public enum Wording {
    /// `a`, `a and b`, `a, b and c` (`or` for the last with `or`).
    public static func list(_ words: [String], or: Bool = false) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + words[words.count - 1]
    }
}
