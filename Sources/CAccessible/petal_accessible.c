// Three GObject types: PetalWindow (a GtkWindow whose accessible type is the
// next one), PetalWindowAccessible (GTK's window accessible, with the
// children the program sets appended) and PetalChildAccessible (one drawn
// control: AtkAction for its one action, AtkComponent for its place).
#include "petal_accessible.h"

#include <gtk/gtk-a11y.h>

// MARK: PetalChildAccessible

typedef struct {
    AtkObject parent;
    PetalAccessibleChildState state;
} PetalChildAccessible;

typedef struct {
    AtkObjectClass parent_class;
} PetalChildAccessibleClass;

static void petal_child_accessible_action_init(AtkActionIface *iface);
static void petal_child_accessible_component_init(AtkComponentIface *iface);

G_DEFINE_TYPE_WITH_CODE(PetalChildAccessible, petal_child_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, petal_child_accessible_action_init)
                            G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, petal_child_accessible_component_init))

#define PETAL_TYPE_CHILD_ACCESSIBLE (petal_child_accessible_get_type())
#define PETAL_CHILD_ACCESSIBLE(object) \
    (G_TYPE_CHECK_INSTANCE_CAST((object), PETAL_TYPE_CHILD_ACCESSIBLE, PetalChildAccessible))

// MARK: PetalWindowAccessible

typedef struct {
    GtkWindowAccessible parent;
    /// The children set by the program, each a PetalChildAccessible holding a reference.
    GPtrArray *children;
    PetalAccessibleActionHandler handler;
    gpointer handler_data;
} PetalWindowAccessible;

typedef struct {
    GtkWindowAccessibleClass parent_class;
} PetalWindowAccessibleClass;

G_DEFINE_TYPE(PetalWindowAccessible, petal_window_accessible, GTK_TYPE_WINDOW_ACCESSIBLE)

#define PETAL_TYPE_WINDOW_ACCESSIBLE (petal_window_accessible_get_type())
#define PETAL_WINDOW_ACCESSIBLE(object) \
    (G_TYPE_CHECK_INSTANCE_CAST((object), PETAL_TYPE_WINDOW_ACCESSIBLE, PetalWindowAccessible))
#define PETAL_IS_WINDOW_ACCESSIBLE(object) (G_TYPE_CHECK_INSTANCE_TYPE((object), PETAL_TYPE_WINDOW_ACCESSIBLE))

/// What GTK itself lists as the window's children (none for the overlay,
/// which draws on the window); none either once the window is destroyed,
/// when GTK's own count would ask a widget that is gone (a critical).
static gint petal_window_accessible_gtk_children(AtkObject *object) {
    if (gtk_accessible_get_widget(GTK_ACCESSIBLE(object)) == NULL) return 0;
    return ATK_OBJECT_CLASS(petal_window_accessible_parent_class)->get_n_children(object);
}

static gint petal_window_accessible_get_n_children(AtkObject *object) {
    return petal_window_accessible_gtk_children(object) + (gint)PETAL_WINDOW_ACCESSIBLE(object)->children->len;
}

static AtkObject *petal_window_accessible_ref_child(AtkObject *object, gint index) {
    gint gtk_children = petal_window_accessible_gtk_children(object);
    if (index < gtk_children) {
        return ATK_OBJECT_CLASS(petal_window_accessible_parent_class)->ref_child(object, index);
    }
    GPtrArray *children = PETAL_WINDOW_ACCESSIBLE(object)->children;
    guint own = (guint)(index - gtk_children);
    if (index < 0 || own >= children->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(children, own)));
}

static void petal_window_accessible_finalize(GObject *object) {
    g_ptr_array_unref(PETAL_WINDOW_ACCESSIBLE(object)->children);
    G_OBJECT_CLASS(petal_window_accessible_parent_class)->finalize(object);
}

/// GTK's states, or only `defunct` once the window is destroyed: GTK's
/// window accessible then answers NULL, which the AT-SPI bridge, told that
/// the window's children went, would ask about (a critical).
static AtkStateSet *petal_window_accessible_ref_state_set(AtkObject *object) {
    if (gtk_accessible_get_widget(GTK_ACCESSIBLE(object)) != NULL) {
        AtkStateSet *states = ATK_OBJECT_CLASS(petal_window_accessible_parent_class)->ref_state_set(object);
        if (states != NULL) return states;
    }
    AtkStateSet *states = atk_state_set_new();
    atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
    return states;
}

