import DBus
import Foundation
import PetalCore
import Synchronization
import TestSupport

/// petal-overlay running on a headless display against petald (its real
/// plugins, its items running `true` through command.run) on a private bus, with a solid window behind it: what a desktop user has.
final class OverlaySession: @unchecked Sendable {
    /// A menu whose every item has a distinct colour and no icon, at the
    /// bottom left so that a linear row fits on screen: button centre at
    /// (16 + 30, height − 32 − 30), items 80 px apart to its right.
    static let configuration = """
        {"menu": {"layout": "linear", "openDuration": 0.2, "closeDuration": 0.2},
         "items": [
           {"id": "red", "title": "Red", "icon": "", "color": "#d03030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "green", "title": "Green", "icon": "", "color": "#30a030", "action": "command.run", "params": {"argv": ["true"]}},
           {"id": "blue", "title": "Blue", "icon": "", "color": "#3050d0", "action": "command.run", "params": {"argv": ["true"]}}],
         "appearance": {"anchor": "bottom-left", "buttonColor": "#ef5285", "shadow": false}}
        """
    static let itemColours = ["#d03030", "#30a030", "#3050d0"]
    static let ids = ["red", "green", "blue"]
    static let background = "#406080"

    let display: any HeadlessDisplay
    /// The configuration file petald reads: rewrite it and call `Reload`.
    let configFile: URL
    let daemon: RunningDaemon
    let window: SolidWindow
    let overlay: BackgroundProcess
    private let started = StartedItems()
    private let token: SignalSubscriptionToken

    /// Starts a display with `makeDisplay`, then everything else on it; the
    /// display is stopped again if the rest does not start.
    static func start<Display: HeadlessDisplay>(
        configuration: String = OverlaySession.configuration, overlayEnvironment: [String: String] = [:],
        waitingForButton: Bool = true, background: String = OverlaySession.background,
        on makeDisplay: () async throws -> Display
    ) async throws -> (OverlaySession, Display) {
        let display = try await makeDisplay()
        do {
            let session = try await OverlaySession(
                display: display, configuration: configuration, overlayEnvironment: overlayEnvironment,
                waitingForButton: waitingForButton, background: background)
            return (session, display)
        } catch {
            display.stop()
            throw error
        }
    }

    /// Starts everything and, unless `waitingForButton` is false, waits until
    /// the button is on screen; the overlay's environment has `overlayEnvironment`
    /// added, and the window behind is `background`.
    init(
        display: any HeadlessDisplay, configuration: String = OverlaySession.configuration,
        overlayEnvironment: [String: String] = [:], waitingForButton: Bool = true,
        background: String = OverlaySession.background
    ) async throws {
        self.display = display
        let file = display.directory.appendingPathComponent("config-\(UUID().uuidString.prefix(6)).json")
        configFile = file
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        daemon = try await RunningDaemon(executable: "petald", arguments: ["--config", file.path])
        window = try await SolidWindow(on: display, colour: background)
        let started = self.started
        token = try await daemon.client.subscribe(
            MatchRule(
                sender: RunningDaemon.name.rawValue, path: RunningDaemon.path, interface: RunningDaemon.menu,
                member: "ActionStarted")
        ) { message in
            let arguments = (try? message.arguments()) ?? []
            let item = arguments.count == 3 ? arguments[2].stringValue ?? "" : ""
            started.items.withLock { $0.append(item) }
        }
        // A GTK critical is a defect of the overlay's: it stops the overlay, and the test fails.
        overlay = try display.launch(
            OverlayBinary.url.path, arguments: ["--bus", daemon.bus.address, "--verbose"],
            extra: ["G_DEBUG": "fatal-criticals"].merging(overlayEnvironment) { _, given in given })
        if waitingForButton {
            try await display.waitForPixel(
                x: buttonCentre.x - 20, y: buttonCentre.y, toBe: "#ef5285", within: .seconds(20))
        }
    }

    /// The button's centre on screen.
    var buttonCentre: (x: Int, y: Int) { (16 + 30, display.size.height - 32 - 30) }

    /// Item `index`'s centre on screen when expanded.
    func itemCentre(_ index: Int) -> (x: Int, y: Int) {
        (buttonCentre.x + 80 * (index + 1), buttonCentre.y)
    }

    /// A point on item `index`'s disc, clear of its title.
    func onItem(_ index: Int) -> (x: Int, y: Int) {
        (itemCentre(index).x - 18, itemCentre(index).y - 18)
    }

    /// The item ids `ActionStarted` named so far.
    var actionItems: [String] { started.items.withLock { $0 } }

    /// Waits until `ActionStarted` has named `item`.
    func waitForAction(on item: String, within limit: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + limit
        while !actionItems.contains(item) {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError(
                    "no ActionStarted for \(item) within \(limit); saw \(actionItems)\noverlay log:\n\(overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until `Highlighted` reads `id`.
    func waitForHighlighted(_ id: String, within limit: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + limit
        while try await daemon.property("Highlighted").stringValue != id {
            guard ContinuousClock.now < deadline else {
                throw TestSetupError("Highlighted did not become \"\(id)\"; overlay log:\n\(overlay.log)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Opens the menu through D-Bus, once it has finished closing (petald
    /// ignores an Open while it closes), and waits until the items are drawn.
    func open() async throws {
        try await daemon.waitForState("collapsed")
        _ = try await daemon.menu("Open")
        try await daemon.waitForState("expanded")
        try await display.waitForPixel(x: onItem(2).x, y: onItem(2).y, toBe: Self.itemColours[2])
    }

    func stop() {
        token.cancel()
        overlay.stop()
        window.stop()
        _ = daemon.stop()
        display.stop()
    }
}

/// The item ids of the `ActionStarted` signals seen, in order.
final class StartedItems: Sendable {
    let items = Mutex<[String]>([])
}
