import DBus
import Foundation
import PetalCore
import PetalJSON
import PetalPlugin
import TestSupport
import Testing

@testable import MessagePlugin

/// `message.notify` and `message.compose`: the Notify arguments and the
/// mailto:/sms: URIs as pure logic, then through petald against a
/// notification server on a private bus and a recording xdg-open.
@Suite struct MessageTests {
    // MARK: Notify arguments

    @Test func notifyArgumentsFollowTheSpecification() throws {
        let notification = try Notification(
            Parameters([
                "summary": "Backup done", "body": "42 files", "icon": "emblem-ok", "urgency": "critical",
                "timeout": 5000,
            ]))
        #expect(
            JSONValue.array(notification.arguments) == [
                "Petal", 0, "emblem-ok", "Backup done", "42 files", [], ["urgency": ["y", 2]], 5000,
            ])
    }

    @Test(arguments: [("low", 0), ("normal", 1), ("critical", 2)] as [(String, Int64)])
    func urgencyIsTheSpecificationsByte(name: String, byte: Int64) throws {
        let notification = try Notification(Parameters(["summary": "s", "urgency": .string(name)]))
        #expect(notification.arguments[6] == ["urgency": ["y", .int(byte)]])
    }

    @Test func defaultsAreNormalUrgencyAndTheServersTimeout() throws {
        let notification = try Notification(Parameters(["summary": "s"]))
        #expect(JSONValue.array(notification.arguments) == ["Petal", 0, "", "s", "", [], ["urgency": ["y", 1]], -1])
    }

    static let badNotifyParams: [(JSONObject, String)] = [
        (["summary": "s", "urgency": "urgent"], "urgent"),
        (["body": "no summary"], "summary"),
        (["summary": ""], "summary"),
        (["summary": "s", "timeout": -2], "-2"),
        (["summary": "s", "timeout": 1.5], "timeout"),
        (["summary": "s", "timeout": 3_000_000_000], "3000000000"),
        (["summary": 7], "summary"),
        (["summary": "s", "colour": "red"], "colour"),
    ]

    @Test(arguments: badNotifyParams)
    func badNotifyParamsAreNamed(params: JSONObject, named: String) {
        #expect {
            try Notification(Parameters(params))
        } throws: { error in
            guard case .invalidParams(let message) = error as? PluginError else { return false }
            return message.contains(named)
        }
    }

    @Test func missingServerSaysSoAndNamesIt() {
        let failure = Notification.failure(
            DBusCallError(
                name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "The name is not activatable"))
        #expect(failure.name == "ActionFailed")
        #expect(failure.message.contains("no notification daemon is running"))
        #expect(failure.message.contains("org.freedesktop.Notifications"))
    }

    // MARK: Compose URIs

    @Test func mailtoEncodesRecipientsSubjectAndBody() throws {
        let uri = try ComposeURI(
            Parameters([
                "to": "ann@example.org, bob+news@example.org",
                "subject": "Tea & cake? 100% #yes",
                "body": "Line 1\nLine 2 = é\r\nLast",
            ]))
        #expect(
            uri.text == "mailto:ann@example.org,bob+news@example.org"
                + "?subject=Tea%20%26%20cake%3F%20100%25%20%23yes"
                + "&body=Line%201%0D%0ALine%202%20%3D%20%C3%A9%0D%0ALast")
    }

    @Test func mailtoEncodesWhatRFC6068SaysAnAddressMustNotHoldRaw() throws {
        let uri = try ComposeURI(Parameters(["to": "a&b=c;d%e/f?g#h@example.org"]))
        #expect(uri.text == "mailto:a%26b%3Dc%3Bd%25e%2Ff%3Fg%23h@example.org")
    }

    @Test func mailtoWithNothingOpensAnEmptyMessage() throws {
        #expect(try ComposeURI(Parameters([:])).text == "mailto:")
        #expect(try ComposeURI(Parameters(["subject": "Hi"])).text == "mailto:?subject=Hi")
    }

    @Test func smsTakesPhoneNumbersAndABody() throws {
        let uri = try ComposeURI(
            Parameters(["scheme": "sms", "to": "+44 1632 960961,(020) 7946-0000", "body": "On my way & late?"]))
        #expect(uri.text == "sms:+441632960961,02079460000?body=On%20my%20way%20%26%20late%3F")
    }

    static let badComposeParams: [(JSONObject, String)] = [
        (["scheme": "fax", "to": "123"], "fax"),
        (["scheme": "sms", "to": "call me", "body": "x"], "call me"),
        (["scheme": "sms", "body": "x"], "to"),
        (["scheme": "sms", "to": "12345", "subject": "x"], "subject"),
        (["to": "ann"], "ann"),
        (["to": "ann @example.org"], "ann @example.org"),
        (["cc": "ann@example.org"], "cc"),
    ]

    @Test(arguments: badComposeParams)
    func badComposeParamsAreNamed(params: JSONObject, named: String) {
        #expect {
            try ComposeURI(Parameters(params))
        } throws: { error in
            guard case .invalidParams(let message) = error as? PluginError else { return false }
            return message.contains(named)
        }
    }

    // MARK: Through petald

    @Test func notifyReachesTheNotificationServer() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let record = try petal.scratch.path("notifications.json")
        let server = try await PythonPeer(
            "notification_server.py", arguments: [record],
            owning: "org.freedesktop.Notifications", on: petal)
        defer { server.stop() }

        let first = try await petal.trigger(
            "message.notify",
            [
                ("summary", .string("Backup done")), ("body", .string("42 files <b>saved</b>")),
                ("icon", .string("emblem-ok")), ("urgency", .string("critical")), ("timeout", .int32(5000)),
            ])
        #expect(first["id"]?.integerValue == 1, "\(first)\n\(petal.daemon.log)\n\(server.log)")
        let second = try await petal.trigger(
            "message.notify", [("summary", .string("Again")), ("urgency", .string("low"))])
        #expect(second["id"]?.integerValue == 2)

        #expect(
            try readJSON(record) == [
                [
                    "app_name": "Petal", "replaces_id": 0, "app_icon": "emblem-ok", "summary": "Backup done",
                    "body": "42 files <b>saved</b>", "actions": [], "hints": ["urgency": ["y", 2]],
                    "expire_timeout": 5000,
                ],
                [
                    "app_name": "Petal", "replaces_id": 0, "app_icon": "", "summary": "Again",
                    "body": "", "actions": [], "hints": ["urgency": ["y", 0]], "expire_timeout": -1,
                ],
            ])
    }

    @Test func notifyWithoutAServerFails() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let message = await petal.expectError("ActionFailed", "message.notify", [("summary", .string("Hello"))])
        #expect(message.contains("no notification daemon is running"), "\(message)")
        #expect(message.contains("org.freedesktop.Notifications"), "\(message)")
    }

    @Test func notifyRefusesAnUnknownUrgencyNamingIt() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let message = await petal.expectError(
            "InvalidParams", "message.notify",
            [("summary", .string("Hello")), ("urgency", .string("urgent"))])
        #expect(message.contains("urgent"), "\(message)")
    }

    @Test func composeOpensAnEncodedMailtoURI() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let opener = try StandIn("xdg-open", in: petal.bin, record: petal.scratch.path("opened"))

        _ = try await petal.trigger(
            "message.compose",
            [
                ("to", .string("ann@example.org")), ("subject", .string("Tea & cake?")),
                ("body", .string("See you\nat 5")),
            ])
        let call = await opener.firstCall()
        #expect(
            call == ["xdg-open", "mailto:ann@example.org?subject=Tea%20%26%20cake%3F&body=See%20you%0D%0Aat%205"],
            "\(petal.daemon.log)")
    }

    @Test func composeOpensAnSMSURI() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let opener = try StandIn("xdg-open", in: petal.bin, record: petal.scratch.path("opened"))

        _ = try await petal.trigger(
            "message.compose",
            [
                ("scheme", .string("sms")), ("to", .string("+44 1632 960961")), ("body", .string("Running late; 5'")),
            ])
        #expect(await opener.firstCall() == ["xdg-open", "sms:+441632960961?body=Running%20late%3B%205%27"])
    }

    @Test func composeRefusesAnotherScheme() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let message = await petal.expectError(
            "InvalidParams", "message.compose",
            [("scheme", .string("fax")), ("to", .string("123"))])
        #expect(message.contains("fax"), "\(message)")
    }
}
