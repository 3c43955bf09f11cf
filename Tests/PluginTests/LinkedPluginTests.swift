import DBus
import Foundation
import TestSupport
import Testing

/// petald links Petal's own plugins and runs them from there: a first
/// invocation maps neither the plugin's library nor the shared Swift runtime
/// it would bring. A program that does not link them (petal-test-daemon)
/// loads the library from beside itself at that first invocation.
@Suite struct LinkedPluginTests {
    /// The files the process `pid` has mapped, by their last path component.
    private static func mappedFiles(of pid: Int32) throws -> Set<String> {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        return Set(maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
    }

    @Test func petaldRunsItsOwnPluginsFromTheCopyLinkedIntoIt() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let result = try await petal.trigger("command.run", [("argv", .strings(["/bin/true"]))])
        #expect(result["status"]?.integerValue == 0, "\(result)")
        let mapped = try Self.mappedFiles(of: petal.daemon.process.processIdentifier)
        #expect(!mapped.contains("libpetal-command.so"), "\(mapped.sorted())")
        #expect(!mapped.contains { $0.hasPrefix("libswiftCore") }, "\(mapped.sorted())")
        #expect(
            petal.daemon.log.contains(
                "plugin command: started from the copy linked into this program, for its first invocation"),
            "\(petal.daemon.log)")
    }

    @Test func aProgramWithoutThemLoadsTheLibraryAtTheFirstInvocation() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let before = try Self.mappedFiles(of: daemon.process.processIdentifier)
        #expect(!before.contains("libpetal-command.so"), "mapped before its first invocation: \(before.sorted())")
        _ = try await daemon.menu("Trigger", [.string("command.run"), .vardict([("argv", .strings(["/bin/true"]))])])
        let after = try Self.mappedFiles(of: daemon.process.processIdentifier)
        #expect(after.contains("libpetal-command.so"), "\(after.sorted())")
        #expect(daemon.log.contains("plugin command: its library was loaded for its first invocation"), "\(daemon.log)")
    }
}
