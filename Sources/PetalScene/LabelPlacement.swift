import Glibc
import PetalCore

/// Where an item's label goes (docs/overlay.md, "What it draws"): beside
/// its circle, away from its menu's centre (beside a `stack` column, on the
/// side with room), over no circle of the open chain, on the output where
/// it can be, and clear of the labels placed before it where it can be.
public enum LabelPlacement {
    /// The room between an item's edge and its label, in logical pixels.
    public static let gap = 6.0

    /// One label to place: its item's circle, the centre of the menu it is
    /// in, the label's size (its text's extent and any padding), and the
    /// direction it is tried in first when not away from the centre.
    public struct Request: Equatable, Sendable {
        public var item: Circle
        public var menuCentre: Point
        public var size: Size
        /// A unit vector: the side of a `stack` column its labels go to; nil for away from the centre.
        public var side: Point?

        /// A label of `size` for `item`, in a menu centred at `menuCentre`,
        /// tried first on `side` (a unit vector) when given.
        public init(item: Circle, menuCentre: Point, size: Size, side: Point? = nil) {
            self.item = item
            self.menuCentre = menuCentre
            self.size = size
            self.side = side
        }
    }

    /// The labels' rectangles, in `requests`' order and coordinates, none
    /// over a circle of `circles` (the whole chain's, the items' own among
    /// them). Each tries the direction away from its menu's centre first,
    /// then turns further from it both ways, 30° at a time, and then each
    /// of those slid just onto `area` (when given; a label wider than the
    /// room beside an item at the edge): the first place that keeps it on
    /// `area` and off the labels before it wins; failing that, the first
    /// on `area`; failing that, the first over no circle; and when every
    /// direction covers one, it moves straight out until it covers none.
    public static func place(_ requests: [Request], clearing circles: [Circle], on area: Rect? = nil) -> [Rect] {
        var placed: [Rect] = []
        for request in requests {
            let away = request.side ?? direction(from: request.menuCentre, to: request.item.centre)
            let turned = turns.map { beside(request, towards: rotated(away, by: $0)) }
            let candidates = turned + (area.map { area in turned.compactMap { slid($0, onto: area) } } ?? [])
            let clear = candidates.filter { box in !circles.contains { covers(box, $0) } }
            let onArea = clear.filter { box in area.map { contains($0, box) } ?? true }
            let chosen =
                onArea.first { box in !placed.contains { overlaps($0, box) } } ?? onArea.first ?? clear.first
                ?? movedOut(request, along: away, clearing: circles)
            placed.append(chosen)
        }
        return placed
    }

    /// The turns from the direction away from the centre, in the order tried, in degrees.
    static let turns: [Double] = [0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180]

    /// The rectangle of `request`'s size beside its item in `direction` (a
    /// unit vector): its centre along that direction, just far enough that
    /// the rectangle keeps ``gap`` from the item's edge.
    static func beside(_ request: Request, towards direction: Point) -> Rect {
        let reach = request.item.radius + gap
        func box(_ distance: Double) -> Rect {
            let centre = request.item.centre.adding(direction.scaled(by: distance))
            return Rect(
                x: centre.x - request.size.width / 2, y: centre.y - request.size.height / 2,
                width: request.size.width, height: request.size.height)
        }
        // The rectangle's distance from the item's centre grows with its own; bisect for `reach`.
        var (low, high) = (0.0, reach + request.size.width + request.size.height)
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if distance(from: request.item.centre, to: box(middle)) >= reach { high = middle } else { low = middle }
        }
        return box(high)
    }

    /// The label moved straight out from its item, `along` the direction
    /// away from the centre, until it covers no circle of `circles`.
    static func movedOut(_ request: Request, along direction: Point, clearing circles: [Circle]) -> Rect {
        var box = beside(request, towards: direction)
        var step = request.item.radius
        while let covered = circles.first(where: { covers(box, $0) }) {
            box = box.offset(by: direction.scaled(by: max(step, covered.radius)))
            step *= 1.5
        }
        return box
    }

    /// `box` moved by the least offset that puts it on `area`; nil when it
    /// is on it already, or larger than it.
    static func slid(_ box: Rect, onto area: Rect) -> Rect? {
        guard !contains(area, box), box.width <= area.width, box.height <= area.height else { return nil }
        let dx = max(area.minX - box.minX, 0) + min(area.maxX - box.maxX, 0)
        let dy = max(area.minY - box.minY, 0) + min(area.maxY - box.maxY, 0)
        return box.offset(by: Point(x: dx, y: dy))
    }

    /// Whether the rectangle covers part of the circle (touching does not).
    public static func covers(_ rect: Rect, _ circle: Circle) -> Bool {
        distance(from: circle.centre, to: rect) < circle.radius - Circle.tolerance
    }

    /// The distance from `point` to the nearest point of `rect`; 0 inside it.
    static func distance(from point: Point, to rect: Rect) -> Double {
        let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
        let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
    }

    /// The unit vector from `centre` to `point`; up when they are the same point.
    static func direction(from centre: Point, to point: Point) -> Point {
        let length = centre.distance(to: point)
        return length > 0
            ? Point(x: (point.x - centre.x) / length, y: (point.y - centre.y) / length) : Point(x: 0, y: -1)
    }

    static func rotated(_ vector: Point, by degrees: Double) -> Point {
        let angle = degrees * Double.pi / 180
        return Point(x: vector.x * cos(angle) - vector.y * sin(angle), y: vector.x * sin(angle) + vector.y * cos(angle))
    }
}

extension MenuChainPlacement {
    /// The items of the menu at `index` whose labels `mode` shows, by id:
    /// none, the highlighted one (when it is an item of that menu), or all;
    /// never an item whose title shows nothing (an icon alone), whose plate
    /// would be an empty box.
    public func labelledItems(ofMenu index: Int, mode: LabelMode, highlighted: String) -> [String] {
        guard menus.indices.contains(index) else { return [] }
        let ids = menus[index].menu.items.filter { $0.title.contains { !$0.isWhitespace } }.map(\.id)
        switch mode {
        case .never: return []
        case .hover: return ids.contains(highlighted) ? [highlighted] : []
        case .always: return ids
        }
    }

    /// Where the labels of `items` of the menu at `index` go on the output,
    /// by id, each of the size `size` gives its item (its title's extent and
    /// padding): over no circle of the chain, and on its work area where they can be.
    public func labels(ofMenu index: Int, items: [String], size: (SceneItem) -> Size) -> [String: Rect] {
        guard menus.indices.contains(index) else { return [:] }
        let menu = menus[index]
        let radius = menu.menu.appearance.itemSize / 2
        let chosen = items.compactMap { id in menu.menu.items.first { $0.id == id } }
        // A column's labels go beside it, on the side its further columns go
        // to (the larger part of the output): away from the centre is the next item.
        var side: Point?
        if menu.menu.style == .stack {
            let area = output.workArea
            let room = LayoutRoom(
                width: area.width, height: area.height,
                centre: Point(x: menu.centre.x - area.x, y: menu.centre.y - area.y))
            side = Point(x: room.columnsGoLeft ? -1 : 1, y: 0)
        }
        let requests = chosen.map { item in
            LabelPlacement.Request(
                item: Circle(centre: menu.centre.adding(item.position), radius: radius), menuCentre: menu.centre,
                size: size(item), side: side)
        }
        let boxes = LabelPlacement.place(requests, clearing: circles, on: output.workArea)
        return Dictionary(zip(chosen.map(\.id), boxes), uniquingKeysWith: { first, _ in first })
    }
}
