import PetalCore
import PetalJSON
import Testing

/// `plugins.isolate` (docs/plugins.md, "Isolated plugins") and the crash window that
/// decides when an isolated plugin restarts and when it is quarantined.
struct PluginIsolationTests {
    @Test func theDefaultIsolatesEveryPluginNotInstalledWithPetald() throws {
        let configuration = try #require(expectValid("{}"))
        #expect(configuration.plugins.isolate == .thirdParty)
        #expect(configuration.plugins.isolate.isolates("weather", builtIn: false))
        #expect(!configuration.plugins.isolate.isolates("command", builtIn: true))
    }

    @Test(arguments: [
        (#""all""#, PluginIsolation.all, true, true),
        (#""none""#, PluginIsolation.none, false, false),
        (#""third-party""#, PluginIsolation.thirdParty, false, true),
        (#"["command", "weather"]"#, PluginIsolation.named(["command", "weather"]), true, true),
        (#"["weather"]"#, PluginIsolation.named(["weather"]), false, true),
        ("[]", PluginIsolation.named([]), false, false),
    ])
    func eachValueIsolatesWhatItSays(_ text: String, _ expected: PluginIsolation, _ command: Bool, _ weather: Bool)
        throws
    {
        let configuration = try #require(expectValid(#"{"plugins": {"isolate": \#(text)}}"#))
        #expect(configuration.plugins.isolate == expected)
        #expect(configuration.plugins.isolate.isolates("command", builtIn: true) == command)
        #expect(configuration.plugins.isolate.isolates("weather", builtIn: false) == weather)
        #expect(configuration.jsonValue["plugins"]?["isolate"] == (try JSONValue.parse(text)))
    }

    @Test func aPluginIsQuarantinedAtItsThirdCrashWithinTenMinutes() {
        var window = CrashWindow()
        #expect(!crash(&window, .seconds(0)))
        #expect(!crash(&window, .seconds(100)))
        #expect(crash(&window, .seconds(599)))
    }

    @Test func crashesOlderThanTheWindowAreForgotten() {
        var window = CrashWindow()
        #expect(!crash(&window, .seconds(0)))
        #expect(!crash(&window, .seconds(300)))
        // The first is 600 s old by now: two crashes within the window, not three.
        #expect(!crash(&window, .seconds(600)))
        #expect(window.crashes == [.seconds(300), .seconds(600)])
        #expect(crash(&window, .seconds(899)))
    }

    private func crash(_ window: inout CrashWindow, _ now: Duration) -> Bool {
        window.record(at: now)
    }

    private func delay(_ window: inout CrashWindow, _ now: Duration) -> Duration {
        window.restartDelay(at: now)
    }

    @Test func restartsWaitLongerWithEachCrashInTheWindow() {
        var window = CrashWindow(limit: 10)
        _ = window.record(at: .seconds(10))
        #expect(delay(&window, .seconds(10)) == .zero)
        _ = window.record(at: .seconds(20))
        #expect(delay(&window, .seconds(20)) == .milliseconds(250))
        #expect(delay(&window, .seconds(20) + .milliseconds(100)) == .milliseconds(150))
        _ = window.record(at: .seconds(30))
        #expect(delay(&window, .seconds(30)) == .milliseconds(500))
        _ = window.record(at: .seconds(40))
        #expect(delay(&window, .seconds(40)) == .milliseconds(1000))
        // Once the delay has passed, nothing more to wait.
        #expect(delay(&window, .seconds(42)) == .zero)
        // Ten minutes after the last crash the window is empty again.
        #expect(delay(&window, .seconds(640)) == .zero)
    }
}
