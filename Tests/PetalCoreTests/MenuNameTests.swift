import PetalCore
import Testing

/// The one rule of what can name a menu, which petald's configuration and
/// petalctl's `--menu` share.
@Suite struct MenuNameTests {
    @Test func aNameOfMenusOrAMenuWrittenInPlaceIsWellFormed() {
        let longest = String(repeating: "m", count: MenuName.maximumBytes)
        for name in [
            "main", "a", "A-z_0-9", longest, "main/apps", "Power_2-b/lock screen", "main/ünï/☕",
            "a/" + String(repeating: "i", count: 255), "a/b/c/d/e/f/g/h",
        ] {
            #expect(MenuName.isWellFormed(name), "\(name)")
        }
    }

    @Test func anythingElseIsNot() {
        for name in [
            "", "/", "a b", "é", "power.menu", longest + "m", "apps/", "/apps", "a//b", "main/x/",
            "é/apps", "a/" + String(repeating: "i", count: 256),
        ] {
            #expect(!MenuName.isWellFormed(name), "\(name)")
        }
    }

    /// `isValid` is the stricter rule of a name of `menus`: no `/`.
    @Test func aWellFormedNameWithoutASlashIsAValidOne() {
        for name in ["main", "apps", "a-b", "main/apps", "a b", ""] {
            #expect(MenuName.isValid(name) == (MenuName.isWellFormed(name) && !name.contains("/")), "\(name)")
        }
    }

    @Test func everyMenuOfAConfigurationIsWellFormed() throws {
        let config = try #require(
            expectValid(
                #"{"items": [{"id": "deep", "submenu": {"items": [{"id": "er", "submenu": {"items": [{"id": "x", "action": "a"}]}}]}}], "menus": {"apps": {"items": [{"id": "web", "action": "b"}]}}}"#
            ))
        #expect(config.menus.map(\.name) == ["main", "main/deep", "main/deep/er", "apps"])
        #expect(config.menus.allSatisfy { MenuName.isWellFormed($0.name) })
    }

    private var longest: String { String(repeating: "m", count: MenuName.maximumBytes) }
}
