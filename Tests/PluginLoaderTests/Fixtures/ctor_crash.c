/*
 * A library that crashes while it is being loaded: its ELF constructor
 * writes through a null pointer, before petald ever calls its entry point.
 */
#include <petal_plugin.h>

static int *volatile nowhere = NULL;

__attribute__((constructor)) static void crash_on_load(void) { *nowhere = 42; }

static const petal_action actions[] = {{"ctor.ping", "Ping", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = "ctor",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
