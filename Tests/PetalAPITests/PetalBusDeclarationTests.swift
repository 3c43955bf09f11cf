import DBus
import PetalAPI
import Testing

/// The declarations petald serves and clients read keep the wire types of
/// docs/dbus-api.md: a change here is a change of the public API.
@Suite struct PetalBusDeclarationTests {
    @Test func theMenuInterfaceHasItsDocumentedTypes() {
        typealias Menu = PetalBus.Menu
        #expect(Menu.items.interface == Menu.interface)
        #expect([ItemRow].dbusType.signature == "a(ssssbb)")
        #expect([ActionRow].dbusType.signature == "a(sss)")
        #expect([PluginRow].dbusType.signature == "a(sssss)")
        #expect([LayoutPoint].dbusType.signature == "a(sdd)")
        #expect(Menu.trigger.inSignature == "sa{sv}" && Menu.trigger.outSignature == "a{sv}")
        #expect(
            Menu.activate.inSignature == "s" && Menu.choose.inSignature == "a{sv}" && Menu.choose.outSignature == "s")
        #expect(Menu.actionFinished.arguments.map(\.type.signature).joined() == "usbss")
        #expect(Menu.signals.map(\.name.rawValue) == ["StateChanged", "ActionStarted", "ActionFinished", "Chosen"])
    }

    @Test func theMenusAndProviderInterfacesHaveTheirDocumentedTypes() {
        #expect([MenuRow].dbusType.signature == "a(sos)")
        #expect(PetalBus.Menus.showMenu.inSignature == "sa{sv}" && PetalBus.Menus.showMenu.outSignature == "o")
        #expect(PetalBus.ActionProvider.invoke.inSignature == "usa{sv}")
        #expect([ProviderActionRow].dbusType.signature == "a(sss)")
    }

    @Test func everyRowReadsBackWhatItWrites() {
        let item = ItemRow(id: "a", title: "A", icon: "i", action: "x.y", enabled: true, selected: false)
        #expect(ItemRow(dbusValue: item.dbusValue) == item)
        let action = ActionRow(id: "x.y", plugin: "x", title: "Y")
        #expect(ActionRow(dbusValue: action.dbusValue) == action)
        let plugin = PluginRow(name: "x", version: "1", path: "/p", status: .loaded, reason: "")
        #expect(PluginRow(dbusValue: plugin.dbusValue) == plugin)
        let point = LayoutPoint(id: "a", x: 1, y: -2)
        #expect(LayoutPoint(dbusValue: point.dbusValue) == point)
        let menu = MenuRow(name: "apps", path: "/org/petal/Petal1/menus/apps", title: "Apps")
        #expect(MenuRow(dbusValue: menu.dbusValue) == menu)
        // The fields keep their order: swapping two of one type is caught.
        #expect(
            ItemRow(dbusValue: item.dbusValue)?.title == "A" && ActionRow(dbusValue: action.dbusValue)?.plugin == "x")
    }
}
