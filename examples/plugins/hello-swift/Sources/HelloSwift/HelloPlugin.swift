import PetalPlugin

/// `hello.greet`: given `{"name": "Ann"}`, answers `{"greeting": "Hello, Ann!"}`.
///
/// A `SynchronousPlugin`: greeting waits for nothing, so `perform` runs on
/// the thread petald invokes the plugin on, its own worker, and returns the
/// result there. A plugin whose actions await something (a program's end, a
/// D-Bus reply) conforms to `Plugin` and writes `perform` async instead.
struct HelloPlugin: SynchronousPlugin {
    static let name = "hello"
    static let version = "1.0.0"
    static let actions = [PluginAction("hello.greet", title: "Say hello", icon: "face-smile")]

    /// The parameters of `hello.greet`. Decoding reports a missing or mistyped
    /// member as `InvalidParams` naming it, e.g.
    /// `the parameter "name" must be a string, not number 3`.
    struct Greeting: Decodable {
        let name: String
    }

    private let host: PluginHost

    /// Called once when petald loads the library; throwing here marks the plugin `failed`.
    init(host: PluginHost) throws {
        self.host = host
        host.log(.info, "ready to greet")
    }

    func perform(_ action: String, params: Parameters, invocation: Invocation) throws -> JSONObject {
        let greeting = try params.decode(Greeting.self)
        return ["greeting": .string("Hello, \(greeting.name)!")]
    }
}

/// The one symbol petald looks for; `export` builds the C table once.
@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(HelloPlugin.self) }