static void petal_window_accessible_class_init(PetalWindowAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_n_children = petal_window_accessible_get_n_children;
    atk_class->ref_state_set = petal_window_accessible_ref_state_set;
    atk_class->ref_child = petal_window_accessible_ref_child;
    G_OBJECT_CLASS(klass)->finalize = petal_window_accessible_finalize;
}

static void petal_window_accessible_init(PetalWindowAccessible *self) {
    self->children = g_ptr_array_new_with_free_func(g_object_unref);
}

/// The window accessible `child` belongs to, and its index among the program's children; NULL once it left.
static PetalWindowAccessible *petal_child_accessible_owner(PetalChildAccessible *child, guint *index) {
    AtkObject *parent = atk_object_get_parent(ATK_OBJECT(child));
    if (parent == NULL || !PETAL_IS_WINDOW_ACCESSIBLE(parent)) return NULL;
    PetalWindowAccessible *owner = PETAL_WINDOW_ACCESSIBLE(parent);
    if (!g_ptr_array_find(owner->children, child, index)) return NULL;
    return owner;
}

// MARK: The child's object, action and component

static gint petal_child_accessible_get_index_in_parent(AtkObject *object) {
    guint index = 0;
    PetalWindowAccessible *owner = petal_child_accessible_owner(PETAL_CHILD_ACCESSIBLE(object), &index);
    if (owner == NULL) return -1;
    return petal_window_accessible_gtk_children(ATK_OBJECT(owner)) + (gint)index;
}

static AtkStateSet *petal_child_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(petal_child_accessible_parent_class)->ref_state_set(object);
    PetalChildAccessible *child = PETAL_CHILD_ACCESSIBLE(object);
    if (!petal_child_accessible_owner(child, NULL)) {
        atk_state_set_add_state(states, ATK_STATE_DEFUNCT);
        return states;
    }
    atk_state_set_add_state(states, ATK_STATE_VISIBLE);
    atk_state_set_add_state(states, ATK_STATE_SHOWING);
    atk_state_set_add_state(states, ATK_STATE_FOCUSABLE);
    if (child->state.enabled) {
        atk_state_set_add_state(states, ATK_STATE_ENABLED);
        atk_state_set_add_state(states, ATK_STATE_SENSITIVE);
    }
    if (child->state.focused) atk_state_set_add_state(states, ATK_STATE_FOCUSED);
    if (child->state.check_box) atk_state_set_add_state(states, ATK_STATE_CHECKABLE);
    if (child->state.checked) atk_state_set_add_state(states, ATK_STATE_CHECKED);
    return states;
}

static void petal_child_accessible_class_init(PetalChildAccessibleClass *klass) {
    AtkObjectClass *atk_class = ATK_OBJECT_CLASS(klass);
    atk_class->get_index_in_parent = petal_child_accessible_get_index_in_parent;
    atk_class->ref_state_set = petal_child_accessible_ref_state_set;
}

static void petal_child_accessible_init(PetalChildAccessible *self) { (void)self; }

static gint petal_child_accessible_get_n_actions(AtkAction *action) {
    (void)action;
    return 1;
}

/// Runs the action through the window's handler, which sends a D-Bus call
/// and returns: nothing here waits, and nothing changes the tree before the
/// answer comes back on the main loop later.
static gboolean petal_child_accessible_do_action(AtkAction *action, gint index) {
    PetalChildAccessible *child = PETAL_CHILD_ACCESSIBLE(action);
    guint own = 0;
    PetalWindowAccessible *owner = petal_child_accessible_owner(child, &own);
    if (index != 0 || owner == NULL || owner->handler == NULL) return FALSE;
    // A destroyed window's accessible lingers while a client holds it; the program has let go of it.
    if (gtk_accessible_get_widget(GTK_ACCESSIBLE(owner)) == NULL) return FALSE;
    if (!child->state.enabled || !child->state.has_action) return FALSE;
    owner->handler(own, owner->handler_data);
    return TRUE;
}

static const gchar *petal_child_accessible_action_name(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "click" : NULL;
}

