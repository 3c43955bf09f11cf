import CAccessible
import CGtk
import DBus
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// The window one menu is drawn in, and the input it takes: `main`'s, which
/// rests on the screen, and one for each other menu while it is open.
///
/// On a Wayland compositor with the layer-shell protocol it is a layer surface
/// on the overlay layer, on X11 an override-redirect popup; either is just
/// large enough for the menu, with the button at the anchor, and covers the
/// output only while a backdrop is shown, or on Wayland for the `pointer`
/// anchor (``place()``). Either way it is transparent (an RGBA visual)
/// and takes input only on the drawn circles, so clicks elsewhere reach the
/// windows below. It takes the keyboard only while the menu is open.
@MainActor
final class OverlayWindow {
    enum Backend: String {
        case layerShell = "Wayland layer-shell"
        case x11 = "X11"
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    let backend: Backend
    /// The object of the menu drawn.
    let path: ObjectPath
    var scene: Scene
    /// The menu as petald serves it; ``scene``'s is this as its chain placed it (``arrangement``).
    var served: SceneMenu
    /// Where the chain it is in puts its items and labels (``MenuWindows/arrange()``); nil before it is arranged.
    var arrangement: ChainArrangement? {
        didSet { if arrangement != oldValue { arrangementChanged(from: oldValue) } }
    }
    /// Where the whole chain moved this top-level menu's button to keep
    /// every menu of it on the output; nil where ``spot`` (or its anchor) holds.
    var chainSpot: MenuSpot? {
        didSet { if chainSpot != oldValue { place() } }
    }
    /// Whether a compositor shows the window see-through: always on
    /// Wayland; on X11 while a compositing manager runs. Without one the
    /// window is shaped to what it draws, with no backdrop and no shadows.
    var composited = true {
        didSet { if composited != oldValue { compositingChanged() } }
    }
    /// The window's shape last set (no compositor); nil for none.
    var opaqueShape: [PixelRect]?
    /// Where the centre button goes; nil for `main` resting at its
    /// configured anchor on the primary output (or, on Wayland, where the
    /// compositor puts a layer surface given no output).
    var spot: MenuSpot? {
        didSet { if spot != oldValue { place() } }
    }
    /// Whether another menu's centre button covers this one: then nothing
    /// is drawn and no input taken (`main`'s resting button under another menu's).
    var covered = false {
        didSet {
            guard covered != oldValue else { return }
            updateInputRegion()
            redraw()
            accessibilityChanged()
        }
    }
    /// The submenu open from this menu, the item of this one it opened
    /// from, and the items of this one it fades as it spreads.
    weak var submenuWindow: OverlayWindow?
    var openedItem: String?
    var fadedItems: Set<String> = []
    /// The menu this one is open from as a submenu: drawn again while this one moves.
    weak var parentWindow: OverlayWindow?
    var interaction = Interaction()
    /// The pie gestures of the chain this top-level window opens (``MenuWindows/followPies()``).
    var pie: PieGestures?
    /// The item of this menu whose submenu a pie stroke opened, and where
    /// (desktop pixels) the submenu is to be centred: where the stroke paused or turned.
    var strokeSubmenu: (item: String, centre: Point)?
    /// Carries out what a click or key asks (a D-Bus call).
    var perform: (Intent) -> Void = { _ in }
    /// Where this window's key presses go instead, while a list window is
    /// not on screen yet (ListWindow.standIn); nil: they are its own.
    var keyRedirect: ((guint, guint) -> Bool)?
    let painter: CairoPainter
    let log: Logger
    /// The desktop's outputs, whose work areas place a window without a spot on X11 (``workArea``).
    weak var outputs: OverlayOutputs?

