import PetalCore
import Testing

/// A menu made over D-Bus whose rows come from a row table: a `list` with
/// its picker and appearance from the JSON, and no `items` of its own.
struct AdHocRowTableMenuTests {
    static func decode(_ text: String) throws(AdHocMenuError) -> AdHocMenu {
        try AdHocMenuDecoder.decode(text, defaults: MenuDefaults(), rowsFromTable: true) { $0 ?? "adhoc-3" }.menu
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMenuWithoutLayoutIsAList() throws {
        let menu = try Self.decode(#"{"picker": {"prompt": "run"}, "title": "Run"}"#)
        #expect(menu.top.items.isEmpty)
        #expect(menu.top.settings.geometry.style == .list)
        #expect(menu.top.picker?.prompt == "run")
        #expect(menu.submenus.isEmpty)
        #expect(try Self.decode(#"{"layout": "list"}"#).top.settings.geometry.style == .list)
        #expect(try Self.decode("{}").top.name == "adhoc-3")
    }

    @Test func itemsOrAnotherLayoutAreRefusedWithTheirPath() {
        #expect(
            Self.refusal(#"{"items": [{"id": "a"}]}"#)
                == "items: the menu's rows come from its row table (the rows option), so it has no items; leave items out"
        )
        #expect(
            Self.refusal(#"{"layout": "radial"}"#)
                == "layout: a menu made from a row table is a list; found \"radial\", expected \"list\" or no layout")
    }

    @Test func withoutATableAMenuStillNeedsItems() {
        #expect(throws: AdHocMenuError.self) {
            try AdHocMenuDecoder.decode(#"{"layout": "list"}"#, defaults: MenuDefaults()) { $0 ?? "x" }
        }
    }

    @Test func aRowIsAChoiceThatKeepsItsFields() throws {
        var builder = RowTableBuilder()
        builder.append(title: "Firefox", icon: "firefox", meta: "web")
        builder.append(id: "off", title: "Power off", selectable: false)
        let table = try RowTable(RowBytes(builder.encoded()))
        #expect(table.item(0) == MenuItem(id: "0", title: "Firefox", icon: "firefox", meta: "web"))
        #expect(table.item(1) == MenuItem(id: "off", title: "Power off", enabled: false))
        #expect(table.item(1).kind == .choice)
    }
}
