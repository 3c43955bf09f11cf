import DBus
import PetalAPI
import PetalCore
import PetalScene

/// Keeps the window in step with petald and carries out what the user asks.
///
/// Runs on the main thread. Reads and calls go out as tasks on the D-Bus
/// connection; their answers, and petald's signals, come back through
/// ``MainQueue``. petald's errors are logged and never end the program.
@MainActor
final class OverlayController {
    private let window: OverlayWindow
    private let feed: MenuFeed
    private let log: OverlayLog
    /// Counts `StateChanged`s, so that a menu read that was already under way
    /// when one arrived does not put the older state back.
    private var stateSerial = 0
    /// Whether a read is under way, and whether another was asked for meanwhile.
    private var reading = false
    private var readAgain = false

    init(window: OverlayWindow, feed: MenuFeed, log: OverlayLog) {
        self.window = window
        self.feed = feed
        self.log = log
        window.perform = { [unowned self] intent in perform(intent) }
    }

    /// Follows petald's signals, then reads the menu.
    func start() {
        let (feed, log) = (self.feed, self.log)
        feed.onDisconnect {
            log.error("the connection to the bus was lost; petal-overlay stops")
            MainQueue.post { OverlayMain.quit(status: 1) }
        }
        Task.detached {
            do {
                try await feed.follow { event in MainQueue.post { [weak self] in self?.handle(event) } }
            } catch {
                log.error("cannot follow petald's signals: \(error)")
            }
            MainQueue.post { [weak self] in self?.read() }
        }
    }

    private func handle(_ event: FeedEvent) {
        log.debug("signal: \(event)")
        switch event {
        case .stateChanged(let state):
            stateSerial += 1
            window.stateChanged(to: state)
        case .highlighted(let id):
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
        let (feed, serial) = (self.feed, stateSerial)
        Task.detached { [log] in
            let outcome: Result<(SceneMenu, MenuState, String), ReadFailure>
            do {
                let read = try await feed.read()
                outcome = .success((read.menu, read.state, read.highlighted))
            } catch {
                outcome = .failure(ReadFailure(message: "\(error)"))
            }
            MainQueue.post { [weak self] in
                guard let self else { return }
                reading = false
                switch outcome {
                case .success(let (menu, state, highlighted)):
                    // A StateChanged that came while reading is newer than the state read.
                    window.update(menu: menu, state: serial == stateSerial ? state : nil, highlighted: highlighted)
                case .failure(let failure):
                    let message = failure.message
                    log.warning("cannot read the menu from petald (\(message)); the button stays disabled until petald is back")
                    var menu = window.scene.menu
                    menu.online = false
                    window.update(menu: menu)
                }
                if readAgain {
                    readAgain = false
                    read()
                }
            }
        }
    }

    private struct ReadFailure: Error {
        let message: String
    }

    /// Carries out a click's or key's intent as a D-Bus call.
    private func perform(_ intent: Intent) {
        log.debug("calling petald: \(intent)")
        let (client, log) = (feed.client, self.log)
        Task.detached {
            do {
                switch intent {
                case .toggle: _ = try await client.change("Toggle")
                case .close: _ = try await client.change("Close")
                case .activate(let id): _ = try await client.activate(id)
                case .highlight(let id): try await client.setHighlighted(id)
                }
            } catch {
                log.warning("petald refused \(intent): \(error)")
            }
        }
    }
}