    /// The button's resting centre on the surface.
    var origin = Point(x: 0, y: 0) {
        didSet { if origin != oldValue { accessibilityChanged() } }
    }
    /// The surface's size.
    var size = Size(width: 1, height: 1)
    /// The frame clock tick while something moves; 0 while idle.
    var tickID: guint = 0
    /// The input region last set; nil before one is (GTK's default is the whole surface).
    var inputRegion: [PixelRect]?
    /// Whether the surface covers the output (a backdrop, or the pointer anchor on Wayland).
    var coversOutput = false
    /// ``Placement/reach(of:)`` of the menu, worked out when it changes.
    var reach = Rect(x: 0, y: 0, width: 0, height: 0)
    var keyboardTaken = false
    /// Whether the keyboard grab failed in this state: tried again only in the next one.
    var keyboardRefused = false
    /// Where the pointer was last seen on the surface (Wayland tells no more).
    var lastPointer: Point?
    /// Where the pointer was when the menu last opened: the `pointer` anchor's place.
    var pointerAtOpening: Point?
    /// Timing lines for the benchmark, when `PETAL_OVERLAY_TRACE` is set.
    let trace: FrameTrace?
    /// What a screen reader sees of this window.
    lazy var accessibility = OverlayAccessibility(widget: widget) { [unowned self] in perform($0) }

    /// A window for the menu at `path` drawn as `scene`, on the display GTK opened.
    init(path: ObjectPath, scene: Scene, spot: MenuSpot? = nil, painter: CairoPainter, log: Logger) {
        self.path = path
        self.scene = scene
        served = scene.menu
        self.spot = spot
        self.painter = painter
        self.log = log
        trace = FrameTrace.fromEnvironment(path: path.rawValue)
        let display = gdk_display_get_default()
        if let display, petal_display_is_wayland(display) != PETAL_FALSE, gtk_layer_is_supported() != PETAL_FALSE {
            backend = .layerShell
            widget = petal_accessible_window_new(GTK_WINDOW_TOPLEVEL)
            Self.makeLayerSurface(petal_gtk_window(widget))
        } else {
            if let display, petal_display_is_wayland(display) != PETAL_FALSE {
                log.warning(
                    "this Wayland compositor has no layer-shell protocol; petal-overlay shows an ordinary popup instead, which the compositor may place anywhere (see petal-overlay(1))"
                )
            }
            backend = .x11
            widget = petal_accessible_window_new(GTK_WINDOW_POPUP)
        }
        let window = petal_gtk_window(widget)
        gtk_window_set_title(
            window, path == PetalBus.path ? "Petal" : "Petal: \(PetalBus.menuName(at: path) ?? path.rawValue)")
        gtk_window_set_decorated(window, PETAL_FALSE)
        gtk_window_set_accept_focus(window, PETAL_FALSE)
        gtk_window_set_skip_taskbar_hint(window, PETAL_TRUE)
        gtk_widget_set_app_paintable(widget, PETAL_TRUE)
        if let screen = gtk_widget_get_screen(widget), let visual = gdk_screen_get_rgba_visual(screen) {
            gtk_widget_set_visual(widget, visual)
        }
        gtk_widget_add_events(
            widget,
            Int32(
                bitPattern: GDK_BUTTON_PRESS_MASK.rawValue | GDK_BUTTON_RELEASE_MASK.rawValue
                    | GDK_POINTER_MOTION_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue | GDK_KEY_PRESS_MASK.rawValue))
        GtkSignals.connect(self, to: widget)
        composited = Self.isComposited(backend: backend, widget: widget)
        readAnimationsSetting()
        place()
    }

    /// Takes the window off the screen for good: the menu closed, or went.
    func destroy() {
        pie?.end()
        pie = nil
        takeKeyboard(false)
        if tickID != 0 { gtk_widget_remove_tick_callback(widget, tickID) }
        tickID = 0
        gtk_widget_destroy(widget)
    }

    /// `notify::gtk-enable-animations`: the desktop changed its mind.
    func animationsSettingChanged() {
        readAnimationsSetting()
        redraw()
    }

    /// Follows `gtk-enable-animations`: false draws each state's end at once.
    private func readAnimationsSetting() {
        guard let settings = gtk_widget_get_settings(widget) else { return }
        let reduced = petal_settings_enable_animations(settings) == PETAL_FALSE
        guard reduced != scene.reducedMotion else { return }
        scene.reducedMotion = reduced
        if reduced { scene.press = nil }
        log.info(
            reduced
                ? "animations are off (gtk-enable-animations): each state is drawn at its end at once"
                : "animations are on")
    }

