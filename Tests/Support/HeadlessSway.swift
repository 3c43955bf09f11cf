import Foundation
import Synchronization

/// A headless Wayland compositor (sway with wlroots' headless backend) for
/// one test, with wtype for keys and grim for screenshots.
///
/// ```swift
/// let sway = try await HeadlessSway(width: 1280, height: 720, background: "#202020")
/// defer { sway.stop() }
/// let window = try await SolidWindow(on: sway, colour: "#336699")
/// ```
///
/// sway refuses to run as root, so when the tests run as root (as `make test`
/// does in CI) it runs as the system user ``user`` (created on first use with
/// `useradd --system --create-home`) through `setpriv`; as anyone else it
/// runs as that user (see ``TestUser``). Its `XDG_RUNTIME_DIR` is a fresh 0700 folder owned by
/// the user it runs as. Clients (the overlay, grim, wtype, ``SolidWindow``)
/// run as the test's user and reach it by the absolute path of its socket in
/// `WAYLAND_DISPLAY`, which libwayland accepts since 1.15 (Debian 12 has 1.21).
///
/// There is no pointer: sway's headless backend has no input devices
/// (`WLR_LIBINPUT_NO_DEVICES=1`) and wtype is a virtual keyboard only. The
/// seat's one keyboard is a sleeping wtype the harness starts with sway.
public final class HeadlessSway: HeadlessDisplay, @unchecked Sendable {
    /// The unprivileged user sway runs as when the tests run as root.
    public static let user = TestUser.sway.name

    public let size: (width: Int, height: Int)
    public let directory: URL
    /// The compositor's runtime folder (its `XDG_RUNTIME_DIR`), owned by the user it runs as.
    public let runtimeDirectory: URL
    /// The absolute path of the Wayland socket.
    public let socket: String
    /// The absolute path of sway's IPC socket, for swaymsg.
    public let ipcSocket: String
    /// The background colour, `#rrggbb`.
    public let background: String
    /// sway itself.
    public let server: BackgroundProcess
    /// A `wtype` that only sleeps, holding a virtual keyboard for the life of
    /// the compositor (see ``init(width:height:background:extraOutputs:within:)``).
    public private(set) var keyboard: BackgroundProcess?
    private let clientRuntimeDirectory: URL
    private let stopped = Mutex(false)

    /// `WAYLAND_DISPLAY` (the socket's absolute path), `XDG_RUNTIME_DIR` (a
    /// 0700 folder of the clients' own, which GLib wants and which keeps their
    /// files out of the compositor's), `SWAYSOCK` (for swaymsg),
    /// `GDK_BACKEND=wayland`, `NO_AT_BRIDGE=1` (no accessibility bus) and
    /// `GDK_GL=disable` (cairo drawing; the compositor renders with pixman).
    public var environment: [String: String] {
        [
            "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": clientRuntimeDirectory.path, "SWAYSOCK": ipcSocket,
            "GDK_BACKEND": "wayland", "NO_AT_BRIDGE": "1", "GDK_GL": "disable",
        ]
    }

    /// An output besides the first (`HEADLESS-1`): `HEADLESS-2`, `HEADLESS-3`, … in order.
    public struct Output: Sendable {
        /// Its mode, in device pixels.
        public var width: Int
        public var height: Int
        /// Its top-left corner in the desktop's logical pixels.
        public var x: Int
        public var y: Int
        /// Device pixels per logical pixel.
        public var scale: Double
        /// An output of `width`×`height` pixels at (x, y) and `scale`.
        public init(width: Int, height: Int, x: Int, y: Int = 0, scale: Double = 1) {
            (self.width, self.height, self.x, self.y, self.scale) = (width, height, x, y, scale)
        }
    }

    /// The outputs after the first, as started.
    public let extraOutputs: [Output]

