/// The four states of the action menu (docs/dbus-api.md#the-state-machine). The menu starts `collapsed`.
public enum MenuState: String, Sendable, CaseIterable {
    /// Closed: only the centre button is shown; items are hidden and disabled.
    case collapsed
    /// Opening: the items are animating out; calls other than `open` are ignored.
    case expanding
    /// Open: the items are shown and can be activated.
    case expanded
    /// Closing: the items are animating in; calls are ignored.
    case collapsing

    /// Whether the menu is animating between `collapsed` and `expanded`.
    public var isTransitioning: Bool {
        self == .expanding || self == .collapsing
    }
}

/// A request to change the menu's state: the `Toggle`, `Open` and `Close` calls.
public enum MenuCommand: String, Sendable, CaseIterable {
    /// Open a collapsed menu, close an expanded one.
    case toggle
    /// Open the menu if it is collapsed.
    case open
    /// Close the menu if it is expanded.
    case close
}

/// One change of the menu's state, in the order it happened.
public struct StateTransition: Equatable, Sendable, CustomStringConvertible {
    /// The state before the change.
    public let from: MenuState
    /// The state after the change.
    public let to: MenuState

    /// Creates a transition from `from` to `to`.
    public init(from: MenuState, to: MenuState) {
        self.from = from
        self.to = to
    }

    /// `"from→to"`, for logs and test failures.
    public var description: String { "\(from.rawValue)→\(to.rawValue)" }

    /// Whether the menu's highlighted item is forgotten with this change: it
    /// is whenever the menu starts opening or closing, so that Enter on a
    /// menu just opened activates nothing until something is highlighted
    /// (docs/dbus-api.md, `Highlighted`).
    public var clearsHighlight: Bool { to != .expanded }
}
