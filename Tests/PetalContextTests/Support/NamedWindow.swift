import Foundation
import TestSupport

/// A window whose application id (Wayland) and WM_CLASS (X11) a test
/// chooses: Tests/Support's solid stand-in window (Peers/solid_window.py),
/// started with GTK's own `--name`, which GTK 3 makes the Wayland app id
/// and, capitalised, the X11 class (`petal-alpha` → `Petal-alpha`).
final class NamedWindow: @unchecked Sendable {
    /// The name given to GTK: the window's app id on Wayland.
    let name: String
    /// Its title.
    let title: String
    let client: BackgroundProcess

    /// The class GTK gives the window on X11.
    var x11Class: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// Opens the window on `display` and waits until it has been drawn.
    init(
        _ name: String, title: String, on display: some HeadlessDisplay, colour: String = "#336699",
        size: (width: Int, height: Int) = (320, 240), position: (x: Int, y: Int) = (0, 0)
    ) async throws {
        self.name = name
        self.title = title
        client = try display.launch(
            "/usr/bin/python3",
            arguments: [
                SolidWindow.scripts.appendingPathComponent("solid_window.py").path, "--name=\(name)",
                "--color", colour, "--size", "\(size.width)x\(size.height)", "--position",
                "\(position.x),\(position.y)",
                "--title", title,
            ])
        try await client.waitForLine(within: .seconds(20)) { $0.hasPrefix("ready ") }
    }

    func stop() { client.stop() }

    deinit { client.stop(grace: .milliseconds(500)) }
}
