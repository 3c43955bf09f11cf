import DBus
import Linux
import PetalAPI
import PetalCore

/// A row table received as a sealed memory file (the `rows` option of
/// `CreateMenu`, `ChooseFrom` and `PickFrom`), mapped and checked: its rows
/// are read in place for as long as the menu lives, and the same file is
/// what `GetRows` hands to frontends.
struct ReceivedRows {
    /// The rows.
    let table: RowTable
    /// The file they are mapped from.
    let file: FileDescriptor

    /// Reads the rows of `mapping`; its bytes stay mapped while the table lives.
    init(_ mapping: SealedMapping) throws(RowTableError) {
        let bytes = RowBytes(base: mapping.bytes.baseAddress!, count: mapping.bytes.count) {
            withExtendedLifetime(mapping) {}
        }
        table = try RowTable(bytes)
        file = mapping.descriptor
    }
}

/// What a menu serves of its items: `Items`, `ItemDetails`, `RowCount` and `GetRows`.
extension ServedMenu {
    /// The `Items` rows; a submenu item's action column is "".
    var itemRows: [ItemRow] { items.map(Self.row) }

    static func row(of item: MenuItem) -> ItemRow {
        ItemRow(
            id: item.id, title: item.title, icon: item.currentIcon, action: item.kind == .action ? item.action : "",
            enabled: item.enabled, selected: item.selected)
    }

    /// `ItemDetails`: each item's fields that its row of `Items` does not
    /// say (``PetalBus/Item/fields``), for the items that have any.
    var itemDetails: DBusDictionary<String, DBusVariantDictionary> {
        if let itemDetailsServed { return itemDetailsServed }
        var entries: [(key: String, value: DBusVariantDictionary)] = []
        // Most items (a picker's rows) have nothing beyond their row: they are skipped unread.
        for item in items where Self.hasFieldsBeyondItsRow(item) {
            let implied = ItemDetails(row: Self.row(of: item))
            let fields = PetalBus.Item.fields.compactMap { field in
                field.value(of: item, beyond: implied).map { (field.property.name.rawValue, $0) }
            }
            if !fields.isEmpty { entries.append((item.id, DBusVariantDictionary(fields))) }
        }
        let built = DBusDictionary(entries)
        itemDetailsServed = built
        return built
    }

    /// Whether `item` has a field its row of `Items` does not say: the row
    /// carries the id, title, current icon, action, enabled and selected, and
    /// implies the kind (a choice without an action, else an action).
    static func hasFieldsBeyondItsRow(_ item: MenuItem) -> Bool {
        item.submenu != nil || item.toggle || item.key != nil || !item.color.isEmpty || !item.selectedIcon.isEmpty
            || !item.meta.isEmpty
    }

    /// `GetRows`: the menu's rows as a row table in a sealed memory file:
    /// the one they came in, or one made from its items the first time it
    /// is asked for, kept until they change.
    func rowsFile() throws(DBusError) -> FileDescriptor {
        if let file = received?.file ?? rowsFileServed { return file }
        var builder = RowTableBuilder()
        for item in items {
            builder.append(
                id: item.id, title: item.title, icon: item.currentIcon, meta: item.meta, selectable: item.enabled)
        }
        do {
            let file = try builder.encoded().withUnsafeBytes { bytes throws(SystemCallError) in
                try SealedMemory.make(name: "petal-rows", bytes: bytes)
            }
            rowsFileServed = file
            return file
        } catch {
            throw DBusError.failed("the rows of menu \(name) could not be put in a memory file: \(error)")
        }
    }
}

extension ServedMenu {
    /// Where its ids are listed, for an error: its items', or how a row table's rows are known.
    var idsListed: String {
        guard let rows else { return "its Items property lists the ids: \(items.map(\.id).joined(separator: ", "))" }
        return
            "its \(rows.count) rows are known by their own ids or, without one, by their index from 0 (GetRows reads them)"
    }
}
