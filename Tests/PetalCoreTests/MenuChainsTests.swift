import PetalCore
import Testing

/// The rules of several menus (docs/dbus-api.md, "Several menus"), one
/// test per rule, on a clock that moves only when the test says.
@Suite struct MenuChainsTests {
    let clock = ManualClock()

    /// `main` with the submenu `apps` and its submenu `web`, and `power` on its own; 0.3 s each way.
    func menus(_ names: [String] = ["main", "apps", "web", "power"]) -> MenuChains {
        var chains = MenuChains(clock: clock)
        for name in names { chains.add(name, openDuration: .milliseconds(300), closeDuration: .milliseconds(300)) }
        return chains
    }

    func settle(_ chains: inout MenuChains) -> [MenuChains.Change] {
        clock.advance(by: .seconds(1))
        return chains.advance()
    }

    func state(_ name: String, _ from: MenuState, _ to: MenuState) -> MenuChains.Change {
        .state(name, StateTransition(from: from, to: to))
    }

    /// `main` open with `apps` open from its item `a`, and `web` from `apps`'s item `w`, all at rest.
    func openChain() -> MenuChains {
        var chains = menus()
        _ = chains.open("main")
        _ = settle(&chains)
        _ = chains.openSubmenu("apps", from: "main", item: "a")
        _ = settle(&chains)
        _ = chains.openSubmenu("web", from: "apps", item: "w")
        _ = settle(&chains)
        return chains
    }

    @Test func eachMenuHasItsOwnStateMachine() {
        var chains = menus()
        #expect(chains.toggle("power") == [state("power", .collapsed, .expanding)])
        #expect(chains.toggle("power") == [], "Toggle is ignored while expanding")
        #expect(chains.state(of: "main") == .collapsed)
        #expect(chains.close("main") == [], "Close of a collapsed menu is a no-op")
        #expect(settle(&chains) == [state("power", .expanding, .expanded)])
    }

