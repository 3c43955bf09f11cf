import DBus
import Foundation
import PetalAPI
import TestSupport
import Testing

/// Several menus driven as a script author drives them, with busctl and
/// gdbus: ShowMenu, a submenu opened by Activate, Back, ChooseFrom answered
/// from the other tool, and the new errors by name.
@Suite(.timeLimit(.minutes(2))) struct MenusThroughToolsTests {
    static let destination = "org.petal.Petal1"

    func busctl(_ fixture: MenusFixture, _ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.running(["busctl", "--address=\(fixture.daemon.bus.address)"] + arguments)
    }

    func gdbus(_ fixture: MenusFixture, _ path: String, _ method: String, _ arguments: [String]) async throws
        -> ExternalCommand
    {
        try await ExternalCommand.running(
            [
                "gdbus", "call", "--address", fixture.daemon.bus.address, "-d", Self.destination, "-o", path, "-m",
                method,
            ]
                + arguments)
    }

    @Test func busctlShowsAMenuOpensASubmenuAndGoesBack() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let root = PetalBus.path.rawValue
        let shown = try await busctl(
            fixture,
            [
                "call", Self.destination, root, "org.petal.Petal1.Menus", "ShowMenu", "sa{sv}", "main", "1", "toggle",
                "b", "false",
            ])
        #expect(shown.status == 0 && shown.output.contains("o \"\(root)\""), "\(shown.summary)")
        try await fixture.wait(until: "main", is: "expanded")

        let opened = try await busctl(
            fixture, ["call", Self.destination, root, "org.petal.Petal1.Menu", "Activate", "s", "apps"])
        let apps = PetalBus.menuPath("apps").rawValue
        #expect(opened.output.contains("\"submenu\" o \"\(apps)\""), "\(opened.summary)")
        try await fixture.wait(until: "apps", is: "expanded")
        let placement = try await busctl(
            fixture, ["get-property", Self.destination, apps, "org.petal.Petal1.Menu", "Placement", "Parent"])
        #expect(placement.output.contains("\"parent\" o \"\(root)\" \"item\" s \"apps\""), "\(placement.summary)")

        let back = try await busctl(fixture, ["call", Self.destination, root, "org.petal.Petal1.Menu", "Back"])
        #expect(back.output.contains("s \"expanded\""), "Back closed apps, main stays: \(back.summary)")
        try await fixture.wait(until: "apps", is: "collapsed")

        let unknown = try await busctl(
            fixture, ["call", Self.destination, root, "org.petal.Petal1.Menus", "ShowMenu", "sa{sv}", "nothing", "0"])
        #expect(
            unknown.status != 0 && unknown.errors.contains("no menu is called \"nothing\""), "\(unknown.summary)")
    }

    @Test func gdbusChoosesFromAMenuThatBusctlAnswers() async throws {
        let fixture = try await MenusFixture.start()
        defer { fixture.stop() }
        let menu = #"{"title":"Pick","items":[{"id":"red","title":"Red"},{"id":"blue","title":"Blue"}]}"#
        let choosing = Task {
            try await gdbus(
                fixture, PetalBus.path.rawValue, "org.petal.Petal1.Menus.ChooseFrom", [menu, "{'timeout': <30>}"])
        }
        let opened = try await eventually { try await fixture.client.activeMenu() != .root }
        #expect(opened)
        let path = try await fixture.client.activeMenu().rawValue
        _ = try await eventually {
            try await fixture.menu(PetalBus.menuName(at: ObjectPath(path)) ?? "").snapshot().state == .expanded
        }
        let activated = try await busctl(
            fixture, ["call", Self.destination, path, "org.petal.Petal1.Menu", "Activate", "s", "blue"])
        #expect(activated.status == 0, "\(activated.summary)")
        let chosen = try await choosing.value
        #expect(chosen.output.contains("('blue',)"), "\(chosen.summary)")

        let refused = try await gdbus(
            fixture, PetalBus.path.rawValue, "org.petal.Petal1.Menus.CreateMenu",
            [#"{"items":[{"id":"a","color":"red"}]}"#, "{}"])
        #expect(
            refused.errors.contains("org.petal.Petal1.Error.InvalidMenu: items[0].color"), "\(refused.summary)")
    }
}
