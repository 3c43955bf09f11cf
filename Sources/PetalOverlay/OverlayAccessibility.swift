import CAccessible
import CGtk
import PetalCore
import PetalScene

/// What assistive technology sees of one overlay window, through ATK and
/// GTK's AT-SPI bridge (docs/overlay.md, "Accessibility"): the scene's
/// ``AccessibleNode``s as children of the window's accessible object, each
/// with one action that does what a click does.
///
/// Set again only when petald says something (``update(from:origin:)``),
/// never per frame; only what changed is sent on.
@MainActor
final class OverlayAccessibility {
    /// The window's accessible object, held: it may outlive the window.
    private let accessible: UnsafeMutablePointer<AtkObject>
    /// What the window's children say now.
    private var nodes: [AccessibleNode] = []
    private var origin = Point(x: 0, y: 0)
    /// Carries out a node's intent (the window's `perform`).
    private let perform: (Intent) -> Void

    /// The accessible children of `widget`, a window made by `petal_accessible_window_new`.
    init(widget: UnsafeMutablePointer<GtkWidget>, perform: @escaping (Intent) -> Void) {
        accessible = petal_accessible_window_ref_accessible(widget)
        self.perform = perform
        petal_accessible_window_set_handler(
            accessible,
            { index, data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated { OverlayAccessibility.from(data).act(on: Int(index)) }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        // An AT-SPI client may hold the accessible object still: no action reaches here after this.
        petal_accessible_window_set_handler(accessible, nil, nil)
        // Each child holds its parent: dropping them lets the window's accessible object go.
        petal_accessible_window_truncate(accessible, 0)
        g_object_unref(accessible)
    }

    /// Brings the children in step with `scene`, whose button rests at `origin` on the window.
    func update(from scene: Scene, origin: Point) {
        let new = scene.accessibleNodes
        guard new != nodes || origin != self.origin else { return }
        let old = nodes
        nodes = new
        self.origin = origin
        petal_accessible_window_truncate(accessible, guint(new.count))
        // Focus leaves the old item before it reaches the new one, as a screen reader expects.
        for (index, node) in new.enumerated() {
            var losing = node
            losing.focused = node.focused && index < old.count && old[index].focused
            set(index, losing)
        }
        for (index, node) in new.enumerated() where node.focused { set(index, node) }
    }

    private func set(_ index: Int, _ node: AccessibleNode) {
        let radius = node.diameter / 2
        var state = PetalAccessibleChildState(
            check_box: node.role == .checkBox ? PETAL_TRUE : PETAL_FALSE,
            checked: node.checked ? PETAL_TRUE : PETAL_FALSE,
            enabled: node.enabled ? PETAL_TRUE : PETAL_FALSE,
            focused: node.focused ? PETAL_TRUE : PETAL_FALSE,
            has_action: node.intent != nil ? PETAL_TRUE : PETAL_FALSE,
            extents: GdkRectangle(
                x: Int32((origin.x + node.centre.x - radius).rounded(.down)),
                y: Int32((origin.y + node.centre.y - radius).rounded(.down)),
                width: Int32(node.diameter.rounded(.up)), height: Int32(node.diameter.rounded(.up))))
        petal_accessible_window_set_child(accessible, guint(index), node.name, &state)
    }

    /// An assistive technology ran child `index`'s action.
    private func act(on index: Int) {
        guard nodes.indices.contains(index), let intent = nodes[index].intent else { return }
        perform(intent)
    }

    /// The object a callback's user data points at; it lives as long as its window.
    private static func from(_ data: UnsafeMutableRawPointer?) -> OverlayAccessibility {
        Unmanaged<OverlayAccessibility>.fromOpaque(data!).takeUnretainedValue()
    }
}
