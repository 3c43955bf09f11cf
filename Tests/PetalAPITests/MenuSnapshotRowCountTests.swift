import DBus
import Testing

@testable import PetalAPI

/// `RowCount` as a frontend reads it: a menu of a row table has rows though
/// `Items` is empty; from a petald without the property, `Items` says how many.
@Suite struct MenuSnapshotRowCountTests {
    static func properties(items: [ItemRow], rowCount: UInt32?) -> [String: DBusValue] {
        var properties = MenuAppearanceTests.version1
        properties["Items"] = .array(ItemRow.dbusType, items.map(\.dbusValue))
        properties["RowCount"] = rowCount.map { .uint32($0) }
        return properties
    }

    static let rows = ["a", "b"].map {
        ItemRow(id: $0, title: $0.uppercased(), icon: "", action: "", enabled: true, selected: false)
    }

    @Test func aMenuOfARowTableHasItsRowCountAndNoItems() throws {
        let snapshot = try MenuSnapshot(
            DBusPropertyValues(Self.properties(items: [], rowCount: 100_000), from: "petald"))
        #expect(snapshot.rowCount == 100_000)
        #expect(snapshot.items.isEmpty)
    }

    @Test func withoutRowCountTheItemsAreCounted() throws {
        let snapshot = try MenuSnapshot(
            DBusPropertyValues(Self.properties(items: Self.rows, rowCount: nil), from: "petald"))
        #expect(snapshot.rowCount == 2)
        let served = try MenuSnapshot(
            DBusPropertyValues(Self.properties(items: Self.rows, rowCount: 2), from: "petald"))
        #expect(served.rowCount == 2)
    }
}
