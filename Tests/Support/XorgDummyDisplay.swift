import Foundation
import Synchronization

/// A real Xorg server on the `dummy` video driver for one test: RandR
/// outputs (`DUMMY0`, `DUMMY1`, …) that xrandr sets up, moves and turns off
/// as on a machine with monitors, which Xvfb (one screen, no outputs) cannot.
///
/// ```swift
/// let display = try await XorgDummyDisplay()  // DUMMY0 1024x768 primary, DUMMY1 800x600 right of it
/// defer { display.stop() }
/// try await display.xrandr(["--output", "DUMMY1", "--off"])
/// ```
///
/// The server runs from a configuration written into the display's folder
/// (`-config`, with an empty `-configdir`, so nothing of the machine's
/// xorg.conf.d applies), logs there (`-logfile`), picks a free display number
/// itself (`-displayfd`) and keeps its state when its last client leaves
/// (`-noreset`); it shares the console's VT without switching to it
/// (`-sharevts -novtswitch -keeptty`), so a developer's screen stays as it
/// is. It has no input devices; xdotool reaches it through XTest.
/// Each display holds one of ``TestSlots/displays`` from start to ``stop()``.
public final class XorgDummyDisplay: HeadlessDisplay, @unchecked Sendable {
    /// A monitor the display starts with: an output's mode, left to right.
    public struct Monitor: Sendable {
        public var width: Int
        public var height: Int
        /// A monitor of `width`×`height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The X server's binary; `/usr/bin/Xorg` is a wrapper that wants a console.
    public static let server = "/usr/lib/xorg/Xorg"
    /// Whether Xorg and its dummy driver are installed.
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: server)
            && FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xrandr")
    }

    /// The display number N of `:N`.
    public let number: Int
    /// The whole screen's size: the monitors side by side.
    public let size: (width: Int, height: Int)
    public let directory: URL
    /// The monitors as started: `DUMMY0` (primary), `DUMMY1`, … from the left.
    public let monitors: [Monitor]
    /// Xorg itself.
    public let process: BackgroundProcess
    private let stopped = Mutex(false)

    /// `DISPLAY=:N`, `GDK_BACKEND=x11`, `NO_AT_BRIDGE=1` and `GDK_GL=disable`,
    /// as for ``XvfbDisplay``.
    public var environment: [String: String] {
        ["DISPLAY": ":\(number)", "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GDK_GL": "disable"]
    }

    /// Starts Xorg with `monitors` side by side from the left, the first the
    /// primary output; returns once `xrandr --listmonitors` shows them all.
    ///
    /// - Throws: ``TestSetupError`` if it is not ready within `limit`, with its log.
    public init(
        monitors: [Monitor] = [Monitor(width: 1024, height: 768), Monitor(width: 800, height: 600)],
        within limit: Duration = .seconds(20)
    ) async throws {
        precondition(!monitors.isEmpty && monitors.count <= 16, "the dummy driver has 16 outputs")
        await TestSlots.displays.acquire()
        self.monitors = monitors
        size = (monitors.reduce(0) { $0 + $1.width }, monitors.map(\.height).max()!)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-xorg-\(getpid())-\(UUID().uuidString.prefix(8))")
        let deadline = ContinuousClock.now + limit
        var started: BackgroundProcess?
        do {
            let configuration = directory.appendingPathComponent("xorg.conf")
            let drop = directory.appendingPathComponent("xorg.conf.d")
            try FileManager.default.createDirectory(at: drop, withIntermediateDirectories: true)
            try Self.configuration.write(to: configuration, atomically: false, encoding: .utf8)
            let process = try BackgroundProcess(
                Self.server,
                arguments: [
                    "-displayfd", "1", "-config", configuration.path, "-configdir", drop.path,
                    "-logfile", directory.appendingPathComponent("Xorg.log").path, "-noreset", "-nolisten", "tcp",
                    "-novtswitch", "-sharevts", "-keeptty",
                ],
                logFile: directory.appendingPathComponent("Xorg.stderr.log"), diesWithTests: true)
            started = process
            self.process = process
            let line = try await process.waitForLine(within: deadline - .now) { Int($0) != nil }
            number = Int(line)!
            try await arrange(deadline: deadline)
        } catch {
            started?.stop()
            await TestSlots.displays.release()
            throw error
        }
    }

    /// One dummy device with room for the monitors (a virtual screen of
    /// 4096×2160 at most), and a monitor section whose ranges take every mode.
    private static let configuration = """
        # Written by TestSupport's XorgDummyDisplay.
        Section "ServerFlags"
            Option "AutoAddDevices" "false"
            Option "AutoAddGPU" "false"
            Option "DontVTSwitch" "true"
        EndSection
        Section "Device"
            Identifier "dummy"
            Driver "dummy"
            VideoRam 65536
        EndSection
        Section "Monitor"
            Identifier "monitor"
            HorizSync 5.0-1000.0
            VertRefresh 5.0-200.0
        EndSection
        Section "Screen"
            Identifier "screen"
            Device "dummy"
            Monitor "monitor"
            DefaultDepth 24
            SubSection "Display"
                Depth 24
                Virtual 4096 2160
            EndSubSection
        EndSection

        """

    /// Gives each output its mode and place (DUMMY1 and later have no modes
    /// of their own: each is added first), then waits until RandR lists them all.
    private func arrange(deadline: ContinuousClock.Instant) async throws {
        var x = 0
        for (index, monitor) in monitors.enumerated() {
            let name = "DUMMY\(index)"
            let mode = "\(monitor.width)x\(monitor.height)"
            if index > 0 { try await xrandr(["--addmode", name, mode]) }
            try await xrandr(
                ["--output", name, "--mode", mode, "--pos", "\(x)x0"] + (index == 0 ? ["--primary"] : []))
            x += monitor.width
        }
        var last = ""
        while true {
            last = try await xrandr(["--listmonitors"])
            if last.hasPrefix("Monitors: \(monitors.count)\n") { return }
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw TestSetupError("Xorg's monitors never became \(monitors.count): \(last)\n\(process.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Runs `xrandr` with `arguments` on this display and returns what it printed.
    ///
    /// - Throws: ``TestSetupError`` unless it succeeds.
    @discardableResult
    public func xrandr(_ arguments: [String]) async throws -> String {
        let run = try await ToolRun.running(
            "/usr/bin/xrandr", arguments, environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("xrandr \(arguments.joined(separator: " "))")
        return String(decoding: run.output, as: UTF8.self)
    }

    public func press(_ key: Key) async throws {
        try await xdotool(["key", key.name])
    }

    /// Moves the pointer to (x, y), on whichever monitor that is, and clicks `button`.
    public func click(x: Int, y: Int, button: Int = 1) async throws {
        try await xdotool(["mousemove", "--sync", String(x), String(y), "click", String(button)])
    }

    public func type(_ text: String) async throws {
        try await xdotool(["type", "--delay", "20", text])
    }

    /// Runs `xdotool` with `arguments` on this display.
    @discardableResult
    public func xdotool(_ arguments: [String]) async throws -> String {
        let run = try await ToolRun.running(
            "/usr/bin/xdotool", arguments, environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("xdotool \(arguments.joined(separator: " "))")
        return String(decoding: run.output, as: UTF8.self)
    }

    /// The root window, every monitor, as `import -window root png:-` sees it.
    public func screenshot() async throws -> RGBAImage {
        let shot = try await ToolRun.running(
            "/usr/bin/import", ["-window", "root", "png:-"],
            environment: BackgroundProcess.environment(adding: environment)
        )
        .checked("import -window root")
        return try await RGBAImage(png: shot.output)
    }

    /// Stops Xorg (SIGTERM, then SIGKILL after 2 s) and frees the slot.
    public func stop() {
        guard
            stopped.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        process.stop()
        Task { await TestSlots.displays.release() }
    }

    deinit { stop() }
}