    private static func makeLayerSurface(_ window: UnsafeMutablePointer<GtkWindow>) {
        gtk_layer_init_for_window(window)
        gtk_layer_set_layer(window, GTK_LAYER_SHELL_LAYER_OVERLAY)
        gtk_layer_set_namespace(window, "petal-overlay")
        // Exclusive zone 0: the surface stays clear of panels, so the anchor is above a bottom bar.
        // Its anchors and size follow the menu (place()).
        gtk_layer_set_exclusive_zone(window, 0)
        gtk_layer_set_keyboard_mode(window, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
    }

    /// Shows the window.
    func show() {
        guard !isShown else { return }
        isShown = true
        gtk_widget_show_all(widget)
        if path == PetalBus.path { log.info("drawing the menu as a \(backend.rawValue) overlay") }
        updateInputRegion()
    }

    /// Called when the compositor closed the window's surface, once it is hidden.
    var closed: () -> Void = {}

    /// The compositor closed the surface (its output went): the window is
    /// hidden, kept, and shown again where the controller puts it.
    func closedByCompositor() {
        log.info("the compositor closed the window of \(path) (its output went?); it is put on an output there is")
        takeKeyboard(false)
        gtk_widget_hide(widget)
        isShown = false
        spot?.monitor = nil
        MainQueue.post { [weak self] in self?.closed() }
    }

    /// Whether ``show()`` has put the window on the screen.
    var isShown = false
    /// Whether the window waits for a pointer probe before it is shown (Wayland, the `pointer` anchor).
    var isProbing = false

    /// Seconds on the monotonic clock GTK's frame clock uses.
    var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    // MARK: What petald says

    /// The items, appearance or durations changed (a snapshot, a reload, petald coming or going).
    func update(menu served: SceneMenu, state: MenuState? = nil, highlighted: String? = nil) {
        self.served = served
        let menu = arranged(served)
        // Only what moves the menu's reach puts the surface again: a toggle's
        // selection or petald leaving changes the drawing, not the place.
        let moved =
            menu.appearance != scene.menu.appearance || menu.openDuration != scene.menu.openDuration
            || menu.closeDuration != scene.menu.closeDuration
            || menu.items.map(\.position) != scene.menu.items.map(\.position)
        if menu.appearance != scene.menu.appearance { painter.flushIcons() }
        scene.menu = menu
        if let state { stateChanged(to: state) }
        if let highlighted { scene.highlighted = highlighted }
        if moved { place() }
        updateInputRegion()
        redraw()
        accessibilityChanged()
    }

    /// `StateChanged`.
    func stateChanged(to state: MenuState) {
        guard state != scene.state else { return }
        // Opening and closing are told by leaving and reaching collapsed: with an
        // openDuration of 0, or a burst of signals, expanding may never be seen.
        let opening = scene.state == .collapsed && state != .collapsed
        let closed = scene.state != .collapsed && state == .collapsed
        scene.stateChanged(to: state, at: now)
        keyboardRefused = false
        trace?.state(state, at: now)
        if opening && spot == nil && scene.menu.appearance.anchor == .pointer {
            // The button goes where the pointer is as the menu opens, and stays there until it opens again.
            pointerAtOpening = currentPointer()
            place()
        }
        // A backdrop, or on Wayland a pie menu, covers the output while the menu is open, and only then.
        if coversOutputWhileOpen && (opening || closed) { place() }
        updateInputRegion()
        redraw()
        accessibilityChanged()
    }

    /// `Highlighted` changed.
    func highlightChanged(to id: String) {
        guard id != scene.highlighted else { return }
        scene.highlighted = id
        trace?.highlight(id, at: now)
        redraw()
        accessibilityChanged()
    }

    /// Tells assistive technology what changed in the scene (``OverlayAccessibility``).
    func accessibilityChanged() {
        guard covered else { return accessibility.update(from: scene, origin: origin) }
        // A button not drawn is not there for a screen reader either.
        var hidden = scene
        hidden.menu.appearance.restingButton = false
        accessibility.update(from: hidden, origin: origin)
    }
}
