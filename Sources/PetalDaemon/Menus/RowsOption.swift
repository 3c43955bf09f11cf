import DBus
import Linux
import PetalAPI
import PetalCore

/// The `rows` option of `CreateMenu`, `ChooseFrom` and `PickFrom`: a row
/// table in a sealed memory file (docs/dbus-api.md, "Row tables"), mapped
/// read-only and checked in place, never copied.
enum RowsOption {
    /// Maps `file` once it is known to be sealed and at most a `list` menu's size.
    ///
    /// - Throws: `LimitExceeded` for a file over the size; `InvalidArgs` for
    ///   one that is not a sealed memory file.
    static func map(_ file: FileDescriptor) throws(DBusError) -> SealedMapping {
        do {
            return try SealedMapping(file, maximumSize: Limits.listMenuBytes, subject: "option \"rows\"")
        } catch {
            if case .tooLarge = error.problem { throw PetalError.make(.limitExceeded, error.description) }
            throw DBusError.invalidArgs(error.description)
        }
    }

    /// The rows of `mapping`.
    ///
    /// - Throws: `LimitExceeded` for more rows than a list holds; `InvalidMenu`
    ///   saying what else is wrong with the table.
    static func read(_ mapping: SealedMapping) throws(DBusError) -> ReceivedRows {
        do {
            return try ReceivedRows(mapping)
        } catch {
            let name: PetalError.Name = error.isOverALimit ? .limitExceeded : .invalidMenu
            throw PetalError.make(name, "rows: \(error.description)")
        }
    }
}
