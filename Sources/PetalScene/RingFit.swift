import PetalCore

/// A `radial` menu's ring made small enough to lie on an area
/// (docs/overlay.md, "Placement on outputs"), for a ring that moving alone
/// cannot put there: one taller or wider than the area.
///
/// First the ring draws in towards its centre button — a smaller radius,
/// so smaller gaps between the items — until neighbours are
/// ``minimumGap`` apart (and the items that far from the button). When that
/// is still too large, the items shrink too, the ring drawing in with them,
/// down to ``minimumItemSize``. A ring too large even then stays at that
/// smallest size, and placement centres it on the area as far as the button
/// stays there (``Placement/kept(_:bounds:keeping:in:)``): items beyond the edge are cut off.
public enum RingFit {
    /// The least gap left between two items, and between an item and the
    /// centre button, as a ring draws in: their edges and rings stay apart.
    public static let minimumGap = 4.0
    /// The smallest an item shrinks to: its icon is then 16 pixels
    /// (``DrawList/iconFraction``), the smallest size icon themes draw.
    public static let minimumItemSize = 40.0

    /// `menu` unchanged when every circle of it at rest fits an area of
    /// `size` (or it is not `radial`); else its ring drawn in, and its items
    /// shrunk if need be, as little as makes it fit.
    public static func fitted(_ menu: SceneMenu, in size: Size) -> SceneMenu {
        guard menu.style == .radial, !menu.items.isEmpty, !fits(menu, in: size) else { return menu }
        let closest = Closest(menu)
        func drawnIn(itemSize: Double) -> SceneMenu {
            scaled(menu, by: min(closest.tightestScale(itemSize: itemSize), 1), itemSize: itemSize)
        }
        let itemSize = menu.appearance.itemSize
        let tightest = min(closest.tightestScale(itemSize: itemSize), 1)
        if fits(scaled(menu, by: tightest, itemSize: itemSize), in: size) {
            let scale = largest(from: tightest, to: 1) { fits(scaled(menu, by: $0, itemSize: itemSize), in: size) }
            return scaled(menu, by: scale, itemSize: itemSize)
        }
        let least = min(itemSize, minimumItemSize)
        guard fits(drawnIn(itemSize: least), in: size) else { return drawnIn(itemSize: least) }
        return drawnIn(itemSize: largest(from: least, to: itemSize) { fits(drawnIn(itemSize: $0), in: size) })
    }

    /// `menu` with its items at `scale` times their positions and of `itemSize`.
    static func scaled(_ menu: SceneMenu, by scale: Double, itemSize: Double) -> SceneMenu {
        var menu = menu
        for index in menu.items.indices { menu.items[index].position = menu.items[index].position.scaled(by: scale) }
        menu.appearance.itemSize = itemSize
        return menu
    }

    /// How close a menu's items come to each other and to its button.
    struct Closest {
        /// The least distance between two item centres, and from one to the button's.
        let apart, fromButton: Double
        let buttonSize: Double

        init(_ menu: SceneMenu) {
            let places = menu.items.map(\.position)
            var (apart, fromButton) = (Double.infinity, Double.infinity)
            // Items on the button or on each other cannot be drawn apart: they do not count.
            for (index, place) in places.enumerated() {
                let distance = place.distance(to: .zero)
                if distance > 0 { fromButton = min(fromButton, distance) }
                for other in places[(index + 1)...] where other != place {
                    apart = min(apart, place.distance(to: other))
                }
            }
            (self.apart, self.fromButton, buttonSize) = (apart, fromButton, menu.appearance.buttonSize)
        }

        /// The least factor the item positions can be multiplied by with
        /// items of `itemSize` still ``RingFit/minimumGap`` apart and from the button.
        func tightestScale(itemSize: Double) -> Double {
            max((itemSize + minimumGap) / apart, ((buttonSize + itemSize) / 2 + minimumGap) / fromButton)
        }
    }

    /// The largest value from `low` (which `fits`) to `high` (which does
    /// not) that `fits`, found by halving the range 40 times.
    private static func largest(from low: Double, to high: Double, where fits: (Double) -> Bool) -> Double {
        var (low, high) = (low, high)
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if fits(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// Whether every circle of `menu` at rest fits an area of `size`.
    static func fits(_ menu: SceneMenu, in size: Size) -> Bool {
        let bounds = Placement.restingBounds(of: menu)
        return bounds.width <= size.width + Circle.tolerance && bounds.height <= size.height + Circle.tolerance
    }
}
