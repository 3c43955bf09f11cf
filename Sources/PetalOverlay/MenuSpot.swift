import CGtk
import PetalCore
import PetalScene

/// Where ``MenuWindows`` puts a menu's centre button: a point on an output.
struct MenuSpot: Equatable {
    /// The output, in the desktop's logical pixels.
    var output: OutputGeometry
    /// The centre button's centre, relative to the output's top-left corner.
    var centre: Point
    /// The output's GdkMonitor, for a layer surface; nil to let the compositor choose.
    var monitor: HeldMonitor?
}

/// A GdkMonitor held for as long as a spot names it, so that an output
/// removed meanwhile leaves no dangling pointer behind.
final class HeldMonitor: Equatable {
    let pointer: OpaquePointer

    init?(_ pointer: OpaquePointer?) {
        guard let pointer else { return nil }
        self.pointer = pointer
        g_object_ref(UnsafeMutableRawPointer(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    static func == (lhs: HeldMonitor, rhs: HeldMonitor) -> Bool { lhs.pointer == rhs.pointer }
}
