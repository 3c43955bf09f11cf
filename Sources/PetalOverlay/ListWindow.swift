import CAccessible
import CGtk
import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// The window of a menu laid out as a `list` (docs/overlay.md, "The list
/// layout"): a picker that filters its rows as the user types, drawn from a
/// ``ListPicker`` and answered with `Submit`.
///
/// It takes the keyboard as soon as it is made, while the menu opens (a
/// layer surface's exclusive keyboard on Wayland, a grab on X11), and gives
/// it back when it goes. Only the rows on screen are drawn; the rows are
/// filtered only when the filter changes.
@MainActor
final class ListWindow {
    let widget: UnsafeMutablePointer<GtkWidget>
    let backend: OverlayWindow.Backend
    /// The object of the menu drawn.
    let path: ObjectPath
    let log: Logger
    var picker: ListPicker
    private(set) var keyMap: ListKeyMap
    /// The menu's rows, as `Items` serves them; empty for a menu of a row table.
    var rows: [ItemRow] = []
    /// The rows of a menu of a row table (`RowCount` rows, `Items` empty), once `GetRows` brought them.
    var table: RowTable?
    /// Counts the rows set: a fold made off the main thread is taken only for the rows it was made of.
    var rowsSet = 0
    /// The menu's `RowCount` when its rows are a row table (`Items` empty), else 0.
    var tableRowCount = 0
    /// Whether `GetRows` was called and has not answered yet.
    var tableAsked = false
    /// The mirror's revision of the menu when it was last read (MenuMirror.revision(at:)).
    private(set) var revision: Int
    /// The key hint of each row, by id ("" for none).
    var keyHints: [String: String] = [:]
    private(set) var appearance: AppearanceSettings
    var metrics: ListMetrics
    /// What the user chose or asked for: a `Submit` or a `Close`.
    var act: (ListAction) -> Void = { _ in }
    var keyboardTaken = false
    /// A window of the overlay's that is already on screen (main's): until
    /// this one is viewable, the keyboard is taken there (an X11 grab; on
    /// Wayland its layer surface's exclusive keyboard), and the keys it gets
    /// are handed on here, so that none typed meanwhile is lost.
    let standIn: UnsafeMutablePointer<GtkWidget>?
    /// Whether the keyboard is taken on ``standIn``.
    var standInGrabbed: Bool
    /// Whether Escape came while the menu was still opening: `Close` is sent once it is open.
    var closeWhenOpen = false
    let icons = IconLoader(theme: gtk_icon_theme_get_default(), log: { _ in })
    lazy var accessibility = ListAccessibility(widget: widget)
    /// Timing lines for `make bench`: each key press, and each frame painted (spread 1: a list does not spread).
    let trace: FrameTrace?
    /// The state last told to ``trace``.
    private var tracedState: MenuState?

    /// A window for the list menu `menu`, not yet shown; `standInGrabbed`
    /// says whether the caller already grabbed the keyboard on `standIn`
    /// (``grabKeyboard(on:)``), which the window then gives back.
    init(
        menu: MenuMirror.Menu, revision: Int, standIn: UnsafeMutablePointer<GtkWidget>?, standInGrabbed: Bool,
        log: Logger
    ) {
        path = menu.path
        self.revision = revision
        self.standIn = standIn
        self.standInGrabbed = standInGrabbed
        self.log = log
        trace = FrameTrace.fromEnvironment(path: menu.path.rawValue)
        let snapshot = menu.snapshot
        appearance = snapshot.appearance.settings
        // The window's size is the appearance's as the menu opens; a reload changes the next one's.
        let lines = ListMetrics.lines(appearance.lines, forRows: max(snapshot.items.count, snapshot.rowCount))
        picker = ListPicker(
            settings: snapshot.picker, acceptsCustom: snapshot.picker.acceptsCustom(isAdHoc: !snapshot.owner.isEmpty),
            lines: lines)
        keyMap = ListKeyMap(customKeys: snapshot.picker.customKeys)
        metrics = ListMetrics(
            width: appearance.width, lines: lines, rowHeight: ListMetrics.iconSize + 8,
            hasMessage: !snapshot.picker.message.isEmpty)
        let display = gdk_display_get_default()
        if let display, petal_display_is_wayland(display) != PETAL_FALSE, gtk_layer_is_supported() != PETAL_FALSE {
            backend = .layerShell
            widget = petal_accessible_window_new(GTK_WINDOW_TOPLEVEL)
            let window = petal_gtk_window(widget)
            gtk_layer_init_for_window(window)
            gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_namespace(window, "petal-overlay-list")
            gtk_layer_set_exclusive_zone(window, -1)
        } else {
            backend = .x11
            widget = petal_accessible_window_new(GTK_WINDOW_POPUP)
        }
        let window = petal_gtk_window(widget)
        gtk_window_set_title(window, "Petal: \(snapshot.title.isEmpty ? snapshot.name : snapshot.title)")
        gtk_window_set_decorated(window, PETAL_FALSE)
        gtk_window_set_skip_taskbar_hint(window, PETAL_TRUE)
        gtk_widget_set_app_paintable(widget, PETAL_TRUE)
        gtk_widget_add_events(
            widget,
            Int32(
                bitPattern: GDK_BUTTON_PRESS_MASK.rawValue | GDK_KEY_PRESS_MASK.rawValue | GDK_SCROLL_MASK.rawValue
                    | GDK_STRUCTURE_MASK.rawValue))
        ListSignals.connect(self, to: widget)
        metrics.rowHeight = ListMetrics.rowHeight(forTextHeight: textHeight())
        for name in ListKeyMap.unparsed(snapshot.picker.customKeys) {
            log.warning("the picker key \"\(name)\" of \(snapshot.name) is not a key name GTK knows; it does nothing")
        }
        // The keyboard before anything is drawn: keys typed while the menu opens reach the filter.
        takeKeyboard()
        update(menu: menu, revision: revision)
    }

