import DBus
import PetalAPI
import PetalCore
import PetalJSON
import Testing

@testable import PetalControl

/// What petalctl prints of several menus, without a bus: the `menus` table
/// and JSON, the menu a signal's path names, and waybar's line for an open menu.
@Suite struct MenuReportTests {
    static let listed = [
        Reports.ListedMenu(
            row: MenuRow(name: "main", path: PetalBus.path, title: "Main"), state: .collapsed, owner: ""),
        Reports.ListedMenu(
            row: MenuRow(name: "apps", path: PetalBus.menuPath("apps"), title: "Applications"), state: .expanded,
            owner: ""),
        Reports.ListedMenu(
            row: MenuRow(name: "adhoc-1", path: PetalBus.menuPath("adhoc-1"), title: "Pick one"), state: .collapsed,
            owner: ":1.42"),
    ]

    @Test func menusIsATableOfNameTitleStateAndOwner() {
        let (text, _) = Reports.menus(Self.listed)
        #expect(
            text == """
                NAME     TITLE         STATE      OWNER
                main     Main          collapsed  -
                apps     Applications  expanded   -
                adhoc-1  Pick one      collapsed  :1.42

                """)
    }

    @Test func menusJSONHasNameTitlePathStateAndOwner() throws {
        let (_, json) = Reports.menus(Self.listed)
        #expect(
            json.jsonText
                == #"[{"name":"main","title":"Main","path":"/org/petal/Petal1","state":"collapsed","owner":""},"#
                + #"{"name":"apps","title":"Applications","path":"/org/petal/Petal1/menus/apps","state":"expanded","owner":""},"#
                + #"{"name":"adhoc-1","title":"Pick one","path":"/org/petal/Petal1/menus/adhoc_2d1","state":"collapsed","owner":":1.42"}]"#
        )
    }

    @Test func aMenusPathNamesIt() throws {
        #expect(PetalBus.menuName(at: PetalBus.path) == "main")
        #expect(PetalBus.menuName(at: PetalBus.menuPath("apps")) == "apps")
        #expect(PetalBus.menuName(at: PetalBus.menuPath("power-off_2")) == "power-off_2")
        #expect(PetalBus.menuName(at: PetalBus.menuPath("main/apps")) == "main/apps")
        #expect(PetalBus.menuName(at: ObjectPath("/org/petal/Petal1/items/camera")) == nil)
        #expect(PetalBus.menuName(at: ObjectPath("/org/petal/Petal1/menus/apps/items/web")) == nil)
        #expect(PetalBus.menuName(at: ObjectPath("/org/petal/Petal1/menus/_ZZ")) == nil, "not a label")
    }

    func signal(
        at path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ values: DBusValue...
    ) throws -> Message {
        let message = Message.signal(path: path, interface: interface, member: member)
        try message.append(values)
        return message
    }

    @Test func everyLineOfAMenusSignalNamesTheMenu() throws {
        let apps = PetalBus.menuPath("apps")
        let state = try signal(
            at: apps, PetalBus.Menu.interface, "StateChanged", .string("expanded"), .string("expanding"))
        #expect(SignalLine.text(state) == "StateChanged menu=apps state=expanded previous=expanding")
        #expect(
            SignalLine.json(state)
                == #"{"signal":"StateChanged","menu":"apps","state":"expanded","previous":"expanding"}"#)
        let main = try signal(
            at: PetalBus.path, PetalBus.Menu.interface, "ActionStarted", .uint32(3), .string("open.uri"),
            .string("apps/web"))
        #expect(SignalLine.text(main) == "ActionStarted menu=main invocation=3 action=open.uri item=apps/web")
        let changed = try signal(
            at: apps, PropertiesInterface.name, "PropertiesChanged", .string(PetalBus.Menu.interface.rawValue),
            .vardict([("State", .variant(.string("expanded")))]), .array(.string, []))
        #expect(SignalLine.text(changed) == "PropertiesChanged menu=apps State=expanded")
        #expect(
            SignalLine.json(changed)
                == #"{"signal":"PropertiesChanged","menu":"apps","interface":"org.petal.Petal1.Menu","changed":{"State":"expanded"},"invalidated":[]}"#
        )
    }

    @Test func signalsOfNoMenuNameNone() throws {
        let active = try signal(
            at: PetalBus.path, PropertiesInterface.name, "PropertiesChanged",
            .string(PetalBus.Menus.interface.rawValue),
            .vardict([("ActiveMenu", .variant(.objectPath(PetalBus.menuPath("apps"))))]), .array(.string, []))
        #expect(SignalLine.text(active) == "PropertiesChanged ActiveMenu=/org/petal/Petal1/menus/apps")
        let added = try signal(
            at: PetalBus.path, ObjectManagerInterface.name, "InterfacesAdded", .objectPath(PetalBus.menuPath("x")),
            .array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant))), []))
        #expect(SignalLine.text(added).hasPrefix("InterfacesAdded path="))
    }

    @Test func watchShowsMenusSignalsAndNotItems() throws {
        let item = try signal(at: ObjectPath("/org/petal/Petal1/menus/apps/items/web"), "org.x", "Y")
        #expect(!Watcher.shows(item))
        #expect(!Watcher.shows(try signal(at: ObjectPath("/org/petal/Petal1/items/camera"), "org.x", "Y")))
        #expect(Watcher.shows(try signal(at: PetalBus.menuPath("apps"), "org.x", "Y")))
        #expect(Watcher.shows(try signal(at: PetalBus.path, "org.x", "Y")))
    }

    func snapshot(name: String, title: String = "", state: MenuState) -> MenuSnapshot {
        var menu = MenuSnapshot()
        (menu.name, menu.title, menu.state, menu.version) = (name, title, state, "0.3.0")
        menu.items = [ItemRow(id: "web", title: "Web", icon: "", action: "open.uri", enabled: true, selected: false)]
        return menu
    }

    @Test func waybarNamesTheOpenMenuInAltAndClass() throws {
        let open = WaybarStatus.line(
            menu: snapshot(name: "apps", title: "Apps", state: .expanded), open: true, runningActions: 0)
        #expect(
            open
                == #"{"text":"expanded","alt":"apps","tooltip":"Petal 0.3.0: Apps expanded\nWeb","class":["expanded","apps"]}"#
        )
        let running = WaybarStatus.line(menu: snapshot(name: "apps", state: .expanding), open: true, runningActions: 1)
        #expect(running.contains(#""class":["expanding","apps","running"]"#))
        #expect(running.contains(#""tooltip":"Petal 0.3.0: apps expanding\nWeb\n1 action running""#))
    }

    @Test func waybarWithNothingOpenIsAsBefore() {
        let closed = WaybarStatus.line(menu: snapshot(name: "main", state: .collapsed), open: false, runningActions: 0)
        #expect(
            closed
                == #"{"text":"collapsed","alt":"collapsed","tooltip":"Petal 0.3.0: collapsed\nWeb","class":"collapsed"}"#
        )
    }
}
