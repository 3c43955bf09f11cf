/*
 * A plugin that writes every call the daemon makes into it, in order, to
 * $XDG_STATE_HOME/order.log: "invoke N" on entry, "invoked N" on return
 * (invoke deliberately takes 3 s, longer than the daemon's stop grace),
 * "cancel N" and "deinit". A call after deinit also writes "AFTER-DEINIT".
 * order.wait completes only when cancelled.
 */
#include <petal_plugin.h>

#include <fcntl.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const petal_action actions[] = {{"order.wait", "Wait to be cancelled", NULL}};
static atomic_bool finished;
static int out = -1;

static void note(const char *what, uint64_t id) {
    char line[96];
    if (atomic_load(&finished)) {
        int n = snprintf(line, sizeof line, "AFTER-DEINIT %s %llu\n", what, (unsigned long long)id);
        if (write(out, line, (size_t)n) < 0) abort();
    }
    int n = id ? snprintf(line, sizeof line, "%s %llu\n", what, (unsigned long long)id)
               : snprintf(line, sizeof line, "%s\n", what);
    if (write(out, line, (size_t)n) < 0) abort();
}

static int init(const petal_host *host, void **state, const char **error) {
    (void)host, (void)state;
    char path[4096];
    const char *folder = getenv("XDG_STATE_HOME");
    snprintf(path, sizeof path, "%s/order.log", folder ? folder : "/tmp");
    out = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (out < 0) { *error = "cannot open order.log"; return 1; }
    return 0;
}

/* The completions, kept until the cancel. */
static struct { uint64_t id; petal_complete_fn complete; void *context; } kept[16];

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)action, (void)params;
    note("invoke", id);
    kept[id % 16].id = id;
    kept[id % 16].complete = complete;
    kept[id % 16].context = context;
    usleep(3000 * 1000);
    note("invoked", id);
}

static void cancel(void *state, uint64_t id) {
    (void)state;
    note("cancel", id);
    if (kept[id % 16].id == id && kept[id % 16].complete) kept[id % 16].complete(kept[id % 16].context, NULL, NULL, NULL);
}

static void finish(void *state) {
    (void)state;
    note("deinit", 0);
    atomic_store(&finished, true);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "order",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
    .cancel = cancel,
    .deinit = finish,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
