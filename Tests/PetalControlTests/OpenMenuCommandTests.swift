import Foundation
import TestSupport
import Testing

/// Without `--menu`, `back`, `close`, `activate`, `items`, `status` and
/// `highlight` act on the menu that is open, `close` on the top of its chain
/// (petalctl(1), THE OPEN MENU): a user who opened `power` with `show` and
/// types `petalctl activate lock` means power's item.
@Suite struct OpenMenuCommandTests {
    typealias Menus = NamedMenuCommandTests

    @Test func theVerbsFollowAMenuOpenedByShow() async throws {
        let daemon = try await Menus.daemon()
        defer { daemon.stop() }
        // Nothing open: main.
        let idle = try await Petalctl.run(on: daemon, ["items", "--ids"])
        #expect(idle.output == "apps\nrun\n", "\(idle.summary)")

        _ = try await Petalctl.run(on: daemon, ["show", "power"])
        try await Menus.waitForState(daemon, Menus.power, "expanded")
        let status = try await Petalctl.run(on: daemon, ["status"])
        #expect(status.output.hasPrefix("Menu:         power\nState:        expanded\n"), "\(status.summary)")
        #expect(try await Petalctl.run(on: daemon, ["items", "--ids"]).output == "lock\n")

        let highlighted = try await Petalctl.run(on: daemon, ["highlight", "lock"])
        #expect(highlighted.status == 0 && highlighted.output.isEmpty, "\(highlighted.summary)")
        #expect(try await Petalctl.run(on: daemon, ["highlight"]).output == "lock\n")
        let json = try await Petalctl.run(on: daemon, ["--json", "highlight"])
        #expect(json.output == #"{"menu":"power","highlighted":"lock"}"# + "\n", "\(json.summary)")

        let mistyped = try await Petalctl.run(on: daemon, ["highlight", "lokc"])
        #expect(mistyped.status == 1)
        #expect(
            mistyped.errors
                == "org.freedesktop.DBus.Error.InvalidArgs: menu power has no item \"lokc\" (did you mean \"lock\"?); Highlighted takes one of its ids or \"\" for none: its Items property lists the ids: lock\n",
            "\(mistyped.summary)")
        #expect(try await Petalctl.run(on: daemon, ["highlight"]).output == "lock\n", "a refusal changes nothing")
        let none = try await Petalctl.run(on: daemon, ["highlight", "--none"])
        #expect(none.status == 0)
        #expect(try await Petalctl.run(on: daemon, ["highlight"]).output.isEmpty)

        let activated = try await Petalctl.run(on: daemon, ["activate", "lock"])
        #expect(activated.status == 0, "power's item, not an unknown item of main: \(activated.summary)")
        try await Menus.waitForState(daemon, Menus.power, "collapsed")
        let after = try await Petalctl.run(on: daemon, ["status"])
        #expect(after.output.hasPrefix("Menu:         main\n"), "all closed again: main. \(after.summary)")
    }

    @Test func closeClosesTheWholeChainAndBackItsInnermostMenu() async throws {
        let daemon = try await Menus.daemon()
        defer { daemon.stop() }
        _ = try await Petalctl.run(on: daemon, ["open"])
        try await daemon.waitForState("expanded")
        _ = try await Petalctl.run(on: daemon, ["activate", "apps"])
        try await Menus.waitForState(daemon, Menus.apps, "expanded")
        #expect(try await Petalctl.run(on: daemon, ["items", "--ids"]).output == "web\n", "the submenu's items")
        #expect(try await Petalctl.run(on: daemon, ["--menu", "main", "items", "--ids"]).output == "apps\nrun\n")

        let closed = try await Petalctl.run(on: daemon, ["--json", "close"])
        #expect(closed.output == #"{"state":"collapsing"}"# + "\n", "\(closed.summary)")
        try await daemon.waitForState("collapsed")
        try await Menus.waitForState(daemon, Menus.apps, "collapsed")
    }

    @Test func aMistypedMenuIsGuessed() async throws {
        let daemon = try await Menus.daemon()
        defer { daemon.stop() }
        let toggled = try await Petalctl.run(on: daemon, ["toggle", "--menu", "pwr"])
        #expect(toggled.status == 1)
        #expect(
            toggled.errors
                == "petalctl: petald has no menu \"pwr\"; did you mean power? its menus are main, apps, power\n",
            "\(toggled.summary)")
        let shown = try await Petalctl.run(on: daemon, ["show", "pwr"])
        #expect(shown.status == 1)
        #expect(
            shown.errors
                == "org.petal.Petal1.Error.UnknownMenu: no menu is called \"pwr\"; did you mean power? The Menus property lists them: main, apps, power\n",
            "\(shown.summary)")
        let far = try await Petalctl.run(on: daemon, ["show", "settings"])
        #expect(!far.errors.contains("did you mean"), "\(far.summary)")
    }

    /// `choose --lines` says nothing when the user closes its menu, but names
    /// the menu another program opened in its place.
    @Test func aChoiceReplacedByAnotherMenuSaysWhich() async throws {
        let daemon = try await Menus.daemon()
        defer { daemon.stop() }
        let choose = Petalctl.command(on: daemon, ["choose", "--lines"]).map(shellQuoted).joined(separator: " ")
        let chosen = Task { try await ExternalCommand.running(["bash", "-c", "printf 'a\\nb\\n' | \(choose)"]) }
        _ = try await Menus.activeMenu(daemon)
        _ = try await Petalctl.run(on: daemon, ["show", "power"])
        let result = try await chosen.value
        #expect(result.status == 1, "\(result.summary)")
        #expect(result.output.isEmpty)
        #expect(
            result.errors == "petalctl: nothing was chosen: the menu power was opened instead\n", "\(result.summary)")

        let closing = Task { try await ExternalCommand.running(["bash", "-c", "printf 'a\\nb\\n' | \(choose)"]) }
        try await Menus.waitForState(daemon, Menus.power, "collapsed")
        let name = try await Menus.activeMenu(daemon)
        _ = try await Petalctl.run(on: daemon, ["close"])
        let closed = try await closing.value
        #expect(closed.status == 1 && closed.errors.isEmpty && closed.output.isEmpty, "\(name): \(closed.summary)")

        let timed = try await ExternalCommand.running([
            "bash", "-c", "printf 'a\\n' | \(choose) --timeout 0.2",
        ])
        #expect(timed.status == 124 && timed.errors.isEmpty && timed.output.isEmpty, "\(timed.summary)")
    }
}
