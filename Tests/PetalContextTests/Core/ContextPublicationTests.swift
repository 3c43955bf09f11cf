import PetalContextCore
import PetalCore
import Testing

/// What is sent to petald and when: only changes, one call in flight, then
/// the latest, and everything again when petald appears.
@Suite struct ContextPublicationTests {
    static let foot = DesktopContext(app: "foot", instance: "foot", title: "~", output: "DP-1")
    static let firefox = DesktopContext(app: "firefox", instance: "Navigator", title: "Petal", output: "DP-1")
    static let emacs = DesktopContext(app: "Emacs", instance: "emacs", title: "*scratch*", output: "DP-2")

    static func send(_ context: DesktopContext, to petald: String = ":1.7") -> ContextPublication.Send {
        ContextPublication.Send(context: context, petald: petald)
    }

    @Test func nothingIsSentWhilePetaldIsAway() {
        var publication = ContextPublication()
        #expect(publication.desktopChanged(to: Self.foot) == nil)
        #expect(publication.desktopChanged(to: Self.firefox) == nil)
        #expect(publication.petaldAppeared(as: ":1.7") == Self.send(Self.firefox), "the latest, once")
    }

    @Test func aContextIsSentOnceWhenNothingChanges() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        #expect(publication.desktopChanged(to: Self.foot) == Self.send(Self.foot))
        #expect(publication.callFinished(accepted: true) == nil)
        #expect(publication.desktopChanged(to: Self.foot) == nil, "the same context is not sent again")
        #expect(publication.desktopChanged(to: Self.firefox) == Self.send(Self.firefox))
    }

    @Test func aBurstWhileACallIsInFlightEndsInOneCallWithTheLatest() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        #expect(publication.desktopChanged(to: Self.foot) == Self.send(Self.foot))
        for index in 0..<10_000 {
            let context = DesktopContext(app: "app-\(index)", instance: "", title: "", output: "DP-1")
            #expect(publication.desktopChanged(to: context) == nil, "one call in flight at most")
        }
        #expect(publication.desktopChanged(to: Self.emacs) == nil)
        #expect(
            publication.callFinished(accepted: true) == Self.send(Self.emacs), "then the latest, not the 10,000 between"
        )
        #expect(publication.callFinished(accepted: true) == nil)
    }

    @Test func aBurstThatEndsWhereItStartedSendsNothingMore() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        _ = publication.desktopChanged(to: Self.foot)
        _ = publication.desktopChanged(to: Self.firefox)
        _ = publication.desktopChanged(to: Self.foot)
        #expect(publication.callFinished(accepted: true) == nil, "petald has foot already")
    }

    @Test func petaldAppearingAgainIsSentTheContextAgain() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        _ = publication.desktopChanged(to: Self.foot)
        _ = publication.callFinished(accepted: true)
        publication.petaldLeft()
        #expect(publication.desktopChanged(to: Self.firefox) == nil, "nobody to send to")
        #expect(publication.petaldAppeared(as: ":1.9") == Self.send(Self.firefox, to: ":1.9"))
        _ = publication.callFinished(accepted: true)
        publication.petaldLeft()
        #expect(
            publication.petaldAppeared(as: ":1.12") == Self.send(Self.firefox, to: ":1.12"), "unchanged, and sent again"
        )
    }

    @Test func aNewPetaldWhileACallIsInFlightToTheOldOneIsSentAfterIt() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        #expect(publication.desktopChanged(to: Self.foot) == Self.send(Self.foot))
        publication.petaldLeft()
        #expect(publication.petaldAppeared(as: ":1.9") == nil, "one call in flight")
        #expect(
            publication.callFinished(accepted: true) == Self.send(Self.foot, to: ":1.9"),
            "the old petald's answer does not count for the new one")
    }

    @Test func aRefusedContextIsNotSentAgainUntilSomethingChanges() {
        var publication = ContextPublication()
        _ = publication.petaldAppeared(as: ":1.7")
        _ = publication.desktopChanged(to: Self.foot)
        #expect(publication.callFinished(accepted: false) == nil, "no loop of refusals")
        #expect(publication.desktopChanged(to: Self.foot) == nil)
        #expect(publication.desktopChanged(to: Self.firefox) == Self.send(Self.firefox))
        _ = publication.callFinished(accepted: false)
        publication.petaldLeft()
        #expect(
            publication.petaldAppeared(as: ":1.9") == Self.send(Self.firefox, to: ":1.9"), "a new petald may take it")
    }

    @Test func anAnswerWithNoCallInFlightChangesNothing() {
        var publication = ContextPublication()
        #expect(publication.callFinished(accepted: true) == nil)
        #expect(publication.delivered == nil)
    }
}
