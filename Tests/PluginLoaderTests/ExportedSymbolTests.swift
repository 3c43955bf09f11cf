import Foundation
import TestSupport
import Testing

/// A plugin library exports its entry symbol and nothing else: Petal's own
/// plugins (Plugins/exports.map, through Package.swift) and both examples.
/// Without the version script a Swift plugin exports every public symbol of
/// the SDK linked into it, several hundred of them. petald and petalctl,
/// which have Swift's runtime built in, export none of their own.
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

    /// `-static-stdlib` links with `-export-dynamic`, which exported some 5,700
    /// of petald's symbols, the SDK's and PetalJSON's among them: a plugin
    /// carrying its own copy of those without a version script would have
    /// bound to petald's, on another Swift runtime. Only the copy relocations
    /// of libc's `stdout` and `stderr` may be defined.
    @Test(arguments: ["petald", "petalctl"])
    func aProgramWithTheRuntimeBuiltInExportsNothingOfItsOwn(_ program: String) throws {
        let path = RunningDaemon.binDirectory.appendingPathComponent(program).path
        let exported = try Self.exported(by: path).filter { !$0.contains("@GLIBC_") }
        #expect(exported == [], "\(exported.prefix(10))")
    }
}
