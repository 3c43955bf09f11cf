import CGtk
import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// Keeps a window for every menu that is drawn — `main`'s, resting on the
/// screen, and one for each other menu while it is not collapsed — in step
/// with what ``PetaldFollower`` hears, links them into chains, and carries
/// out what the user asks of each.
///
/// Runs on the main thread. A `StateChanged` is drawn from what the mirror
/// knows, with no read in between.
@MainActor
final class MenuWindows {
    let follower: PetaldFollower
    let log: Logger
    let painter: CairoPainter
    let outputs: OverlayOutputs
    /// `main`'s window, there for the program's life.
    let main: OverlayWindow
    /// Every window drawn, `main`'s included, by menu path.
    var windows: [ObjectPath: OverlayWindow] = [:]
    /// The windows of open menus laid out as a `list` (``ListWindow``), by menu path.
    var lists: [ObjectPath: ListWindow] = [:]
    /// Menus changed by signals since their windows were last brought in line.
    private var unsynced: Set<ObjectPath> = []
    private var syncQueued = false

    /// What petald serves, as last heard.
    var mirror: MenuMirror { follower.mirror }

    init(main: OverlayWindow, follower: PetaldFollower, painter: CairoPainter, outputs: OverlayOutputs, log: Logger) {
        self.main = main
        self.follower = follower
        self.painter = painter
        self.outputs = outputs
        self.log = log
        windows[main.path] = main
        main.outputs = outputs
        main.perform = { [unowned self, unowned main] intent in perform(intent, from: main) }
        main.closed = { [unowned self, unowned main] in reopen(main) }
        follower.delegate = self
    }

