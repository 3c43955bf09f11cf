/// The row table's binary layout (docs/dbus-api.md, "Row tables"): a header,
/// the end of each row's fields, a flag byte per row, and the text.
///
/// ```
/// 0   8   "PETALROW"
/// 8   4   version, 1
/// 12  4   n, the rows
/// 16  4   T, the text's bytes
/// 20  4   0
/// 24  16n for each row, where its id, title, icon and meta end in the text
///         (a field begins where the one before it ends)
/// ..  n   a flag byte per row (bit 0: it cannot be chosen)
/// ..      zeros up to a multiple of 4
/// ..  T   the text, UTF-8
/// ```
/// Integers are little-endian `UInt32`s.
public enum RowTableFormat {
    /// The first eight bytes.
    public static let magic: [UInt8] = Array("PETALROW".utf8)
    /// The only version there is.
    public static let version: UInt32 = 1
    /// The header's size in bytes.
    public static let headerBytes = 24
    /// The fields each row has, in the order they are laid out.
    public static let fieldsPerRow = 4
    /// A row's flag: it is shown but cannot be chosen (rofi's `nonselectable`).
    public static let unselectableFlag: UInt8 = 1
    /// The most bytes a table may have (as a `list` menu's JSON).
    public static let maximumBytes = Limits.listMenuBytes

    /// Where the flag bytes begin for `rows` rows.
    static func flagsOffset(rows: Int) -> Int { headerBytes + 16 * rows }
    /// Where the text begins for `rows` rows.
    static func textOffset(rows: Int) -> Int { flagsOffset(rows: rows) + (rows + 3) / 4 * 4 }
}
