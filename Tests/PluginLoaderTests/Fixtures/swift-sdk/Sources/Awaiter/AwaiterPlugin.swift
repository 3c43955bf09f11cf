import Glibc
import PetalPlugin

/// An async plugin. `awaiter.thread` answers `{"thread": NAME}`, the thread
/// its perform ran on, without suspending; `awaiter.sleep` (`{"seconds": N}`)
/// suspends for N seconds and answers the threads before and after, or, when
/// cancelled meanwhile, logs `awaiter.sleep was cancelled`.
struct AwaiterPlugin: Plugin {
    static let name = "awaiter"
    static let version = "1.0.0"
    static let actions = [
        PluginAction("awaiter.thread", title: "Which thread"),
        PluginAction("awaiter.sleep", title: "Sleep"),
    ]

    private let host: PluginHost

    init(host: PluginHost) throws { self.host = host }

    func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        let before = Self.threadName()
        guard action == "awaiter.sleep" else { return ["thread": .string(before)] }
        do {
            try await Task.sleep(for: .seconds(try params.number("seconds") ?? 0))
        } catch {
            host.log(.info, "awaiter.sleep was cancelled")
            throw error
        }
        return ["before": .string(before), "after": .string(Self.threadName())]
    }

    /// The calling thread's name, as `top -H` shows it (`petal-awaiter` for the plugin's worker).
    static func threadName() -> String {
        let file = open("/proc/thread-self/comm", O_RDONLY)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(file, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(count, 0)).prefix { $0 != 10 }, as: UTF8.self)
    }
}

@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(AwaiterPlugin.self) }
