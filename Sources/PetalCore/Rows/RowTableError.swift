/// Why bytes are not a ``RowTable``: what is wrong, where, and what would be right.
public struct RowTableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, e.g. `row 12's title is 5000 bytes; at most 4096`.
    public let description: String
    /// Whether the table is well made but larger than a `list` menu may be:
    /// more rows or bytes than ``Limits`` allow.
    public let isOverALimit: Bool

    init(_ description: String, isOverALimit: Bool = false) {
        self.description = description
        self.isOverALimit = isOverALimit
    }
}
