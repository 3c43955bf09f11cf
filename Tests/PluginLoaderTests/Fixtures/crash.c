/* A plugin whose action crashes the process: a write through a null pointer inside invoke. */
#include <petal_plugin.h>

static const petal_action actions[] = {{"crash.boom", "Crash", NULL}};

/* volatile, so that the compiler keeps the write instead of reasoning it away. */
static int *volatile nowhere = NULL;

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params, (void)complete, (void)context;
    *nowhere = 42;
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "crash",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