static const gchar *petal_child_accessible_action_description(AtkAction *action, gint index) {
    (void)action;
    return index == 0 ? "Does what a click does" : NULL;
}

static void petal_child_accessible_action_init(AtkActionIface *iface) {
    iface->do_action = petal_child_accessible_do_action;
    iface->get_n_actions = petal_child_accessible_get_n_actions;
    iface->get_name = petal_child_accessible_action_name;
    iface->get_localized_name = petal_child_accessible_action_name;
    iface->get_description = petal_child_accessible_action_description;
}

static void petal_child_accessible_get_extents(AtkComponent *component, gint *x, gint *y, gint *width,
                                               gint *height, AtkCoordType coord_type) {
    PetalChildAccessible *child = PETAL_CHILD_ACCESSIBLE(component);
    GdkRectangle box = child->state.extents;
    PetalWindowAccessible *owner = petal_child_accessible_owner(child, NULL);
    GtkWidget *widget = owner ? gtk_accessible_get_widget(GTK_ACCESSIBLE(owner)) : NULL;
    GdkWindow *window = widget ? gtk_widget_get_window(widget) : NULL;
    if (window != NULL) {
        // GDK's coordinates are logical pixels; the screen's (and a client's pointer's) are the
        // device's, `scale` of them to a logical one (GDK_SCALE=2 on a HiDPI X11 screen).
        gint scale = gdk_window_get_scale_factor(window);
        gint origin_x = 0, origin_y = 0;
        if (coord_type == ATK_XY_SCREEN) gdk_window_get_origin(window, &origin_x, &origin_y);
        box.x = (origin_x + box.x) * scale;
        box.y = (origin_y + box.y) * scale;
        box.width *= scale;
        box.height *= scale;
    } else if (coord_type == ATK_XY_SCREEN) {
        // A window that is gone is nowhere on the screen.
        box = (GdkRectangle){0, 0, 0, 0};
    }
    if (x) *x = box.x;
    if (y) *y = box.y;
    if (width) *width = box.width;
    if (height) *height = box.height;
}

static AtkLayer petal_child_accessible_get_layer(AtkComponent *component) {
    (void)component;
    return ATK_LAYER_WIDGET;
}

static void petal_child_accessible_component_init(AtkComponentIface *iface) {
    iface->get_extents = petal_child_accessible_get_extents;
    iface->get_layer = petal_child_accessible_get_layer;
}

// MARK: PetalTextAccessible: a child that is an editable text (a picker's filter)

typedef struct {
    PetalChildAccessible parent;
    gchar *text;
} PetalTextAccessible;

typedef struct {
    PetalChildAccessibleClass parent_class;
} PetalTextAccessibleClass;

static void petal_text_accessible_text_init(AtkTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(PetalTextAccessible, petal_text_accessible, PETAL_TYPE_CHILD_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, petal_text_accessible_text_init))

#define PETAL_TYPE_TEXT_ACCESSIBLE (petal_text_accessible_get_type())
#define PETAL_TEXT_ACCESSIBLE(object) \
    (G_TYPE_CHECK_INSTANCE_CAST((object), PETAL_TYPE_TEXT_ACCESSIBLE, PetalTextAccessible))
#define PETAL_IS_TEXT_ACCESSIBLE(object) (G_TYPE_CHECK_INSTANCE_TYPE((object), PETAL_TYPE_TEXT_ACCESSIBLE))

static void petal_text_accessible_finalize(GObject *object) {
    g_free(PETAL_TEXT_ACCESSIBLE(object)->text);
    G_OBJECT_CLASS(petal_text_accessible_parent_class)->finalize(object);
}

static AtkStateSet *petal_text_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(petal_text_accessible_parent_class)->ref_state_set(object);
    atk_state_set_add_state(states, ATK_STATE_EDITABLE);
    atk_state_set_add_state(states, ATK_STATE_SINGLE_LINE);
    return states;
}

static void petal_text_accessible_class_init(PetalTextAccessibleClass *klass) {
    ATK_OBJECT_CLASS(klass)->ref_state_set = petal_text_accessible_ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = petal_text_accessible_finalize;
}

static void petal_text_accessible_init(PetalTextAccessible *self) { self->text = g_strdup(""); }

static gint petal_text_accessible_count(AtkText *text) {
    return (gint)g_utf8_strlen(PETAL_TEXT_ACCESSIBLE(text)->text, -1);
}

