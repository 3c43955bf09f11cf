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

    /// Each of `Limits` has its row in the table of limits, with the number petald enforces.
    @Test func everyLimitIsDocumentedWithItsValue() {
        func bytes(_ count: Int) -> String {
            if count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
            if count % 1024 == 0 && count > 4096 { return "\(count >> 10) KiB" }
            return "\(count) bytes"
        }
        let rows: [(String, String)] = [
            ("an item or action id", bytes(Limits.idBytes)),
            ("a menu's name", bytes(Limits.menuNameBytes)),
            ("an output's name (`Show`'s `output`)", bytes(Limits.outputNameBytes)),
            ("parameters or results, as JSON", bytes(Limits.paramsJSONBytes)),
            ("parameters in the message", bytes(Limits.paramsWireBytes)),
            ("action providers registered at once", "\(Limits.providers)"),
            ("a provider's name", bytes(Limits.providerNameBytes)),
            ("actions one provider declares", "\(Limits.providerActions)"),
            ("a `Choose` or `ChooseFrom` `timeout`", "\(Int(Limits.chooseTimeoutSeconds)) seconds"),
            ("`Choose`, `ChooseFrom`, `Pick` and `PickFrom` calls waiting on a menu", "\(Limits.waitingChooseCalls)"),
            ("a method's options (`a{sv}`) in the message", bytes(Limits.optionsWireBytes)),
            ("items of a menu", "\(Limits.menuItems)"),
            ("items of a `list` menu", "\(Limits.listMenuItems)"),
            ("an item's `title`", bytes(Limits.itemTitleBytes)),
            ("an item's `icon` or `selectedIcon`", bytes(Limits.itemIconBytes)),
            ("menus in a chain of submenus", "\(Limits.menuChain)"),
            ("an ad-hoc menu's JSON", bytes(Limits.adHocMenuBytes)),
            ("an ad-hoc `list` menu's JSON", bytes(Limits.listMenuBytes)),
            ("a row table (the `rows` option)", bytes(Limits.listMenuBytes)),
            ("the JSON and row tables of one connection's ad-hoc menus", bytes(Limits.adHocBytesPerConnection)),
            ("the JSON and row tables of all ad-hoc menus", bytes(Limits.adHocBytesInAll)),
            ("a picker's `prompt`, `message` or `filter`", bytes(Limits.pickerTextBytes)),
            ("ad-hoc menus one connection keeps", "\(Limits.adHocMenusPerConnection)"),
            ("ad-hoc menus of all connections", "\(Limits.adHocMenusInAll)"),
            ("a context value", bytes(Limits.contextValueBytes)),
            ("`SetContext`'s argument in the message", bytes(Limits.contextWireBytes)),
            ("calls one connection has waiting to be served", "\(DBusConnection.maximumWaitingCallsPerCaller)"),
            (
                "calls all connections have waiting to be served, but for each one's first",
                bytes(DBusConnection.maximumWaitingCallBytes)
            ),
        ]
        let missing = rows.map { "| \($0.0) | \($0.1) |" }.filter { !Self.document.contains($0) }
        #expect(missing.isEmpty, "docs/dbus-api.md's table of limits lacks: \(missing)")
    }
}
