import DBus
import Foundation
import Linux
import PetalAPI
import PetalCore
import Testing

@testable import PetalDaemon
@testable import PetalPluginRuntime

/// docs/dbus-api.md names everything petald serves: each member of the
/// interfaces of a menu's object, of an item's, and each of Petal's errors.
/// A member added without its documentation fails here.
@Suite struct APIDocumentTests {
    static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/dbus-api.md"), encoding: .utf8)) ?? ""
    }()

    @Test func everyServedMemberIsDocumented() throws {
        #expect(!Self.document.isEmpty, "docs/dbus-api.md was not found")
        let harness = ServiceHarness(items: [MenuItem(id: "a", title: "A", action: "x.y")], actions: [])
        let interfaces =
            MenuService.rootInterfaces(
                registry: ActionRegistry(), initial: LoadedConfiguration(MenuConfiguration()),
                log: Logger(threshold: .error, journal: false)
            )
            + harness.service.itemInterfaces
        var missing: [String] = []
        for interface in interfaces where interface.name.rawValue.hasPrefix("org.petal.") {
            #expect(Self.document.contains("`\(interface.name.rawValue)`"), "\(interface.name) has no section")
            let members =
                interface.methods.map(\.name.rawValue) + interface.properties.map(\.name.rawValue)
                + interface.signals.map(\.name.rawValue)
            for member in members where !Self.document.contains("`\(member)") {
                missing.append("\(interface.name).\(member)")
            }
        }
        #expect(missing.isEmpty, "not in docs/dbus-api.md: \(missing)")
    }

    @Test func everyErrorIsDocumented() {
        let missing = PetalBus.ErrorName.allCases.map(\.rawValue).filter { !Self.document.contains("| `\($0)` |") }
        #expect(missing.isEmpty, "not in docs/dbus-api.md's table of errors: \(missing)")
    }
}
