import PetalCore
import Testing

struct MenuConfigurationTests {
    @Test func embeddedDefaultIsTheClassicMenu() {
        let config = MenuConfiguration.embeddedDefault
        #expect(config.items.map(\.id) == ["camera", "message", "phone"])
        #expect(config.items.map(\.title) == ["Camera", "Message", "Phone"])
        #expect(config.items.map(\.icon) == ["camera-photo", "mail-message-new", "call-start"])
        #expect(config.items.map(\.color) == ["#ef5285", "#60c5ba", "#a5dff9"])
        #expect(config.items.map(\.action) == ["camera.open", "message.compose", "phone.call"])
        #expect(config.items.allSatisfy { $0.enabled && !$0.toggle && !$0.keepOpen && $0.params.isEmpty })
    }

    @Test func embeddedDefaultSettingsAreTheSpecDefaults() {
        let config = MenuConfiguration.embeddedDefault
        #expect(
            config.menu.geometry
                == MenuGeometry(
                    style: .radial, spacing: 80, firstAngle: 100,
                    angleInterval: 40, radius: 100))
        #expect(config.menu.openDuration == .seconds(0.3))
        #expect(config.menu.closeDuration == .seconds(0.3))
        #expect(config.menu.closeOnActivate)
        #expect(config.actions.timeout == .seconds(20))
        #expect(config.actions.maxConcurrent == 32)
        #expect(config.plugins.paths.isEmpty)
        #expect(config.plugins.disabled.isEmpty)
        #expect(config.plugins.settings == ["command": [:]])
    }

    @Test func equalityNoticesChanges() {
        var config = MenuConfiguration.embeddedDefault
        #expect(config == MenuConfiguration())
        config.menu.geometry.radius = 120
        #expect(config != .embeddedDefault)
        config = .embeddedDefault
        config.items[1].enabled = false
        #expect(config != .embeddedDefault)
    }

    @Test func activationClosesUnlessDisabledOrKeptOpen() {
        let plain = MenuItem(id: "a", title: "A", action: "a")
        let sticky = MenuItem(id: "b", title: "B", action: "b", keepOpen: true)
        #expect(MenuSettings().closesAfterActivating(plain))
        #expect(!MenuSettings().closesAfterActivating(sticky))
        #expect(!MenuSettings(closeOnActivate: false).closesAfterActivating(plain))
    }

    @Test func lookUpItemsById() {
        let config = MenuConfiguration.embeddedDefault
        #expect(config.item(withID: "message")?.action == "message.compose")
        #expect(config.item(withID: "nope") == nil)
    }
}
