import DBus
import PetalAPI
import PetalCore
import PetalScene

/// Starts and ends the pie gestures of open chains (docs/overlay.md, "Pie
/// gestures") and keeps them in step with the chains' windows.
extension MenuWindows {
    /// Gives each open chain whose top-level menu is radial and takes the
    /// pointer by direction its ``PieGestures``, follows its submenus, and
    /// ends those of chains that closed. Called as the chains are arranged,
    /// before the keyboard (and with it, on X11, the pointer) is taken.
    func followPies() {
        for top in windows.values where top.parentWindow == nil {
            let open = top.scene.state == .expanding || top.scene.state == .expanded
            guard open, let mode = Self.gestureMode(of: top.served) else {
                top.pie?.end()
                top.pie = nil
                top.strokeSubmenu = nil
                continue
            }
            var chain = [top]
            while let next = chain[chain.count - 1].submenuWindow, chain.count < 16 { chain.append(next) }
            let centres = chain.map(desktopCentre(of:))
            guard let topCentre = centres[0] else { continue }
            let settings = Self.gestureSettings(top.served.appearance.gesture)
            if top.pie == nil {
                let placement = mirror.snapshot(at: top.path)?.placement
                let turbo = (placement?.turbo ?? false) && top.served.appearance.turbo
                let pointer = outputs.pointer()
                // A menu that opens under a pressed pointer: dragging on is a stroke.
                var start = GestureStart.released
                if turbo {
                    start = .modifierHeld
                } else if let pointer, outputs.firstButtonHeld {
                    start = .buttonHeld(at: pointer)
                }
                top.pie = PieGestures(
                    top: top, level: level(of: top, centre: topCentre, settings: settings), mode: mode,
                    settings: settings, start: start, warp: { [unowned self] in outputs.warpPointer(by: $0) },
                    perform: { [unowned self] intent, path in follower.perform(intent, onMenuAt: path) })
                if let pointer { top.pie?.motion(to: pointer, modifiers: PieGestures.modifierMask) }
            }
            let known = Array(centres.prefix { $0 != nil }.compactMap { $0 })
            for window in chain { top.pie?.setOutput(desktopOutput(of: window), of: window) }
            top.pie?.follow(Array(chain.prefix(known.count)), centres: known) { [unowned self] index in
                level(of: chain[index], centre: known[index], settings: settings)
            }
        }
    }

    /// How a menu takes the pointer: nil for `point` (and any layout but `radial`).
    static func gestureMode(of menu: SceneMenu) -> GestureMode? {
        guard menu.style == .radial else { return nil }
        switch menu.appearance.interactionMode(for: .radial) {
        case .point: return nil
        case .pie: return .pie
        case .hover: return .hover(confirm: menu.appearance.hoverConfirm)
        }
    }

    static func gestureSettings(_ tuning: GestureTuning) -> GestureSettings {
        GestureSettings(
            minStroke: tuning.minStroke, turnAngle: tuning.turnAngle, pauseMs: tuning.pauseMs, jitter: tuning.jitter,
            deadZone: tuning.deadZone)
    }

    /// `window`'s menu as the recognizer sees it, centred at `centre`.
    private func level(of window: OverlayWindow, centre: Point, settings: GestureSettings) -> GestureLevel {
        let details = mirror.menu(at: window.path)?.details ?? [:]
        let submenus = Set(details.filter { $0.value.submenu != .root }.keys)
        return GestureLevel(menu: window.scene.menu, centre: centre, submenus: submenus, settings: settings)
    }

    /// Where a pie stroke asked the submenu of `window`'s `item` to be
    /// centred, relative to `output`; nil for on its item.
    func strokeCentre(of window: OverlayWindow, _ item: String, on output: OutputGeometry) -> Point? {
        guard let asked = window.strokeSubmenu, asked.item == item else { return nil }
        return output.local(asked.centre)
    }

    /// The output `window` is on, when known.
    private func desktopOutput(of window: OverlayWindow) -> OutputGeometry? {
        (window.chainSpot ?? window.spot)?.output ?? position(of: window)?.0
    }

    /// Where `window`'s centre button is on the desktop, when known.
    private func desktopCentre(of window: OverlayWindow) -> Point? {
        if let spot = window.chainSpot ?? window.spot { return spot.output.desktop(spot.centre) }
        guard let (output, centre, _) = position(of: window) else { return nil }
        return output.desktop(centre)
    }
}
