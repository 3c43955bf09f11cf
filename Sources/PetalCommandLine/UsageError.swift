/// A wrong command line; its message says what was wrong and what is expected.
///
/// The one error of every Petal program's command line: the parser's own
/// (an unknown option, a missing value, a value not among an option's) and
/// the programs' checks of what the words mean alike.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public let description: String

    /// A usage error with the given explanation.
    public init(_ description: String) { self.description = description }
}
