import DBus
import PetalCore
import PetalJSON
import Testing

@testable import PetalDaemon

/// The menu service driven in-process on a manual scheduler: no bus, no
/// sleeps, every step in the test's hands. The same behaviours are also
/// tested over a private bus (ActivateTests, ChooseTests, TriggerTests,
/// LifecycleTests); these pin the order of events and the timings exactly.
@Suite struct ServiceInProcessTests {
    private static let held = "inprocess.held"
    private static let echo = "inprocess.echo"

    private func harness(
        heldAction: HeldAction = HeldAction(id: held), maxConcurrent: Int = 4, timeout: Duration = .seconds(20)
    ) -> ServiceHarness {
        ServiceHarness(
            items: [
                MenuItem(id: "run", title: "Run", action: Self.held, params: ["from": "item"]),
                MenuItem(id: "like", title: "Like", action: Self.held, toggle: true),
                MenuItem(id: "stay", title: "Stay", action: Self.echo, keepOpen: true),
            ],
            actions: [heldAction, EchoAction(id: Self.echo)],
            limits: ActionSettings(timeout: timeout, maxConcurrent: maxConcurrent))
    }

    // MARK: The state machine on the scheduler's clock

    @Test func openingExpandsExactlyWhenTheOpenDurationHasPassed() {
        let menu = harness()
        #expect(menu.handle(.toggle) == .expanding)
        menu.scheduler.advance(by: .milliseconds(299))
        #expect(menu.state == .expanding)
        menu.scheduler.advance(by: .milliseconds(1))
        #expect(menu.state == .expanded)
        #expect(
            menu.signals.take() == [
                "StateChanged expanding collapsed", "PropertiesChanged /org/petal/Petal1 State",
                "StateChanged expanded expanding", "PropertiesChanged /org/petal/Petal1 State",
            ])
    }

    @Test func togglingWhileExpandingIsIgnoredAndTheMenuStillExpandsOnTime() {
        let menu = harness()
        _ = menu.handle(.toggle)
        menu.scheduler.advance(by: .milliseconds(100))
        #expect(
            menu.handle(.toggle) == .expanding,
            "docs/dbus-api.md#the-state-machine: Toggle is ignored while expanding")
        menu.scheduler.advance(by: .milliseconds(200))
        #expect(menu.state == .expanded)
        #expect(menu.handle(.toggle) == .collapsing)
        menu.scheduler.advance(by: .seconds(5))
        #expect(menu.state == .collapsed)
        #expect(menu.scheduler.pendingTimers == 0, "no stale timer is left")
    }

    // MARK: Activate

    @Test func activatingRunsTheActionClosesTheMenuAndRepliesWhenTheActionFinishes() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        menu.expand()
        _ = menu.signals.take()
        let (call, thrown) = menu.activate("run")
        #expect(thrown == nil)
        #expect(action.started == 1)
        #expect(action.params(of: 0) == ["from": "item"])
        #expect(!call.isAnswered, "the reply waits for the action")
        #expect(menu.state == .collapsing)
        action.finish(0, .success(["done": true]))
        #expect(!call.isAnswered, "the outcome comes back through the scheduler, not on the action's thread")
        menu.scheduler.run()
        #expect(call.answer == .value(DBusVariantDictionary([("done", .boolean(true))])))
        #expect(
            menu.signals.take() == [
                "Chosen run", "StateChanged collapsing expanded", "PropertiesChanged /org/petal/Petal1 State",
                "ActionStarted inprocess.held run",
                "ActionFinished inprocess.held true ",
            ])
    }

    @Test func activatingWhileCollapsedIsNotExpandedAndRunsNothing() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        let (_, thrown) = menu.activate("run")
        #expect(thrown?.name == "org.petal.Petal1.Error.NotExpanded")
        #expect(action.started == 0)
        #expect(menu.signals.take().isEmpty)
    }

    @Test func busyIsThrownBeforeAnySideEffect() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action, maxConcurrent: 1)
        _ = menu.trigger(Self.held)
        menu.expand()
        let (chooser, _) = menu.choose()
        _ = menu.signals.take()
        for item in ["run", "like"] {
            let (_, thrown) = menu.activate(item)
            #expect(thrown?.name == "org.petal.Petal1.Error.Busy", "item \(item)")
        }
        menu.scheduler.run()
        #expect(menu.state == .expanded, "the menu did not close")
        #expect(!chooser.isAnswered, "the waiting Choose was not answered")
        #expect(menu.menu.item("like")?.selected == false, "the toggle did not flip")
        #expect(action.started == 1)
        #expect(menu.signals.take().isEmpty)
    }

    @Test func aToggleFlipsOnceItsSelectionIsSavedAndItsActionSeesTheNewValue() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        menu.expand()
        let (call, thrown) = menu.activate("like")
        #expect(thrown == nil)
        menu.scheduler.run()
        #expect(menu.menu.item("like")?.selected == true)
        #expect(action.params(of: 0) == ["selected": true])
        action.finish(0, .success([:]))
        menu.scheduler.run()
        #expect(call.answer == .value(DBusVariantDictionary([])))
    }

    // MARK: Trigger and the invocation lifecycle

    @Test func anActionThatDoesNotFinishTimesOutAtTheTimeoutAndIsCancelledOnce() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action, timeout: .seconds(20))
        let (call, _) = menu.trigger(Self.held, [("n", .int32(1))])
        #expect(action.params(of: 0) == ["n": 1])
        menu.scheduler.advance(by: .milliseconds(19_999))
        #expect(!call.isAnswered)
        #expect(action.cancellations == 0)
        menu.scheduler.advance(by: .milliseconds(1))
        #expect(call.errorName == "org.petal.Petal1.Error.Timeout")
        #expect(action.cancellations == 1)
        action.finish(0, .success(["late": true]))
        menu.scheduler.run()
        #expect(call.errorName == "org.petal.Petal1.Error.Timeout", "a late result changes nothing")
        #expect(action.cancellations == 1)
        #expect(menu.signals.take().last == "ActionFinished inprocess.held false org.petal.Petal1.Error.Timeout")
    }

    @Test func theActionsOwnErrorIsTheReplysErrorAndNothingIsCancelled() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        let (call, _) = menu.trigger(Self.held)
        action.finish(0, .failure(.invalidParams("\"n\" must be a number")))
        menu.scheduler.run()
        #expect(call.answer == .error(name: "org.petal.Petal1.Error.InvalidParams", message: "\"n\" must be a number"))
        #expect(action.cancellations == 0)
    }

    @Test func aFinishedSlotIsFreeAgainAndOnlyMaxConcurrentRunAtOnce() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action, maxConcurrent: 2)
        let first = menu.trigger(Self.held)
        let second = menu.trigger(Self.held)
        #expect(first.thrown == nil && second.thrown == nil)
        #expect(menu.trigger(Self.held).thrown?.name == "org.petal.Petal1.Error.Busy")
        action.finish(1, .success([:]))
        #expect(
            menu.trigger(Self.held).thrown?.name == "org.petal.Petal1.Error.Busy",
            "the slot is freed when the outcome reaches the scheduler, not before")
        menu.scheduler.run()
        #expect(menu.trigger(Self.held).thrown == nil)
        #expect(action.started == 3)
    }

    @Test func stoppingGivesRunningActionsTheGraceThenCancelsThem() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        let (call, _) = menu.trigger(Self.held)
        var stopped = false
        menu.service.shutDown(grace: .seconds(2)) { stopped = true }
        #expect(menu.trigger(Self.held).thrown?.name == "org.petal.Petal1.Error.Busy", "no new action starts")
        menu.scheduler.advance(by: .milliseconds(1_900))
        #expect(!stopped && !call.isAnswered && action.cancellations == 0)
        menu.scheduler.advance(by: .milliseconds(200))
        #expect(stopped)
        #expect(call.errorName == "org.petal.Petal1.Error.ActionFailed")
        #expect(action.cancellations == 1)
    }

    @Test func stoppingWithNothingRunningIsImmediate() {
        let menu = harness()
        var stopped = false
        menu.service.shutDown(grace: .seconds(2)) { stopped = true }
        #expect(stopped)
    }

    // MARK: Choose

    @Test func chooseWaitsForTheNextActivationAndSkipsTheActionWhenAsked() {
        let action = HeldAction(id: Self.held)
        let menu = harness(heldAction: action)
        let (call, thrown) = menu.choose([("dispatch", .boolean(false))])
        #expect(thrown == nil)
        #expect(menu.state == .expanding, "Choose opens the menu")
        menu.scheduler.advance(by: .milliseconds(300))
        let (activation, _) = menu.activate("run")
        #expect(call.answer == .value("run"))
        #expect(activation.answer == .value(DBusVariantDictionary([])))
        #expect(action.started == 0)
    }

    @Test func chooseTimesOutAtItsOwnTimeout() {
        let menu = harness()
        let (call, _) = menu.choose([("timeout", .double(1.5))])
        menu.scheduler.advance(by: .milliseconds(1_499))
        #expect(!call.isAnswered)
        menu.scheduler.advance(by: .milliseconds(1))
        #expect(call.errorName == "org.petal.Petal1.Error.Timeout")
        #expect(menu.state == .expanded, "a Choose timing out leaves the menu as it is")
    }

    @Test func closingTheMenuCancelsEveryWaitingChoose() {
        let menu = harness()
        let calls = (0..<3).map { menu.choose(sender: ":1.\($0)").call }
        menu.scheduler.advance(by: .milliseconds(300))
        _ = menu.handle(.close)
        #expect(calls.allSatisfy { $0.errorName == "org.petal.Petal1.Error.Cancelled" })
    }
}
