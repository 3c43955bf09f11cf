import DBus
import PetalAPI
import PetalCore
import PetalScene

/// Keeps the window in step with petald and carries out what the user asks.
///
/// Runs on the main thread. Reads and calls go out on the D-Bus connection's
/// loop thread (``MenuFeed``); their answers, and petald's signals, come back
/// through ``MainQueue``. petald's errors are logged and never end the program.
@MainActor
final class OverlayController {
    private let window: OverlayWindow
    private let feed: MenuFeed
    private let log: OverlayLog
    /// Counts `StateChanged`s, so that a menu read that was already under way
    /// when one arrived does not put the older state back.
    private var stateSerial = 0
    /// The same for `Highlighted`.
    private var highlightSerial = 0
    /// Whether a read is under way, and whether another was asked for meanwhile.
    private var reading = false
    private var readAgain = false
    /// Whether the window is shown: from the first read's outcome on.
    private var shown = false

    init(window: OverlayWindow, feed: MenuFeed, log: OverlayLog) {
        self.window = window
        self.feed = feed
        self.log = log
        window.perform = { [unowned self] intent in perform(intent) }
    }

    /// Follows petald's signals, then reads the menu.
    func start() {
        let log = self.log
        feed.onDisconnect {
            log.error("the connection to the bus was lost; petal-overlay stops")
            MainQueue.post { OverlayMain.quit(status: 1) }
        }
        feed.follow { event in MainQueue.post { [weak self] in self?.handle(event) } }
        read()
    }

    private func handle(_ event: FeedEvent) {
        log.debug("signal: \(event)")
        // A read that failed is tried again when petald next says anything, with no timer.
        if !window.scene.menu.online, case .stateChanged = event { read() }
        if !window.scene.menu.online, case .highlighted = event { read() }
        switch event {
        case .stateChanged(let state):
            stateSerial += 1
            window.stateChanged(to: state)
        case .highlighted(let id):
            highlightSerial += 1
            window.highlightChanged(to: id)
        case .menuChanged, .appeared:
            read()
        case .vanished:
            log.warning("petald left the bus; the button is disabled until it is back")
            var menu = window.scene.menu
            menu.online = false
            stateSerial += 1
            window.update(menu: menu, state: .collapsed, highlighted: "")
        }
    }

    /// Reads the whole menu again; one read at a time, and one more if asked meanwhile.
    private func read() {
        guard !reading else {
            readAgain = true
            return
        }
        reading = true
        let serials = (stateSerial, highlightSerial)
        feed.read { outcome in
            MainQueue.post { [weak self] in self?.finishRead(outcome, serials: serials) }
        }
    }

    private func finishRead(_ outcome: Result<MenuReading, DBusError>, serials: (state: Int, highlight: Int)) {
        reading = false
        switch outcome {
        case .success(let reading):
            // A signal that came while reading is newer than what was read.
            window.update(
                menu: reading.menu, state: serials.state == stateSerial ? reading.state : nil,
                highlighted: serials.highlight == highlightSerial ? reading.highlighted : nil)
        case .failure(let error)
        where error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
            || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner":
            log.warning("petald is not on the bus; the button is disabled until it starts")
            setOffline()
        case .failure(let error):
            log.warning("cannot read the menu from petald (\(error)); the button is disabled until petald is back")
            setOffline()
        }
        if !shown {
            shown = true
            window.show()
        }
        if readAgain {
            readAgain = false
            read()
        }
    }

    private func setOffline() {
        var menu = window.scene.menu
        menu.online = false
        window.update(menu: menu)
    }

    /// Carries out a click's or key's intent as a D-Bus call.
    private func perform(_ intent: Intent) {
        log.debug("calling petald: \(intent)")
        let log = self.log
        // While petald is gone nothing is called: there is no one to answer.
        guard window.scene.menu.online else { return }
        feed.perform(intent) { error in log.warning("the call for \(intent) failed: \(error)") }
    }
}