static gchar *petal_text_accessible_get_text(AtkText *text, gint start, gint end) {
    gint count = petal_text_accessible_count(text);
    if (end < 0 || end > count) end = count;
    if (start < 0) start = 0;
    if (start > end) start = end;
    return g_utf8_substring(PETAL_TEXT_ACCESSIBLE(text)->text, start, end);
}

static gunichar petal_text_accessible_get_character_at_offset(AtkText *text, gint offset) {
    const gchar *string = PETAL_TEXT_ACCESSIBLE(text)->text;
    if (offset < 0 || offset >= petal_text_accessible_count(text)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(string, offset));
}

static void petal_text_accessible_text_init(AtkTextIface *iface) {
    iface->get_text = petal_text_accessible_get_text;
    iface->get_character_count = petal_text_accessible_count;
    iface->get_caret_offset = petal_text_accessible_count;
    iface->get_character_at_offset = petal_text_accessible_get_character_at_offset;
}

// MARK: PetalWindow

typedef struct {
    GtkWindow parent;
} PetalWindow;

typedef struct {
    GtkWindowClass parent_class;
} PetalWindowClass;

G_DEFINE_TYPE(PetalWindow, petal_window, GTK_TYPE_WINDOW)

static void petal_window_class_init(PetalWindowClass *klass) {
    gtk_widget_class_set_accessible_type(GTK_WIDGET_CLASS(klass), PETAL_TYPE_WINDOW_ACCESSIBLE);
}

static void petal_window_init(PetalWindow *self) { (void)self; }

// MARK: The functions Swift calls

GtkWidget *petal_accessible_window_new(GtkWindowType type) {
    return GTK_WIDGET(g_object_new(petal_window_get_type(), "type", type, NULL));
}

AtkObject *petal_accessible_window_ref_accessible(GtkWidget *window) {
    AtkObject *accessible = gtk_widget_get_accessible(window);
    g_return_val_if_fail(PETAL_IS_WINDOW_ACCESSIBLE(accessible), NULL);
    return g_object_ref(accessible);
}

/// `accessible` as the window accessible it must be; NULL (and a warning) for anything else.
static PetalWindowAccessible *petal_window_accessible_of(AtkObject *accessible) {
    g_return_val_if_fail(PETAL_IS_WINDOW_ACCESSIBLE(accessible), NULL);
    return PETAL_WINDOW_ACCESSIBLE(accessible);
}

void petal_accessible_window_set_handler(AtkObject *accessible, PetalAccessibleActionHandler handler,
                                         gpointer data) {
    PetalWindowAccessible *owner = petal_window_accessible_of(accessible);
    if (owner == NULL) return;
    owner->handler = handler;
    owner->handler_data = data;
}

void petal_accessible_window_truncate(AtkObject *accessible, guint count) {
    PetalWindowAccessible *owner = petal_window_accessible_of(accessible);
    if (owner == NULL) return;
    gint gtk_children = petal_window_accessible_gtk_children(ATK_OBJECT(owner));
    while (owner->children->len > count) {
        guint last = owner->children->len - 1;
        AtkObject *child = g_object_ref(ATK_OBJECT(g_ptr_array_index(owner->children, last)));
        g_ptr_array_remove_index(owner->children, last);
        g_signal_emit_by_name(owner, "children-changed::remove", gtk_children + (gint)last, child);
        atk_object_notify_state_change(child, ATK_STATE_DEFUNCT, TRUE);
        atk_object_set_parent(child, NULL);
        g_object_unref(child);
    }
}

