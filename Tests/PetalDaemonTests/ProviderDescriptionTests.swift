import DBus
import Testing

@testable import PetalDaemon

/// The rules a provider's `Name` and `Actions` must keep (docs/plugins.md), checked
/// without a bus: each refusal says which rule, and what would be right.
@Suite struct ProviderDescriptionTests {
    private func properties(name: DBusValue = .string("weather"), actions: [(String, String, String)]) -> [(
        key: String, value: DBusValue
    )] {
        [
            ("Name", .variant(name)),
            (
                "Actions",
                .variant(
                    .array(
                        .structure([.string, .string, .string]),
                        actions.map { .structure([.string($0.0), .string($0.1), .string($0.2)]) }))
            ),
        ]
    }

    private func refusal(_ properties: [(key: String, value: DBusValue)], owner: String? = nil) -> String? {
        do {
            _ = try ProviderDescription(properties: DBusPropertyValues(DBusVariantDictionary(properties), from: ":1.9"))
            { _ in owner }
            return nil
        } catch {
            #expect(error.name == "org.petal.Petal1.Error.InvalidProvider")
            return error.message
        }
    }

    @Test func aProviderThatKeepsTheRulesIsRead() throws {
        let description = try ProviderDescription(
            properties: DBusPropertyValues(
                DBusVariantDictionary(properties(actions: [("weather.now", "Now", "weather-clear")])), from: ":1.9")
        ) { _ in nil }
        #expect(description.name == "weather")
        #expect(description.actions == [.init(id: "weather.now", title: "Now", icon: "weather-clear")])
    }

    @Test func eachBrokenRuleIsNamed() {
        let cases: [([(key: String, value: DBusValue)], String?, String)] = [
            (
                [("Actions", .variant(.array(.structure([.string, .string, .string]), [])))], nil,
                "its Name property is missing"
            ),
            (properties(name: .int32(3), actions: []), nil, "its Name property is missing or not a string"),
            (properties(name: .string(""), actions: []), nil, "must be 1 to 64 of a-z"),
            (properties(name: .string(String(repeating: "a", count: 65)), actions: []), nil, "must be 1 to 64 of a-z"),
            (properties(name: .string("petal"), actions: []), nil, "is reserved for the plugins installed with petald"),
            (properties(actions: []), "the plugin /x/libweather.so", "is taken by the plugin /x/libweather.so"),
            ([("Name", .variant(.string("weather")))], nil, "its Actions property is missing or not an a(sss)"),
            (properties(actions: [("weather", "", "")]), nil, "\"weather\" is outside its namespace"),
            (properties(actions: [("weather.", "", "")]), nil, "\"weather.\" is outside its namespace"),
            (properties(actions: [("clock.now", "", "")]), nil, "\"clock.now\" is outside its namespace"),
            (
                properties(actions: [("weather.now", "", ""), ("weather.now", "", "")]), nil,
                "declares action \"weather.now\" twice"
            ),
            (
                properties(actions: [("weather.now", String(repeating: "t", count: 1025), "")]), nil,
                "is over 1024 bytes"
            ),
            (
                properties(actions: (0...ProviderDescription.maximumActions).map { ("weather.a\($0)", "", "") }), nil,
                "it declares 257 actions; at most 256"
            ),
        ]
        for (given, owner, expected) in cases {
            let message = refusal(given, owner: owner)
            #expect(message?.contains(expected) == true, "expected “\(expected)”, got \(message ?? "no refusal")")
        }
    }
}
