// What assistive technology sees of an overlay window, through ATK (and so
// AT-SPI, by GTK's atk-bridge): a GtkWindow whose accessible object has, as
// its children, objects the program sets one by one, each a push button or
// a check box with a name, states, a place and one action.
//
// GObject subclassing is C's work; Swift sees only these functions.
#ifndef PETAL_ACCESSIBLE_H
#define PETAL_ACCESSIBLE_H

// GTK through CGtk's own header, so that GTK belongs to one module (CGtk) for Swift.
#include "../../CGtk/shim.h"

/// Runs child `index`'s action; `data` is what petal_accessible_window_set_handler was given.
typedef void (*PetalAccessibleActionHandler)(guint index, gpointer data);

/// What a child is now. `extents` is its box in the window's coordinates, in logical pixels.
typedef struct {
    gboolean check_box;
    gboolean checked;
    gboolean enabled;
    gboolean focused;
    /// Whether its action does anything now (an action that does nothing fails).
    gboolean has_action;
    GdkRectangle extents;
} PetalAccessibleChildState;

/// A new GtkWindow of `type` (as gtk_window_new) whose accessible object
/// lists the children set below after whatever GTK lists.
GtkWidget *petal_accessible_window_new(GtkWindowType type);

/// The accessible object of a window made by petal_accessible_window_new,
/// with a reference the caller gives back with g_object_unref. It may
/// outlive the window (an AT-SPI client can hold it); the functions below
/// take it, so that they never touch a window that is gone.
AtkObject *petal_accessible_window_ref_accessible(GtkWidget *window);

/// Sets what runs a child's action (NULL: nothing); `data` must live until it is set again.
void petal_accessible_window_set_handler(AtkObject *accessible, PetalAccessibleActionHandler handler, gpointer data);

/// Keeps the first `count` children and drops the rest (emitting `children-changed::remove`).
void petal_accessible_window_truncate(AtkObject *accessible, guint count);

/// Sets child `index` (at most the current count: one past the end adds a
/// child, emitting `children-changed::add`); its name, role and states
/// emit their change notifications only when they change.
void petal_accessible_window_set_child(AtkObject *accessible, guint index, const char *name,
                                       const PetalAccessibleChildState *state);

/// Sets child `index`'s role (a list item, say), notifying only a change.
void petal_accessible_window_set_child_role(AtkObject *accessible, guint index, AtkRole role);

/// Sets child `index` as an editable single-line text (role entry) holding
/// `text`, its caret at the end: a picker's filter. Made on first use; a
/// change of text is announced as the old text deleted and the new inserted.
void petal_accessible_window_set_text_child(AtkObject *accessible, guint index, const char *name, const char *text,
                                            const PetalAccessibleChildState *state);

#endif
