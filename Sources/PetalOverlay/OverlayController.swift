import CGtk
import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// Keeps a window for every menu that is drawn — `main`'s, resting on the
/// screen, and one for each other menu while it is not collapsed — in step
/// with petald, and carries out what the user asks of each.
///
/// Runs on the main thread. petald's menus are read once (``MenuMirror``)
/// and then followed through its signals, so a `StateChanged` is drawn from
/// what is known, with no read in between; reads and calls go out on the
/// D-Bus connection's loop thread (``MenuFeed``) and come back through
/// ``MainQueue``. petald's errors are logged and never end the program.
@MainActor
final class OverlayController {
    private let feed: MenuFeed
    private let log: Logger
    private let painter: CairoPainter
    private let outputs: OverlayOutputs
    /// `main`'s window, there for the program's life.
    private let main: OverlayWindow
    /// Every window drawn, `main`'s included, by menu path.
    private var windows: [ObjectPath: OverlayWindow] = [:]
    /// What petald serves, as last heard.
    private var mirror = MenuMirror()
    /// While every menu is being read: what petald said meanwhile, applied
    /// again to the read, which may be older (docs/overlay.md).
    private var heardWhileReading: [EveryMenuEvent]?
    /// Whether another read of every menu was asked for while one was under way.
    private var readAgain = false
    /// Whether petald answered the last read; calls are made only then.
    private var online = false
    /// Whether `main`'s window is shown: from the first read's outcome on.
    private var shown = false
    /// Menus changed by signals since their windows were last brought in line.
    private var unsynced: Set<ObjectPath> = []
    private var syncQueued = false

    init(main: OverlayWindow, feed: MenuFeed, painter: CairoPainter, outputs: OverlayOutputs, log: Logger) {
        self.main = main
        self.feed = feed
        self.painter = painter
        self.outputs = outputs
        self.log = log
        windows[main.path] = main
        main.perform = { [unowned self, unowned main] intent in perform(intent, from: main) }
        main.closed = { [unowned self, unowned main] in reopen(main) }
    }

    /// Follows petald's signals, then reads every menu.
    func start() {
        let log = self.log
        feed.onDisconnect {
            log.error("the connection to the bus was lost; petal-overlay stops")
            MainQueue.post { OverlayMain.quit(status: 1) }
        }
        feed.followEveryMenu { event in MainQueue.post { [weak self] in self?.heard(event) } }
        GtkSignals.followAnimationsSetting(self)
        outputs.changed = { [unowned self] in screenChanged() }
        readEveryMenu()
    }

    // MARK: What petald says

    private func heard(_ event: EveryMenuEvent) {
        heardWhileReading?.append(event)
        apply(event)
    }

    private func apply(_ event: EveryMenuEvent) {
        switch event {
        case .stateChanged(let path, let state):
            log.debug("signal: \(path) StateChanged \(state)")
            if mirror.stateChanged(path, to: state) { needsSync(path) }
        case .propertiesChanged(let path, let interface, let changed, let invalidated):
            log.debug("signal: \(path) PropertiesChanged \(changed.entries.map(\.key))")
            guard
                let (menu, mustRead) = mirror.propertiesChanged(
                    path, interface: interface, changed: changed, invalidated: invalidated)
            else { return }
            if mustRead { readMenu(at: menu) }
            needsSync(menu)
        case .interfacesAdded(let path, let interfaces):
            log.debug("signal: InterfacesAdded \(path)")
            if let menu = mirror.interfacesAdded(path, interfaces) { needsSync(menu) }
        case .interfacesRemoved(let path, let interfaces):
            log.debug("signal: InterfacesRemoved \(path)")
            if let menu = mirror.interfacesRemoved(path, interfaces) { needsSync(menu) }
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
            for event in heard {
                if case .appeared = event { continue }
                if case .vanished = event { continue }
                _ = apply(quietly: event)
            }
            for path in Set(mirror.paths).union(windows.keys) { sync(path, arranging: false) }
            arrange()
        case .failure(let error)
        where error.name == "org.freedesktop.DBus.Error.ServiceUnknown"
            || error.name == "org.freedesktop.DBus.Error.NameHasNoOwner":
            log.warning("petald is not on the bus; the button is disabled until it starts")
            goOffline()
        case .failure(let error):
            log.warning("cannot read the menus from petald (\(error)); the button is disabled until petald is back")
            goOffline()
        }
        if !shown {
            shown = true
            main.show()
        }
        if readAgain {
            readAgain = false
            readEveryMenu()
        }
    }

