/*
 * A plugin that crashes on a thread of its own: thread_crash.boom starts a
 * thread, returns from invoke at once, and the thread then writes through a
 * null pointer. No call into the plugin is in progress when petald dies, so
 * only the faulting instruction's address can say whose code it was.
 */
#include <petal_plugin.h>

#include <pthread.h>
#include <unistd.h>

static const petal_action actions[] = {{"thread_crash.boom", "Crash later, elsewhere", NULL}};

/* volatile, so that the compiler keeps the write instead of reasoning it away. */
static int *volatile nowhere = NULL;

static void *crash_soon(void *unused) {
    (void)unused;
    usleep(100 * 1000);
    *nowhere = 42;
    return NULL;
}

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params, (void)complete, (void)context;
    pthread_t thread;
    if (pthread_create(&thread, NULL, crash_soon, NULL) == 0) pthread_detach(thread);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "thread_crash",
    .version = "2.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
