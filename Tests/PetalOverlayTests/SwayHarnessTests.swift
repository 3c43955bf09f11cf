import Foundation
import TestSupport
import Testing

/// The Wayland half of the display harness: headless sway as an
/// unprivileged user, grim screenshots, wtype keys, and the solid stand-in
/// window as a Wayland client.
@Suite("Harness on headless sway", .timeLimit(.minutes(5)))
struct SwayHarnessTests {
    @Test("sway runs as the unprivileged user, in a 0700 runtime folder of its own, at the asked size")
    func startsUnprivileged() async throws {
        let sway = try await HeadlessSway(width: 1024, height: 600, background: "#102030")
        defer { sway.stop() }
        let status = try String(
            contentsOfFile: "/proc/\(sway.server.process.processIdentifier)/status", encoding: .utf8)
        let uid =
            status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?
            .split(whereSeparator: \.isWhitespace).dropFirst().compactMap { UInt32($0) } ?? []
        let expected = getuid() == 0 ? getpwnam(HeadlessSway.user)?.pointee.pw_uid : getuid()
        #expect(expected != nil && expected != 0 || getuid() != 0)
        #expect(uid.count == 4 && uid.allSatisfy { $0 == expected }, "sway's ids: \(uid)")

        let folder = try FileManager.default.attributesOfItem(atPath: sway.runtimeDirectory.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((folder[.ownerAccountID] as? UInt) == expected.map { UInt($0) })
        #expect(sway.socket.hasPrefix("/"))
        #expect(sway.environment["WAYLAND_DISPLAY"] == sway.socket)

        let outputs = try await sway.swaymsg(["-t", "get_outputs", "--raw"])
        #expect(outputs.contains("HEADLESS-1"))
        let image = try await sway.screenshot()
        #expect((image.width, image.height) == (1024, 600))
        #expect(try image.pixel(x: 5, y: 5, isWithin: 2, of: "#102030"), "saw \(image.hex(x: 5, y: 5))")
    }

    @Test(
        "as root, the suite's user is made afresh on a machine without it, and sway runs as it",
        .enabled(if: getuid() == 0, "only root adds users; others run sway as themselves"))
    func userIsMadeAfresh() async throws {
        // Both display slots: no sway runs as the user while it is removed.
        await TestSlots.displays.acquire(2)
        let user = TestUser.sway
        let account: TestUser.Account
        do {
            try #require(
                try user.removeIfOwned(),
                "\(user.name) exists and is not the suite's: \(String(describing: user.lookUp()))")
            #expect(user.lookUp() == nil)
            account = try user.account()
        } catch {
            await TestSlots.displays.release(2)
            throw error
        }
        await TestSlots.displays.release(2)

        #expect(account.comment == user.comment)
        #expect(account.shell == "/usr/sbin/nologin")
        #expect(account.uid != 0 && account.uid < 1000, "a system user's uid, not \(account.uid)")
        let home = try FileManager.default.attributesOfItem(atPath: account.home)
        #expect((home[.ownerAccountID] as? UInt) == UInt(account.uid), "\(account.home) belongs to the user")

        let sway = try await HeadlessSway(width: 640, height: 480)
        defer { sway.stop() }
        let status = try String(
            contentsOfFile: "/proc/\(sway.server.process.processIdentifier)/status", encoding: .utf8)
        #expect(status.contains("\nUid:\t\(account.uid)\t"), "sway runs as \(user.name) (\(account.uid))")
    }

    @Test("the solid window's colour covers the output in a grim screenshot, and sway's tree shows it")
    func solidWindowColourInScreenshot() async throws {
        let sway = try await HeadlessSway(width: 800, height: 600, background: "#102030")
        defer { sway.stop() }
        let window = try await SolidWindow(on: sway, colour: "#20c040", title: "petal-stand-in")
        #expect((window.size.width, window.size.height) == (800, 600))
        let image = try await sway.waitForPixel(x: 400, y: 300, toBe: "#20c040")
        for (x, y) in [(1, 1), (798, 598), (100, 500)] {
            #expect(try image.pixel(x: x, y: y, isWithin: 2, of: "#20c040"), "(\(x), \(y)) is \(image.hex(x: x, y: y))")
        }
        let tree = try await sway.swaymsg(["-t", "get_tree", "--raw"])
        #expect(tree.contains("\"name\": \"petal-stand-in\"") || tree.contains("\"name\":\"petal-stand-in\""))
        window.stop()
        try await sway.waitForPixel(x: 400, y: 300, toBe: "#102030", tolerance: 2)
    }

    @Test("wtype's keys reach the focused window")
    func keysReachWindow() async throws {
        let sway = try await HeadlessSway(width: 800, height: 600)
        defer { sway.stop() }
        let window = try await SolidWindow(on: sway, colour: "#20c040")
        try await sway.press(.escape)
        try await window.waitForKey(.escape)
        try await sway.press(.digit(1))
        try await sway.press(.return)
        try await sway.type("7")
        try await window.waitForKey(Key("7"))
        #expect(window.keys == ["Escape", "1", "Return", "7"])
    }
}
