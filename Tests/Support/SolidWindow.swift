import Foundation

/// A stand-in for "the window behind the overlay": a plain GTK 3 toplevel of
/// one solid colour (Peers/solid_window.py, run by Debian's /usr/bin/python3
/// with gi and gir1.2-gtk-3.0), which reports every click and key it gets.
///
/// On Xvfb (no window manager) it sits where asked, the whole screen by
/// default; on sway it is tiled, which with one window is the whole output.
public final class SolidWindow: @unchecked Sendable {
    /// The folder holding the display peers' scripts.
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Peers").standardized

    /// The Python process; its standard output is the window's reports.
    public let client: BackgroundProcess
    /// The colour it fills itself with, `#rrggbb`.
    public let colour: String
    /// Its size once drawn, as GTK allocated it.
    public let size: (width: Int, height: Int)

    /// Opens the window on `display` and waits until it has been drawn.
    ///
    /// - Parameters:
    ///   - colour: `#rrggbb`.
    ///   - size: the window's size; the whole screen when nil.
    ///   - position: where its top left goes (X11 without a window manager only).
    ///   - strutBottom: when given (X11 only), it is a panel keeping that many
    ///     pixels along the screen's bottom edge (`_NET_WM_STRUT_PARTIAL`).
    /// - Throws: ``TestSetupError`` if it is not drawn within `limit`.
    public init(
        on display: some HeadlessDisplay, colour: String, size: (width: Int, height: Int)? = nil,
        position: (x: Int, y: Int) = (0, 0), title: String = "petal-solid-window", strutBottom: Int? = nil,
        within limit: Duration = .seconds(20)
    ) async throws {
        _ = try RGBAImage.components(of: colour)
        self.colour = colour
        var arguments = [
            Self.scripts.appendingPathComponent("solid_window.py").path, "--color", colour,
            "--position", "\(position.x),\(position.y)", "--title", title,
        ]
        if let size { arguments += ["--size", "\(size.width)x\(size.height)"] }
        if let strutBottom { arguments += ["--strut-bottom", "\(strutBottom)"] }
        client = try display.launch("/usr/bin/python3", arguments: arguments)
        let ready = try await client.waitForLine(within: limit) { $0.hasPrefix("ready ") }
        let numbers = ready.split(separator: " ").dropFirst().compactMap { Int($0) }
        self.size = numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// Every report so far: `ready W H`, `press X Y BUTTON`, `release X Y BUTTON`,
    /// `key NAME`, `focus in|out`.
    public var reports: [String] { client.lines }

    /// The button presses so far, in window coordinates.
    public var presses: [(x: Int, y: Int, button: Int)] {
        reports.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "press",
                let x = Int(words[1]), let y = Int(words[2]), let button = Int(words[3])
            else { return nil }
            return (x, y, button)
        }
    }

    /// The keys pressed so far, by GDK key name (`Escape`, `Return`, `1`, `Tab`, `Left`).
    public var keys: [String] {
        reports.compactMap { $0.hasPrefix("key ") ? String($0.dropFirst(4)) : nil }
    }

    /// Waits until a report after the first `skipping` satisfies `predicate`, and returns it.
    @discardableResult
    public func waitForReport(
        skipping: Int = 0, within limit: Duration = .seconds(10), where predicate: (String) -> Bool
    ) async throws -> String {
        try await client.waitForLine(skipping: skipping, within: limit, where: predicate)
    }

    /// Waits for a button press at (x, y) (window coordinates), give or take `slack` pixels.
    @discardableResult
    public func waitForPress(
        x: Int, y: Int, button: Int = 1, slack: Int = 1, within limit: Duration = .seconds(10)
    ) async throws -> String {
        try await waitForReport(within: limit) { line in
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "press",
                let px = Int(words[1]), let py = Int(words[2]), Int(words[3]) == button
            else { return false }
            return abs(px - x) <= slack && abs(py - y) <= slack
        }
    }

    /// Waits for a press of `key`.
    @discardableResult
    public func waitForKey(_ key: Key, within limit: Duration = .seconds(10)) async throws -> String {
        try await waitForReport(within: limit) { $0 == "key \(key.name)" }
    }

    /// Closes the window.
    public func stop() { client.stop() }

    deinit { client.stop(grace: .milliseconds(500)) }
}
