/*
 * A well-behaved plugin: NAME (default "good") with one action, ACTION
 * (default NAME ".ping"), that completes at once with
 * {"pong":true,"plugin":NAME}. Compiled with other -DNAME/-DACTION values it
 * plays a second plugin, or one whose name or action id repeats another's;
 * with -DNOTE_NAME='"x"' it also describes itself as x in its ELF note.
 */
#include <petal_plugin.h>

#ifndef NAME
#define NAME "good"
#endif
#ifndef ACTION
#define ACTION NAME ".ping"
#endif

static const petal_action actions[] = {{ACTION, "Ping", NULL}};

static void invoke(void *state, uint64_t id, const char *action, const char *params,
                   petal_complete_fn complete, void *context) {
    (void)state, (void)id, (void)action, (void)params;
    complete(context, "{\"pong\":true,\"plugin\":\"" NAME "\"}", NULL, NULL);
}

static const petal_plugin plugin = {
    .struct_size = sizeof(petal_plugin),
    .abi_major = PETAL_PLUGIN_ABI_MAJOR,
    .abi_minor = PETAL_PLUGIN_ABI_MINOR,
    .name = NAME,
    .version = "1.0.0",
    .actions = actions,
    .action_count = 1,
    .invoke = invoke,
};

const petal_plugin *petal_plugin_entry_v1(void) { return &plugin; }

#ifdef NOTE_NAME
PETAL_PLUGIN_DESCRIBE(NOTE_NAME, "1.0.0");
#endif
