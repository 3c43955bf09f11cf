import PetalCore
import Testing

struct MenuItemTests {
    @Test func defaultsMatchTheConfigurationFile() {
        let item = MenuItem(id: "camera", title: "Camera", action: "camera.open")
        #expect(item.icon == "")
        #expect(item.selectedIcon == "")
        #expect(item.color == "")
        #expect(item.params.isEmpty)
        #expect(!item.toggle)
        #expect(!item.selected)
        #expect(item.enabled)
        #expect(!item.keepOpen)
    }

    @Test func equalityComparesEveryField() {
        let base = MenuItem(id: "like", title: "Like", icon: "heart", action: "like", params: ["post": 7], toggle: true)
        var other = base
        #expect(other == base)
        other.selected = true
        #expect(other != base)
        other = base
        other.params["post"] = 8
        #expect(other != base)
    }

    @Test func currentIconFollowsTheToggleState() {
        var item = MenuItem(
            id: "like", title: "Like", icon: "heart-empty", selectedIcon: "heart-full",
            action: "like", toggle: true)
        #expect(item.currentIcon == "heart-empty")
        item.selected = true
        #expect(item.currentIcon == "heart-full")
        item.selectedIcon = ""
        #expect(item.currentIcon == "heart-empty", "no selected icon: keep the normal one")
        item.selectedIcon = "heart-full"
        item.toggle = false
        #expect(item.currentIcon == "heart-empty", "only toggle items switch icons")
    }
}

extension MenuItemTests {
    @Test func kindFollowsActionAndSubmenu() {
        #expect(MenuItem(id: "a", title: "A", action: "a.b").kind == .action)
        #expect(MenuItem(id: "a", title: "A", submenu: "apps").kind == .submenu)
        #expect(MenuItem(id: "a", title: "A").kind == .choice)
        #expect(MenuItem.Kind.allCases.map(\.rawValue) == ["action", "submenu", "choice"])
        let item = MenuItem(id: "a", title: "A", action: "a.b")
        #expect(item.submenu == nil && item.key == nil)
    }

    @Test func submenuAndKeyCount() {
        let base = MenuItem(id: "a", title: "A", submenu: "apps", key: "a")
        var other = base
        other.submenu = "power"
        #expect(other != base)
        other = base
        other.key = "b"
        #expect(other != base)
    }
}