    /// Applies `event` to the mirror only; the windows follow afterwards.
    private func apply(quietly event: EveryMenuEvent) -> Bool {
        switch event {
        case .stateChanged(let path, let state): return mirror.stateChanged(path, to: state)
        case .propertiesChanged(let path, let interface, let changed, let invalidated):
            return mirror.propertiesChanged(path, interface: interface, changed: changed, invalidated: invalidated)
                != nil
        case .interfacesAdded(let path, let interfaces): return mirror.interfacesAdded(path, interfaces) != nil
        case .interfacesRemoved(let path, let interfaces): return mirror.interfacesRemoved(path, interfaces) != nil
        case .appeared, .vanished: return false
        }
    }

    /// Reads one menu's properties again, when a change was announced without its value.
    private func readMenu(at path: ObjectPath) {
        feed.readMenuProperties(at: path) { outcome in
            MainQueue.post { [weak self] in
                guard let self, case .success(let properties) = outcome else { return }
                mirror.menuRead(path, properties)
                needsSync(path)
            }
        }
    }

    private func goOffline() {
        online = false
        mirror.clear()
        for (path, window) in windows where path != main.path {
            window.destroy()
            windows[path] = nil
        }
        var menu = main.scene.menu
        menu.online = false
        main.spot = nil
        main.update(menu: menu, state: .collapsed, highlighted: "")
        arrange()
    }

    // MARK: The windows

    /// Brings the window of the menu at `path` in line with the mirror:
    /// made when the menu opens, updated, and taken away when it has closed
    /// (or went); `main`'s stays.
    /// Brings the window of the menu at `path` in line with the mirror once
    /// the signals already queued have been applied: a burst (an ad-hoc
    /// menu's `InterfacesAdded`, one per object) is drawn once.
    private func needsSync(_ path: ObjectPath) {
        unsynced.insert(path)
        guard !syncQueued else { return }
        syncQueued = true
        MainQueue.post { [weak self] in self?.syncQueuedPaths() }
    }

    private func syncQueuedPaths() {
        syncQueued = false
        let paths = unsynced
        unsynced = []
        var changed = false
        for path in paths where sync(path, arranging: false) { changed = true }
        if changed { arrange() }
    }

    @discardableResult
    private func sync(_ path: ObjectPath, arranging: Bool = true) -> Bool {
        defer { if arranging { arrange() } }
        // A closed menu with no window has nothing to draw: most ad-hoc menus, most of the time.
        if path != main.path, windows[path] == nil, mirror.state(at: path) ?? .collapsed == .collapsed {
            return false
        }
        guard online, let menu = mirror.menu(at: path) else {
            if path != main.path, let window = windows.removeValue(forKey: path) { window.destroy() }
            return true
        }
        let state = menu.snapshot.state
        let scene = MenuFeed.sceneMenu(menu)
        let isTopLevel = menu.snapshot.parent == .root
        if let window = windows[path] {
            let opening = window.scene.state == .collapsed && state != .collapsed
            if opening && isTopLevel && mustProbePointer(menu) {
                probePointer(for: window, menu: menu)
            } else if path == main.path, state == .collapsed || opening {
                // main rests where its placement says, and moves only as it opens.
                window.spot = mainSpot(menu, scene: scene)
            } else if opening && isTopLevel {
                window.spot = spot(for: menu, scene: scene)
            }
            window.update(menu: scene, state: state, highlighted: menu.snapshot.highlighted)
            if state == .collapsed && path != main.path {
                windows[path] = nil
                window.destroy()
            }
        } else if state != .collapsed {
            let probing = isTopLevel && mustProbePointer(menu)
            let window = OverlayWindow(
                path: path, scene: Scene(menu: scene),
                spot: isTopLevel && !probing ? spot(for: menu, scene: scene) : nil, painter: painter, log: log)
            window.perform = { [unowned self, unowned window] intent in perform(intent, from: window) }
            window.closed = { [weak self, weak window] in
                if let self, let window { reopen(window) }
            }
            windows[path] = window
            window.update(menu: scene, state: state, highlighted: menu.snapshot.highlighted)
            if probing {
                probePointer(for: window, menu: menu)
            } else if isTopLevel {
                window.show()
            }
            // A submenu is shown by arrange(), once it has its place by its item.
        }
        return true
    }

