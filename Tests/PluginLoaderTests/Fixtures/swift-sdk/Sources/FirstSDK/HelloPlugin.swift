// The plugin of the first SDK's documentation (docs/plugins.md, "Plugins in
// Swift", and petal-plugins(7), before the JSON types moved from PetalCore to
// PetalJSON), as it was written but for one word: its name was "hello-swift",
// and petald now refuses a plugin whose action is outside its own namespace
// (docs/plugins.md#the-tables-field-by-field), so it is "hello", as the
// example's own plugin was renamed then.
import PetalCore
import PetalPlugin

struct HelloPlugin: Plugin {
    static let name = "hello"
    static let version = "1.0.0"
    static let actions = [PluginAction("hello.greet", title: "Say hello", icon: "face-smile")]

    struct Greeting: Decodable { let name: String }

    init(host: PluginHost) throws {}

    func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        let greeting = try params.decode(Greeting.self)
        return ["greeting": .string("Hello, \(greeting.name)!")]
    }
}

@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(HelloPlugin.self) }
