import PetalCore

/// `main`'s centre button while `main` is collapsed (docs/overlay.md,
/// "Several menus"): where it rests, and when it steps aside for another
/// menu.
public enum RestingButton {
    /// How near a circle of an open menu may come before the resting button
    /// steps aside, in logical pixels.
    public static let clearance = 8.0

    /// Whether the resting button, `button`, is hidden and takes no input:
    /// some circle of an open menu, in `open` (the same coordinates), comes
    /// within ``clearance`` of it.
    public static func stepsAside(_ button: Circle, for open: [Circle]) -> Bool {
        open.contains { button.gap(to: $0) <= clearance }
    }

    /// Where `main` is drawn, given its `Placement` (`request`), its
    /// configured anchor and its state: where petald places it while it is
    /// open or closing; once collapsed after `show main --anchor pointer` or
    /// `--at`, back at `anchor`, on the output the placement named. Any
    /// other placement (a corner or the centre `Show` gave) keeps resting
    /// where it put the button, until `Open` or `Toggle` resets it.
    public static func placement(
        _ request: PlacementRequest, configured anchor: Anchor, state: MenuState
    ) -> PlacementRequest {
        guard state == .collapsed, request.at != nil || request.anchor == .pointer else { return request }
        return PlacementRequest(anchor: anchor, output: request.output)
    }
}
