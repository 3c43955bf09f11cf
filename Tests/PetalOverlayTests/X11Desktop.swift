import TestSupport
import Testing

/// An X11 desktop the overlay is tested on: Xvfb on its own or with i3
/// managing its windows (Debian's i3-wm: no bar, `focus_follows_mouse no`),
/// each without a compositor or with xcompmgr.
struct X11Desktop: CustomTestStringConvertible, Sendable {
    var composited: Bool
    var i3: Bool

    /// All four.
    static let all = [false, true].flatMap { i3 in [false, true].map { X11Desktop(composited: $0, i3: i3) } }

    var testDescription: String {
        (i3 ? "Xvfb + i3" : "Xvfb") + (composited ? " + xcompmgr" : ", no compositor")
    }

    /// A name for the screenshots a test saves, `prefix` first.
    func shotName(_ prefix: String) -> String {
        prefix + (i3 ? "-i3" : "") + (composited ? "-composited" : "-no-compositor")
    }
}

extension OverlaySession {
    /// Starts a 1024×600 `desktop`, then everything else on it (as
    /// ``start(configuration:overlayEnvironment:waitingForButton:background:on:)``);
    /// the window manager, when there is one, is the caller's to stop.
    static func start(
        on desktop: X11Desktop, configuration: String = OverlaySession.configuration,
        background: String = OverlaySession.background
    ) async throws -> (OverlaySession, XvfbDisplay, X11WindowManager?) {
        var manager: X11WindowManager?
        let (session, display) = try await start(configuration: configuration, background: background) {
            let display = try await XvfbDisplay(width: 1024, height: 600, compositor: desktop.composited)
            do {
                manager = desktop.i3 ? try await X11WindowManager.i3(on: display) : nil
            } catch {
                display.stop()
                throw error
            }
            return display
        }
        return (session, display, manager)
    }
}