    /// Tells the frame trace the menu's state, once per change, as a circle menu's window does.
    func traceState(_ state: MenuState) {
        guard state != tracedState else { return }
        tracedState = state
        trace?.state(state, at: Double(g_get_monotonic_time()) / 1e6)
    }

    /// The menu changed (now at mirror revision `revision`): new rows are
    /// filtered again; anything else is drawn again.
    func update(menu: MenuMirror.Menu, revision: Int) {
        self.revision = revision
        let snapshot = menu.snapshot
        appearance = snapshot.appearance.settings
        // A table's rows come with `GetRows` (MenuWindows asks while ``awaitsTable``).
        tableRowCount = snapshot.items.isEmpty ? snapshot.rowCount : 0
        if tableRowCount == 0, snapshot.items != rows || !picker.hasRows {
            table = nil
            rowsSet += 1
            rows = snapshot.items
            keyHints = [:]
            for (id, detail) in menu.details where !detail.key.isEmpty { keyHints[id] = detail.key }
            // Only the few items with fields beyond their rows can have meta words.
            var meta: [String: String] = [:]
            for (id, _) in snapshot.itemDetails.entries {
                if let words = menu.details[id]?.meta, !words.isEmpty { meta[id] = words }
            }
            let rowMeta = meta.isEmpty ? [] : rows.map { meta[$0.id] ?? "" }
            if let action = picker.setRows(rows.map(\.title), meta: rowMeta) { act(action) }
        }
        redraw()
    }

