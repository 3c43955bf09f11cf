import PetalCore

/// How wide and tall a line of text is set, in logical pixels.
public struct TextExtent: Equatable, Sendable {
    public var width, height: Double

    /// An extent of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// How a client measures `text` set at a font size in pixels, in the menu's
/// font (Pango in the overlay; a stand-in in tests).
public typealias TextMeasure = (_ text: String, _ size: Double) -> TextExtent

/// The titles drawn inside circles without an icon (docs/overlay.md, "What
/// it draws"): one font size for the whole menu, the smallest any of them
/// needs to fit its circle, but no smaller than ``minimumSize``; a title
/// that does not fit even then ends in "…", and its full text shows in its label.
public struct CircleTitles: Equatable, Sendable {
    /// The smallest font size a title shrinks to, in pixels.
    public static let minimumSize = 8.0
    /// The largest, as a fraction of the circle's diameter: the seeds' 24 in 60.
    public static let largestFraction = 0.4
    /// How much of the circle's diameter the text may cover: its box stays
    /// inside a circle this fraction of it, clear of the edge.
    public static let insideFraction = 0.9

    /// The font size of every title of the menu.
    public var size: Double
    /// Each title as drawn, by item id: whole, or cut and ending in "…".
    public var texts: [String: String]

    /// The titles `titles` (item id and title) fitted into circles of
    /// `diameter`, measured with `measure`.
    public static func fit(_ titles: [(id: String, title: String)], diameter: Double, measure: TextMeasure)
        -> CircleTitles
    {
        let largest = max((diameter * largestFraction).rounded(.down), minimumSize)
        func fits(_ text: String, _ size: Double) -> Bool {
            let extent = measure(text, size)
            let (halfWidth, halfHeight) = (extent.width / 2, extent.height / 2)
            let radius = diameter * insideFraction / 2
            return halfWidth * halfWidth + halfHeight * halfHeight <= radius * radius
        }
        // The largest whole size at which each title fits, by bisection; the minimum when none does.
        func needed(_ title: String) -> Double {
            var (low, high) = (Int(minimumSize), Int(largest))
            guard fits(title, Double(low)) else { return minimumSize }
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(title, Double(middle)) { low = middle } else { high = middle - 1 }
            }
            return Double(low)
        }
        let size = titles.map { needed($0.title) }.min() ?? largest
        var texts: [String: String] = [:]
        for (id, title) in titles {
            texts[id] = fits(title, size) ? title : cut(title, toFit: { fits($0, size) })
        }
        return CircleTitles(size: size, texts: texts)
    }

    /// The longest start of `title` that, with "…" after it, `fits`; "…" alone when none does.
    static func cut(_ title: String, toFit fits: (String) -> Bool) -> String {
        let characters = Array(title)
        func shortened(_ count: Int) -> String {
            var start = String(characters.prefix(count))
            while start.last?.isWhitespace == true { start.removeLast() }
            return start + "…"
        }
        var (low, high) = (0, max(characters.count - 1, 0))
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(shortened(middle)) { low = middle } else { high = middle - 1 }
        }
        return shortened(low)
    }
}

extension SceneMenu {
    /// The titles this menu draws inside its circles — those of items with
    /// no icon — fitted to its item size (``CircleTitles``).
    public func circleTitles(measure: TextMeasure) -> CircleTitles {
        let titled = items.filter { $0.currentIcon.isEmpty }.map { (id: $0.id, title: $0.title) }
        return CircleTitles.fit(titled, diameter: appearance.itemSize, measure: measure)
    }
}