    /// Starts sway with one headless output of `width`×`height` (HEADLESS-1,
    /// at 0,0) and `extraOutputs` after it, filled with `background`, no bar
    /// (`extraConfiguration`, appended to sway's configuration, may add one),
    /// no borders, no Xwayland; returns once every output has its mode and
    /// the background is on screen.
    ///
    /// - Throws: ``TestSetupError`` if it is not ready within `limit`, with its log.
    public init(
        width: Int = 1280, height: Int = 720, background: String = "#202020", extraOutputs: [Output] = [],
        extraConfiguration: String = "", within limit: Duration = .seconds(45)
    ) async throws {
        _ = try RGBAImage.components(of: background)
        await TestSlots.displays.acquire()
        size = (width, height)
        self.extraOutputs = extraOutputs
        self.background = background
        let deadline = ContinuousClock.now + limit
        let unique = "\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("petal-sway-\(unique)")
        runtimeDirectory = directory.appendingPathComponent("runtime")
        clientRuntimeDirectory = directory.appendingPathComponent("client-runtime")
        var started: BackgroundProcess?
        do {
            let account = try Self.account()
            let manager = FileManager.default
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            // The compositor's user must reach its runtime folder through ours.
            try manager.setAttributes([.posixPermissions: 0o711], ofItemAtPath: directory.path)
            for folder in [runtimeDirectory, clientRuntimeDirectory] {
                try manager.createDirectory(
                    at: folder, withIntermediateDirectories: false,
                    attributes: [.posixPermissions: 0o700])
            }
            guard chown(runtimeDirectory.path, account.uid, account.gid) == 0 else {
                throw TestSetupError("cannot give \(runtimeDirectory.path) to \(account.name): errno \(errno)")
            }
            let config = runtimeDirectory.appendingPathComponent("config")
            try
                (Self.configuration(width: width, height: height, background: background, extra: extraOutputs)
                + "\n" + extraConfiguration)
                .write(to: config, atomically: false, encoding: .utf8)
            _ = chown(config.path, account.uid, account.gid)

            var command = ["/usr/bin/sway", "--config", config.path]
            if getuid() == 0 {
                command =
                    ["/usr/bin/setpriv", "--reuid=\(account.uid)", "--regid=\(account.gid)", "--init-groups"]
                    + command
            }
            // A clean environment: nothing of the test's display or session may leak in.
            let environment = [
                "PATH": "/usr/bin:/bin", "HOME": account.home, "USER": account.name, "LOGNAME": account.name,
                "XDG_RUNTIME_DIR": runtimeDirectory.path,
                "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
                "WLR_HEADLESS_OUTPUTS": String(1 + extraOutputs.count),
            ]
            let server = try BackgroundProcess(
                command[0], arguments: Array(command.dropFirst()), environment: environment,
                logFile: directory.appendingPathComponent("sway.log"), diesWithTests: true)
            started = server
            self.server = server
            // setpriv execs sway, so the process id is sway's, and so is the IPC socket's name.
            ipcSocket =
                runtimeDirectory.appendingPathComponent(
                    "sway-ipc.\(account.uid).\(server.process.processIdentifier).sock"
                ).path
            socket = try await Self.waitForSocket(in: runtimeDirectory, server: server, deadline: deadline)
            try await waitUntilReady(deadline: deadline)
            try await holdKeyboard(deadline: deadline)
        } catch {
            keyboard?.stop()
            started?.stop()
            await TestSlots.displays.release()
            throw error
        }
    }

    private static func configuration(width: Int, height: Int, background: String, extra: [Output]) -> String {
        let outputs = extra.enumerated().map { index, output in
            "output HEADLESS-\(index + 2) resolution \(output.width)x\(output.height) "
                + "position \(output.x) \(output.y) scale \(output.scale)\n"
        }
        return """
            # Written by TestSupport's HeadlessSway: fixed outputs, nothing drawn but clients.
            xwayland disable
            output HEADLESS-1 resolution \(width)x\(height) position 0 0
            \(outputs.joined())        output * bg \(background) solid_color
            default_border none
            default_floating_border none
            titlebar_border_thickness 0
            gaps inner 0
            gaps outer 0
            focus_follows_mouse no
            """
    }

