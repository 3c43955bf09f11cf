import Foundation
import Synchronization

/// A headless X server (`Xvfb`) for one test, optionally with the `xcompmgr`
/// compositing manager (GTK draws transparent windows only under one), and
/// xdotool for input.
///
/// ```swift
/// let display = try await XvfbDisplay(width: 1280, height: 720, compositor: true)
/// defer { display.stop() }
/// let window = try await SolidWindow(on: display, colour: "#336699")
/// ```
///
/// The display number is the first free one, chosen by Xvfb itself
/// (`-displayfd`), so parallel tests never race for it. Each display holds
/// one of ``TestSlots/displays`` from start to ``stop()``.
public final class XvfbDisplay: HeadlessDisplay, @unchecked Sendable {
    /// The display number N of `:N`.
    public let number: Int
    public let size: (width: Int, height: Int)
    public let directory: URL
    /// The X server.
    public let server: BackgroundProcess
    /// The compositing manager, when asked for.
    public let compositor: BackgroundProcess?
    private let stopped = Mutex(false)

    /// `DISPLAY=:N`, `GDK_BACKEND=x11` (GTK would otherwise try Wayland first),
    /// `NO_AT_BRIDGE=1` (no accessibility bus to look for, which would wait
    /// for D-Bus) and `GDK_GL=disable` (no OpenGL: Xvfb has only software
    /// GLX, and GTK should draw with cairo as on a real machine without GL).
    public var environment: [String: String] {
        ["DISPLAY": ":\(number)", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GDK_GL": "disable"]
    }

    /// Starts `Xvfb :N -screen 0 WxHx24 -nolisten tcp -noreset` and, when
    /// `compositor` is true, `xcompmgr` with `compositorArguments` (`-c` for
    /// its client-side shadows); returns once clients can connect (and GTK
    /// sees the display as composited).
    ///
    /// `-noreset` keeps the server as it is when its last client leaves (by
    /// default Xvfb resets then, which a test would see as a lost compositor).
    ///
    /// - Throws: ``TestSetupError`` if either is not ready within `limit`, with its log.
    public init(
        width: Int = 1280, height: Int = 720, compositor: Bool = true, compositorArguments: [String] = [],
        within limit: Duration = .seconds(20)
    ) async throws {
        await TestSlots.displays.acquire()
        size = (width, height)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-xvfb-\(getpid())-\(UUID().uuidString.prefix(8))")
        let deadline = ContinuousClock.now + limit
        var started: [BackgroundProcess] = []
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            // -displayfd 1: Xvfb picks a free number and prints it on stdout once it accepts connections.
            let server = try BackgroundProcess(
                "/usr/bin/Xvfb",
                arguments: [
                    "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
                ],
                logFile: directory.appendingPathComponent("Xvfb.log"), diesWithTests: true)
            started.append(server)
            let line = try await server.waitForLine(within: deadline - .now) { Int($0) != nil }
            number = Int(line)!
            self.server = server
            let environment = ["DISPLAY": ":\(number)", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GDK_GL": "disable"]
            if compositor {
                let manager = try BackgroundProcess(
                    "/usr/bin/xcompmgr", arguments: compositorArguments,
                    environment: BackgroundProcess.environment(adding: environment),
                    logFile: directory.appendingPathComponent("xcompmgr.log"))
                started.append(manager)
                try await Self.waitUntilComposited(manager, environment: environment, deadline: deadline)
                self.compositor = manager
            } else {
                self.compositor = nil
            }
        } catch {
            for process in started.reversed() { process.stop() }
            await TestSlots.displays.release()
            throw error
        }
    }

    /// Asks GTK itself (Peers/display_probe.py) until it sees a compositing manager.
    private static func waitUntilComposited(
        _ manager: BackgroundProcess, environment: [String: String], deadline: ContinuousClock.Instant
    ) async throws {
        var answer = ""
        while true {
            let probe = try await probeComposited(environment: environment)
            if probe.status == 0 { return }
            answer = String(decoding: probe.output, as: UTF8.self) + probe.errors
            guard manager.isRunning, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSetupError(
            """
            xcompmgr did not become the compositing manager\(manager.isRunning ? "" : " (it exited)"): \
            GTK says \(answer)
            xcompmgr's log: \(manager.log)
            """)
    }

    /// Whether GTK sees a compositing manager (and so an RGBA visual) on this
    /// display now, as petal-overlay will when it asks for transparency.
    public func isComposited() async throws -> Bool {
        try await Self.probeComposited(environment: environment).status == 0
    }

    private static func probeComposited(environment: [String: String]) async throws -> ToolRun {
        let probe = try await ToolRun.running(
            "/usr/bin/python3", [SolidWindow.scripts.appendingPathComponent("display_probe.py").path, "composited"],
            environment: BackgroundProcess.environment(adding: environment))
        guard probe.status <= 1 else { throw TestSetupError("display_probe.py failed: \(probe.errors)") }
        return probe
    }

    // MARK: Input, through xdotool

    /// Runs `xdotool` with `arguments` on this display.
    ///
    /// - Throws: ``TestSetupError`` unless it succeeds.
    @discardableResult
    public func xdotool(_ arguments: [String]) async throws -> String {
        let run = try await ToolRun.running(
            "/usr/bin/xdotool", arguments, environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("xdotool \(arguments.joined(separator: " "))")
        return String(decoding: run.output, as: UTF8.self)
    }

    /// Moves the pointer to (x, y) of the screen and waits until the server says it is there.
    ///
    /// Not `mousemove --sync`: that waits for the pointer to *move*, and when
    /// it is already there (Xvfb starts it at the centre) it hangs for seconds.
    public func movePointer(toX x: Int, y: Int, within limit: Duration = .seconds(5)) async throws {
        try await xdotool(["mousemove", String(x), String(y)])
        let deadline = ContinuousClock.now + limit
        while true {
            let location = try await pointerLocation()
            if location == (x, y) { return }
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("the pointer is at \(location), not (\(x), \(y)), after \(limit)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Where the pointer is now, in screen coordinates.
    public func pointerLocation() async throws -> (x: Int, y: Int) {
        let shell = try await xdotool(["getmouselocation", "--shell"])
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"] else {
            throw TestSetupError("xdotool getmouselocation printed no X and Y: \(shell)")
        }
        return (x, y)
    }

    /// Moves the pointer to (x, y) and clicks `button` (1 left, 2 middle, 3 right).
    public func click(x: Int, y: Int, button: Int = 1) async throws {
        try await movePointer(toX: x, y: y)
        try await xdotool(["click", String(button)])
    }

    /// Presses `button` where the pointer is, and holds it.
    public func pressButton(_ button: Int = 1) async throws {
        try await xdotool(["mousedown", String(button)])
    }

    /// Releases `button` where the pointer is.
    public func releaseButton(_ button: Int = 1) async throws {
        try await xdotool(["mouseup", String(button)])
    }

    /// Presses and releases `key` in the window that has the keyboard focus:
    /// with no window manager, the window under the pointer.
    public func press(_ key: Key) async throws {
        try await xdotool(["key", key.name])
    }

    /// Presses `key` and holds it.
    public func keyDown(_ key: Key) async throws {
        try await xdotool(["keydown", key.name])
    }

    /// Releases `key`.
    public func keyUp(_ key: Key) async throws {
        try await xdotool(["keyup", key.name])
    }

    public func type(_ text: String) async throws {
        try await xdotool(["type", "--delay", "20", text])
    }

    // MARK: Screenshots

    /// The root window as `import -window root png:-` sees it, composited.
    public func screenshot() async throws -> RGBAImage {
        let shot = try await ToolRun.running(
            "/usr/bin/import", ["-window", "root", "png:-"],
            environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("import -window root")
        return try await RGBAImage(png: shot.output)
    }

    /// Stops xcompmgr and Xvfb (SIGTERM, then SIGKILL after 2 s) and frees the slot.
    public func stop() {
        guard
            stopped.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        compositor?.stop()
        server.stop()
        Task { await TestSlots.displays.release() }
    }

    deinit { stop() }
}
