/// The room a menu has on an output, for a `linear` row or a `stack` column
/// that would leave it: the output's size in logical pixels, and which way
/// the rows or columns it wraps into go.
public struct LayoutRoom: Equatable, Sendable {
    /// The output's width.
    public var width: Double
    /// The output's height.
    public var height: Double
    /// Whether a `linear` menu's further rows go above its first (else below).
    public var rowsGoUp: Bool
    /// Whether a `stack` menu's further columns go left of its first (else right).
    public var columnsGoLeft: Bool

    /// Room of `width` × `height`, the rows and columns going the ways given.
    public init(width: Double, height: Double, rowsGoUp: Bool = true, columnsGoLeft: Bool = true) {
        self.width = width
        self.height = height
        self.rowsGoUp = rowsGoUp
        self.columnsGoLeft = columnsGoLeft
    }

    /// Room of `width` × `height` for a menu whose centre button is at
    /// `centre` (from the output's top-left corner): rows and columns go
    /// towards the larger part of the output.
    public init(width: Double, height: Double, centre: Point) {
        self.init(width: width, height: height, rowsGoUp: centre.y >= height / 2, columnsGoLeft: centre.x >= width / 2)
    }

    /// Room of `width` × `height` for a menu at `anchor`: rows and columns
    /// go from its corner towards the middle (up and left from the centre
    /// and the pointer, as from the default corner).
    public init(width: Double, height: Double, anchor: Anchor) {
        let top = anchor == .topLeft || anchor == .topRight
        let left = anchor == .topLeft || anchor == .bottomLeft
        self.init(width: width, height: height, rowsGoUp: !top, columnsGoLeft: !left)
    }
}

/// A `linear` row or a `stack` column that would leave the output, wrapped
/// into rows or columns that do not (docs/configuration.md, "No overlap").
///
/// The whole output counts, not the room beside the button: a menu is then
/// moved inwards until it lies on the output, so a row wraps only where no
/// place of the button would hold it. The rows are as far apart as the
/// items in them, so no two circles overlap.
public enum RowWrapping {
    /// `row`, a `linear` or `stack` layout's positions, wrapped so that
    /// every row (or column) reaches no farther than `room` allows for the
    /// button and circles of `discs`; at least one item a row. Anything
    /// that is not such a row (a `radial` layout, or places a peer made up)
    /// is returned as it is.
    ///
    /// `labels` is the room an item's label takes across the rows (its
    /// height beside a row, its width beside a column; 0 for none): rows
    /// are then at least an item and that room apart, so that a label fits
    /// between two of them.
    public static func wrapped(
        _ row: [Point], style: LayoutStyle, discs: LayoutDiscs, room: LayoutRoom, labels: Double = 0
    ) -> [Point] {
        guard row.count > 1, style == .linear || style == .stack else { return row }
        // The distance along the row from the centre, and the room for it.
        let along: [Double]
        let extent: Double
        switch style {
        case .linear:
            guard row.allSatisfy({ $0.y == 0 }) else { return row }
            (along, extent) = (row.map(\.x), room.width)
        case .stack, .radial, .list:
            guard row.allSatisfy({ $0.x == 0 }) else { return row }
            (along, extent) = (row.map { -$0.y }, room.height)
        }
        guard along[0] > 0, zip(along, along.dropFirst()).allSatisfy({ $0 < $1 }) else { return row }
        let reach = discs.button / 2 + discs.item / 2
        let perRow = max(along.prefix { $0 + reach <= extent }.count, 1)
        guard perRow < row.count else { return row }
        let pitch = max(along[1] - along[0], discs.item + (labels.isFinite ? max(labels, 0) : 0))
        return row.indices.map { index in
            let (line, place) = index.quotientAndRemainder(dividingBy: perRow)
            let across = pitch * Double(line)
            switch style {
            case .linear: return Point(x: along[place], y: room.rowsGoUp ? -across : across)
            case .stack, .radial, .list: return Point(x: room.columnsGoLeft ? -across : across, y: -along[place])
            }
        }
    }
}
