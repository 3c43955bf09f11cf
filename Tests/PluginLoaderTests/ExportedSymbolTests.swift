import Foundation
import TestSupport
import Testing

/// A plugin library exports its entry symbol and nothing else: Petal's own
/// plugins (Plugins/exports.map, through Package.swift) and both examples.
/// Without the version script a Swift plugin exports every public symbol of
/// the SDK linked into it, several hundred of them.
@Suite struct ExportedSymbolTests {
    /// The global symbols `library` defines in its dynamic symbol table.
    ///
    /// `--extern-only`, because the linker keeps some local symbols in the
    /// table for its relocations; their binding is LOCAL, so nothing outside
    /// the library can bind to them.
    static func exported(by library: String) throws -> [String] {
        let listing = try Tool.run(["nm", "-D", "--defined-only", "--extern-only", library])
        return listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    static let builtIn = ["camera", "command", "message", "open", "phone"]

    @Test(arguments: builtIn)
    func aBuiltInPluginExportsOnlyItsEntry(_ name: String) throws {
        let library = RunningDaemon.binDirectory.appendingPathComponent("libpetal-\(name).so").path
        #expect(try Self.exported(by: library) == ["petal_plugin_entry_v1"])
    }

    @Test func theExamplesExportOnlyTheirEntry() throws {
        #expect(try Self.exported(by: try ExamplePluginTests.helloCLibrary()) == ["petal_plugin_entry_v1"])
        #expect(try Self.exported(by: try ExamplePluginTests.helloSwiftLibrary()) == ["petal_plugin_entry_v1"])
    }
}
