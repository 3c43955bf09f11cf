import PetalAPI
import PetalCore
import Testing

@testable import DBus

/// `rows` written straight (``DBusWireValue``) and through their ``DBusValue``, after a byte.
private func bothWays<Row: DBusWireValue>(_ rows: [Row]) throws -> (direct: [UInt8], tree: [UInt8]) {
    var direct = WireWriter(capacity: 64)
    direct.write(true)
    try rows.write(to: &direct)
    var tree = WireWriter(capacity: 64)
    tree.write(true)
    try tree.append(rows.dbusValue, depth: 0)
    return (direct.bytes, tree.bytes)
}

@Suite struct RowsWireTests {
    @Test func everyRowWritesWhatItsValueWrites() throws {
        let pairs = [
            try bothWays([
                ItemRow(id: "a", title: "Ä title", icon: "x", action: "bench.noop", enabled: true, selected: false),
                ItemRow(id: "b", title: "", icon: "", action: "", enabled: false, selected: true),
            ]),
            try bothWays([ItemRow]()),
            try bothWays([LayoutPoint(id: "a", x: -1.5, y: 2), LayoutPoint(id: "bb", x: 0, y: 38)]),
            try bothWays([ActionRow(id: "a.b", plugin: "a", title: "B")]),
            try bothWays([PluginRow(name: "n", version: "1", path: "/p", status: .failed, reason: "r")]),
            try bothWays([ProviderActionRow(id: "p.v", title: "V", icon: "i")]),
            try bothWays([MenuRow(name: "main", path: "/org/petal/Petal1", title: "Main")]),
        ]
        for pair in pairs { #expect(pair.direct == pair.tree) }
    }

    @Test func rowsReadBackFromTheirValues() {
        let item = ItemRow(id: "a", title: "t", icon: "i", action: "x.y", enabled: true, selected: true)
        #expect(ItemRow(dbusValue: item.dbusValue) == item)
        let point = LayoutPoint(id: "a", x: 1, y: -2)
        #expect(LayoutPoint(dbusValue: point.dbusValue) == point)
    }

    @Test func rowsOfAnotherShapeAreRefused() {
        #expect(ItemRow(dbusValue: .structure([.string("a"), .string("t")])) == nil)
        #expect(
            ItemRow(
                dbusValue: .structure([
                    .string("a"), .string("t"), .string("i"), .string("x"), .boolean(true), .string("no"),
                ])) == nil)
        #expect(LayoutPoint(dbusValue: .structure([.string("a"), .int32(1), .double(2)])) == nil)
        #expect(LayoutPoint(dbusValue: .string("a")) == nil)
    }
}
