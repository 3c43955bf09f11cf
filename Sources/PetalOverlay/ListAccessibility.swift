import CAccessible
import CGtk
import PetalAPI
import PetalCore
import PetalScene

/// What assistive technology sees of a list picker's window (docs/overlay.md,
/// "The list layout"): the filter as an editable text named by the prompt,
/// then each row on screen as a list item, the highlighted one focused, whose
/// action chooses it as a click does.
@MainActor
final class ListAccessibility {
    private let accessible: UnsafeMutablePointer<AtkObject>
    /// Chooses the row drawn at an offset from the top of the list (the window's click).
    var choose: (Int) -> Void = { _ in }

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        accessible = petal_accessible_window_ref_accessible(widget)
        petal_accessible_window_set_handler(
            accessible,
            { index, data in
                nonisolated(unsafe) let data = data
                MainActor.assumeIsolated {
                    let me = Unmanaged<ListAccessibility>.fromOpaque(data!).takeUnretainedValue()
                    // Child 0 is the filter; the rows follow.
                    if index > 0 { me.choose(Int(index) - 1) }
                }
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        petal_accessible_window_set_handler(accessible, nil, nil)
        petal_accessible_window_truncate(accessible, 0)
        g_object_unref(accessible)
    }

    /// Brings the children in step with `picker` (only the rows on screen are read, through `row`).
    func update(picker: ListPicker, metrics: ListMetrics, row: (Int) -> ItemRow) {
        let prompt = picker.settings.prompt
        var state = PetalAccessibleChildState(
            check_box: PETAL_FALSE, checked: PETAL_FALSE, enabled: PETAL_TRUE,
            focused: picker.highlighted == nil ? PETAL_TRUE : PETAL_FALSE, has_action: PETAL_FALSE,
            extents: Self.box(metrics.prompt))
        petal_accessible_window_set_text_child(accessible, 0, prompt.isEmpty ? "Filter" : prompt, picker.filter, &state)
        let visible = Array(picker.visible)
        petal_accessible_window_truncate(accessible, guint(visible.count + 1))
        for (offset, position) in visible.enumerated() {
            let row = row(picker.shown[position])
            var item = PetalAccessibleChildState(
                check_box: PETAL_FALSE,
                checked: picker.marked.contains(picker.shown[position]) ? PETAL_TRUE : PETAL_FALSE,
                enabled: row.enabled ? PETAL_TRUE : PETAL_FALSE,
                focused: position == picker.highlighted ? PETAL_TRUE : PETAL_FALSE, has_action: PETAL_TRUE,
                extents: Self.box(metrics.row(offset)))
            petal_accessible_window_set_child(
                accessible, guint(offset + 1), row.title.isEmpty ? row.id : row.title, &item)
            petal_accessible_window_set_child_role(accessible, guint(offset + 1), ATK_ROLE_LIST_ITEM)
        }
    }

    private static func box(_ rect: Rect) -> GdkRectangle {
        GdkRectangle(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
    }
}
