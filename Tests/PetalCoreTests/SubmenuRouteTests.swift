import PetalCore
import Testing

/// The way to a menu through submenus, for drawing it open from its item.
@Suite struct SubmenuRouteTests {
    typealias Menu = SubmenuRoute.Menu
    typealias Step = SubmenuRoute.Step

    /// main: apps (→ apps), shot, session (→ main/session); apps: web, games (→ games); games: chess.
    let menus = [
        Menu(name: "main", submenus: ["apps", nil, "main/session"]),
        Menu(name: "main/session", submenus: [nil, nil]),
        Menu(name: "apps", submenus: [nil, "games"]),
        Menu(name: "games", submenus: [nil]),
        Menu(name: "power", submenus: [nil]),
    ]

    @Test func aMenuNoItemOpensIsItsOwnRoute() {
        for name in ["main", "power"] {
            let route = SubmenuRoute(to: name, among: menus)
            #expect(route.steps.isEmpty && route.target == name && route.names == [name])
        }
    }

    @Test func aSubmenuIsReachedFromTheTopThroughEachItemThatOpensTheNext() {
        #expect(SubmenuRoute(to: "apps", among: menus).steps == [Step(menu: "main", item: 0)])
        #expect(SubmenuRoute(to: "main/session", among: menus).steps == [Step(menu: "main", item: 2)])
        let games = SubmenuRoute(to: "games", among: menus)
        #expect(games.steps == [Step(menu: "main", item: 0), Step(menu: "apps", item: 1)])
        #expect(games.names == ["main", "apps", "games"])
    }

    @Test func theFirstItemThatOpensAMenuInConfigurationOrderLeadsToIt() {
        let twice = [
            Menu(name: "main", submenus: [nil, "tools", "tools"]),
            Menu(name: "power", submenus: ["tools"]),
            Menu(name: "tools", submenus: [nil]),
        ]
        #expect(SubmenuRoute(to: "tools", among: twice).steps == [Step(menu: "main", item: 1)])
    }

    @Test func aMenuOpenAsASubmenuIsReachedTheWayItWasOpened() {
        let twice = [
            Menu(name: "main", submenus: ["tools"]),
            Menu(name: "power", submenus: [nil, "tools"]),
            Menu(name: "tools", submenus: [nil]),
        ]
        let route = SubmenuRoute(to: "tools", among: twice, open: ["tools": Step(menu: "power", item: 1)])
        #expect(route.steps == [Step(menu: "power", item: 1)])
        // An open link that names no menu, or no item of it, is ignored.
        for stale in [Step(menu: "gone", item: 0), Step(menu: "power", item: 2), Step(menu: "power", item: -1)] {
            #expect(
                SubmenuRoute(to: "tools", among: twice, open: ["tools": stale]).steps == [Step(menu: "main", item: 0)])
        }
    }

    @Test func aCycleEndsTheRouteAtTheMenuThatWouldComeTwice() {
        let cycle = [
            Menu(name: "a", submenus: ["b"]), Menu(name: "b", submenus: ["c"]), Menu(name: "c", submenus: ["a"]),
        ]
        #expect(SubmenuRoute(to: "a", among: cycle).names == ["b", "c", "a"])
        let itself = [Menu(name: "a", submenus: ["a"])]
        #expect(SubmenuRoute(to: "a", among: itself).names == ["a"])
    }

    @Test func aRouteHoldsAtMostTheLongestChainOfMenus() {
        let names = (0..<12).map { "m\($0)" }
        let line = names.indices.map { Menu(name: names[$0], submenus: [$0 + 1 < names.count ? names[$0 + 1] : nil]) }
        let route = SubmenuRoute(to: "m11", among: line)
        #expect(route.names == Array(names.suffix(Limits.menuChain)))
        #expect(route.steps.allSatisfy { $0.item == 0 })
    }

    @Test func anUnknownTargetIsAloneOnItsRoute() {
        #expect(SubmenuRoute(to: "nowhere", among: menus).names == ["nowhere"])
    }
}
