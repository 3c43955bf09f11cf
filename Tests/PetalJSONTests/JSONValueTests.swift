import PetalJSON
import Testing

struct JSONValueTests {
    @Test func objectKeepsInsertionOrder() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 10  // replaces in place
        #expect(object.keys == ["b", "a", "c"])
        #expect(object.values == [10, 2, 3])
        #expect(object.map(\.key) == ["b", "a", "c"])
        #expect(object.count == 3)
        #expect(object["a"] == 2)
        #expect(object["zzz"] == nil)
    }

    @Test func removingKeepsTheOthersInOrder() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3, "d": 4]
        object["b"] = nil
        #expect(object.keys == ["a", "c", "d"])
        #expect(object.removeValue(forKey: "c") == 3)
        #expect(object.removeValue(forKey: "c") == nil)
        #expect(object.keys == ["a", "d"])
        #expect(object["d"] == 4)
        object["b"] = 5
        #expect(object.keys == ["a", "d", "b"])
        #expect(!object.isEmpty)
        #expect(JSONObject().isEmpty)
    }

    @Test func initFromPairsKeepsFirstPositionAndLastValue() {
        let object = JSONObject([("x", 1), ("y", 2), ("x", 3)])
        #expect(object.keys == ["x", "y"])
        #expect(object["x"] == 3)
    }

    @Test func equalityIgnoresOrderButNotContent() {
        let ab: JSONObject = ["a": 1, "b": [true, nil]]
        let ba: JSONObject = ["b": [true, nil], "a": 1]
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)
        #expect(Set([JSONValue.object(ab), .object(ba)]).count == 1)
        #expect(ab != ["a": 1, "b": [true, false]])
        #expect(ab != ["a": 1])
        #expect(ab != ["a": 1, "c": [true, nil]])
    }

    @Test func intAndDoubleAreDistinct() {
        #expect(JSONValue.int(1) != .double(1))
        #expect(JSONValue.int(1).doubleValue == 1)
        #expect(JSONValue.double(2).int64Value == 2)
        #expect(JSONValue.double(2.5).int64Value == nil)
    }

    @Test func accessors() {
        let value: JSONValue = ["s": "text", "b": false, "n": 1.5, "a": [1], "o": [:], "z": nil]
        #expect(value["s"]?.stringValue == "text")
        #expect(value["b"]?.boolValue == false)
        #expect(value["n"]?.doubleValue == 1.5)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["o"]?.objectValue == JSONObject())
        #expect(value["z"] == .null)
        #expect(value["s"]?.boolValue == nil)
        #expect(JSONValue.string("x")["s"] == nil)
        #expect(
            value.objectValue?.map { $0.value.typeName } == ["string", "boolean", "number", "array", "object", "null"])
    }
}
