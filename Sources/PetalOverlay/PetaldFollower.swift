import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// What ``PetaldFollower`` tells the windows as petald's menus change.
@MainActor
protocol PetaldFollowerDelegate: AnyObject {
    /// The menu at `path` changed (or came, or went) in the mirror.
    func menuChanged(at path: ObjectPath)
    /// Every menu was read afresh; anything drawn may be out of date.
    func everyMenuRead()
    /// petald is gone or does not answer; the mirror is empty.
    func petaldWentAway()
    /// The first read of every menu ended, with or without an answer.
    func firstReadEnded()
}

/// Keeps ``mirror`` in step with petald across its restarts: every menu is
/// read once, then followed through its signals, and read again whenever
/// petald takes its name anew.
///
/// Runs on the main thread. Reads and calls go out on the D-Bus connection's
/// loop thread (``MenuFeed``) and come back through ``MainQueue``. petald's
/// errors are logged and never end the program.
@MainActor
final class PetaldFollower {
    /// What petald serves, as last heard.
    private(set) var mirror = MenuMirror()
    /// Whether petald answered the last read; calls are made only then.
    private(set) var online = false
    weak var delegate: (any PetaldFollowerDelegate)?

    private let feed: MenuFeed
    private let log: Logger
    /// While every menu is being read: what petald said meanwhile, applied
    /// again to the read, which may be older (docs/overlay.md).
    private var heardWhileReading: [EveryMenuEvent]?
    /// Whether another read of every menu was asked for while one was under way.
    private var readAgain = false
    private var firstReadDone = false

    init(feed: MenuFeed, log: Logger) {
        self.feed = feed
        self.log = log
    }

    /// Follows petald's signals, then reads every menu; the program ends if the bus goes.
    func start() {
        let log = self.log
        feed.onDisconnect {
            log.error("the connection to the bus was lost; petal-overlay stops")
            MainQueue.post { OverlayMain.quit(status: 1) }
        }
        feed.followEveryMenu { event in MainQueue.post { [weak self] in self?.heard(event) } }
        readEveryMenu()
    }

    /// Asks petald to carry out `intent` on the menu at `path`; a failure is logged.
    func perform(_ intent: Intent, onMenuAt path: ObjectPath) {
        log.debug("calling petald: \(intent) on \(path)")
        // While petald is gone nothing is called: there is no one to answer.
        guard online else { return }
        let log = self.log
        feed.perform(intent, onMenuAt: path) { error in
            log.warning("the call for \(intent) on \(path) failed: \(error)")
        }
    }

    /// Sends `Submit` to the menu at `path`: a picker's answer; a failure is logged.
    func submit(_ ids: [String], _ details: SubmitDetails, onMenuAt path: ObjectPath) {
        log.debug("calling petald: Submit \(ids) on \(path)")
        guard online else { return }
        let log = self.log
        feed.client.menu(at: path).submit(ids, details) { result in
            if case .failure(let error) = result { log.warning("Submit on \(path) failed: \(error)") }
        }
    }

    /// Calls `GetRows` on the menu at `path` and reads the row table it
    /// answers off the main loop (``RowWorker``); `completion` runs on the main loop.
    func rows(
        ofMenuAt path: ObjectPath, then completion: @escaping @Sendable @MainActor (Result<RowTable, any Error>) -> Void
    ) {
        log.debug("calling petald: GetRows on \(path)")
        feed.client.menu(at: path).rows { result in
            switch result {
            case .success(let descriptor): RowWorker.readTable(descriptor, then: completion)
            case .failure(let error): MainQueue.post { completion(.failure(error)) }
            }
        }
    }

    private func heard(_ event: EveryMenuEvent) {
        heardWhileReading?.append(event)
        apply(event)
    }

    private func apply(_ event: EveryMenuEvent) {
        switch event {
        case .stateChanged(let path, let state):
            log.debug("signal: \(path) StateChanged \(state)")
            if mirror.stateChanged(path, to: state) { delegate?.menuChanged(at: path) }
        case .propertiesChanged(let path, let interface, let changed, let invalidated):
            log.debug("signal: \(path) PropertiesChanged \(changed.entries.map(\.key))")
            guard
                let (menu, mustRead) = mirror.propertiesChanged(
                    path, interface: interface, changed: changed, invalidated: invalidated)
            else { return }
            if mustRead { readMenu(at: menu) }
            delegate?.menuChanged(at: menu)
        case .interfacesAdded(let path, let interfaces):
            log.debug("signal: InterfacesAdded \(path)")
            if let menu = mirror.interfacesAdded(path, interfaces) { delegate?.menuChanged(at: menu) }
        case .interfacesRemoved(let path, let interfaces):
            log.debug("signal: InterfacesRemoved \(path)")
            if let menu = mirror.interfacesRemoved(path, interfaces) { delegate?.menuChanged(at: menu) }
        case .appeared:
            log.debug("signal: petald took its name")
            readEveryMenu()
        case .vanished:
            log.warning("petald left the bus; the button is disabled until it is back")
            goOffline()
        }
    }

    /// Reads every menu again; one read at a time, and one more if asked meanwhile.
    private func readEveryMenu() {
        guard heardWhileReading == nil else {
            readAgain = true
            return
        }
        heardWhileReading = []
        feed.readEveryMenu { outcome in
            MainQueue.post { [weak self] in self?.finishReading(outcome) }
        }
    }

    private func finishReading(_ outcome: Result<MenuMirror, DBusError>) {
        let heard = heardWhileReading ?? []
        heardWhileReading = nil
        switch outcome {
        case .success(let read):
            online = true
            mirror = read
            // A signal that came while reading may be newer than what was read;
            // one that is older is followed by a newer one that came too.
            for event in heard { applyToMirror(event) }
            delegate?.everyMenuRead()
        case .failure(let error)
        where error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
            || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner":
            log.warning("petald is not on the bus; the button is disabled until it starts")
            goOffline()
        case .failure(let error):
            log.warning("cannot read the menus from petald (\(error)); the button is disabled until petald is back")
            goOffline()
        }
        if !firstReadDone {
            firstReadDone = true
            delegate?.firstReadEnded()
        }
        if readAgain {
            readAgain = false
            readEveryMenu()
        }
    }

    /// Applies `event` to the mirror only; the windows follow once it is all read.
    private func applyToMirror(_ event: EveryMenuEvent) {
        switch event {
        case .stateChanged(let path, let state): _ = mirror.stateChanged(path, to: state)
        case .propertiesChanged(let path, let interface, let changed, let invalidated):
            _ = mirror.propertiesChanged(path, interface: interface, changed: changed, invalidated: invalidated)
        case .interfacesAdded(let path, let interfaces): _ = mirror.interfacesAdded(path, interfaces)
        case .interfacesRemoved(let path, let interfaces): _ = mirror.interfacesRemoved(path, interfaces)
        case .appeared, .vanished: break
        }
    }

    /// Reads one menu's properties again, when a change was announced without its value.
    private func readMenu(at path: ObjectPath) {
        feed.readMenuProperties(at: path) { outcome in
            MainQueue.post { [weak self] in
                guard let self, case .success(let properties) = outcome else { return }
                mirror.menuRead(path, properties)
                delegate?.menuChanged(at: path)
            }
        }
    }

    private func goOffline() {
        online = false
        mirror.clear()
        delegate?.petaldWentAway()
    }
}
