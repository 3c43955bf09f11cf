import PetalCore

/// A monitor as the overlay sees it: its name, where it lies on the desktop
/// and how many device pixels make one logical pixel.
///
/// Everything Petal places is in logical pixels, so a menu has the same size
/// on every output; only the painter multiplies by ``scale``.
public struct OutputGeometry: Equatable, Sendable {
    /// The output's name: the compositor's on Wayland (`DP-1`, as `swaymsg -t
    /// get_outputs` shows), the RandR output's on X11 (as `xrandr` shows).
    public var name: String
    /// Its rectangle in the desktop's logical coordinates: the top-left
    /// corner, and the size in logical pixels.
    public var frame: Rect
    /// Device pixels per logical pixel: 1, 2, or a fraction such as 1.5; a
    /// scale that is not a positive finite number is taken as 1.
    public var scale: Double

    /// The part of it menus go on, relative to its top-left corner: all of
    /// it but what panels keep for themselves (X11's work area).
    public var workArea: Rect

    /// An output called `name` covering `frame` at `scale`, of which menus
    /// go on `workArea` (relative to its top-left corner; all of it when
    /// nil, or when it is empty or not wholly on the output).
    public init(name: String, frame: Rect, scale: Double = 1, workArea: Rect? = nil) {
        self.name = name
        self.frame = frame
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        let whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.workArea = whole
        if let area = workArea, area.width > 0, area.height > 0, area.minX >= 0, area.minY >= 0,
            area.maxX <= whole.maxX, area.maxY <= whole.maxY
        {
            self.workArea = area
        }
    }

    /// The output's size in logical pixels.
    public var size: Size { Size(width: frame.width, height: frame.height) }

    /// A desktop point relative to the output's top-left corner.
    public func local(_ desktop: Point) -> Point {
        Point(x: desktop.x - frame.x, y: desktop.y - frame.y)
    }

    /// A point relative to the output's top-left corner on the desktop.
    public func desktop(_ local: Point) -> Point {
        Point(x: local.x + frame.x, y: local.y + frame.y)
    }
}

/// The output a menu goes on, and the name its placement asked for when no
/// output has it (to log with the names there are).
public struct OutputChoice: Equatable, Sendable {
    /// The output chosen.
    public var output: OutputGeometry
    /// The name asked for that no output has; nil when none was asked for or it was found.
    public var unknownName: String?
}

extension OutputGeometry {
    /// The output a menu goes on: the one called `named`, else the one under
    /// `pointer` (desktop coordinates), else the one called `focused`, else
    /// the first; nil when there are none. A name nobody has is treated as
    /// not given, and returned as ``OutputChoice/unknownName``; an empty name
    /// is not given. When two outputs match, the first in `outputs` wins.
    public static func choose(
        among outputs: [OutputGeometry], named: String?, pointer: Point?, focused: String?
    ) -> OutputChoice? {
        var unknown: String?
        if let named, !named.isEmpty {
            if let output = outputs.first(where: { $0.name == named }) {
                return OutputChoice(output: output, unknownName: nil)
            }
            unknown = named
        }
        let chosen =
            pointer.flatMap { point in outputs.first { $0.frame.contains(point) } }
            ?? focused.flatMap { name in name.isEmpty ? nil : outputs.first { $0.name == name } }
            ?? outputs.first
        return chosen.map { OutputChoice(output: $0, unknownName: unknown) }
    }
}

extension OutputGeometry {
    /// A logical length in device pixels.
    public func device(_ length: Double) -> Double { length * scale }

    /// A logical point in device pixels, on the same origin.
    public func device(_ point: Point) -> Point { point.scaled(by: scale) }

    /// The whole device pixels covering a logical rectangle: what a surface
    /// buffer, a damage or an input rectangle takes at this scale.
    public func device(_ rect: Rect) -> PixelRect {
        Rect(x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale).integral
    }

    /// A point in device pixels, back in logical pixels.
    public func logical(fromDevice point: Point) -> Point { point.scaled(by: 1 / scale) }

    /// The output's own size in device pixels, rounded up.
    public var deviceSize: (width: Int, height: Int) {
        (Int(device(frame.width).rounded(.up)), Int(device(frame.height).rounded(.up)))
    }
}
