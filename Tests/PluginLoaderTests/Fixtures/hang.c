/*
 * A plugin whose action never completes by itself: hang.wait keeps its
 * completion until the daemon cancels the invocation (its timeout passed),
 * then logs the cancel and completes late, which the daemon must ignore.
 */
#include <petal_plugin.h>

#include <pthread.h>
#include <stdio.h>

static const petal_action actions[] = {{"hang.wait", "Wait forever", NULL}};

static const petal_host *host;

/* The invocations waiting for their cancel. */
static struct waiting {
    uint64_t id;
    petal_complete_fn complete;
    void *context;
} waiting[64];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int init(const petal_host *given, void **state, const char **error) {
    (void)state, (void)error;
    host = given;
    return 0;
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)action, (void)params;
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < sizeof waiting / sizeof waiting[0]; i++) {
        if (waiting[i].complete) continue;
        waiting[i] = (struct waiting){id, complete, context};
        break;
    }
    pthread_mutex_unlock(&lock);
}

static void cancel(void *state, uint64_t id) {
    (void)state;
    struct waiting found = {0, NULL, NULL};
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < sizeof waiting / sizeof waiting[0]; i++) {
        if (waiting[i].complete && waiting[i].id == id) {
            found = waiting[i];
            waiting[i] = (struct waiting){0, NULL, NULL};
        }
    }
    pthread_mutex_unlock(&lock);
    char line[80];
    snprintf(line, sizeof line, "cancel of invocation %llu", (unsigned long long)id);
    host->log(host->context, PETAL_LOG_NOTICE, line);
    if (found.complete) found.complete(found.context, "{\"late\":true}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "hang",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .init = init,
    .invoke = invoke,
    .cancel = cancel,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