    /// Links every open chain's windows (a submenu spreads from its item,
    /// its parent's other items fade), gives the keyboard to the innermost
    /// open menu, and hides `main`'s resting button under another menu's.
    private func arrange() {
        let before = windows.values.map { ($0, $0.submenuWindow, $0.fadedItems) }
        for window in windows.values {
            window.submenuWindow = nil
            window.parentWindow = nil
            window.fadedItems = []
        }
        var keyboardOwner: OverlayWindow?
        for top in windows.values where mirror.snapshot(at: top.path)?.parent ?? .root == .root {
            let chain = openChain(from: top)
            if chain.count > 1, let (output, centre, monitor) = position(of: top) {
                var placement = MenuChainPlacement(top.scene.menu, centre: centre, on: output)
                for (index, (parent, child)) in zip(chain, chain.dropFirst()).enumerated() {
                    guard let item = mirror.snapshot(at: child.path)?.placement.item,
                        placement.open(child.scene.menu, from: item)
                    else { break }
                    parent.submenuWindow = child
                    child.parentWindow = parent
                    parent.fadedItems = Set(placement.itemOpacity(ofMenu: index).keys)
                    child.spot = MenuSpot(output: output, centre: placement.menus[index + 1].centre, monitor: monitor)
                }
            }
            if let innermost = chain.last(where: { $0.scene.state == .expanding || $0.scene.state == .expanded }) {
                keyboardOwner = innermost
            }
        }
        // Submenus appear where they belong; one that found no place by its item, at its anchor.
        for window in windows.values where window.parentWindow != nil || !window.isProbing { window.show() }
        for window in windows.values where window !== keyboardOwner { window.takeKeyboard(false) }
        keyboardOwner?.takeKeyboard(true)
        main.covered = mainIsCovered()
        // Only a window whose submenu or faded items changed is drawn again here.
        for (window, submenu, faded) in before where window.submenuWindow !== submenu || window.fadedItems != faded {
            window.redraw()
        }
    }

    /// The window of the top-level menu `top`, then of each submenu open from the one before.
    private func openChain(from top: OverlayWindow) -> [OverlayWindow] {
        var chain = [top]
        var seen: Set<ObjectPath> = [top.path]
        while let submenu = mirror.snapshot(at: chain[chain.count - 1].path)?.submenu, submenu != .root,
            let child = windows[submenu], seen.insert(submenu).inserted
        {
            chain.append(child)
        }
        return chain
    }

    /// Whether `main` rests collapsed under the centre button of another open top-level menu.
    private func mainIsCovered() -> Bool {
        guard main.scene.state == .collapsed, let (mainOutput, mainCentre, _) = position(of: main) else { return false }
        let mainButton = mainOutput.desktop(mainCentre)
        return windows.values.contains { window in
            guard window !== main, window.parentWindow == nil, let (output, centre, _) = position(of: window) else {
                return false
            }
            return Placement.buttonsOverlap(
                mainButton, radius: main.scene.menu.appearance.buttonSize / 2, output.desktop(centre),
                radius: window.scene.menu.appearance.buttonSize / 2)
        }
    }

    /// The output a window's menu is on, its centre button's centre there, and the output's monitor.
    private func position(of window: OverlayWindow) -> (OutputGeometry, Point, HeldMonitor?)? {
        if let spot = window.spot { return (spot.output, spot.centre, spot.monitor) }
        guard let (output, found) = outputs.output(of: window) else { return nil }
        let monitor = HeldMonitor(found)
        let appearance = window.scene.menu.appearance
        if window.backend == .x11 {
            let area = window.workArea
            let local = Placement.buttonCentre(
                in: Size(width: Double(area.width), height: Double(area.height)), appearance: appearance,
                pointer: window.pointerAtOpening)
            return (
                output,
                Point(x: local.x + Double(area.x) - output.frame.x, y: local.y + Double(area.y) - output.frame.y),
                monitor
            )
        }
        let centre =
            window.coversOutput
            ? window.origin : Placement.buttonCentre(in: output.size, appearance: appearance, pointer: nil)
        return (output, centre, monitor)
    }

    /// Where `main` goes: at its configured anchor on the primary output
    /// (nil) until its placement names an output, a point or the pointer.
    private func mainSpot(_ menu: MenuMirror.Menu, scene: SceneMenu) -> MenuSpot? {
        let placement = menu.snapshot.placement
        guard
            placement.output != nil || placement.at != nil
                || placement.anchor != menu.snapshot.appearance.settings.anchor
        else {
            return nil
        }
        return spot(for: menu, scene: scene)
    }

    /// Where a top-level menu goes as it opens (docs/overlay.md, "Placement
    /// on outputs"): on the output its placement names, else the one under
    /// the pointer, else the focused one; nil where the compositor chooses
    /// (Wayland, when neither an output nor a point is given).
    private func spot(for menu: MenuMirror.Menu, scene: SceneMenu, pointer probed: Point? = nil) -> MenuSpot? {
        let placement = menu.snapshot.placement
        let at = placement.at.map { Point(x: Double($0.x), y: Double($0.y)) }
        if main.backend == .layerShell, placement.output == nil, at == nil { return nil }
        let known = outputs.outputs
        let pointer = probed ?? outputs.pointer()
        guard
            let choice = OutputGeometry.choose(
                among: known, named: placement.output, pointer: pointer, focused: outputs.focused)
        else { return nil }
        if let unknown = choice.unknownName {
            log.warning(
                "menu \(menu.snapshot.name) asks for output \"\(unknown)\", which no one has; the outputs are \(known.map(\.name).joined(separator: ", ")); it goes on \(choice.output.name)"
            )
        }
        let request = PlacementRequest(anchor: placement.anchor, at: at, output: placement.output)
        let centre = Placement.centre(of: scene, placed: request, on: choice.output, pointer: pointer)
        return MenuSpot(
            output: choice.output, centre: centre, monitor: HeldMonitor(outputs.monitor(named: choice.output.name)))
    }

