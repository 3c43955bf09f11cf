/// The words of a `Cancelled` answer to `Choose` or `ChooseFrom` whose menu
/// was closed because another menu opened: petald writes them, and petalctl
/// reads the other menu's name back to say what happened.
public enum ChooseCancellation {
    /// `the menu NAME was opened instead, which closed this one before an item was chosen`.
    public static func replaced(by name: String) -> String {
        "the menu \(name) was opened instead, which closed this one before an item was chosen"
    }

    /// The menu a ``replaced(by:)`` message names; nil for any other message.
    public static func replacingMenu(in message: String) -> String? {
        let (head, tail) = ("the menu ", " was opened instead, which closed this one before an item was chosen")
        guard message.hasPrefix(head), message.hasSuffix(tail), message.count > head.count + tail.count else {
            return nil
        }
        return String(message.dropFirst(head.count).dropLast(tail.count))
    }
}
