import PetalCore
import Testing

/// Rows of a picker (an id, a title, an icon, nothing else) are read by a
/// shorter path than other items: they must come out as the full reading
/// makes them, and every fault in them must be refused as it refuses it.
@Suite struct AdHocRowsTests {
    private static func list(_ items: String) -> String { #"{"layout": "list", "items": [\#(items)]}"# }

    private static func problems(_ items: String) -> [String] {
        AdHocMenuDecoderTests.refusal(list(items))?.problems.map(\.description) ?? []
    }

    @Test func plainRowsAreTheItemsTheFullReadingMakes() throws {
        let rows = #"{"id": "a", "title": "Alpha", "icon": "i"}, {"title": "T", "id": "b"}, {"id": "c"}"#
        // A key the short path does not read sends the same row through the full one.
        let full =
            #"{"id": "a", "title": "Alpha", "icon": "i", "enabled": true}, {"title": "T", "id": "b", "enabled": true}, {"id": "c", "enabled": true}"#
        let (plain, warnings) = try AdHocMenuDecoderTests.decode(Self.list(rows))
        #expect(warnings.isEmpty)
        #expect(plain.top.items == (try AdHocMenuDecoderTests.decode(Self.list(full))).menu.top.items)
        #expect(
            plain.top.items == [
                MenuItem(id: "a", title: "Alpha", icon: "i"), MenuItem(id: "b", title: "T"),
                MenuItem(id: "c", title: "c"),
            ])
    }

    @Test func faultsInPlainRowsAreRefusedWithTheirPaths() {
        #expect(
            Self.problems(#"{"id": "a"}, {"id": "a"}"#).contains { $0.hasPrefix("items[1].id: expected a unique id") })
        #expect(Self.problems(#"{"id": ""}"#).contains { $0.hasPrefix("items[0].id:") })
        #expect(Self.problems(#"{"id": "a", "title": "x\u0085y"}"#).contains { $0.hasPrefix("items[0].title:") })
        #expect(Self.problems(#"{"id": "a", "icon": "\u007f"}"#).contains { $0.hasPrefix("items[0].icon:") })
        #expect(Self.problems(#"{"id": "a", "title": 3}"#).contains { $0.hasPrefix("items[0].title:") })
        let long = String(repeating: "x", count: ConfigurationDecoder.maximumTitleBytes + 1)
        #expect(Self.problems(#"{"id": "a", "title": "\#(long)"}"#).contains { $0.hasPrefix("items[0].title:") })
    }

    @Test func aTitleWithOtherCharactersIsKept() throws {
        let (decoded, _) = try AdHocMenuDecoderTests.decode(Self.list(#"{"id": "a", "title": "Â é \u00a0 🌸"}"#))
        #expect(decoded.top.items.first?.title == "Â é \u{a0} 🌸")
    }
}
