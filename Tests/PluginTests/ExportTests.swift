import PetalJSON
import PetalPlugin
import PetalPluginABI
import Testing

/// A plugin whose init refuses, as one missing a setting would.
private struct RefusingPlugin: Plugin {
    static let name = "refusing"
    static let version = "1.0.0"
    static let actions = [PluginAction("refusing.nothing", title: "Nothing")]

    init(host: PluginHost) throws {
        throw PluginError.failed("no frobnicator is configured; set plugins.settings.refusing.frobnicator")
    }

    func perform(_ action: String, params: Parameters) async throws -> JSONObject { [:] }
}

/// The C table `export` builds, called as petald calls it.
@Suite struct ExportTests {
    /// petald shows "its init failed: REASON": the reason alone, with no error name in front.
    @Test func anInitErrorReachesTheDaemonAsItsReasonAlone() {
        let table = export(RefusingPlugin.self).assumingMemoryBound(to: petal_plugin.self)
        guard let start = table.pointee.`init` else {
            Issue.record("the exported table has no init")
            return
        }
        var host = petal_host()
        host.struct_size = UInt32(MemoryLayout<petal_host>.size)
        var state: UnsafeMutableRawPointer?
        var failure: UnsafePointer<CChar>?
        let status = start(&host, &state, &failure)
        #expect(status != 0)
        #expect(failure.map { String(cString: $0) } == "no frobnicator is configured; set plugins.settings.refusing.frobnicator")
    }
}
