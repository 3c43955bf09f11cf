// GTK 3 and gtk-layer-shell for Swift.
//
// Swift imports functions, structs and integer macros, but not the macros
// GObject code leans on: g_signal_connect and G_CALLBACK (a cast of any
// function to GCallback), the type-checking casts such as GTK_WINDOW(), and
// TRUE/FALSE. Each wrapper below stands for one of them with real types, so
// the compiler checks every callback's signature instead of a cast hiding it:
// one connect function per signal signature.
#ifndef PETAL_CGTK_SHIM_H
#define PETAL_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <gdk/gdkx.h>
#include <gdk/gdkwayland.h>
#include <gtk-layer-shell/gtk-layer-shell.h>
#include <glib-unix.h>

static const gboolean PETAL_TRUE = TRUE;
static const gboolean PETAL_FALSE = FALSE;

// MARK: Casts (each checked by GObject at run time, as the macros are)

static inline GtkWindow *petal_gtk_window(GtkWidget *widget) { return GTK_WINDOW(widget); }

// MARK: Display kinds

static inline gboolean petal_display_is_wayland(GdkDisplay *display) { return GDK_IS_WAYLAND_DISPLAY(display); }
static inline gboolean petal_display_is_x11(GdkDisplay *display) { return GDK_IS_X11_DISPLAY(display); }

// MARK: Signals, one connect function per handler signature

/// "draw": gboolean (*)(GtkWidget *, cairo_t *, gpointer).
typedef gboolean (*PetalDrawHandler)(GtkWidget *widget, cairo_t *cr, gpointer data);
static inline gulong petal_connect_draw(GtkWidget *widget, PetalDrawHandler handler, gpointer data) {
    return g_signal_connect(widget, "draw", G_CALLBACK(handler), data);
}

/// "button-press-event" and "button-release-event".
typedef gboolean (*PetalButtonHandler)(GtkWidget *widget, GdkEventButton *event, gpointer data);
static inline gulong petal_connect_button(GtkWidget *widget, const char *signal, PetalButtonHandler handler,
                                          gpointer data) {
    return g_signal_connect(widget, signal, G_CALLBACK(handler), data);
}

/// "motion-notify-event".
typedef gboolean (*PetalMotionHandler)(GtkWidget *widget, GdkEventMotion *event, gpointer data);
static inline gulong petal_connect_motion(GtkWidget *widget, PetalMotionHandler handler, gpointer data) {
    return g_signal_connect(widget, "motion-notify-event", G_CALLBACK(handler), data);
}

/// "leave-notify-event" (and "enter-notify-event").
typedef gboolean (*PetalCrossingHandler)(GtkWidget *widget, GdkEventCrossing *event, gpointer data);
static inline gulong petal_connect_crossing(GtkWidget *widget, const char *signal, PetalCrossingHandler handler,
                                            gpointer data) {
    return g_signal_connect(widget, signal, G_CALLBACK(handler), data);
}

/// "key-press-event".
typedef gboolean (*PetalKeyHandler)(GtkWidget *widget, GdkEventKey *event, gpointer data);
static inline gulong petal_connect_key(GtkWidget *widget, PetalKeyHandler handler, gpointer data) {
    return g_signal_connect(widget, "key-press-event", G_CALLBACK(handler), data);
}

/// "scroll-event".
typedef gboolean (*PetalScrollHandler)(GtkWidget *widget, GdkEventScroll *event, gpointer data);
static inline gulong petal_connect_scroll(GtkWidget *widget, PetalScrollHandler handler, gpointer data) {
    return g_signal_connect(widget, "scroll-event", G_CALLBACK(handler), data);
}

/// Any event signal whose handler takes a plain GdkEvent ("map-event", say).
typedef gboolean (*PetalEventHandler)(GtkWidget *widget, GdkEvent *event, gpointer data);
static inline gulong petal_connect_event(GtkWidget *widget, const char *signal, PetalEventHandler handler,
                                         gpointer data) {
    return g_signal_connect(widget, signal, G_CALLBACK(handler), data);
}

/// "delete-event": a window asked to close (a layer surface its compositor closed, say); TRUE keeps it.
typedef gboolean (*PetalDeleteHandler)(GtkWidget *widget, GdkEvent *event, gpointer data);
static inline gulong petal_connect_delete(GtkWidget *widget, PetalDeleteHandler handler, gpointer data) {
    return g_signal_connect(widget, "delete-event", G_CALLBACK(handler), data);
}

/// "size-allocate".
typedef void (*PetalAllocateHandler)(GtkWidget *widget, GdkRectangle *allocation, gpointer data);
static inline gulong petal_connect_size_allocate(GtkWidget *widget, PetalAllocateHandler handler, gpointer data) {
    return g_signal_connect(widget, "size-allocate", G_CALLBACK(handler), data);
}

