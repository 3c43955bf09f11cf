import DBus
import PetalAPI
import Testing

@testable import PetalControl

/// How petalctl classifies what went wrong, and the waybar line's escaping.
@Suite struct FailureTests {
    @Test func petaldsOwnErrorsArePrintedAsTheyCame() {
        let failure = ControlFailure.from(DBusError("org.petal.Petal1.Error.Busy", "too many actions"), bus: .session)
        #expect(failure.status == .daemonError)
        #expect(failure.isDaemonAnswer)
        #expect(failure.message == "org.petal.Petal1.Error.Busy: too many actions")
    }

    @Test func aMissingPetaldIsUnreachableWithAHintToStartIt() {
        let failure = ControlFailure.from(DBusError(DBusError.Name.serviceUnknown, "no owner"), bus: .session)
        #expect(failure.status == .unreachable)
        #expect(failure.message.contains("systemctl --user start petald"))
    }

    @Test func aSilentPetaldIsUnreachableWithAHintToItsLog() {
        let failure = ControlFailure.from(DBusError(DBusError.Name.noReply, "no reply within 25 s"), bus: .session)
        #expect(failure.status == .unreachable)
        #expect(failure.message.contains("did not answer"))
        #expect(failure.message.contains("journalctl --user -u petald"))
        #expect(!failure.message.contains("systemctl --user start"), "it runs; starting it is the wrong advice")
    }

    @Test func waybarTextIsEscapedForPango() throws {
        var menu = try MenuSnapshot(
            DBusPropertyValues(
                [
                    "State": .string("expanded"), "Highlighted": .string(""), "LayoutStyle": .string("radial"),
                    "Version": .string("0.1.0"),
                    "Items": .array(
                        .structure([.string, .string, .string, .string, .boolean, .boolean]),
                        [
                            .structure([
                                .string("rock"), .string("Rock & <Roll>"), .string(""), .string("x.y"), .boolean(true),
                                .boolean(false),
                            ])
                        ]),
                    "Actions": .array(.structure([.string, .string, .string]), []),
                    "Plugins": .array(.structure([.string, .string, .string, .string, .string]), []),
                    "Layout": .array(.structure([.string, .double, .double]), []),
                ], from: "petald"))
        let line = WaybarStatus.line(menu: menu, runningActions: 0)
        #expect(line.contains("Rock &amp; &lt;Roll&gt;"), "\(line)")
        menu.state = .collapsed
        #expect(WaybarStatus.line(menu: menu, runningActions: 2).contains(#""class":["collapsed","running"]"#))
        #expect(WaybarStatus.line(menu: nil, runningActions: 0).contains(#""alt":"offline""#))
    }
}
