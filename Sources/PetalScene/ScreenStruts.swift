import PetalCore

/// The room a panel keeps for itself along one edge of the X11 screen, as
/// its window's `_NET_WM_STRUT_PARTIAL` (or `_NET_WM_STRUT`) says: a band
/// `thickness` pixels deep from that edge, from `start` to `end` along it.
///
/// A window manager that publishes a work area (`_NET_WORKAREA`) has taken
/// these off it already; i3 publishes none, so its bar's strut is read here.
public struct ScreenStrut: Equatable, Sendable {
    public var edge: Edge
    public var thickness: Double
    /// Where the band begins and ends along the edge, in screen pixels.
    public var start, end: Double
    /// Where the panel's window is on the screen, when known. i3bar measures
    /// its band from the edge of its own output, not the screen's as the
    /// EWMH says, so its window tells which output the band is on.
    public var window: Rect?

    /// A strut of `thickness` along `edge`, from `start` to `end` along it, kept by a panel at `window`.
    public init(edge: Edge, thickness: Double, start: Double, end: Double, window: Rect? = nil) {
        self.edge = edge
        self.thickness = thickness
        self.start = start
        self.end = end
        self.window = window
    }

    /// The struts of one `_NET_WM_STRUT_PARTIAL` value (12 numbers: left,
    /// right, top, bottom, then each one's start and end), or of a
    /// `_NET_WM_STRUT` value (4 numbers, each along its whole edge); none
    /// for any other count. Struts of no thickness are left out. The values
    /// and `window` (the panel's window, nil or empty when unknown) are X
    /// pixels, `scale` of them to a logical pixel (GDK_SCALE).
    public static func parse(_ values: [Int], window: Rect? = nil, scale: Double = 1) -> [ScreenStrut] {
        guard values.count == 12 || values.count == 4 else { return [] }
        let whole = values.count == 4
        let edges: [Edge] = [.left, .right, .top, .bottom]
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let frame = window.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }.map {
            Rect(x: $0.x / scale, y: $0.y / scale, width: $0.width / scale, height: $0.height / scale)
        }
        return edges.indices.compactMap { index in
            guard values[index] > 0 else { return nil }
            let (start, end) =
                whole
                ? (0.0, Double(Int32.max))
                : (Double(values[4 + 2 * index]) / scale, Double(values[5 + 2 * index]) / scale)
            return ScreenStrut(
                edge: edges[index], thickness: Double(values[index]) / scale, start: start, end: end, window: frame)
        }
    }
}

extension OutputGeometry {
    /// The output with its work area less the bands `struts` keep on a
    /// screen of `screen` size (desktop coordinates).
    ///
    /// Each strut is read two ways. As the EWMH says: a band from the
    /// screen's edge, taken off the side it comes from where it reaches
    /// into the work area. And, for a panel whose window is known and lies
    /// on this output: as deep from the output's own edge as the window
    /// reaches in from it, no deeper than the strut's thickness. When the
    /// window lies in its band both count, whichever takes more; when it
    /// lies outside, the strut was measured from its own output's edge
    /// (i3bar's, on a shorter output beside a taller one) and only the window counts.
    public func less(_ struts: [ScreenStrut], screen: Size) -> OutputGeometry {
        var (left, top) = (frame.x + workArea.minX, frame.y + workArea.minY)
        var (right, bottom) = (frame.x + workArea.maxX, frame.y + workArea.maxY)
        for strut in struts where strut.thickness > 0 {
            var across = strut.window.map { strut.band(on: screen).overlap($0) != nil } ?? true
            switch strut.edge {
            // `end` is the last pixel (the EWMH) or, as i3bar sets it, the first one past the band:
            // a band ending where the output begins does not reach into it.
            case .top, .bottom: across = across && strut.start < right && strut.end > left
            case .left, .right: across = across && strut.start < bottom && strut.end > top
            }
            var limit: Double
            switch strut.edge {
            case .top: limit = across ? strut.thickness : -.infinity
            case .bottom: limit = across ? screen.height - strut.thickness : .infinity
            case .left: limit = across ? strut.thickness : -.infinity
            case .right: limit = across ? screen.width - strut.thickness : .infinity
            }
            if let overlap = strut.window.flatMap(frame.overlap) {
                switch strut.edge {
                case .top: limit = max(limit, min(overlap.maxY, frame.y + strut.thickness))
                case .bottom: limit = min(limit, max(overlap.minY, frame.maxY - strut.thickness))
                case .left: limit = max(limit, min(overlap.maxX, frame.x + strut.thickness))
                case .right: limit = min(limit, max(overlap.minX, frame.maxX - strut.thickness))
                }
            }
            switch strut.edge {
            case .top: top = max(top, min(limit, bottom))
            case .bottom: bottom = min(bottom, max(limit, top))
            case .left: left = max(left, min(limit, right))
            case .right: right = min(right, max(limit, left))
            }
        }
        let area = Rect(x: left - frame.x, y: top - frame.y, width: right - left, height: bottom - top)
        return OutputGeometry(name: name, frame: frame, scale: scale, workArea: area)
    }
}

extension ScreenStrut {
    /// The band the strut keeps as the EWMH reads it, on a screen of `screen` size.
    func band(on screen: Size) -> Rect {
        let length = max(end - start, 1)
        switch edge {
        case .top: return Rect(x: start, y: 0, width: length, height: thickness)
        case .bottom: return Rect(x: start, y: screen.height - thickness, width: length, height: thickness)
        case .left: return Rect(x: 0, y: start, width: thickness, height: length)
        case .right: return Rect(x: screen.width - thickness, y: start, width: thickness, height: length)
        }
    }
}

extension Rect {
    /// The part of `other` that lies on this rectangle; nil when they share no area.
    func overlap(_ other: Rect) -> Rect? {
        let (left, top) = (max(minX, other.minX), max(minY, other.minY))
        let (right, bottom) = (min(maxX, other.maxX), min(maxY, other.maxY))
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
