import PetalJSON
import Testing

/// `JSONValue.parseWithPositions` and the paths it records positions by.
struct JSONParserPositionTests {
    @Test func recordsWhereEveryValueStarts() throws {
        let text = """
            {
              "menu": { "layout": "linear" },
              "items": [ 1, {"id": "é", "x": [true]} ],
              "a b": null
            }
            """
        let (value, positions) = try JSONValue.parseWithPositions(text)
        #expect(value == (try JSONValue.parse(text)))
        #expect(positions[""] == SourcePosition(line: 1, column: 1, offset: 0))
        #expect(positions["menu"] == SourcePosition(line: 2, column: 11, offset: 12))
        #expect(positions["menu.layout"] == SourcePosition(line: 2, column: 23, offset: 24))
        #expect(positions["items"]?.description == "3:12")
        #expect(positions["items[0]"]?.description == "3:14")
        #expect(positions["items[1]"]?.description == "3:17")
        #expect(positions["items[1].id"]?.description == "3:24")
        #expect(positions["items[1].x"]?.description == "3:34")  // "é" is one column, two bytes
        #expect(positions["items[1].x"]?.offset == 70)
        #expect(positions["items[1].x[0]"]?.description == "3:35")
        #expect(positions[#"["a b"]"#]?.description == "4:10")
        #expect(positions["nothing"] == nil)
        #expect(positions.count == 10)
    }

    @Test func depthLimitsWhatIsRecorded() throws {
        let text = #"{"a": {"b": {"c": [1]}}}"#
        #expect(try JSONValue.parseWithPositions(text, maximumPathDepth: 0).positions.count == 1)
        let two = try JSONValue.parseWithPositions(text, maximumPathDepth: 2).positions
        #expect(two.count == 3 && two["a.b"]?.column == 13 && two["a.b.c"] == nil)
        #expect(try JSONValue.parseWithPositions(text).positions["a.b.c[0]"]?.column == 20)
    }

    @Test func aByteOrderMarkCountsAsAColumn() throws {
        let positions = try JSONValue.parseWithPositions("\u{FEFF}[0]").positions
        #expect(positions[""] == SourcePosition(line: 1, column: 2, offset: 3))
        #expect(positions["[0]"] == SourcePosition(line: 1, column: 3, offset: 4))
    }

    @Test func errorsAreThoseOfParse() {
        for text in ["", "{", #"{"a": 1,}"#, "[01]", #"{"a": 1, "a": 2}"#, String(repeating: "[", count: 200)] {
            var plain: JSONParseError?
            var positioned: JSONParseError?
            do { _ = try JSONValue.parse(Array(text.utf8)) } catch { plain = error }
            do { _ = try JSONValue.parseWithPositions(text) } catch { positioned = error }
            #expect(plain != nil && plain == positioned, "\(text)")
        }
    }

    @Test func pathsQuoteKeysThatAreNotPlainNames() {
        #expect(JSONPath.member("menu", of: "") == "menu")
        #expect(JSONPath.member("layout", of: "menu") == "menu.layout")
        #expect(JSONPath.member("max_x-2", of: "a") == "a.max_x-2")
        #expect(JSONPath.member("a.b", of: "x") == #"x["a.b"]"#)
        #expect(JSONPath.member("2d", of: "") == #"["2d"]"#)
        #expect(JSONPath.member("", of: "x") == #"x[""]"#)
        #expect(JSONPath.member("é", of: "x") == #"x["é"]"#)
        #expect(JSONPath.member("a\"\n\u{7F}\u{85}", of: "x") == #"x["a\"\n\u007F\u0085"]"#)
        #expect(JSONPath.element(2, of: "items") == "items[2]")
        #expect(JSONPath.element(0, of: "") == "[0]")
    }
}
