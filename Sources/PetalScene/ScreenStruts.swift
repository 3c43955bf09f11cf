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

    /// A strut of `thickness` along `edge`, from `start` to `end` along it.
    public init(edge: Edge, thickness: Double, start: Double, end: Double) {
        self.edge = edge
        self.thickness = thickness
        self.start = start
        self.end = end
    }

    /// The struts of one `_NET_WM_STRUT_PARTIAL` value (12 numbers: left,
    /// right, top, bottom, then each one's start and end), or of a
    /// `_NET_WM_STRUT` value (4 numbers, each along its whole edge); none
    /// for any other count. Struts of no thickness are left out. The values
    /// are X pixels, `scale` of them to a logical pixel (GDK_SCALE).
    public static func parse(_ values: [Int], scale: Double = 1) -> [ScreenStrut] {
        guard values.count == 12 || values.count == 4 else { return [] }
        let whole = values.count == 4
        let edges: [Edge] = [.left, .right, .top, .bottom]
        let scale = scale.isFinite && scale > 0 ? scale : 1
        return edges.indices.compactMap { index in
            guard values[index] > 0 else { return nil }
            let (start, end) =
                whole
                ? (0.0, Double(Int32.max))
                : (Double(values[4 + 2 * index]) / scale, Double(values[5 + 2 * index]) / scale)
            return ScreenStrut(edge: edges[index], thickness: Double(values[index]) / scale, start: start, end: end)
        }
    }
}

extension OutputGeometry {
    /// The output with its work area less the bands `struts` keep on a
    /// screen of `screen` size (desktop coordinates), each band that
    /// reaches into the work area taken off the side it comes from.
    public func less(_ struts: [ScreenStrut], screen: Size) -> OutputGeometry {
        var (left, top) = (frame.x + workArea.minX, frame.y + workArea.minY)
        var (right, bottom) = (frame.x + workArea.maxX, frame.y + workArea.maxY)
        for strut in struts where strut.thickness > 0 {
            let across: Bool
            switch strut.edge {
            // `end` is the last pixel (the EWMH) or, as i3bar sets it, the first one past the band:
            // a band ending where the output begins does not reach into it.
            case .top, .bottom: across = strut.start < right && strut.end > left
            case .left, .right: across = strut.start < bottom && strut.end > top
            }
            guard across else { continue }
            switch strut.edge {
            case .top where strut.thickness > top: top = min(strut.thickness, bottom)
            case .bottom where screen.height - strut.thickness < bottom:
                bottom = max(screen.height - strut.thickness, top)
            case .left where strut.thickness > left: left = min(strut.thickness, right)
            case .right where screen.width - strut.thickness < right: right = max(screen.width - strut.thickness, left)
            default: break
            }
        }
        let area = Rect(x: left - frame.x, y: top - frame.y, width: right - left, height: bottom - top)
        return OutputGeometry(name: name, frame: frame, scale: scale, workArea: area)
    }
}