    @Test func openingAnotherMenuClosesTheOpenChainInnermostFirstThenOpens() {
        var chains = openChain()
        #expect(
            chains.open("power") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                state("main", .expanded, .collapsing), state("power", .collapsed, .expanding),
            ])
        #expect(chains.activeMenu == "power", "the new chain is the active one while the old closes")
        let settled = settle(&chains)
        #expect(settled.count == 6)
        #expect(settled.contains(.unlinked(child: "apps", parent: "main")))
        #expect(settled.contains(.unlinked(child: "web", parent: "apps")))
        #expect(chains.state(of: "power") == .expanded && chains.state(of: "main") == .collapsed)
    }

    @Test func aMenuOpeningIsClosedAtOnceWhenAnotherOpens() {
        var chains = menus()
        _ = chains.open("main")
        // main is still expanding: the one case of expanding → collapsing.
        #expect(
            chains.open("power") == [state("main", .expanding, .collapsing), state("power", .collapsed, .expanding)])
    }

    @Test func openingAMenuThatIsOpenAlreadyChangesNothing() {
        var chains = openChain()
        #expect(chains.open("apps") == [], "open as a submenu")
        #expect(chains.open("main") == [], "open on its own")
        #expect(chains.chain(from: "main") == ["main", "apps", "web"])
    }

    @Test func openingWithToggleClosesAnOpenMenu() {
        var chains = menus()
        _ = chains.open("power")
        #expect(chains.open("power", toggle: true) == [], "ignored while it opens, as Toggle is")
        _ = settle(&chains)
        #expect(chains.open("power", toggle: true) == [state("power", .expanded, .collapsing)])
    }

    @Test func aSubmenuIsLinkedBeforeItOpensAndItsParentStaysOpen() {
        var chains = menus()
        _ = chains.open("main")
        _ = settle(&chains)
        #expect(
            chains.openSubmenu("apps", from: "main", item: "a") == [
                .linked(child: "apps", parent: "main", item: "a"), state("apps", .collapsed, .expanding),
            ])
        #expect(chains.state(of: "main") == .expanded)
        #expect(chains.parent(of: "apps")?.menu == "main" && chains.parent(of: "apps")?.item == "a")
        #expect(chains.submenu(of: "main") == "apps" && chains.top(of: "apps") == "main")
        #expect(chains.activeMenu == "apps")
    }

    @Test func aSubmenuOpensOnlyFromAnExpandedMenu() {
        var chains = menus()
        _ = chains.open("main")
        #expect(chains.openSubmenu("apps", from: "main", item: "a") == [], "main is still expanding")
        #expect(chains.openSubmenu("power", from: "web", item: "x") == [], "web is collapsed")
    }

    @Test func anotherSubmenuClosesTheOpenOneFirst() {
        var chains = openChain()
        #expect(
            chains.openSubmenu("power", from: "main", item: "p") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                .linked(child: "power", parent: "main", item: "p"), state("power", .collapsed, .expanding),
            ])
        #expect(chains.submenu(of: "main") == "power", "the opening one, while the other still closes")
        #expect(chains.parent(of: "apps")?.menu == "main", "linked until it has collapsed")
    }

    @Test func activatingAnotherItemClosesTheSubmenusAndLeavesTheMenuOpen() {
        var chains = openChain()
        #expect(
            chains.closeSubmenus(of: "main") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
            ])
        #expect(chains.state(of: "main") == .expanded)
    }

    @Test func closingAMenuClosesItsSubmenusInnermostFirst() {
        var chains = openChain()
        #expect(
            chains.close("main") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                state("main", .expanded, .collapsing),
            ])
    }

    @Test func anActionInASubmenuClosesTheWholeChain() {
        var chains = openChain()
        #expect(
            chains.closeChain(of: "web") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                state("main", .expanded, .collapsing),
            ])
        #expect(chains.activeMenu == "web", "closing, but not collapsed yet: the innermost still shows")
        let settled = settle(&chains)
        #expect(settled.contains(.unlinked(child: "web", parent: "apps")))
        #expect(settled.contains(.unlinked(child: "apps", parent: "main")))
        #expect(chains.activeMenu == nil)
    }

    @Test func backClosesTheInnermostSubmenuElseTheMenu() {
        var chains = openChain()
        #expect(chains.back("main") == [state("web", .expanded, .collapsing)])
        #expect(settle(&chains) == [state("web", .collapsing, .collapsed), .unlinked(child: "web", parent: "apps")])
        #expect(chains.back("apps") == [state("apps", .expanded, .collapsing)], "apps is the innermost now")
        _ = settle(&chains)
        #expect(chains.back("main") == [state("main", .expanded, .collapsing)], "no submenu: main itself")
    }

    @Test func aClosingSubmenuIsUnlinkedOnceCollapsed() {
        var chains = openChain()
        _ = chains.back("main")
        #expect(chains.parent(of: "web")?.menu == "apps", "still drawn from its item while it closes")
        clock.advance(by: .milliseconds(299))
        #expect(chains.advance() == [])
        clock.advance(by: .milliseconds(1))
        #expect(chains.advance() == [state("web", .collapsing, .collapsed), .unlinked(child: "web", parent: "apps")])
        #expect(chains.parent(of: "web") == nil && chains.submenu(of: "apps") == nil)
    }

    @Test func aClosingMenuCannotBeOpenedUntilItHasClosed() {
        var chains = openChain()
        _ = chains.back("main")
        #expect(chains.openSubmenu("web", from: "apps", item: "w") == [], "web is closing")
        #expect(chains.open("web") == [], "Open is ignored while collapsing")
    }

    @Test func withNoDurationsEveryStateIsPassedThroughAtOnce() {
        var chains = MenuChains(clock: clock)
        for name in ["main", "apps"] { chains.add(name, openDuration: .zero, closeDuration: .zero) }
        #expect(chains.open("main") == [state("main", .collapsed, .expanding), state("main", .expanding, .expanded)])
        #expect(
            chains.openSubmenu("apps", from: "main", item: "a") == [
                .linked(child: "apps", parent: "main", item: "a"), state("apps", .collapsed, .expanding),
                state("apps", .expanding, .expanded),
            ])
        #expect(
            chains.close("main") == [
                state("apps", .expanded, .collapsing), state("apps", .collapsing, .collapsed),
                .unlinked(child: "apps", parent: "main"), state("main", .expanded, .collapsing),
                state("main", .collapsing, .collapsed),
            ])
    }

    @Test func dismissingClosesTheWholeChainEvenWhileItOpens() {
        var chains = menus()
        _ = chains.open("power")
        #expect(chains.close("power") == [], "Close is ignored while it opens")
        #expect(chains.dismiss("power") == [state("power", .expanding, .collapsing)])
        var open = openChain()
        #expect(
            open.dismiss("apps") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                state("main", .expanded, .collapsing),
            ])
        #expect(open.dismiss("main") == [], "nothing is open any more")
    }

    @Test func removingAnOpenMenuClosesItFirstAndUnlinksIt() {
        var chains = openChain()
        #expect(
            chains.remove("apps") == [
                state("web", .expanded, .collapsing), state("apps", .expanded, .collapsing),
                .unlinked(child: "apps", parent: "main"),
            ])
        #expect(!chains.contains("apps") && chains.state(of: "main") == .expanded)
        #expect(chains.remove("apps") == [])
    }

    @Test func aMenuLateForItsTimerIsSettledBeforeACommand() {
        var chains = menus()
        _ = chains.open("main")
        clock.advance(by: .seconds(1))
        // The timer has not fired yet; Toggle sees main expanded, not expanding.
        #expect(chains.toggle("main") == [state("main", .expanding, .expanded), state("main", .expanded, .collapsing)])
    }
}
