import PetalJSON
import Testing

struct JSONEncodingTests {
    @Test func compactScalars() {
        #expect(JSONValue.null.jsonText == "null")
        #expect(JSONValue.bool(true).jsonText == "true")
        #expect(JSONValue.bool(false).jsonText == "false")
        #expect(JSONValue.int(-42).jsonText == "-42")
        #expect(JSONValue.int(.min).jsonText == "-9223372036854775808")
        #expect(JSONValue.double(1.5).jsonText == "1.5")
        #expect(JSONValue.double(1).jsonText == "1.0")
        #expect(JSONValue.double(-0.0).jsonText == "-0.0")
        #expect(JSONValue.double(1e-7).jsonText == "1e-07")
    }

    @Test func nonFiniteDoublesAreNull() {
        #expect(JSONValue.double(.infinity).jsonText == "null")
        #expect(JSONValue.double(-.infinity).jsonText == "null")
        #expect(JSONValue.array([.double(.nan)]).jsonText == "[null]")
    }

    @Test func stringEscaping() {
        #expect(JSONValue.string("a\"b\\c/d").jsonText == #""a\"b\\c/d""#)
        #expect(JSONValue.string("\u{8}\u{c}\n\r\t").jsonText == #""\b\f\n\r\t""#)
        #expect(JSONValue.string("\u{0}\u{1f}\u{7f}").jsonText == "\"\\u0000\\u001f\u{7f}\"")
        #expect(JSONValue.string("é😀\u{2028}").jsonText == "\"é😀\u{2028}\"")
    }

    @Test func compactContainersKeepStoredOrder() {
        let value: JSONValue = ["z": [1, "two", nil], "a": [:], "m": []]
        #expect(value.jsonText == #"{"z":[1,"two",null],"a":{},"m":[]}"#)
        #expect(value.description == value.jsonText)
    }

    @Test func prettyUsesTwoSpaces() {
        let value: JSONValue = ["name": "petal", "items": [1, ["deep": true]], "empty": [], "none": [:]]
        #expect(
            value.jsonText(pretty: true) == """
                {
                  "name": "petal",
                  "items": [
                    1,
                    {
                      "deep": true
                    }
                  ],
                  "empty": [],
                  "none": {}
                }
                """)
        #expect(JSONValue.int(3).jsonText(pretty: true) == "3")
        #expect(value.jsonText(pretty: false) == value.jsonText)
    }

    static let roundTrips: [JSONValue] = [
        nil, true, 0, -1, .int(.max), .int(.min),
        0.1, 0.30000000000000004, -0.0, 1e300, .double(.leastNonzeroMagnitude), 1.7976931348623157e308, 123456789.125,
        "", "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} é 😀",
        [], [:], [1, [2, [3, [4]]]],
        ["b": 1, "a": ["nested": [nil, false, 2.5, "x"]], "": "empty key", "\u{1}": "ctl"],
    ]

    @Test(arguments: roundTrips)
    func roundTrip(_ value: JSONValue) throws {
        for pretty in [false, true] {
            let text = value.jsonText(pretty: pretty)
            let parsed = try JSONValue.parse(text)
            #expect(parsed == value)
            #expect(parsed.jsonText(pretty: pretty) == text, "stable, including member order")
        }
    }

    @Test func doublesRoundTripBitForBit() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bits = UInt64.random(in: .min ... .max, using: &generator)
            let double = Double(bitPattern: bits)
            guard double.isFinite else { continue }
            let parsed = try JSONValue.parse(JSONValue.double(double).jsonText)
            #expect(parsed.doubleValue?.bitPattern == bits)
        }
    }

    @Test func textRoundTripsThroughParseAndEncode() throws {
        let text =
            #"{"menu":{"layout":"radial","radius":100,"openDuration":0.3},"items":[{"id":"a\u00e9","params":{}}]}"#
        #expect(
            try JSONValue.parse(text).jsonText
                == #"{"menu":{"layout":"radial","radius":100,"openDuration":0.3},"items":[{"id":"aé","params":{}}]}"#)
    }
}
