import PetalJSON
import Testing

/// A small object finds its keys by comparing them, a larger one through an
/// index: both must behave as one object, across the size where that changes.
@Suite struct JSONObjectSizeTests {
    private static func object(_ count: Int) -> JSONObject {
        JSONObject((0..<count).map { ("k\($0)", JSONValue.int(Int64($0))) })
    }

    @Test(arguments: [0, 1, 7, 8, 9, 10, 40])
    func everyKeyIsFoundAndNoOther(_ count: Int) {
        let object = Self.object(count)
        #expect(object.count == count)
        for index in 0..<count { #expect(object["k\(index)"] == .int(Int64(index))) }
        #expect(object["k\(count)"] == nil)
        #expect(object.keys == (0..<count).map { "k\($0)" })
    }

    @Test(arguments: [8, 9, 10, 40])
    func removingKeepsTheOthersInOrderAndFindable(_ count: Int) {
        var object = Self.object(count)
        #expect(object.removeValue(forKey: "k0") == .int(0))
        #expect(object.removeValue(forKey: "k0") == nil)
        #expect(object.count == count - 1)
        #expect(object.keys == (1..<count).map { "k\($0)" })
        for index in 1..<count { #expect(object["k\(index)"] == .int(Int64(index))) }
        object["new"] = .bool(true)
        #expect(object["new"] == .bool(true) && object.keys.last == "new")
        object["k1"] = .null
        #expect(object["k1"] == .null && object.keys.first == "k1")
    }

    @Test func aParsedObjectPastTheIndexSizeHasEveryMember() throws {
        let text = "{" + (0..<12).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        #expect(try JSONValue.parse(text) == .object(Self.object(12)))
        #expect(try JSONValue.parse(Array(text.utf8)) == .object(Self.object(12)))
    }

    @Test func stringsWithAndWithoutEscapesReadTheSame() throws {
        #expect(
            try JSONValue.parse(#"["plain é", "esc\u00e9\n", ""]"#)
                == .array([.string("plain é"), .string("escé\n"), .string("")]))
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0x61, 0x09, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#""unterminated"#) }
    }
}
