import DBus
import PetalAPI
import PetalCore
import Testing

@testable import PetalDaemon

/// A frontend on demand (docs/dbus-api.md), in-process on a manual
/// scheduler: the test says who owns `org.petal.Frontend1` and how starting
/// it ends, and moves the clock to each deadline. The same behaviours are
/// tested over a private bus in FrontendTests.
@Suite struct FrontendInProcessTests {
    private static let noFrontend = "org.petal.Petal1.Error.NoFrontend"
    private static let fruit = #"{"items": [{"id": "apple", "title": "Apple", "icon": ""}]}"#

    private func harness(_ bus: FrontendBusStandIn) -> ServiceHarness {
        ServiceHarness(
            items: [MenuItem(id: "stay", title: "Stay", action: "inprocess.echo", keepOpen: true)],
            actions: [EchoAction(id: "inprocess.echo")], frontendBus: bus)
    }

    @Test func aChooseFailsWithNoFrontendTwoSecondsOnWhenNobodyOwnsTheNameAndTheMenuStaysOpen() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(false)
        let (call, thrown) = menu.choose()
        #expect(thrown == nil)
        menu.scheduler.advance(by: .milliseconds(1_999))
        #expect(!call.isAnswered)
        menu.scheduler.advance(by: .milliseconds(1))
        #expect(
            call.answer
                == .error(
                    name: Self.noFrontend,
                    message: "no program draws menus: start petal-overlay (systemctl --user start petal-overlay)"))
        #expect(menu.state == .expanded, "NoFrontend leaves the menu as it is, as Timeout does")
    }

    @Test func beforeTheBusHasSaidWhoOwnsTheNameAChooseWaitsAsForAnAbsentFrontend() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        let (call, _) = menu.choose()
        menu.scheduler.advance(by: .seconds(2))
        #expect(call.errorName == Self.noFrontend)
        #expect(bus.startRequests == 1, "a frontend was asked for, the owner being unknown")
    }

    @Test func aFrontendThatComesWithinTwoSecondsLetsTheChooseWaitForAChoice() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(false)
        let (call, _) = menu.choose()
        menu.scheduler.advance(by: .seconds(1))
        bus.owner(true)
        menu.scheduler.advance(by: .seconds(10))
        #expect(!call.isAnswered, "no NoFrontend once a frontend owns the name")
        _ = menu.activate("stay")
        #expect(call.answer == .value("stay"))
    }

    @Test func withAFrontendAChooseWaitsAsLongAsItTakesAndNothingIsStarted() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(true)
        let (call, _) = menu.choose()
        menu.scheduler.advance(by: .seconds(60))
        #expect(!call.isAnswered)
        #expect(bus.startRequests == 0)
        #expect(menu.scheduler.pendingTimers == 0, "no deadline is kept for a call that needs none")
    }

    @Test func aChooseAnsweredBeforeTheDeadlineKeepsItsAnswer() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(false)
        let (call, _) = menu.choose([("timeout", .double(1))])
        menu.scheduler.advance(by: .seconds(5))
        #expect(call.errorName == "org.petal.Petal1.Error.Timeout")
    }

    @Test func openingMenusWithNoFrontendAsksTheBusOnceAtATimeAndAgainTenSecondsAfterAFailure() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(false)
        #expect(menu.handle(.toggle) == .expanding)
        #expect(bus.startRequests == 1)
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        #expect(bus.startRequests == 1, "one request in flight at most")
        bus.answerStarts(DBusError(DBusError.Name.serviceUnknown, "no service file"))
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        #expect(bus.startRequests == 1, "a failed start is not asked again at once")
        menu.scheduler.advance(by: FrontendPresence.retryAfterFailure)
        _ = menu.handle(.close)
        menu.scheduler.advance(by: .seconds(1))
        #expect(menu.handle(.open) == .expanding)
        #expect(bus.startRequests == 2, "but at the first opening ten seconds after it failed")
        bus.answerStarts()
        bus.owner(true)
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        menu.scheduler.advance(by: .seconds(1))
        _ = menu.handle(.toggle)
        #expect(bus.startRequests == 2, "nothing is started while a frontend owns the name")
    }

    @Test func aChooseFromWithNoFrontendFailsAndItsMenuClosesAndGoes() {
        let bus = FrontendBusStandIn()
        let menu = harness(bus)
        bus.owner(false)
        let (call, thrown) = menu.chooseFrom(Self.fruit)
        #expect(thrown == nil)
        let name = menu.service.order.last ?? ""
        #expect(name.hasPrefix("adhoc-") && menu.service.state(of: name) == .expanding)
        menu.scheduler.advance(by: .seconds(2))
        #expect(call.errorName == Self.noFrontend)
        #expect(menu.service.state(of: name) == .collapsing)
        menu.scheduler.advance(by: .seconds(1))
        #expect(menu.service.menus[name] == nil, "the transient menu is removed once closed")
    }

    @Test func withoutABusAFrontendCountsAsPresent() {
        let menu = ServiceHarness(items: [MenuItem(id: "a", title: "A", action: "")], actions: [])
        let (call, _) = menu.choose()
        menu.scheduler.advance(by: .seconds(60))
        #expect(!call.isAnswered)
        #expect(menu.service.frontend.owner == .present)
    }
}
