import PetalCore

/// Where the parts of a `list` picker's window go (docs/overlay.md, "The
/// list layout"), in logical pixels from the window's top-left corner: the
/// prompt row, the message row when there is a message, then ``lines``
/// rows; the window's size follows from them and stays the same however
/// many rows match.
public struct ListMetrics: Equatable, Sendable {
    /// The width when the appearance names none: `appearance.width`'s default.
    public static let defaultWidth = AppearanceSettings().width
    /// How many rows are drawn when the appearance names no number: `appearance.lines`' default.
    public static let defaultLines = AppearanceSettings().lines
    /// The narrowest window, whatever the appearance says.
    public static let minimumWidth = AppearanceSettings.listWidths.lowerBound
    /// Space around the rows, and between the prompt and the rows.
    public static let padding = 8.0
    /// The side of a row's icon.
    public static let iconSize = 24.0

    /// The window's width.
    public var width: Double
    /// How many rows are drawn.
    public var lines: Int
    /// The height of one row (a line of text and its margins, or the icon's).
    public var rowHeight: Double
    /// Whether a message row is drawn under the prompt.
    public var hasMessage: Bool

    /// The metrics of a window `width` wide with `lines` rows of `rowHeight`.
    public init(
        width: Double = defaultWidth, lines: Int = defaultLines, rowHeight: Double, hasMessage: Bool = false
    ) {
        self.width = max(width.isFinite ? width : Self.defaultWidth, Self.minimumWidth)
        self.lines = max(lines, 1)
        self.rowHeight = max(rowHeight.isFinite ? rowHeight : Self.iconSize, Self.iconSize)
        self.hasMessage = hasMessage
    }

    /// How many rows a picker of `count` rows draws: `lines`, or fewer when
    /// it has fewer rows (at least one, for the row that says nothing matches).
    public static func lines(_ lines: Int = defaultLines, forRows count: Int) -> Int {
        max(min(lines, count), 1)
    }

    /// The anchor a list opens at: one that `Show` named (`placed` other
    /// than `configured`, the appearance's, which is where a resting button
    /// goes), or the pointer; else the middle of the output.
    public static func anchor(placed: Anchor, configured: Anchor) -> Anchor {
        placed == .pointer || placed != configured ? placed : .center
    }

    /// A row's height for text whose lines are `textHeight` high.
    public static func rowHeight(forTextHeight textHeight: Double) -> Double {
        max(textHeight + 10, iconSize + 8).rounded(.up)
    }

    /// The prompt row: the prompt and the filter text.
    public var prompt: Rect {
        Rect(x: Self.padding, y: Self.padding, width: width - 2 * Self.padding, height: rowHeight)
    }

    /// The message row; zero high without a message.
    public var message: Rect {
        Rect(x: Self.padding, y: prompt.maxY, width: width - 2 * Self.padding, height: hasMessage ? rowHeight : 0)
    }

    /// Where the rows start.
    public var rowsTop: Double { message.maxY + Self.padding / 2 }

    /// The row drawn at `offset` from the top of the list.
    public func row(_ offset: Int) -> Rect {
        Rect(
            x: Self.padding, y: rowsTop + Double(offset) * rowHeight, width: width - 2 * Self.padding,
            height: rowHeight)
    }

    /// The window's size.
    public var size: Size { Size(width: width, height: rowsTop + Double(lines) * rowHeight + Self.padding) }

    /// The offset from the top of the list of the row at `point`; nil off the rows.
    public func rowOffset(at point: Point) -> Int? {
        guard point.x >= Self.padding, point.x < width - Self.padding, point.y >= rowsTop else { return nil }
        let offset = Int(((point.y - rowsTop) / rowHeight).rounded(.down))
        return offset < lines ? offset : nil
    }

    /// Where the window goes on an output of `output` size (its top-left
    /// corner, from the output's): centred on `at`, or on the pointer for the
    /// `pointer` anchor; in the anchor's corner `margin` away from its edges;
    /// in the middle for `center`. Then moved inwards to lie on the output
    /// (its top-left corner on it when it is larger).
    public func origin(on output: Size, anchor: Anchor, margin: Margin, at: Point?, pointer: Point?) -> Point {
        let size = self.size
        var origin: Point
        if let centre = at ?? (anchor == .pointer ? pointer : nil) {
            origin = Point(x: centre.x - size.width / 2, y: centre.y - size.height / 2)
        } else {
            let right = output.width - size.width - margin.x
            let bottom = output.height - size.height - margin.y
            switch anchor {
            case .topLeft: origin = Point(x: margin.x, y: margin.y)
            case .topRight: origin = Point(x: right, y: margin.y)
            case .bottomLeft: origin = Point(x: margin.x, y: bottom)
            case .bottomRight: origin = Point(x: right, y: bottom)
            case .center, .pointer:
                origin = Point(x: (output.width - size.width) / 2, y: (output.height - size.height) / 2)
            }
        }
        origin.x = max(min(origin.x, output.width - size.width), 0).rounded()
        origin.y = max(min(origin.y, output.height - size.height), 0).rounded()
        return origin
    }
}
