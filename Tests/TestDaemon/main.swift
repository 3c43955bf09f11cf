// petal-test-daemon: the real petald, with actions that tests need registered
// in place of plugins (a slow one, a failing one, one that never completes)
// and a menu whose items exercise every rule of Activate.
//
// Environment:
//   PETAL_TEST_OPEN, PETAL_TEST_CLOSE   open/close durations in seconds (default 0.05)
//   PETAL_TEST_TIMEOUT                  actions.timeout in seconds (default 2)
//   PETAL_TEST_MAX_CONCURRENT           actions.maxConcurrent (default 4)
//   PETAL_TEST_BROKEN_CONFIG            a path; while it exists, loading the configuration fails
//   PETAL_TEST_CONFIG                   a configuration file to load (on each reload) in place of
//                                       the menu above; its items may use the test.* actions
import Glibc
import PetalConfiguration
import PetalCore
import PetalDaemon
import PetalJSON
import PetalPluginRuntime

struct TestAction: AsyncAction {
    let id: String
    let title: String
    let body: @Sendable (JSONObject) async throws -> JSONObject

    func perform(_ params: JSONObject) async throws -> JSONObject { try await body(params) }
}

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
func seconds(_ name: String, _ fallback: Double) -> Duration {
    .milliseconds(Int64((environment(name).flatMap(Double.init) ?? fallback) * 1000))
}

var registry = ActionRegistry()
let actions = [
    TestAction(id: "test.echo", title: "Echo") { $0 },
    TestAction(id: "test.noop", title: "Nothing") { _ in [:] },
    TestAction(id: "test.slow", title: "Slow") { params in
        let seconds = params["seconds"]?.doubleValue ?? 0.5
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        return ["slept": .double(seconds)]
    },
    TestAction(id: "test.fail", title: "Fail") { _ in
        throw ActionError.failed("test.fail always fails")
    },
    TestAction(id: "test.invalid", title: "Invalid") { _ in
        throw ActionError.invalidParams("test.invalid rejects every parameter")
    },
    TestAction(id: "test.hang", title: "Hang") { _ in
        // Never completes, and ignores cancellation: the daemon must time it out.
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        return [:]
    },
    TestAction(id: "test.big", title: "Big result") { _ in
        ["blob": .string(String(repeating: "x", count: 70 * 1024))]
    },
]
for action in actions { registry.register(action, plugin: "test") }

let brokenFlag = environment("PETAL_TEST_BROKEN_CONFIG")
let menu = MenuSettings(
    openDuration: seconds("PETAL_TEST_OPEN", 0.05), closeDuration: seconds("PETAL_TEST_CLOSE", 0.05))
let limits = ActionSettings(
    timeout: seconds("PETAL_TEST_TIMEOUT", 2),
    maxConcurrent: environment("PETAL_TEST_MAX_CONCURRENT").flatMap(Int.init) ?? 4)
let items = [
    MenuItem(
        id: "echo", title: "Echo", icon: "edit-copy", color: "#ef5285", action: "test.echo",
        params: ["greeting": "hello"]),
    MenuItem(
        id: "like", title: "Like", icon: "emblem-favorite", selectedIcon: "emblem-favorite-symbolic",
        color: "#f9a825", action: "test.echo", toggle: true),
    MenuItem(id: "stay", title: "Stay open", action: "test.echo", keepOpen: true),
    MenuItem(id: "slow", title: "Slow", action: "test.slow"),
    MenuItem(id: "hang", title: "Hang", action: "test.hang", keepOpen: true),
    MenuItem(id: "fail", title: "Fail", action: "test.fail", keepOpen: true),
    MenuItem(id: "off", title: "Off", action: "test.echo", enabled: false),
    MenuItem(id: "missing", title: "Missing", action: "nowhere.nothing"),
]

struct BrokenConfiguration: Error, CustomStringConvertible {
    let description = "test configuration: items[0].action: expected a string, found 42 (PETAL_TEST_BROKEN_CONFIG)"
}

let configurationFile = environment("PETAL_TEST_CONFIG")

Daemon.main(registry: registry) { [brokenFlag, configurationFile, menu, items, limits] in
    if let brokenFlag, access(brokenFlag, F_OK) == 0 { throw BrokenConfiguration() }
    if let configurationFile { return try ConfigurationFile.load(path: configurationFile) }
    return LoadedConfiguration(MenuConfiguration(menu: menu, items: items, actions: limits))
}
