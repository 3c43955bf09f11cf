import PetalCore

/// How far the menu has spread at a moment: the seeds' open and close springs
/// applied to petald's `State` and the time since its last `StateChanged`.
///
/// 0 is collapsed (every item behind the button, invisible), 1 expanded
/// (every item at its `Layout` position); a spring that overshoots passes 1
/// on the way. Made once per menu: setting a spring up solves for its
/// stiffness, which is too much work to repeat every frame.
public struct MenuMotion: Equatable, Sendable {
    /// The opening spring: `springDamping` and `springVelocity` over `openDuration`.
    public let open: Spring
    /// The closing spring: the same spring back over `closeDuration`, as the first seed closes.
    public let close: Spring

    /// The motion of `menu`.
    public init(_ menu: SceneMenu) {
        let appearance = menu.appearance
        open = Spring(
            dampingRatio: appearance.springDamping, initialVelocity: appearance.springVelocity,
            duration: menu.openDuration)
        close = Spring(
            dampingRatio: appearance.springDamping, initialVelocity: appearance.springVelocity,
            duration: menu.closeDuration)
    }

    /// The spread `elapsed` seconds after the menu entered `state`.
    public func spread(_ state: MenuState, elapsed: Double) -> Double {
        switch state {
        case .collapsed: 0
        case .expanded: 1
        case .expanding: open.value(at: elapsed)
        case .collapsing: 1 - close.value(at: elapsed)
        }
    }

    /// Whether the spread still changes `elapsed` seconds after the menu entered `state`.
    public func isMoving(_ state: MenuState, elapsed: Double) -> Bool {
        switch state {
        case .collapsed, .expanded: false
        case .expanding: open.isRunning(at: elapsed)
        case .collapsing: close.isRunning(at: elapsed)
        }
    }
}
