import DBus
import TestSupport
import Testing

extension IsolationTests {
    /// Every function of the `petal_host` table, called by the same plugin
    /// file inside petald and in a host: the same answers, byte for byte.
    @Test func everyHostFunctionAnswersIsolatedAsItDoesInsidePetald() async throws {
        let verbs = [
            "settings", "log", "launch", "launch_true", "run", "stop_run", "run_missing", "call",
            "call_error", "signal", "bad_subscribe",
        ]
        var answers: [String: [String: String]] = [:]
        for isolate in ["none", "third-party"] {
            let lab = try PluginLab()
            lab.isolate = isolate
            try lab.configure(#"{"plugins": {"settings": {"hostcalls": {"greeting": "hi"}}}}"#)
            let folder = try lab.folder("plugins")
            try lab.compile("hostcalls", into: folder, as: "hostcalls.so")
            let daemon = try await lab.start([folder])
            defer { daemon.stop() }
            #expect(
                try await daemon.plugin(named: "hostcalls")?.reason.hasPrefix("isolated, pid ") == (isolate != "none"))
            var mode: [String: String] = [:]
            for verb in verbs {
                do {
                    let result = try await daemon.trigger("hostcalls." + verb)
                    mode[verb] = result.keys.sorted().map { "\($0)=\(result[$0]!)" }.joined(separator: " ")
                } catch let error as DBusError {
                    mode[verb] = "\(error.name): \(error.message)"
                }
            }
            for _ in 0..<200 where !daemon.log.contains("plugin hostcalls: hostcalls says hello") {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(daemon.log.contains("petald: plugin hostcalls: hostcalls says hello"), "\(daemon.log)")
            #expect(!daemon.log.contains("returned an id"), "\(daemon.log)")
            answers[isolate] = mode
        }
        let inside = try #require(answers["none"])
        let isolated = try #require(answers["third-party"])
        for verb in verbs { #expect(isolated[verb] == inside[verb], "hostcalls.\(verb)") }
        // And they are the right answers, not merely the same ones.
        #expect(inside["settings"]?.contains("hi") == true, "\(inside)")
        #expect(inside["launch"]?.contains("petal-no-such-program") == true, "\(inside)")
        #expect(inside["launch_true"]?.contains("pid=boolean(true)") == true, "\(inside)")
        #expect(inside["run"]?.contains("stdout=string(\"out\\n\")") == true, "\(inside)")
        #expect(inside["run"]?.contains("status=int32(3)") == true, "\(inside)")
        #expect(inside["stop_run"]?.contains("cancelled=boolean(true)") == true, "\(inside)")
        #expect(
            inside["run_missing"]
                == #"org.petal.Petal1.Error.ActionFailed: the program "petal-no-such-program" was not found on PATH"#)
        #expect(inside["call"]?.contains("true") == true, "\(inside)")
        #expect(inside["call_error"]?.contains("org.freedesktop.DBus.Error.UnknownMethod") == true, "\(inside)")
        #expect(inside["signal"]?.contains("NameOwnerChanged") == true, "\(inside)")
        #expect(inside["signal"]?.contains("org.freedesktop.DBus") == true, "\(inside)")
        #expect(inside["bad_subscribe"] == "id=int32(0)", "\(inside)")
    }
}
