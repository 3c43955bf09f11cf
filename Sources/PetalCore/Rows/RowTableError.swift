/// Why bytes are not a ``RowTable``: what is wrong, where, and what would be right.
public struct RowTableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, e.g. `row 12's title is 5000 bytes; at most 4096`.
    public let description: String

    init(_ description: String) { self.description = description }
}
