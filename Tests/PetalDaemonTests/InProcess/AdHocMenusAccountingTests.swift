import DBus
import PetalCore
import Testing

@testable import PetalDaemon

/// The JSON all ad-hoc menus hold (docs/dbus-api.md, "Ad-hoc menus"): 32 MiB
/// for one connection's, 64 MiB for all, counted before anything is made and
/// given back as each menu goes. (Sending 64 MiB over a test bus to prove it
/// takes minutes on a loaded machine; the bus test proves the 16 MiB cap.)
@Suite struct AdHocMenusAccountingTests {
    static let sixteen = 16 << 20

    @Test func oneConnectionKeepsThirtyTwoMebibytesAndAllSixtyFour() throws {
        var menus = AdHocMenus()
        try menus.admit(Self.sixteen, from: ":1.1")
        menus.record("a", with: ["a"], bytes: Self.sixteen, by: ":1.1")
        menus.record("b", with: ["b", "b/sub"], bytes: Self.sixteen, by: ":1.1")
        let own = #expect(throws: DBusError.self) { try menus.admit(1, from: ":1.1") }
        #expect(own?.name == PetalError.make(.limitExceeded, "").name)
        #expect(own?.message.contains("33554432 bytes one connection may keep") == true, "\(String(describing: own))")

        try menus.admit(Self.sixteen, from: ":1.2")
        menus.record("c", with: ["c"], bytes: Self.sixteen, by: ":1.2")
        menus.record("d", with: ["d"], bytes: Self.sixteen - 1, by: ":1.2")
        try menus.admit(1, from: ":1.3")
        let all = #expect(throws: DBusError.self) { try menus.admit(2, from: ":1.3") }
        #expect(all?.message.contains("67108864 bytes petald keeps") == true, "\(String(describing: all))")

        // What goes gives its bytes back, to its connection and to all.
        menus.forget("b")
        try menus.admit(Self.sixteen, from: ":1.3")
        try menus.admit(Self.sixteen, from: ":1.1")
    }

    @Test func aMenuOverSixteenMebibytesIsRefusedWhoeverAsks() {
        let menus = AdHocMenus()
        let error = #expect(throws: DBusError.self) { try menus.admit(Self.sixteen + 1, from: ":1.1") }
        #expect(error?.message.contains("16777217 bytes of JSON") == true)
    }

    @Test func aNumberIsSpentOnlyOnceAMenuIsMade() {
        var menus = AdHocMenus()
        #expect(menus.nextName { _ in false } == "adhoc-1")
        #expect(menus.nextName { _ in false } == "adhoc-1", "asking spends nothing")
        menus.record("adhoc-1", with: ["adhoc-1"], bytes: 10, by: ":1.1")
        #expect(menus.nextName { $0 == "adhoc-2" } == "adhoc-3")
    }
}
