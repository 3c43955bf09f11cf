import Glibc
import PetalCore

/// What a client knows of the menu at any moment, and the frame it draws from
/// that: a pure function of petald's state and the time.
///
/// Times are seconds on a monotonic clock of the caller's choosing (a frame
/// clock, or a fixed number for `--render`).
public struct Scene: Equatable, Sendable {
    /// Items, appearance and durations.
    public var menu: SceneMenu {
        didSet {
            if menu.appearance != oldValue.appearance || menu.openDuration != oldValue.openDuration
                || menu.closeDuration != oldValue.closeDuration
            {
                motion = MenuMotion(menu)
            }
        }
    }
    /// The menu's springs, set up again only when they change.
    public private(set) var motion: MenuMotion
    /// petald's `State`.
    public private(set) var state: MenuState
    /// When the last `StateChanged` arrived.
    public private(set) var stateChangedAt: Double
    /// petald's `Highlighted` ("" for none).
    public var highlighted: String
    /// The button held down or springing back, if any.
    public var press: Press?
    /// A factor on each item's opacity, by item id; an item not there is
    /// drawn at 1. A menu with a submenu open fades its other items
    /// (``MenuChainPlacement/itemOpacity(ofMenu:submenuSpread:)``).
    public var itemOpacity: [String: Double] = [:]
    /// Whether the desktop asks for no animations: each state is drawn at
    /// its end at once (expanding as expanded, collapsing as collapsed), and
    /// a press does not move.
    public var reducedMotion = false

    /// A scene in `state`, entered at `time`.
    public init(menu: SceneMenu, state: MenuState = .collapsed, at time: Double = 0, highlighted: String = "") {
        self.menu = menu
        motion = MenuMotion(menu)
        self.state = state
        stateChangedAt = time
        self.highlighted = highlighted
    }

    /// Follows a `StateChanged` that arrived at `time`; the same state again changes nothing.
    public mutating func stateChanged(to newState: MenuState, at time: Double) {
        guard newState != state else { return }
        state = newState
        stateChangedAt = time
    }

    /// Whether nothing of the menu is drawn or takes input: it is collapsed
    /// and its appearance has `restingButton` false, so not even the centre
    /// button rests on the screen (docs/overlay.md).
    public var isHidden: Bool { state == .collapsed && !menu.appearance.restingButton }

    /// The spread at `time`: 0 collapsed, 1 expanded; with reduced motion,
    /// the end of the state petald is in.
    public func spread(at time: Double) -> Double {
        if reducedMotion { return state == .expanding || state == .expanded ? 1 : 0 }
        return motion.spread(state, elapsed: time - stateChangedAt)
    }

    /// Whether anything moves at `time`; when not, a client draws nothing more
    /// until something changes.
    public func isAnimating(at time: Double) -> Bool {
        guard !reducedMotion else { return false }
        return motion.isMoving(state, elapsed: time - stateChangedAt) || press?.isMoving(at: time) == true
    }

    /// The frame at `time`.
    public func frame(at time: Double) -> Frame {
        let appearance = menu.appearance
        let spread = spread(at: time)
        let shown = min(max(spread, 0), 1)
        let buttonColor = RGBAColor(hex: appearance.buttonColor) ?? RGBAColor(red: 0.94, green: 0.32, blue: 0.52)
        let iconColor = RGBAColor(hex: appearance.iconColor) ?? .white

        let items = menu.items.map { item in
            let (scale, pressOpacity) = effect(of: .item(item.id), at: time)
            return CircleFrame(
                target: .item(item.id), centre: item.position.scaled(by: spread),
                radius: appearance.itemSize / 2 * scale, rotation: 0,
                opacity: shown * pressOpacity * (item.enabled ? 1 : Self.disabledOpacity)
                    * (itemOpacity[item.id] ?? 1),
                fill: RGBAColor(hex: item.color) ?? buttonColor, glyph: iconColor,
                highlighted: item.id == highlighted && !highlighted.isEmpty,
                interactive: state == .expanded && item.enabled && menu.online)
        }
        let (scale, pressOpacity) = effect(of: .button, at: time)
        // A button that does not rest fades in and out with the items instead of popping.
        let resting = appearance.restingButton ? 1 : shown
        // "+" turns 45° into "×", and the colours swap: a white disc with a glyph of the button's colour.
        let button = CircleFrame(
            target: .button, centre: .zero, radius: appearance.buttonSize / 2 * scale,
            rotation: Double.pi / 4 * spread,
            opacity: pressOpacity * resting * (menu.online ? 1 : Self.offlineOpacity),
            fill: buttonColor.mixed(with: .white, by: shown), glyph: iconColor.mixed(with: buttonColor, by: shown),
            highlighted: false, interactive: menu.online && !isHidden)
        let backdrop = RGBAColor(hex: appearance.backdrop).flatMap { colour in
            shown > 0 ? colour.fading(by: shown) : nil
        }
        return Frame(backdrop: backdrop, items: items, button: button, isAnimating: isAnimating(at: time))
    }

    /// How faded a disabled item is.
    public static let disabledOpacity = 0.4
    /// How faded the button is while petald is gone.
    public static let offlineOpacity = 0.4

    private func effect(of target: Target, at time: Double) -> (scale: Double, opacity: Double) {
        guard let press, press.target == target, !reducedMotion else { return (1, 1) }
        return press.effect(at: time, pressScale: menu.appearance.pressScale)
    }
}