    /// Puts the window on `output` (nil where the compositor chooses), at its
    /// placement, and shows it.
    func show(on output: OutputGeometry?, monitor: HeldMonitor?, placement given: MenuPlacement, pointer: Point?) {
        var placement = given
        placement.anchor = ListMetrics.anchor(placed: given.anchor, configured: appearance.anchor)
        let size = metrics.size
        let at = placement.at.map { Point(x: Double($0.x), y: Double($0.y)) }
        let width = Int32(size.width.rounded(.up))
        let height = Int32(size.height.rounded(.up))
        gtk_widget_set_size_request(widget, width, height)
        gtk_window_resize(petal_gtk_window(widget), width, height)
        switch backend {
        case .layerShell:
            let window = petal_gtk_window(widget)
            let edges: [GtkLayerShellEdge] = [
                GTK_LAYER_SHELL_EDGE_TOP, GTK_LAYER_SHELL_EDGE_BOTTOM, GTK_LAYER_SHELL_EDGE_LEFT,
                GTK_LAYER_SHELL_EDGE_RIGHT,
            ]
            for edge in edges { gtk_layer_set_anchor(window, edge, PETAL_FALSE) }
            if let output, at != nil || output.name == placement.output || placement.anchor == .pointer {
                let origin = metrics.origin(
                    on: output.size, anchor: placement.anchor, margin: appearance.margin, at: at,
                    pointer: pointer.map(output.local))
                gtk_layer_set_monitor(window, monitor?.pointer)
                gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_TOP, PETAL_TRUE)
                gtk_layer_set_anchor(window, GTK_LAYER_SHELL_EDGE_LEFT, PETAL_TRUE)
                gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_TOP, Int32(origin.y))
                gtk_layer_set_margin(window, GTK_LAYER_SHELL_EDGE_LEFT, Int32(origin.x))
            } else {
                // Where the compositor puts it: centred, or in the anchor's corner.
                let anchor = placement.anchor
                let top = anchor == .topLeft || anchor == .topRight
                let bottom = anchor == .bottomLeft || anchor == .bottomRight
                let left = anchor == .topLeft || anchor == .bottomLeft
                let right = anchor == .topRight || anchor == .bottomRight
                for (edge, on, margin) in [
                    (GTK_LAYER_SHELL_EDGE_TOP, top, appearance.margin.y),
                    (GTK_LAYER_SHELL_EDGE_BOTTOM, bottom, appearance.margin.y),
                    (GTK_LAYER_SHELL_EDGE_LEFT, left, appearance.margin.x),
                    (GTK_LAYER_SHELL_EDGE_RIGHT, right, appearance.margin.x),
                ] {
                    gtk_layer_set_anchor(window, edge, on ? PETAL_TRUE : PETAL_FALSE)
                    gtk_layer_set_margin(window, edge, on ? Int32(margin) : 0)
                }
            }
        case .x11:
            if let output {
                let origin = output.desktop(
                    metrics.origin(
                        on: output.size, anchor: placement.anchor, margin: appearance.margin, at: at,
                        pointer: pointer.map(output.local)))
                gtk_window_move(petal_gtk_window(widget), Int32(origin.x), Int32(origin.y))
            }
        }
        gtk_widget_show_all(widget)
        takeKeyboard()
        accessibilityChanged()
    }

    /// Takes the window off the screen for good, giving the keyboard back.
    func destroy() {
        releaseKeyboard()
        gtk_widget_destroy(widget)
    }

    /// Draws the window again.
    func redraw() {
        gtk_widget_queue_draw(widget)
    }

    /// A key press, as GDK tells it; returns whether it was used.
    func keyPressed(_ keyval: guint, modifiers: guint) -> Bool {
        trace?.key(at: Double(g_get_monotonic_time()) / 1e6)
        guard let key = keyMap.key(for: Self.press(keyval, modifiers: modifiers)) else { return false }
        apply(key)
        return true
    }

    /// A button press at (x, y) on the window: the first button chooses the row there.
    func buttonPressed(_ button: guint, type: GdkEventType, x: Double, y: Double) {
        guard button == 1, type == GDK_BUTTON_PRESS,
            let offset = metrics.rowOffset(at: Point(x: x, y: y))
        else { return }
        let action = picker.click(visibleRow: offset)
        redraw()
        if let action { act(action) }
    }

    /// The wheel turned.
    func scrolled(_ direction: GdkScrollDirection) {
        switch direction {
        case GDK_SCROLL_UP: apply(.scrollUp)
        case GDK_SCROLL_DOWN: apply(.scrollDown)
        default: break
        }
    }

    private func apply(_ key: ListKey) {
        let action = picker.press(key)
        redraw()
        accessibilityChanged()
        if let action { act(action) }
    }

    /// The ids of `rows` (indices into the menu's rows).
    func ids(of indices: [Int]) -> [String] {
        if let table { return indices.compactMap { $0 >= 0 && $0 < table.count ? table.id($0) : nil } }
        return indices.compactMap { rows.indices.contains($0) ? rows[$0].id : nil }
    }

    /// A GDK key event in plain values.
    static func press(_ keyval: guint, modifiers state: guint) -> KeyPress {
        var modifiers: KeyModifiers = []
        if state & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
        if state & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
        if state & GDK_MOD1_MASK.rawValue != 0 { modifiers.insert(.alt) }
        if state & (GDK_SUPER_MASK.rawValue | GDK_MOD4_MASK.rawValue) != 0 { modifiers.insert(.superKey) }
        if state & GDK_META_MASK.rawValue != 0 { modifiers.insert(.meta) }
        if state & GDK_HYPER_MASK.rawValue != 0 { modifiers.insert(.hyper) }
        let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
        let code = gdk_keyval_to_unicode(keyval)
        let character = code >= 0x20 && code != 0x7f ? Unicode.Scalar(code).map(Character.init) : nil
        return KeyPress(name: name, character: character, modifiers: modifiers)
    }

    /// Tells assistive technology the filter and the rows on screen.
    func accessibilityChanged() {
        accessibility.update(picker: picker, metrics: metrics) { self.row($0) }
    }
}
