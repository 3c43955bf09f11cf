import Foundation
import Synchronization

/// A display server a test runs for GTK clients: ``XvfbDisplay`` (X11) or
/// ``HeadlessSway`` (Wayland). Both answer the same questions, so a test can
/// be written once and run on each.
public protocol HeadlessDisplay: AnyObject, Sendable {
    /// The variables a client needs to reach this display (and nothing else),
    /// e.g. `DISPLAY` and `GDK_BACKEND=x11`.
    var environment: [String: String] { get }
    /// A folder of this display's own, holding the servers' logs and any
    /// screenshot a test saves; kept after the test for debugging.
    var directory: URL { get }
    /// The screen's size in pixels.
    var size: (width: Int, height: Int) { get }
    /// The whole screen as it is now.
    func screenshot() async throws -> RGBAImage
    /// Presses and releases one key, as a keyboard would, in the focused window.
    func press(_ key: Key) async throws
    /// Types `text` (letters, digits), one key per character, in the focused window.
    func type(_ text: String) async throws
    /// Stops the display's servers; its clients lose their connection.
    func stop()
}

extension HeadlessDisplay {
    /// Starts `executable` (an absolute path) as a client of this display: the
    /// test's environment with ``environment`` and `extra` added, its
    /// standard error logged in ``directory``.
    public func launch(
        _ executable: String, arguments: [String] = [], extra: [String: String] = [:]
    ) throws -> BackgroundProcess {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        return try BackgroundProcess(
            executable, arguments: arguments,
            environment: BackgroundProcess.environment(adding: environment.merging(extra) { _, new in new }),
            logFile: directory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(6)).log"))
    }

    /// Takes a screenshot and saves it as `name`.png in ``directory``, for
    /// looking at after a failure; returns it.
    public func screenshot(savingAs name: String) async throws -> RGBAImage {
        let image = try await screenshot()
        try image.savePNG(to: directory.appendingPathComponent("\(name).png"))
        return image
    }

    /// Takes screenshots until the pixel at (x, y) is within `tolerance` of
    /// `colour` (`#rrggbb`), and returns the last one; drawing reaches the
    /// screen a moment after a client says it drew.
    ///
    /// - Throws: ``TestSetupError`` naming the colour seen last, once `limit`
    ///   passes; that screenshot is saved in ``directory`` first.
    @discardableResult
    public func waitForPixel(
        x: Int, y: Int, toBe colour: String, tolerance: Int = 8, within limit: Duration = .seconds(10)
    ) async throws -> RGBAImage {
        let deadline = ContinuousClock.now + limit
        while true {
            let image = try await screenshot()
            if try image.pixel(x: x, y: y, isWithin: tolerance, of: colour) { return image }
            if ContinuousClock.now >= deadline {
                let file = directory.appendingPathComponent("waitForPixel-\(UUID().uuidString.prefix(6)).png")
                try? image.savePNG(to: file)
                throw TestSetupError(
                    "pixel (\(x), \(y)) is \(image.hex(x: x, y: y)), not \(colour), after \(limit); see \(file.path)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// A key, by its X keysym name, as both `xdotool key` and `wtype -k` take it.
public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The keysym name, e.g. `Escape`, `Return`, `1`, `Left`.
    public let name: String
    /// A key by keysym name (see /usr/include/X11/keysymdef.h without the `XK_`).
    public init(_ name: String) { self.name = name }

    public static let escape = Key("Escape")
    public static let `return` = Key("Return")
    public static let tab = Key("Tab")
    public static let space = Key("space")
    public static let backspace = Key("BackSpace")
    public static let left = Key("Left")
    public static let right = Key("Right")
    public static let up = Key("Up")
    public static let down = Key("Down")

    /// The digit keys 0 to 9 of the main keyboard.
    public static func digit(_ digit: Int) -> Key {
        precondition((0...9).contains(digit), "not a digit: \(digit)")
        return Key(String(digit))
    }

    public var description: String { name }
}

extension TestSlots {
    /// The slots display servers share: each ``XvfbDisplay`` and
    /// ``HeadlessSway`` holds one from start to stop, so a 2-core machine runs
    /// at most two at once and no readiness deadline passes while starved.
    ///
    /// A test's time limit runs while it waits for a slot, so a suite that
    /// takes one allows 5 minutes: with a dozen display tests queued behind
    /// two slow ones on a loaded machine, 2 minutes ran out in the queue.
    public static let displays = TestSlots(count: 2)
}

/// A tool run to completion with an environment and standard input of its
/// own, its standard output kept as bytes (a PNG, raw pixels).
struct ToolRun {
    let status: Int32
    let output: Data
    let errors: String

    /// Runs `executable` (an absolute path), feeding it `input`, on a thread of its own.
    static func running(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil
    ) async throws -> ToolRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result { try run(executable, arguments, environment: environment, input: input) })
            }
        }
    }

    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]?, input: Data?
    ) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        let feed = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        let group = DispatchGroup()
        let errorData = Mutex(Data())
        DispatchQueue.global().async(group: group) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
        }
        if let input {
            DispatchQueue.global().async(group: group) {
                // A tool that exits early closes the pipe; EPIPE is then an error to ignore, not a signal.
                signal(SIGPIPE, SIG_IGN)
                try? feed.fileHandleForWriting.write(contentsOf: input)
                try? feed.fileHandleForWriting.close()
            }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ToolRun(
            status: process.terminationStatus, output: outputData,
            errors: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }

    /// Throws unless the tool exited with status 0.
    @discardableResult
    func checked(_ what: String) throws -> ToolRun {
        guard status == 0 else { throw TestSetupError("\(what) failed (exit status \(status)): \(errors)") }
        return self
    }
}
