import DBus
import PetalAPI
import PetalCore
import PetalScene

/// Where each top-level menu's window goes (docs/overlay.md, "Placement on
/// outputs"), and placing them again when the outputs change.
extension MenuWindows {
    /// The output a window's menu is on, its centre button's centre there, and the output's monitor.
    func position(of window: OverlayWindow) -> (OutputGeometry, Point, HeldMonitor?)? {
        if let spot = window.spot { return (spot.output, spot.centre, spot.monitor) }
        guard let (whole, found) = outputs.output(of: window) else { return nil }
        let output = outputs.withWorkArea(whole)
        let monitor = HeldMonitor(found)
        let appearance = window.scene.menu.appearance
        if window.backend == .x11 {
            // Where place() puts it: on the work area kept in outputs, in whole pixels.
            let area = output.workArea.offset(by: Point(x: output.frame.x, y: output.frame.y)).integral
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

    /// Whether `main` rests collapsed with a circle of another open menu,
    /// `open` (desktop coordinates), within reach of its button (``RestingButton/stepsAside(_:for:)``).
    func mainStepsAside(for open: [Circle]) -> Bool {
        guard main.scene.state == .collapsed, let (mainOutput, mainCentre, _) = position(of: main) else { return false }
        let button = Circle(centre: mainOutput.desktop(mainCentre), radius: main.scene.menu.appearance.buttonSize / 2)
        return RestingButton.stepsAside(button, for: open)
    }

    /// Where `main` goes: at its configured anchor on the primary output
    /// (nil) until its placement names an output, a point or the pointer.
    /// Once closed after a show at the pointer or at a point, it rests at
    /// its configured anchor again (``RestingButton/placement(_:configured:state:)``).
    func mainSpot(_ menu: MenuMirror.Menu, scene: SceneMenu) -> MenuSpot? {
        let configured = menu.snapshot.appearance.settings.anchor
        var placement = menu.snapshot.placement
        let request = PlacementRequest(
            anchor: placement.anchor, at: placement.at.map { Point(x: Double($0.x), y: Double($0.y)) },
            output: placement.output)
        if RestingButton.placement(request, configured: configured, state: menu.snapshot.state) != request {
            placement.anchor = configured
            placement.at = nil
        }
        guard
            placement.output != nil || placement.at != nil
                || placement.anchor != configured
        else {
            return nil
        }
        var placed = menu
        placed.snapshot.placement = placement
        return spot(for: placed, scene: scene)
    }

    /// Where a top-level menu goes as it opens: on the output its placement
    /// names, else the one under the pointer, else the focused one; nil where
    /// the compositor chooses (Wayland, when neither an output nor a point is given).
    func spot(for menu: MenuMirror.Menu, scene: SceneMenu, pointer probed: Point? = nil) -> MenuSpot? {
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
        let output = outputs.withWorkArea(choice.output)
        let centre = Placement.centre(of: scene, placed: request, on: output, pointer: pointer)
        return MenuSpot(output: output, centre: centre, monitor: HeldMonitor(outputs.monitor(named: output.name)))
    }

    /// Whether a menu opening at the pointer must ask where it is: on
    /// Wayland, where a client is told only by a surface under the pointer.
    func mustProbePointer(_ menu: MenuMirror.Menu) -> Bool {
        let placement = menu.snapshot.placement
        return main.backend == .layerShell && placement.anchor == .pointer && placement.at == nil
    }

    /// Finds the pointer with a probe on each output it may be on (the one
    /// the placement names, else all), then places `window` there and shows
    /// it; with no answer within the probe's limit, at the output's centre.
    func probePointer(for window: OverlayWindow, menu: MenuMirror.Menu) {
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
