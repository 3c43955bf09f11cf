import PetalJSON
import PetalPlugin
import Testing

/// ``Parameters/decode(_:unknown:)``: members a type never reads are refused
/// unless asked otherwise (docs/plugins.md: "Unknown or mistyped params →
/// InvalidParams naming them"), integers are refused in plain words, and the
/// SDK's parameter and settings types print as JSON.
@Suite struct ParametersDecodeTests {
    struct Greeting: Decodable, Equatable {
        let name: String
        let loud: Bool?
    }

    struct Notice: Decodable {
        struct Hints: Decodable { let urgency: String? }
        let hints: Hints
        let env: [String: String]?
    }

    struct Batch: Decodable {
        struct Item: Decodable { let id: Int }
        let items: [Item]
    }

    struct Volume: Decodable { let level: UInt8 }
    struct Count: Decodable { let count: Int }
    struct Size: Decodable { let size: UInt }
    struct Offset: Decodable { let offset: Int8 }

    /// The `InvalidParams` message `body` throws, or nil.
    private func invalidParams(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let PluginError.invalidParams(message) {
            return message
        } catch {
            return "another error: \(error)"
        }
    }

    @Test func anUnknownParameterIsRefusedByDefaultNamingIt() {
        let message = invalidParams { _ = try Parameters(["name": "Ann", "nmae": "Ann"]).decode(Greeting.self) }
        #expect(message == #"unknown parameter "nmae"; this action takes loud, name"#)
        let two = invalidParams { _ = try Parameters(["name": "Ann", "a": 1, "b": 2]).decode(Greeting.self) }
        #expect(two == #"unknown parameters "a", "b"; this action takes loud, name"#)
    }

    @Test func optionalMembersAreKnownWhetherOrNotTheyAreSent() throws {
        #expect(try Parameters(["name": "Ann"]).decode(Greeting.self) == Greeting(name: "Ann", loud: nil))
        #expect(
            try Parameters(["name": "Ann", "loud": true]).decode(Greeting.self) == Greeting(name: "Ann", loud: true))
        #expect(try Parameters(["name": "Ann", "loud": nil]).decode(Greeting.self) == Greeting(name: "Ann", loud: nil))
    }

    @Test func unknownMembersOfNestedObjectsAreNamedByTheirPath() throws {
        let nested = invalidParams { _ = try Parameters(["hints": ["urgency": "low", "loud": 1]]).decode(Notice.self) }
        #expect(nested == #"unknown parameter "hints.loud"; "hints" takes urgency"#)
        let element = invalidParams {
            _ = try Parameters(["items": [["id": 1], ["id": 2, "x": 0]]]).decode(Batch.self)
        }
        #expect(element == #"unknown parameter "items[1].x"; "items[1]" takes id"#)
        // A dictionary takes whatever keys it is given.
        let notice = try Parameters(["hints": [:], "env": ["LANG": "C", "TZ": "UTC"]]).decode(Notice.self)
        #expect(notice.env == ["LANG": "C", "TZ": "UTC"])
    }

    @Test func unknownParametersCanBeAcceptedExplicitly() throws {
        let greeting = try Parameters(["name": "Ann", "selected": true]).decode(Greeting.self, unknown: .accept)
        #expect(greeting == Greeting(name: "Ann", loud: nil))
    }

    @Test func aMissingOrMistypedMemberIsStillNamedFirst() {
        #expect(
            invalidParams { _ = try Parameters(["nmae": "Ann"]).decode(Greeting.self) }
                == #"the parameter "name" is required"#)
        #expect(
            invalidParams { _ = try Parameters(["name": 3]).decode(Greeting.self) }
                == #"the parameter "name" must be a string, not number 3"#)
    }

    @Test func integersAreRefusedInPlainWords() {
        #expect(
            invalidParams { _ = try Parameters(["level": 300]).decode(Volume.self) }
                == #"the parameter "level" must be a whole number from 0 to 255; 300 is too large"#)
        #expect(
            invalidParams { _ = try Parameters(["offset": -300]).decode(Offset.self) }
                == #"the parameter "offset" must be a whole number from -128 to 127; -300 is too small"#)
        #expect(
            invalidParams { _ = try Parameters(["count": "3"]).decode(Count.self) }
                == #"the parameter "count" must be a whole number, not string "3""#)
        #expect(
            invalidParams { _ = try Parameters(["count": 2.5]).decode(Count.self) }
                == #"the parameter "count" must be a whole number, not 2.5"#)
        #expect(
            invalidParams { _ = try Parameters(["count": 1e30]).decode(Count.self) }
                == #"the parameter "count" must be a whole number; 1e+30 is too large"#)
        #expect(
            invalidParams { _ = try Parameters(["size": -1]).decode(Size.self) }
                == #"the parameter "size" must be a whole number, 0 or more, not -1"#)
    }

    @Test func aWholeNumberWrittenWithAFractionPartDecodes() throws {
        #expect(try Parameters(["count": 3.0]).decode(Count.self).count == 3)
        #expect(try Parameters(["size": 42]).decode(Size.self).size == 42)
    }

    @Test func parametersSettingsAndObjectsPrintAsJSON() {
        let object: JSONObject = ["name": "Ann", "tags": ["a", 1], "nested": ["on": true]]
        let json = #"{"name":"Ann","tags":["a",1],"nested":{"on":true}}"#
        #expect("\(object)" == json)
        #expect("\(Parameters(object))" == json)
        #expect("\(Settings(plugin: "hello", object))" == json)
        #expect(String(describing: Parameters([:])) == "{}")
    }
}
