import Foundation

/// A real window manager on a test's Xvfb display: i3 (with its IPC socket
/// where the test says) or openbox, both from Debian.
public final class X11WindowManager: @unchecked Sendable {
    public let process: BackgroundProcess
    /// i3's IPC socket; nil for openbox.
    public let ipcSocket: String?
    private let display: XvfbDisplay

    /// Starts i3 with a configuration of its own (no bar, no borders, its
    /// socket in the display's folder) and waits until `i3-msg` reaches it.
    public static func i3(on display: XvfbDisplay) async throws -> X11WindowManager {
        let socket = display.directory.appendingPathComponent("i3-ipc.sock").path
        let config = display.directory.appendingPathComponent("i3.config")
        try """
        # i3 config file (v4): written by the tests, nothing but what the tests need.
        ipc-socket \(socket)
        font pango:DejaVu Sans 8
        default_border none
        default_floating_border none
        focus_follows_mouse no
        focus_on_window_activation focus
        """.write(to: config, atomically: true, encoding: .utf8)
        let manager = try X11WindowManager(
            display: display, executable: "/usr/bin/i3", arguments: ["-c", config.path], ipcSocket: socket)
        try await manager.waitUntilReady { try await manager.i3msg(["-t", "get_version"]).status == 0 }
        return manager
    }

    /// Starts openbox and waits until it says it manages the screen (EWMH's
    /// `_NET_SUPPORTING_WM_CHECK` on the root window).
    public static func openbox(on display: XvfbDisplay) async throws -> X11WindowManager {
        let manager = try X11WindowManager(
            display: display, executable: "/usr/bin/openbox", arguments: ["--sm-disable"], ipcSocket: nil)
        try await manager.waitUntilReady {
            let check = try await ExternalCommand.running(
                ["env", "DISPLAY=:\(display.number)", "xprop", "-root", "_NET_SUPPORTING_WM_CHECK"])
            return check.status == 0 && check.output.contains("window id")
        }
        return manager
    }

    private init(display: XvfbDisplay, executable: String, arguments: [String], ipcSocket: String?) throws {
        self.display = display
        self.ipcSocket = ipcSocket
        // Its own HOME: i3 and openbox look for (and may write) files there.
        let home = display.directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process = try BackgroundProcess(
            executable, arguments: arguments,
            environment: BackgroundProcess.environment(
                adding: display.environment.merging(["HOME": home.path]) { _, new in new }),
            logFile: display.directory.appendingPathComponent(
                "\(URL(fileURLWithPath: executable).lastPathComponent).log"),
            diesWithTests: true)
    }

    private func waitUntilReady(_ ready: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while try await !ready() {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError(
                    "the window manager did not start\(process.isRunning ? "" : " (it exited)"):\n\(process.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `i3-msg` on this i3's socket.
    public func i3msg(_ arguments: [String]) async throws -> ExternalCommand {
        guard let ipcSocket else { throw TestSetupError("i3-msg: this window manager is not i3") }
        return try await ExternalCommand.running(["i3-msg", "-s", ipcSocket] + arguments)
    }

    /// Stops the window manager.
    public func stop() { process.stop() }

    deinit { process.stop(grace: .milliseconds(500)) }
}