/// Signals with no arguments but the emitter: "realize", "destroy" on a
/// widget, "size-changed", "monitors-changed" on a screen.
typedef void (*PetalNotifyHandler)(gpointer instance, gpointer data);
static inline gulong petal_connect_notify(gpointer instance, const char *signal, PetalNotifyHandler handler,
                                          gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

/// "notify::PROPERTY": void (*)(GObject *, GParamSpec *, gpointer).
typedef void (*PetalPropertyHandler)(gpointer instance, GParamSpec *property, gpointer data);
static inline gulong petal_connect_property(gpointer instance, const char *signal, PetalPropertyHandler handler,
                                            gpointer data) {
    return g_signal_connect(instance, signal, G_CALLBACK(handler), data);
}

/// "monitor-added" and "monitor-removed" on a display.
typedef void (*PetalMonitorHandler)(gpointer display, GdkMonitor *monitor, gpointer data);
static inline gulong petal_connect_monitor(GdkDisplay *display, const char *signal, PetalMonitorHandler handler,
                                           gpointer data) {
    return g_signal_connect(display, signal, G_CALLBACK(handler), data);
}

// MARK: A hook in the main loop, before it waits

/// `ready` is called each time the main loop prepares to wait; when it
/// answers true, the loop does not wait and calls `fire`. For work that other
/// sources make (events GDK read for a queue of another library's) and that
/// has no file descriptor of its own to wait on.
typedef gboolean (*PetalHookReady)(gpointer data);
typedef void (*PetalHookFire)(gpointer data);
typedef struct {
    GSource source;
    PetalHookReady ready;
    PetalHookFire fire;
    gpointer data;
} PetalHookSource;

static gboolean petal_hook_prepare(GSource *source, gint *timeout) {
    PetalHookSource *hook = (PetalHookSource *)source;
    *timeout = -1;
    return hook->ready(hook->data);
}

static gboolean petal_hook_check(GSource *source) {
    PetalHookSource *hook = (PetalHookSource *)source;
    return hook->ready(hook->data);
}

static gboolean petal_hook_dispatch(GSource *source, GSourceFunc callback, gpointer unused) {
    (void)callback, (void)unused;
    PetalHookSource *hook = (PetalHookSource *)source;
    hook->fire(hook->data);
    return G_SOURCE_CONTINUE;
}

/// Adds the hook to the default main context; remove it with g_source_destroy and g_source_unref.
static inline GSource *petal_hook_add(PetalHookReady ready, PetalHookFire fire, gpointer data) {
    static GSourceFuncs funcs = {petal_hook_prepare, petal_hook_check, petal_hook_dispatch, NULL, NULL, NULL};
    GSource *source = g_source_new(&funcs, sizeof(PetalHookSource));
    PetalHookSource *hook = (PetalHookSource *)source;
    hook->ready = ready;
    hook->fire = fire;
    hook->data = data;
    g_source_attach(source, NULL);
    return source;
}

// MARK: X11 (deprecated calls the overlay still needs, without their warnings)

/// The monitor of the window the window manager says is active
/// (`_NET_ACTIVE_WINDOW`), or NULL when it says none or does not say.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline GdkMonitor *petal_x11_active_monitor(GdkScreen *screen) {
    GdkWindow *active = gdk_screen_get_active_window(screen);
    if (!active) return NULL;
    GdkMonitor *monitor = gdk_display_get_monitor_at_window(gdk_screen_get_display(screen), active);
    g_object_unref(active);
    return monitor;
}
#pragma GCC diagnostic pop

// MARK: X11 struts

#include "x11_struts.h"

// MARK: X11 pointer

/// Moves the pointer by (`dx`, `dy`) logical pixels (X11 only: a Wayland
/// client cannot move it).
static inline void petal_pointer_warp_by(GdkDisplay *display, gint dx, gint dy) {
    GdkSeat *seat = gdk_display_get_default_seat(display);
    GdkDevice *pointer = seat ? gdk_seat_get_pointer(seat) : NULL;
    if (!pointer) return;
    GdkScreen *screen = NULL;
    gint x = 0, y = 0;
    gdk_device_get_position(pointer, &screen, &x, &y);
    if (screen) gdk_device_warp(pointer, screen, x + dx, y + dy);
}

/// Commits `window`'s Wayland surface now, applying what was set on it since
/// (a layer surface's keyboard mode) without waiting for GTK's next frame,
/// and sends it to the compositor at once rather than when the main loop next
/// waits; nothing for a window that is not a mapped Wayland surface.
static inline void petal_wayland_commit_now(GtkWidget *window) {
    GdkWindow *gdk_window = gtk_widget_get_window(window);
    if (!gdk_window || !GDK_IS_WAYLAND_WINDOW(gdk_window) || !gtk_widget_get_mapped(window)) return;
    struct wl_surface *surface = gdk_wayland_window_get_wl_surface(gdk_window);
    if (!surface) return;
    wl_surface_commit(surface);
    wl_display_flush(gdk_wayland_display_get_wl_display(gdk_window_get_display(gdk_window)));
}

/// Whether the pointer's first button is held now, as the X server says
/// (false where the display cannot tell, as on Wayland).
static inline gboolean petal_pointer_first_button_held(GdkDisplay *display) {
    GdkSeat *seat = gdk_display_get_default_seat(display);
    GdkDevice *pointer = seat ? gdk_seat_get_pointer(seat) : NULL;
    GdkWindow *root = gdk_screen_get_root_window(gdk_display_get_default_screen(display));
    if (!pointer || !root) return FALSE;
    GdkModifierType mask = 0;
    gdk_window_get_device_position(root, pointer, NULL, NULL, &mask);
    return (mask & GDK_BUTTON1_MASK) != 0;
}

// MARK: Settings (g_object_get is variadic, which Swift cannot call)

/// The `gtk-enable-animations` setting: false when the desktop asks for no animations.
static inline gboolean petal_settings_enable_animations(GtkSettings *settings) {
    gboolean enabled = TRUE;
    g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

/// The `gtk-font-name` setting (the desktop's font, "Cantarell 11"), newly
/// allocated for g_free; NULL when unset.
static inline gchar *petal_settings_font_name(GtkSettings *settings) {
    gchar *name = NULL;
    g_object_get(settings, "gtk-font-name", &name, NULL);
    return name;
}

#endif
