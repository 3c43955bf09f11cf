import DBus
import PetalAPI
import PetalJSON
import Testing

@testable import PetalControl

/// `petalctl plugins` says where each plugin runs: in petald, in a host of its own, or as a provider.
struct PluginsReportTests {
    @Test func eachPluginSaysWhereItRuns() throws {
        var properties = StatusReportTests.properties
        let rows: [(String, String, String, String, String)] = [
            ("command", "0.1.0", "/usr/lib/petal/plugins/libpetal-command.so", "loaded", ""),
            ("weather", "2.0", "/home/u/.local/share/petal/plugins/weather.so", "loaded", "isolated, pid 4242"),
            (
                "radio", "1.0", "/home/u/.local/share/petal/plugins/radio.so", "loaded",
                "isolated, not running (its host crashed (SIGSEGV)); it starts at the next invocation"
            ),
            ("hello", "", "dbus::1.42/org/example/Hello", "loaded", ""),
            ("crashy", "1.0", "/opt/crashy.so", "quarantined", "its host ended 3 times within 10 minutes"),
        ]
        properties["Plugins"] = .array(
            .structure([.string, .string, .string, .string, .string]),
            rows.map {
                .structure([.string($0.0), .string($0.1), .string($0.2), .string($0.3), .string($0.4)])
            })
        let (text, json) = Reports.plugins(try MenuSnapshot(DBusPropertyValues(properties, from: "petald")))
        let table = text.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(table.first == "NAME VERSION STATUS RUNS FILE REASON")
        #expect(table.contains("command 0.1.0 loaded petald /usr/lib/petal/plugins/libpetal-command.so"), "\(table)")
        #expect(table.contains { $0.hasPrefix("weather 2.0 loaded host 4242 ") }, "\(table)")
        #expect(table.contains { $0.hasPrefix("radio 1.0 loaded host (not running) ") }, "\(table)")
        #expect(table.contains("hello - loaded provider :1.42 /org/example/Hello"), "\(table)")
        #expect(table.contains { $0.hasPrefix("crashy 1.0 quarantined - /opt/crashy.so ") }, "\(table)")
        let places = json.arrayValue?.map { ($0["runs"]?.stringValue ?? "?", $0["pid"]?.int64Value) } ?? []
        #expect(places.map(\.0) == ["petald", "isolated", "isolated", "provider", ""])
        #expect(places.map(\.1) == [nil, 4242, nil, nil, nil])
        #expect(json.arrayValue?[3]["path"]?.stringValue == "dbus::1.42/org/example/Hello")
    }
}
