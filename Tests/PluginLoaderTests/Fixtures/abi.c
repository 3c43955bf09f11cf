/*
 * A plugin whose table claims another ABI: TABLE_MAJOR, TABLE_MINOR and
 * TABLE_SIZE default to this header's values and are overridden with -D to
 * play a plugin built for another major, a newer minor, or a table smaller
 * than ABI 1.0's.
 */
#include <petal_plugin.h>

#ifndef TABLE_MAJOR
#define TABLE_MAJOR PETAL_PLUGIN_ABI_MAJOR
#endif
#ifndef TABLE_MINOR
#define TABLE_MINOR PETAL_PLUGIN_ABI_MINOR
#endif
#ifndef TABLE_SIZE
#define TABLE_SIZE sizeof(petal_plugin)
#endif

static const petal_action actions[] = {{"abi.ping", "Ping", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = TABLE_SIZE,
    .abi_major = TABLE_MAJOR,
    .abi_minor = TABLE_MINOR,
    .name = "abi",
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }
