import DBus
import Foundation
import TestSupport
import Testing

/// The plugin examples of `examples/plugins` load into the real petald and
/// do what their READMEs say. `make test` builds them first (`make examples`);
/// run alone, these tests build what is missing.
@Suite struct ExamplePluginTests {
    static let examples = PluginLab.repositoryRoot.appendingPathComponent("examples/plugins")

    /// Inside petald, and isolated in a host of its own as third-party plugins are by default: the same file, the same answers.
    @Test(arguments: ["none", "third-party"])
    func helloInC(isolate: String) async throws {
        try await expectGreets(library: Self.helloCLibrary(), plugin: "hello", isolate: isolate)
    }

    @Test(arguments: ["none", "third-party"])
    func helloInSwift(isolate: String) async throws {
        try await expectGreets(library: Self.helloSwiftLibrary(), plugin: "hello", isolate: isolate)
    }

    /// Each example carries its note: copied under a file name plugins.disabled
    /// does not match, it is disabled by the name in its note, before it is loaded.
    @Test(arguments: ["c", "swift"])
    func exampleIsDisabledByTheNameInItsNote(_ language: String) async throws {
        let library = try language == "c" ? Self.helloCLibrary() : Self.helloSwiftLibrary()
        let lab = try PluginLab()
        let folder = try lab.folder("plugins")
        let path = try lab.copy(library, into: folder, as: "libgreeter.so")
        try lab.configure(#"{"plugins": {"disabled": ["hello"]}}"#)
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "disabled", "\(row)")
        #expect(row.reason.contains(#"(as "hello", the name its .note.petal gives)"#), "\(row)")
        #expect(row.name == "hello" && row.version == "1.0.0", "\(row)")
        #expect(!daemon.log.contains("plugin hello: ready to greet"), "its init ran:\n\(daemon.log)")
    }

    /// examples/plugins/hello-c/libhello.so, made first: make is cheap when nothing
    /// changed, and rebuilds after an edit of hello.c.
    static func helloCLibrary() throws -> String {
        let source = examples.appendingPathComponent("hello-c").path
        try Tool.run(["make", "-s", "-C", source])
        return source + "/libhello.so"
    }

    /// examples/plugins/hello-swift's library. A Swift build takes minutes: only
    /// when `make examples` has not built it (debug or release).
    static func helloSwiftLibrary() throws -> String {
        let package = examples.appendingPathComponent("hello-swift").path
        let built = ["debug", "release"].map { package + "/.build/\($0)/libhello-swift.so" }
        let library = built.first { FileManager.default.fileExists(atPath: $0) } ?? built[0]
        if !FileManager.default.fileExists(atPath: library) {
            try Tool.run(["swift", "build", "--package-path", package])
        }
        return library
    }

    /// Loads `library` (copied into a folder of its own) and triggers hello.greet with and without a name.
    private func expectGreets(library: String, plugin: String, isolate: String) async throws {
        let lab = try PluginLab()
        lab.isolate = isolate
        let folder = try lab.folder("plugins")
        let path = try lab.copy(library, into: folder, as: URL(fileURLWithPath: library).lastPathComponent)
        let daemon = try await lab.start([folder])
        defer { daemon.stop() }

        let row = try #require(try await daemon.plugin(at: path))
        #expect(row.status == "loaded", "\(row)\n\(daemon.log)")
        #expect(row.name == plugin)
        #expect(row.version == "1.0.0")
        #expect(row.reason.hasPrefix("isolated, pid ") == (isolate != "none"), "\(row)")
        #expect(
            try await daemon.trigger("hello.greet", [("name", .string("Ann"))]) == ["greeting": .string("Hello, Ann!")])
        // Escapes survive the trip: quotes and non-ASCII text.
        #expect(
            try await daemon.trigger("hello.greet", [("name", .string(#"Zoë "Z""#))])
                == ["greeting": .string(#"Hello, Zoë "Z"!"#)])

        let missing = await daemon.triggerError("hello.greet")
        #expect(missing?.name == "org.petal.Petal1.Error.InvalidParams")
        #expect(missing?.message.contains(#""name""#) == true, "\(String(describing: missing))")
        let mistyped = await daemon.triggerError("hello.greet", [("name", .int32(3))])
        #expect(mistyped?.name == "org.petal.Petal1.Error.InvalidParams")
        #expect(mistyped?.message.contains("string") == true, "\(String(describing: mistyped))")
        try await daemon.expectServing(loaded: ["phone", plugin])
        #expect(
            daemon.log.contains("plugin \(plugin): ready to greet"), "the plugin logs through the host:\n\(daemon.log)")
    }
}