void petal_accessible_window_set_child(AtkObject *accessible, guint index, const char *name,
                                       const PetalAccessibleChildState *state) {
    PetalWindowAccessible *owner = petal_window_accessible_of(accessible);
    if (owner == NULL) return;
    g_return_if_fail(index <= owner->children->len);
    gboolean added = index == owner->children->len;
    PetalChildAccessible *child;
    if (added) {
        child = g_object_new(PETAL_TYPE_CHILD_ACCESSIBLE, NULL);
        atk_object_initialize(ATK_OBJECT(child), NULL);
        child->state = *state;
        atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(owner));
        atk_object_set_role(ATK_OBJECT(child), state->check_box ? ATK_ROLE_CHECK_BOX : ATK_ROLE_PUSH_BUTTON);
        atk_object_set_name(ATK_OBJECT(child), name);
        g_ptr_array_add(owner->children, child);
        gint gtk_children = petal_window_accessible_gtk_children(ATK_OBJECT(owner));
        g_signal_emit_by_name(owner, "children-changed::add", gtk_children + (gint)index, child);
        if (state->focused) atk_object_notify_state_change(ATK_OBJECT(child), ATK_STATE_FOCUSED, TRUE);
        return;
    }
    child = PETAL_CHILD_ACCESSIBLE(g_ptr_array_index(owner->children, index));
    PetalAccessibleChildState old = child->state;
    child->state = *state;
    AtkObject *object = ATK_OBJECT(child);
    if (g_strcmp0(atk_object_get_name(object), name) != 0) atk_object_set_name(object, name);
    if (old.check_box != state->check_box) {
        atk_object_set_role(object, state->check_box ? ATK_ROLE_CHECK_BOX : ATK_ROLE_PUSH_BUTTON);
        atk_object_notify_state_change(object, ATK_STATE_CHECKABLE, state->check_box);
    }
    if (!old.checked != !state->checked) atk_object_notify_state_change(object, ATK_STATE_CHECKED, state->checked);
    if (!old.enabled != !state->enabled) {
        atk_object_notify_state_change(object, ATK_STATE_ENABLED, state->enabled);
        atk_object_notify_state_change(object, ATK_STATE_SENSITIVE, state->enabled);
    }
    if (!old.focused != !state->focused) atk_object_notify_state_change(object, ATK_STATE_FOCUSED, state->focused);
}

void petal_accessible_window_set_child_role(AtkObject *accessible, guint index, AtkRole role) {
    PetalWindowAccessible *owner = petal_window_accessible_of(accessible);
    if (owner == NULL) return;
    g_return_if_fail(index < owner->children->len);
    AtkObject *child = ATK_OBJECT(g_ptr_array_index(owner->children, index));
    if (atk_object_get_role(child) != role) atk_object_set_role(child, role);
}

void petal_accessible_window_set_text_child(AtkObject *accessible, guint index, const char *name, const char *text,
                                            const PetalAccessibleChildState *state) {
    PetalWindowAccessible *owner = petal_window_accessible_of(accessible);
    if (owner == NULL) return;
    g_return_if_fail(index <= owner->children->len);
    if (index < owner->children->len && !PETAL_IS_TEXT_ACCESSIBLE(g_ptr_array_index(owner->children, index))) {
        petal_accessible_window_truncate(accessible, index);
    }
    if (index == owner->children->len) {
        PetalTextAccessible *child = g_object_new(PETAL_TYPE_TEXT_ACCESSIBLE, NULL);
        atk_object_initialize(ATK_OBJECT(child), NULL);
        PETAL_CHILD_ACCESSIBLE(child)->state = *state;
        atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(owner));
        atk_object_set_role(ATK_OBJECT(child), ATK_ROLE_ENTRY);
        atk_object_set_name(ATK_OBJECT(child), name);
        g_free(child->text);
        child->text = g_strdup(text);
        g_ptr_array_add(owner->children, child);
        gint gtk_children = petal_window_accessible_gtk_children(ATK_OBJECT(owner));
        g_signal_emit_by_name(owner, "children-changed::add", gtk_children + (gint)index, child);
        return;
    }
    PetalTextAccessible *child = PETAL_TEXT_ACCESSIBLE(g_ptr_array_index(owner->children, index));
    petal_accessible_window_set_child(accessible, index, name, state);
    if (atk_object_get_role(ATK_OBJECT(child)) != ATK_ROLE_ENTRY) atk_object_set_role(ATK_OBJECT(child), ATK_ROLE_ENTRY);
    if (g_strcmp0(child->text, text) == 0) return;
    gint old_count = (gint)g_utf8_strlen(child->text, -1);
    g_free(child->text);
    child->text = g_strdup(text);
    gint new_count = (gint)g_utf8_strlen(text, -1);
    g_signal_emit_by_name(child, "text-changed::delete", 0, old_count);
    g_signal_emit_by_name(child, "text-changed::insert", 0, new_count);
    g_signal_emit_by_name(child, "text-caret-moved", new_count);
}