    /// Whether a menu opening at the pointer must ask where it is: on
    /// Wayland, where a client is told only by a surface under the pointer.
    private func mustProbePointer(_ menu: MenuMirror.Menu) -> Bool {
        let placement = menu.snapshot.placement
        return main.backend == .layerShell && placement.anchor == .pointer && placement.at == nil
    }

    /// Finds the pointer with a probe on each output it may be on (the one
    /// the placement names, else all), then places `window` there and shows
    /// it; with no answer within the probe's limit, at the output's centre.
    private func probePointer(for window: OverlayWindow, menu: MenuMirror.Menu) {
        let named = menu.snapshot.placement.output.flatMap { name in outputs.outputs.first { $0.name == name } }
        let candidates = named.map { [$0] } ?? outputs.outputs
        let round = ProbeRound(expected: candidates.count)
        window.isProbing = true
        let finish = { [weak self, weak window] (pointer: Point?) in
            guard let self, let window, windows[window.path] === window else { return }
            window.isProbing = false
            var placed = menu
            if let pointer, let output = outputs.outputs.first(where: { $0.frame.contains(pointer) }) {
                placed.snapshot.placement.output = output.name
            }
            window.spot = spot(for: placed, scene: window.scene.menu, pointer: pointer)
            window.show()
            arrange()
        }
        guard !candidates.isEmpty else { return finish(nil) }
        for output in candidates {
            outputs.probePointer(on: output) { pointer in
                if let answer = round.answer(pointer) { finish(answer) }
            }
        }
    }

    // MARK: The display

    /// The outputs changed: a top-level menu whose output went or changed is
    /// placed again; one whose output is as it was stays where it is.
    func screenChanged() {
        let known = outputs.outputs
        for (path, window) in windows where window.parentWindow == nil {
            if let spot = window.spot, let output = known.first(where: { $0.name == spot.output.name }),
                output == spot.output
            {
                // Its output is as it was: a menu stays where it opened (at the pointer, say).
                window.spot = MenuSpot(
                    output: output, centre: spot.centre, monitor: HeldMonitor(outputs.monitor(named: output.name)))
                window.screenChanged()
                continue
            }
            guard let menu = mirror.menu(at: path) else {
                window.screenChanged()
                continue
            }
            let scene = window.scene.menu
            window.spot = path == main.path ? mainSpot(menu, scene: scene) : spot(for: menu, scene: scene)
            window.screenChanged()
        }
        arrange()
    }

    /// A window whose surface the compositor closed: placed again on the
    /// outputs there are now, and shown, if its menu is still drawn.
    private func reopen(_ window: OverlayWindow) {
        guard windows[window.path] === window else { return }
        screenChanged()
        window.show()
    }

    /// `gtk-enable-animations` changed.
    func animationsSettingChanged() {
        for window in windows.values { window.animationsSettingChanged() }
    }

    // MARK: What the user asks

    /// Carries out a click's or key's intent in `window` as a D-Bus call: to
    /// its menu, except that Escape and the backdrop close the whole chain
    /// and a submenu's centre button goes back.
    private func perform(_ intent: Intent, from window: OverlayWindow) {
        log.debug("calling petald: \(intent) on \(window.path)")
        // While petald is gone nothing is called: there is no one to answer.
        guard online else { return }
        var (intent, target) = (intent, window.path)
        switch intent {
        case .close:
            var top = window
            while let parent = top.parentWindow { top = parent }
            target = top.path
        case .toggle where window.parentWindow != nil:
            intent = .back
        default:
            break
        }
        let (log, sent, menu) = (self.log, intent, target)
        feed.perform(sent, onMenuAt: menu) { error in log.warning("the call for \(sent) on \(menu) failed: \(error)") }
    }
}

/// The answers of the pointer probes on several outputs: the first place
/// told wins; with none, nil once every probe has answered.
@MainActor
private final class ProbeRound {
    private var waiting: Int
    private var done = false

    init(expected: Int) { waiting = expected }

    /// The round's answer once it has one (wrapped), else nil.
    func answer(_ pointer: Point?) -> Point?? {
        guard !done else { return nil }
        waiting -= 1
        guard pointer != nil || waiting == 0 else { return nil }
        done = true
        return .some(pointer)
    }
}
