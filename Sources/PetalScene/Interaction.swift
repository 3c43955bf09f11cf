import PetalCore

/// A D-Bus call a click or a key asks for.
public enum Intent: Equatable, Sendable {
    /// `Toggle`.
    case toggle
    /// `Close`.
    case close
    /// `Activate` of the item with this id.
    case activate(String)
    /// Set `Highlighted` to this item id, or "" for none.
    case highlight(String)
    /// `Back`: close the innermost open submenu, or the menu when none is.
    case back
}

/// A key the overlay acts on while the menu is expanded.
public enum Key: Equatable, Sendable {
    case escape, enter, space, tab, backTab, left, right, up, down, backspace
    /// 1 to 9: the n-th item, unless an item has that digit as its `key`.
    case digit(Int)
    /// Any other character typed: the item whose `key` it is.
    case character(Character)
}

/// Turns pointer and keyboard input into intents and press motion (docs/overlay.md,
/// "Input"), with no I/O: the backend reports what is under the pointer and
/// performs what comes back.
public struct Interaction: Equatable, Sendable {
    /// The item the pointer is over, as last told to petald ("" for none).
    public private(set) var hovered = ""
    /// What the pointer went down on, until it comes up.
    public private(set) var pressedTarget: Target?

    /// Creates an interaction with nothing hovered or pressed.
    public init() {}

    /// The pointer moved over `target` (nil: over nothing of ours, or it left
    /// the surface): an item that can be clicked is highlighted, anything else
    /// clears the highlight, each only once.
    public mutating func pointerMoved(over target: Target?, in scene: Scene) -> [Intent] {
        var over = ""
        if case .item(let id)? = target, scene.state == .expanded, scene.menu.item(id)?.enabled == true { over = id }
        guard over != hovered else { return [] }
        hovered = over
        return [.highlight(over)]
    }

    /// The pointer went down on `target` at `time`: the button or item starts its press motion.
    public mutating func pointerPressed(on target: Target?, in scene: inout Scene, at time: Double) {
        pressedTarget = target
        switch target {
        case .button? where scene.menu.online && !scene.state.isTransitioning && !scene.reducedMotion:
            // While it animates the button is disabled, as in the seeds: it does not move.
            scene.press = Press(target: .button, at: time)
        case .item(let id)? where scene.state == .expanded:
            guard let item = scene.menu.item(id), item.enabled, !scene.reducedMotion else { return }
            scene.press = Press(target: .item(id), isToggle: item.toggle, at: time)
        default:
            break
        }
    }

    /// The pointer came up over `target` at `time`: a click when it is what
    /// went down. The button toggles (petald ignores it mid-animation), an
    /// enabled item of an expanded menu is activated, the backdrop closes.
    public mutating func pointerReleased(over target: Target?, in scene: inout Scene, at time: Double) -> [Intent] {
        defer { pressedTarget = nil }
        if scene.press?.releasedAt == nil { scene.press?.releasedAt = time }
        guard let target, target == pressedTarget else { return [] }
        switch target {
        case .button:
            return scene.menu.online ? [.toggle] : []
        case .item(let id):
            guard scene.state == .expanded, scene.menu.item(id)?.enabled == true else { return [] }
            return [.activate(id)]
        case .backdrop:
            return [.close]
        }
    }

    /// A key pressed while the overlay has the keyboard. Escape closes the
    /// whole chain and Backspace goes back one menu, whatever the state; the
    /// rest act only once the menu is expanded: arrows and Tab move the
    /// highlight over the enabled items (wrapping); Enter and Space activate
    /// the highlighted item; a character activates the item whose `key` it
    /// is (``item(forKey:in:)``); 1–9 do too, and otherwise activate the
    /// n-th item. A disabled item's key does nothing.
    public func keyPressed(_ key: Key, in scene: Scene) -> [Intent] {
        switch key {
        case .escape: return [.close]
        case .backspace: return [.back]
        default: break
        }
        guard scene.state == .expanded else { return [] }
        let items = scene.menu.items
        switch key {
        case .enter, .space:
            guard let item = scene.menu.item(scene.highlighted), item.enabled else { return [] }
            return [.activate(item.id)]
        case .digit(let n):
            // An item's own key wins over the position.
            if (0...9).contains(n), let item = Self.item(forKey: Character(String(n)), in: scene.menu) {
                return item.enabled ? [.activate(item.id)] : []
            }
            guard n >= 1, n <= items.count, items[n - 1].enabled else { return [] }
            return [.activate(items[n - 1].id)]
        case .character(let character):
            guard let item = Self.item(forKey: character, in: scene.menu), item.enabled else { return [] }
            return [.activate(item.id)]
        case .tab, .right, .down:
            return step(by: 1, in: scene)
        case .backTab, .left, .up:
            return step(by: -1, in: scene)
        case .escape, .backspace:
            return []
        }
    }

    /// The item whose `key` is `character`: the one whose key is exactly it,
    /// else, for a letter, the first whose key is the same letter in the
    /// other case (so Shift or Caps Lock do not hide an item keyed "s").
    public static func item(forKey character: Character, in menu: SceneMenu) -> SceneItem? {
        let typed = String(character)
        if let exact = menu.items.first(where: { $0.key == typed }) { return exact }
        guard character.isLetter else { return nil }
        let folded = typed.lowercased()
        return menu.items.first { !$0.key.isEmpty && $0.key.lowercased() == folded }
    }

    private func step(by offset: Int, in scene: Scene) -> [Intent] {
        let enabled = scene.menu.items.filter(\.enabled).map(\.id)
        guard !enabled.isEmpty else { return [] }
        guard let current = enabled.firstIndex(of: scene.highlighted) else {
            return [.highlight(offset > 0 ? enabled[0] : enabled[enabled.count - 1])]
        }
        let next = (current + offset + enabled.count) % enabled.count
        return [.highlight(enabled[next])]
    }
}
