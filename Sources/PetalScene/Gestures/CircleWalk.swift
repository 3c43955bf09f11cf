/// A step the arrow keys take around a radial menu.
public enum CircleStep: Equatable, Sendable {
    /// Tab, Right, Down: the next item.
    case next
    /// Shift+Tab, Left, Up: the previous item.
    case previous
}

extension GestureLevel {
    /// The indices of the items in the order the arrow keys walk them: round
    /// the circle by angle, from the first item, in the direction the layout
    /// goes from the first item to the second (counter-clockwise for a
    /// positive `angleInterval`, so as the items' order for any layout that
    /// does not wrap). Items at the same angle keep their menu order.
    public var walkOrder: [Int] {
        guard items.count > 1 else { return Array(items.indices) }
        let first = items[0].angle
        let clockwise = PieDirection.turn(from: first, to: items[1].angle) < 0
        func place(_ index: Int) -> Double {
            let turn = PieDirection.normalized(items[index].angle - first)
            return clockwise && turn > 0 ? 360 - turn : turn
        }
        return items.indices.sorted { (place($0), $0) < (place($1), $1) }
    }

    /// The enabled item one `step` round the circle from `current`
    /// (``walkOrder``), wrapping round; from no item, or one that is not
    /// enabled, the first enabled item for `next` and the last for
    /// `previous`. Nil when no item is enabled.
    public func item(after current: String?, stepping step: CircleStep) -> String? {
        let enabled = walkOrder.filter { items[$0].enabled }.map { items[$0].id }
        guard !enabled.isEmpty else { return nil }
        guard let current, let position = enabled.firstIndex(of: current) else {
            return step == .next ? enabled[0] : enabled[enabled.count - 1]
        }
        let offset = step == .next ? 1 : enabled.count - 1
        return enabled[(position + offset) % enabled.count]
    }
}
