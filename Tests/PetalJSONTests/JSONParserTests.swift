import PetalJSON
import Testing

struct JSONParserTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let text: String
        let value: JSONValue
        init(_ text: String, _ value: JSONValue) { (self.text, self.value) = (text, value) }
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid("null", nil),
        Valid(" true ", true),
        Valid("\tfalse\r\n", false),
        Valid("0", 0),
        Valid("-0", 0),
        Valid("42", 42),
        Valid("-17", -17),
        Valid("9223372036854775807", .int(.max)),
        Valid("-9223372036854775808", .int(.min)),
        Valid("9223372036854775808", .double(9_223_372_036_854_775_808)),
        Valid("-9223372036854775809", .double(-0x1p63)),  // nearest double
        Valid("123456789012345678901234567890", .double(1.2345678901234568e29)),
        Valid("1.5", 1.5),
        Valid("-0.0", .double(-0.0)),
        Valid("1e3", .double(1000)),
        Valid("1E+3", .double(1000)),
        Valid("25e-1", .double(2.5)),
        Valid("1.0", .double(1)),
        Valid("1e-400", .double(0)),
        Valid(#""""#, ""),
        Valid(#""a\"b\\c\/d""#, "a\"b\\c/d"),
        Valid(#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
        Valid(#""\u0041\u00e9\u20AC""#, "Aé€"),
        Valid(#""\ud83d\ude00""#, "😀"),
        Valid(#""\u0000""#, "\u{0}"),
        Valid(#""héllo 😀""#, "héllo 😀"),
        Valid("[]", []),
        Valid("{}", [:]),
        Valid(" [ 1 , \"two\" , [ ] , { } ] ", [1, "two", [], [:]]),
        Valid(#"{"a":{"b":[null,true]},"c":-1.25}"#, ["a": ["b": [nil, true]], "c": -1.25]),
    ]

    @Test(arguments: valid)
    func parsesValid(_ example: Valid) throws {
        #expect(try JSONValue.parse(example.text) == example.value)
        #expect(try JSONValue.parse(Array(example.text.utf8)) == example.value)
    }

    @Test func keepsMemberOrder() throws {
        let value = try JSONValue.parse(#"{"z":1,"a":2,"m":3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func signedZeroStaysADouble() throws {
        let value = try JSONValue.parse("-0.0")
        #expect(value.doubleValue?.sign == .minus)
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let message: String
        let line: Int
        let column: Int
        init(_ text: String, _ message: String, _ line: Int, _ column: Int) {
            (self.text, self.message, self.line, self.column) = (text, message, line, column)
        }
        var testDescription: String { text.debugDescription }
    }

    static let invalid: [Invalid] = [
        Invalid("", "expected a value, found end of input", 1, 1),
        Invalid("   \n  ", "expected a value, found end of input", 2, 3),
        Invalid("{\"a\":1]", #"expected "," or "}" after an object member, found "]""#, 1, 7),
        Invalid("{\n  \"a\": 1\n  \"b\": 2\n}", #"expected "," or "}" after an object member, found "\"""#, 3, 3),
        Invalid("{\"a\":1,}", #"expected a string key after ",", found "}""#, 1, 8),
        Invalid("{a:1}", #"expected a string key or "}", found "a""#, 1, 2),
        Invalid("{\"a\" 1}", #"expected ":" after an object key, found "1""#, 1, 6),
        Invalid("{\"a\":1,\n\"a\":2}", #"duplicate key "a" in an object"#, 2, 1),
        Invalid("[1,]", #"expected a value, found "]""#, 1, 4),
        Invalid("[1 2]", #"expected "," or "]" after an array element, found "2""#, 1, 4),
        Invalid("[1", #"expected "," or "]" after an array element, found end of input"#, 1, 3),
        Invalid("[\"é\", x]", #"expected a value, found "x""#, 1, 7),
        Invalid("tru", #"expected "true", found end of input"#, 1, 4),
        Invalid("nul1", #"expected "null", found "1""#, 1, 4),
        Invalid("True", #"expected a value, found "T""#, 1, 1),
        Invalid("1 2", #"unexpected "2" after the JSON value"#, 1, 3),
        Invalid("{} x", #"unexpected "x" after the JSON value"#, 1, 4),
        Invalid("01", "a number must not have leading zeros", 1, 2),
        Invalid("-", #"expected a digit after "-", found end of input"#, 1, 2),
        Invalid("-a", #"expected a digit after "-", found "a""#, 1, 2),
        Invalid("1.", #"expected a digit after "." in a number, found end of input"#, 1, 3),
        Invalid(".5", #"expected a value, found ".""#, 1, 1),
        Invalid("1e+", "expected a digit in the exponent of a number, found end of input", 1, 4),
        Invalid("+1", #"expected a value, found "+""#, 1, 1),
        Invalid("1e400", "number 1e400 is out of range", 1, 1),
        Invalid("[-1e999]", "number -1e999 is out of range", 1, 2),
        Invalid("\"abc", "unterminated string", 1, 1),
        Invalid("\"a\nb\"", "control character U+000A must be escaped in a string", 1, 3),
        Invalid("\"a\tb\"", "control character U+0009 must be escaped in a string", 1, 3),
        Invalid(#""\x""#, #"invalid escape "\x" in a string"#, 1, 2),
        Invalid(#""\u12G4""#, #"expected 4 hex digits after "\u", found "G""#, 1, 6),
        Invalid(#""\ud800""#, #"unpaired high surrogate \uD800 in a string"#, 1, 2),
        Invalid(#""\ud800\u0041""#, #"unpaired high surrogate \uD800 in a string"#, 1, 2),
        Invalid(#""x\udc00""#, #"unpaired low surrogate \uDC00 in a string"#, 1, 3),
        Invalid("// comment\n1", #"expected a value, found "/""#, 1, 1),
        Invalid("[1,\n 2,\n ☃]", #"expected a value, found "☃""#, 3, 2),
        Invalid("\u{0}", "expected a value, found U+0000", 1, 1),
    ]

    @Test(arguments: invalid)
    func rejectsInvalid(_ example: Invalid) {
        let error = #expect(throws: JSONParseError.self) {
            try JSONValue.parse(example.text)
        }
        #expect(error?.message == example.message)
        #expect(error?.line == example.line)
        #expect(error?.column == example.column)
    }

    private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func offsetIsInBytesAndColumnInScalars() {
        let error = parseError(Array("[\"éé\" x]".utf8))
        #expect(error?.offset == 8)
        #expect(error?.column == 7)
        #expect(error?.description == #"line 1, column 7: expected "," or "]" after an array element, found "x""#)
    }

    @Test func bytesRejectInvalidUTF8() {
        let error = parseError([
            UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "]"),
        ])
        #expect(error?.message == "invalid UTF-8 in a string")
        #expect(error?.offset == 1)
        #expect(parseError([0xFF])?.message == "expected a value, found byte 0xFF")
    }

    @Test func bytesIgnoreALeadingByteOrderMark() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
        #expect(try JSONValue.parse("\u{FEFF}[1]") == [1])
        // Only at the very start.
        #expect(parseError(Array(" \u{FEFF}[1]".utf8))?.message == #"expected a value, found "\#u{FEFF}""#)
    }

    @Test func nestingUpToTheCapIsAccepted() throws {
        let depth = JSONValue.maximumDepth
        #expect(depth == 128)
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONValue.parse(text)
        var levels = 0
        while case .array(let inner) = value {
            levels += 1
            value = inner.first ?? .null
        }
        #expect(levels == depth)
        let objects = String(repeating: "{\"k\":", count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(objects) }
    }

    @Test func nestingPastTheCapIsAnError() {
        let text = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        let error = parseError(Array(text.utf8))
        #expect(error?.message == "arrays and objects nested deeper than 128 levels")
        #expect(error?.offset == 128)
        // Far deeper input is an error too, not a stack overflow.
        let deep = String(repeating: "{\"a\":[", count: 100_000)
        #expect(parseError(Array(deep.utf8))?.offset == 6 * 64)
    }

    @Test func bigIntegersStayExact() throws {
        #expect(try JSONValue.parse("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try JSONValue.parse("[-9223372036854775808]") == [.int(.min)])
        #expect(try JSONValue.parse("1.0e0") == .double(1))
    }
}