    /// Waits for `wayland-N` (the socket, not its `.lock`) in the runtime folder.
    private static func waitForSocket(
        in folder: URL, server: BackgroundProcess, deadline: ContinuousClock.Instant
    ) async throws -> String {
        while true {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            if let name = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) {
                return folder.appendingPathComponent(name).path
            }
            guard server.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError(
                    "sway made no Wayland socket\(server.isRunning ? "" : " (it exited)"):\n\(server.log)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until swaymsg answers with the output in its mode, then until
    /// swaybg's background reaches the screen (swaybg is a client of its own,
    /// started a moment after the output).
    private func waitUntilReady(deadline: ContinuousClock.Instant) async throws {
        var last = ""
        while true {
            if let outputs = try? await swaymsg(["-t", "get_outputs", "--raw"]),
                let list = try? JSONSerialization.jsonObject(with: Data(outputs.utf8)) as? [[String: Any]]
            {
                let modes = list.map { $0["current_mode"] as? [String: Any] }
                let wanted = [(size.width, size.height)] + extraOutputs.map { ($0.width, $0.height) }
                if modes.count == wanted.count,
                    zip(modes, wanted).allSatisfy({ $0?["width"] as? Int == $1.0 && $0?["height"] as? Int == $1.1 })
                {
                    break
                }
                last = outputs
            }
            guard server.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError("sway's output never became \(size.width)x\(size.height): \(last)\n\(server.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        do {
            try await waitForPixel(
                x: size.width / 2, y: size.height / 2, toBe: background, tolerance: 2,
                within: max(deadline - .now, .milliseconds(1)))
        } catch {
            throw TestSetupError("sway's background \(background) never showed (swaybg): \(error)\n\(server.log)")
        }
    }

    /// Gives the seat a keyboard before any client comes, and keeps it.
    ///
    /// With no input devices the seat has no keyboard, so a client binds none
    /// and has no keyboard focus; each `wtype` would then add a keyboard,
    /// send its key at once and remove it again, and the client, still binding
    /// its new keyboard, often lost the key (seen: `focus in`, `focus out`, no
    /// key, in about half the runs). A sleeping wtype keeps one virtual
    /// keyboard on the seat, so windows get focus when they map and every
    /// later wtype's keys arrive in order.
    private func holdKeyboard(deadline: ContinuousClock.Instant) async throws {
        // -s takes milliseconds and sleeps with usleep, so at most ~71 minutes each: 24 of them, a day.
        let holder = try launch(
            "/usr/bin/wtype", arguments: Array(repeating: ["-s", "3600000"], count: 24).flatMap { $0 })
        keyboard = holder
        var last = ""
        while true {
            last = (try? await swaymsg(["-t", "get_inputs", "--raw"])) ?? last
            if let inputs = try? JSONSerialization.jsonObject(with: Data(last.utf8)) as? [[String: Any]],
                inputs.contains(where: { $0["type"] as? String == "keyboard" })
            {
                return
            }
            guard holder.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError("no keyboard on sway's seat from wtype: \(last)\nwtype: \(holder.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    // MARK: The user sway runs as

    /// The user sway runs as: ``TestUser/sway`` when the tests run as root
    /// (made if missing), the test's own user otherwise.
    static func account() throws -> TestUser.Account {
        getuid() == 0 ? try TestUser.sway.account() : try TestUser.current()
    }

    /// Stops sway (SIGTERM, then SIGKILL after 2 s); its clients and swaybg lose
    /// their connection and exit. Frees the slot.
    public func stop() {
        guard
            stopped.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        keyboard?.stop(grace: .milliseconds(200))
        server.stop()
        Task { await TestSlots.displays.release() }
    }

    deinit { stop() }
}
