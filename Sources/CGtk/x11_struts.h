#ifndef PETAL_X11_STRUTS_H
#define PETAL_X11_STRUTS_H

// The room X11 panels keep for themselves (docs/overlay.md, "Placement on
// outputs"): whether the window manager publishes a work area, and else the
// struts of the panels' windows with where those windows are.

#include <gdk/gdkx.h>
#include <X11/Xatom.h>

/// Whether the window manager publishes a work area (`_NET_WORKAREA` on the
/// root window), which GDK's monitor work areas are then made of.
static inline gboolean petal_x11_publishes_work_area(GdkDisplay *display) {
    if (!GDK_IS_X11_DISPLAY(display)) return TRUE;
    Display *x = gdk_x11_display_get_xdisplay(display);
    Atom atom = XInternAtom(x, "_NET_WORKAREA", True);
    if (atom == None) return FALSE;
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *data = NULL;
    gdk_x11_display_error_trap_push(display);
    int status = XGetWindowProperty(x, DefaultRootWindow(x), atom, 0, 4, False, XA_CARDINAL, &type, &format, &count,
                                    &after, &data);
    gdk_x11_display_error_trap_pop_ignored(display);
    if (data) XFree(data);
    return status == Success && type == XA_CARDINAL && count >= 4;
}

/// Where `window` is on the screen, its border left out: `frame` gets its
/// x, y, width and height in root-window pixels. False when X cannot say.
static inline gboolean petal_x11_window_frame(Display *x, Window window, long *frame) {
    Window root = None, child = None;
    int left = 0, top = 0, rootX = 0, rootY = 0;
    unsigned int width = 0, height = 0, border = 0, depth = 0;
    if (!XGetGeometry(x, window, &root, &left, &top, &width, &height, &border, &depth)) return FALSE;
    if (!XTranslateCoordinates(x, window, root, 0, 0, &rootX, &rootY, &child)) return FALSE;
    frame[0] = rootX;
    frame[1] = rootY;
    frame[2] = (long)width;
    frame[3] = (long)height;
    return TRUE;
}

/// Appends `window`'s strut, when it is viewable and has one, to `values`:
/// its length (12 for `_NET_WM_STRUT_PARTIAL`, else 4 for `_NET_WM_STRUT`),
/// its numbers, then the window's frame on the screen (4 numbers:
/// ``petal_x11_window_frame``, all 0 when X cannot say). Returns how many of
/// `values` are used now.
static inline int petal_x11_append_strut(Display *x, Window window, const Atom *atoms, long *values, int used,
                                         int capacity) {
    for (int index = 0; index < 2; index++) {
        if (atoms[index] == None) continue;
        Atom type = None;
        int format = 0;
        unsigned long count = 0, after = 0;
        unsigned char *data = NULL;
        int status = XGetWindowProperty(x, window, atoms[index], 0, 12, False, XA_CARDINAL, &type, &format, &count,
                                        &after, &data);
        gboolean found = status == Success && data && format == 32 && count == (index == 0 ? 12 : 4);
        XWindowAttributes attributes;
        if (found && used + 1 + (int)count + 4 <= capacity && XGetWindowAttributes(x, window, &attributes)
            && attributes.map_state == IsViewable) {
            values[used++] = (long)count;
            for (unsigned long number = 0; number < count; number++) values[used++] = ((long *)data)[number];
            long frame[4] = {0, 0, 0, 0};
            if (!petal_x11_window_frame(x, window, frame)) frame[2] = frame[3] = 0;
            for (int number = 0; number < 4; number++) values[used++] = frame[number];
        }
        if (data) XFree(data);
        if (found) break;
    }
    return used;
}

/// The struts of every viewable top-level window and of each window inside
/// one (where a window manager frames a panel, as i3 its bar), as
/// ``petal_x11_append_strut`` writes them; returns how many of `values` are used.
///
/// Lists the root's children and each one's, and reads two properties of
/// each: several X round trips a window, so callers keep the answer.
static inline int petal_x11_struts(GdkDisplay *display, long *values, int capacity) {
    if (!GDK_IS_X11_DISPLAY(display)) return 0;
    Display *x = gdk_x11_display_get_xdisplay(display);
    const Atom atoms[2] = {XInternAtom(x, "_NET_WM_STRUT_PARTIAL", True), XInternAtom(x, "_NET_WM_STRUT", True)};
    if (atoms[0] == None && atoms[1] == None) return 0;
    int used = 0;
    Window root = None, parent = None, *tops = NULL;
    unsigned int topCount = 0;
    gdk_x11_display_error_trap_push(display);
    if (XQueryTree(x, DefaultRootWindow(x), &root, &parent, &tops, &topCount)) {
        for (unsigned int top = 0; top < topCount; top++) {
            used = petal_x11_append_strut(x, tops[top], atoms, values, used, capacity);
            Window *inner = NULL;
            unsigned int innerCount = 0;
            if (!XQueryTree(x, tops[top], &root, &parent, &inner, &innerCount)) continue;
            for (unsigned int index = 0; index < innerCount; index++) {
                used = petal_x11_append_strut(x, inner[index], atoms, values, used, capacity);
            }
            if (inner) XFree(inner);
        }
        if (tops) XFree(tops);
    }
    gdk_x11_display_error_trap_pop_ignored(display);
    return used;
}

#endif
