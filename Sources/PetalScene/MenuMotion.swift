import PetalCore

/// How far the menu has spread at a moment: the seeds' open and close springs
/// applied to petald's `State` and the time since its last `StateChanged`.
///
/// 0 is collapsed (every item behind the button, invisible), 1 expanded
/// (every item at its `Layout` position); a spring that overshoots passes 1
/// on the way.
public enum MenuMotion {
    /// The opening spring: `springDamping` and `springVelocity` over `openDuration`.
    public static func openSpring(_ menu: SceneMenu) -> Spring {
        Spring(dampingRatio: menu.appearance.springDamping, initialVelocity: menu.appearance.springVelocity,
               duration: menu.openDuration)
    }

    /// The closing spring: the same spring back over `closeDuration`, as the first seed closes.
    public static func closeSpring(_ menu: SceneMenu) -> Spring {
        Spring(dampingRatio: menu.appearance.springDamping, initialVelocity: menu.appearance.springVelocity,
               duration: menu.closeDuration)
    }

    /// The spread `elapsed` seconds after the menu entered `state`.
    public static func spread(_ state: MenuState, elapsed: Double, menu: SceneMenu) -> Double {
        switch state {
        case .collapsed: 0
        case .expanded: 1
        case .expanding: openSpring(menu).value(at: elapsed)
        case .collapsing: 1 - closeSpring(menu).value(at: elapsed)
        }
    }

    /// Whether the spread still changes `elapsed` seconds after the menu entered `state`.
    public static func isMoving(_ state: MenuState, elapsed: Double, menu: SceneMenu) -> Bool {
        switch state {
        case .collapsed, .expanded: false
        case .expanding: openSpring(menu).isRunning(at: elapsed)
        case .collapsing: closeSpring(menu).isRunning(at: elapsed)
        }
    }
}
