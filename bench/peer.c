/*
 * peer.c — the floor: a minimal single-threaded libdbus server that serves
 * exactly what the benchmark calls of Petal, under its own well-known name.
 *
 *   Toggle() -> s               flips collapsed <-> expanded at once (no
 *                               animation, so no expanding/collapsing states)
 *                               and emits StateChanged(new, old) and
 *                               PropertiesChanged(State) before replying, as
 *                               petald does for each change. With
 *                               --spec-states it passes through expanding or
 *                               collapsing as docs/dbus-api.md#the-state-machine asks of petald: two
 *                               changes, four signals, the reply after the
 *                               first two, as petald with 0 s animations.
 *   Trigger(s, a{sv}) -> a{sv}  a no-op action: replies with an empty dict.
 *
 * on /org/petal/Petal1, interface org.petal.Petal1.Menu. It does what a
 * careful C programmer would do and nothing more: no introspection, no
 * access check, one blocking read-dispatch loop.
 *
 * Usage: bench-peer [--spec-states] [NAME]    (default org.petal.Bench.C); SIGTERM ends it
 * (the default action: it holds nothing that needs cleaning up).
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH "/org/petal/Petal1"
#define IFACE "org.petal.Petal1.Menu"

static void oom(void) {
    fputs("bench-peer: out of memory\n", stderr);
    exit(1);
}

static void emit_state(DBusConnection *bus, const char *state, const char *previous) {
    DBusMessage *changed = dbus_message_new_signal(PATH, IFACE, "StateChanged");
    if (!changed || !dbus_message_append_args(changed, DBUS_TYPE_STRING, &state, DBUS_TYPE_STRING, &previous,
                                              DBUS_TYPE_INVALID)) oom();
    dbus_connection_send(bus, changed, NULL);
    dbus_message_unref(changed);

    /* PropertiesChanged("org.petal.Petal1.Menu", {"State": <state>}, []) */
    DBusMessage *props = dbus_message_new_signal(PATH, DBUS_INTERFACE_PROPERTIES, "PropertiesChanged");
    if (!props) oom();
    DBusMessageIter it, dict, entry, variant, invalidated;
    const char *iface = IFACE, *key = "State";
    dbus_message_iter_init_append(props, &it);
    if (!dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &iface)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
        || !dbus_message_iter_open_container(&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
        || !dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key)
        || !dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant)
        || !dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &state)
        || !dbus_message_iter_close_container(&entry, &variant)
        || !dbus_message_iter_close_container(&dict, &entry)
        || !dbus_message_iter_close_container(&it, &dict)
        || !dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &invalidated)
        || !dbus_message_iter_close_container(&it, &invalidated)) oom();
    dbus_connection_send(bus, props, NULL);
    dbus_message_unref(props);
}

/* With --spec-states, Toggle passes through expanding/collapsing as petald
 * must (docs/dbus-api.md#the-state-machine: a 0 s animation still emits the intermediate state). */
static int spec_states;

static DBusHandlerResult handle(DBusConnection *bus, DBusMessage *call, void *data) {
    (void)data;
    static int expanded;
    DBusMessage *reply = NULL;
    if (dbus_message_is_method_call(call, IFACE, "Toggle") && dbus_message_has_signature(call, "")) {
        /* As petald and dbus-python do: the change is announced before the reply. */
        const char *previous = expanded ? "expanded" : "collapsed";
        const char *passing = expanded ? "collapsing" : "expanding";
        expanded = !expanded;
        const char *state = expanded ? "expanded" : "collapsed";
        const char *answer = spec_states ? passing : state;
        emit_state(bus, answer, previous);
        reply = dbus_message_new_method_return(call);
        if (!reply || !dbus_message_append_args(reply, DBUS_TYPE_STRING, &answer, DBUS_TYPE_INVALID)) oom();
        dbus_connection_send(bus, reply, NULL);
        if (spec_states) emit_state(bus, state, passing);
    } else if (dbus_message_is_method_call(call, IFACE, "Trigger") && dbus_message_has_signature(call, "sa{sv}")) {
        DBusMessageIter it, dict;
        reply = dbus_message_new_method_return(call);
        if (!reply) oom();
        dbus_message_iter_init_append(reply, &it);
        if (!dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &dict)
            || !dbus_message_iter_close_container(&it, &dict)) oom();
        dbus_connection_send(bus, reply, NULL);
    } else if (dbus_message_get_type(call) == DBUS_MESSAGE_TYPE_METHOD_CALL) {
        reply = dbus_message_new_error(call, DBUS_ERROR_UNKNOWN_METHOD, "bench-peer serves only Toggle() and Trigger(sa{sv})");
        if (!reply) oom();
        dbus_connection_send(bus, reply, NULL);
    } else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
    dbus_message_unref(reply);
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    const char *name = "org.petal.Bench.C";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--spec-states") == 0) spec_states = 1;
        else name = argv[i];
    }
    DBusError error;
    dbus_error_init(&error);

    DBusConnection *bus = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!bus) {
        fprintf(stderr, "bench-peer: cannot connect to the session bus: %s\n", error.message);
        return 1;
    }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    static const DBusObjectPathVTable vtable = { .message_function = handle };
    if (!dbus_connection_register_object_path(bus, PATH, &vtable, NULL)) oom();
    int owned = dbus_bus_request_name(bus, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    if (owned != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "bench-peer: cannot own %s: %s\n", name, dbus_error_is_set(&error) ? error.message : "taken");
        return 3;
    }
    while (dbus_connection_read_write_dispatch(bus, -1)) {}
    fputs("bench-peer: lost the bus connection\n", stderr);
    return 1;
}
