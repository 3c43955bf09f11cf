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

// MARK: Settings (g_object_get is variadic, which Swift cannot call)

/// The `gtk-enable-animations` setting: false when the desktop asks for no animations.
static inline gboolean petal_settings_enable_animations(GtkSettings *settings) {
    gboolean enabled = TRUE;
    g_object_get(settings, "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

#endif