    /// Follows the display and petald; `main`'s window shows once petald has
    /// answered or is known to be away.
    func start() {
        GtkSignals.followAnimationsSetting(self)
        GtkSignals.followCompositing(self)
        outputs.changed = { [unowned self] in screenChanged() }
        follower.start()
    }

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
        for path in paths where sync(path) { changed = true }
        if changed { arrange() }
    }

    /// Brings the window of the menu at `path` in line with the mirror:
    /// made when the menu opens, updated, and taken away when it has closed
    /// (or went); `main`'s stays. Says whether the chains need arranging.
    private func sync(_ path: ObjectPath) -> Bool {
        if path != main.path, syncList(path) { return false }
        // A closed menu with no window has nothing to draw: most ad-hoc menus, most of the time.
        if path != main.path, windows[path] == nil, mirror.state(at: path) ?? .collapsed == .collapsed {
            return false
        }
        guard follower.online, let menu = mirror.menu(at: path) else {
            if path != main.path, let window = windows.removeValue(forKey: path) { window.destroy() }
            return true
        }
        let state = menu.snapshot.state
        let scene = MenuFeed.sceneMenu(menu)
        let isTopLevel = menu.snapshot.parent == .root
        // The panels are read as a top-level menu opens, not each time its chain is arranged.
        if isTopLevel, state != .collapsed, windows[path]?.scene.state ?? .collapsed == .collapsed {
            outputs.refreshWorkAreas()
        }
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
            window.outputs = outputs
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

    /// Links every open chain's windows and places them together
    /// (``MenuChainPlacement``: a submenu fanned from its item, the whole
    /// chain moved to stay on the output, the parents' other items faded,
    /// each menu's labels), gives the keyboard to the innermost open menu,
    /// and hides `main`'s resting button where another menu comes near it.
    func arrange() {
        let before = windows.values.map { ($0, $0.submenuWindow, $0.fadedItems) }
        for window in windows.values {
            window.submenuWindow = nil
            window.openedItem = nil
            window.parentWindow = nil
            window.fadedItems = []
        }
        var keyboardOwner: OverlayWindow?
        var arranged: [ObjectPath: (ChainArrangement, MenuSpot?)] = [:]
        var openCircles: [Circle] = []
        for top in windows.values where mirror.snapshot(at: top.path)?.parent ?? .root == .root {
            let chain = openChain(from: top)
            if let (output, centre, monitor) = position(of: top) {
                var placement = MenuChainPlacement(
                    top.served, centre: centre, on: output, labelSize: painter.text.labelSizes(in: top.served))
                var placed = [top]
                for (index, (parent, child)) in zip(chain, chain.dropFirst()).enumerated() {
                    guard let item = mirror.snapshot(at: child.path)?.placement.item,
                        placement.open(
                            child.served, from: item, centre: strokeCentre(of: parent, item, on: output),
                            labelSize: painter.text.labelSizes(in: child.served))
                    else { break }
                    parent.submenuWindow = child
                    parent.openedItem = item
                    child.parentWindow = parent
                    parent.fadedItems = Set(placement.itemOpacity(ofMenu: index).keys)
                    placed.append(child)
                }
                for (index, window) in placed.enumerated() {
                    let placedCentre = placement.menus[index].centre
                    // A top-level menu moves with a chain open from it, and on X11 when open alone, to keep its
                    // ring on the work area; resting collapsed, its button stays where it was put. On Wayland a
                    // layer surface at its anchor stays there: the overlay is not told the panels it keeps clear of.
                    let open = placed.count > 1 || (window.backend == .x11 && window.scene.state != .collapsed)
                    let spot: MenuSpot? =
                        index > 0 || (open && placedCentre != centre)
                        ? MenuSpot(output: output, centre: placedCentre, monitor: monitor) : nil
                    arranged[window.path] = (arrangement(of: window, in: placement, at: index), spot)
                }
                if top !== main || top.scene.state != .collapsed {
                    openCircles += placement.circles.map {
                        Circle(centre: output.desktop($0.centre), radius: $0.radius)
                    }
                }
            }
            if let innermost = chain.last(where: { $0.scene.state == .expanding || $0.scene.state == .expanded }) {
                keyboardOwner = innermost
            }
        }
        for window in windows.values {
            let (arrangement, spot) = arranged[window.path] ?? (nil, nil)
            if window.parentWindow != nil {
                if let spot { window.spot = spot }
            } else {
                window.chainSpot = spot
            }
            window.arrangement = arrangement
        }
        // Submenus appear where they belong; one that found no place by its item, at its anchor.
        for window in windows.values where window.parentWindow != nil || !window.isProbing { window.show() }
        followPies()
        for window in windows.values where window !== keyboardOwner { window.takeKeyboard(false) }
        keyboardOwner?.takeKeyboard(true)
        // A list that opened as another menu closed keeps the keyboard that menu's ungrab let go.
        for list in lists.values { list.keepKeyboard() }
        main.covered = mainStepsAside(for: openCircles)
        // Only a window whose submenu or faded items changed is drawn again here.
        for (window, submenu, faded) in before where window.submenuWindow !== submenu || window.fadedItems != faded {
            window.redraw()
        }
    }

    /// What `placement` decided for `window`, the menu at `index` of it.
    private func arrangement(of window: OverlayWindow, in placement: MenuChainPlacement, at index: Int)
        -> ChainArrangement
    {
        let menu = placement.menus[index].menu
        let size = painter.text.labelSizes(in: menu)
        return ChainArrangement(
            positions: menu.items.map(\.position), buttonSize: menu.appearance.buttonSize,
            itemSize: menu.appearance.itemSize,
            labels: placement.labelBoxes(ofMenu: index, highlighted: window.scene.highlighted, size: size),
            labelReach: placement.labelReach(ofMenu: index, size: size))
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

    /// `composited-changed`: a compositing manager started or stopped; every window follows.
    func compositingChanged() {
        for window in windows.values { window.followCompositing() }
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

    /// Carries out a click's or key's intent in `window` as a D-Bus call: to
    /// its menu, except that Escape and the backdrop close the whole chain
    /// and a submenu's centre button goes back.
    private func perform(_ intent: Intent, from window: OverlayWindow) {
        switch intent {
        case .close:
            var top = window
            while let parent = top.parentWindow { top = parent }
            follower.perform(.close, onMenuAt: top.path)
        case .toggle where window.parentWindow != nil:
            follower.perform(.back, onMenuAt: window.path)
        default:
            follower.perform(intent, onMenuAt: window.path)
        }
    }
}

extension MenuWindows: PetaldFollowerDelegate {
    func menuChanged(at path: ObjectPath) { needsSync(path) }

    func everyMenuRead() {
        for path in Set(mirror.paths).union(windows.keys).union(lists.keys) { _ = sync(path) }
        arrange()
    }

    func petaldWentAway() {
        for list in lists.values { list.destroy() }
        lists = [:]
        main.keyRedirect = nil
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

    func firstReadEnded() { main.show() }
}
