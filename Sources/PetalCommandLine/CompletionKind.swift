/// What a shell offers for an option's value or an operand.
public enum CompletionKind: Sendable, Equatable {
    /// Nothing: the user writes it.
    case none
    /// These words. One that ends with `=` (a context's `app=`) is followed by
    /// its value, so no space is added after it.
    case words([String])
    /// A file's path; `extensions` (without the dot) narrows what zsh offers, empty for any file.
    case file(extensions: [String])
    /// The lines the program itself prints for `arguments` (`menus --names`),
    /// asked with the values the line being completed gives the options
    /// `passing` (`--bus`, so that the right petald is asked). Nothing is
    /// offered when the program fails or takes over 3 seconds.
    case program(arguments: [String], passing: [String])
}
