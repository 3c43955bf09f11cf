/*
 * A plugin that breaks "exactly once": twice.go completes with {"n":1},
 * at once again with {"n":2}, and a third time, with an error, from another
 * thread 200 ms after invoke returned. Only the first may count.
 */
#include <petal_plugin.h>

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

static const petal_action actions[] = {{"twice.go", "Complete twice", NULL}};

typedef struct late {
    petal_complete_fn complete;
    void *context;
} late;

static void *complete_late(void *argument) {
    late *call = argument;
    usleep(200 * 1000);
    call->complete(call->context, NULL, "ActionFailed", "the third completion");
    free(call);
    return NULL;
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{\"n\":1}", NULL, NULL);
    complete(context, "{\"n\":2}", NULL, NULL);
    late *call = malloc(sizeof *call);
    if (!call) return;
    call->complete = complete;
    call->context = context;
    pthread_t thread;
    if (pthread_create(&thread, NULL, complete_late, call) == 0) pthread_detach(thread);
    else free(call);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "twice",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
