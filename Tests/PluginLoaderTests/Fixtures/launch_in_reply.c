/*
 * A plugin that launches a program from inside a call_method reply: on the
 * daemon's bus thread, where launch must not wait for a D-Bus reply of its
 * own. Its one action, "reply.launch", calls org.freedesktop.DBus.GetId and,
 * in the reply, launches PROGRAM with the argument "from-reply", completing
 * with what launch wrote ({"pid": N} or {"unit": "..."}) or its error.
 */
#include <petal_plugin.h>
#include <stdlib.h>

#ifndef PROGRAM
#define PROGRAM "/bin/true"
#endif

static const petal_action actions[] = {{"reply.launch", "Launch from a reply", NULL}};
static const petal_host *host;

struct pending {
    petal_complete_fn complete;
    void *context;
};

static int init(const petal_host *given, void **state, const char **error) {
    (void)error;
    host = given;
    *state = NULL;
    return 0;
}

static void on_reply(void *data, const char *reply, const char *error_name, const char *message) {
    struct pending *pending = data;
    (void)reply;
    if (error_name) {
        pending->complete(pending->context, NULL, "ActionFailed", message);
    } else {
        const char *argv[] = {PROGRAM, "from-reply", NULL};
        char out[1024];
        if (host->launch(host->context, argv, NULL, out, sizeof out) == 0)
            pending->complete(pending->context, out, NULL, NULL);
        else
            pending->complete(pending->context, NULL, "ActionFailed", out);
    }
    free(pending);
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    struct pending *pending = malloc(sizeof *pending);
    if (!pending) {
        complete(context, NULL, "ActionFailed", "out of memory");
        return;
    }
    pending->complete = complete;
    pending->context = context;
    host->call_method(host->context, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                      "GetId", "", "[]", 0, on_reply, pending);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "reply",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
