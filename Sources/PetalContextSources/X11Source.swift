import PetalContextCore
import PetalCore
import XCB

/// An X11 desktop whose window manager keeps EWMH's `_NET_ACTIVE_WINDOW`
/// on the root window: PropertyNotify events of the root window say when
/// it changes, and those of the active window when its title does.
final class X11Source: DesktopSource {
    let backend = ContextBackend.x11
    private let connection: XConnection
    private let activeWindowAtom: XAtom
    private let netWMName: XAtom
    private let utf8String: XAtom
    private let compoundText: XAtom

    /// Connects to the X server at `display`.
    init(display: String) throws(SourceFailure) {
        do {
            connection = try XConnection(display: display)
            let atoms = try connection.atoms(["_NET_ACTIVE_WINDOW", "_NET_WM_NAME", "UTF8_STRING", "COMPOUND_TEXT"])
            activeWindowAtom = atoms["_NET_ACTIVE_WINDOW"]!
            netWMName = atoms["_NET_WM_NAME"]!
            utf8String = atoms["UTF8_STRING"]!
            compoundText = atoms["COMPOUND_TEXT"]!
        } catch {
            throw SourceFailure("\(error) (DISPLAY=\(display)). Is DISPLAY from the running X session?")
        }
    }

    var location: String { connection.displayName }

    func follow(report: (DesktopContext) -> Void) throws(SourceFailure) -> Never {
        // The root's events first, then its property: a change in between is then an event.
        connection.select(.propertyChange, on: connection.root)
        var active = activeWindow()
        if active != .none { connection.select(Self.activeWindowEvents, on: active) }
        var reported = context(of: active, output: nil)
        report(reported)
        while true {
            var event: XEvent
            do {
                event = try connection.nextEvent()
            } catch {
                throw SourceFailure("\(error)")
            }
            // Every event that has come is taken before the context is told.
            // Window managers set _NET_ACTIVE_WINDOW to None between two
            // windows (openbox on every switch), so a window losing focus
            // waits a moment for the next one before it is told: the None
            // between then costs no SetContext of its own.
            var now: DesktopContext?
            var handOverEnds: ContinuousClock.Instant?
            while true {
                if let changed = take(event, active: &active, output: now?.output ?? reported.output) { now = changed }
                if let next = connection.pendingEvent() {
                    event = next
                    continue
                }
                guard active == .none, reported != .noWindow else { break }
                // One wait in all, however many other events come meanwhile.
                let ends = handOverEnds ?? .now + Self.focusHandOver
                handOverEnds = ends
                let left = Int32(max(0, (ends - .now) / .milliseconds(1)))
                guard left > 0, let next = try nextEvent(waitingAtMost: left) else { break }
                event = next
            }
            if let now, now != reported {
                reported = now
                report(now)
            }
        }
    }

    /// How long a window's losing focus waits for another to take it.
    static let focusHandOver = Duration.milliseconds(50)

    private func nextEvent(waitingAtMost milliseconds: Int32) throws(SourceFailure) -> XEvent? {
        do {
            return try connection.nextEvent(waitingAtMost: milliseconds)
        } catch {
            throw SourceFailure("\(error)")
        }
    }

    /// What petal-context follows on the active window: its title's
    /// changes, and its going, which not every window manager says with
    /// `_NET_ACTIVE_WINDOW` (openbox leaves it naming the last window closed).
    static let activeWindowEvents: XEventMask = [.propertyChange, .structureNotify]

    /// What `event` makes the context; nil when it changes nothing.
    private func take(_ event: XEvent, active: inout XWindow, output: String) -> DesktopContext? {
        switch event {
        case .propertyChanged(connection.root, activeWindowAtom):
            let next = activeWindow()
            if next != active {
                if active != .none { connection.select([], on: active) }
                // Watched before it is read, so no title change between the two is lost.
                if next != .none { connection.select(Self.activeWindowEvents, on: next) }
                active = next
            }
            return context(of: active, output: nil)
        case .propertyChanged(active, let atom) where [XAtom.wmClass, XAtom.wmName, netWMName].contains(atom):
            return context(of: active, output: output)
        case .unmapped(active), .destroyed(active):
            guard active != .none else { return nil }
            active = .none
            return .noWindow
        default:
            return nil
        }
    }

    /// The window `_NET_ACTIVE_WINDOW` names; ``XWindow/none`` when it names none or is not set.
    private func activeWindow() -> XWindow {
        let property = connection.properties([activeWindowAtom], of: connection.root, maximumBytes: 4)[0]
        return XWindow(id: property?.values32.first ?? 0)
    }

    /// `window`'s context; its output is found again unless `output` is given
    /// (a title change does not move the window).
    private func context(of window: XWindow, output: String?) -> DesktopContext {
        guard window != .none else { return .noWindow }
        let values = connection.properties(
            [.wmClass, netWMName, .wmName], of: window,
            maximumBytes: X11Window.maximumPropertyBytes)
        let app = values[0].map { X11Window.windowClass(fromWMClass: $0.bytes) } ?? ""
        let instance = values[0].map { X11Window.instance(fromWMClass: $0.bytes) } ?? ""
        let title = X11Window.title(
            netWMName: values[1].map(\.bytes),
            wmName: values[2].map { ($0.bytes, encoding(of: $0.type)) })
        return DesktopContext(
            app: app, instance: instance, title: title, output: output ?? self.output(of: window))
    }

    private func encoding(of type: XAtom) -> X11Window.Encoding {
        type == .string || type == compoundText ? .latin1 : .utf8
    }

    /// The output holding `window`'s centre; "" when none does, or the window is gone.
    private func output(of window: XWindow) -> String {
        guard let centre = connection.centre(of: window) else { return "" }
        let outputs = connection.outputs().map { ($0.name, $0.x, $0.y, $0.width, $0.height) }
        return X11Window.output(holding: centre, among: outputs)
    }
}
