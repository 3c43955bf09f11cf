import DBus
import Foundation
import Glibc
import PetalCore
import PetalPlugin
import TestSupport
import Testing

@testable import CameraPlugin

/// `camera.open` and `camera.screenshot`: program search and the portal's
/// answers as pure logic, then through petald with a recording camera app,
/// a stand-in screenshot portal and a stand-in screenshot tool.
@Suite struct CameraTests {
    // MARK: Programs and responses

    @Test func searchFindsTheFirstExecutableInPathOrder() throws {
        let scratch = try Scratch()
        let first = try scratch.path("first", folder: true)
        let second = try scratch.path("second", folder: true)
        try StandIn("kamoso", in: second, record: "/dev/null")
        try StandIn("cheese", in: second, record: "/dev/null")
        _ = FileManager.default.createFile(atPath: first + "/cheese", contents: Data("not executable".utf8))
        let search = ProgramSearch(path: "\(first):\(second)")
        #expect(search.find("cheese") == second + "/cheese")
        #expect(search.first(of: CameraPlugin.cameraApps) == "cheese")
        #expect(ProgramSearch(path: first).first(of: CameraPlugin.cameraApps) == nil)
    }

    @Test func toolArgvPutsTheFileWhereTheToolWantsIt() throws {
        let scratch = try Scratch()
        let bin = try scratch.path("bin", folder: true)
        let search = ProgramSearch(path: bin)
        #expect(ScreenshotTool.argv(configured: nil, file: "/p/s.png", interactive: false, search: search) == nil)
        try StandIn("scrot", in: bin, record: "/dev/null")
        #expect(
            ScreenshotTool.argv(configured: nil, file: "/p/s.png", interactive: true, search: search) == [
                "scrot", "-s", "/p/s.png",
            ])
        try StandIn("spectacle", in: bin, record: "/dev/null")
        #expect(
            ScreenshotTool.argv(configured: nil, file: "/p/s.png", interactive: false, search: search)
                == ["spectacle", "-b", "-n", "-f", "-o", "/p/s.png"])
        #expect(
            ScreenshotTool.argv(
                configured: ["shot", "--out={file}", "-q"], file: "/p/s.png", interactive: false, search: search)
                == ["shot", "--out=/p/s.png", "-q"])
        #expect(
            ScreenshotTool.argv(configured: ["shot", "-q"], file: "/p/s.png", interactive: false, search: search)
                == ["shot", "-q", "/p/s.png"])
    }

    @Test func screenshotFilesAreNamedByTimeAndNeverReused() throws {
        let scratch = try Scratch()
        let folder = try scratch.path("Pictures/Screenshots")
        #expect(ScreenshotTool.folder(environment: { ["HOME": "/home/ann"][$0] }) == "/home/ann/Pictures")
        #expect(ScreenshotTool.folder(environment: { ["HOME": "/home/ann", "XDG_PICTURES_DIR": "/p"][$0] }) == "/p")
        #expect(throws: PluginError.self) { try ScreenshotTool.newFile(in: folder) }  // the parent is missing
        try FileManager.default.createDirectory(atPath: scratch.path("Pictures"), withIntermediateDirectories: true)
        let file = try ScreenshotTool.newFile(in: folder, now: 0)
        #expect(file.hasPrefix(folder + "/petal-19") && file.hasSuffix(".png"), "\(file)")
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        #expect(try ScreenshotTool.newFile(in: folder, now: 0) == String(file.dropLast(4)) + "-2.png")
    }

    @Test func portalResponsesBecomeURIsOrFailures() throws {
        #expect(try ScreenshotPortal.uri(fromResponse: [0, ["uri": "file:///tmp/x.png"]]) == "file:///tmp/x.png")
        #expect(throws: PluginError.failed("the screenshot was cancelled by the user")) {
            try ScreenshotPortal.uri(fromResponse: [1, [:]])
        }
        #expect(throws: PluginError.self) { try ScreenshotPortal.uri(fromResponse: [2, [:]]) }
        #expect(throws: PluginError.self) { try ScreenshotPortal.uri(fromResponse: [0, [:]]) }
    }

    // MARK: camera.open through petald

    @Test func openStartsTheFirstCameraAppOnPath() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let record = try petal.scratch.path("started")
        let kamoso = try StandIn("kamoso", in: petal.bin, record: record)
        try StandIn("webcamoid", in: petal.bin, record: record)
        let result = try await petal.trigger("camera.open")
        #expect((result["pid"]?.integerValue ?? 0) > 1, "camera.open reports the pid it started: \(result)")
        #expect(await kamoso.firstCall() == ["kamoso"])
        try await Task.sleep(for: .milliseconds(200))
        #expect(kamoso.calls.count == 1)
    }

    @Test func openWithoutACameraAppNamesEveryProgramAndTheSetting() async throws {
        let petal = try await PluginDaemon(path: ["/nonexistent-petal-bin"])
        defer { petal.stop() }
        let message = await petal.expectError("ActionFailed", "camera.open")
        for program in ["snapshot", "cheese", "kamoso", "guvcview", "webcamoid", "plugins.settings.camera.app"] {
            #expect(message.contains(program), "\(message)")
        }
    }

    // MARK: camera.screenshot through petald

    /// petald with a stand-in portal answering `response` (and `mode`, see screenshot_portal.py).
    private func withPortal(
        response: Int, mode: String = "", _ body: (PluginDaemon, _ record: String) async throws -> Void
    ) async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let record = try petal.scratch.path("portal.json")
        let portal = try await PythonPeer(
            "screenshot_portal.py", arguments: [record, String(response), "file:///tmp/x.png", mode],
            owning: "org.freedesktop.portal.Desktop", on: petal)
        defer { portal.stop() }
        try await body(petal, record)
    }

    @Test func screenshotReturnsThePortalsURI() async throws {
        try await withPortal(response: 0) { petal, record in
            let result = try await petal.trigger("camera.screenshot", [("interactive", .boolean(true))])
            #expect(result == ["uri": .string("file:///tmp/x.png")], "\(petal.daemon.log)")
            let calls = try #require(try readJSON(record)["calls"]?.arrayValue)
            #expect(calls.count == 1)
            #expect(calls.first?["parent_window"] == "")
            #expect(calls.first?["options"]?["interactive"] == ["b", true])
            let token = try #require(calls.first?["options"]?["handle_token"]?.arrayValue)
            #expect(token.first == "s" && token.last?.stringValue?.hasPrefix("petal") == true, "\(token)")
        }
    }

    @Test func screenshotTakesAResponseSentBeforeTheReply() async throws {
        try await withPortal(response: 0, mode: "early") { petal, _ in
            let result = try await petal.trigger("camera.screenshot")
            #expect(result["uri"] == .string("file:///tmp/x.png"), "\(petal.daemon.log)")
        }
    }

    /// Responses on another request's path, or from another connection, come first
    /// (before the call's reply and after it) and are ignored.
    @Test func screenshotTakesOnlyItsRequestsResponseFromThePortal() async throws {
        try await withPortal(response: 0, mode: "decoys") { petal, _ in
            let result = try await petal.trigger("camera.screenshot")
            #expect(result == ["uri": .string("file:///tmp/x.png")], "\(petal.daemon.log)")
        }
    }

    @Test func theResponseIsTheOneOnTheRequestsPathFromThePortal() {
        let response = ReceivedSignal(
            sender: ":1.7", path: "/org/freedesktop/portal/desktop/request/1_2/t",
            interface: "org.freedesktop.portal.Request", member: "Response", arguments: [0])
        #expect(ScreenshotPortal.isResponse(response, to: response.path, from: ":1.7"))
        #expect(!ScreenshotPortal.isResponse(response, to: response.path + "x", from: ":1.7"))
        #expect(!ScreenshotPortal.isResponse(response, to: response.path, from: ":1.8"))
        let other = ReceivedSignal(
            sender: ":1.7", path: response.path, interface: "org.example.Other", member: "Response",
            arguments: [0])
        #expect(!ScreenshotPortal.isResponse(other, to: response.path, from: ":1.7"))
    }

    @Test func screenshotCancelledByTheUserFails() async throws {
        try await withPortal(response: 1) { petal, _ in
            let message = await petal.expectError("ActionFailed", "camera.screenshot")
            #expect(message.contains("cancelled by the user"), "\(message)")
        }
    }

    @Test func screenshotWithoutAPortalUsesAToolOnPath() async throws {
        let petal = try await PluginDaemon()
        defer { petal.stop() }
        let grim = try StandIn(
            "grim", in: petal.bin, record: petal.scratch.path("grim"), extra: #"for f; do :; done; : > "$f""#)
        let result = try await petal.trigger("camera.screenshot")
        let call = try #require(grim.calls.first, "\(petal.daemon.log)")
        let file = try #require(call.last)
        let pictures = try petal.scratch.path("Pictures")
        #expect(call.count == 2 && file.hasPrefix(pictures + "/petal-") && file.hasSuffix(".png"), "\(call)")
        #expect(result["uri"]?.stringValue == PercentEncoding.fileURI(path: file))
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func screenshotWithoutPortalOrToolNamesBothAndTheSetting() async throws {
        let petal = try await PluginDaemon(path: ["/nonexistent-petal-bin"])
        defer { petal.stop() }
        let message = await petal.expectError("ActionFailed", "camera.screenshot")
        for name in [
            "org.freedesktop.portal.Desktop", "grim", "gnome-screenshot", "spectacle", "scrot",
            "plugins.settings.camera.tool",
        ] {
            #expect(message.contains(name), "\(message)")
        }
    }
}
