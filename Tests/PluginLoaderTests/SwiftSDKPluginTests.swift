import DBus
import Foundation
import TestSupport
import Testing

/// Swift plugins built at test time from `Fixtures/swift-sdk` against this
/// checkout's SDK, loaded into the real petald: one written against the first
/// SDK's documentation keeps building and working, and an async plugin starts
/// on the plugin's worker and still hears its cancellation.
@Suite struct SwiftSDKPluginTests {
    static let package = PluginLab.fixtures.appendingPathComponent("swift-sdk").path

    /// The fixtures' build folder, built once per test process: `swift build`
    /// takes minutes the first time and seconds when nothing has changed, and
    /// always runs, so that a change to the SDK that breaks them is seen.
    /// Without the manifest cache, which would keep listing an SDK file that
    /// has since been removed ("missing inputs").
    static let built = Result<String, any Error> {
        try Tool.run(["swift", "build", "--package-path", package, "--disable-build-manifest-caching"])
        return package + "/.build/debug"
    }

    /// The library of the fixture product `product`.
    static func library(_ product: String) throws -> String {
        try built.get() + "/lib\(product).so"
    }

    /// Starts petald with the fixture `product` in a plugin folder of its own.
    private func start(
        _ product: String, isolate: String = "none", configuration: String = "{}"
    ) async throws -> (lab: PluginLab, daemon: RunningDaemon, path: String) {
        let lab = try PluginLab()
        lab.isolate = isolate
        try lab.configure(configuration)
        let folder = try lab.folder("plugins")
        let path = try lab.copy(try Self.library(product), into: folder, as: "lib\(product).so")
        return (lab, try await lab.start([folder]), path)
    }

    /// Its Package.swift names the PetalCore and PetalPlugin products and its
    /// source imports PetalCore, then PetalPlugin, for JSONObject: as the
    /// first SDK's documentation said (docs/plugins.md#the-package).
    @Test(arguments: ["none", "third-party"])
    func aPluginWrittenForTheFirstSDKBuildsAndGreets(isolate: String) async throws {
        let (lab, daemon, path) = try await start("first-sdk", isolate: isolate)
        defer {
            daemon.stop()
            _ = lab
        }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "loaded", "\(row)\n\(daemon.log)")
        #expect(row.name == "hello" && row.version == "1.0.0", "\(row)")
        #expect(
            try await daemon.trigger("hello.greet", [("name", .string("Ann"))]) == ["greeting": .string("Hello, Ann!")])
        let missing = await daemon.triggerError("hello.greet")
        #expect(missing?.name == "org.petal.Petal1.Error.InvalidParams", "\(String(describing: missing))")
    }

    /// An async perform starts on the plugin's worker, where petald calls
    /// `invoke`, not on Swift's cooperative pool: one that never suspends is
    /// done there (docs/architecture.md, "A Trigger, hop by hop").
    @Test(arguments: ["none", "third-party"])
    func anAsyncPerformStartsOnThePluginsWorker(isolate: String) async throws {
        let (lab, daemon, _) = try await start("awaiter", isolate: isolate)
        defer {
            daemon.stop()
            _ = lab
        }

        #expect(try await daemon.trigger("awaiter.thread") == ["thread": .string("petal-awaiter")], "\(daemon.log)")
        let slept = try await daemon.trigger("awaiter.sleep", [("seconds", .double(0.05))])
        #expect(slept["before"] == .string("petal-awaiter"), "\(slept)")
        #expect(slept["after"]?.stringValue?.isEmpty == false, "an await that suspends goes on and completes: \(slept)")
        #expect(try await daemon.trigger("awaiter.thread") == ["thread": .string("petal-awaiter")])
    }

    /// When petald gives up on an invocation (here its timeout, 1 s), the task
    /// of an async perform is cancelled, and a suspended await hears it.
    @Test func cancellationReachesARunningAsyncPerform() async throws {
        let (lab, daemon, _) = try await start("awaiter", configuration: #"{"actions": {"timeout": 1}}"#)
        defer {
            daemon.stop()
            _ = lab
        }

        let timedOut = await daemon.triggerError("awaiter.sleep", [("seconds", .double(30))])
        #expect(timedOut?.name == "org.petal.Petal1.Error.Timeout", "\(String(describing: timedOut))")
        for _ in 0..<250 where !daemon.log.contains("plugin awaiter: awaiter.sleep was cancelled") {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(daemon.log.contains("plugin awaiter: awaiter.sleep was cancelled"), "\(daemon.log)")
        // The worker is free: the next invocation runs at once.
        #expect(try await daemon.trigger("awaiter.thread") == ["thread": .string("petal-awaiter")])
    }
}
